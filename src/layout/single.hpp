// One puzzle on a page of its own at an exact width (newspapers): the page is exactly
// `width_mm` wide and as tall as its content; the grid fills the width (less any padding) and the
// caption sits above (or below) it, wrapped to the width rather than set smaller than the minimum.
#pragma once

#include <string>

#include "core/puzzle.hpp"
#include "core/result.hpp"
#include "layout/document.hpp"
#include "spec/book_spec.hpp"

namespace gp::layout {

struct SingleOptions {
  double width_mm = 0;        // exact page width (a newspaper column: 11-12 picas, ~46-51 mm)
  std::string caption;        // already expanded (see expand_caption); empty = no caption
  bool caption_below = false;
  bool solution = false;      // the answer: givens bold black, solved digits grey
  double min_text_pt = 9;     // newspapers print nothing smaller than 9 pt (captions and digits)
  double padding_mm = 0;      // white space between the page edge and the ink, every side
  // One line of rules under the grid (newspaper.instructions: instruction_line()); empty = none.
  std::string instruction;
};

// The width the newspaper profile's sizes are set for: one column of 11.5 picas.
inline constexpr double kReferenceColumnMm = 11.5 * 12 * 25.4 / 72;

// The theme for a puzzle `width_mm` wide: up to the reference column, `theme` itself; wider,
// the line weights grow with the width (as the cells do) and the caption with its square root (a
// puzzle across two columns gets a 12.7 pt caption rather than a lost 9 pt or a shouting 18 pt).
spec::Theme theme_for_column(const spec::Theme& theme, double width_mm);

// `caption` as it is when it fits on one line of `width_mm`; else broken into lines at its
// separators (" - ", " · ", " | ", en and em dashes, bullets), each line as full as fits, with the
// separator at a break dropped, so no line ends or starts with a dangling separator. A part longer
// than the width still wraps between its words.
std::string break_caption(const std::string& caption, const Font& font, double width_mm, const TextMeasure& measure);

// Errors: "single puzzle: the width must be positive, got 0.0 mm", and a width too narrow for the
// grid: "single puzzle: 12.0 mm is too narrow for a 9x9 grid (cells would be 1.2 mm; at least 2 mm)".
// Guarantees: page.width == width_mm exactly; trim == the whole page; every item inside the page
// less the padding; text at least min_text_pt (digits too, the cell permitting).
Result<Page> lay_out_single_puzzle(const Puzzle& puzzle, const spec::Theme& theme, const SingleOptions& options,
                                   const TextMeasure& measure);

}  // namespace gp::layout
