#include "generator/dots.hpp"

#include <numeric>
#include <vector>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

DotRule dots_of(const Grid& solution, Variant variant, Rng& rng) {
  DotRule rule;
  rule.kropki = variant == Variant::kKropki;
  rule.negative = true;
  const int n = solution.n();
  for (int a = 0; a < solution.size(); ++a)
    for (int b : {a + 1, a + n}) {
      if ((b == a + 1 && b % n == 0) || b >= solution.size()) continue;
      const int x = solution.cells[static_cast<size_t>(a)], y = solution.cells[static_cast<size_t>(b)];
      const bool white = white_pair(x, y), black = rule.kropki && black_pair(x, y);
      if (white && black) rule.dots.push_back({a, b, rng.below(2) == 1});
      else if (white || black) rule.dots.push_back({a, b, black});
    }
  return rule;  // in (a, b) order already
}

std::optional<Grid> make_dot_puzzle(const Grid& solution, Variant variant, Rng& rng,
                                    const std::function<bool()>& stopped, std::optional<double> cap) {
  const Board& base = classic_board(solution.shape);
  const int cells = base.cells;
  std::vector<Rule> rules{dots_of(solution, variant, rng)};
  std::vector<std::uint8_t> puzzle = solution.cells;
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  for (int c : order) {
    if (stopped()) return std::nullopt;
    const auto v = puzzle[static_cast<size_t>(c)];
    puzzle[static_cast<size_t>(c)] = 0;
    bool needed = false;
    if (cap) {
      Grid g(solution.shape);
      g.cells = puzzle;
      g.board = with_rules(base, variant, rules);
      needed = !grader::verdict(g, *cap).solved;
    } else {
      solver::Request req;
      req.limit = 1;
      req.exclude_cell = c;
      req.exclude_value = v;
      needed = solver::search(base, rules, puzzle.data(), req).count > 0;
    }
    if (needed) puzzle[static_cast<size_t>(c)] = v;
  }
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, variant, std::move(rules));
  return out;
}

}  // namespace gp::gen
