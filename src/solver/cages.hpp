// The cage rule's propagator (core/rules.hpp CageRule: killer cages), run by the exact engine
// inside its fixed point (solver/propagators.hpp).
//
// Per cage, the combinations of k different digits that add up to what is left of its sum
// (k = its empty cells; digits placed in it are out), kept only when every empty cell can take one
// of them and every digit of them has a cell: each cell keeps the digits of the combinations left,
// and a digit every combination holds leaves the rest of any row, column or box that holds the
// whole cage. The 45 rule: in each row, column and box, the cells of the cages that cross its
// border add up to the unit's total less the cages inside it; such cells (fewer than n) are looked
// at as a cage too, on every pass. A cage is looked at again only when one of its cells changed
// (its watch flag). Grids up to 9x9 (larger ones: every state is a contradiction).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

// The sets of k different digits from 1..9 (as masks, bit v-1 for digit v) adding up to `sum`,
// in ascending mask order; empty when there is none. k from 0 to 9 (k = 0 gives {0} for sum 0).
const std::vector<Mask>& combinations(int k, int sum);

// The cage rule's per-search context: its groups (the cages, then the 45-rule groups), their
// watch flags. Made once per search by make_context.
struct CageContext {
  const CageRule* rule = nullptr;
  // A cage, or the cells of a unit outside the cages inside it (the 45 rule): cells whose digits
  // are all different and add up to `sum`.
  struct Group {
    const std::vector<int>* cells = nullptr;
    int sum = 0;
    std::array<int, 3> units{-1, -1, -1};  // the rows, columns and boxes holding all of it
    std::array<std::uint64_t, 2> set{};     // its cells as bits (up to 9x9)
    bool always = false;                    // looked at on every pass (no watch flag)
  };
  std::vector<Group> groups;             // the cages (by index), then the 45-rule groups
  std::vector<std::vector<int>> owned;   // the 45-rule groups' cells
  int first_flag = 0;                    // cage i's watch flag is first_flag + i
  bool supported = true;                 // n <= 9
};

CageContext make_context(const CageRule& rule, const Board& board, Watches& watches);

// The cage combinations and the 45 rule on the state `cands` points at (see the top). `changed`
// is set when a candidate went. False on a contradiction.
bool propagate(const CageRule& rule, CageContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
