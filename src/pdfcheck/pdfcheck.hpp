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
  // When page_size_pt is unset: each page must be one of these sizes (MediaBox or TrimBox,
  // +-0.5 pt, as listed: 9x6 is not 6x9); empty = unchecked. The size the first page matches
  // sets the page maximum when it has one (max_pages > 0), so a trim's own limit applies.
  struct PageSize {
    double width_pt = 0, height_pt = 0;
    int max_pages = 0;
  };
  std::vector<PageSize> page_sizes_pt;
  std::string page_sizes_name = "one of the allowed sizes";  // for messages: "not <name>"
  // Images printed at fewer pixels per inch than this (in either direction, at their placed size)
  // are a problem; 0 = unchecked.
  double min_image_dpi = 300;
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
  // With bleed_pt: every page declares a /TrimBox (the MediaBox less the bleed on the outside
  // edge, top and bottom) and a /BleedBox (the whole MediaBox), as a printer reads them.
  bool bleed_boxes = false;
};

// One problem. Each page-level rule reports at most once per page (the first offender).
struct Finding {
  int page = 0;        // 1-based; 0 = the document as a whole
  std::string rule;    // "page-count", "even-pages", "blank-pages", "page-size", "fonts-embedded", "text-size",
                       // "line-width", "margins", "image-resolution", "page-boxes", "outlines",
                       // "annotations", "content", "work-limit" (the page was not fully checked:
                       // its content walk met a work limit; preflight then exits 1 even without
                       // --strict)
  std::string message; // for users, e.g. "page 7: text set at 6.0 pt (the minimum is 7 pt)"
  std::vector<int> pages;  // every page the finding concerns, ascending (empty: the document)
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

// Findings of one rule on several pages grouped into one: "page 3: X" ... "page 77: X" (the
// same X) become "pages 3-77: X"; when a rule is left with more than `max_per_rule` groups (the
// figures differ page to page) they become one, "pages 3-77 (75 pages): X on page 3, and the
// like on the others", naming the first. 0 = no such merge. Findings that do not start with
// "page N: " are kept as they are. Order: by first page, stable.
std::vector<Finding> group_findings(std::vector<Finding> findings, std::size_t max_per_rule = 3);

// [first, last] runs of a sorted list of page numbers: {3, 4, 5, 9} -> {{3, 5}, {9, 9}}.
std::vector<std::pair<int, int>> page_runs(const std::vector<int>& pages);

// "1-3, 5, 7-8" for a sorted list of page numbers.
std::string page_ranges(const std::vector<int>& pages);

// A length in pt as inches for messages: "6", "8.5", "0.375" (3 decimals at most, no trailing zeros).
std::string inches_text(double pt);

}  // namespace gp::pdfcheck
