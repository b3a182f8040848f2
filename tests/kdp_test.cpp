// Print-on-demand paperbacks end to end: the real binary on tests/data/books/kdp_*.yaml,
// checked with pdfinfo, pdftotext and pdfcheck; the gutter from the final page count, padding to an
// even count with a Notes page, bleed and cover geometry, spine text, the strict exit code, the
// quarter-turned spine text as drawn by the Cairo canvas.
#include <cairo.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "book/kdp.hpp"
#include "cli_support.hpp"
#include "layout/cover.hpp"
#include "layout/layout.hpp"
#include "layout/print_rules.hpp"
#include "pdfcheck/pdfcheck.hpp"
#include "render/canvas.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

const std::string kBooks = std::string(GRIDPRESS_TEST_DATA) + "/books";
constexpr double kIn = 25.4;  // mm

using Run = test::Output;
using test::TempDir;
using test::slurp;

Run run(const std::string& command, const TempDir& dir) { return test::shell(command, dir); }

Run book_run(const std::string& spec, const std::string& pdf, const TempDir& dir) {
  return run(std::string("'") + GRIDPRESS_BINARY + "' book '" + kBooks + "/" + spec + "' -o '" + pdf + "' --jobs 2", dir);
}

void require_poppler() {
  for (const char* tool : {"pdfinfo", "pdftotext", "pdffonts"}) test::require_tool(tool);
}

std::string pdfinfo_field(const std::string& pdf, const std::string& key, const TempDir& dir) {
  const Run info = run("pdfinfo '" + pdf + "'", dir);
  const auto at = info.out.find(key);
  if (at == std::string::npos) return "";
  std::string v = info.out.substr(at + key.size(), info.out.find('\n', at) - at - key.size());
  v.erase(0, v.find_first_not_of(' '));
  return v;
}

// The plan `gridpress book` makes for a spec (same options as the command).
layout::BookPlan plan_for(const spec::BookSpec& spec) {
  std::vector<int> counts;
  for (const auto& s : spec.sections) counts.push_back(s.count);
  render::PangoTextMeasure measure;
  auto plan = layout::plan_book(spec, counts, measure, layout::options_for(spec));
  REQUIRE(plan.ok());
  return *plan;
}

spec::BookSpec load(const std::string& name) {
  auto spec = spec::load_book_spec(kBooks + "/" + name);
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  return *spec;
}

}  // namespace

TEST_CASE("kdp: a book over 150 pages gets the 0.5 in gutter, padded to an even count with a Notes page") {
  TempDir dir;
  const std::string pdf = dir / "long.pdf";
  const Run r = test::book_ok(kBooks + "/kdp_long.yaml", pdf, dir, "--jobs 2");
  CHECK(r.out.empty());
  CHECK(r.err.find(": 152 pages, 149 puzzles in ") != std::string::npos);
  CHECK(r.err.find("; preflight passed") != std::string::npos);

  // The plan: 151 pages of content, a Notes page makes 152, and the gutter is chosen from 152.
  const spec::BookSpec spec = load("kdp_long.yaml");
  const layout::BookPlan plan = plan_for(spec);
  REQUIRE(plan.book_pages == 152);
  CHECK(layout::page_kind_name(plan.pages.back().kind) == std::string("notes"));
  CHECK(layout::page_kind_name(plan.pages[150].kind) == std::string("puzzles"));
  CHECK(plan.book_geometry.margins().inside == Approx(0.5 * kIn));
  CHECK(plan.book_geometry.margins().outside == Approx(0.5 * kIn));

  // The file: as many pages as planned; the last one is the Notes page; the ink keeps the 0.5 in
  // gutter that 152 pages need (pdfcheck measures it from the content streams).
  auto report = pdfcheck::check_pdf(pdf, pdfcheck::Rules{});
  REQUIRE(report.ok());
  CHECK(report->pages == plan.book_pages);
  pdfcheck::Rules gutter;
  gutter.live_margin_pt = 0.25 * 72;
  gutter.inside_margin_pt = [](int pages) { return layout::kdp_gutter_mm(pages) / kIn * 72; };
  auto margins = pdfcheck::check_pdf(pdf, gutter);
  REQUIRE(margins.ok());
  for (const auto& f : margins->findings) FAIL_CHECK(f.message);
  require_poppler();
  const Run last = run("pdftotext -f 152 -l 152 '" + pdf + "' -", dir);
  CHECK(last.out.rfind("Notes", 0) == 0);
}

