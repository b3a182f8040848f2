// The grid model: sizes and box shapes, cell values, candidate bitsets and unit geometry.
// Plain data only; every other layer builds on these types.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "core/rules.hpp"

namespace gp {

// Candidate set: bit (v-1) set means value v (1..n) is possible. n <= 16 fits.
using Mask = std::uint32_t;
inline constexpr int kMaxN = 16;

inline int popcount(Mask m) { return std::popcount(m); }
// Value of the lowest set bit (1-based). Requires m != 0.
inline int lowest_value(Mask m) { return std::countr_zero(m) + 1; }
inline constexpr Mask bit(int value) { return Mask{1} << (value - 1); }

// A grid's size: n = box_rows * box_cols, boxes are box_rows tall and box_cols wide.
// Shape{1, n} is a Latin square's (futoshiki, kenken): rows and columns only, no boxes. Its
// "boxes" (one row tall, n wide) are its rows, so the box units 2n..3n-1 of its board repeat the
// rows (docs/board.md "The Latin-square board"); no classic shape has a box one cell tall.
struct Shape {
  int box_rows = 3;
  int box_cols = 3;

  constexpr int n() const { return box_rows * box_cols; }
  // A Latin square's shape (no boxes).
  constexpr bool latin() const { return box_rows == 1; }
  constexpr int cells() const { return n() * n(); }
  constexpr Mask all() const { return n() >= 32 ? ~Mask{0} : (Mask{1} << n()) - 1; }
  friend constexpr bool operator==(const Shape&, const Shape&) = default;

  // "9x9", "6x6 (2x3 boxes)"; a Latin square's "5x5".
  std::string name() const;
};

// The standard box for a size: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4.
// Returns an error for any other n.
Result<Shape> standard_shape(int n);

// Parses a grid size such as "9x9" or "9" with an optional box override "RxC" (rows x cols of a
// box). The box must tile the grid (box_rows * box_cols == n) and be at least two cells each way
// (a box one cell tall or wide is a row or a column: Latin squares are latin_shape's). Errors say
// what is accepted.
Result<Shape> parse_shape(std::string_view grid, std::string_view box = {});

// The shape of an n x n Latin square, Shape{1, n} (2 <= n <= kMaxN; the variants using it say
// which sizes they take). Error: "no n x n Latin square (2x2 to 16x16)".
Result<Shape> latin_shape(int n);

// The fewest givens a puzzle of `shape` can have and still have one solution, with the reason:
// 9x9 -> 17 (proven by McGuire, Tugemann and Civario, 2012), 6x6 -> 8 and 4x4 -> 4 (exhaustive
// enumeration); other sizes n - 1 (with fewer, two digits absent from the givens could be swapped
// in any solution), a bound, not the true minimum.
struct MinimumClues {
  int count = 0;
  bool exact = false;    // the true minimum, not only a bound
  std::string_view why;  // "proven by McGuire, Tugemann and Civario, 2012", ...
};
MinimumClues minimum_clues(Shape shape);

// The rules a grid is played under. Classic is the board of standard boxes of its shape; the
// variants add units: x both main diagonals, hyper four extra 3x3 windows; jigsaw replaces the
// boxes by irregular regions (n connected regions of n cells, a region map per puzzle); samurai
// is five overlapping 9x9 grids on a 21x21 layout (one board, cells numbered over the union);
// killer keeps the classic units and adds cages (groups of cells with a sum, a list per puzzle).
enum class Variant : std::uint8_t {
  kClassic, kX, kHyper, kJigsaw, kSamurai, kKiller, kEvenOdd,
  kThermo,
  kArrow,
  kGreaterThan,
  kConsecutive,
  kKropki,
  kNonConsecutive,
  kAntiKnight, kAntiKing,
  kSandwich,
  kFutoshiki,
  kKenKen,
};

// "classic", "x", "hyper", "jigsaw", "samurai", "killer".
std::string_view variant_name(Variant v);
// Every variant, in the order above.
const std::vector<Variant>& all_variants();
// Error: "unknown variant 'hypr' (expected classic, x, hyper, jigsaw, samurai, killer, even-odd, thermo, arrow, greater-than, consecutive, kropki, non-consecutive, anti-knight, anti-king, sandwich or futoshiki); did you mean 'hyper'?".
Result<Variant> parse_variant(std::string_view name);
// Why `v` cannot be played on a grid of `shape`, or "" when it can: x on every supported size,
// hyper and samurai on 9x9 with 3x3 boxes only, jigsaw on every size with its standard shape (a box
// override makes no sense without boxes), killer on sizes up to 9x9 (cage sums of larger grids are
// beyond what a solver can reason about by hand).
std::string variant_size_problem(Variant v, Shape shape);
// The fewest givens the generator and the spec accept for `variant`: jigsaw and samurai only the n - 1 bound
// (the proven 9x9 and 6x6 figures are about boxes, and jigsaw puzzles go below them); the other
// variants minimum_clues(shape).
MinimumClues minimum_clues(Shape shape, Variant variant);

enum class UnitKind : std::uint8_t { kRow, kColumn, kBox, kDiagonal, kWindow, kRegion };

// A board: its cells and units as data, built once per rule set and shared (immutable).
// Units are numbered: rows 0..n-1, columns n..2n-1, boxes (jigsaw: regions) 2n..3n-1, then the
// variant's extra units (x: the main diagonal, then the anti-diagonal; hyper: the four windows,
// top-left, top-right, bottom-left, bottom-right). Every unit has n cells, in ascending order, and
// holds each value once. Code that only knows rows, columns and boxes reads the first 3n units and
// unit_of; code that serves every variant also reads extra_of (or iterates over all units).
// A jigsaw board has no extra units: `region` is its region map (not the box arithmetic), so code
// that assumes rectangular boxes must read `region` (or serve classic boards only).
// Later variants extend the board, not the code that reads it (docs/board.md): killer cages are lists of cells with
// a sum (a constraint besides the units), and boards of several overlapping grids (samurai) number
// their cells over the union of the grids, each grid bringing its rows, columns and boxes.
struct Board {
  Shape shape;
  Variant variant = Variant::kClassic;
  int n = 0;
  int cells = 0;
  std::vector<std::vector<int>> units;
  std::vector<UnitKind> kinds;                  // per unit
  std::vector<std::array<int, 3>> unit_of;      // per cell: {row unit, column unit, box unit}
  std::vector<std::vector<int>> extra_of;       // per cell: the extra units it is in (often none)
  std::vector<std::vector<int>> peers;          // per cell: the distinct cells sharing a unit
  std::vector<int> region;                      // per cell: its box or jigsaw region 0..n-1 (unit 2n + it)
  // The rules besides the units (core/rules.hpp), e.g. a killer board's CageRule; empty on the
  // boards of the units-only variants. Each rule's add_peers is already in `peers` (a killer
  // board's peers hold each cell's cage mates).
  std::vector<Rule> rules;
  // Boards of several grids (samurai): the cells are numbered over the union of the grids, in
  // reading order of a layout_rows x layout_cols layout. `position` gives each cell's layout
  // position (row * layout_cols + col), `cell_at` each position's cell or -1 (off the board).
  // Empty on single-grid boards, whose layout is the n x n grid itself. Units: the first grid's
  // rows, columns and boxes are units 0..3n-1, every other grid's follow as extra units (kinds
  // row, column, box; a box two grids share is one unit); unit_of holds a cell's first grid's units,
  // extra_of those of its second grid. `region` is the cell's 3x3 block of the layout.
  int layout_rows = 0, layout_cols = 0;
  std::vector<int> position;
  std::vector<int> cell_at;
  std::vector<std::array<int, 2>> grid_origin;  // per grid: layout row and column of its top-left cell

