#include "solver/solver.hpp"

#include <string>
#include <utility>

#include "solver/fast9.hpp"
#include "solver/generic.hpp"

namespace gp::solver {

namespace {

bool well_formed(const Grid& g) {
  const int n = g.shape.n();
  return n >= 1 && n <= kMaxN && g.size() == (g.board ? g.board->cells : g.shape.cells());
}

bool is_standard9(const Grid& g) { return !g.board && g.shape.box_rows == 3 && g.shape.box_cols == 3; }

// One search on whichever engine fits the board.
Outcome run(const Grid& g, const Request& req, Grid* first) {
  if (!is_standard9(g)) return generic::search(g, req, first);
  if (!first) return fast9::search(g.cells.data(), req);
  Grid sol(g.shape);
  const Outcome out = fast9::search(g.cells.data(), req, sol.cells.data());
  if (out.count > 0) *first = std::move(sol);
  return out;
}

}  // namespace

int count_solutions(const Grid& g, int limit, Grid* first) {
  if (limit < 1 || !well_formed(g)) return 0;
  Request req;
  req.limit = limit;
  return run(g, req, first).count;
}

Outcome count_solutions_within(const Grid& g, int limit, std::int64_t node_budget, Grid* first) {
  if (limit < 1 || !well_formed(g)) return {};
  Request req;
  req.limit = limit;
  req.node_budget = node_budget < 0 ? 0 : node_budget;
  return run(g, req, first);
}

Outcome search(const Grid& g, const Request& req, Grid* first) {
  if (req.limit < 1 || !well_formed(g)) return {};
  return run(g, req, first);
}

Outcome search(const Board& base, const std::vector<Rule>& rules, const std::uint8_t* cells, const Request& req,
               std::vector<std::uint8_t>* found) {
  return generic::search(base, rules, cells, req, found);
}

std::string gave_up_text(std::int64_t node_budget, int found) {
  return "gave up after " + std::to_string(node_budget) + " search nodes " +
         (found == 0 ? std::string("without finding a solution")
                     : std::string("after finding one solution, before knowing whether it is the only one")) +
         " (raise --max-nodes to search longer)";
}

std::optional<Grid> solve(const Grid& g) {
  Grid sol;
  if (count_solutions(g, 1, &sol) == 0) return std::nullopt;
  return sol;
}

bool is_unique(const Grid& g) { return count_solutions(g, 2) == 1; }

bool has_other_solution(const Grid& puzzle, const Grid& solution) {
  // Given that `solution` solves `puzzle`, another solution exists iff there are at least two.
  if (!well_formed(puzzle) || solution.size() != puzzle.size()) return false;
  return count_solutions(puzzle, 2) >= 2;
}

bool has_solution_excluding(const Grid& puzzle, int cell, int value) {
  if (!well_formed(puzzle) || cell < 0 || cell >= puzzle.size()) return false;
  if (is_standard9(puzzle)) return fast9::has_solution_excluding(puzzle.cells.data(), cell, value);
  Request req;
  req.limit = 1;
  req.exclude_cell = cell;
  req.exclude_value = value;
  return run(puzzle, req, nullptr).count > 0;
}

std::optional<Grid> solve_random(const Grid& g, Rng& rng) {
  if (!well_formed(g)) return std::nullopt;
  Request req;
  req.limit = 1;
  req.rng = &rng;
  // Randomised search has heavy-tailed run times: restart with a fresh random order when a run
  // takes too many branches, doubling the allowance each time so the search stays complete.
  req.node_budget = 4LL * g.size();
  for (;;) {
    Grid sol;
    const Outcome out = run(g, req, &sol);
    if (out.count > 0) return sol;
    if (!out.exhausted_budget) return std::nullopt;
    req.node_budget *= 2;
  }
}

}  // namespace gp::solver
