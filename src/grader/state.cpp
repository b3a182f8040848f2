#include "grader/state.hpp"

#include <bit>
#include <cassert>

namespace gp::grader {

void append_value(std::string& out, int v) {
  out.push_back(v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10));
}

const State::IndexTable& State::index_table(Shape shape) {
  // One table per shape with box_rows * box_cols <= kMaxN, built once (thread-safe static init).
  static const std::vector<IndexTable> tables = [] {
    std::vector<IndexTable> t(static_cast<std::size_t>(kMaxN * kMaxN));
    for (int br = 1; br <= kMaxN; ++br) {
      for (int bc = 1; br * bc <= kMaxN; ++bc) {
        IndexTable& tab = t[static_cast<std::size_t>((br - 1) * kMaxN + bc - 1)];
        const int n = br * bc;
        for (int c = 0; c < n * n; ++c) {
          const int r = c / n, k = c % n;
          tab[static_cast<std::size_t>(c)] = {static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(r),
                                              static_cast<std::uint8_t>((r % br) * bc + k % bc)};
        }
      }
    }
    return t;
  }();
  return tables[static_cast<std::size_t>((shape.box_rows - 1) * kMaxN + shape.box_cols - 1)];
}

bool State::init(const Grid& puzzle) {
  geo_ = &classic_board(puzzle.shape);
  index_ = &index_table(puzzle.shape);
  n_ = puzzle.n();
  cells_ = puzzle.size();
  empty_ = cells_;
  const Mask all = puzzle.shape.all();
  for (int c = 0; c < cells_; ++c) {
    value_[static_cast<std::size_t>(c)] = 0;
    cand_[static_cast<std::size_t>(c)] = all;
  }
  for (int u = 0; u < 3 * n_; ++u) {
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
  return ua[0] == ub[0] || ua[1] == ub[1] || ua[2] == ub[2];
}

void State::drop_place(int cell, int v) {
  const auto& us = units_of(cell);
  const auto& ix = (*index_)[static_cast<std::size_t>(cell)];
  for (std::size_t k = 0; k < 3; ++k)
    places_[static_cast<std::size_t>(us[k] * kMaxN + v - 1)] &= static_cast<std::uint16_t>(~(1u << ix[k]));
}

void State::place(int cell, int v) {
  assert(value(cell) == 0);
  value_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(v);
  const Mask old = cand_[static_cast<std::size_t>(cell)];
  cand_[static_cast<std::size_t>(cell)] = 0;
  --empty_;
  const auto& us = units_of(cell);
  const auto& ix = (*index_)[static_cast<std::size_t>(cell)];
  for (std::size_t k = 0; k < 3; ++k) {
    const auto u = static_cast<std::size_t>(us[k]);
    --empty_in_[u];
    placed_[u] = static_cast<std::uint16_t>(placed_[u] | bit(v));
    const auto keep = static_cast<std::uint16_t>(~(1u << ix[k]));
    for (Mask m = old; m; m &= m - 1) places_[u * kMaxN + static_cast<std::size_t>(std::countr_zero(m))] &= keep;
    places_[u * kMaxN + static_cast<std::size_t>(v - 1)] = 0;  // its peers lose v below
  }
  const Mask b = bit(v);
  for (int p : peers(cell)) {
    Mask& m = cand_[static_cast<std::size_t>(p)];
    if (!(m & b)) continue;
    m &= ~b;
    drop_place(p, v);
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
  Grid g(geo_->shape);
  for (int c = 0; c < cells_; ++c) g.cells[static_cast<std::size_t>(c)] = value_[static_cast<std::size_t>(c)];
  return g;
}

std::string State::cell_name(int cell) const {
  return "r" + std::to_string(cell / n_ + 1) + "c" + std::to_string(cell % n_ + 1);
}

std::string State::unit_name(int u) const {
  if (u < n_) return "row " + std::to_string(u + 1);
  if (u < 2 * n_) return "column " + std::to_string(u - n_ + 1);
  return "box " + std::to_string(u - 2 * n_ + 1);
}

}  // namespace gp::grader