TEST_CASE("kdp: the gutter table by page count") {
  CHECK(layout::kdp_gutter_mm(24) == Approx(0.375 * kIn));
  CHECK(layout::kdp_gutter_mm(150) == Approx(0.375 * kIn));
  CHECK(layout::kdp_gutter_mm(151) == Approx(0.5 * kIn));
  CHECK(layout::kdp_gutter_mm(300) == Approx(0.5 * kIn));
  CHECK(layout::kdp_gutter_mm(301) == Approx(0.625 * kIn));
  CHECK(layout::kdp_gutter_mm(501) == Approx(0.75 * kIn));
  CHECK(layout::kdp_gutter_mm(701) == Approx(0.875 * kIn));
  CHECK(layout::kdp_gutter_mm(828) == Approx(0.875 * kIn));
}

TEST_CASE("kdp: bleed pages are trim + 0.125 in wide and + 0.25 in tall; the cover wraps both trims and the spine") {
  TempDir dir;
  const std::string pdf = dir / "bleed.pdf";
  const Run r = test::book_ok(kBooks + "/kdp_bleed.yaml", pdf, dir, "--jobs 2");
  const std::string cover = dir / "bleed-cover.pdf";
  CHECK(r.err.find("; cover: " + cover) != std::string::npos);
  REQUIRE(fs::exists(cover));

  const spec::BookSpec spec = load("kdp_bleed.yaml");
  const layout::BookPlan plan = plan_for(spec);
  // With bleed KDP asks for 0.375 in outside, top and bottom; the spec's 0.5 in already is more.
  CHECK(plan.book_geometry.bleed() == Approx(0.125 * kIn));
  CHECK(plan.book_geometry.margins().top >= 0.375 * kIn);

  auto report = pdfcheck::check_pdf(pdf, pdfcheck::Rules{});
  REQUIRE(report.ok());
  CHECK(report->pages == plan.book_pages);
  CHECK(report->width_pt == Approx(441.0));   // (6 + 0.125) in
  CHECK(report->height_pt == Approx(666.0));  // (9 + 0.25) in
  CHECK(report->findings.empty());            // no bookmarks, links, thin lines, small text...

  // Cream paper: 0.0025 in a page.
  auto cover_report = pdfcheck::check_pdf(cover, pdfcheck::Rules{});
  REQUIRE(cover_report.ok());
  CHECK(cover_report->pages == 1);
  CHECK(cover_report->width_pt == Approx((2 * 6 + plan.book_pages * 0.0025 + 2 * 0.125) * 72).epsilon(1e-6));
  CHECK(cover_report->height_pt == Approx((9 + 2 * 0.125) * 72));
  // Every page declares its trim (bleed on the outside edge, top and bottom) and its bleed box,
  // and the KDP rules for a bleed book check them.
  auto kdp_report = pdfcheck::check_pdf(pdf, book::kdp_pdf_rules(std::pair{432.0, 648.0}, true, layout::Paper::cream));
  REQUIRE(kdp_report.ok());
  CHECK(kdp_report->findings.empty());
  require_poppler();
  CHECK(pdfinfo_field(pdf, "Page size:", dir) == "441 x 666 pts");
  const Run boxes = run("pdfinfo -box -f 1 -l 2 '" + pdf + "'", dir);
  INFO(boxes.out);
  CHECK(boxes.out.find("Page    1 TrimBox:       0.00     9.00   432.00   657.00") != std::string::npos);
  CHECK(boxes.out.find("Page    1 BleedBox:      0.00     0.00   441.00   666.00") != std::string::npos);
  CHECK(boxes.out.find("Page    2 TrimBox:       9.00     9.00   441.00   657.00") != std::string::npos);
  CHECK(boxes.out.find("Page    2 BleedBox:      0.00     0.00   441.00   666.00") != std::string::npos);
  CHECK(pdfinfo_field(cover, "Pages:", dir) == "1");
  const Run fonts = run("pdffonts '" + cover + "'", dir);
  CHECK(fonts.out.find(" no ") == std::string::npos);  // every font embedded
}