  int row(int cell) const { return cell / n; }
  int col(int cell) const { return cell % n; }
  int box(int cell) const { return region[static_cast<size_t>(cell)]; }
  bool classic() const { return variant == Variant::kClassic; }
  // Regions replace the boxes (jigsaw, and the combinations with it).
  bool jigsaw() const { return n > 0 && kinds.size() > static_cast<size_t>(2 * n) && kinds[static_cast<size_t>(2 * n)] == UnitKind::kRegion; }
  // Cages (killer, and the combinations with it).
  bool killer() const { return rule<CageRule>() != nullptr; }
  bool multi_grid() const { return !cell_at.empty(); }
  // A Latin square's board (futoshiki, kenken): rows and columns only. Its units 2n..3n-1 are the
  // rows again (kind kRow, named "row"), so code reading three units per cell works unchanged;
  // code that rates or draws boxes asks this first.
  bool latin() const { return shape.latin() && cell_at.empty(); }
  bool has_extras() const { return static_cast<int>(units.size()) > 3 * n; }
  // The board's rule of type R, or null.
  template <class R>
  const R* rule() const {
    for (const Rule& r : rules)
      if (const R* p = std::get_if<R>(&r)) return p;
    return nullptr;
  }
  // The cage rule's cages and per-cell cage (empty when the board has no cages).
  const std::vector<Cage>& cages() const;
  const std::vector<int>& cage_of() const;
  // "row 2", "column 7", "box 3", "diagonal 1", "window 2", "region 4" (1-based).
  std::string unit_name(int u) const;
};

// The classic board of a shape (standard or overridden boxes), cached for the process.
const Board& classic_board(Shape shape);
// The board of `variant` on `shape`, cached for the process (classic gives the classic board's
// equal). Error: variant_size_problem's reason; jigsaw boards come from jigsaw_board only.
Result<std::shared_ptr<const Board>> variant_board(Shape shape, Variant variant);

// The board of a Latin square of side n for `variant` (futoshiki, kenken: a variant whose table row
// says `latin`), without its per-puzzle data, cached for the process: units rows 0..n-1, columns
// n..2n-1, then units 2n..3n-1 repeating the rows (kind kRow); unit_of {row, column, row again};
// shape Shape{1, n}. The variant's rules are added by with_rules (a puzzle's signs or cages).
// `variant` classic gives the bare Latin square, which is classic_board(Shape{1, n}) (any n from 2
// to 16; no user-facing variant plays it). Errors: the variant's size check, a variant that is no
// Latin square ("x puzzles have boxes ...").
Result<std::shared_ptr<const Board>> latin_board(int n, Variant variant);

// The samurai board: five 9x9 grids with 3x3 boxes on a 21x21 layout, at the corners and in the
// centre, the centre grid sharing its corner boxes with the corner grids (369 cells, cached).
std::shared_ptr<const Board> samurai_board();

// The board of `variant` without its per-puzzle data: the units of its parts (x's diagonals,
// hyper's windows) on `region` (a jigsaw region map, checked as jigsaw_board checks it) or on the
// boxes, and the rules of its parts that carry no data (anti-knight's move). Built for one puzzle
// (not cached); a combination's generator and the board codec add the data's rules to it.
Result<std::shared_ptr<const Board>> frame_board(Shape shape, Variant variant, const std::vector<int>* region = nullptr);

// A jigsaw board from its region map (per cell, row by row, a region number 0..n-1), built for
// this puzzle (not cached); `variant` a combination with jigsaw adds its other part's units. Errors: a size jigsaw cannot have, a map of the wrong length, and a
// map that is not n connected regions of n cells ("region 3 has 8 cells, expected 9", "region 4
// is in 2 pieces (cells must join side by side)"). Regions keep their numbers (unit 2n + number).
Result<std::shared_ptr<const Board>> jigsaw_board(Shape shape, const std::vector<int>& region,
                                                  Variant variant = Variant::kJigsaw);

// A killer board from its cages (built for this puzzle, not cached): the classic units of `shape`
// plus a CageRule (make_cage_rule: cages kept in the given order with their cells sorted; its
// errors), or a size killer cannot have.
Result<std::shared_ptr<const Board>> killer_board(Shape shape, std::vector<Cage> cages);

// `base` (its units and rules) with `rules` added, as `variant`: each rule's peers joined to the
// base's. Built for one puzzle, not cached. The rules must be checked already (their factories).
std::shared_ptr<const Board> with_rules(const Board& base, Variant variant, std::vector<Rule> rules);

// The smallest and largest sums of k different values from 1..n (k <= n).
inline constexpr int cage_min_sum(int k) { return k * (k + 1) / 2; }
inline constexpr int cage_max_sum(int k, int n) { return k * (2 * n - k + 1) / 2; }

// A puzzle or solution: n*n cells row by row (a multi-grid board: board->cells cells, numbered as
// the board says), 0 = empty, otherwise 1..n. `board` gives its rules; null means the classic board
// of `shape` (board_of() resolves it). at() and set() serve single-grid boards only.
struct Grid {
  Shape shape;
  std::vector<std::uint8_t> cells;
  std::shared_ptr<const Board> board;

