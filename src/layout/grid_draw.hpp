// Drawing one Sudoku grid as document items: cell lines, box lines, the outer border and digits,
// and the variant's marks from the grid's board (shaded diagonals or windows, jigsaw region borders).
#pragma once

#include <vector>

#include "core/grid.hpp"
#include "layout/document.hpp"
#include "spec/book_spec.hpp"

namespace gp::layout {

// Line weights and digit style for grids. Invariants after grid_style(): thin >= 0.75 pt,
// box >= 1.5 x thin (clearly heavier), border >= box.
struct GridStyle {
  double thin_pt = 0.75;
  double box_pt = 2.0;
  double border_pt = 2.5;
  Font digit_font{"DejaVu Sans", 10, false, false};  // family and weight; size comes from the cell
  double digit_scale = 0.62;     // digit (cap) height as a fraction of the cell size
  double given_grey = 0.0;       // givens
  double filled_grey = 0.45;     // solution digits in answer keys
  double min_digit_pt = 7.0;     // digits never smaller than this (print rule), cell permitting
  double shade_grey = 0.87;      // cells of a variant's extra units (x diagonals, hyper windows): 13 % grey
  // A solved example (how-to-play pages): the solution's digits as in an answer key, and every
  // rule's marks as on a puzzle page (an answer key leaves out the marks the solution makes
  // redundant, such as cage sums).
  bool solved_example = false;
  // killer.tint / jigsaw.tint: alternate: each cage (region) filled with one of kTints, touching
  // ones different (alternate_tints), on puzzles and solved examples, not on answers.
  bool tint_cages = false;
  bool tint_regions = false;
};

// The tints of `tint_cages` / `tint_regions`: light greys, 5 to 20 % ink.
inline constexpr double kTints[4] = {0.95, 0.89, 0.84, 0.80};

// A tint (0..3) for each group of cells (`group_of`: per cell of an n x n grid, its group 0..count-1)
// so that groups touching side by side differ: colours chosen most-constrained group first (DSatur),
// each the lowest tint its neighbours leave; a group with all four around it (rare on a grid) takes
// the one its fewest neighbours have.
std::vector<int> alternate_tints(const std::vector<int>& group_of, int n, int count);

// Style from a theme, enforcing the invariants above (a theme asking for thinner lines gets the
// minimums instead); min_digit_pt = max(7, theme.min_digit_size).
GridStyle grid_style(const spec::Theme& theme);

// The style for cells of `cell_mm`: below 6 mm (small answer grids, 16x16 grids) the box and
// border lines thin in proportion, keeping the invariants above (so box lines never drop below
// 1.5 x the cell line). At 6 mm and more the style is returned unchanged.
GridStyle style_for_cell(const GridStyle& style, double cell_mm);

// Ratio of a digit's height to the font size (DejaVu's figures are ~0.73 em tall); used to turn
// digit_scale into a font size.
inline constexpr double kDigitHeightPerEm = 0.73;

// The font size (pt) digits get in cells of `cell_mm`: digit_scale * cell / kDigitHeightPerEm,
// raised towards min_digit_pt, but never so far that digits are taller than 0.8 of the cell.
double digit_size_pt(double cell_mm, const GridStyle& style);

// Total ink size (mm) of a grid of `n` cells a side: n * cell plus the border line's width
// (half of it sticks out on each side of the outer cell edges).
double grid_extent_mm(int n, double cell_mm, const GridStyle& style);

// Largest cell size (mm, rounded down to 0.05 mm) for which grid_extent_mm() <= `extent_mm`;
// 0 when not even that fits.
double cell_for_extent(int n, double extent_mm, const GridStyle& style);

// Cells a side of the square a grid is drawn in: n, or a multi-grid board's layout (samurai: 21).
int drawn_side(const Grid& g);

// Clues outside the grid (sandwich: a number left of each clued row, above each clued column).
// Such a grid keeps the footprint the caller gave it (grid_extent_mm of its cell): draw_grid
// draws the grid with smaller cells (outside_clue_cell_mm) and the clues in a margin of
// outside_clue_margin_mm at its left and top, on puzzles and solved examples (an answer shows the
// digits on the plain grid of the full cell). Every other board is drawn as it always was.
bool has_outside_clues(const Board& board);
// The clues' font size: about 0.42 of the cell high, never under style.min_digit_pt.
double outside_clue_pt(double cell_mm, const GridStyle& style);
// The margin (mm) for cells of `cell_mm`: kOutsideClueMargin of a cell, and at least a two-digit
// clue at outside_clue_pt plus a gap of kOutsideClueGap of a cell to the border.
inline constexpr double kOutsideClueMargin = 0.8, kOutsideClueGap = 0.15;
double outside_clue_margin_mm(double cell_mm, const GridStyle& style);
// The cell (mm) of an n-cell grid with its clue margin inside the footprint of n cells of
// `cell_mm`: n * inner + margin(inner) = n * cell_mm.
double outside_clue_cell_mm(int n, double cell_mm, const GridStyle& style);

// A jigsaw board's lines, its outer cell edges at (x0, y0) mm: every cell line thin, then the
// region borders heavy on top, one line per run of edges between two cells of different regions
// (square caps close the corners). draw_grid and the techniques diagrams draw jigsaw grids so.
void draw_jigsaw_lines(std::vector<Item>& out, const Board& board, double x0, double y0, double cell_mm,
                       const GridStyle& style);

// Appends a grid whose ink box has its top-left corner at (x, y) mm:
// - n-1 horizontal and n-1 vertical interior lines, cell lines first, box lines over them (butt
//   caps, running edge to edge so they end under the border), then the border as one stroked
//   rectangle (joins are clean at the corners); on a jigsaw board the heavy lines are the region
//   borders instead (one line per run of edges between regions, square caps);
// - one TextItem per filled cell, centred optically in the cell (optical = true), 1-9 then A-G:
//   givens in style.given_grey; with `solution` (an answer key) the other cells get the
//   solution's digit in style.filled_grey, and givens are set bold so they stay distinct.
// With `symbols` (spec::section_symbols: n entries, value v drawn as entry v-1), each value is drawn
// as its symbol instead (layout/symbols.hpp): letters and texts as text, shapes filled in the
// digit's grey, colours as a disc with the initial.
// A multi-grid board (samurai) draws each of its grids so (cell lines, box lines, border), on its
// layout of drawn_side() cells a side; positions off the board get no line and no ink.
// Requires: solution (if given) has the same shape as givens; symbols (if given) has n entries.
void draw_grid(std::vector<Item>& out, double x, double y, double cell_mm, const Grid& givens,
               const Grid* solution, const GridStyle& style, const std::vector<std::string>* symbols = nullptr);

}  // namespace gp::layout