TEST_CASE("kdp: cover geometry by page count and paper") {
  spec::PageSpec page;
  page.width = 6 * kIn;
  page.height = 9 * kIn;
  const layout::CoverGeometry white = layout::cover_geometry(page, 300, layout::Paper::white);
  CHECK(white.spine == Approx(300 * 0.002252 * kIn));
  CHECK(white.width == Approx((12 + 300 * 0.002252 + 0.25) * kIn));
  CHECK(white.height == Approx(9.25 * kIn));
  CHECK(white.front.x == Approx(white.spine_box.right()));
  const layout::CoverGeometry cream = layout::cover_geometry(page, 300, layout::Paper::cream);
  CHECK(cream.spine == Approx(300 * 0.0025 * kIn));
  CHECK(cream.width == Approx((12 + 0.75 + 0.25) * kIn));
  // The barcode area on the back: 2 x 1.2 in, 0.25 in from the bottom and from the spine side.
  CHECK(white.barcode.w == Approx(2 * kIn));
  CHECK(white.back.right() - white.barcode.right() == Approx(0.25 * kIn));
}

TEST_CASE("kdp: spine text only above 79 pages and on a spine wide enough for it") {
  const spec::BookSpec spec = load("kdp_bleed.yaml");
  render::PangoTextMeasure measure;
  const layout::CoverOptions cover = layout::cover_options(spec);
  REQUIRE(cover.paper == layout::Paper::cream);
  auto turned = [&](int pages) {
    auto page = layout::lay_out_cover(spec, pages, cover, measure);
    REQUIRE(page.ok());
    int n = 0;
    for (const auto& item : page->items) {
      const auto* t = std::get_if<layout::TextItem>(&item);
      if (t != nullptr && t->quarter_turns == 1) {
        ++n;
        const layout::CoverGeometry g = layout::cover_geometry(spec.page, pages, cover.paper);
        CHECK(t->box.x >= g.spine_safe.x - 1e-9);
        CHECK(t->box.right() <= g.spine_safe.right() + 1e-9);
        CHECK(t->font.size_pt >= layout::kMinTextPt);
      }
    }
    return n;
  };
  CHECK_FALSE(layout::spine_text_allowed(79));
  CHECK(layout::spine_text_allowed(80));
  CHECK(turned(79) == 0);
  CHECK(turned(40) == 0);
  CHECK(turned(120) == 1);  // 0.3 in of spine on cream paper
  CHECK(turned(400) == 1);
}

TEST_CASE("kdp: preflight findings warn, and with print.strict fail the command with the book written") {
  TempDir dir;
  const Run warn = book_run("kdp_short.yaml", dir / "short.pdf", dir);
  CHECK(warn.code == 0);
  // The findings, then the summary line (also on stderr).
  CHECK(warn.err.rfind("warning: short.pdf does not meet the print rules (kdp):\n"
                       "  the book has 22 pages; the minimum is 24\n"
                       "wrote " + (dir / "short.pdf") + ": 22 pages, ",
                       0) == 0);
  CHECK(fs::exists(dir / "short.pdf"));

  const Run strict = book_run("kdp_short_strict.yaml", dir / "strict.pdf", dir);
  CHECK(strict.code == 1);
  CHECK(strict.err.rfind("error: strict.pdf does not meet the print rules (kdp):\n"
                         "  the book has 22 pages; the minimum is 24\n"
                         "the book was written to " + (dir / "strict.pdf") +
                             "; print.strict is true, so these problems fail the command\n"
                             "wrote " + (dir / "strict.pdf") + ": 22 pages, ",
                         0) == 0);
  CHECK(fs::exists(dir / "strict.pdf"));
}

