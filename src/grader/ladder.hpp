// The grader's ladders as data (inside src/grader; docs/grader.md "One ladder loop").
//
// grade() (grader.cpp) runs one loop over the ladder the board's rules choose: a table of rungs,
// each a technique with its rating, tried in order; the first that finds a step is applied and the
// ladder restarts from the top. The classic ladder (kClassicLadder, Sudoku Explainer 1.2.1's
// order) serves every board without rules (classic, x, hyper, jigsaw, samurai). A rule type adds
// its grader entry, three overloads found by std::visit with no fallback (a new rule type fails to
// compile until it has them):
//
//   const Ladder& rule_ladder(const R&)     its ladder: its own techniques among the classic ones
//                                           that stay sound under it (rule_keeps), and its scale
//   bool rule_keeps(const R&, const Rung&)  whether a classic technique stays sound under the rule
//                                           (its ladder's table is checked against it at compile time)
//   void make_context(const R&, const Board&, RuleContexts&)
//                                           the rule's context, made once per grade() call
//
// A rung's finder takes the call's RuleContexts besides the State; the classic techniques ignore
// it (classic<find_x> adapts them), a rule's own techniques read their context from it.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>

#include "core/grid.hpp"
#include "grader/chains.hpp"
#include "grader/grader.hpp"
#include "grader/killer_rules.hpp"
#include "grader/state.hpp"
#include "grader/techniques.hpp"

