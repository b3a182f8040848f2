// The parity rule's grader entry (grader/ladder.hpp): the even-odd ladder on the Sudoku Explainer
// scale, its two techniques and its context.
//
// Even-odd puzzles are rated on the SE scale (the classic bands and difficulty names apply): the
// classic techniques that stay sound with parity marks keep their SE ratings, and the rule adds
//   - Parity marks (1.0): every marked cell loses the digits of the other parity (one step for the
//     whole grid, taken first: reading the marks is no harder than a full house);
//   - Parity count (1.7): a unit holds floor(n/2) even and ceil(n/2) odd digits. When as many of
//     its cells must be even (marked, placed or left with even candidates only) as it has even
//     digits, its other cells are odd (they lose their even candidates); when only as many cells
//     can be even as it has even digits, those cells are even (they lose their odd candidates).
//     The same for odd. Rated with the direct techniques (1.7, SE's direct pointing): it is a
//     subset over a parity class that a solver sees by counting marks.
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). A deadly pattern swaps
// two digits; when they differ in parity and a marked cell is in the pattern, the swap breaks a
// mark, so the pattern is no longer deadly and the deduction is unsound.
#include <string>

#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

bool find_parity_marks(const State& s, RuleContexts& ctx, Step& out) {
  const ParityRule& rule = *ctx.parity;
  const int n = s.n();
  const Mask odd = parity_digits(n, false), even = parity_digits(n, true);
  int cells = 0;
  for (int c = 0; c < s.cells(); ++c) {
    if (s.value(c)) continue;
    const Mask wrong = s.cand(c) & (rule.even(c) ? odd : rule.odd(c) ? even : 0);
    if (!wrong) continue;
    ++cells;
    for (int v = 1; v <= n; ++v)
      if (wrong & bit(v)) out.eliminations.push_back({c, v});
  }
  if (out.eliminations.empty()) return false;
  out.technique = "Parity marks";
  out.rating = 1.0;
  if (out.describe)
    out.description = "Parity marks: " + std::to_string(cells) + (cells == 1 ? " cell keeps" : " cells keep") +
                      " only the digits of its mark's parity";
  return true;
}

// In one unit, for one parity: `must` cells can only hold that parity, `can` cells can hold it.
bool parity_count(const State& s, int u, bool even, Step& out) {
  const int n = s.n();
  const Mask same = parity_digits(n, even), other = parity_digits(n, !even);
  const int digits = even ? n / 2 : n - n / 2;
  int must = 0, can = 0;
  for (int c : s.unit(u)) {
    const Mask m = s.value(c) ? bit(s.value(c)) : s.cand(c);
    if (m & same) ++can;
    if (!(m & other)) ++must;
  }
  const char* word = even ? "even" : "odd";
  if (must == digits && can > digits) {  // the others are of the other parity
    for (int c : s.unit(u)) {
      if (s.value(c) || !(s.cand(c) & other)) continue;
      for (int v = 1; v <= n; ++v)
        if (s.cand(c) & same & bit(v)) out.eliminations.push_back({c, v});
    }
    if (out.eliminations.empty()) return false;
    if (out.describe)
      out.description = "Parity count in " + s.geo().unit_name(u) + ": " + std::to_string(digits) +
                        " cells hold its " + std::to_string(digits) + " " + word + " digits, the others are not " + word;
    return true;
  }
  if (can == digits && must < digits) {  // the cells that can be of this parity are
    for (int c : s.unit(u)) {
      if (s.value(c) || !(s.cand(c) & same)) continue;
      for (int v = 1; v <= n; ++v)
        if (s.cand(c) & other & bit(v)) out.eliminations.push_back({c, v});
    }
    if (out.eliminations.empty()) return false;
    if (out.describe)
      out.description = "Parity count in " + s.geo().unit_name(u) + ": only " + std::to_string(digits) +
                        " cells can hold its " + std::to_string(digits) + " " + word + " digits, so they are " + word;
    return true;
  }
  return false;
}

bool find_parity_count(const State& s, RuleContexts&, Step& out) {
  for (int u = 0; u < s.unit_count(); ++u)
    for (bool even : {true, false}) {
      out.eliminations.clear();
      if (parity_count(s, u, even, out)) {
        out.technique = "Parity count";
        out.rating = 1.7;
        return true;
      }
    }
  out.eliminations.clear();
  return false;
}

constexpr Rung parity(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kParityRungs = {
    parity("Parity marks", 1.0, find_parity_marks),
    keep(kFullHouse),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    parity("Parity count", 1.7, find_parity_count),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
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

static_assert(keeps_all(kParityRungs, keeps_all_but_uniqueness), "the even-odd ladder holds a classic technique marks make unsound");

}  // namespace

const Ladder& rule_ladder(const ParityRule&) {
  static const Ladder ladder{"even-odd", kParityRungs};
  return ladder;
}

bool rule_keeps(const ParityRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const ParityRule& rule, const Board&, RuleContexts& contexts) { contexts.parity = &rule; }

}  // namespace gp::grader
