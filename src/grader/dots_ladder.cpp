// The dot rule's grader entry (grader/ladder.hpp): the ladder of consecutive, kropki and
// non-consecutive puzzles on the Sudoku Explainer scale, its techniques and its context.
//
// Dot puzzles are rated on the SE scale (the classic bands and difficulty names apply): the classic
// techniques that stay sound with dots keep their SE ratings, and the rule adds, one pair a step:
//   - Dot (1.2): across a white dot a cell keeps only the digits 1 away from a candidate of its
//     neighbour, across a black dot only the doubles and halves (reading a dot next to a placed
//     digit is as easy as a hidden single in a box);
//   - No dot (1.5): on a negative rule (every consecutive pair marked; kropki with "negative"; the
//     non-consecutive rule), a cell beside a placed digit with no dot between them loses the digits
//     1 away from it (kropki: and its double and half), rated with the hidden single in a line;
//   - No dot, candidates (2.0): the same from an unplaced neighbour: a digit goes when every
//     candidate of the neighbour is 1 away from it (or, kropki, double or half), e.g. a 4 beside an
//     unmarked {3, 5} (rated with the direct hidden pair: the solver looks at two cells' candidates).
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). The swap of two digits a
// deadly pattern rests on changes which neighbours are 1 apart or double, so dots (and the absence
// of dots) can tell the two fillings apart: the pattern is no longer deadly, the deduction unsound.
#include <string>

#include "grader/ladder.hpp"

namespace gp::grader {

// The constrained pairs of a dot rule and, per relation, the digits it allows beside each digit.
struct DotPairs {
  enum Relation : std::uint8_t { kWhite, kBlack, kNotWhite, kNeither };
  struct Pair {
    int a, b;
    Relation relation;
  };
  std::vector<Pair> pairs;  // the dots first (in the rule's order), then the unmarked pairs of a negative rule
  std::array<std::array<Mask, kMaxN + 1>, 4> allows{};
};

namespace {

const char* relation_name(DotPairs::Relation r) {
  switch (r) {
    case DotPairs::kWhite: return "white dot";
    case DotPairs::kBlack: return "black dot";
    default: return "no dot";
  }
}

// In pair p, the cell `to` loses what the candidates (or digit) of `from` allow it not to hold.
bool narrow(const State& s, const DotPairs& dp, const DotPairs::Pair& p, int from, int to, Step& out) {
  if (s.value(to)) return false;
  const Mask there = s.value(from) ? bit(s.value(from)) : s.cand(from);
  Mask support = 0;
  for (Mask m = there; m; m &= m - 1) support |= dp.allows[p.relation][static_cast<size_t>(lowest_value(m))];
  const Mask drop = s.cand(to) & ~support;
  if (!drop) return false;
  for (Mask m = drop; m; m &= m - 1) out.eliminations.push_back({to, lowest_value(m)});
  if (out.describe) {
    std::string digits;
    for (Mask m = drop; m; m &= m - 1) digits += (digits.empty() ? "" : ", ") + std::to_string(lowest_value(m));
    out.description = std::string(1, static_cast<char>(std::toupper(*relation_name(p.relation)))) +
                      (relation_name(p.relation) + 1) + " between " + s.cell_name(from) + " and " +
                      s.cell_name(to) + ": " + s.cell_name(to) + " is not " + digits;
  }
  out.cells = {from, to};
  return true;
}

// The first pair (of the dots, or of the unmarked pairs with a placed / unplaced neighbour) that
// eliminates something.
template <int kWhich>  // 0: dots, 1: no dot beside a placed digit, 2: no dot beside candidates
bool find_pair(const State& s, RuleContexts& ctx, Step& out) {
  const DotPairs& dp = *ctx.dots;
  for (const DotPairs::Pair& p : dp.pairs) {
    const bool dot = p.relation == DotPairs::kWhite || p.relation == DotPairs::kBlack;
    if (dot != (kWhich == 0)) continue;
    for (int side = 0; side < 2; ++side) {
      const int from = side ? p.b : p.a, to = side ? p.a : p.b;
      if (kWhich == 1 && !s.value(from)) continue;
      if (kWhich == 2 && s.value(from)) continue;
      out.eliminations.clear();
      if (narrow(s, dp, p, from, to, out)) {
        out.technique = kWhich == 0 ? "Dot" : kWhich == 1 ? "No dot" : "No dot (candidates)";
        out.rating = kWhich == 0 ? 1.2 : kWhich == 1 ? 1.5 : 2.0;
        return true;
      }
    }
  }
  out.eliminations.clear();
  return false;
}

constexpr Rung dots(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kDotRungs = {
    keep(kFullHouse),
    dots("Dot", 1.2, find_pair<0>),
    keep(kHiddenSingleBox),
    dots("No dot", 1.5, find_pair<1>),
    keep(kHiddenSingleLine),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    dots("No dot (candidates)", 2.0, find_pair<2>),
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

static_assert(keeps_all(kDotRungs, keeps_all_but_uniqueness), "the dot ladder holds a classic technique dots make unsound");

}  // namespace

const Ladder& rule_ladder(const DotRule&) {
  static const Ladder ladder{"dots", kDotRungs};
  return ladder;
}

bool rule_keeps(const DotRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const DotRule& rule, const Board& board, RuleContexts& contexts) {
  auto dp = std::make_shared<DotPairs>();
  const int n = board.n;
  for (int x = 1; x <= n; ++x)
    for (int y = 1; y <= n; ++y) {
      if (x == y) continue;
      const bool w = white_pair(x, y), b = black_pair(x, y);
      const auto at = static_cast<size_t>(x);
      if (w) dp->allows[DotPairs::kWhite][at] |= bit(y);
      if (b) dp->allows[DotPairs::kBlack][at] |= bit(y);
      if (!w) dp->allows[DotPairs::kNotWhite][at] |= bit(y);
      if (!w && !b) dp->allows[DotPairs::kNeither][at] |= bit(y);
    }
  std::vector<char> dotted(static_cast<size_t>(board.cells) * 2, 0);
  for (const Dot& d : rule.dots) {
    dotted[static_cast<size_t>(d.a) * 2 + (d.b == d.a + 1 ? 0 : 1)] = 1;
    dp->pairs.push_back({d.a, d.b, d.black ? DotPairs::kBlack : DotPairs::kWhite});
  }
  const auto unmarked = rule.kropki ? DotPairs::kNeither : DotPairs::kNotWhite;
  if (rule.negative)
    for (int a = 0; a < board.cells; ++a) {
      if ((a + 1) % n != 0 && !dotted[static_cast<size_t>(a) * 2]) dp->pairs.push_back({a, a + 1, unmarked});
      if (a + n < board.cells && !dotted[static_cast<size_t>(a) * 2 + 1]) dp->pairs.push_back({a, a + n, unmarked});
    }
  contexts.dots = std::move(dp);
}

}  // namespace gp::grader
