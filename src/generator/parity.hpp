// Even-odd puzzles: parity marks taken from a filled grid, then givens and marks taken away while
// the puzzle keeps one solution. Every draw comes from the rng, so (seed, attempt) rebuilds the
// same puzzle.
#pragma once

#include <functional>
#include <optional>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// An even-odd puzzle on the filled classic grid `solution` (4x4 to 9x9), with its board attached:
//   1. every cell marked with its digit's parity, every cell given;
//   2. the givens, in a random order, each taken away when the rest (with every mark) still has
//      one solution;
//   3. the marks, in a random order, each taken away when the rest (with the givens left) still has
//      one solution (a mark is needed exactly when flipping it to the other parity still leaves a
//      solution).
// Without `cap` the result is minimal: no given and no mark can be taken away without a second
// solution (a given kept in step 2 is needed with every mark, so with fewer marks too; a mark kept
// in step 3 is needed with the final givens and marks). With `cap` (a difficulty's top rating) a
// given or mark is taken away only when the even-odd ladder still solves the puzzle with no
// step rated above `cap` (which proves it unique: the ladder has no uniqueness technique), so the
// result is minimal among the puzzles the ladder solves within the cap: taking away any given or
// mark leaves a second solution or needs a harder step. Nullopt when `stopped` says so.
// The marks go on the solution's board (board_of(solution): classic, or a combination's frame),
// the puzzle's board is that board with the marks, as `variant`.
std::optional<Grid> make_even_odd(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                  std::optional<double> cap = std::nullopt, Variant variant = Variant::kEvenOdd);

}  // namespace gp::gen
