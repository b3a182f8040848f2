// Killer puzzles: cages grown on a filled grid and adjusted until the cage sums alone (with the
// givens, if any) have one solution. Nothing comes from a fixed list: every draw comes from the
// rng, so (seed, attempt) rebuilds the same cages.
#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// How a difficulty shapes the cages: the sizes new cages are drawn from (equally likely), the
// largest cage, and how many merges of two neighbouring cages are tried once the puzzle is unique
// (each kept while it stays unique: fewer, larger cages are harder).
struct KillerProfile {
  std::vector<int> sizes;
  int max_size = 4;
  int merges = 0;
};

// The profile of a difficulty name (easy, medium, hard, expert, fiendish; "" = medium) on an n x n
// grid: easy mostly cages of 2 (at most 3 cells), fiendish cages of 3 to 6 and merges on top.
// Sizes are capped at n - 1 on small grids.
KillerProfile killer_profile(std::string_view difficulty, int n);
// Whether `difficulty` names a killer profile (the five names above).
bool killer_difficulty(std::string_view difficulty);

// A killer puzzle on the filled classic grid `solution`: its board attached (cages whose sums are
// computed from `solution`), no givens, or `givens` cells of the solution given (chosen at random
// before the cages are grown). Every cage has at least two cells, its digits all different.
// Nullopt when the cages could not be made unique in a few rounds (the caller draws a fresh grid)
// or when `stopped` says so. Deterministic in the rng state.
// The cages grow on the solution's board (board_of(solution): classic, or a combination's frame
// such as the x board of killer+x or a jigsaw board), and the puzzle's board is that board with the
// cages, as `variant`.
std::optional<Grid> make_killer(const Grid& solution, const KillerProfile& profile, int givens, Rng& rng,
                                const std::function<bool()>& stopped, Variant variant = Variant::kKiller);

}  // namespace gp::gen
