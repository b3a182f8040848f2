// The solving state a human-style grader works on, the Step a technique reports, and the contract
// every technique function follows. Shared by the ladder (grader.cpp, basic techniques) and the
// chain techniques (chains.hpp / chains*.cpp).
//
// Technique contract
// ------------------
//   bool find_xxx(const State& s, Step& out);
// - Looks for ONE application of the technique in `s` and, if found, fills `out` and returns true.
// - Never modifies `s`. The ladder applies the step (State::apply) and restarts from the easiest
//   technique, as Sudoku Explainer does.
// - The caller clears `out` (Step::clear, which keeps capacity) before each call; a technique only
//   appends. When it returns false the content of `out` is unspecified and ignored.
// - A returned step makes progress: every placement is an empty cell that has that value as a
//   candidate, every elimination is a current candidate of an empty cell, at least one of them.
//   Every deduction must be logically valid for any puzzle (a grader must never use the known
//   solution); uniqueness techniques may assume the puzzle has exactly one solution.
// - When `out.describe` is false the description may be left empty (everything else is required).
// - `out.technique` is a stable name ("Hidden single", "X-wing", ...): the key of Grade::counts.
//   `out.rating` is the Sudoku Explainer 1.2.1 rating of this step (it may depend on the instance,
//   e.g. chain length). `out.description` is one human-readable line using 1-based names, e.g.
//   "Hidden single in box 3: r2c7 = 5" (cells "r2c7", units "row 2", "column 7", "box 3";
//   values as digits, 10..16 as A..G).
// - Deterministic: the same state gives the same step. Scan order (units, values, cells) is
//   ascending unless the header of the technique says otherwise.
// - No per-call heap allocation beyond growing `out` (whose capacity the ladder reuses).
// - Works for every shape (4x4..16x16) and every board (classic, the variants' extra units,
//   irregular regions) unless documented; a technique that does not apply returns false. Units
//   and their cells are read through State (unit, units_of, extra_unit, in_unit, peers, sees),
//   never computed from box arithmetic: units 2n..3n-1 may be irregular regions.
// Chain techniques whose rating varies should return the easiest (lowest rated) step they can find,
// since SE picks the easiest hint of a chaining producer.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/grid.hpp"

