// The kenken cage rule's propagator (core/rules.hpp ArithmeticCageRule: each cage reaches its
// target with its operation), run by the exact engine inside its fixed point
// (solver/propagators.hpp).
//
// Per cage, the digit tuples that reach its target, each cell taking one of its candidates and
// cells of the cage sharing a row or column different (core's arithmetic_support): each cell keeps
// the digits of those tuples, and a digit every tuple places in the cage's cells of one row or
// column leaves the rest of that row or column. A cage is looked at again only when one of its
// cells changed (its watch flag). Complete for the cage on its own: a digit stays only when a
// tuple of candidates holds it, so on a filled cage the check is exact.
#pragma once

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct ArithmeticContext {
  const ArithmeticCageRule* rule = nullptr;
  int first_flag = 0;  // cage i's watch flag is first_flag + i
};

ArithmeticContext make_context(const ArithmeticCageRule& rule, const Board& board, Watches& watches);

// The cage tuples above on the state `cands` points at. False on a contradiction.
bool propagate(const ArithmeticCageRule& rule, ArithmeticContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
