// The inequality rule's grader entry (grader/ladder.hpp): the greater-than ladder on the Sudoku
// Explainer scale, its two techniques and its context. Futoshiki boards (a Latin square with the
// same signs) use it too: its rungs read units through State, and the box rungs find nothing on a
// board whose boxes are its rows.
//
// Greater-than puzzles are rated on the SE scale (the classic bands and difficulty names apply):
// the classic techniques that stay sound with signs keep their SE ratings, and the rule adds
//   - Sign bounds (1.0): for each sign a > b, a loses every digit not above b's smallest candidate
//     and b every digit not below a's largest (one step for the whole grid, from the candidates as
//     they stand; repeated steps carry the bounds along chains of signs, a > b > c making a at least
//     3). Reading a sign against its neighbour is no harder than a full house.
//   - Sign fork (2.0): a cell greater than several of its neighbours that share a unit (so hold
//     different digits) is greater than that many different digits: above the k-th smallest of
//     their candidates; the same downwards. Rated with SE's direct hidden pair (2.0): two cells'
//     digits are counted together.
// Left out: the uniqueness techniques (unique rectangles and loops, BUG). A deadly pattern swaps
// two digits in two rows; when a sign joins two cells of the pattern the swap turns the sign round,
// so the pattern is no longer deadly and the deduction is unsound.
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

Mask cands_of(const State& s, int c) { return s.value(c) ? bit(s.value(c)) : s.cand(c); }
int lowest(Mask m) { return std::countr_zero(m) + 1; }
int highest(Mask m) { return 32 - std::countl_zero(m); }
Mask up_to(int v) { return v <= 0 ? 0 : (Mask{1} << v) - 1; }  // digits 1..v

void eliminate(const State& s, int c, Mask m, Step& out) {
  if (s.value(c)) return;
  for (m &= s.cand(c); m; m &= m - 1) out.eliminations.push_back({c, std::countr_zero(m) + 1});
}

bool find_sign_bounds(const State& s, RuleContexts& ctx, Step& out) {
  const Mask all = s.shape().all();
  const auto& signs = ctx.inequality->signs;
  // The ladder tries this rung first after every step, and most calls find nothing: first a pass
  // that only looks for the first sign that narrows a cell. Per cell what it rules out on the
  // other side of a sign: below (the cell's smallest digit and under: out for a cell greater than
  // it) and above (its largest and over: out for a cell smaller than it); nothing for a cell
  // without digits, whose signs are skipped (a placed cell has no candidates and holds one digit).
  thread_local std::array<Mask, kMaxCells> below, above;
  const int cells = s.cells();
  for (int c = 0; c < cells; ++c) {
    const Mask m = cands_of(s, c);
    below[static_cast<std::size_t>(c)] = m ? up_to(lowest(m)) : 0;
    above[static_cast<std::size_t>(c)] = m ? all & ~up_to(highest(m) - 1) : 0;
  }
  std::size_t first = signs.size();
  for (std::size_t i = 0; i < signs.size(); ++i) {
    const auto [a, b] = signs[i];
    if ((s.cand(a) & below[static_cast<std::size_t>(b)]) | (s.cand(b) & above[static_cast<std::size_t>(a)])) {
      first = i;
      break;
    }
  }
  if (first == signs.size()) return false;
  int signs_used = 0;
  for (std::size_t i = first; i < signs.size(); ++i) {
    const auto [a, b] = signs[i];
    const Mask ma = cands_of(s, a), mb = cands_of(s, b);
    if (!ma || !mb) continue;
    const std::size_t before = out.eliminations.size();
    eliminate(s, a, up_to(lowest(mb)), out);
    eliminate(s, b, all & ~up_to(highest(ma) - 1), out);
    signs_used += out.eliminations.size() > before;
  }
  if (out.eliminations.empty()) return false;
  out.technique = "Sign bounds";
  out.rating = 1.0;
  if (out.describe)
    out.description = "Sign bounds: " + std::to_string(signs_used) + (signs_used == 1 ? " sign narrows" : " signs narrow") +
                      " its cells to the digits the other side allows";
  return true;
}