namespace gp::grader {

// Number of set bits. std::popcount is a library call unless the build targets POPCNT, and the
// grader counts bits in its inner loops, so without POPCNT this is an inline bit-twiddling count.
inline int bit_count(Mask m) {
#if defined(__POPCNT__)
  return std::popcount(m);
#else
  m = m - ((m >> 1) & 0x55555555u);
  m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
  m = (m + (m >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((m * 0x01010101u) >> 24);
#endif
}

// True if m has two or more bits set.
inline bool several(Mask m) { return (m & (m - 1)) != 0; }

// Calls f(idx) for each k-combination of 0..count-1 in lexicographic order (idx[0..k-1] ascending)
// until f returns true; returns whether it did. Requires k <= kMaxN. k == 0 gives one (empty)
// combination; k < 0 or k > count none.
template <class F>
bool each_combination(int count, int k, F&& f) {
  if (k < 0 || k > count) return false;
  std::array<int, kMaxN> idx{};
  for (int i = 0; i < k; ++i) idx[static_cast<std::size_t>(i)] = i;
  while (true) {
    if (f(idx)) return true;
    int i = k - 1;
    while (i >= 0 && idx[static_cast<std::size_t>(i)] == count - k + i) --i;
    if (i < 0) return false;
    ++idx[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) idx[static_cast<std::size_t>(j)] = idx[static_cast<std::size_t>(j - 1)] + 1;
  }
}

// A value in a cell: a placement (cell := value) or an elimination (value removed from cell).
// Cells are 0-based indices row * n + col; values 1..n.
struct CellValue {
  int cell = 0;
  int value = 0;
  friend bool operator==(const CellValue&, const CellValue&) = default;
};

// One deduction of a technique.
struct Step {
  std::string technique;                 // e.g. "Naked pair"
  double rating = 0.0;                   // SE 1.2.1 scale
  std::vector<CellValue> placements;     // cells solved by this step
  std::vector<CellValue> eliminations;   // candidates removed by this step
  std::string description;               // e.g. "Hidden single in box 3: r2c7 = 5"
  // The pattern the deduction rests on, for diagrams: the units it reads and the cells of the
  // pattern (a subset's cells, the base cells of a locked candidate, a fish's corners). Filled
  // only when `describe` is set, and only by singles, locked candidates, subsets and basic fish
  // (empty for the other techniques). Singles give their unit (a naked single its row, column and
  // box) and no cells.
  std::vector<int> units;
  std::vector<int> cells;
  // Whether the caller wants `description`: when false a technique may leave it empty (grade()
  // sets it from GradeOptions::record_path; building text is a large share of a fast grade).
  bool describe = true;

  // Empties every field but keeps vector/string capacity (the ladder reuses one Step) and
  // `describe`.
  void clear() {
    technique.clear();
    rating = 0.0;
    placements.clear();
    eliminations.clear();
    description.clear();
    units.clear();
    cells.clear();
  }
};

// The largest board the grader takes, one set of bounds for every fixed array of the grader
// (State, UnitTable, the chain work space, aligned exclusion, uniqueness). The largest board is
// samurai's: five 9x9 grids on a 21x21 layout, 369 cells and 131 units (each grid's 27 rows,
// columns and boxes, the four shared boxes once). A single grid has at most kMaxN * kMaxN = 256
// cells and 3 * kMaxN units plus a variant's extra units. A board beyond these bounds is not
// graded (State::init fails).
inline constexpr int kMaxCells = 369;
inline constexpr int kMaxUnits = 131;
// How many extra units (units beyond the cell's row, column and box of units_of: diagonals,
// windows, or on a samurai board its second grid's row and column) one cell may be in.
inline constexpr int kMaxCellExtras = 4;
// Grids of one board (samurai: 5), and grids one cell may be in (a cell of a shared box: 2).
inline constexpr int kMaxGrids = 5;
inline constexpr int kMaxCellGrids = 2;
static_assert(kMaxCells >= kMaxN * kMaxN, "a 16x16 grid fits");
static_assert(kMaxUnits >= 3 * kMaxN + 8, "a 16x16 grid with 8 extra units fits");
static_assert(kMaxUnits <= 255 && kMaxGrids <= 255, "unit and grid numbers are kept in bytes");

// Where each cell sits in the units of one board, read from the board's unit lists (never from
// box arithmetic, so irregular regions work as boxes do). Built once per board and thread
// (State::init); holds a variant board alive while it is cached.
struct UnitTable {
  std::shared_ptr<const Board> keep;  // the board when it is not a classic one
  const Board* board = nullptr;
  int units = 0;                      // number of units, extras included
  bool extras = false;                // some cell is in a unit beyond its row, column and box
  bool multi = false;                 // the board has several grids (samurai)
  int grids = 1;                      // grids of the board: 1, or the samurai's 5
  // Per grid: its rows, columns and boxes (n each, grid_units[g * 3n + kind * n + i]); on a
  // single-grid board units 0..3n-1.
  std::vector<int> grid_units;
  // Per unit: its kind for the techniques: 0 row, 1 column, 2 box (or jigsaw region), 3 other
  // (diagonal, window).
  std::vector<std::uint8_t> kind;
  // Per cell: its position in its row, column and box unit of Board::unit_of (bit index in
  // State::places).
  std::array<std::array<std::uint8_t, 3>, kMaxCells> index{};
  // Per cell: the extra units it is in (Board::extra_of, ascending) and its position in each.
  std::array<std::uint8_t, kMaxCells> extra_count{};
  std::array<std::array<std::uint8_t, kMaxCellExtras>, kMaxCells> extra_unit{};
  std::array<std::array<std::uint8_t, kMaxCellExtras>, kMaxCells> extra_index{};
  // Per cell and grid it is in (up to kMaxCellGrids): {grid, row unit, column unit, box unit}.
  std::array<std::array<std::array<std::uint8_t, 4>, kMaxCellGrids>, kMaxCells> cell_grids{};
  // Per cell: its peers (Board::peers) as a set of cells, `cell_words` 64-bit words (bit c % 64 of
  // word c / 64).
  int cell_words = 0;
  std::vector<std::uint64_t> peer_bits;
};

// Values and candidate masks of a partly solved grid. Fixed-size arrays sized for the largest
// board (kMaxCells, kMaxUnits), of which a copy takes only the part the board uses: as cheap to
// copy as the board is small (chains copy it for nested trials). Units and peers come from the
// grid's board (core's Board): units 0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes (a jigsaw
// board's regions), then the variant's extra units (diagonals, windows; on a samurai board the
// other grids' rows, columns and boxes) up to unit_count(); cells of a unit in ascending order.
// Every unit counts as a house. On a board of several grids (multi_grid()) a cell's units_of are
// its first grid's row, column and box (not necessarily units < 3n), its extra units its second
// grid's row and column; grids(), grid_units() and unit_in_grid() give the techniques that pair
// a grid's rows, columns and boxes (locked candidates, fish) each grid's units. Besides the
// candidates it keeps, updated by place() and eliminate(), the places of every value in every
// unit and the number of empty cells per unit, so that the common techniques (singles, locked
// candidates, subsets, fish) read them instead of rescanning cells.
class State {
 public:
  State() = default;
  // Copies only what the board uses (the arrays are sized for the largest board).
  State(const State& o) { copy_from(o); }
  State& operator=(const State& o) {
    if (this != &o) copy_from(o);
    return *this;
  }

  // Builds the state for `puzzle` on its board (board_of(puzzle)): givens placed, each empty
  // cell's candidates = all values not seen among its peers' givens. Returns false if a given
  // conflicts with another, or if the board is beyond the grader's bounds (n > kMaxN, more than
  // kMaxCells cells or kMaxUnits units, a cell in more than kMaxCellExtras extra units, more than
  // kMaxGrids grids or a cell in more than kMaxCellGrids; the state is then unusable); the grader
  // only calls it on valid puzzles.
  bool init(const Grid& puzzle);

  const Board& geo() const { return *geo_; }
  Shape shape() const { return geo().shape; }
  int n() const { return n_; }
  int cells() const { return cells_; }

  // 0 if empty, else the value.
  int value(int cell) const { return value_[static_cast<std::size_t>(cell)]; }
  // Candidate mask of an empty cell (bit v-1 = value v); 0 for a solved cell.
  Mask cand(int cell) const { return cand_[static_cast<std::size_t>(cell)]; }
  bool has(int cell, int v) const { return (cand(cell) & bit(v)) != 0; }
  // Number of empty cells.
  int empty_count() const { return empty_; }
  bool solved() const { return empty_ == 0; }

  // Number of units: 3n, plus the extra units of a variant board.
  int unit_count() const { return units_; }
  // True when the board has extra units (x, hyper, samurai).
  bool has_extras() const { return extras_; }
  // True on a board of several grids (samurai).
  bool multi_grid() const { return multi_; }
  // The grids of the board (1 on a single-grid board) and grid g's rows, columns and boxes: 3n unit
  // numbers, rows first (grid_units(g)[kind * n + i]).
  int grids() const { return table_->grids; }
  const int* grid_units(int g) const { return table_->grid_units.data() + static_cast<std::size_t>(g * 3 * n_); }
  // The row, column or box (kind 0, 1, 2) holding `cell` in grid g; requires the cell in grid g.
  int unit_in_grid(int cell, int g, int kind) const {
    const auto& e = table_->cell_grids[static_cast<std::size_t>(cell)];
    const auto& slot = e[0][0] == g ? e[0] : e[1];
    return slot[static_cast<std::size_t>(kind + 1)];
  }
  // Unit u's kind for the techniques: 0 row, 1 column, 2 box or region, 3 diagonal or window.
  int unit_kind(int u) const { return table_->kind[static_cast<std::size_t>(u)]; }
  // The unit's cells (n of them) and the row, column and box units of a cell {row, column, box}.
  const std::vector<int>& unit(int u) const { return geo().units[static_cast<std::size_t>(u)]; }
  const std::array<int, 3>& units_of(int cell) const { return geo().unit_of[static_cast<std::size_t>(cell)]; }
  // The extra units of a cell (0 on a classic board), the i-th of them and the cell's position in it.
  int extra_count(int cell) const { return table_->extra_count[static_cast<std::size_t>(cell)]; }
  int extra_unit(int cell, int i) const {
    return table_->extra_unit[static_cast<std::size_t>(cell)][static_cast<std::size_t>(i)];
  }
  int extra_index(int cell, int i) const {
    return table_->extra_index[static_cast<std::size_t>(cell)][static_cast<std::size_t>(i)];
  }
  // True if `cell` is one of unit u's cells.
  bool in_unit(int cell, int u) const {
    if (u < 3 * n_) return units_of(cell)[static_cast<std::size_t>(u / n_)] == u;
    if (multi_) {  // a cell outside the first grid has its own row, column and box beyond 3n
      const auto& us = units_of(cell);
      if (us[0] == u || us[1] == u || us[2] == u) return true;
    }
    for (int i = 0; i < extra_count(cell); ++i)
      if (extra_unit(cell, i) == u) return true;
    return false;
  }
  const std::vector<int>& peers(int cell) const { return geo().peers[static_cast<std::size_t>(cell)]; }
  // The same as a set of cells: cell_words() 64-bit words, bit c % 64 of word c / 64 for cell c.
  int cell_words() const { return table_->cell_words; }
  const std::uint64_t* peer_bits(int cell) const {
    return table_->peer_bits.data() + static_cast<std::size_t>(cell) * static_cast<std::size_t>(table_->cell_words);
  }
  bool sees(int a, int b) const;  // a != b and they share a unit (extra units included)

  // Positions in unit `u` (bit i = the unit's i-th cell) whose candidates include `v`.
  Mask places(int u, int v) const { return places_[static_cast<std::size_t>(u * kMaxN + v - 1)]; }
  // True if value v is already placed somewhere in unit u.
  bool placed_in(int u, int v) const { return (placed_[static_cast<std::size_t>(u)] & bit(v)) != 0; }
  // Number of empty cells of unit u.
  int empty_in(int u) const { return empty_in_[static_cast<std::size_t>(u)]; }
  // The index of `cell` within its row, column or box unit (kind 0, 1, 2): bit position in places().
  int index_in(int cell, int kind) const {
    return table_->index[static_cast<std::size_t>(cell)][static_cast<std::size_t>(kind)];
  }

  // Solves `cell` with `v` and removes v from the candidates of its peers. Requires cell empty.
  void place(int cell, int v);
  // Removes candidate v from `cell`; returns true if it was a candidate.
  bool eliminate(int cell, int v);
  // Applies a step: eliminations first, then placements (skipping cells already solved).
  void apply(const Step& step);
  // True if some empty cell has no candidate (only happens after an invalid deduction).
  bool contradiction() const;

  // The current values as a Grid on the same board.
  Grid to_grid() const;

  // Names for descriptions: "r2c7" (on a samurai board the cell's row and column of the 21x21
  // layout), "row 2" / "column 7" / "box 3" / "diagonal 1" / "window 2" / "row 4 of the centre
  // grid", value '5' or 'A'.
  std::string cell_name(int cell) const;
  std::string unit_name(int u) const;

 private:
  // Clears candidate v of `cell` (which has it) in the places of the cell's units.
  void drop_place(int cell, int v);
  // The same in the cell's row, column and box, and in its extra units.
  void drop_basic_places(int cell, int v);
  void drop_extra_places(int cell, int v);
  // Unit u loses the empty cell at position `ix`, where value v is placed; `old` its candidates.
  void fill_place(int u, int ix, int v, Mask old);

  void copy_from(const State& o);

  // Solves `cell` with `v`, with or without the extra units' bookkeeping.
  template <bool kExtras>
  void place_on(int cell, int v);

  std::shared_ptr<const UnitTable> table_;
  const Board* geo_ = nullptr;  // table_->board, kept here for the inner loops
  bool extras_ = false;  // table_->extras
  bool multi_ = false;   // table_->multi
  int units_ = 0;        // table_->units
  int n_ = 0;
  int cells_ = 0;
  int empty_ = 0;
  // Sized for the largest board; init() sets, and a copy takes, the first cells_ / units_ entries
  // (places_: units_ * kMaxN, values above n included). The rest is never read.
  std::array<std::uint8_t, kMaxCells> value_;
  std::array<Mask, kMaxCells> cand_;
  std::array<std::uint16_t, kMaxUnits * kMaxN> places_;  // [unit * kMaxN + value - 1]
  std::array<std::uint16_t, kMaxUnits> placed_;          // per unit: values placed in it
  std::array<std::uint8_t, kMaxUnits> empty_in_;         // per unit: empty cells
};

// Appends the 1-based name of value v ('1'..'9', 'A'..'G') to `out`.
void append_value(std::string& out, int v);

}  // namespace gp::grader
