// Puzzle generation: fill a full grid, dig holes in shuffled symmetry classes keeping the solution
// unique, reach an exact clue count (stopping early, or searching below what one dig reaches),
// optionally steer the difficulty with the grader, and de-duplicate batches by canonical form.
//
// Determinism: a puzzle depends only on (request, seed). A batch gives puzzle i the seed
// mix_seed(seed, stream, i) and produces the same puzzles in the same order for any number of jobs.
// Time never changes what is produced; it only decides when to give up (the budget).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/result.hpp"
#include "grader/grader.hpp"

namespace gp::gen {

struct Request {
  Shape shape{3, 3};
  // The rules: classic, or x / hyper (their extra units) / jigsaw (irregular regions, a layout
  // grown for each puzzle); see core/grid.hpp. Variants use the random fill; a difficulty target
  // rates them under their own rules.
  Variant variant = Variant::kClassic;
  // Jigsaw only: region layouts that map onto themselves under a half turn (generator/regions.hpp).
  bool symmetric_regions = false;
  // Killer only: a few givens (n of them) besides the cages, the easy form for beginners; by
  // default a killer puzzle has none. Killer cages follow the difficulty's profile
  // (generator/killer.hpp), not the SE rating.
  bool some_givens = false;
  // Clue count range, inclusive. 0 = no bound on that side. Equal values ask for an exact count.
  // With no upper bound the count is whatever one dig reaches (about 24 on 9x9 without symmetry).
  // Within a range, each puzzle's count is drawn uniformly from the counts the symmetry allows.
  int clues_min = 0;
  int clues_max = 0;
  std::string symmetry = "none";  // see symmetry.hpp
  std::string fill = "random";    // see fill.hpp
  // Every clue is needed: removing any one clue (with a symmetry: any one symmetric class of
  // clues) leaves more than one solution.
  bool minimal = false;
  // Difficulty target on the SE scale (grader/grader.hpp), e.g. band_range("hard") or 2.6-4.0.
  std::optional<grader::RatingRange> rating;
  // The name shown in messages for `rating` ("hard", or "" for a numeric range).
  std::string difficulty;
  // Bands used for labels (and to interpret `difficulty`).
  grader::Bands bands;
  // Wall-clock budget for one generate_one / generate_batch call, in seconds (> 0).
  double budget_seconds = 60.0;
  // Only puzzles the grader's ladder finishes (a book's `guessing: never`): a killer puzzle is then
  // graded even without a difficulty, and one the killer ladder cannot finish (rated
  // kKillerUnfinished, "needs guessing") is thrown away like one outside its band. Rated puzzles of
  // the other variants are kept only when solved already; the classic ladder has finished every
  // puzzle measured (docs/grader.md), so unrated ones are not graded for it.
  bool no_guessing = false;
};

// "9x9 with exactly 17 clues", "9x9 with 22-26 clues, rotate180 symmetry (centre cell given),
// minimal, rated hard (2.6-4.0)". Used in error messages.
std::string describe(const Request& r);

// Refuses requests that cannot succeed, with the reason:
//  - unknown symmetry or fill names, bad ranges (negative, min above max, above the cell count);
//  - fewer clues than a unique puzzle of that size can have: 9x9 below 17 (McGuire, Tugemann and
//    Civario, 2012), 6x6 below 8 and 4x4 below 4 (exhaustive enumeration), any size below n-1
//    (two digits absent from the givens could be swapped in any solution);
//  - clue counts the symmetry cannot produce (e.g. rotate180 on an even size: classes of 2 cells,
//    so only even counts);
//  - a budget that is not positive.
// Requests that pass may still run out of budget (e.g. 17 clues with a 1 s budget).
Status check_request(const Request& r);

// One puzzle, deterministic in `seed`. The Puzzle has givens, solution, seed, symmetry, fill,
// canonical, and rating/label/hardest when the request has a difficulty target (otherwise unrated).
// Errors: check_request's, or "gave up after 60 s: <describe>, best reached 19 clues in 1,234 tries".
Result<Puzzle> generate_one(const Request& r, std::uint64_t seed);

struct BatchOptions {
  // Worker threads (>= 1); the output does not depend on it. With fewer puzzles than jobs, the
  // threads share each puzzle: they race on its attempts and the lowest successful one wins.
  int jobs = 1;
  std::uint64_t stream = 0;                     // e.g. the book section index
  // Index of the batch's first puzzle: puzzle i of the batch is puzzle first + i of the stream, so
  // a long run can be made in chunks (with the earlier chunks' canonical forms in `exclude`) and
  // give exactly the puzzles one batch would.
  std::uint64_t first = 0;
  const std::unordered_set<std::string>* exclude = nullptr;  // canonical forms to avoid (not owned)
  // More canonical forms to avoid, asked one at a time (e.g. a catalogue's indexed lookup); called
  // on the calling thread only, in index order. Empty = none.
  std::function<bool(const std::string& canonical)> excluded;
  // Called after each puzzle is made, with (done, total). Calls are serialised by the generator
  // (never concurrent) but may come from any worker thread.
  std::function<void(int done, int total)> progress;
  // Grade every puzzle even without a difficulty target (fills rating/label/hardest).
  bool grade = false;
  // Not null: running out of budget is not a failure. The batch returns the puzzles made before
  // the first one that is missing (de-duplicated, in index order) and stores the budget error here.
  Error* out_of_budget = nullptr;
  // What counts as a duplicate: false = the same canonical form (the same puzzle relabelled, with
  // rows, columns, bands or stacks reordered, rotated or reflected); true = the same givens only,
  // so puzzles that differ by relabelling or rotation are all kept (worksheets). A puzzle whose
  // canonical form is in `exclude` is skipped either way; with `exact`, `exclude` may also hold
  // givens (format_line), and a puzzle whose givens are in it is skipped too.
  bool exact = false;
};

// `count` puzzles; puzzle i is generate_one(r, mix_seed(seed, stream, first + i)) unless that duplicates
// (same canonical form, or with `exact` the same givens) an earlier puzzle of the batch or one in
// `exclude` (or `excluded`): then it is regenerated with seeds mix_seed(seed_i, attempt) for
// attempt = 1, 2, ... until distinct, decided in index order. One budget (r.budget_seconds) covers
// the whole batch; on expiry the error says how many were made.
Result<std::vector<Puzzle>> generate_batch(const Request& r, std::uint64_t seed, int count,
                                           const BatchOptions& options = {});

// What BatchOptions::grade fills in: rating, hardest and label (the band of `bands`; "" when the
// ladder does not solve it) of a generated puzzle, graded in full with assume_unique. A caller that
// grades later (the book, beside its rendering) gets the same values as a graded batch.
bool batch_grades(const Request& r);
void grade_into(Puzzle& p, const grader::Bands& bands);

// True if every clue class of `puzzle` (per `symmetry`; single clues for "none") is needed: removing
// it leaves more than one solution. Requires a uniquely solvable puzzle.
bool is_minimal(const Grid& puzzle, std::string_view symmetry = "none");

}  // namespace gp::gen
