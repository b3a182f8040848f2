// Exact solving: solution counting up to a limit, solving, and the checks the digging loop needs.
// One exact engine (solver/generic.hpp) serves every board: its units, and its rules (killer cages,
// ...) through each rule type's propagator (solver/propagators.hpp); classic 9x9 grids take a fast
// path (solver/fast9.hpp, which also offers an allocation-free entry on raw 81-byte cell arrays for
// hot loops). Callers of this header never choose. A grid whose cells vector does not match its shape, or whose shape is not
// 1..16 wide, has no solution here.
// All functions are thread-safe (no shared mutable state) and never throw.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"
#include "solver/search.hpp"

namespace gp::solver {

// Number of solutions of `g`, counting stops at `limit` (limit >= 1): uniqueness is limit 2.
// Givens that break the rules give 0. If `first` is non-null and a solution exists, it receives
// the first solution found.
int count_solutions(const Grid& g, int limit, Grid* first = nullptr);

// count_solutions with a bound on the work: the search gives up after `node_budget` branch nodes
// (>= 0; Request::node_budget). Outcome::exhausted_budget then says so, and `count` is only a lower
// bound (a count of 1 means "one found, no second found yet"). Deterministic: the same grid and
// budget always give the same outcome, on any machine. A malformed grid gives count 0.
Outcome count_solutions_within(const Grid& g, int limit, std::int64_t node_budget, Grid* first = nullptr);

// One search of `g` as `req` asks (solver/search.hpp: limit, excluded value, random order, node
// budget), on the engine that fits its board; `first` receives the first solution found. A
// malformed grid gives count 0.
Outcome search(const Grid& g, const Request& req, Grid* first = nullptr);

// One search of the givens `cells` on `base` with `rules` added, without building a Board for them
// (the generator tries many cage layouts on one filled grid): `req` as in solver/search.hpp; every
// solution found is appended to `found` (base.cells bytes each) when it is not null. The rules must
// be checked by their factories (a cage rule's cages cover the grid). Gives what count_solutions
// would give on with_rules(base, variant, rules), node for node.
Outcome search(const Board& base, const std::vector<Rule>& rules, const std::uint8_t* cells, const Request& req,
               std::vector<std::uint8_t>* found = nullptr);

// The node budget of one puzzle in `gridpress solve` and `grade` (--max-nodes): generous, so that
// no real puzzle meets it (the hardest known 9x9 puzzles need a few thousand nodes, 16x16 puzzles
// from the generator a few hundred), while a grid that has no solution but takes an exponential
// search to prove it (a jigsaw layout that admits no filled grid, a nearly empty 16x16 with a
// contradiction deep down) stops within seconds to a minute instead of running for hours.
inline constexpr std::int64_t kCommandNodeBudget = 2'000'000;

// The message for a search given up at `node_budget` nodes having found `found` solutions: "gave up
// after 2000000 search nodes without finding a solution (raise --max-nodes to search longer)", or
// "... after finding one solution, before knowing whether it is the only one (...)".
std::string gave_up_text(std::int64_t node_budget, int found);

// A solution if there is one (the solution, when unique).
std::optional<Grid> solve(const Grid& g);

// count_solutions(g, 2) == 1.
bool is_unique(const Grid& g);

// Requires: `solution` solves `puzzle`. True if `puzzle` has some other solution.
bool has_other_solution(const Grid& puzzle, const Grid& solution);

// True if `puzzle` has a solution in which cell `cell` is not `value`. The digging loop calls this
// with the value just removed: the puzzle stays unique iff it returns false.
bool has_solution_excluding(const Grid& puzzle, int cell, int value);

// A random solution of `g` (branching values drawn with `rng`); used to fill empty grids. The same
// rng state gives the same grid. A run that takes more than 4 * cells branches restarts with a
// fresh random order and a doubled allowance, so it always ends: nullopt means no solution.
// Cost: empty 9x9 about 10 us, empty 16x16 well under 1 ms.
std::optional<Grid> solve_random(const Grid& g, Rng& rng);

}  // namespace gp::solver
