#include "generator/fill.hpp"

#include <algorithm>
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

Grid fill_grid(Shape shape, Fill fill, Rng& rng) {
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
