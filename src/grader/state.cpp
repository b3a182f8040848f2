#include "grader/state.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <map>
#include <vector>

namespace gp::grader {

void append_value(std::string& out, int v) {
  out.push_back(v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10));
}

namespace {

// The table of `board` (kept alive by `keep` when given), or null when the board is beyond the
// grader's bounds (state.hpp: kMaxCells, kMaxUnits, kMaxCellExtras, kMaxGrids, kMaxCellGrids).
std::shared_ptr<const UnitTable> build_table(const Board& board, std::shared_ptr<const Board> keep) {
  const int n = board.n;
  const int units = static_cast<int>(board.units.size());
  const int cells = board.cells;
  if (n < 1 || n > kMaxN || cells > kMaxCells || units > kMaxUnits || units < 3 * n) return nullptr;
  if (static_cast<int>(board.unit_of.size()) != cells || static_cast<int>(board.extra_of.size()) != cells ||
      static_cast<int>(board.kinds.size()) != units || static_cast<int>(board.peers.size()) != cells)
    return nullptr;
  for (const auto& u : board.units)
    if (static_cast<int>(u.size()) != n) return nullptr;
  auto t = std::make_shared<UnitTable>();
  t->keep = std::move(keep);
  t->board = &board;
  t->units = units;
  t->multi = board.multi_grid();
  t->cell_words = (cells + 63) / 64;
  t->peer_bits.assign(static_cast<std::size_t>(cells) * static_cast<std::size_t>(t->cell_words), 0);
  for (int c = 0; c < cells; ++c)
    for (int o : board.peers[static_cast<std::size_t>(c)])
      t->peer_bits[static_cast<std::size_t>(c) * static_cast<std::size_t>(t->cell_words) + static_cast<std::size_t>(o / 64)] |=
          std::uint64_t{1} << (o % 64);
  // The cell's position in each of its units (the unit lists are ascending).
  auto position = [&](int u, int c) {
    const auto& list = board.units[static_cast<std::size_t>(u)];
    return static_cast<std::uint8_t>(std::lower_bound(list.begin(), list.end(), c) - list.begin());
  };
  for (int c = 0; c < cells; ++c) {
    const auto ci = static_cast<std::size_t>(c);
    for (std::size_t k = 0; k < 3; ++k) t->index[ci][k] = position(board.unit_of[ci][k], c);
    const auto& extra = board.extra_of[ci];
    if (static_cast<int>(extra.size()) > kMaxCellExtras) return nullptr;
    t->extra_count[ci] = static_cast<std::uint8_t>(extra.size());
    for (std::size_t i = 0; i < extra.size(); ++i) {
      t->extra_unit[ci][i] = static_cast<std::uint8_t>(extra[i]);
      t->extra_index[ci][i] = position(extra[i], c);
    }
    t->extras = t->extras || !extra.empty();
  }
  t->kind.resize(static_cast<std::size_t>(units));
  for (int u = 0; u < units; ++u) {
    const UnitKind k = board.kinds[static_cast<std::size_t>(u)];
    t->kind[static_cast<std::size_t>(u)] = k == UnitKind::kRow ? 0 : k == UnitKind::kColumn ? 1
                                          : k == UnitKind::kBox || k == UnitKind::kRegion ? 2 : 3;
  }
  if (!t->multi) {  // one grid: units 0..3n-1
    t->grids = 1;
    t->grid_units.resize(static_cast<std::size_t>(3 * n));
    for (int u = 0; u < 3 * n; ++u) t->grid_units[static_cast<std::size_t>(u)] = u;
    for (int c = 0; c < cells; ++c) {
      const auto& us = board.unit_of[static_cast<std::size_t>(c)];
      t->cell_grids[static_cast<std::size_t>(c)][0] = {0, static_cast<std::uint8_t>(us[0]), static_cast<std::uint8_t>(us[1]),
                                                       static_cast<std::uint8_t>(us[2])};
    }
    return t;
  }
  // Several grids: grid g's i-th row is the unit whose cells are the layout's row (top + i) from
  // its left edge (a unit's cells are ascending, as the layout's reading order is); the same
  // for columns and boxes.
  const int grids = static_cast<int>(board.grid_origin.size());
  if (grids > kMaxGrids || board.shape.box_rows * board.shape.box_cols != n) return nullptr;
  t->grids = grids;
  std::map<std::vector<int>, int> by_cells;
  for (int u = 0; u < units; ++u) by_cells.emplace(board.units[static_cast<std::size_t>(u)], u);
  t->grid_units.resize(static_cast<std::size_t>(grids * 3 * n));
  std::vector<int> grid_count(static_cast<std::size_t>(cells), 0);
  const int br = board.shape.box_rows, bc = board.shape.box_cols;
  for (int g = 0; g < grids; ++g) {
    const int top = board.grid_origin[static_cast<std::size_t>(g)][0];
    const int left = board.grid_origin[static_cast<std::size_t>(g)][1];
    auto cell_at = [&](int r, int c) {
      if (top + r >= board.layout_rows || left + c >= board.layout_cols) return -1;
      return board.cell_at[static_cast<std::size_t>((top + r) * board.layout_cols + left + c)];
    };
    for (int kind = 0; kind < 3; ++kind)
      for (int i = 0; i < n; ++i) {
        std::vector<int> list;
        for (int j = 0; j < n; ++j) {
          const int r = kind == 0 ? i : kind == 1 ? j : i / br * br + j / bc;
          const int c = kind == 0 ? j : kind == 1 ? i : i % br * bc + j % bc;
          list.push_back(cell_at(r, c));
        }
        std::sort(list.begin(), list.end());
        const auto it = by_cells.find(list);
        if (it == by_cells.end()) return nullptr;
        t->grid_units[static_cast<std::size_t>(g * 3 * n + kind * n + i)] = it->second;
      }
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int cell = cell_at(r, c);
        if (cell < 0) return nullptr;
        int& slots = grid_count[static_cast<std::size_t>(cell)];
        if (slots >= kMaxCellGrids) return nullptr;
        const int* gu = t->grid_units.data() + g * 3 * n;
        t->cell_grids[static_cast<std::size_t>(cell)][static_cast<std::size_t>(slots++)] = {
            static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(gu[r]), static_cast<std::uint8_t>(gu[n + c]),
            static_cast<std::uint8_t>(gu[2 * n + r / br * br + c / bc])};
      }
  }
  return t;
}

