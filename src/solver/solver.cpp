#include "solver/solver.hpp"

#include "solver/generic.hpp"

namespace gp::solver {

namespace {

bool well_formed(const Grid& g) {
  const int n = g.shape.n();
  return n >= 1 && n <= kMaxN && g.size() == g.shape.cells();
}

}  // namespace

int count_solutions(const Grid& g, int limit, Grid* first) {
  if (limit < 1 || !well_formed(g)) return 0;
  generic::Request req;
  req.limit = limit;
  return generic::search(g, req, first).count;
}

std::optional<Grid> solve(const Grid& g) {
  Grid sol;
  if (count_solutions(g, 1, &sol) == 0) return std::nullopt;
  return sol;
}

bool is_unique(const Grid& g) { return count_solutions(g, 2) == 1; }

bool has_other_solution(const Grid& puzzle, const Grid& solution) {
  if (!well_formed(puzzle) || solution.size() != puzzle.size()) return false;
  // Any other solution differs from `solution` in some empty cell; try them one at a time, each
  // search excluding the known value there. Cheaper in practice: count up to 2.
  return count_solutions(puzzle, 2) >= 2;
}

bool has_solution_excluding(const Grid& puzzle, int cell, int value) {
  if (!well_formed(puzzle) || cell < 0 || cell >= puzzle.size()) return false;
  generic::Request req;
  req.limit = 1;
  req.exclude_cell = cell;
  req.exclude_value = value;
  return generic::search(puzzle, req).count > 0;
}

std::optional<Grid> solve_random(const Grid& g, Rng& rng) {
  if (!well_formed(g)) return std::nullopt;
  generic::Request req;
  req.limit = 1;
  req.rng = &rng;
  // Randomised search has heavy-tailed run times: restart with a fresh random order when a run
  // takes too many branches, doubling the allowance each time so the search stays complete.
  req.node_budget = 4LL * g.size();
  for (;;) {
    Grid sol;
    const generic::Outcome out = generic::search(g, req, &sol);
    if (out.count > 0) return sol;
    if (!out.exhausted_budget) return std::nullopt;
    req.node_budget *= 2;
  }
}

}  // namespace gp::solver
