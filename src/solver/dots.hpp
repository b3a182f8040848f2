// The dot rule's propagator (core/rules.hpp DotRule: consecutive, kropki and non-consecutive),
// run by the exact engine inside its fixed point (solver/propagators.hpp).
//
// Every orthogonal pair the rule speaks of is a binary constraint: a white dot (1 apart), a black
// dot (one double the other), or, on a negative rule, a pair without a dot (none of the rule's
// relations). Each cell keeps only the digits some candidate of its neighbour across such a pair
// still allows (arc consistency on the pair). A cell's neighbours are looked at again only when the
// cell changed (one watch flag per cell).
#pragma once

#include <array>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct DotContext {
  const DotRule* rule = nullptr;
  // The relations as tables: per digit x, the digits y the pair allows beside it.
  enum Relation : std::uint8_t { kWhite, kBlack, kNotWhite, kNeither };
  std::array<std::array<Mask, kMaxN + 1>, 4> allows{};
  struct Link {
    int other;
    Relation relation;
  };
  std::vector<std::vector<Link>> links;  // per cell: its constrained neighbours
  int first_flag = 0;                    // cell c's watch flag is first_flag + c
};

DotContext make_context(const DotRule& rule, const Board& board, Watches& watches);

// Narrows the neighbours of every cell that changed since the last pass. False on a contradiction.
bool propagate(const DotRule& rule, DotContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
