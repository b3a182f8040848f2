// The move rule's grader entry (grader/ladder.hpp): the anti-knight and anti-king ladders on the
// Sudoku Explainer scale, their one technique and their context.
//
// The cells a knight's move (a king's diagonal step) away are peers of the board, so a placed
// digit leaves them as it leaves its row, column and box (State::place): singles see the move
// with no rung of their own. The rule's technique is pointing through the move:
//   - Anti-knight pointing / Anti-king pointing (2.6, SE's pointing): in some unit a digit has
//     its last places in a few cells, and a cell outside the unit is a move away from, or in a
//     unit with, each of them (a move away from at least one: otherwise classic pointing or
//     claiming finds it), so whichever of them holds the digit, that cell cannot: it loses it.
// The classic techniques stay sound (the move only adds peers: what two cells sharing a unit
// cannot do, they still cannot) but for the uniqueness ones (unique rectangles and loops, BUG):
// a deadly pattern's swap of two digits can put equal digits a move apart, so the pattern is not
// deadly and the deduction is unsound. Wings and chains link cells through units only (they miss
// links through the move, which only makes them find less).
#include <array>
#include <bit>
#include <cstdlib>
#include <span>
#include <string>

#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

// Whether cells a and b of an n x n grid are one `move` apart.
bool apart(Move move, int n, int a, int b) {
  const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
  return move == Move::kKnight ? (dr == 1 && dc == 2) || (dr == 2 && dc == 1) : dr == 1 && dc == 1;
}

using Offset = std::array<int, 2>;
constexpr std::array<Offset, 8> kKnightSteps{{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}};
constexpr std::array<Offset, 4> kKingSteps{{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}};

template <Move move>
bool find_move_pointing(const State& s, RuleContexts&, Step& out) {
  const int n = s.n();
  const char* what = move == Move::kKnight ? "a knight's move" : "a king's diagonal step";
  std::array<int, kMaxN> places{};
  for (int u = 0; u < s.unit_count(); ++u)
    for (int v = 1; v <= n; ++v) {
      if (s.placed_in(u, v)) continue;
      const Mask at = s.places(u, v);
      if (bit_count(at) < 2) continue;
      int k = 0;
      for (Mask m = at; m; m &= m - 1) places[static_cast<std::size_t>(k++)] = s.unit(u)[static_cast<std::size_t>(std::countr_zero(m))];
      out.eliminations.clear();
      // A target is a move away from some place: look among the first place's move cells and
      // those of the others (each checked against every place).
      for (int i = 0; i < k; ++i) {
        const int from = places[static_cast<std::size_t>(i)];
        for (const auto& d : move == Move::kKnight ? std::span<const Offset>(kKnightSteps) : std::span<const Offset>(kKingSteps)) {
          const int r = from / n + d[0], c = from % n + d[1];
          if (r < 0 || r >= n || c < 0 || c >= n) continue;
          const int x = r * n + c;
          if (s.value(x) || !s.has(x, v) || s.in_unit(x, u)) continue;
          bool all = true;
          for (int j = 0; j < k && all; ++j) {
            const int p = places[static_cast<std::size_t>(j)];
            all = apart(move, n, x, p) || s.sees(x, p);
          }
          if (!all) continue;
          bool dup = false;
          for (const CellValue& e : out.eliminations) dup = dup || e.cell == x;
          if (!dup) out.eliminations.push_back({x, v});
        }
      }
      if (out.eliminations.empty()) continue;
      out.technique = move == Move::kKnight ? "Anti-knight pointing" : "Anti-king pointing";
      out.rating = 2.6;
      if (out.describe) {
        std::string digit;
        append_value(digit, v);
        std::string cells;
        for (int i = 0; i < k; ++i)
          cells += (i == 0 ? "" : i + 1 == k ? " or " : ", ") + s.cell_name(places[static_cast<std::size_t>(i)]);
        std::string targets;
        for (const CellValue& e : out.eliminations) targets += (targets.empty() ? "" : ", ") + s.cell_name(e.cell);
        out.description = out.technique + ": in " + s.unit_name(u) + " the " + digit + " is in " + cells + "; " +
                          targets + (out.eliminations.size() == 1 ? " is " : " are ") + what +
                          " from (or in a unit with) each of them, so not " + digit;
        out.units.push_back(u);
      }
      return true;
    }
  out.eliminations.clear();
  return false;
}

template <Move move>
constexpr Rung pointing(const char* name) { return Rung{name, 2.6, find_move_pointing<move>, false, true}; }

template <Move move, std::size_t N>
constexpr std::array<Rung, N + 1> with_pointing(const char* name, const std::array<ClassicRung, N>& classic) {
  std::array<Rung, N + 1> out{};
  std::size_t k = 0;
  for (ClassicRung r : classic) {
    out[k++] = keep(r);
    if (r == kPointing) out[k++] = pointing<move>(name);
  }
  return out;
}

// Every classic rung but the uniqueness ones, in the classic order.
constexpr std::array kKept = {
    kFullHouse, kHiddenSingleBox, kHiddenSingleLine, kDirectPointing, kDirectClaiming, kDirectHiddenPair,
    kNakedSingle, kDirectHiddenTriple, kPointing, kClaiming, kNakedPair, kXWing, kHiddenPair, kNakedTriple,
    kSwordfish, kHiddenTriple, kXYWing, kXYZWing, kNakedQuad, kJellyfish, kHiddenQuad,
    kAlignedPair, kChains, kAlignedTriplet, kNishio, kMultipleChains, kDynamicChains, kDynamicChainsPlus,
    kNestedChains,
};

constexpr auto kKnightRungs = with_pointing<Move::kKnight>("Anti-knight pointing", kKept);
constexpr auto kKingRungs = with_pointing<Move::kKing>("Anti-king pointing", kKept);

static_assert(keeps_all(kKnightRungs, keeps_all_but_uniqueness), "the anti-knight ladder holds a classic technique the move makes unsound");
static_assert(keeps_all(kKingRungs, keeps_all_but_uniqueness), "the anti-king ladder holds a classic technique the move makes unsound");

}  // namespace

const Ladder& rule_ladder(const MoveRule& rule) {
  static const Ladder knight{"anti-knight", kKnightRungs};
  static const Ladder king{"anti-king", kKingRungs};
  return rule.move == Move::kKnight ? knight : king;
}

bool rule_keeps(const MoveRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const MoveRule& rule, const Board&, RuleContexts& contexts) {
  (rule.move == Move::kKnight ? contexts.knight : contexts.king) = &rule;
}

}  // namespace gp::grader
