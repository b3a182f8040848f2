// The sandwich rule's grader entry (grader/ladder.hpp): the sandwich ladder on the Sudoku Explainer
// scale, its two techniques and its context.
//
// Sandwich puzzles are rated on the SE scale (the classic bands and difficulty names apply): the
// classic techniques that stay sound with sandwich clues keep their SE ratings, and the rule adds
//   - Sandwich ends (1.2): a clue allows only some counts of digits between the 1 and the n (a
//     count k needs k different digits of 2..n-1 adding up to the clue: 0 only side by side, the
//     largest sum only at the two ends of the line). A cell keeps 1 only when some cell at an
//     allowed distance can still hold n, and the other way round. It reads the clue off a short
//     table and where 1 and n can go in one line, no sums to try: rated with the hidden single in
//     a box (1.2), as thermo ranges are;
//   - Sandwich combinations (2.2): the sets of digits that add up to the clue, with the cells that
//     can hold the 1 and the n: a placement (1 at p, n at q, a set C of |p - q| - 1 digits adding
//     up to the clue between them) holds when every cell between can take a digit of C and they
//     can take all of C, and the cells outside the rest of 2..n-1. A cell keeps only the digits
//     some placement gives it. It needs pencil marks and the combinations of the sum: rated just
//     under the naked single (2.3), as thermo bounds are (2.2).
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). A deadly pattern swaps
// two digits in two rows; the swap can move a 1 or an n, or change a sum between them, so the
// pattern is not deadly under the clues and the deduction is unsound. Every other classic
// technique reads only the units and candidates, and stays sound.
#include <algorithm>
#include <string>
#include <vector>

#include "grader/ladder.hpp"
#include "solver/sandwich.hpp"

