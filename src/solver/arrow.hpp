// The arrow rule's propagator (core/rules.hpp ArrowRule: the path adds up to the circle), run by
// the exact engine inside its fixed point (solver/propagators.hpp).
//
// Per arrow, sum bounds: the circle keeps only digits between the least and the greatest sum its
// path can make (each path cell at its smallest or largest candidate), and each path cell only
// digits that leave the rest of the path a sum it can make for some digit of the circle. Repeated
// until nothing changes on the arrow (bounds of a sum, not every combination: the search does the
// rest). A one-cell path is an equality: circle and cell keep the candidates they share. An arrow
// is looked at again only when one of its cells changed (its watch flag).
#pragma once

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct ArrowContext {
  const ArrowRule* rule = nullptr;
  int first_flag = 0;  // arrow i's watch flag is first_flag + i
};

ArrowContext make_context(const ArrowRule& rule, const Board& board, Watches& watches);

// The sum bounds above on the state `cands` points at. False on a contradiction.
bool propagate(const ArrowRule& rule, ArrowContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
