// The Cairo + PangoCairo canvases (PDF, SVG, PNG, EPS) and the recording canvas.
#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo-svg.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "pdfcheck/boxes.hpp"
#include "pdfcheck/gray.hpp"
#include "render/atomic_file.hpp"
#include "render/canvas.hpp"
#include "render/svg.hpp"
#include "render/text_engine.hpp"

namespace gp::render {

using layout::mm_to_pt;

// ---- shared helpers ----

Status render_page(Canvas& canvas, const layout::Page& page) {
  if (Status s = canvas.begin_page(page); !s) return s;
  for (const layout::Item& item : page.items) canvas.draw(item);
  return canvas.end_page();
}

Result<Format> parse_format(std::string_view name) {
  if (name == "pdf") return Format::pdf;
  if (name == "svg") return Format::svg;
  if (name == "png") return Format::png;
  if (name == "eps") return Format::eps;
  return Error("unknown format '" + std::string(name) + "' (expected pdf, svg, png or eps)");
}

std::string_view extension(Format f) {
  switch (f) {
    case Format::pdf: return "pdf";
    case Format::svg: return "svg";
    case Format::png: return "png";
    case Format::eps: return "eps";
  }
  return "pdf";
}

std::string default_page_path(const std::string& path, Format format, int index) {
  std::string stem = path;
  const auto slash = stem.rfind('/');
  const auto dot = stem.rfind('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) stem.resize(dot);
  char number[16];
  std::snprintf(number, sizeof number, "-%03d.", index + 1);
  return stem + number + std::string(extension(format));
}

// ---- recording canvas ----

Status RecordingCanvas::begin_page(const layout::Page& page) {
  if (finished_) return Error("begin_page after finish");
  if (in_page_) return Error("begin_page inside a page");
  if (!(page.width > 0 && page.height > 0)) return Error("page size must be positive");
  pages_.push_back({page.width, page.height, page.trim, page.folio, {}});
  in_page_ = true;
  return Ok{};
}

void RecordingCanvas::draw(const layout::Item& item) {
  if (in_page_) pages_.back().items.push_back(item);
}

Status RecordingCanvas::end_page() {
  if (!in_page_) return Error("end_page outside a page");
  in_page_ = false;
  return Ok{};
}

Status RecordingCanvas::finish() {
  if (in_page_) return Error("finish inside a page");
  finished_ = true;
  return Ok{};
}

namespace {

// Parses an ISO 8601 date or date-time, "YYYY-MM-DD[(T| )hh:mm[:ss]][Z|+hh:mm|-hh:mm]" (the forms
// the spec accepts; no zone = UTC), and returns it in UTC as {YYYY, MM, DD, hh, mm, ss}.
std::optional<std::array<int, 6>> parse_iso_date(const std::string& d) {
  auto num = [&](size_t pos, size_t n, int lo, int hi) -> std::optional<int> {
    if (pos + n > d.size()) return std::nullopt;
    int v = 0;
    for (size_t i = pos; i < pos + n; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(d[i]))) return std::nullopt;
      v = v * 10 + (d[i] - '0');
    }
    if (v < lo || v > hi) return std::nullopt;
    return v;
  };
  const auto y = num(0, 4, 1900, 9999), mo = num(5, 2, 1, 12), da = num(8, 2, 1, 31);
  if (d.size() < 10 || !y || !mo || !da || d[4] != '-' || d[7] != '-') return std::nullopt;
  int hh = 0, mi = 0, ss = 0, offset_s = 0;
  size_t i = 10;
  if (i < d.size()) {
    if (d[i] != 'T' && d[i] != ' ') return std::nullopt;
    const auto h = num(11, 2, 0, 23), m = num(14, 2, 0, 59);
    if (!h || !m || d.size() < 16 || d[13] != ':') return std::nullopt;
    hh = *h, mi = *m;
    i = 16;
    if (i < d.size() && d[i] == ':') {
      const auto sec = num(i + 1, 2, 0, 60);
      if (!sec) return std::nullopt;
      ss = *sec;
      i += 3;
    }
    if (i < d.size()) {
      if (d[i] == 'Z') {
        if (i + 1 != d.size()) return std::nullopt;
      } else if (d[i] == '+' || d[i] == '-') {
        const auto oh = num(i + 1, 2, 0, 14), om = num(i + 4, 2, 0, 59);
        if (!oh || !om || d.size() != i + 6 || d[i + 3] != ':') return std::nullopt;
        offset_s = (*oh * 60 + *om) * 60 * (d[i] == '+' ? 1 : -1);
      } else {
        return std::nullopt;
      }
    }
  }
  std::tm tm{};
  tm.tm_year = *y - 1900;
  tm.tm_mon = *mo - 1;
  tm.tm_mday = *da;
  tm.tm_hour = hh;
  tm.tm_min = mi;
  tm.tm_sec = ss;
  const std::time_t t = ::timegm(&tm) - offset_s;
  std::tm utc{};
  ::gmtime_r(&t, &utc);
  return std::array<int, 6>{utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec};
}

Status cairo_error(const std::string& what, cairo_status_t status) {
  return Error(what + ": " + cairo_status_to_string(status));
}

// Cairo 1.16 writes PDF dates without the "D:" prefix the PDF standard requires (fixed in later
// Cairo). We hand Cairo the date with a "+00:00" offset, which it writes as
// "(YYYYMMDDhhmmss+00'00)", and replace that, at the same length so the cross-reference offsets
// stay right, by "(D:YYYYMMDDhhmmssZ)" padded with spaces. Bytes stream through; only a short
// tail is held back so a date split across two writes is still found.
// With `hold`, the bytes are kept in memory (held()) instead, for a rewrite before writing.
class PdfDateFixer {
 public:
  PdfDateFixer(AtomicFile& file, const std::array<int, 6>& utc, bool hold) : file_(file), hold_(hold) {
    char cairo_form[96], fixed[96];
    std::snprintf(cairo_form, sizeof cairo_form, "(%04d%02d%02d%02d%02d%02d+00'00)", utc[0], utc[1], utc[2],
                  utc[3], utc[4], utc[5]);
    std::snprintf(fixed, sizeof fixed, "(D:%04d%02d%02d%02d%02d%02dZ)", utc[0], utc[1], utc[2], utc[3], utc[4],
                  utc[5]);
    from_ = cairo_form;
    to_ = fixed;
    to_.resize(from_.size(), ' ');
  }

