// The sandwich rule's propagator (core/rules.hpp SandwichRule: a clue is the sum of the digits
// between the 1 and the n of its row or column), run by the exact engine inside its fixed point
// (solver/propagators.hpp).
//
// Per clued line, every placement that can still hold: a cell p that can hold 1, a cell q that can
// hold n, and a set C of k = |p - q| - 1 digits from 2..n-1 adding up to the clue such that every
// cell between p and q can hold a digit of C and together they can hold all of C, and every cell
// outside can hold a digit of the rest (2..n-1 without C) and together they can hold all of it. A
// cell keeps the digits some placement gives it: 1 at p, n at q, C between, the rest outside. The
// result is a fixed point of its own (a placement that held still holds on what is kept), so a
// line is looked at again only when one of its cells changed (its watch flag).
#pragma once

#include <array>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct SandwichLine {
  std::array<int, 9> cells{};  // n cells, in order along the line
  int clue = 0;
};

struct SandwichContext {
  const SandwichRule* rule = nullptr;
  std::vector<SandwichLine> lines;  // the clued lines, rows first
  int first_flag = 0;               // line i's watch flag is first_flag + i
  // Per k and sum: the sets of k digits from 2..n-1 adding up to the sum (bit d-1 for digit d),
  // index k * (kSandwichSums) + sum.
  const std::vector<std::vector<Mask>>* sets = nullptr;
};

inline constexpr int kSandwichSums = 36;  // 0..35: the sums of 2..8 on 9x9

// The sets of k digits from 2..n-1 adding up to s, by k * kSandwichSums + s (built once per n).
const std::vector<std::vector<Mask>>& sandwich_sets(int n);

SandwichContext make_context(const SandwichRule& rule, const Board& board, Watches& watches);

// The placements above on the state `cands` points at. False on a contradiction.
bool propagate(const SandwichRule& rule, SandwichContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
