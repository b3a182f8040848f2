// The inequality rule's propagator (core/rules.hpp InequalityRule: greater-than signs), run by the
// exact engine inside its fixed point (solver/propagators.hpp).
//
// For each sign a > b: a keeps only digits above b's smallest candidate, b only digits below a's
// largest. The engine repeats the passes until nothing changes, so bounds travel along chains of
// signs (a > b > c gives a at least 3). The signs never change; no watch flags: every pass looks at
// every sign (two mask tests each when nothing narrows).
#pragma once

#include <array>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct InequalityContext {
  const InequalityRule* rule = nullptr;
};

InequalityContext make_context(const InequalityRule& rule, const Board& board, Watches& watches);

// Narrows both cells of every sign to the bounds the other allows. False on a contradiction.
bool propagate(const InequalityRule& rule, InequalityContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
