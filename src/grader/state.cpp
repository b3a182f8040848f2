#include "grader/state.hpp"

#include <cassert>

namespace gp::grader {

void append_value(std::string& out, int v) {
  out.push_back(v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10));
}

bool State::init(const Grid& puzzle) {
  geo_ = &geometry(puzzle.shape);
  n_ = puzzle.n();
  cells_ = puzzle.size();
  empty_ = cells_;
  const Mask all = puzzle.shape.all();
  for (int c = 0; c < cells_; ++c) {
    value_[static_cast<std::size_t>(c)] = 0;
    cand_[static_cast<std::size_t>(c)] = all;
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

Mask State::places(int u, int v) const {
  const Mask b = bit(v);
  const auto& cs = unit(u);
  Mask m = 0;
  for (int i = 0; i < n_; ++i)
    if (cand_[static_cast<std::size_t>(cs[static_cast<std::size_t>(i)])] & b) m |= Mask{1} << i;
  return m;
}

bool State::placed_in(int u, int v) const {
  for (int c : unit(u))
    if (value_[static_cast<std::size_t>(c)] == v) return true;
  return false;
}

void State::place(int cell, int v) {
  assert(value(cell) == 0);
  value_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(v);
  cand_[static_cast<std::size_t>(cell)] = 0;
  --empty_;
  const Mask keep = ~bit(v);
  for (int p : peers(cell)) cand_[static_cast<std::size_t>(p)] &= keep;
}

bool State::eliminate(int cell, int v) {
  Mask& m = cand_[static_cast<std::size_t>(cell)];
  if (!(m & bit(v))) return false;
  m &= ~bit(v);
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
