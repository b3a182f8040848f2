// The request and outcome of one exact search, shared by the generic and the fast 9x9 engines.
#pragma once

#include <cstdint>

#include "core/rng.hpp"

namespace gp::solver {

// What one search is asked to do. Defaults: count up to 2, no exclusion, fixed order, no budget.
struct Request {
  int limit = 2;                  // stop after this many solutions (>= 1)
  int exclude_cell = -1;          // if >= 0: only solutions where this cell is not `exclude_value`
  int exclude_value = 0;
  Rng* rng = nullptr;             // if set: branching values are tried in a random order
  std::int64_t node_budget = -1;  // if >= 0: give up after this many branch nodes (see Outcome)
};

struct Outcome {
  int count = 0;                  // solutions found, <= limit
  bool exhausted_budget = false;  // true if the search stopped on node_budget (count is a lower bound)
  std::int64_t nodes = 0;         // branch nodes visited
};

}  // namespace gp::solver
