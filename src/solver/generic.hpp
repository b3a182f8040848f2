// The generic exact solver: any shape with n <= 16 (4x4 ... 16x16, any box that tiles the grid).
// Per-cell candidate bitmasks, naked and hidden singles propagated to a fixed point, then binary
// branching (cell = v, or cell != v) on a cell with the fewest candidates.
//
// solver.hpp dispatches here for every shape but 9x9; tests call it directly to cross-check the
// fast 9x9 path. Thread-safe (all state is local to the call); never throws except std::bad_alloc.
#pragma once

#include <cstdint>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::solver::generic {

// What one search is asked to do.
struct Request {
  int limit = 2;                 // stop after this many solutions (>= 1)
  int exclude_cell = -1;         // if >= 0: only solutions where this cell is not `exclude_value`
  int exclude_value = 0;
  Rng* rng = nullptr;            // if set: branching values are tried in a random order
  std::int64_t node_budget = -1; // if >= 0: give up after this many branch nodes (see Outcome)
};

struct Outcome {
  int count = 0;                 // solutions found, <= limit
  bool exhausted_budget = false; // true if the search stopped on node_budget (count is a lower bound)
  std::int64_t nodes = 0;        // branch nodes visited
};

// Searches `g` (any supported shape). Givens that break the rules give count 0. If `first` is
// non-null and a solution is found, it receives the first one.
Outcome search(const Grid& g, const Request& req, Grid* first = nullptr);

}  // namespace gp::solver::generic
