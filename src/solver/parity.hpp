// The parity rule's propagator (core/rules.hpp ParityRule: even-odd marks), run by the exact
// engine inside its fixed point (solver/propagators.hpp).
//
// A cell marked even loses its odd candidates, a cell marked odd its even ones. The marks never
// change, so the propagator has no watch flags: it looks at the marked cells on every pass (a cell
// already narrowed costs one test).
#pragma once

#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/candidates.hpp"

namespace gp::solver {

struct ParityContext {
  const ParityRule* rule = nullptr;
  std::vector<std::pair<int, Mask>> marked;  // per marked cell: the candidates its mark forbids
};

ParityContext make_context(const ParityRule& rule, const Board& board, Watches& watches);

// Removes from each marked cell the digits of the other parity. False on a contradiction.
bool propagate(const ParityRule& rule, ParityContext& ctx, Candidates& cands, bool& changed);

}  // namespace gp::solver
