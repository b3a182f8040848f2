// The killer scale: the bands killer puzzles are rated in (docs/killer.md).
//
// Killer puzzles are graded by grade() (grader/grader.hpp) like every puzzle, on the ladder their
// cage rule chooses (grader/cage_ladder.cpp): cage combinations, the 45 rule, cage-against-house
// interactions, and the classic techniques that stay sound with cages. There is no Sudoku
// Explainer scale for killer, so the rating is our own: every technique has a weight, the rating
// of a puzzle is the weight of its hardest step, on a scale from 1.0 to 10.0 with five bands
// (killer_bands()). A puzzle the ladder cannot finish is rated kKillerUnfinished (10.0), in the
// top band, with Grade::solved = false.
#pragma once

#include <string_view>

#include "core/result.hpp"
#include "grader/grader.hpp"

namespace gp::grader {

// The rating of a killer puzzle the ladder cannot finish.
inline constexpr double kKillerUnfinished = 10.0;

// The killer bands, maxima ascending, the last open-ended: easy, medium, hard, expert, fiendish
// (their ranges are in docs/killer.md). Use with label_for() and band_range() of grader.hpp.
const Bands& killer_bands();

// The range of the killer band `name` ("easy" .. "fiendish") or an inclusive range "A-B";
// errors as parse_rating_range's.
Result<RatingRange> killer_rating_range(std::string_view text);

// True when `rating` lies in the killer band `name`; false for a name that is not a band.
bool in_killer_band(double rating, std::string_view name);

}  // namespace gp::grader
