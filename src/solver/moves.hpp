// The move rule's propagator (core/rules.hpp MoveRule: anti-knight, anti-king), run by the exact
// engine inside its fixed point (solver/propagators.hpp).
//
// The rule is all peers: the cells a knight's move (a king's diagonal step) away are in the
// board's `peers` (add_peers), so the engine's naked singles already take an assigned digit from
// them, and nothing is left to propagate. The context exists because every rule type has one.
#pragma once

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct MoveContext {
  const MoveRule* rule = nullptr;
};

MoveContext make_context(const MoveRule& rule, const Board& board, Watches& watches);

// Nothing beyond the peers: always true, never a change.
bool propagate(const MoveRule& rule, MoveContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
