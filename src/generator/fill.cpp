#include "generator/fill.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "generator/canonical.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

std::string_view fill_name(Fill f) {
  switch (f) {
    case Fill::kRandom: return "random";
    case Fill::kDiagonal: return "diagonal";
    case Fill::kPattern: return "pattern";
  }
  return "random";
}

Result<Fill> parse_fill(std::string_view name) {
  for (Fill f : {Fill::kRandom, Fill::kDiagonal, Fill::kPattern})
    if (fill_name(f) == name) return f;
  return Error("unknown fill '" + std::string(name) + "': expected random, diagonal or pattern");
}

Grid pattern_grid(Shape shape) {
  const int n = shape.n();
  Grid g(shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) g.set(r, c, ((r % shape.box_rows) * shape.box_cols + r / shape.box_rows + c) % n + 1);
  return g;
}

namespace {

// Boxes (i, i) for i < min(bands, stacks) share no row, column or box: fill each with a random
// permutation, then let the solver complete the grid.
std::optional<Grid> diagonal_fill(Shape shape, Rng& rng) {
  const int n = shape.n();
  const int bands = n / shape.box_rows, stacks = n / shape.box_cols;
  Grid g(shape);
  std::vector<int> values(static_cast<size_t>(n));
  for (int b = 0; b < std::min(bands, stacks); ++b) {
    std::iota(values.begin(), values.end(), 1);
    rng.shuffle(values);
    int k = 0;
    for (int i = 0; i < shape.box_rows; ++i)
      for (int j = 0; j < shape.box_cols; ++j)
        g.set(b * shape.box_rows + i, b * shape.box_cols + j, values[static_cast<size_t>(k++)]);
  }
  return solver::solve_random(g, rng);
}

}  // namespace

Grid random_latin_square(int n, Rng& rng) {
  // Jacobson and Matthews (1996): the square as an n x n x n cube of 0s and 1s (cell (r, c) holds
  // s + 1 where cube(r, c, s) = 1), each line of the cube summing to 1. A move picks a 0, adds 1
  // there and on the far corner of the box its three 1s span, takes 1 from those three: the lines
  // still sum to 1, and when the far corner goes to -1 the next moves start from it (choosing one
  // of its two 1s per line at random) until the cube is a square again. The walk is symmetric and
  // connected over the squares, so its stationary distribution is uniform; n^3 proper moves from
  // the cyclic square (more than its observed mixing time) take about 0.1 ms at 9x9.
  const auto un = static_cast<std::size_t>(n);
  std::vector<std::int8_t> cube(un * un * un, 0);
  auto at = [&](int r, int c, int v) -> std::int8_t& {
    return cube[(static_cast<std::size_t>(r) * un + static_cast<std::size_t>(c)) * un + static_cast<std::size_t>(v)];
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) at(r, c, (r + c) % n) = 1;
  const auto below = [&](int k) { return static_cast<int>(rng.below(static_cast<std::uint32_t>(k))); };
  // One of the 1s on a line of the cube (`f(i)` its i-th entry): the only one, or a random one of two.
  const auto one_of = [&](auto f) {
    int found[2] = {-1, -1}, k = 0;
    for (int i = 0; i < n && k < 2; ++i)
      if (f(i) == 1) found[k++] = i;
    return k == 2 ? found[below(2)] : found[0];
  };
  long long proper = 0;
  const long long moves = static_cast<long long>(n) * n * n;
  bool improper = false;
  int r = 0, c = 0, v = 0;
  while (proper < moves || improper) {
    if (!improper) {
      do {
        r = below(n), c = below(n), v = below(n);
      } while (at(r, c, v) != 0);
      ++proper;
    }
    const int v1 = one_of([&](int i) { return at(r, c, i); });
    const int r1 = one_of([&](int i) { return at(i, c, v); });
    const int c1 = one_of([&](int i) { return at(r, i, v); });
    ++at(r, c, v), --at(r, c, v1), --at(r1, c, v), --at(r, c1, v);
    ++at(r1, c1, v), ++at(r1, c, v1), ++at(r, c1, v1), --at(r1, c1, v1);
    improper = at(r1, c1, v1) < 0;
    if (improper) r = r1, c = c1, v = v1;
  }
  Grid g(Shape{1, n});
  for (int rr = 0; rr < n; ++rr)
    for (int cc = 0; cc < n; ++cc)
      for (int vv = 0; vv < n; ++vv)
        if (at(rr, cc, vv) == 1) g.set(rr, cc, vv + 1);
  return g;
}

Grid fill_grid(Shape shape, Fill fill, Rng& rng) {
  if (shape.latin() && fill == Fill::kRandom) return random_latin_square(shape.n(), rng);
  if (fill == Fill::kPattern) return apply_transform(random_transform(shape, rng), pattern_grid(shape));
  if (fill == Fill::kDiagonal)
    for (;;)
      if (auto g = diagonal_fill(shape, rng)) return *g;
  for (;;)
    if (auto g = solver::solve_random(Grid(shape), rng)) return *g;
}

Grid fill_board(const std::shared_ptr<const Board>& board, Rng& rng) {
  for (;;)
    if (auto g = solver::solve_random(Grid(board), rng)) return *g;
}

}  // namespace gp::gen
