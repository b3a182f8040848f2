// The default difficulty bands on the Sudoku Explainer scale: the one list that the spec loader
// (names, `spec --resolved`, docs) and the grader (labels, `--difficulty`) both start from.
#pragma once

#include <array>
#include <string_view>

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

}  // namespace gp
