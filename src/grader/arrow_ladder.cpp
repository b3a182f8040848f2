// The arrow rule's grader entry (grader/ladder.hpp): the arrow ladder on the Sudoku Explainer
// scale, its two techniques and its context.
//
// Arrow puzzles are rated on the SE scale (the classic bands and difficulty names apply): the
// classic techniques that stay sound with arrows keep their SE ratings, and the rule adds
//   - Arrow total (1.2): all of an arrow's cells but one are placed: the last is what the sum
//     leaves (the circle is the path's total; a path cell is the circle less the others). Read off
//     the digits without pencil marks, rated with the hidden single in a box (1.2);
//   - Arrow bounds (2.2): from candidates, the circle lies between the least and the greatest sum
//     its path can make, and a path cell between the circle's least less the others' greatest and
//     the circle's greatest less the others' least. It needs pencil marks, so it is rated just
//     under the naked single (2.3).
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). A deadly pattern swaps
// two digits; on an arrow the swap changes a sum, so the pattern is not deadly and the deduction is
// unsound. Every other classic technique reads only the units and candidates, and stays sound.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

int least(const State& s, int c) { return s.value(c) ? s.value(c) : lowest_value(s.cand(c)); }
int most(const State& s, int c) { return s.value(c) ? s.value(c) : 32 - std::countl_zero(s.cand(c)); }

// Removes from the empty cell c the candidates outside lo..hi.
void outside(const State& s, int c, int lo, int hi, Step& out) {
  if (s.value(c)) return;
  for (int v = 1; v <= s.n(); ++v)
    if (s.has(c, v) && (v < lo || v > hi)) out.eliminations.push_back({c, v});
}

bool arrow_step(const State& s, const Arrow& a, bool from_candidates, Step& out) {
  std::vector<int> cells{a.circle};
  cells.insert(cells.end(), a.path.begin(), a.path.end());
  if (!from_candidates) {
    int empty = -1, count = 0, sum = 0;
    for (int c : a.path) {
      if (s.value(c)) sum += s.value(c);
      else empty = c, ++count;
    }
    if (!s.value(a.circle)) {
      if (count) return false;
      outside(s, a.circle, sum, sum, out);
    } else {
      if (count != 1) return false;
      const int v = s.value(a.circle) - sum;
      outside(s, empty, v, v, out);
    }
    return !out.eliminations.empty();
  }
  int lo = 0, hi = 0;
  for (int c : a.path) lo += least(s, c), hi += most(s, c);
  outside(s, a.circle, lo, hi, out);
  const int cl = least(s, a.circle), ch = most(s, a.circle);
  for (int c : a.path) outside(s, c, cl - (hi - most(s, c)), ch - (lo - least(s, c)), out);
  return !out.eliminations.empty();
}

bool find_arrow(const State& s, RuleContexts& ctx, Step& out, bool from_candidates) {
  const ArrowRule& rule = *ctx.arrow;
  for (const Arrow& a : rule.arrows) {
    out.eliminations.clear();
    if (!arrow_step(s, a, from_candidates, out)) continue;
    out.technique = from_candidates ? "Arrow bounds" : "Arrow total";
    out.rating = from_candidates ? 2.2 : 1.2;
    if (out.describe) {
      out.description = out.technique + " on the arrow from " + rc_name(a.circle, s.n()) + ": ";
      for (size_t k = 0; k < out.eliminations.size(); ++k)
        out.description += (k ? ", " : "") + rc_name(out.eliminations[k].cell, s.n()) + " <> " +
                           std::to_string(out.eliminations[k].value);
    }
    return true;
  }
  out.eliminations.clear();
  return false;
}

bool find_arrow_total(const State& s, RuleContexts& ctx, Step& out) { return find_arrow(s, ctx, out, false); }
bool find_arrow_bounds(const State& s, RuleContexts& ctx, Step& out) { return find_arrow(s, ctx, out, true); }

constexpr Rung arrow(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kArrowRungs = {
    keep(kFullHouse),
    arrow("Arrow total", 1.2, find_arrow_total),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    arrow("Arrow bounds", 2.2, find_arrow_bounds),
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

static_assert(keeps_all(kArrowRungs, keeps_all_but_uniqueness), "the arrow ladder holds a classic technique arrows make unsound");

}  // namespace

const Ladder& rule_ladder(const ArrowRule&) {
  static const Ladder ladder{"arrow", kArrowRungs};
  return ladder;
}

bool rule_keeps(const ArrowRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const ArrowRule& rule, const Board&, RuleContexts& contexts) { contexts.arrow = &rule; }

}  // namespace gp::grader