TEST_CASE("kdp: preflight SPEC.yaml builds in a temporary folder and leaves the user's book alone") {
  TempDir dir;
  const std::string bin = std::string("'") + GRIDPRESS_BINARY + "'";
  const Run ok = run(bin + " preflight '" + kBooks + "/kdp_bleed.yaml'", dir);
  INFO(ok.err);
  CHECK(ok.code == 0);
  CHECK(ok.out == "preflight: passed (32 pages, 6x9 in)\n");
  CHECK_FALSE(fs::exists(kBooks + "/bleed.pdf"));  // output.path of the spec is never written

  const Run bad = run(bin + " preflight '" + kBooks + "/kdp_short_strict.yaml'", dir);
  CHECK(bad.code == 1);
  CHECK(bad.out == "the book has 22 pages; the minimum is 24\npreflight: 1 problem\n");
  const Run soft = run(bin + " preflight '" + kBooks + "/kdp_short.yaml'", dir);
  CHECK(soft.code == 0);
  CHECK(soft.out == "the book has 22 pages; the minimum is 24\npreflight: 1 problem\n");
  const Run json = run(bin + " preflight --format json '" + kBooks + "/kdp_short.yaml'", dir);
  CHECK(json.out.find("\"passed\": false") != std::string::npos);
  CHECK(json.out.find("\"pages\": 22") != std::string::npos);
}

TEST_CASE("kdp: quarter-turned text is drawn turned inside its box (Cairo canvas)") {
  TempDir dir;
  render::OutputOptions o;
  o.format = render::Format::png;
  o.path = dir / "turn.png";
  o.dpi = 72;  // 1 px = 1 pt
  auto canvas = render::open_canvas(o);
  REQUIRE(canvas.ok());
  layout::Page page;
  page.width = page.height = 100;
  page.trim = layout::Box{0, 0, 100, 100};
  // A tall, narrow box: the text reads top to bottom along its height.
  const layout::Box box{45, 10, 10, 80};
  layout::TextItem t = layout::text_item(box, "Sudoku Spine Title", layout::Font{"DejaVu Sans", 14, true, false},
                                         layout::HAlign::center, layout::VAlign::middle);
  t.quarter_turns = 1;
  page.items.push_back(t);
  REQUIRE(render::render_page(**canvas, page).ok());
  REQUIRE((*canvas)->finish().ok());

  cairo_surface_t* img = cairo_image_surface_create_from_png((dir / "turn-001.png").c_str());
  REQUIRE(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
  const int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
  const int stride = cairo_image_surface_get_stride(img);
  const unsigned char* data = cairo_image_surface_get_data(img);
  int x0 = w, x1 = -1, y0 = h, y1 = -1;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const unsigned char* px = data + y * stride + x * 4;
      if (px[0] < 128) {  // dark ink
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      }
    }
  cairo_surface_destroy(img);
  REQUIRE(x1 >= 0);
  const double pt = 72 / kIn;  // px per mm
  // Inside the box, centred on it, and much taller than wide (it reads down the spine).
  CHECK(x0 >= box.x * pt - 1);
  CHECK(x1 <= box.right() * pt + 1);
  CHECK(y0 >= box.y * pt - 1);
  CHECK(y1 <= box.bottom() * pt + 1);
  CHECK((y1 - y0) > 4 * (x1 - x0));
  CHECK((y0 + y1) / 2.0 == Approx((box.y + box.h / 2) * pt).margin(3));
}

TEST_CASE("kdp: the recording canvas keeps quarter turns") {
  render::RecordingCanvas rec;
  layout::Page page;
  page.width = page.height = 50;
  layout::TextItem t = layout::text_item(layout::Box{20, 5, 8, 40}, "Spine", layout::Font{}, layout::HAlign::center,
                                         layout::VAlign::middle);
  t.quarter_turns = 3;
  page.items.push_back(t);
  REQUIRE(render::render_page(rec, page).ok());
  REQUIRE(rec.pages().size() == 1);
  CHECK(std::get<layout::TextItem>(rec.pages()[0].items[0]).quarter_turns == 3);
}
