// The kenken cage rule's grader entry (grader/ladder.hpp): the kenken ladder on the Sudoku
// Explainer scale, its cage techniques and its context.
//
// KenKen puzzles are rated on the SE scale (the classic bands and difficulty names apply): the
// classic techniques that stay sound on a Latin square with cages keep their SE ratings, and the
// rule adds (weights chosen beside the SE rungs that need as much of the solver):
//   - Cage: one cell (1.0): a cage of one cell ("5") holds its target; a given in all but name;
//   - Cage: last cell (1.0): every cell of a cage but one is placed and the arithmetic leaves one
//     digit of 1..n for the last (the full house of a cage; "3-" with a 5 placed on 6x6 leaves 2 or
//     8, so 2);
//   - Cage arithmetic (1.5): from the target and the cage's placed digits alone (no pencil marks:
//     every digit of 1..n allowed in its empty cells, cells sharing a row or column different),
//     each empty cell keeps the digits some tuple gives it ("3-" on 4x4 is 1 and 4; "2/" on 6x6 no
//     5); read off the label as a hidden single in a row or column is read off the grid (1.5);
//   - Cage combinations (2.2): the same from the candidates of every cell of the cage (it needs
//     pencil marks), rated just under the naked single (2.3), as the arrow and thermo bounds are;
//   - Cage pointing (2.6): a digit every tuple of candidates places in the cage's cells of one row
//     or column leaves the rest of that row or column, rated as pointing (2.6), which it is with
//     the cage in the box's place.
// Sound on a Latin square: every classic technique that reads only the units (rows and columns)
// and the candidates: singles, locked candidates (they find nothing without boxes), subsets, fish,
// wings, aligned exclusion, chains and forcing chains. Left out: the uniqueness techniques (unique
// rectangles and loops, BUG): a deadly pattern swaps two digits, which changes a cage's sum,
// product, difference or quotient, so the pattern is not deadly and the deduction is unsound.
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "core/line_sums.hpp"
#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

Mask arith_all(int n) { return (Mask{1} << n) - 1; }

std::string arith_cage_name(const ArithmeticCage& cage, int n) {
  return cage_label(cage) + " at " + rc_name(cage.cells.front(), n);
}

void arith_describe(const State& s, const ArithmeticCage& cage, Step& out) {
  out.description = out.technique + " on " + arith_cage_name(cage, s.n());
  if (!out.placements.empty()) {
    out.description += ": " + rc_name(out.placements[0].cell, s.n()) + " = " + std::to_string(out.placements[0].value);
    return;
  }
  out.description += ": ";
  for (size_t k = 0; k < out.eliminations.size(); ++k)
    out.description += (k ? ", " : "") + rc_name(out.eliminations[k].cell, s.n()) + " <> " +
                       std::to_string(out.eliminations[k].value);
}

// The tuples of `cage` with each empty cell allowed its candidates (`from_candidates`) or every
// digit, placed cells their digit.
CageSupport arith_support(const State& s, const ArithmeticCage& cage, bool from_candidates, bool lines) {
  std::array<std::uint32_t, kMaxArithmeticCage> allowed{};
  const Mask all = arith_all(s.n());
  for (size_t j = 0; j < cage.cells.size(); ++j) {
    const int c = cage.cells[j];
    allowed[j] = s.value(c) ? bit(s.value(c)) : from_candidates ? s.cand(c) : all;
  }
  return arithmetic_support(cage, s.n(), allowed.data(), lines);
}

bool find_kenken_one_cell(const State& s, RuleContexts& ctx, Step& out) {
  for (const ArithmeticCage& cage : ctx.arithmetic->cages) {
    if (cage.op != CageOp::kEq || s.value(cage.cells[0]) || !s.has(cage.cells[0], cage.target)) continue;
    out.technique = "Cage: one cell";
    out.placements.push_back({cage.cells[0], cage.target});
    if (out.describe) arith_describe(s, cage, out);
    return true;
  }
  return false;
}

