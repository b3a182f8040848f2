// Thermo puzzles: thermometers grown along the filled grid (paths on which its digits rise), then
// givens and thermos taken away while the puzzle keeps one solution. Every draw comes from the
// rng, so (seed, attempt) rebuilds the same puzzle.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// Thermos grown on the filled grid `solution`: from each cell not yet on a thermo (in a random
// order) a walk to a random neighbour (one of the 8 around) not on a thermo that holds a larger
// digit, up to a random length (2 to 4 cells on 4x4, 3 to 6 on larger grids), kept when it has 2
// cells or more. Thermos do not share cells, and two diagonal steps never cross.
std::vector<std::vector<int>> grow_thermos(const Grid& solution, Rng& rng);

// A thermo puzzle on the filled grid `solution` (4x4 to 9x9; its board: classic, or a combination's
// frame such as the x board of thermo+x), with its board attached (that board with the rule, as `variant`):
//   1. thermos grown on it (grow_thermos), every cell given;
//   2. the givens, in a random order, each taken away when the rest (with every thermo) still has
//      one solution;
//   3. the thermos, in a random order, each taken away when the rest (with the givens left) still
//      has one solution.
// Without `cap` the result is minimal: no given and no thermo can be taken away without a second
// solution (a given kept in step 2 is needed with every thermo, so with fewer too; a thermo kept in
// step 3 is needed with the final givens and thermos). With `cap` (a difficulty's top rating) a
// given or thermo is taken away only when the puzzle stays unique and the thermo ladder still
// solves it with no step rated above `cap`, so the result is minimal among the puzzles the ladder
// solves within the cap. Nullopt when `stopped` says so, or (never seen) when no thermo is left.
std::optional<Grid> make_thermo(const Grid& solution, Rng& rng, const std::function<bool()>& stopped,
                                std::optional<double> cap = std::nullopt, Variant variant = Variant::kThermo);

}  // namespace gp::gen
