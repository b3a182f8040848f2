// The default difficulty bands on the Sudoku Explainer scale: the one list that the spec loader
// (names, `spec --resolved`, docs) and the grader (labels, `--difficulty`) both start from; and
// what books make of a band by default: its clue range for each grid size and the slices an even
// spread of ratings aims at (measured: docs/difficulty.md).
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace gp {

struct DifficultyBand {
  std::string_view name;
  double lo = 0.0;  // exclusive, except for the first band
  double hi = 0.0;  // inclusive
};

// easy [0, 1.5], medium (1.5, 2.5], hard (2.5, 4.0], expert (4.0, 6.0], fiendish (6.0, 12.0]
// (12 is above every rating the scale gives; the grader leaves the last band open-ended).
inline constexpr std::array<DifficultyBand, 5> kDefaultBands = {{{"easy", 0.0, 1.5},
                                                                  {"medium", 1.5, 2.5},
                                                                  {"hard", 2.5, 4.0},
                                                                  {"expert", 4.0, 6.0},
                                                                  {"fiendish", 6.0, 12.0}}};

// An inclusive range of clue counts.
struct ClueRange {
  int lo = 0;
  int hi = 0;
};

// The clue range a book gives a default band on an n x n grid when the section names no clues, in
// line with published books (more givens for easier bands). Nullopt when the band is not a default
// one or does not apply to the size (4x4 puzzles are all easy; 6x6 stops at hard).
std::optional<ClueRange> default_band_clues(std::string_view band, int n);

// The clue range of a section with neither clues nor a difficulty: set for 12x12 and 16x16 only,
// where a full dig leaves puzzles that need chains (fiendish); nullopt = whatever digging reaches.
std::optional<ClueRange> default_unrated_clues(int n);

// The highest rating any puzzle of an n x n grid (standard boxes) needs, when it is known for
// every puzzle of that size: 4x4 puzzles never need more than hidden singles in boxes (1.2; every
// minimal 4x4 puzzle was graded). Nullopt for the other sizes.
std::optional<double> highest_rating(int n);

// Where an even spread cuts a default band (ascending, strictly inside the band): puzzles are
// dealt in turn to the slices between the cuts. Empty for a name that is not a default band.
std::vector<double> default_spread_cuts(std::string_view band);

}  // namespace gp
