// The thermo rule's grader entry (grader/ladder.hpp): the thermo ladder on the Sudoku Explainer
// scale, its two techniques and its context.
//
// Thermo puzzles are rated on the SE scale (the classic bands and difficulty names apply): the
// classic techniques that stay sound with thermometers keep their SE ratings, and the rule adds
//   - Thermo ranges (1.2): along a thermo of k cells, the cell j steps from the bulb holds at
//     least j + 1 and at most n - (k - 1 - j), and a placed digit d pushes the cells i steps above
//     it to d + i or more and the cells i steps below to d - i or less. Read off the thermo and its
//     digits without pencil marks, rated with the hidden single in a box (1.2);
//   - Thermo bounds (2.2): the same from candidates: a cell keeps only digits above the smallest
//     candidate of the cell before it and below the largest candidate of the cell after it. It
//     needs pencil marks, so it is rated just under the naked single (2.3).
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). A deadly pattern swaps
// two digits in two rows; on a thermo the swap breaks the order, so the pattern is not deadly and
// the deduction is unsound. Every other classic technique reads only the units and candidates,
// and stays sound.
#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

// The eliminations of one thermo: outside [lo, hi] per cell. `from_candidates` reads the
// candidates (bounds), otherwise only the positions and placed digits (ranges).
bool thermo_step(const State& s, const std::vector<int>& t, bool from_candidates, Step& out) {
  const int n = s.n(), len = static_cast<int>(t.size());
  std::vector<int> lo(static_cast<size_t>(len)), hi(static_cast<size_t>(len));
  auto least = [&](int c) { return s.value(c) ? s.value(c) : from_candidates ? lowest_value(s.cand(c)) : 1; };
  auto most = [&](int c) { return s.value(c) ? s.value(c) : from_candidates ? 32 - std::countl_zero(s.cand(c)) : n; };
  for (int j = 0; j < len; ++j)
    lo[static_cast<size_t>(j)] = std::max(least(t[static_cast<size_t>(j)]), j ? lo[static_cast<size_t>(j - 1)] + 1 : 1);
  for (int j = len - 1; j >= 0; --j)
    hi[static_cast<size_t>(j)] = std::min(most(t[static_cast<size_t>(j)]), j + 1 < len ? hi[static_cast<size_t>(j + 1)] - 1 : n);
  for (int j = 0; j < len; ++j) {
    const int c = t[static_cast<size_t>(j)];
    if (s.value(c)) continue;
    for (int v = 1; v <= n; ++v)
      if (s.has(c, v) && (v < lo[static_cast<size_t>(j)] || v > hi[static_cast<size_t>(j)])) out.eliminations.push_back({c, v});
  }
  return !out.eliminations.empty();
}

bool find_thermo(const State& s, RuleContexts& ctx, Step& out, bool from_candidates) {
  const ThermoRule& rule = *ctx.thermo;
  for (size_t i = 0; i < rule.thermos.size(); ++i) {
    out.eliminations.clear();
    if (!thermo_step(s, rule.thermos[i], from_candidates, out)) continue;
    out.technique = from_candidates ? "Thermo bounds" : "Thermo ranges";
    out.rating = from_candidates ? 2.2 : 1.2;
    if (out.describe) {
      out.description = out.technique + " on the thermo from " + rc_name(rule.thermos[i].front(), s.n()) + ": ";
      for (size_t k = 0; k < out.eliminations.size(); ++k)
        out.description += (k ? ", " : "") + rc_name(out.eliminations[k].cell, s.n()) + " <> " +
                           std::to_string(out.eliminations[k].value);
    }
    return true;
  }
  out.eliminations.clear();
  return false;
}

bool find_thermo_ranges(const State& s, RuleContexts& ctx, Step& out) { return find_thermo(s, ctx, out, false); }
bool find_thermo_bounds(const State& s, RuleContexts& ctx, Step& out) { return find_thermo(s, ctx, out, true); }

constexpr Rung thermo(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kThermoRungs = {
    keep(kFullHouse),
    thermo("Thermo ranges", 1.2, find_thermo_ranges),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    thermo("Thermo bounds", 2.2, find_thermo_bounds),
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

static_assert(keeps_all(kThermoRungs, keeps_all_but_uniqueness), "the thermo ladder holds a classic technique thermos make unsound");

}  // namespace

const Ladder& rule_ladder(const ThermoRule&) {
  static const Ladder ladder{"thermo", kThermoRungs};
  return ladder;
}

bool rule_keeps(const ThermoRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const ThermoRule& rule, const Board&, RuleContexts& contexts) { contexts.thermo = &rule; }

}  // namespace gp::grader