// The unit table of a grid's board. A few tables are kept per thread (a grader thread works on one
// or two boards at a time); a cached table holds its board, so its address is never reused.
std::shared_ptr<const UnitTable> table_for(const Grid& puzzle) {
  constexpr std::size_t kSlots = 8;
  thread_local std::array<std::shared_ptr<const UnitTable>, kSlots> cache;
  thread_local std::size_t next = 0;
  const Board& board = board_of(puzzle);
  for (const auto& t : cache)
    if (t && t->board == &board) return t;
  auto t = build_table(board, puzzle.board);
  if (t) cache[next++ % kSlots] = t;
  return t;
}

}  // namespace

bool State::init(const Grid& puzzle) {
  table_ = table_for(puzzle);
  if (!table_) return false;
  geo_ = table_->board;
  extras_ = table_->extras;
  multi_ = table_->multi;
  units_ = table_->units;
  n_ = puzzle.n();
  cells_ = puzzle.size();
  if (n_ != geo_->n || cells_ != geo_->cells) return false;
  empty_ = cells_;
  const Mask all = puzzle.shape.all();
  for (int c = 0; c < cells_; ++c) {
    value_[static_cast<std::size_t>(c)] = 0;
    cand_[static_cast<std::size_t>(c)] = all;
  }
  for (int u = 0; u < unit_count(); ++u) {
    placed_[static_cast<std::size_t>(u)] = 0;
    empty_in_[static_cast<std::size_t>(u)] = static_cast<std::uint8_t>(n_);
    auto* p = places_.data() + static_cast<std::size_t>(u * kMaxN);
    std::fill_n(p, n_, static_cast<std::uint16_t>(all));
    std::fill_n(p + n_, kMaxN - n_, std::uint16_t{0});  // values above n: none (a copy reads them)
  }
  for (int c = 0; c < cells_; ++c) {
    const int v = puzzle.cells[static_cast<std::size_t>(c)];
    if (v == 0) continue;
    if (v > n_ || !has(c, v)) return false;
    place(c, v);
  }
  return true;
}

void State::copy_from(const State& o) {
  table_ = o.table_;
  geo_ = o.geo_;
  extras_ = o.extras_;
  multi_ = o.multi_;
  units_ = o.units_;
  n_ = o.n_;
  cells_ = o.cells_;
  empty_ = o.empty_;
  const auto cells = static_cast<std::size_t>(cells_);
  const auto units = static_cast<std::size_t>(units_);
  std::copy_n(o.value_.begin(), cells, value_.begin());
  std::copy_n(o.cand_.begin(), cells, cand_.begin());
  std::copy_n(o.places_.begin(), units * kMaxN, places_.begin());
  std::copy_n(o.placed_.begin(), units, placed_.begin());
  std::copy_n(o.empty_in_.begin(), units, empty_in_.begin());
}

