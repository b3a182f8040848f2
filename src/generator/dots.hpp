// Dot puzzles (consecutive, kropki, non-consecutive): the dots taken from a filled grid, then
// givens taken away while the puzzle keeps one solution. Every draw comes from the rng, so (seed,
// attempt) rebuilds the same puzzle.
#pragma once

#include <functional>
#include <optional>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// The dot rule of `variant` (consecutive, kropki or non-consecutive) that the filled grid
// `solution` satisfies, with every dot it has: consecutive, a white dot on every pair 1 apart;
// kropki, a white dot on every pair 1 apart and a black dot on every pair one double the other,
// negative (1 and 2 are both: the rng picks the colour, so neither colour tells a solver more than
// the rule says); non-consecutive, no dots (the solution must have no pair 1 apart).
DotRule dots_of(const Grid& solution, Variant variant, Rng& rng);

// A puzzle of `variant` on the filled classic grid `solution` (4x4 to 9x9), with its board
// attached: every dot of dots_of, and of the givens (all at first, in a random order) each one
// taken away when the rest still has one solution. The dots stay: every rule here is negative (a
// pair without a dot says something), so a dot taken away would change the puzzle, not thin it.
// Without `cap` the result is minimal in its givens: none can be taken away without a second
// solution (a given kept is needed with the givens after it, so with fewer too). With `cap` (a
// difficulty's top rating) a given is taken away only when the dot ladder still solves the puzzle
// with no step rated above `cap` (which proves it unique: the ladder has no uniqueness technique),
// so the result is minimal among the puzzles the ladder solves within the cap. Nullopt when
// `stopped` says so.
std::optional<Grid> make_dot_puzzle(const Grid& solution, Variant variant, Rng& rng,
                                    const std::function<bool()>& stopped, std::optional<double> cap = std::nullopt);

}  // namespace gp::gen