namespace gp::grader {

// A cell's name in a step's description, "r3c7", on an n x n grid (cell c = row * n + col). The
// rule ladders' steps (thermo, arrow, sandwich, arithmetic) name their cells with it.
inline std::string rc_name(int c, int n) { return "r" + std::to_string(c / n + 1) + "c" + std::to_string(c % n + 1); }

// What one grade() call keeps besides its State for the rules of the board: one context per rule
// type the board has (made by make_context), none for a board without rules. On the heap, not in
// std::optional: GCC 12 zero-fills a default-constructed optional's whole payload (44 KB for the
// cage context), a cost every classic grade() would pay.
struct RuleContexts {
  std::unique_ptr<CageContext> cage;  // CageRule: cages, their combinations, the 45 rule's sums, scratch
  const ParityRule* parity = nullptr;  // ParityRule: the marks (parity_ladder.cpp)
  const ThermoRule* thermo = nullptr;  // ThermoRule: the thermos (thermo_ladder.cpp)
  const ArrowRule* arrow = nullptr;  // ArrowRule: the arrows (arrow_ladder.cpp)
  const InequalityRule* inequality = nullptr;  // InequalityRule: the signs (inequality_ladder.cpp)
  std::shared_ptr<const struct DotPairs> dots;  // DotRule: its constrained pairs (dots_ladder.cpp)
  const MoveRule* knight = nullptr;  // MoveRule: anti-knight's move (move_ladder.cpp)
  const MoveRule* king = nullptr;  // MoveRule: anti-king's (both on anti-king+anti-knight)
  const SandwichRule* sandwich = nullptr;  // SandwichRule: the clues (sandwich_ladder.cpp)
  const ArithmeticCageRule* arithmetic = nullptr;  // ArithmeticCageRule: kenken's cages (arithmetic_ladder.cpp)
};

using Finder = bool (*)(const State&, RuleContexts&, Step&);

// One rung of a ladder.
struct Rung {
  const char* name;
  // The lowest rating the technique can give (a cap below it stops the ladder here). When
  // `rates_steps`, every step of the rung gets exactly this rating (a rule's own technique has a
  // weight); otherwise the technique rates its step (SE: chains rate by their length).
  double rating;
  Finder find;
  bool assumes_unique = false;  // valid only on a puzzle with one solution (unique loops, BUG)
  bool rates_steps = false;
};

// A ladder: its rungs, tried in order, and the scale its ratings are on.
struct Ladder {
  const char* name;  // "classic", "killer"
  std::span<const Rung> rungs;
  // The scale's bands; null: the Sudoku Explainer scale, labelled with GradeOptions::bands.
  const Bands* bands = nullptr;
  // The rating of a puzzle the ladder cannot finish (labelled with the scale's bands); < 0: such
  // a puzzle keeps the rating of its hardest step so far and gets no label.
  double unfinished = -1.0;
  int max_n = kMaxN;  // larger grids are not rated
};

// A classic technique as a rung: its finder ignores the rule contexts.
template <bool (*F)(const State&, Step&)>
bool classic(const State& s, RuleContexts&, Step& out) {
  return F(s, out);
}

// Sudoku Explainer 1.2.1's order of hint producers (direct, then indirect), which is also
// ascending rating except that unique loops (4.5+) come before naked quads (5.0). Every classic
// technique is here, by the index names below (a rule's ladder picks its classic rungs by them).
enum ClassicRung : std::size_t {
  kFullHouse, kHiddenSingleBox, kHiddenSingleLine, kDirectPointing, kDirectClaiming, kDirectHiddenPair,
  kNakedSingle, kDirectHiddenTriple, kPointing, kClaiming, kNakedPair, kXWing, kHiddenPair, kNakedTriple,
  kSwordfish, kHiddenTriple, kXYWing, kXYZWing, kUniqueRectangle, kNakedQuad, kJellyfish, kHiddenQuad, kBug,
  kAlignedPair, kChains, kAlignedTriplet, kNishio, kMultipleChains, kDynamicChains, kDynamicChainsPlus,
  kNestedChains, kClassicRungs
};

inline constexpr std::array<Rung, kClassicRungs> kClassicLadder = {
    Rung{"Full house", 1.0, classic<find_full_house>},
    Rung{"Hidden single (box)", 1.2, classic<find_hidden_single_box>},
    Rung{"Hidden single (row/column)", 1.5, classic<find_hidden_single_line>},
    Rung{"Direct pointing", 1.7, classic<find_direct_pointing>},
    Rung{"Direct claiming", 1.9, classic<find_direct_claiming>},
    Rung{"Direct hidden pair", 2.0, classic<find_direct_hidden_pair>},
    Rung{"Naked single", 2.3, classic<find_naked_single>},
    Rung{"Direct hidden triple", 2.5, classic<find_direct_hidden_triple>},
    Rung{"Pointing", 2.6, classic<find_pointing>},
    Rung{"Claiming", 2.8, classic<find_claiming>},
    Rung{"Naked pair", 3.0, classic<find_naked_pair>},
    Rung{"X-wing", 3.2, classic<find_x_wing>},
    Rung{"Hidden pair", 3.4, classic<find_hidden_pair>},
    Rung{"Naked triple", 3.6, classic<find_naked_triple>},
    Rung{"Swordfish", 3.8, classic<find_swordfish>},
    Rung{"Hidden triple", 4.0, classic<find_hidden_triple>},
    Rung{"XY-wing", 4.2, classic<find_xy_wing>},
    Rung{"XYZ-wing", 4.4, classic<find_xyz_wing>},
    Rung{"Unique rectangle/loop", 4.5, classic<find_unique_rectangle>, true},
    Rung{"Naked quad", 5.0, classic<find_naked_quad>},
    Rung{"Jellyfish", 5.2, classic<find_jellyfish>},
    Rung{"Hidden quad", 5.4, classic<find_hidden_quad>},
    Rung{"BUG", 5.6, classic<find_bug>, true},
    // Chains (chains.hpp) and aligned exclusion (techniques.hpp), in SE's order; each returns its easiest step.
    Rung{"Aligned pair exclusion", 6.2, classic<find_aligned_pair_exclusion>},
    Rung{"Chains and cycles", 6.5, classic<find_chains>},
    Rung{"Aligned triplet exclusion", 7.5, classic<find_aligned_triplet_exclusion>},
    Rung{"Nishio", 7.5, classic<find_nishio>},
    Rung{"Cell/region forcing chains", 8.0, classic<find_multiple_chains>},
    Rung{"Dynamic forcing chains", 8.5, classic<find_dynamic_chains>},
    Rung{"Dynamic forcing chains (+)", 9.0, classic<find_dynamic_chains_plus>},
    Rung{"Nested forcing chains", 9.5, classic<find_nested_chains>},
};

// A classic rung kept as it is on a rule's ladder (rule_ladder in the <rule>_ladder.cpp files).
constexpr Rung keep(ClassicRung r) { return kClassicLadder[r]; }
// The classic techniques a rule's marks leave sound: all but the uniqueness patterns (unique
// rectangles, BUG), which assume a solution is unique under the classic rules alone. Every rule
// ladder so far (cages, parity, thermo, arrow, dots, the move) keeps exactly these.
constexpr bool keeps_all_but_uniqueness(const Rung& classic_rung) { return !classic_rung.assumes_unique; }


// The ladder of a board without rules: the classic rungs on the SE scale.
const Ladder& classic_ladder();

// True when every classic rung of `rungs` (a finder of kClassicLadder) is one `keeps` allows:
// a rule's ladder checks its table with it at compile time.
template <typename Keeps>
constexpr bool keeps_all(std::span<const Rung> rungs, Keeps keeps) {
  for (const Rung& r : rungs)
    for (const Rung& c : kClassicLadder)
      if (r.find == c.find && !keeps(c)) return false;
  return true;
}

// --- the grader entry of each rule type (see the top of this file) ---
// CageRule (cage_ladder.cpp): the killer ladder on the killer scale (grader/killer.hpp).
const Ladder& rule_ladder(const CageRule&);
bool rule_keeps(const CageRule&, const Rung& classic_rung);
void make_context(const CageRule&, const Board& board, RuleContexts& contexts);

// ParityRule (parity_ladder.cpp): the even-odd ladder on the SE scale.
const Ladder& rule_ladder(const ParityRule&);
bool rule_keeps(const ParityRule&, const Rung& classic_rung);
void make_context(const ParityRule& rule, const Board& board, RuleContexts& contexts);

// ThermoRule (thermo_ladder.cpp): the thermo ladder on the SE scale.
const Ladder& rule_ladder(const ThermoRule&);
bool rule_keeps(const ThermoRule&, const Rung& classic_rung);
void make_context(const ThermoRule& rule, const Board& board, RuleContexts& contexts);

// ArrowRule (arrow_ladder.cpp): the arrow ladder on the SE scale.
const Ladder& rule_ladder(const ArrowRule&);
bool rule_keeps(const ArrowRule&, const Rung& classic_rung);
void make_context(const ArrowRule& rule, const Board& board, RuleContexts& contexts);

// InequalityRule (inequality_ladder.cpp): the greater-than ladder on the SE scale.
const Ladder& rule_ladder(const InequalityRule&);
bool rule_keeps(const InequalityRule&, const Rung& classic_rung);
void make_context(const InequalityRule& rule, const Board& board, RuleContexts& contexts);

// DotRule (dots_ladder.cpp): the consecutive, kropki and non-consecutive ladder on the SE scale.
const Ladder& rule_ladder(const DotRule&);
bool rule_keeps(const DotRule&, const Rung& classic_rung);
void make_context(const DotRule& rule, const Board& board, RuleContexts& contexts);

// MoveRule (move_ladder.cpp): the anti-knight and anti-king ladders on the SE scale.
const Ladder& rule_ladder(const MoveRule& rule);
bool rule_keeps(const MoveRule&, const Rung& classic_rung);
void make_context(const MoveRule& rule, const Board& board, RuleContexts& contexts);

// SandwichRule (sandwich_ladder.cpp): the sandwich ladder on the SE scale.
const Ladder& rule_ladder(const SandwichRule&);
bool rule_keeps(const SandwichRule&, const Rung& classic_rung);
void make_context(const SandwichRule& rule, const Board& board, RuleContexts& contexts);

// ArithmeticCageRule (arithmetic_ladder.cpp): the kenken ladder on the SE scale.
const Ladder& rule_ladder(const ArithmeticCageRule&);
bool rule_keeps(const ArithmeticCageRule&, const Rung& classic_rung);
void make_context(const ArithmeticCageRule& rule, const Board& board, RuleContexts& contexts);

// The ladder `board`'s rules choose (classic_ladder() without rules). Rules of different ladders
// (a combination such as killer+anti-knight) get one ladder made of them, built once: the ladder
// with a scale of its own (killer) or the first rule's, its classic rungs kept only where every
// rule keeps them, the other ladders' own rungs merged in by weight (docs/grader.md).
const Ladder* ladder_of(const Board& board);

}  // namespace gp::grader
