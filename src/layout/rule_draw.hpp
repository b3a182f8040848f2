// A board's rules drawn on a grid (core/rules.hpp): one overload of draw_rule per rule type,
// chosen by std::visit with no fallback, so a new rule type does not compile until it says how
// it is drawn. draw_grid calls draw_rules twice: under the lines (shading, circles a digit sits
// in) and over them (outlines, dots, signs, numbers), each overload drawing what belongs to that
// layer, on puzzles and, where the rule says so, on answers.
//
// Rule types and their files: CageRule, rule_draw_cages.cpp (dashed outlines inset in the cells,
// the sum in the first cell; puzzles only: an answer shows the digits on the plain grid);
// ParityRule, rule_draw_parity.cpp (grey squares for even, circles for odd, under the digits, on
// puzzles and answers); ThermoRule, rule_draw_thermo.cpp (grey bulbs and tubes under the digits,
// puzzles and answers); ArrowRule, rule_draw_arrow.cpp (circles, lines and heads over the lines,
// puzzles and answers); InequalityRule, rule_draw_inequality.cpp (a chevron on the shared edge,
// pointing to the smaller digit, on puzzles and answers); DotRule, rule_draw_dots.cpp (white and
// black dots on the shared edges, over the lines, under the digits, on puzzles and answers);
// ArithmeticCageRule, rule_draw_arithmetic.cpp (kenken: heavy cage borders over thin cell lines,
// a "12+" label top left in each cage's first cell, on puzzles; answers keep the borders);
// MoveRule, rule_draw.cpp (nothing: anti-knight and anti-king grids are plain, as print books set
// them; the how-to-play paragraph and instruction line say the rule); SandwichRule,
// rule_draw_sandwich.cpp (the clues outside the grid, left of the rows and above the columns).
#pragma once

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "layout/document.hpp"
#include "layout/grid_draw.hpp"

namespace gp::layout {

// Where a grid's cells are and how it is drawn. (x0, y0) is the top-left outer cell edge, in mm.
struct RuleFrame {
  double x0 = 0, y0 = 0, cell_mm = 0;
  const Board* board = nullptr;
  const GridStyle* style = nullptr;
  bool answer = false;  // drawing an answer grid (the solution's digits are shown)
};

// The two layers of a grid's marks: under the cell lines, and over the lines under the digits.
enum class RuleLayer { kUnder, kOver };

// Floors: a cage sum is never smaller than 9 pt (read at arm's length, and in a store's preview),
// a cage's dashed line never thinner than 0.75 pt (the print rules' thinnest line).
inline constexpr double kMinCageSumPt = 9.0;
inline constexpr double kMinCageLinePt = 0.75;
// The dashes' grey when they cannot be thinner than the cell lines (cell lines at the 0.75 pt
// floor): 0 is black, so they still read lighter than the lines they run beside.
inline constexpr double kCageDashGrey = 0.35;

// The size of a cage sum in cells of `cell_mm`: about a quarter of the cell, at least
// kMinCageSumPt, and at least style.min_digit_pt when the theme raises it above that (a large-print
// profile's theme.min_digit_size: its readers need every figure in the grid that big).
double cage_sum_size_pt(double cell_mm, const GridStyle& style);

// The cage dashes' width (pt): three quarters of the cell lines', at least kMinCageLinePt; and
// their grey: black when that is thinner than the cell lines, else kCageDashGrey.
double cage_line_pt(const GridStyle& style);
double cage_line_grey(const GridStyle& style);

// Killer cages, over the lines, on puzzles: every cage a dashed outline inset by 11 % of a cell
// inside its cells, following its border (dash to dash at every corner, concave corners
// included), and its sum top left in its first cell, the outline starting after the sum.
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const CageRule& rule);

// Parity marks (even-odd): a cell marked even is a grey square (kEvenGrey, inset kEvenInset of
// the cell on each side), a cell marked odd a circle (kOddGrey, inset kOddInset, its line never
// thinner than kMinMarkLinePt), under the lines and the digits, on puzzles and answers. Both stay
// light enough for a black digit on top, and tell apart in greyscale by shape alone.
inline constexpr double kEvenGrey = 0.78, kEvenInset = 0.1;
inline constexpr double kOddGrey = 0.5, kOddInset = 0.08;
inline constexpr double kMinMarkLinePt = 0.75;
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ParityRule& rule);

// Thermos: per thermo a filled circle in the bulb's cell (radius kThermoBulb of the cell) and a
// tube kThermoTube of a cell wide from the bulb's centre through each cell's centre to the tip
// (joints and tip rounded), all kThermoGrey, under the lines and the digits, on puzzles and answers.
inline constexpr double kThermoGrey = 0.8, kThermoBulb = 0.36, kThermoTube = 0.3;
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ThermoRule& rule);

// Arrows: per arrow a circle (radius kArrowCircle of the cell) in the circle's cell and a line from
// the circle's edge through the centres of its path's cells to a filled arrowhead (kArrowHead of a
// cell long) in the last, kArrowGrey, lines never thinner than kMinArrowLinePt, over the lines and
// under the digits, on puzzles and answers.
inline constexpr double kArrowGrey = 0.45, kArrowCircle = 0.4, kArrowHead = 0.28, kMinArrowLinePt = 0.75;
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ArrowRule& rule);

// Greater-than signs: over the lines, a chevron centred on the edge between the two cells, its
// point towards the smaller digit, kSignHalfWidth of the cell either side of its axis and
// kSignDepth deep, black, at least kMinSignLinePt (1.5 times the cell lines), on a white patch
// that clears the cell line under it; on puzzles and answers.
inline constexpr double kSignHalfWidth = 0.13, kSignDepth = 0.13;
inline constexpr double kMinSignLinePt = 0.9;
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const InequalityRule& rule);

// Dots (consecutive, kropki): a circle of radius kDotRadius of the cell (never under
// kMinDotRadiusMm) centred on the edge two cells share, over the lines (it hides the line under
// it) and under the digits: white filled white with a black outline (never thinner than
// kMinMarkLinePt), black filled black. A digit's glyph stays clear of it (it reaches 0.14 of a
// cell into each cell), and white and black tell apart in greyscale.
inline constexpr double kDotRadius = 0.14, kMinDotRadiusMm = 0.6;
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const DotRule& rule);

// The move rule (anti-knight, anti-king): no marks on the grid (print books set these grids plain
// and say the rule in words), so nothing is drawn.
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const MoveRule& rule);

// Sandwich clues: over the lines, each clue outside the grid (left of its row, above its column) in
// the margin draw_grid leaves (grid_draw.hpp outside_clue_*), black, at outside_clue_pt; on
// puzzles and solved examples, not on answers (rule_draw_sandwich.cpp).
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const SandwichRule& rule);

// KenKen cages: over the lines, every border between two cages a line of the box weight (on puzzles
// and answers), and on puzzles each cage's label ("12+", "3−", "24×", "2÷", "5": cage_print_label)
// top left in its first cell, kKenKenLabel of a cell high, never under kMinCageSumPt or the theme's
// min_digit_size (kenken_label_size_pt).
inline constexpr double kKenKenLabel = 0.24;
std::string cage_print_label(const ArithmeticCage& cage);
double kenken_label_size_pt(double cell_mm, const GridStyle& style);
void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ArithmeticCageRule& rule);

// Every rule of frame.board, in the board's order, for `layer`.
void draw_rules(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer);

}  // namespace gp::layout
