// The generic exact solver: any board with n <= 16 (4x4 ... 16x16, any box that tiles the grid,
// every variant: it reads the units of the grid's board).
// Per-cell candidate bitmasks; naked singles (from a queue) and hidden singles propagated to a
// fixed point, then locked candidates (pointing/claiming; classic boards with n >= 9, not in random
// fills);
// then binary branching (cell = v, or cell != v) on a cell with the fewest candidates.
//
// solver.hpp dispatches here for every board but classic 9x9; tests call it directly to
// cross-check the fast 9x9 path. Thread-safe (state is local to the call, work buffers to the
// thread); never throws except std::bad_alloc.
#pragma once

#include "core/grid.hpp"
#include "solver/search.hpp"

namespace gp::solver::generic {

// Searches `g` (any supported shape). Givens that break the rules give count 0. If `first` is
// non-null and a solution is found, it receives the first one.
Outcome search(const Grid& g, const Request& req, Grid* first = nullptr);

}  // namespace gp::solver::generic
