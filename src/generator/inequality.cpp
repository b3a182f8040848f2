#include "generator/inequality.hpp"

#include <array>
#include <numeric>
#include <vector>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

std::optional<Grid> make_inequality_puzzle(const Grid& solution, const Board& base, Variant variant,
                                           const SignPlan& plan, Rng& rng, const std::function<bool()>& stopped,
                                           std::optional<double> cap) {
  const int n = base.n, cells = base.cells;
  const auto digit = [&](int c) { return solution.cells[static_cast<size_t>(c)]; };
  // 1. Every sign the plan names (the pair's greater cell first), every cell given.
  std::vector<std::array<int, 2>> all;
  for (int c = 0; c < cells; ++c)
    for (int d : {c + 1, c + n}) {
      if ((d == c + 1 && c % n == n - 1) || d >= cells) continue;
      if (plan.boxes_only && base.region[static_cast<size_t>(c)] != base.region[static_cast<size_t>(d)]) continue;
      all.push_back(digit(c) > digit(d) ? std::array<int, 2>{c, d} : std::array<int, 2>{d, c});
    }
  std::vector<char> kept(all.size(), 1);
  std::vector<std::uint8_t> puzzle = solution.cells;
  const auto rules_now = [&](int turned = -1) {
    InequalityRule r;
    for (size_t i = 0; i < all.size(); ++i) {
      if (!kept[i]) continue;
      auto s = all[i];
      if (static_cast<int>(i) == turned) std::swap(s[0], s[1]);
      r.signs.push_back(s);
    }
    return std::vector<Rule>{std::move(r)};
  };
  // Whether the puzzle has a solution besides `solution` once part `k` goes: k < cells a given, a
  // solution with another digit there; else a sign, a solution with it turned round.
  const auto second = [&](int k) {
    solver::Request req;
    req.limit = 1;
    if (k < cells) {
      req.exclude_cell = k;
      req.exclude_value = digit(k);
      return solver::search(base, rules_now(), puzzle.data(), req).count > 0;
    }
    return solver::search(base, rules_now(k - cells), puzzle.data(), req).count > 0;
  };
  const auto within_cap = [&] {
    Grid g(solution.shape);
    g.cells = puzzle;
    g.board = with_rules(base, variant, rules_now());
    return grader::verdict(g, *cap).solved;
  };
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order);
  if (plan.dig_signs) {  // the givens first (few or none are left), then the signs, each in a random order
    std::vector<int> signs(all.size());
    std::iota(signs.begin(), signs.end(), cells);
    rng.shuffle(signs);
    order.insert(order.end(), signs.begin(), signs.end());
  }
  // 2. Each part taken away while the rest has one solution (within the cap, with one).
  for (int k : order) {
    if (stopped()) return std::nullopt;
    const bool given = k < cells;
    if (given) puzzle[static_cast<size_t>(k)] = 0;
    bool needed = second(k);  // a sign is still kept here: second() turns it round
    if (!given) kept[static_cast<size_t>(k - cells)] = 0;
    if (!needed && cap) needed = !within_cap();
    if (needed) {
      if (given) puzzle[static_cast<size_t>(k)] = static_cast<std::uint8_t>(digit(k));
      else kept[static_cast<size_t>(k - cells)] = 1;
    }
  }
  std::vector<std::array<int, 2>> signs;
  for (size_t i = 0; i < all.size(); ++i)
    if (kept[i]) signs.push_back(all[i]);
  auto rule = make_inequality_rule(solution.shape, std::move(signs));
  if (!rule) return std::nullopt;  // cannot happen: the signs of a filled grid
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, variant, {std::move(*rule)});
  return out;
}

}  // namespace gp::gen
