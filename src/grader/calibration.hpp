// Calibration of the grader against Sudoku Explainer 1.2.1 ratings: agreement statistics used by
// bench/calibrate.cpp (the report tool) and by the calibration test (floors on a committed sample).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"
#include "grader/grader.hpp"

namespace gp::grader {

struct RatedPuzzle {
  Grid puzzle;
  double se = 0.0;  // SE 1.2.1's rating (ER)
};

// Parses a TSV with a header line naming the columns; uses `puzzle` and `se121_er`. Blank lines
// are skipped. Errors name the line: "line 1: no se121_er column", "line 5: 80 cells, expected 81".
Result<std::vector<RatedPuzzle>> parse_rated_tsv(std::string_view text);

struct BucketStats {
  int count = 0;
  int exact = 0;
  int within = 0;        // |ours - SE| <= 0.3
  double sum_ours = 0;   // for the mean
};

struct CalibrationReport {
  int total = 0;
  int exact = 0;             // ours == SE (to 0.05)
  int within = 0;            // |ours - SE| <= 0.3
  int unsolved = 0;          // ladder got stuck (counted as rating 20, SE's "no hint" value)
  int not_unique = 0;        // skipped: not uniquely solvable
  double spearman = 0.0;
  int band_agree = 0;
  double seconds = 0.0;      // total grading time (CPU time of the calling thread)
  double seconds_easy = 0.0; // grading time of puzzles SE rates <= 4.0
  int count_easy = 0;
  std::vector<std::string> band_names;
  std::vector<std::vector<int>> confusion;  // [SE band][our band]
  std::map<double, BucketStats> buckets;    // by SE rating
  std::vector<double> ours;                 // our rating per puzzle (input order)
};

// Grades every puzzle (single thread) and compares with SE. `options.record_path` is ignored.
CalibrationReport calibrate(const std::vector<RatedPuzzle>& puzzles, const GradeOptions& options = {});

// Spearman rank correlation (average ranks for ties); 0 when undefined.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace gp::grader