  static std::string cairo_date(const std::array<int, 6>& utc) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d+00:00", utc[0], utc[1], utc[2], utc[3], utc[4],
                  utc[5]);
    return buf;
  }

  void write(const unsigned char* data, unsigned int length) {
    pending_.append(reinterpret_cast<const char*>(data), length);
    for (auto at = pending_.find(from_); at != std::string::npos; at = pending_.find(from_, at))
      pending_.replace(at, from_.size(), to_);
    const size_t keep = std::min(pending_.size(), from_.size() - 1);
    put(std::string_view(pending_).substr(0, pending_.size() - keep));
    pending_.erase(0, pending_.size() - keep);
  }
  void flush() {
    put(pending_);
    pending_.clear();
  }
  bool ok() const { return file_.ok(); }
  std::string& held() { return held_; }

 private:
  void put(std::string_view bytes) {
    if (hold_)
      held_.append(bytes);
    else
      file_.write(bytes.data(), bytes.size());
  }

  AtomicFile& file_;
  bool hold_;
  std::string from_, to_, pending_, held_;
};

cairo_status_t write_pdf(void* closure, const unsigned char* data, unsigned int length) {
  auto* fixer = static_cast<PdfDateFixer*>(closure);
  fixer->write(data, length);
  return fixer->ok() ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

cairo_status_t write_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320), over the chunk type and data.
std::uint32_t png_crc(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_be32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

// Cairo's PNG writer records no resolution. Inserts a pHYs chunk (pixels per metre, unit = metre)
// right after IHDR, which the PNG specification requires to come first; pHYs must precede IDAT.
// False when the bytes do not start with a PNG signature and an IHDR chunk.
bool insert_png_dpi(std::string& png, double dpi) {
  static constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
  constexpr size_t kIhdrEnd = 8 + 4 + 4 + 13 + 4;  // signature, length, "IHDR", data, CRC
  if (png.size() < kIhdrEnd || std::string_view(png).substr(0, 8) != kSignature ||
      png.compare(12, 4, "IHDR") != 0)
    return false;
  const auto ppm = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
  std::string body = "pHYs";
  put_be32(body, ppm);
  put_be32(body, ppm);
  body += '\x01';  // unit: the metre
  std::string chunk;
  put_be32(chunk, 9);
  chunk += body;
  put_be32(chunk, png_crc(body));
  png.insert(kIhdrEnd, chunk);
  return true;
}

// Replaces the rest of the DSC comment line starting with `key` by `value`; false if absent.
bool replace_dsc(std::string& ps, const std::string& key, const std::string& value) {
  const auto at = ps.find(key);
  if (at == std::string::npos) return false;
  const auto end = ps.find('\n', at);
  if (end == std::string::npos) return false;
  ps.replace(at + key.size(), end - at - key.size(), value);
  return true;
}

// A size in points rounded up to a whole point (a hair under a whole point counts as that point).
double whole_pt(double pt) { return std::ceil(pt - 1e-6); }

// Cairo's EPS output stamps "%%CreationDate:" with the wall clock and sets the bounding box to
// the ink drawn. We want reproducible files whose box is the page, as placed in a page layout
// program (a newspaper column is exactly the width asked for).
void fix_eps_header(std::string& ps, const std::string& date, double w_pt, double h_pt) {
  replace_dsc(ps, "%%CreationDate: ", "(" + date + ")");
  char box[64], hires[96];
  std::snprintf(box, sizeof box, "0 0 %d %d", static_cast<int>(whole_pt(w_pt)), static_cast<int>(whole_pt(h_pt)));
  std::snprintf(hires, sizeof hires, "0 0 %.3f %.3f", w_pt, h_pt);
  for (const char* key : {"%%BoundingBox: ", "%%PageBoundingBox: "}) {
    for (auto at = ps.find(key); at != std::string::npos; at = ps.find(key, at + 1)) {
      const auto end = ps.find('\n', at);
      if (end == std::string::npos) break;
      const size_t from = at + std::strlen(key);
      ps.replace(from, end - from, box);
    }
  }
  if (ps.find("%%HiResBoundingBox: ") == std::string::npos) {
    const auto at = ps.find("%%BoundingBox: ");
    if (at != std::string::npos) {
      const auto end = ps.find('\n', at);
      if (end != std::string::npos) ps.insert(end + 1, std::string("%%HiResBoundingBox: ") + hires + "\n");
    }
  } else {
    replace_dsc(ps, "%%HiResBoundingBox: ", hires);
  }
}

struct CairoPatternDestroy {
  void operator()(cairo_pattern_t* p) const { cairo_pattern_destroy(p); }
};
using PatternPtr = std::unique_ptr<cairo_pattern_t, CairoPatternDestroy>;

class CairoCanvas final : public Canvas {
 public:
  explicit CairoCanvas(OutputOptions options)
      : options_(std::move(options)),
        engine_(options_.text_engine ? options_.text_engine : std::make_shared<TextEngine>()) {
    if (options_.info.creation_date.empty()) options_.info.creation_date = kDefaultCreationDate;
  }

  ~CairoCanvas() override {
    // Destroy Cairo objects before the files their streams write to; the files then remove their
    // temporaries (nothing was renamed unless finish() succeeded).
    cr_.reset();
    surface_.reset();
  }

  Status open() {
    if (options_.format == Format::png && !(options_.dpi > 0 && options_.dpi <= 4800))
      return Error("png resolution must be between 1 and 4800 dpi, got " + std::to_string(options_.dpi));
    const auto utc = parse_iso_date(options_.info.creation_date);
    if (!utc)
      return Error("bad creation date '" + options_.info.creation_date +
                   "' (expected ISO 8601 such as 2026-01-01T00:00:00Z)");
    if (options_.format != Format::pdf && options_.page_bytes) return Ok{};  // pages in memory
    if (options_.format != Format::pdf) {
      // Fail early when the folder cannot take the pages: try the first page's name.
      auto probe = AtomicFile::create(page_path(0));
      if (!probe) return probe.error();
      probe->discard();
      return Ok{};
    }
    auto file = AtomicFile::create(options_.path);
    if (!file) return file.error();
    pdf_file_.emplace(std::move(*file));
    pdf_writer_.emplace(*pdf_file_, *utc, options_.gray || options_.page_boxes);
    // The size is set again for every page (cairo_pdf_surface_set_size).
    surface_.reset(cairo_pdf_surface_create_for_stream(write_pdf, &*pdf_writer_, 612, 792));
    if (auto st = cairo_surface_status(surface_.get()); st != CAIRO_STATUS_SUCCESS)
      return cairo_error("cannot create PDF surface", st);
    const layout::DocumentInfo& info = options_.info;
    auto meta = [&](cairo_pdf_metadata_t key, const std::string& value) {
      if (!value.empty()) cairo_pdf_surface_set_metadata(surface_.get(), key, value.c_str());
    };
    meta(CAIRO_PDF_METADATA_TITLE, info.title);
    meta(CAIRO_PDF_METADATA_AUTHOR, info.author);
    meta(CAIRO_PDF_METADATA_SUBJECT, info.subject);
    meta(CAIRO_PDF_METADATA_KEYWORDS, info.keywords);
    meta(CAIRO_PDF_METADATA_CREATOR, info.creator);
    meta(CAIRO_PDF_METADATA_CREATE_DATE, PdfDateFixer::cairo_date(*utc));
    meta(CAIRO_PDF_METADATA_MOD_DATE, PdfDateFixer::cairo_date(*utc));
    return Ok{};
  }

  Status begin_page(const layout::Page& page) override {
    if (failed_) return Error("canvas already failed");
    if (finished_) return Error("begin_page after finish");
    if (cr_) return Error("begin_page inside a page");
    if (!(page.width > 0 && page.height > 0)) return Error("page size must be positive");
    page_error_.clear();
    const double w = mm_to_pt(page.width), h = mm_to_pt(page.height);
    page_w_pt_ = w;
    page_h_pt_ = h;
    double scale = 1, eps_drop_pt = 0;
    switch (options_.format) {
      case Format::pdf:
        cairo_pdf_surface_set_size(surface_.get(), w, h);
        // The trim in PDF space: pt, from the bottom left (layout boxes run down from the top left).
        trims_.push_back({mm_to_pt(page.trim.x), h - mm_to_pt(page.trim.y + page.trim.h),
                          mm_to_pt(page.trim.x + page.trim.w), h - mm_to_pt(page.trim.y)});
        if (page.folio > 0)
          cairo_pdf_surface_set_page_label(surface_.get(), std::to_string(page.folio).c_str());
        break;
      case Format::svg:
        page_bytes_.clear();
        surface_.reset(cairo_svg_surface_create_for_stream(write_to_string, &page_bytes_, w, h));
        break;
      case Format::eps:
        // Cairo's PostScript pages are whole points: it flips the y axis about the height rounded
        // up and clips to it rounded down, which would put the content of a 162.2 pt page 0.8 pt
        // above the bottom of its box and clip its top. So the surface is made whole points
        // (rounded up) and the content moved down onto its bottom edge (eps_drop_pt):
        // the ink then spans 0..w x 0..h exactly, the %%HiResBoundingBox.
        page_bytes_.clear();
        surface_.reset(cairo_ps_surface_create_for_stream(write_to_string, &page_bytes_, whole_pt(w), whole_pt(h)));
        cairo_ps_surface_set_eps(surface_.get(), TRUE);
        eps_drop_pt = whole_pt(h) - h;
        break;
      case Format::png: {
        scale = options_.dpi / layout::kPtPerInch;
        const int pw = static_cast<int>(std::lround(w * scale));
        const int ph = static_cast<int>(std::lround(h * scale));
        surface_.reset(cairo_image_surface_create(options_.opaque_png ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                  std::max(pw, 1), std::max(ph, 1)));
        break;
      }
    }
    if (auto st = cairo_surface_status(surface_.get()); st != CAIRO_STATUS_SUCCESS)
      return fail(cairo_error("cannot create page surface", st));
    cr_.reset(cairo_create(surface_.get()));
    if (auto st = cairo_status(cr_.get()); st != CAIRO_STATUS_SUCCESS)
      return fail(cairo_error("cannot create drawing context", st));
    if (scale != 1) cairo_scale(cr_.get(), scale, scale);
    if (eps_drop_pt != 0) cairo_translate(cr_.get(), 0, eps_drop_pt);
    // PNG pages are white unless asked to be transparent; SVG pages always get a white page, as a
    // browser or viewer would otherwise show the page's empty parts on its own (often dark) ground.
    if ((options_.format == Format::png && options_.opaque_png) || options_.format == Format::svg) {
      cairo_set_source_rgb(cr_.get(), 1, 1, 1);
      cairo_paint(cr_.get());
    }
    cairo_set_line_join(cr_.get(), CAIRO_LINE_JOIN_MITER);
    return Ok{};
  }

  void draw(const layout::Item& item) override {
    if (!cr_) {
      note("draw outside a page");
      return;
    }
    std::visit([this](const auto& it) { draw_item(it); }, item);
  }

  Status end_page() override {
    if (!cr_) return Error("end_page outside a page");
    cairo_show_page(cr_.get());
    const cairo_status_t st = cairo_status(cr_.get());
    cr_.reset();
    if (st != CAIRO_STATUS_SUCCESS) return fail(cairo_error("drawing page " + std::to_string(page_count_ + 1), st));
    if (!page_error_.empty()) return fail(Error("page " + std::to_string(page_count_ + 1) + ": " + page_error_));
    if (options_.format != Format::pdf) {
      if (Status s = write_page_file(); !s) return fail(s);
    } else if (auto sst = cairo_surface_status(surface_.get()); sst != CAIRO_STATUS_SUCCESS) {
      return fail(cairo_error("writing page " + std::to_string(page_count_ + 1), sst));
    }
    ++page_count_;
    return Ok{};
  }

  Status finish() override {
    if (finished_) return Error("finish called twice");
    finished_ = true;
    if (cr_) return fail(Error("finish inside a page"));
    if (failed_) return Error("canvas already failed");
    if (options_.format == Format::pdf) {
      if (page_count_ == 0) return fail(Error("no pages to write"));
      cairo_surface_finish(surface_.get());
      const cairo_status_t st = cairo_surface_status(surface_.get());
      surface_.reset();
      pdf_writer_->flush();
      if (st != CAIRO_STATUS_SUCCESS) return fail(cairo_error("writing " + options_.path, st));
      if (options_.gray) {
        auto gray = pdfcheck::to_device_gray(pdf_writer_->held());
        if (!gray) return fail(Error(options_.path + ": " + gray.error().to_string()));
        pdf_writer_->held() = std::move(*gray);
      }
      if (options_.page_boxes) {
        auto boxed = pdfcheck::with_page_boxes(pdf_writer_->held(), trims_);
        if (!boxed) return fail(Error(options_.path + ": " + boxed.error().to_string()));
        pdf_writer_->held() = std::move(*boxed);
      }
      if (options_.gray || options_.page_boxes) {
        pdf_file_->write(pdf_writer_->held());
        pdf_writer_->held().clear();
      }
      if (Status s = pdf_file_->commit(); !s) return fail(s);
      files_.push_back(options_.path);
      return Ok{};
    }
    // One file per page: all were written to temporaries; rename them now.
    for (AtomicFile& f : page_files_) {
      if (Status s = f.commit(); !s) return fail(s);
      files_.push_back(f.path());
    }
    page_files_.clear();
    // Pages left over from an earlier, longer run under the same default names would mix two
    // books: remove them (only the consecutive run of our own names after the last page).
    if (!options_.page_path && !options_.page_bytes) {
      for (int i = page_count_;; ++i) {
        const std::string stale = default_page_path(options_.path, options_.format, i);
        if (::unlink(stale.c_str()) != 0) break;
      }
    }
    return Ok{};
  }

  std::vector<std::string> files() const override { return files_; }

 private:
  std::string page_path(int index) const {
    return options_.page_path ? options_.page_path(index) : default_page_path(options_.path, options_.format, index);
  }

  Status fail(Status s) {
    failed_ = true;
    cr_.reset();
    surface_.reset();
    if (pdf_file_) pdf_file_->discard();
    page_files_.clear();  // removes the temporaries
    return s;
  }

  void note(const std::string& message) {
    if (page_error_.empty()) page_error_ = message;
  }

  // Finishes the page's surface into page_bytes_: PNG with its resolution, SVG, or EPS with its
  // header fixed. `what` names the page or file in errors.
  Status finish_page(const std::string& what) {
    cairo_status_t st = CAIRO_STATUS_SUCCESS;
    if (options_.format == Format::png) {
      cairo_surface_flush(surface_.get());
      page_bytes_.clear();
      st = cairo_surface_write_to_png_stream(surface_.get(), write_to_string, &page_bytes_);
      surface_.reset();
      if (st == CAIRO_STATUS_SUCCESS && !insert_png_dpi(page_bytes_, options_.dpi))
        return Error("writing " + what + ": Cairo wrote no PNG header");
    } else {
      // SVG and EPS pages were streamed into page_bytes_ as they were drawn: keep them.
      cairo_surface_finish(surface_.get());
      st = cairo_surface_status(surface_.get());
      surface_.reset();
      if (options_.format == Format::eps)
        fix_eps_header(page_bytes_, options_.info.creation_date, page_w_pt_, page_h_pt_);
    }
    if (st != CAIRO_STATUS_SUCCESS) return cairo_error("writing " + what, st);
    return Ok{};
  }

  Status write_page_file() {
    if (options_.page_bytes) return hand_over_page();
    auto file = AtomicFile::create(page_path(page_count_));
    if (!file) return file.error();
    Status finished = finish_page(file->path());
    if (finished) file->write(page_bytes_);
    page_bytes_.clear();
    if (!finished) return finished;
    if (Status s = file->close(); !s) return s;
    page_files_.push_back(std::move(*file));
    return Ok{};
  }

  // The page's bytes to options_.page_bytes (no file).
  Status hand_over_page() {
    if (Status s = finish_page("page " + std::to_string(page_count_ + 1)); !s) return s;
    std::string bytes = std::move(page_bytes_);
    page_bytes_.clear();
    return options_.page_bytes(page_count_, std::move(bytes));
  }

  void set_grey(double grey) {
    const double g = std::clamp(grey, 0.0, 1.0);
    cairo_set_source_rgb(cr_.get(), g, g, g);
  }

  void draw_item(const layout::LineItem& line) {
    cairo_t* cr = cr_.get();
    cairo_set_line_width(cr, line.width_pt);
    cairo_set_line_cap(cr, line.square_cap ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
    set_grey(line.grey);
    cairo_move_to(cr, mm_to_pt(line.x1), mm_to_pt(line.y1));
    cairo_line_to(cr, mm_to_pt(line.x2), mm_to_pt(line.y2));
    cairo_stroke(cr);
  }

  void draw_item(const layout::RectItem& rect) {
    cairo_t* cr = cr_.get();
    const layout::Box& b = rect.box;
    cairo_rectangle(cr, mm_to_pt(b.x), mm_to_pt(b.y), mm_to_pt(b.w), mm_to_pt(b.h));
    if (rect.fill_grey >= 0) {
      set_grey(rect.fill_grey);
      if (rect.stroke_pt > 0)
        cairo_fill_preserve(cr);
      else
        cairo_fill(cr);
    }
    if (rect.stroke_pt > 0) {
      cairo_set_line_width(cr, rect.stroke_pt);
      set_grey(rect.stroke_grey);
      cairo_stroke(cr);
    }
    cairo_new_path(cr);
  }

  void draw_item(const layout::PathItem& path) {
    if (path.points.size() < 3) return;
    cairo_t* cr = cr_.get();
    cairo_move_to(cr, mm_to_pt(path.points[0].first), mm_to_pt(path.points[0].second));
    for (std::size_t i = 1; i < path.points.size(); ++i)
      cairo_line_to(cr, mm_to_pt(path.points[i].first), mm_to_pt(path.points[i].second));
    cairo_close_path(cr);
    if (path.fill_color || path.fill_grey >= 0) {
      if (path.fill_color)
        cairo_set_source_rgb(cr, std::clamp(path.fill_color->r, 0.0, 1.0), std::clamp(path.fill_color->g, 0.0, 1.0),
                             std::clamp(path.fill_color->b, 0.0, 1.0));
      else
        set_grey(path.fill_grey);
      if (path.stroke_pt > 0)
        cairo_fill_preserve(cr);
      else
        cairo_fill(cr);
    }
    if (path.stroke_pt > 0) {
      cairo_set_line_width(cr, path.stroke_pt);
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
      set_grey(path.stroke_grey);
      cairo_stroke(cr);
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    }
    cairo_new_path(cr);
  }

  void draw_item(const layout::FillItem& fill) {
    cairo_t* cr = cr_.get();
    const layout::Box& b = fill.box;
    cairo_rectangle(cr, mm_to_pt(b.x), mm_to_pt(b.y), mm_to_pt(b.w), mm_to_pt(b.h));
    if (fill.top == fill.bottom) {
      cairo_set_source_rgb(cr, fill.top.r, fill.top.g, fill.top.b);
      cairo_fill(cr);
    } else {  // an opaque two-stop axial shading: no transparency in the PDF
      PatternPtr grad(cairo_pattern_create_linear(0, mm_to_pt(b.y), 0, mm_to_pt(b.bottom())));
      cairo_pattern_add_color_stop_rgb(grad.get(), 0, fill.top.r, fill.top.g, fill.top.b);
      cairo_pattern_add_color_stop_rgb(grad.get(), 1, fill.bottom.r, fill.bottom.g, fill.bottom.b);
      cairo_set_source(cr, grad.get());
      cairo_fill(cr);
      set_grey(0);  // let go of the pattern
    }
    cairo_new_path(cr);
  }

  void draw_item(const layout::ImageItem& image) {
    if (is_svg_path(image.path)) {  // vector art: drawn as paths, clipped like a picture
      cairo_t* cr = cr_.get();
      cairo_save(cr);
      const layout::Box& c = image.clip;
      cairo_rectangle(cr, mm_to_pt(c.x), mm_to_pt(c.y), mm_to_pt(c.w), mm_to_pt(c.h));
      cairo_clip(cr);
      std::string why;
      if (!draw_svg(cr, image.path, mm_to_pt(image.placed.x), mm_to_pt(image.placed.y), mm_to_pt(image.placed.w),
                    mm_to_pt(image.placed.h), why))
        note("cannot draw the image '" + image.path + "' as SVG: " + why);
      cairo_restore(cr);
      return;
    }
    SurfacePtr png(cairo_image_surface_create_from_png(image.path.c_str()));
    if (cairo_surface_status(png.get()) != CAIRO_STATUS_SUCCESS) {
      note("cannot read the image '" + image.path + "' as PNG");
      return;
    }
    const int pw = cairo_image_surface_get_width(png.get()), ph = cairo_image_surface_get_height(png.get());
    if (pw < 1 || ph < 1) {
      note("the image '" + image.path + "' is empty");
      return;
    }
    cairo_t* cr = cr_.get();
    cairo_save(cr);
    const layout::Box& c = image.clip;
    cairo_rectangle(cr, mm_to_pt(c.x), mm_to_pt(c.y), mm_to_pt(c.w), mm_to_pt(c.h));
    cairo_clip(cr);
    cairo_translate(cr, mm_to_pt(image.placed.x), mm_to_pt(image.placed.y));
    cairo_scale(cr, mm_to_pt(image.placed.w) / pw, mm_to_pt(image.placed.h) / ph);
    cairo_set_source_surface(cr, png.get(), 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
  }

  void draw_item(const layout::TextItem& text) {
    if (text.text.empty()) return;
    if (!valid_utf8(text.text)) {
      note("text is not valid UTF-8");
      return;
    }
    if (!(text.font.size_pt > 0)) {
      note("font size must be positive for '" + text.text + "'");
      return;
    }
    // A turned text is set upright in a box of the turned size centred on the origin, then
    // rotated about the centre of its box on the page (quarter turns clockwise; y points down).
    const int turns = ((text.quarter_turns % 4) + 4) % 4;
    const double cx = mm_to_pt(text.box.x + text.box.w / 2), cy = mm_to_pt(text.box.y + text.box.h / 2);
    const double bw = mm_to_pt(turns % 2 == 1 ? text.box.h : text.box.w);
    const double bh = mm_to_pt(turns % 2 == 1 ? text.box.w : text.box.h);
    const double bx = turns == 0 ? mm_to_pt(text.box.x) : -bw / 2, by = turns == 0 ? mm_to_pt(text.box.y) : -bh / 2;
    PangoAlignment align = PANGO_ALIGN_LEFT;
    if (text.halign == layout::HAlign::center) align = PANGO_ALIGN_CENTER;
    if (text.halign == layout::HAlign::right) align = PANGO_ALIGN_RIGHT;
    const bool wrap = text.wrap && bw > 0;
    const Shaped& s = engine_->shape(text.text, text.font, wrap ? bw : 0, align);
    // The rectangle that is aligned in the box: ink extents for optical centring, else logical.
    const double rx = text.optical ? s.ink_x : s.log_x, ry = text.optical ? s.ink_y : s.log_y;
    const double rw = text.optical ? s.ink_w : s.log_w, rh = text.optical ? s.ink_h : s.log_h;
    double x = bx;
    if (!wrap) {  // wrapped paragraphs are aligned by Pango inside the box width
      double f = 0;
      if (text.halign == layout::HAlign::center) f = 0.5;
      if (text.halign == layout::HAlign::right) f = 1;
      x = bx + (bw - rw) * f - rx;
    }
    double fv = 0;
    if (text.valign == layout::VAlign::middle) fv = 0.5;
    if (text.valign == layout::VAlign::bottom) fv = 1;
    const double y = by + (bh - rh) * fv - ry;
    if (text.coloured)
      cairo_set_source_rgb(cr_.get(), text.colour.r, text.colour.g, text.colour.b);
    else
      set_grey(text.grey);
    cairo_t* cr = cr_.get();
    if (turns != 0) {
      cairo_save(cr);
      cairo_translate(cr, cx, cy);
      cairo_rotate(cr, turns * std::numbers::pi / 2);
    }
    cairo_move_to(cr, x, y);
    show_shaped(cr, s);
    cairo_new_path(cr);
    if (turns != 0) cairo_restore(cr);
  }

  OutputOptions options_;
  std::shared_ptr<TextEngine> engine_;  // options_.text_engine, or the canvas's own
  // Files first: Cairo surfaces write into them and must be destroyed before them.
  std::optional<AtomicFile> pdf_file_;
  std::optional<PdfDateFixer> pdf_writer_;  // refers to pdf_file_
  std::vector<AtomicFile> page_files_;
  std::string page_bytes_;  // SVG/EPS/PNG page being written
  SurfacePtr surface_;
  CairoPtr cr_;
  std::string page_error_;
  std::vector<std::string> files_;
  int page_count_ = 0;
  double page_w_pt_ = 0, page_h_pt_ = 0;
  std::vector<pdfcheck::TrimBox> trims_;  // PDF: each page's trim box (for page_boxes)
  bool finished_ = false;
  bool failed_ = false;
};

}  // namespace

Result<std::unique_ptr<Canvas>> open_canvas(const OutputOptions& options) {
  auto canvas = std::make_unique<CairoCanvas>(options);
  if (Status s = canvas->open(); !s) return s.error();
  return std::unique_ptr<Canvas>(std::move(canvas));
}

}  // namespace gp::render