// Per cell, the cells it is greater than ([0]) and smaller than ([1]) by the signs, at most 4 each,
// in the order of the signs.
struct SignNeighbours {
  std::array<std::array<std::array<int, 4>, 2>, kMaxCells> cell{};
  std::array<std::array<std::uint8_t, 2>, kMaxCells> count{};
};

void sign_neighbours(const InequalityRule& rule, int cells, SignNeighbours& out) {
  for (int c = 0; c < cells; ++c) out.count[static_cast<std::size_t>(c)] = {0, 0};
  auto add = [&](int c, int side, int other) {
    std::uint8_t& k = out.count[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
    if (k < 4) out.cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)][k++] = other;
  };
  for (const auto& [a, b] : rule.signs) {
    add(a, 0, b);
    add(b, 1, a);
  }
}

bool find_sign_fork(const State& s, RuleContexts& ctx, Step& out) {
  thread_local SignNeighbours neighbours;
  sign_neighbours(*ctx.inequality, s.cells(), neighbours);
  for (int c = 0; c < s.cells(); ++c) {
    if (s.value(c)) continue;
    for (bool greater : {true, false}) {
      const auto side = static_cast<std::size_t>(greater ? 0 : 1);
      const std::array<int, 4>& nb = neighbours.cell[static_cast<std::size_t>(c)][side];
      const int k = neighbours.count[static_cast<std::size_t>(c)][side];
      // The largest set of them that pairwise share a unit (at most 4 cells: try every subset).
      int best = 0, best_size = 0;
      for (int set = 1; set < (1 << k); ++set) {
        const int size = std::popcount(static_cast<unsigned>(set));
        if (size < 2 || size <= best_size) continue;
        bool distinct = true;
        for (int i = 0; i < k && distinct; ++i)
          for (int j = i + 1; j < k && distinct; ++j)
            if ((set >> i & 1) && (set >> j & 1) && !s.sees(nb[static_cast<std::size_t>(i)], nb[static_cast<std::size_t>(j)]))
              distinct = false;
        if (distinct) best = set, best_size = size;
      }
      if (best_size < 2) continue;
      Mask u = 0;
      for (int i = 0; i < k; ++i)
        if (best >> i & 1) u |= cands_of(s, nb[static_cast<std::size_t>(i)]);
      if (popcount(u) < best_size) continue;  // a contradiction another rung reports
      // The k-th smallest (greater) or k-th largest (smaller) digit of their candidates.
      Mask rest = u;
      int bound = 0;
      for (int i = 0; i < best_size; ++i) {
        bound = greater ? lowest(rest) : highest(rest);
        rest &= ~bit(bound);
      }
      const Mask wrong = greater ? up_to(bound) : s.shape().all() & ~up_to(bound - 1);
      if (!(s.cand(c) & wrong)) continue;
      eliminate(s, c, wrong, out);
      out.technique = "Sign fork";
      out.rating = 2.0;
      if (out.describe) {
        std::string cells;
        for (int i = 0; i < k; ++i)
          if (best >> i & 1) cells += (cells.empty() ? "" : ", ") + s.cell_name(nb[static_cast<std::size_t>(i)]);
        out.description = "Sign fork: " + s.cell_name(c) + " is " + (greater ? "greater" : "smaller") + " than " +
                          std::to_string(best_size) + " different digits (" + cells + "), so " +
                          (greater ? "above " : "below ") + std::to_string(bound);
      }
      return true;
    }
  }
  return false;
}

constexpr Rung sign(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

constexpr std::array kInequalityRungs = {
    sign("Sign bounds", 1.0, find_sign_bounds),
    keep(kFullHouse),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    keep(kDirectPointing),
    keep(kDirectClaiming),
    keep(kDirectHiddenPair),
    sign("Sign fork", 2.0, find_sign_fork),
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

static_assert(keeps_all(kInequalityRungs, keeps_all_but_uniqueness),
              "the greater-than ladder holds a classic technique signs make unsound");

}  // namespace

const Ladder& rule_ladder(const InequalityRule&) {
  static const Ladder ladder{"greater-than", kInequalityRungs};
  return ladder;
}

bool rule_keeps(const InequalityRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const InequalityRule& rule, const Board&, RuleContexts& contexts) { contexts.inequality = &rule; }

}  // namespace gp::grader