namespace gp::grader {
namespace {

struct SandwichClueLine {
  std::vector<int> cells;
  int clue = 0;
  std::string name;  // "row 3 (clue 12)"
};

std::vector<SandwichClueLine> sandwich_lines(const SandwichRule& rule, int n) {
  std::vector<SandwichClueLine> out;
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      const int clue = (side ? rule.cols : rule.rows)[static_cast<size_t>(i)];
      if (clue == kNoSandwich) continue;
      SandwichClueLine l;
      l.clue = clue;
      l.name = std::string(side ? "column " : "row ") + std::to_string(i + 1) + " (clue " + std::to_string(clue) + ")";
      for (int j = 0; j < n; ++j) l.cells.push_back(side ? j * n + i : i * n + j);
      out.push_back(std::move(l));
    }
  return out;
}

// A cell's candidates, or its placed digit as a mask.
Mask sandwich_mask(const State& s, int c) { return s.value(c) ? bit(s.value(c)) : s.cand(c); }

// What each cell of `line` may keep: `full` all placements (combinations); otherwise only where
// the 1 and the n can stand at an allowed distance (ends; other digits untouched).
std::vector<Mask> sandwich_keep(const State& s, const SandwichClueLine& line, bool full) {
  const int n = s.n();
  const auto& sets = solver::sandwich_sets(n);
  const Mask all = (Mask{1} << n) - 1, one = 1, top = Mask{1} << (n - 1), middle = all & ~one & ~top;
  std::vector<Mask> m(static_cast<size_t>(n)), keep(static_cast<size_t>(n), 0);
  for (int j = 0; j < n; ++j) m[static_cast<size_t>(j)] = sandwich_mask(s, line.cells[static_cast<size_t>(j)]);
  if (!full)
    for (int j = 0; j < n; ++j) keep[static_cast<size_t>(j)] = m[static_cast<size_t>(j)] & middle;
  for (int p = 0; p < n; ++p) {
    if (!(m[static_cast<size_t>(p)] & one)) continue;
    for (int q = 0; q < n; ++q) {
      if (q == p || !(m[static_cast<size_t>(q)] & top)) continue;
      const int lo = std::min(p, q), hi = std::max(p, q), k = hi - lo - 1;
      if (line.clue >= solver::kSandwichSums) continue;
      const auto& these = sets[static_cast<size_t>(k * solver::kSandwichSums + line.clue)];
      if (!full) {
        if (!these.empty()) keep[static_cast<size_t>(p)] |= one, keep[static_cast<size_t>(q)] |= top;
        continue;
      }
      for (const Mask set : these) {
        const Mask rest = middle & ~set;
        Mask in = 0, out = 0;
        bool ok = true;
        for (int j = 0; j < n && ok; ++j) {
          if (j == p || j == q) continue;
          const Mask x = m[static_cast<size_t>(j)] & ((j > lo && j < hi) ? set : rest);
          ok = x != 0;
          ((j > lo && j < hi) ? in : out) |= x;
        }
        if (!ok || in != set || out != rest) continue;
        keep[static_cast<size_t>(p)] |= one;
        keep[static_cast<size_t>(q)] |= top;
        for (int j = 0; j < n; ++j)
          if (j != p && j != q) keep[static_cast<size_t>(j)] |= m[static_cast<size_t>(j)] & ((j > lo && j < hi) ? set : rest);
      }
    }
  }
  return keep;
}

bool find_sandwich(const State& s, RuleContexts& ctx, Step& out, bool full) {
  const int n = s.n();
  for (const SandwichClueLine& line : sandwich_lines(*ctx.sandwich, n)) {
    out.eliminations.clear();
    const std::vector<Mask> keep = sandwich_keep(s, line, full);
    for (int j = 0; j < n; ++j) {
      const int c = line.cells[static_cast<size_t>(j)];
      if (s.value(c)) continue;  // a placed digit with no placement left: a contradiction, not a step
      for (int v = 1; v <= n; ++v)
        if (s.has(c, v) && !(keep[static_cast<size_t>(j)] & bit(v))) out.eliminations.push_back({c, v});
    }
    if (out.eliminations.empty()) continue;
    out.technique = full ? "Sandwich combinations" : "Sandwich ends";
    out.rating = full ? 2.2 : 1.2;
    if (out.describe) {
      out.description = out.technique + " in " + line.name + ": ";
      for (size_t k = 0; k < out.eliminations.size(); ++k)
        out.description += (k ? ", " : "") + rc_name(out.eliminations[k].cell, n) + " <> " +
                           std::to_string(out.eliminations[k].value);
    }
    return true;
  }
  out.eliminations.clear();
  return false;
}

bool find_sandwich_ends(const State& s, RuleContexts& ctx, Step& out) { return find_sandwich(s, ctx, out, false); }
bool find_sandwich_combinations(const State& s, RuleContexts& ctx, Step& out) { return find_sandwich(s, ctx, out, true); }

constexpr Rung sandwich(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kSandwichRungs = {
    keep(kFullHouse),
    sandwich("Sandwich ends", 1.2, find_sandwich_ends),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    sandwich("Sandwich combinations", 2.2, find_sandwich_combinations),
    keep(kNakedSingle),
    keep(kDirectHiddenTriple),
    keep(kPointing),
    keep(kClaiming),
    keep(kNakedPair),
    keep(kXWing),
    keep(kHiddenPair),
    keep(kNakedTriple),
    keep(kSwordfish),
    keep(kHiddenTriple),
    keep(kXYWing),
    keep(kXYZWing),
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

static_assert(keeps_all(kSandwichRungs, keeps_all_but_uniqueness),
              "the sandwich ladder holds a classic technique sandwich clues make unsound");

}  // namespace

const Ladder& rule_ladder(const SandwichRule&) {
  static const Ladder ladder{"sandwich", kSandwichRungs};
  return ladder;
}

bool rule_keeps(const SandwichRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const SandwichRule& rule, const Board&, RuleContexts& contexts) { contexts.sandwich = &rule; }

}  // namespace gp::grader
