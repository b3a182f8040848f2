#include "grader/state.hpp"

#include <bit>
#include <cassert>

namespace gp::grader {

void append_value(std::string& out, int v) {
  out.push_back(v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10));
}

namespace {

// The table of `board` (kept alive by `keep` when given), or null when the board has more extra
// units than the fixed arrays hold.
std::shared_ptr<const UnitTable> build_table(const Board& board, std::shared_ptr<const Board> keep) {
  const int n = board.n;
  const int units = static_cast<int>(board.units.size());
  if (units > kMaxUnits) return nullptr;
  auto t = std::make_shared<UnitTable>();
  t->keep = std::move(keep);
  t->board = &board;
  t->units = units;
  t->extras = units > 3 * n;
  for (int u = 0; u < units; ++u) {
    const auto& cells = board.units[static_cast<std::size_t>(u)];
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto c = static_cast<std::size_t>(cells[i]);
      if (u < 3 * n) {
        t->index[c][static_cast<std::size_t>(u / n)] = static_cast<std::uint8_t>(i);
        continue;
      }
      auto& count = t->extra_count[c];
      if (count >= kMaxCellExtras) return nullptr;
      t->extra_unit[c][count] = static_cast<std::uint8_t>(u);
      t->extra_index[c][count] = static_cast<std::uint8_t>(i);
      ++count;
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
  units_ = table_->units;
  n_ = puzzle.n();
  cells_ = puzzle.size();
  empty_ = cells_;
  const Mask all = puzzle.shape.all();
  for (int c = 0; c < cells_; ++c) {
    value_[static_cast<std::size_t>(c)] = 0;
    cand_[static_cast<std::size_t>(c)] = all;
  }
  for (int u = 0; u < unit_count(); ++u) {
    placed_[static_cast<std::size_t>(u)] = 0;
    empty_in_[static_cast<std::size_t>(u)] = static_cast<std::uint8_t>(n_);
    for (int v = 1; v <= n_; ++v) places_[static_cast<std::size_t>(u * kMaxN + v - 1)] = static_cast<std::uint16_t>(all);
  }
  for (int c = 0; c < cells_; ++c) {
    const int v = puzzle.cells[static_cast<std::size_t>(c)];
    if (v == 0) continue;
    if (v > n_ || !has(c, v)) return false;
    place(c, v);
  }
  return true;
}

bool State::sees(int a, int b) const {
  if (a == b) return false;
  const auto& ua = units_of(a);
  const auto& ub = units_of(b);
  if (ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2]) return true;
  if (!extras_) return false;
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
  Grid g(geo().shape);
  g.board = table_->keep;
  for (int c = 0; c < cells_; ++c) g.cells[static_cast<std::size_t>(c)] = value_[static_cast<std::size_t>(c)];
  return g;
}

std::string State::cell_name(int cell) const {
  return "r" + std::to_string(cell / n_ + 1) + "c" + std::to_string(cell % n_ + 1);
}

std::string State::unit_name(int u) const { return geo().unit_name(u); }

}  // namespace gp::grader
