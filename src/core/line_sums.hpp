// KenKen line sums (core/line_sums.cpp), shared by the kenken propagator (solver/arithmetic.hpp)
// and the kenken ladder's line-sum techniques (grader/arithmetic_ladder.cpp).
#pragma once

#include <cstdint>

#include "core/rules.hpp"

namespace gp {

// KenKen line sums: every row and column of a Latin square holds 1..n once, so `count` whole
// neighbouring rows (or columns, `columns`) from `first` (0-based) add up to count * n(n+1)/2, and
// the cages touching them make that total between them (the killer 45 rule's KenKen form: innies
// and outies, with each cage's part inside the lines known, or one of a few sums its tuples give).
struct LineBand {
  bool columns = false;
  int first = 0;
  int count = 1;
};
struct LineSumInfo {
  int cages = 0;        // cages touching the band
  int open_before = 0;  // of which could put more than one sum inside it (from `allowed`)
};
// For each cage touching the band, its tuples (each cell an `allowed` digit, bit v-1 for v, per
// cell of the n x n grid; cells sharing a row or column different; reaching the target) and the sum
// each puts inside the band; a tuple stays when the other cages can make up the rest of the
// total. `keep` (per cell, `allowed` on entry) is narrowed, on the cells of those cages, to the
// digits of the tuples that stay. False when no choice of tuples makes the total (a contradiction:
// `keep` then says nothing). Bands of up to 8 lines; cages of up to kMaxArithmeticCage cells.
bool line_sum_support(const ArithmeticCageRule& rule, int n, const std::uint32_t* allowed, LineBand band,
                      std::uint32_t* keep, LineSumInfo* info = nullptr);

}  // namespace gp