  Grid() : cells(81, 0) {}
  explicit Grid(Shape s) : shape(s), cells(static_cast<size_t>(s.cells()), 0) {}
  // An empty grid on `b` (a classic board is kept as null).
  explicit Grid(const std::shared_ptr<const Board>& b)
      : shape(b->shape), cells(static_cast<size_t>(b->cells), 0), board(b->classic() ? nullptr : b) {}

  int n() const { return shape.n(); }
  int size() const { return static_cast<int>(cells.size()); }
  int at(int row, int col) const { return cells[static_cast<size_t>(row * n() + col)]; }
  void set(int row, int col, int v) { cells[static_cast<size_t>(row * n() + col)] = static_cast<std::uint8_t>(v); }
  int clue_count() const;
  bool complete() const;  // no empty cell
  Variant variant() const { return board ? board->variant : Variant::kClassic; }
  // Same shape, cells and variant (and region map, for jigsaw; cages, for killer).
  friend bool operator==(const Grid& a, const Grid& b);
};

// The board a grid is played on.
inline const Board& board_of(const Grid& g) { return g.board ? *g.board : classic_board(g.shape); }

// Checks the givens against the rules of the grid's board (each value once per unit, values in
// range). Returns the first conflict as an error such as "digit 5 twice in row 2" or "digit 3
// twice in diagonal 1".
Status check_givens(const Grid& g);

}  // namespace gp
