// A generated puzzle as plain data: what the generator produces and layout/manifest consume.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/grid.hpp"

namespace gp {

struct Puzzle {
  Grid givens;                 // the puzzle (0 = empty)
  Grid solution;               // its unique solution
  std::uint64_t seed = 0;      // the seed it was generated from: regenerating with it gives the same puzzle
  std::string symmetry = "none";
  std::string fill = "random";
  std::string canonical;       // canonical form (line text) for de-duplication; empty if not computed
  // Difficulty, when a grader has rated it (rating < 0 means "not rated").
  double rating = -1.0;
  std::string label;           // e.g. "easy"; empty if not rated
  std::string hardest;         // name of the hardest technique used; empty if not rated
};

}  // namespace gp
