// KenKen puzzles: a random Latin square cut into cages of 1 to 4 cells, each given an operation
// and its target from the square, adjusted until the cages alone (no givens, as KenKen is
// published) have one solution. Nothing comes from a fixed list: every draw comes from the rng,
// so (seed, attempt) rebuilds the same puzzle.
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// How a difficulty shapes the cages: the sizes new cages are drawn from (equally likely), the
// largest cage, and how many merges of two neighbouring cages are tried once the puzzle is unique
// (each kept while it stays unique).
struct KenKenProfile {
  std::vector<int> sizes;
  int max_size = 4;
  int merges = 0;
};
// The profile of a difficulty name (easy, medium, hard, expert, fiendish; "" = medium) on an
// n x n grid: easy mostly cages of 2 cells, harder ones cages of 3 and 4 and merges.
KenKenProfile kenken_profile(std::string_view difficulty, int n);

// What making one puzzle took (tests and the docs' figures).
struct KenKenStats {
  int repairs = 0;      // second solutions broken (an operation changed, or a cell split off)
  int splits = 0;       // of which by splitting a cell off into a one-cell cage
  int proofs = 0;       // uniqueness searches run
  int singles = 0;      // one-cell cages in the result
};

// A KenKen puzzle on the filled Latin square `solution` (its board, board_of(solution), the Latin
// square's rows and columns): no givens, its board attached (that board with the cages, as
// `variant`).
//   1. Cages grown from the free cells in random order, each to a size drawn from `profile`,
//      adding random free neighbours; a cell left alone joins a neighbouring cage that has room.
//   2. Each cage's operation as published puzzles choose them: one cell '='; two cells '/' when
//      the larger digit is a multiple of the smaller (mostly), else '-' (mostly), else '+' or '*';
//      more cells '+' or '*'. The target is computed from `solution`.
//   3. While the solver finds a second solution, a cell where it differs is taken: its cage gets
//      another operation the second solution does not reach, or, when none does, the cell is split
//      off into a one-cell cage (the rest of its cage re-cut into its pieces). Each round breaks
//      the second solution found, so the rounds end.
//   4. One-cell cages then join a neighbouring cage wherever the puzzle stays unique, and the
//      profile's merges are tried.
// Every proof has a node budget; a proof over it fails the attempt. Nullopt when the cages could
// not be made unique in the rounds allowed (the caller draws a fresh square) or when `stopped`
// says so. Deterministic in the rng state.
std::optional<Grid> make_kenken(const Grid& solution, const KenKenProfile& profile, Rng& rng,
                                const std::function<bool()>& stopped, Variant variant, KenKenStats* stats = nullptr);

// How many cells a puzzle graded above its band may have split off (kenken_cell_alone) on an n x n
// grid before the attempt gives up: n / 2.
inline int kenken_alone_cells(int n) { return n / 2; }

// `puzzle` (a kenken puzzle) with `cell` split off its cage into a one-cell cage ('=', its digit in
// `solution`: KenKen's form of a given), the rest of that cage re-cut into its side-by-side
// pieces, each keeping the cage's operation ('+' or '*', the target its digits make; a piece of
// one cell '='). Every solution of the result solves `puzzle`, so a unique puzzle stays unique.
// Nullopt when the cell is alone in its cage already.
std::optional<Grid> kenken_cell_alone(const Grid& puzzle, const Grid& solution, int cell);

}  // namespace gp::gen