bool State::sees(int a, int b) const {
  if (a == b) return false;
  const auto& ua = units_of(a);
  const auto& ub = units_of(b);
  if (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]) return true;
  if (!extras_) return false;
  if (multi_) {  // a's row, column or box may be one of b's extra units, and the other way round
    for (int j = 0; j < extra_count(b); ++j)
      if (const int u = extra_unit(b, j); ua[0] == u || ua[1] == u || ua[2] == u) return true;
    for (int i = 0; i < extra_count(a); ++i)
      if (const int u = extra_unit(a, i); ub[0] == u || ub[1] == u || ub[2] == u) return true;
  }
  for (int i = 0; i < extra_count(a); ++i)
    for (int j = 0; j < extra_count(b); ++j)
      if (extra_unit(a, i) == extra_unit(b, j)) return true;
  return false;
}

void State::drop_extra_places(int cell, int v) {
  for (int i = 0; i < extra_count(cell); ++i)
    places_[static_cast<std::size_t>(extra_unit(cell, i) * kMaxN + v - 1)] &=
        static_cast<std::uint16_t>(~(1u << extra_index(cell, i)));
}

inline void State::drop_basic_places(int cell, int v) {
  const auto& us = units_of(cell);
  const auto& ix = table_->index[static_cast<std::size_t>(cell)];
  for (std::size_t k = 0; k < 3; ++k)
    places_[static_cast<std::size_t>(us[k] * kMaxN + v - 1)] &= static_cast<std::uint16_t>(~(1u << ix[k]));
}

inline void State::drop_place(int cell, int v) {
  drop_basic_places(cell, v);
  if (extras_) drop_extra_places(cell, v);
}

inline void State::fill_place(int unit, int ix, int v, Mask old) {
  const auto u = static_cast<std::size_t>(unit);
  --empty_in_[u];
  placed_[u] = static_cast<std::uint16_t>(placed_[u] | bit(v));
  const auto keep = static_cast<std::uint16_t>(~(1u << ix));
  for (Mask m = old; m; m &= m - 1) places_[u * kMaxN + static_cast<std::size_t>(std::countr_zero(m))] &= keep;
  places_[u * kMaxN + static_cast<std::size_t>(v - 1)] = 0;  // its peers lose v
}

void State::place(int cell, int v) {
  if (extras_)
    place_on<true>(cell, v);
  else
    place_on<false>(cell, v);
}

template <bool kExtras>
void State::place_on(int cell, int v) {
  assert(value(cell) == 0);
  value_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(v);
  const Mask old = cand_[static_cast<std::size_t>(cell)];
  cand_[static_cast<std::size_t>(cell)] = 0;
  --empty_;
  const auto& us = units_of(cell);
  const auto& ix = table_->index[static_cast<std::size_t>(cell)];
  for (std::size_t k = 0; k < 3; ++k) fill_place(us[k], ix[k], v, old);
  if constexpr (kExtras)
    for (int i = 0; i < extra_count(cell); ++i) fill_place(extra_unit(cell, i), extra_index(cell, i), v, old);
  const Mask b = bit(v);
  for (int p : peers(cell)) {
    Mask& m = cand_[static_cast<std::size_t>(p)];
    if (!(m & b)) continue;
    m &= ~b;
    drop_basic_places(p, v);
    if constexpr (kExtras) drop_extra_places(p, v);
  }
}

bool State::eliminate(int cell, int v) {
  Mask& m = cand_[static_cast<std::size_t>(cell)];
  if (!(m & bit(v))) return false;
  m &= ~bit(v);
  drop_place(cell, v);
  return true;
}

void State::apply(const Step& step) {
  for (const CellValue& e : step.eliminations) eliminate(e.cell, e.value);
  for (const CellValue& p : step.placements)
    if (value(p.cell) == 0) place(p.cell, p.value);
}

bool State::contradiction() const {
  for (int c = 0; c < cells_; ++c)
    if (value_[static_cast<std::size_t>(c)] == 0 && cand_[static_cast<std::size_t>(c)] == 0) return true;
  return false;
}

Grid State::to_grid() const {
  Grid g = table_->keep ? Grid(table_->keep) : Grid(geo().shape);  // as many cells as the board
  for (int c = 0; c < cells_; ++c) g.cells[static_cast<std::size_t>(c)] = value_[static_cast<std::size_t>(c)];
  return g;
}

std::string State::cell_name(int cell) const {
  if (multi_) {  // its place on the layout
    const Board& b = geo();
    const int p = b.position[static_cast<std::size_t>(cell)];
    return "r" + std::to_string(p / b.layout_cols + 1) + "c" + std::to_string(p % b.layout_cols + 1);
  }
  return "r" + std::to_string(cell / n_ + 1) + "c" + std::to_string(cell % n_ + 1);
}

std::string State::unit_name(int u) const { return geo().unit_name(u); }

}  // namespace gp::grader