bool find_kenken_last_cell(const State& s, RuleContexts& ctx, Step& out) {
  for (const ArithmeticCage& cage : ctx.arithmetic->cages) {
    if (cage.op == CageOp::kEq) continue;
    int empty = -1, empties = 0;
    for (int c : cage.cells)
      if (!s.value(c)) empty = c, ++empties;
    if (empties != 1) continue;
    const CageSupport sup = arith_support(s, cage, false, false);
    std::uint32_t left = 0;
    for (size_t j = 0; j < cage.cells.size(); ++j)
      if (cage.cells[j] == empty) left = sup.cell[j];
    if (left == 0 || (left & (left - 1)) || !(s.cand(empty) & left)) continue;
    out.technique = "Cage: last cell";
    out.placements.push_back({empty, lowest_value(left)});
    if (out.describe) arith_describe(s, cage, out);
    return true;
  }
  return false;
}

// Each empty cell of a cage keeps the digits of the cage's tuples (from the label and the placed
// digits, or from the candidates).
bool find_kenken_tuples(const State& s, RuleContexts& ctx, Step& out, bool from_candidates) {
  for (const ArithmeticCage& cage : ctx.arithmetic->cages) {
    const CageSupport sup = arith_support(s, cage, from_candidates, false);
    if (!sup.any()) continue;  // no tuple at all: a contradiction the singles will meet
    for (size_t j = 0; j < cage.cells.size(); ++j) {
      const int c = cage.cells[j];
      if (s.value(c)) continue;
      for (Mask m = s.cand(c) & ~sup.cell[j]; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
    }
    if (out.eliminations.empty()) continue;
    out.technique = from_candidates ? "Cage combinations" : "Cage arithmetic";
    if (out.describe) arith_describe(s, cage, out);
    return true;
  }
  return false;
}

bool find_kenken_arithmetic(const State& s, RuleContexts& ctx, Step& out) { return find_kenken_tuples(s, ctx, out, false); }
bool find_kenken_combinations(const State& s, RuleContexts& ctx, Step& out) { return find_kenken_tuples(s, ctx, out, true); }

// A digit every tuple of candidates places in the cage's cells of one row or column leaves the
// rest of that row or column.
bool find_kenken_pointing(const State& s, RuleContexts& ctx, Step& out) {
  const int n = s.n();
  const auto& rule = *ctx.arithmetic;
  for (size_t q = 0; q < rule.cages.size(); ++q) {
    const ArithmeticCage& cage = rule.cages[q];
    if (cage.cells.size() < 2) continue;
    const CageSupport sup = arith_support(s, cage, true, true);
    if (!sup.any()) continue;
    for (int l = 0; l < sup.lines; ++l) {
      const Mask must = sup.must[static_cast<size_t>(l)] & arith_all(n);
      if (!must) continue;
      const int id = sup.line[static_cast<size_t>(l)];
      for (int x = 0; x < n; ++x) {
        const int c = id < n ? id * n + x : x * n + (id - n);
        if (rule.cage_of[static_cast<size_t>(c)] == static_cast<int>(q) || s.value(c)) continue;
        for (Mask m = s.cand(c) & must; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
      }
      if (out.eliminations.empty()) continue;
      out.technique = "Cage pointing";
      if (out.describe) {
        arith_describe(s, cage, out);
        out.description += " (" + std::string(id < n ? "row " : "column ") + std::to_string((id < n ? id : id - n) + 1) +
                           " holds " + std::to_string(lowest_value(must)) + (must & (must - 1) ? " and more" : "") +
                           " in the cage)";
      }
      return true;
    }
  }
  return false;
}

// The line sums (core's line_sum_support) over bands of `lines` neighbouring rows or columns
// (`lines` 3: three up to n - 1), the bands of fewest lines first. With `one_cell`, only a band
// where every cage touching it but one makes a known sum inside it, and a cell the sums leave one
// digit (placed); otherwise the eliminations of the first band that has any.
bool find_kenken_line_sum(const State& s, RuleContexts& ctx, Step& out, int lines, bool one_cell) {
  const int n = s.n();
  const auto& rule = *ctx.arithmetic;
  std::array<std::uint32_t, kMaxCells> allowed{}, keep{};
  for (int c = 0; c < n * n; ++c) allowed[static_cast<size_t>(c)] = s.value(c) ? bit(s.value(c)) : s.cand(c);
  const int to = lines < 3 ? lines : n - 1;
  for (int h = lines; h <= to; ++h)
    for (int side = 0; side < 2; ++side)
      for (int first = 0; first + h <= n; ++first) {
        const LineBand band{side != 0, first, h};
        LineSumInfo info;
        keep = allowed;
        // No combination at all: an earlier step was wrong; never deduce from it.
        if (!line_sum_support(rule, n, allowed.data(), band, keep.data(), &info)) continue;
        if (one_cell && info.open_before != 1) continue;
        for (int c = 0; c < n * n && !(one_cell && !out.placements.empty()); ++c) {
          if (s.value(c)) continue;
          const Mask left = s.cand(c) & keep[static_cast<size_t>(c)];
          if (left == s.cand(c)) continue;
          if (one_cell) {
            if (std::popcount(left) == 1) out.placements.push_back({c, lowest_value(left)});
            continue;
          }
          for (Mask m = s.cand(c) & ~left; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
        }
        if (out.placements.empty() && out.eliminations.empty()) continue;
        out.technique = std::string("Line sum (") + (lines == 1 ? "one line" : lines == 2 ? "two lines" : "three or more lines") +
                        ")" + (one_cell ? ": one cell" : "");
        if (out.describe) {
          const std::string what = h == 1 ? std::string(side ? "column " : "row ") + std::to_string(first + 1)
                                          : std::string(side ? "columns " : "rows ") + std::to_string(first + 1) + "-" +
                                                std::to_string(first + h);
          out.description = out.technique + ": the cages in " + what + " add up to " +
                            std::to_string(h * n * (n + 1) / 2) + ": ";
          bool first_item = true;
          for (const CellValue& p : out.placements)
            out.description += (first_item ? "" : ", ") + rc_name(p.cell, n) + " = " + std::to_string(p.value),
                first_item = false;
          for (const CellValue& e : out.eliminations)
            out.description += (first_item ? "" : ", ") + rc_name(e.cell, n) + " <> " + std::to_string(e.value),
                first_item = false;
        }
        return true;
      }
  return false;
}

template <int Lines, bool OneCell>
bool find_kenken_lines(const State& s, RuleContexts& ctx, Step& out) {
  return find_kenken_line_sum(s, ctx, out, Lines, OneCell);
}

constexpr Rung arith(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kArithmeticRungs = {
    arith("Cage: one cell", 1.0, find_kenken_one_cell),
    keep(kFullHouse),
    arith("Cage: last cell", 1.0, find_kenken_last_cell),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    arith("Cage arithmetic", 1.5, find_kenken_arithmetic),
    keep(kDirectPointing),
    arith("Line sum (one line): one cell", 1.8, find_kenken_lines<1, true>),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    arith("Cage combinations", 2.2, find_kenken_combinations),
    keep(kNakedSingle),
    keep(kDirectHiddenTriple),
    arith("Line sum (one line)", 2.5, find_kenken_lines<1, false>),
    arith("Cage pointing", 2.6, find_kenken_pointing),
    keep(kPointing),
    keep(kClaiming),
    keep(kNakedPair),
    arith("Line sum (two lines): one cell", 3.0, find_kenken_lines<2, true>),
    keep(kXWing),
    keep(kHiddenPair),
    arith("Line sum (two lines)", 3.4, find_kenken_lines<2, false>),
    keep(kNakedTriple),
    keep(kSwordfish),
    keep(kHiddenTriple),
    arith("Line sum (three or more lines): one cell", 4.0, find_kenken_lines<3, true>),
    keep(kXYWing),
    keep(kXYZWing),
    arith("Line sum (three or more lines)", 4.4, find_kenken_lines<3, false>),
    keep(kNakedQuad),
    keep(kJellyfish),
    keep(kHiddenQuad),
    keep(kAlignedPair),
    keep(kChains),
    keep(kAlignedTriplet),
    keep(kNishio),
    keep(kMultipleChains),
    keep(kDynamicChains),
    keep(kDynamicChainsPlus),
    keep(kNestedChains),
};

static_assert(keeps_all(kArithmeticRungs, keeps_all_but_uniqueness),
              "the kenken ladder holds a classic technique cage arithmetic makes unsound");

}  // namespace

const Ladder& rule_ladder(const ArithmeticCageRule&) {
  static const Ladder ladder{"kenken", kArithmeticRungs};
  return ladder;
}

bool rule_keeps(const ArithmeticCageRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const ArithmeticCageRule& rule, const Board&, RuleContexts& contexts) { contexts.arithmetic = &rule; }

}  // namespace gp::grader
