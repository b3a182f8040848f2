// The exact engine: any board with n <= 16 (4x4 ... 16x16, any box that tiles the grid, every
// variant: it reads the units and the rules of the grid's board).
// Per-cell candidate bitmasks; naked singles (from a queue) and hidden singles propagated to a
// fixed point, with each of the board's rules propagated inside it by the rule's own propagator
// (solver/propagators.hpp: e.g. killer cages' combinations and the 45 rule, solver/cages.hpp);
// then locked candidates (pointing/claiming; classic boards with n >= 9, not in random fills);
// then binary branching (cell = v, or cell != v) on a cell with the fewest candidates.
//
// solver.hpp dispatches here for every board but classic 9x9; tests call it directly to
// cross-check the fast 9x9 path. Thread-safe (state is local to the call, work buffers to the
// thread); never throws except std::bad_alloc.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/rules.hpp"
#include "solver/search.hpp"

namespace gp::solver::generic {

// Searches `g` (any supported shape) under its board's units and rules. Givens that break the
// rules give count 0. If `first` is non-null and a solution is found, it receives the first one.
Outcome search(const Grid& g, const Request& req, Grid* first = nullptr);

// The same search on `base` (its units, peers and rules) with `rules` added, without building a
// Board: the generator tries many cage layouts on one grid. `cells` are the givens (base.cells
// bytes, 0 = empty); every solution found is appended to `found` (base.cells bytes each) when it
// is not null. The rules must be checked already (their factories), except that sums out of
// range give count 0. The same branches, node counts and solutions as search() on
// with_rules(base, ..., rules).
Outcome search(const Board& base, const std::vector<Rule>& rules, const std::uint8_t* cells, const Request& req,
               std::vector<std::uint8_t>* found = nullptr);

}  // namespace gp::solver::generic
