#include "generator/parity.hpp"

#include <numeric>
#include <vector>

#include "grader/grader.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

std::optional<Grid> make_even_odd(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                  std::optional<double> cap, Variant variant) {
  const Board& base = board_of(solution);
  const int cells = base.cells;
  std::string marks(static_cast<size_t>(cells), '.');
  for (int c = 0; c < cells; ++c) marks[static_cast<size_t>(c)] = solution.cells[static_cast<size_t>(c)] % 2 ? 'O' : 'E';
  std::vector<Rule> rules{ParityRule{marks}};
  std::vector<std::uint8_t> puzzle = solution.cells;
  // With a cap: whether the ladder solves `puzzle` under `rules` within it (hence uniquely).
  auto within_cap = [&](const std::vector<std::uint8_t>& now) {
    Grid g(solution.shape);
    g.cells = now;
    g.board = with_rules(base, variant, rules);
    return grader::verdict(g, *cap).solved;
  };
  std::vector<int> order(static_cast<size_t>(cells));
  std::iota(order.begin(), order.end(), 0);

  // 2. The givens: one taken away is needed when some solution differs from `solution` there.
  rng.shuffle(order);
  for (int c : order) {
    if (stopped()) return std::nullopt;
    const auto v = puzzle[static_cast<size_t>(c)];
    puzzle[static_cast<size_t>(c)] = 0;
    bool needed = false;
    if (cap) {
      needed = !within_cap(puzzle);
    } else {
      solver::Request req;
      req.limit = 1;
      req.exclude_cell = c;
      req.exclude_value = v;
      needed = solver::search(base, rules, puzzle.data(), req).count > 0;
    }
    if (needed) puzzle[static_cast<size_t>(c)] = v;
  }
  // 3. The marks: one is needed when the puzzle with that mark flipped still has a solution (any
  // second solution of the puzzle without it has the other parity there).
  rng.shuffle(order);
  auto& m = std::get<ParityRule>(rules.front()).marks;
  for (int c : order) {
    if (stopped()) return std::nullopt;
    if (puzzle[static_cast<size_t>(c)]) {  // a given's mark says nothing more: never needed
      m[static_cast<size_t>(c)] = '.';
      continue;
    }
    const char mark = m[static_cast<size_t>(c)];
    bool needed = false;
    if (cap) {
      m[static_cast<size_t>(c)] = '.';
      needed = !within_cap(puzzle);
    } else {
      m[static_cast<size_t>(c)] = mark == 'E' ? 'O' : 'E';
      solver::Request req;
      req.limit = 1;
      needed = solver::search(base, rules, puzzle.data(), req).count > 0;
    }
    m[static_cast<size_t>(c)] = needed ? mark : '.';
  }
  auto rule = make_parity_rule(solution.shape, m);
  if (!rule) return std::nullopt;  // cannot happen: the marks of a filled grid
  Grid out(solution.shape);
  out.cells = std::move(puzzle);
  out.board = with_rules(base, variant, {std::move(*rule)});
  return out;
}

}  // namespace gp::gen
