// Preflight of a PDF file, ours or anybody's: page count, page size, fonts embedded,
// text size, line weight, ink inside the margins, no bookmarks or annotations. Reads the file
// with libqpdf and walks every page's content stream, following the graphics state into Form
// XObjects. What is exact and what is approximate is listed in docs/preflight.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace gp::pdfcheck {

// What to check. The defaults are the Amazon KDP paperback interior rules that do not depend on
// the trim size; page_size_pt, the margins and a trim-specific max_pages are set by the caller.
struct Rules {
  int min_pages = 24;        // 0 = unchecked
  int max_pages = 828;       // 0 = unchecked
  bool even_pages = true;    // the page count must be even
  int max_blank_run = 2;     // most pages without any ink in a row (0 = unchecked)
  double min_text_pt = 7.0;  // smallest effective text size (0 = unchecked)
  double min_line_pt = 0.75; // thinnest effective stroke width (0 = unchecked)
  bool fonts_embedded = true;   // every font (Type3 excepted) carries a font file
  bool no_outlines = true;      // no bookmarks
  bool no_annotations = true;   // no links or other annotations
  // Expected page size (width, height) in pt, +-0.5 pt, either the MediaBox or the TrimBox;
  // unset = unchecked. /Rotate 90 and 270 swap the two.
  std::optional<std::pair<double, double>> page_size_pt;
  // Ink (text, strokes, fills, images) must stay this far inside the trim edge on the top, bottom
  // and outside edges; unset = unchecked.
  std::optional<double> live_margin_pt;
  // The inside edge (the binding: left on odd pages, right on even pages) for a page count; unset
  // = live_margin_pt there too. Only used when live_margin_pt is set.
  std::function<double(int page_count)> inside_margin_pt;
  // Bleed in pt. A page without a /TrimBox is then taken to be trim + bleed on the outside edge,
  // top and bottom (KDP's layout), and ink that runs past the trim edge into the bleed is bleed
  // art, not a margin problem. 0 = no bleed: ink past the trim edge is a problem.
  double bleed_pt = 0;
};

// One problem. Each page-level rule reports at most once per page (the first offender).
struct Finding {
  int page = 0;        // 1-based; 0 = the document as a whole
  std::string rule;    // "page-count", "even-pages", "blank-pages", "page-size", "fonts-embedded", "text-size",
                       // "line-width", "margins", "outlines", "annotations", "content"
  std::string message; // for users, e.g. "page 7: text set at 6.0 pt (the minimum is 7 pt)"
};

struct Report {
  int pages = 0;
  double width_pt = 0, height_pt = 0;  // the first page (MediaBox, after /Rotate)
  std::vector<Finding> findings;       // document findings first, then by page
  bool ok() const { return findings.empty(); }
};

// Checks the PDF at `path` against `rules`.
// Errors (the file cannot be checked at all): "cannot read 'x.pdf': No such file or directory",
// "cannot read 'x': it is a folder", "cannot read 'x': not a regular file" (a FIFO, a device),
// "cannot read 'x.pdf': not a PDF file (...)", "cannot read 'x.pdf': <qpdf's reason>".
// A page whose content stream cannot be parsed is a finding ("content"), not an error.
// Never prints (qpdf's warnings are suppressed).
Result<Report> check_pdf(const std::string& path, const Rules& rules);

// "1-3, 5, 7-8" for a sorted list of page numbers.
std::string page_ranges(const std::vector<int>& pages);

// A length in pt as inches for messages: "6", "8.5", "0.375" (3 decimals at most, no trailing zeros).
std::string inches_text(double pt);

}  // namespace gp::pdfcheck
