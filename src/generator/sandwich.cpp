#include "generator/sandwich.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

SandwichRule sandwich_clues(const Grid& solution) {
  const int n = solution.n();
  SandwichRule rule{std::vector<int>(static_cast<size_t>(n)), std::vector<int>(static_cast<size_t>(n))};
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      auto at = [&](int j) { return static_cast<int>(solution.cells[static_cast<size_t>(side ? j * n + i : i * n + j)]); };
      int one = 0, top = 0;
      for (int j = 0; j < n; ++j) {
        if (at(j) == 1) one = j;
        if (at(j) == n) top = j;
      }
      int sum = 0;
      for (int j = std::min(one, top) + 1; j < std::max(one, top); ++j) sum += at(j);
      (side ? rule.cols : rule.rows)[static_cast<size_t>(i)] = sum;
    }
  return rule;
}

std::optional<Grid> make_sandwich(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                  std::optional<double> cap) {
  const Board& base = classic_board(solution.shape);
  const int n = solution.n(), cells = base.cells;
  const SandwichRule full = sandwich_clues(solution);
  std::vector<Rule> rules{full};
  std::vector<std::uint8_t> puzzle = solution.cells;
  auto within_cap = [&](const std::vector<std::uint8_t>& now) {
    Grid g(solution.shape);
    g.cells = now;
    g.board = with_rules(base, Variant::kSandwich, rules);
    return grader::verdict(g, *cap).solved;
  };
  // 2. The givens: one taken away is needed when some solution differs from `solution` there.
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  for (int c : order) {
    if (stopped()) return std::nullopt;
    const auto v = puzzle[static_cast<size_t>(c)];
    puzzle[static_cast<size_t>(c)] = 0;
    solver::Request req;
    req.limit = 1;
    req.exclude_cell = c;
    req.exclude_value = v;
    bool needed = solver::search(base, rules, puzzle.data(), req).count > 0;
    if (!needed && cap) needed = !within_cap(puzzle);
    if (needed) puzzle[static_cast<size_t>(c)] = v;
  }
  // 3. The clues (rows 0..n-1, columns n..2n-1), in a random order.
  auto& kept = std::get<SandwichRule>(rules.front());
  std::vector<int> lines(static_cast<size_t>(2 * n));
  std::iota(lines.begin(), lines.end(), 0);
  rng.shuffle(lines);
  for (int l : lines) {
    if (stopped()) return std::nullopt;
    int& clue = l < n ? kept.rows[static_cast<size_t>(l)] : kept.cols[static_cast<size_t>(l - n)];
    const int was = clue;
    clue = kNoSandwich;
    bool needed = kept.clues() == 0;
    if (!needed) {
      solver::Request req;
      req.limit = 2;
      needed = solver::search(base, rules, puzzle.data(), req).count > 1;
    }
    if (!needed && cap) needed = !within_cap(puzzle);
    if (needed) clue = was;
  }
  auto rule = make_sandwich_rule(solution.shape, kept.rows, kept.cols);
  if (!rule) return std::nullopt;  // cannot happen: sums read off a filled grid
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, Variant::kSandwich, {std::move(*rule)});
  return out;
}

}  // namespace gp::gen
