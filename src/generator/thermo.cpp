#include "generator/thermo.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

std::vector<std::vector<int>> grow_thermos(const Grid& solution, Rng& rng) {
  const int n = solution.n(), cells = n * n;
  const auto value = [&](int c) { return solution.cells[static_cast<size_t>(c)]; };
  std::vector<char> used(static_cast<size_t>(cells), 0);
  std::set<std::pair<int, int>> diagonals;  // diagonal steps taken, as (smaller cell, larger cell)
  auto crosses = [&](int a, int b) {
    const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    if (ra == rb || ca == cb) return false;
    const int x = ra * n + cb, y = rb * n + ca;  // the other diagonal of the same 2x2 square
    return diagonals.count({std::min(x, y), std::max(x, y)}) > 0;
  };
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  const int shortest = n <= 4 ? 2 : 3, longest = n <= 4 ? 4 : std::min(n, 6);
  std::vector<std::vector<int>> thermos;
  for (int start : order) {
    if (used[static_cast<size_t>(start)]) continue;
    const int length = rng.between(shortest, longest);
    std::vector<int> path{start};
    used[static_cast<size_t>(start)] = 1;
    while (static_cast<int>(path.size()) < length) {
      const int at = path.back(), r = at / n, c = at % n;
      std::vector<int> next;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc, to = rr * n + cc;
          if ((!dr && !dc) || rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
          if (used[static_cast<size_t>(to)] || value(to) <= value(at) || crosses(at, to)) continue;
          next.push_back(to);
        }
      if (next.empty()) break;
      const int to = next[rng.below(static_cast<std::uint32_t>(next.size()))];
      if (to / n != at / n && to % n != at % n) diagonals.insert({std::min(at, to), std::max(at, to)});
      used[static_cast<size_t>(to)] = 1;
      path.push_back(to);
    }
    if (path.size() >= 2) {
      thermos.push_back(std::move(path));
    } else {
      used[static_cast<size_t>(start)] = 0;  // free for a later walk to pass through
    }
  }
  return thermos;
}

std::optional<Grid> make_thermo(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                std::optional<double> cap, Variant variant) {
  const Board& base = board_of(solution);
  const int cells = base.cells;
  std::vector<std::vector<int>> thermos = grow_thermos(solution, rng);
  if (thermos.empty()) return std::nullopt;
  std::vector<Rule> rules{ThermoRule{thermos}};
  std::vector<std::uint8_t> puzzle = solution.cells;
  // Whether the puzzle `now` under `rules` has a second solution.
  auto ambiguous = [&](const std::vector<std::uint8_t>& now) {
    solver::Request req;
    req.limit = 2;
    return solver::search(base, rules, now.data(), req).count > 1;
  };
  // With a cap: whether the ladder solves `now` under `rules` within it.
  auto within_cap = [&](const std::vector<std::uint8_t>& now) {
    Grid g(solution.shape);
    g.cells = now;
    g.board = with_rules(base, variant, rules);
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
  // 3. The thermos.
  auto& kept = std::get<ThermoRule>(rules.front()).thermos;
  std::vector<int> which(kept.size());
  std::iota(which.begin(), which.end(), 0);
  rng.shuffle(which);
  std::vector<char> gone(kept.size(), 0);
  for (int i : which) {
    if (stopped()) return std::nullopt;
    gone[static_cast<size_t>(i)] = 1;
    kept.clear();
    for (size_t k = 0; k < thermos.size(); ++k)
      if (!gone[k]) kept.push_back(thermos[k]);
    bool needed = kept.empty() || ambiguous(puzzle);
    if (!needed && cap) needed = !within_cap(puzzle);
    if (needed) gone[static_cast<size_t>(i)] = 0;
  }
  kept.clear();
  for (size_t k = 0; k < thermos.size(); ++k)
    if (!gone[k]) kept.push_back(thermos[k]);
  auto rule = make_thermo_rule(solution.shape, kept);
  if (!rule) return std::nullopt;  // cannot happen: rising paths of a filled grid
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, variant, {std::move(*rule)});
  return out;
}

}  // namespace gp::gen
