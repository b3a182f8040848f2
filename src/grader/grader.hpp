// Human-style grading on the Sudoku Explainer (SE 1.2.1) scale, and on the scale a board's rules
// choose (killer: grader/killer.hpp).
//
// grade() solves a puzzle the way SE does: an ordered ladder of techniques, easiest first; each
// step uses the first technique (in ladder order) that makes progress, then the ladder restarts
// from the easiest. The rating is the highest step rating used. The ladder is data chosen by the
// board's rules (grader/ladder.hpp): the classic one without rules, the killer one with cages.
// See docs/grader.md for the ladders, the ratings and how to add a technique or a rule.
//
// Thread-safe: no shared mutable state (each call owns its State and rule contexts).
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/difficulty.hpp"
#include "core/grid.hpp"
#include "core/result.hpp"
#include "grader/state.hpp"

namespace gp::grader {

// Difficulty bands. Labels: a rating gets the first band (in list order, maxima ascending) whose max
// is at least the rating, the last band above every max. Targets (band_range): a band with a floor
// (min >= 0) covers [min, max], min exclusive when another band ends exactly there (so the default
// bands do not overlap); without one it covers (max of the band before, max]. Defaults
// (core/difficulty.hpp): easy <= 1.5, medium <= 2.5, hard <= 4.0, expert <= 6.0, fiendish above.
struct Band {
  std::string name;
  double max = 0.0;  // inclusive upper bound; +infinity = open-ended
  double min = -1.0; // the band's own floor; < 0 = where the band before ends
};
// The default bands as above, the last one open-ended.
std::vector<Band> default_bands();
struct Bands {
  std::vector<Band> bands = default_bands();
};

// The name of the band containing `rating`. Requires bands non-empty, maxima ascending.
// A rating above every band's max gets the last band's name.
std::string label_for(double rating, const Bands& bands = {});

// A range of ratings [lo, hi] (lo exclusive when lo_exclusive).
struct RatingRange {
  double lo = 0.0;
  double hi = std::numeric_limits<double>::infinity();
  bool lo_exclusive = false;

  bool contains(double rating) const;
};

// Parses a band name ("hard": the band's own range) or "A-B" (inclusive, A <= B, e.g. "2.6-4.0").
// Errors: "unknown difficulty 'x': expected easy, medium, hard, expert, fiendish or a range A-B such
// as 2.6-4.0", "bad rating range '4-2': low end above high end".
Result<RatingRange> parse_rating_range(std::string_view text, const Bands& bands = {});

// The range of one named band; error as above when the name is not a band.
Result<RatingRange> band_range(std::string_view name, const Bands& bands = {});

struct GradeOptions {
  // Stop as soon as the next step would need a technique rated above this (Grade::capped is then
  // true and the true rating is known to be > max_rating). Default: no cap.
  double max_rating = std::numeric_limits<double>::infinity();
  // Keep every step in Grade::path (for hints and --explain). Default: off (faster).
  bool record_path = false;
  // Skip the uniqueness check when the caller already knows the puzzle has exactly one solution
  // (the generator). Grading a non-unique puzzle with this set gives meaningless ratings; only a
  // grade that solves the puzzle without Grade::used_uniqueness still proves it unique.
  bool assume_unique = false;
  // A bound on the uniqueness check's search, in branch nodes (solver::count_solutions_within);
  // -1: none (the generator's puzzles are known to be small searches). When the search meets it,
  // Grade::gave_up is set and the puzzle is not rated. `gridpress grade` sets --max-nodes.
  std::int64_t node_budget = -1;
  // The bands of the SE scale (labels); a ladder on its own scale (killer) labels with its own.
  Bands bands;
  // Test mode: when set (the puzzle's solution), every step is checked against it; a step that
  // removes the solution's digit or places another one stops the ladder there (unfinished) and
  // is named in Grade::wrong_step. Slower (every step is described).
  const Grid* check_against = nullptr;
};

struct Grade {
  bool unique = false;     // exactly one solution (false: no solution or several; never rated)
  bool gave_up = false;    // the uniqueness check met GradeOptions::node_budget (not rated)
  int solutions = 0;       // solution count up to 2 (0, 1 or 2 meaning "2 or more")
  bool solved = false;     // the ladder solved the puzzle completely
  bool capped = false;     // stopped by max_rating: the true rating is above it
  // A step assumed the puzzle has one solution (unique rectangle/loop, BUG). Every other step is a
  // sound deduction, so a puzzle solved without such a step is proven unique.
  bool used_uniqueness = false;
  // Highest step rating used; -1 if not rated (not unique). Unsolved (not capped) on a ladder
  // with an unfinished rating (killer: kKillerUnfinished), that rating.
  double rating = -1.0;
  std::string hardest;     // technique name of the highest-rated step ("" if none)
  // Band of `rating` on the ladder's scale when solved, or unsolved on a ladder with an unfinished
  // rating; "" when not unique, capped or otherwise unsolved.
  std::string label;
  std::map<std::string, int> counts;  // steps per technique name
  std::vector<Step> path;  // every step in order when record_path
  std::string wrong_step;  // GradeOptions::check_against: the first step the solution refutes
};

// Grades `puzzle` (any standard shape, n <= 16). Requires valid dimensions; givens that break the
// rules count as "no solution". A puzzle that is not uniquely solvable is reported (unique = false)
// and never rated. If the ladder gets stuck (no technique applies), solved = false and rating is the
// hardest step used so far.
// A variant puzzle (a grid with a board: x, hyper, jigsaw, samurai) is graded under its board's
// rules: every unit of the board is a house (docs/grader.md says which technique reads which
// units); a samurai board climbs the whole ladder over every grid's rows, columns and boxes.
// A board with rules climbs the ladder they choose, on its scale: a killer puzzle (up to 9x9) the
// killer ladder (grader/killer.hpp), rated 1.0 .. 10.0 in the killer bands, a puzzle it cannot
// finish rated kKillerUnfinished and labelled. With assume_unique, the givens are still checked
// against the board's rules (a cage sum broken: no solution, not rated).
Grade grade(const Grid& puzzle, const GradeOptions& options = {});

// What the generator's removal test needs of grade(puzzle, {max_rating, assume_unique = true}):
// whether the capped ladder solves the puzzle (solved && !capped), and whether that proves it
// unique (no step assumed one solution). Under a cap below the first rung that is not a single
// (SE 1.7: easy and below) it runs only the singles the cap allows, to their fixed point, instead
// of the ladder: the order of the steps cannot change whether they finish the puzzle, and the
// fixed point needs no rating, no steps and no per-value places (several times faster). Above
// that it is grade(). Givens that break the rules give {false, false}.
struct Verdict {
  bool solved = false;
  bool proven_unique = false;
};
Verdict verdict(const Grid& puzzle, double max_rating);

// The ladder as data, for docs, tests and the CLI: technique names in the order they are tried,
// with their (lowest) rating; ladder() is the classic one, ladder(board) the one the board's
// rules choose (the killer ladder's ratings are its techniques' weights).
struct LadderEntry {
  std::string name;
  double rating = 0.0;
};
std::vector<LadderEntry> ladder();
std::vector<LadderEntry> ladder(const Board& board);

}  // namespace gp::grader
