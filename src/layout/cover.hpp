// The paperback cover: one full-wrap page (back, spine, front) with 0.125 in bleed on
// every edge, the spine width from the page count and paper (KDP: white 0.002252 in per page,
// cream 0.0025 in), spine text only for books of more than 79 pages, and the back cover's barcode
// area kept clear.
#pragma once

#include <string>

#include "core/puzzle.hpp"
#include "core/result.hpp"
#include "layout/cover_theme.hpp"
#include "layout/document.hpp"
#include "layout/print_rules.hpp"
#include "spec/book_spec.hpp"

namespace gp::layout {

struct CoverOptions {
  Paper paper = Paper::white;
  std::string back_text;    // blurb set on the back cover; empty = none
  bool spine_text = true;   // title and author on the spine when allowed and wide enough
  bool proof = false;       // draw the barcode area and the safe lines as guides
  CoverTheme theme = *cover_theme("midnight");  // ground, colours, typography, placement
  std::string image;                // a PNG or an SVG for the front; empty = none (the grid motif instead)
  // An SVG's size (any unit; only its proportions count), which the book layer reads with librsvg
  // (render::svg_size); layout reads a PNG's pixels from its header itself. 0 = not read.
  double image_width = 0, image_height = 0;
  std::string image_fit = "fill";   // "fill": the front to its bleed edges; "fit": where the grid goes
  int image_min_dpi = 300;          // least resolution at the printed size
};

// The smallest sizes the front's text shrinks to before the cover fails (pt).
inline constexpr double kMinCoverTitlePt = 16;
inline constexpr double kMinCoverLinePt = 9;   // subtitle and author

// The cover options a spec asks for: paper from print.paper ("cream" or white), back text and
// spine text, proof and the theme (with its colour overrides) from the cover keys.
CoverOptions cover_options(const spec::BookSpec& spec);

// Where the parts of a cover are, in mm from the top-left of the media (trim + bleed).
struct CoverGeometry {
  double width = 0, height = 0;   // media: 2 trims + spine + 2 bleeds wide, trim + 2 bleeds tall
  double bleed = kBleedMm;
  double spine = 0;               // spine width
  Box trim;                       // the whole wrap at the trim line
  Box back, spine_box, front;     // panels at the trim line (back on the left)
  Box back_safe, spine_safe, front_safe;  // where text may go: 0.125 in inside the panels'
                                          // trim edges, 0.0625 in inside the spine's folds
  Box barcode;                    // 2 x 1.2 in, 0.25 in from the back's bottom and spine edges
};

// Geometry for a book of `page_count` pages with the spec's trim.
CoverGeometry cover_geometry(const spec::PageSpec& page, int page_count, Paper paper = Paper::white);

// Lays out the cover: the theme's full-bleed ground (a colour or a gradient); on the front the
// title, subtitle, author and (if `sample` is given) that puzzle's grid on a card framed in the
// theme's accent, above or below the title as the theme places it; on the spine, when spine_text_allowed(page_count) and
// the spine is at least 0.25 in wide, the title and author turned to read top to bottom; on the
// back the blurb, clear of the barcode area. Text stays inside the safe boxes: the title, subtitle
// and author wrap at words and shrink (to kMinCoverTitlePt / kMinCoverLinePt) until they fit their
// share of the front; the back text is set at one size and must fit above the barcode area.
// With `proof`, the barcode area and the safe boxes are outlined. With an image, it takes the
// grid's place (`fit`) or the whole front under the text (`fill`, the text on bands of the ground).
// Errors (at the key, spec::key_diagnostic): page_count < 1 ("cover: the book has no pages"); a
// title, subtitle or author that does not fit at its smallest size; a back text that would run
// into the barcode area (how many of its words fit is said); an image that is missing, not a PNG,
// or under image_min_dpi at its printed size (cover.image); an SVG without image_width/height. An
// SVG is vector art: it has no resolution to check.
Result<Page> lay_out_cover(const spec::BookSpec& spec, int page_count, const CoverOptions& cover,
                           const TextMeasure& measure, const Puzzle* sample = nullptr);

}  // namespace gp::layout
