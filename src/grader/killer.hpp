// Human-style grading of killer puzzles (docs/killer.md).
//
// There is no Sudoku Explainer scale for killer, so the rating is our own: grade_killer() solves
// the puzzle the way a person solves a killer, by an ordered ladder of techniques, easiest first
// (after every step the ladder restarts from the easiest): cage combinations, the 45 rule
// (innies and outies of rows, columns, boxes and unions of neighbouring ones), cage-against-house
// interactions, and the classic techniques of the Sudoku grader on the candidates that remain.
// Every technique has a weight; the rating of a puzzle is the weight of its hardest step, on a
// scale from 1.0 to 10.0 with five bands (killer_bands()). A puzzle the ladder cannot finish is
// rated kKillerUnfinished (10.0), in the top band, with solved = false.
//
// Thread-safe: no shared mutable state (each call owns its work).
#pragma once

#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"
#include "grader/grader.hpp"
#include "grader/state.hpp"

namespace gp::grader {

// The rating of a puzzle the ladder cannot finish.
inline constexpr double kKillerUnfinished = 10.0;

// The killer bands, maxima ascending, the last open-ended: easy, medium, hard, expert, fiendish
// (their ranges are in docs/killer.md). Use with label_for() and band_range() of grader.hpp.
const Bands& killer_bands();

// The range of the killer band `name` ("easy" .. "fiendish") or an inclusive range "A-B";
// errors as parse_rating_range's.
Result<RatingRange> killer_rating_range(std::string_view text);

// True when `rating` lies in the killer band `name`; false for a name that is not a band.
bool in_killer_band(double rating, std::string_view name);

struct KillerGradeOptions {
  // Stop as soon as the next step would need a technique weighted above this (capped is then true
  // and the true rating is above it). Default: no cap.
  double max_rating = std::numeric_limits<double>::infinity();
  // Keep every step in KillerGrade::path (for --explain). Default: off (faster).
  bool record_path = false;
  // Test mode: when set (the puzzle's solution, on any board), every step is checked against it;
  // a step that removes the solution's digit or places another one stops the grading and is
  // named in KillerGrade::wrong_step. Slower than a plain call (every step is described).
  const Grid* check_against = nullptr;
};

struct KillerGrade {
  bool valid = false;     // the puzzle is a killer puzzle whose givens fit its board
  bool solved = false;    // the ladder solved it completely
  bool capped = false;    // stopped by max_rating
  // The weight of the hardest step used; kKillerUnfinished when not solved (and not capped);
  // -1 when not valid.
  double rating = -1.0;
  std::string label;      // band of `rating` (killer_bands()); "" when capped or not valid
  std::string hardest;    // technique of the hardest step used ("" if none)
  std::map<std::string, int> counts;  // steps per technique name
  std::vector<Step> path;             // every step in order when record_path
  std::string wrong_step;             // check_against mode: the first step the solution refutes
};

// Grades a killer puzzle (a grid on a killer board, Variant::kKiller, up to 9x9; givens allowed).
// Does not check uniqueness: the caller (the generator, or grade after a solution count) knows the
// puzzle has exactly one solution. Every deduction is sound for any puzzle, so on a puzzle with
// several solutions the ladder simply gets stuck (solved = false).
KillerGrade grade_killer(const Grid& puzzle, const KillerGradeOptions& options = {});

// The killer ladder as data (technique names in the order they are tried, with their weight).
std::vector<LadderEntry> killer_ladder();

}  // namespace gp::grader
