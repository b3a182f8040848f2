// Arrow puzzles: arrows grown on the filled grid (paths whose digits add up to a circle's digit),
// then givens and arrows taken away while the puzzle keeps one solution. Every draw comes from the
// rng, so (seed, attempt) rebuilds the same puzzle.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// Arrows grown on the filled grid `solution`: each cell not yet used (in a random order) tried as a
// circle, with a few random walks from it (each step to one of the 8 cells around, unused, whose
// digit fits in what is left of the circle's) kept when the path adds up to the circle's digit
// exactly with 2 to 4 cells (1 cell on 4x4 too). Arrows share no cell, and two diagonal steps never cross.
std::vector<Arrow> grow_arrows(const Grid& solution, Rng& rng);

// An arrow puzzle on the filled grid `solution` (4x4 to 9x9; its board: classic, or a combination's
// frame such as the x board of arrow+x), with its board attached (that board with the rule, as `variant`):
// arrows grown on it (grow_arrows), every cell given; the givens, then the arrows, each in a random
// order, taken away while the puzzle keeps one solution. Minimal without `cap` (no given and no
// arrow can be taken away without a second solution); with `cap` (a difficulty's top rating),
// minimal among the puzzles the arrow ladder solves within it. Nullopt when `stopped` says so, or
// when no arrow is left.
// The node budget of each uniqueness search make_arrow runs: a search that runs out keeps its
// given or arrow (a sum's bounds prune less than a thermo's order, and a few of the searches on a
// nearly empty grid would otherwise take minutes).
inline constexpr std::int64_t kArrowNodeBudget = 4000;
std::optional<Grid> make_arrow(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                               std::optional<double> cap = std::nullopt, Variant variant = Variant::kArrow);

}  // namespace gp::gen
