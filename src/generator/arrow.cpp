#include "generator/arrow.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

std::vector<Arrow> grow_arrows(const Grid& solution, Rng& rng) {
  const int n = solution.n(), cells = n * n;
  const auto value = [&](int c) { return static_cast<int>(solution.cells[static_cast<size_t>(c)]); };
  std::vector<char> used(static_cast<size_t>(cells), 0);
  std::set<std::pair<int, int>> diagonals;  // diagonal steps taken, as (smaller cell, larger cell)
  auto diagonal = [&](int a, int b) { return a / n != b / n && a % n != b % n; };
  auto crosses = [&](int a, int b) {
    if (!diagonal(a, b)) return false;
    const int x = (a / n) * n + b % n, y = (b / n) * n + a % n;
    return diagonals.count({std::min(x, y), std::max(x, y)}) > 0;
  };
  const int shortest = n <= 4 ? 1 : 2, longest = n <= 4 ? 3 : 4;
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  std::vector<Arrow> arrows;
  for (int circle : order) {
    if (used[static_cast<size_t>(circle)] || value(circle) < shortest) continue;
    for (int attempt = 0; attempt < 4; ++attempt) {
      std::vector<int> path;
      int left = value(circle), at = circle;
      std::vector<char> mine(static_cast<size_t>(cells), 0);
      mine[static_cast<size_t>(circle)] = 1;
      while (left > 0 && static_cast<int>(path.size()) < longest) {
        std::vector<int> next;
        const int r = at / n, c = at % n;
        for (int dr = -1; dr <= 1; ++dr)
          for (int dc = -1; dc <= 1; ++dc) {
            const int rr = r + dr, cc = c + dc, to = rr * n + cc;
            if ((!dr && !dc) || rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
            if (used[static_cast<size_t>(to)] || mine[static_cast<size_t>(to)] || value(to) > left || crosses(at, to)) continue;
            next.push_back(to);
          }
        if (next.empty()) break;
        at = next[rng.below(static_cast<std::uint32_t>(next.size()))];
        mine[static_cast<size_t>(at)] = 1;
        path.push_back(at);
        left -= value(at);
      }
      if (left != 0 || static_cast<int>(path.size()) < shortest) continue;
      used[static_cast<size_t>(circle)] = 1;
      int from = circle;
      for (int c : path) {
        used[static_cast<size_t>(c)] = 1;
        if (diagonal(from, c)) diagonals.insert({std::min(from, c), std::max(from, c)});
        from = c;
      }
      arrows.push_back({circle, std::move(path)});
      break;
    }
  }
  return arrows;
}

std::optional<Grid> make_arrow(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                               std::optional<double> cap, Variant variant) {
  const Board& base = board_of(solution);
  const int cells = base.cells;
  const std::vector<Arrow> arrows = grow_arrows(solution, rng);
  if (arrows.empty()) return std::nullopt;
  std::vector<Rule> rules{ArrowRule{arrows}};
  std::vector<std::uint8_t> puzzle = solution.cells;
  // Each search is bounded (kArrowNodeBudget): one that runs out keeps the given or arrow.
  auto ambiguous = [&](const std::vector<std::uint8_t>& now) {
    solver::Request req;
    req.limit = 2;
    req.node_budget = kArrowNodeBudget;
    const solver::Outcome o = solver::search(base, rules, now.data(), req);
    return o.count > 1 || o.exhausted_budget;
  };
  auto within_cap = [&](const std::vector<std::uint8_t>& now) {
    Grid g(solution.shape);
    g.cells = now;
    g.board = with_rules(base, variant, rules);
    return grader::verdict(g, *cap).solved;
  };
  // The givens: one taken away is needed when some solution differs from `solution` there.
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
    req.node_budget = kArrowNodeBudget;
    const solver::Outcome o = solver::search(base, rules, puzzle.data(), req);
    bool needed = o.count > 0 || o.exhausted_budget;
    if (!needed && cap) needed = !within_cap(puzzle);
    if (needed) puzzle[static_cast<size_t>(c)] = v;
  }
  // The arrows.
  auto& kept = std::get<ArrowRule>(rules.front()).arrows;
  std::vector<int> which(arrows.size());
  std::iota(which.begin(), which.end(), 0);
  rng.shuffle(which);
  std::vector<char> gone(arrows.size(), 0);
  auto keep_left = [&] {
    kept.clear();
    for (size_t k = 0; k < arrows.size(); ++k)
      if (!gone[k]) kept.push_back(arrows[k]);
  };
  for (int i : which) {
    if (stopped()) return std::nullopt;
    gone[static_cast<size_t>(i)] = 1;
    keep_left();
    bool needed = kept.empty() || ambiguous(puzzle);
    if (!needed && cap) needed = !within_cap(puzzle);
    if (needed) gone[static_cast<size_t>(i)] = 0;
  }
  keep_left();
  auto rule = make_arrow_rule(solution.shape, kept);
  if (!rule) return std::nullopt;  // cannot happen: sums of a filled grid
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, variant, {std::move(*rule)});
  return out;
}

}  // namespace gp::gen
