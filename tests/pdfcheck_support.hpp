// Helpers shared by the pdfcheck tests: temporary folders, Cairo-made and hand-written PDFs.
#pragma once

#include <cairo-pdf.h>
#include <cairo.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pdfcheck/pdfcheck.hpp"

namespace pdfcheck_test {

inline constexpr double kW = 432, kH = 648;  // 6 x 9 in

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("gridpress-pdfcheck-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

// A Cairo PDF of `pages` pages, w x h pt (6 x 9 in unless given); draw(cr, surface, page) paints each page.
inline void cairo_pdf(const std::string& path, int pages,
                      const std::function<void(cairo_t*, cairo_surface_t*, int)>& draw = {}, double w = kW,
                      double h = kH) {
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(cairo_pdf_surface_create(path.c_str(), w, h));
  REQUIRE(cairo_surface_status(surface.get()) == CAIRO_STATUS_SUCCESS);
  {
    std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface.get()));
    for (int p = 1; p <= pages; ++p) {
      cairo_save(cr.get());  // Cairo keeps the CTM across pages: each page starts afresh
      if (draw) draw(cr.get(), surface.get(), p);
      cairo_restore(cr.get());
      cairo_show_page(cr.get());
    }
    REQUIRE(cairo_status(cr.get()) == CAIRO_STATUS_SUCCESS);
  }
  cairo_surface_finish(surface.get());
  REQUIRE(cairo_surface_status(surface.get()) == CAIRO_STATUS_SUCCESS);
}

inline void text(cairo_t* cr, double x, double y, double size, const char* s = "Sudoku 12") {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, s);
}

inline void line(cairo_t* cr, double width, double x0 = 100, double y0 = 100, double x1 = 200, double y1 = 100) {
  cairo_set_line_width(cr, width);
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

// A PDF written by hand: objects 1..n in order, with a correct xref table. Object 1 is the
// catalog. Streams are given as "<<dict>>" + content: the /Length is filled in.
inline std::string pdf_bytes(const std::vector<std::string>& objects) {
  std::string out = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(out.size());
    out += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = out.size();
  out += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t off : offsets) {
    char line_buf[32];
    std::snprintf(line_buf, sizeof line_buf, "%010zu 00000 n \n", off);
    out += line_buf;
  }
  out += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return out;
}

inline std::string stream(const std::string& dict_entries, const std::string& content) {
  return "<< " + dict_entries + " /Length " + std::to_string(content.size()) + " >>\nstream\n" + content +
         "\nendstream";
}

inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  REQUIRE(out.good());
}

// A one-page hand-written PDF, 6 x 9 in, whose page draws `content` with resources `resources`
// (dictionary entries); `extra` objects follow as objects 5, 6, ...
inline std::string one_page_pdf(const std::string& content, const std::string& resources,
                         const std::vector<std::string>& extra = {},
                         const std::string& page_extra = "", const std::string& media = "[0 0 432 648]") {
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox " + media + " /Resources << " + resources +
          " >> /Contents 4 0 R " + page_extra + ">>",
      stream("", content),
  };
  objects.insert(objects.end(), extra.begin(), extra.end());
  return pdf_bytes(objects);
}

// Rules that check only what a test names: no page-count rules.
inline gp::pdfcheck::Rules only_content() {
  gp::pdfcheck::Rules r;
  r.min_pages = 0;
  r.max_pages = 0;
  r.even_pages = false;
  r.max_blank_run = 0;
  return r;
}

inline std::vector<std::string> messages(const gp::pdfcheck::Report& report, const std::string& rule = "") {
  std::vector<std::string> out;
  for (const auto& f : report.findings)
    if (rule.empty() || f.rule == rule) out.push_back(f.message);
  return out;
}

inline gp::pdfcheck::Report checked(const std::string& path, const gp::pdfcheck::Rules& rules) {
  auto r = gp::pdfcheck::check_pdf(path, rules);
  INFO((r ? std::string() : r.error().to_string()));
  REQUIRE(r.ok());
  return *r;
}

using Strings = std::vector<std::string>;

}  // namespace pdfcheck_test
