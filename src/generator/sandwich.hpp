// Sandwich puzzles: every row and column clue read off the filled grid (the sum of the digits
// between its 1 and its n), then givens and clues taken away while the puzzle keeps one solution.
// Every draw comes from the rng, so (seed, attempt) rebuilds the same puzzle.
#pragma once

#include <functional>
#include <optional>

#include "core/grid.hpp"
#include "core/rng.hpp"
#include "core/rules.hpp"

namespace gp::gen {

// The clues of the filled grid `solution`: each row's and each column's sum between its 1 and n.
SandwichRule sandwich_clues(const Grid& solution);

// A sandwich puzzle on the filled grid `solution` (6x6 to 9x9, classic boxes), with its board
// attached (the classic board with the rule):
//   1. all 2n clues (sandwich_clues), every cell given;
//   2. the givens, in a random order, each taken away when the rest (with every clue) still has
//      one solution;
//   3. the clues, in a random order, each taken away when the rest (with the givens left) still
//      has one solution.
// Without `cap` the result is minimal: no given and no clue can be taken away without a second
// solution (a given kept in step 2 is needed with every clue, so with fewer too; a clue kept in
// step 3 is needed with the final givens and clues). With `cap` (a difficulty's top rating) a given
// or clue is taken away only when the puzzle stays unique and the sandwich ladder still solves it
// with no step rated above `cap`: minimal among the puzzles the ladder solves within the cap.
// Nullopt when `stopped` says so.
std::optional<Grid> make_sandwich(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                  std::optional<double> cap = std::nullopt);

}  // namespace gp::gen
