// Full-grid fill strategies: the solution a puzzle is dug from.
#pragma once

#include <memory>
#include <string_view>

#include "core/grid.hpp"
#include "core/result.hpp"
#include "core/rng.hpp"

namespace gp::gen {

enum class Fill {
  kRandom,    // randomised solver search on the empty grid: any grid can come out (the default)
  kDiagonal,  // the boxes on the diagonal (independent of each other) filled at random, then solved
  kPattern,   // a base Latin pattern under a random Sudoku transform: every result is equivalent
              // to every other one (fine for worksheets, poor for variety)
};

// "random", "diagonal", "pattern".
std::string_view fill_name(Fill f);
// Error: "unknown fill 'x': expected random, diagonal or pattern".
Result<Fill> parse_fill(std::string_view name);

// A complete valid grid of `shape` (a Latin shape's kRandom: random_latin_square). Deterministic in the rng state. Never fails for the supported
// shapes (random and diagonal retry with fresh choices in the unlikely event of a dead end).
Grid fill_grid(Shape shape, Fill fill, Rng& rng);

// A uniformly random n x n Latin square (shape Shape{1, n}), by the Markov chain of Jacobson and
// Matthews; fill_grid's kRandom on a Latin shape. Deterministic in the rng state.
Grid random_latin_square(int n, Rng& rng);

// A complete valid grid on a variant board (randomised solver search, as kRandom). Deterministic in
// the rng state. Requires a board that has solutions (x and hyper always do).
Grid fill_board(const std::shared_ptr<const Board>& board, Rng& rng);

// The base pattern used by kPattern (before the random transform): value at (r, c) is
// ((r mod box_rows) * box_cols + r div box_rows + c) mod n, plus 1.
Grid pattern_grid(Shape shape);

}  // namespace gp::gen
