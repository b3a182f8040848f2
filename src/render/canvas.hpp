// Render: draws layout::Page values onto a Canvas. The Cairo + PangoCairo canvases write PDF (one
// document), SVG, PNG and EPS (one file per page); the recording canvas keeps what it was asked to
// draw, for tests. Depends on layout/document.hpp only: render never knows about puzzles or specs.
//
// Units: the Document is in millimetres (positions) and points (line widths, font sizes); the Cairo
// canvases convert to points (PDF/SVG/EPS) or pixels (PNG) internally.
//
// Files are written atomically: every output goes to a temporary file in the destination folder
// and is renamed into place only when finish() succeeds. A canvas destroyed before a successful
// finish() removes its temporary files and leaves any previous output untouched.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "layout/document.hpp"

namespace gp::render {

class TextEngine;  // render/text_engine.hpp

// The drawing interface. Call order: (begin_page, draw*, end_page)*, finish. Not thread-safe.
class Canvas {
 public:
  virtual ~Canvas() = default;
  Canvas() = default;
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;

  // Starts a page. Uses the page's geometry (width, height, trim, folio) only, not its items.
  // Requires: page.width > 0 and page.height > 0 (an error otherwise).
  virtual Status begin_page(const layout::Page& page) = 0;
  // Draws one item on the current page. Problems (e.g. text that is not valid UTF-8) are kept and
  // reported by end_page(), so a page is drawn in one pass without checks at every item.
  virtual void draw(const layout::Item& item) = 0;
  // Ends the page; reports the first problem met while drawing it (Cairo status included).
  virtual Status end_page() = 0;
  // Completes the output (closes the document, renames temporary files into place). After an
  // error nothing is renamed and the temporaries are removed. Call once.
  virtual Status finish() = 0;

  // Files written so far (final names), in page order; complete after a successful finish().
  virtual std::vector<std::string> files() const { return {}; }
};

// begin_page, draw every item, end_page.
Status render_page(Canvas& canvas, const layout::Page& page);

// ---- Recording canvas (tests) ----

// Keeps the pages it is given, item for item. finish() marks it finished.
class RecordingCanvas final : public Canvas {
 public:
  struct RecordedPage {
    double width = 0, height = 0;  // mm
    layout::Box trim;
    int folio = 0;
    std::vector<layout::Item> items;
  };

  Status begin_page(const layout::Page& page) override;
  void draw(const layout::Item& item) override;
  Status end_page() override;
  Status finish() override;

  const std::vector<RecordedPage>& pages() const { return pages_; }
  bool finished() const { return finished_; }

 private:
  std::vector<RecordedPage> pages_;
  bool in_page_ = false;
  bool finished_ = false;
};

// ---- Cairo canvases ----

enum class Format { pdf, svg, png, eps };

// "pdf", "svg", "png", "eps" -> Format; otherwise an error "unknown format 'x' (expected pdf, svg,
// png or eps)".
Result<Format> parse_format(std::string_view name);
// The file extension without the dot ("pdf", ...).
std::string_view extension(Format f);
// True for formats that write one file per page (svg, png, eps).
inline bool one_file_per_page(Format f) { return f != Format::pdf; }

struct OutputOptions {
  Format format = Format::pdf;
  // pdf: the file written. svg/png/eps: pages are written next to it as "<stem>-NNN.<ext>"
  // (NNN = 1-based page index, at least 3 digits), unless page_path is set. With these default
  // names, a successful finish() also removes "<stem>-NNN.<ext>" files numbered after the last
  // page (left by an earlier, longer book), so the folder holds exactly this book's pages.
  std::string path;
  // One-file-per-page formats: the file name of page `index` (0-based). Optional.
  std::function<std::string(int index)> page_path;
  // PDF metadata (title, author, subject, keywords, creator, creation date). An empty
  // creation_date is replaced by kDefaultCreationDate so output never depends on the clock.
  layout::DocumentInfo info;
  // PNG resolution in dots per inch (> 0). Default 150.
  double dpi = 150;
  // PNG: fill the page white first (default). Otherwise the background is transparent.
  bool opaque_png = true;
  // PDF: content in DeviceGray only, printed on the black plate alone (newspapers). Every colour
  // drawn must then be a grey; the document is rewritten with libqpdf (pdfcheck/gray.hpp) when it
  // is finished, so it is held in memory until then. Other formats: no effect (EPS writes greys
  // as "g" already; SVG and PNG are for screens).
  bool gray = false;
  // svg/png/eps: when set, each finished page's bytes go to this function (index 0-based) instead
  // of a file; nothing is written and `path` is not used (the studio's previews). An error it
  // returns fails the page.
  std::function<Status(int index, std::string&& bytes)> page_bytes;
  // PDF: declare each page's /TrimBox (layout::Page::trim) and /BleedBox (the whole page) for a
  // bleed book; the document is rewritten with libqpdf (pdfcheck/boxes.hpp) when it is finished.
  // Off: the file carries only a MediaBox, as Cairo writes it. Other formats: no effect.
  bool page_boxes = false;
  // The text engine that shapes the text (its font map and its cache of shaped texts). A book
  // passes the one its layout measured with (PangoTextMeasure::engine()), so a caption or heading
  // measured for the layout is not shaped a second time to be drawn. Null: the canvas's own. The
  // engine is not thread-safe: one thread uses it at a time.
  std::shared_ptr<TextEngine> text_engine;
};

// The creation date used when none is given: output is reproducible byte for byte.
inline constexpr const char* kDefaultCreationDate = "2000-01-01T00:00:00Z";

// The file name page `index` (0-based) gets by default for a one-file-per-page format:
// "out/book.svg", 0 -> "out/book-001.svg".
std::string default_page_path(const std::string& path, Format format, int index);

// Opens a Cairo canvas for the options. Errors: bad dpi, bad creation date, a destination folder
// that does not exist or cannot be written ("cannot write 'x': reason").
// Guarantees: no file under a final name is touched before finish().
Result<std::unique_ptr<Canvas>> open_canvas(const OutputOptions& options);

}  // namespace gp::render
