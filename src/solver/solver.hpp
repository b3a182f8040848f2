// Exact solving: solution counting up to a limit, solving, and the checks the digging loop needs.
// A fast path for 9x9 and a generic path for every other shape; callers never choose.
// All functions are thread-safe (no shared mutable state) and never throw.
#pragma once

#include <optional>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::solver {

// Number of solutions of `g`, counting stops at `limit` (limit >= 1): uniqueness is limit 2.
// Givens that break the rules give 0. If `first` is non-null and a solution exists, it receives
// the first solution found.
int count_solutions(const Grid& g, int limit, Grid* first = nullptr);

// A solution if there is one (the solution, when unique).
std::optional<Grid> solve(const Grid& g);

// count_solutions(g, 2) == 1.
bool is_unique(const Grid& g);

// Requires: `solution` solves `puzzle`. True if `puzzle` has some other solution.
bool has_other_solution(const Grid& puzzle, const Grid& solution);

// True if `puzzle` has a solution in which cell `cell` is not `value`. The digging loop calls this
// with the value just removed: the puzzle stays unique iff it returns false.
bool has_solution_excluding(const Grid& puzzle, int cell, int value);

// A uniformly-seeded random solution of `g` (randomised branching order); used to fill empty grids.
// Deterministic for a given rng state.
std::optional<Grid> solve_random(const Grid& g, Rng& rng);

}  // namespace gp::solver
