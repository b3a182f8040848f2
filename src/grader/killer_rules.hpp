// The cage rule's techniques (the killer ladder, grader/cage_ladder.cpp): cage combinations, the 45
// rule, cage-against-house interactions. Each follows the technique contract of grader/state.hpp
// (find one step, never modify the state), with a CageContext besides the State: the puzzle's
// cages, their combinations, the sums the 45 rule derives, and scratch space (which is why it is
// not const). grade() makes one context per call (RuleContexts::cage): nothing is shared between
// threads.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "grader/state.hpp"

namespace gp::grader {

// A sum over cells the 45 rule derives: sum(plus) - sum(minus) = sum. Innies have no minus cells,
// outies likewise; an innie-outie difference has both.
struct SumRule {
  std::vector<int> plus;
  std::vector<int> minus;
  int sum = 0;
  int houses = 0;     // how many houses the region behind it joins (1: one row, column or box)
  std::string where;  // "row 3", "rows 1-2", "boxes 1+2"
  const char* kind = "innies";  // "innies", "outies", "innies-outies"
  bool distinct = false;        // no minus cells, and every two cells share a unit or cage
};

class CageContext {
 public:
  // Requires a killer board (board.killer(), n <= 9).
  explicit CageContext(const Board& board);

  const Board& board;
  int n = 0;
  int house_sum = 0;                      // n(n+1)/2: 45 on 9x9
  std::vector<std::vector<Mask>> combos;  // per cage: the digit sets of its size adding to its sum
  std::vector<SumRule> rules;             // every 45-rule sum, fewest houses first
  std::vector<std::uint8_t> conflict;     // per pair of cells (a * cells + b): same unit or cage

  bool conflicts(int a, int b) const {
    return conflict[static_cast<std::size_t>(a * board.cells + b)] != 0;
  }

  // Unchanged-state memo: a rung that found nothing in a cage or rule skips it while the
  // candidates of its cells (and any extra key) stay the same. One slot list per rung.
  struct Memo {
    std::vector<Mask> seen;          // per item: its cells' candidates as last scanned
    std::vector<std::uint32_t> offset;
    std::vector<std::uint8_t> valid;
  };
  // Returns true when item `i` of `memo` was scanned with the same key and found nothing.
  bool unchanged(Memo& memo, std::size_t i, const std::vector<int>& cells, const std::vector<int>& more,
                 const State& s, Mask extra) const;
  // Records that item i was scanned with the current key and found nothing.
  void remember(Memo& memo, std::size_t i, const std::vector<int>& cells, const std::vector<int>& more,
                const State& s, Mask extra) const;
  void init_memo(Memo& memo, std::size_t items, std::size_t widest) const;

  std::array<Memo, 8> memos;  // indexed by the rung's memo slot

  // Scratch for the cage matching search (one cage at a time).
  int m = 0;
  std::array<Mask, kMaxN> allowed{};
  std::array<Mask, kMaxN> support{};
  std::array<std::array<std::uint32_t, 512>, kMaxN + 1> stamp{};
  std::array<std::array<std::uint8_t, 512>, kMaxN + 1> ok{};
  std::uint32_t generation = 0;
  bool match(int i, Mask used);
};

// The rungs (weights in cage_ladder.cpp's table and docs/killer.md).
// "Cage: last cell": a cage with one empty cell gets its sum minus the placed digits.
bool find_cage_last_cell(const State& s, CageContext& k, Step& out);
// "Cage: one combination": a cage whose size and sum allow one digit set loses every other digit.
bool find_cage_one_combination(const State& s, CageContext& k, Step& out);
// "Cage combinations": the combinations that hold the cage's placed digits and whose other digits
// are still candidates in the cage; digits in none of them go.
bool find_cage_combinations(const State& s, CageContext& k, Step& out);
// "Cage confinement": a digit every combination of a cage needs, whose places in the cage share a
// row, column or box, leaves the rest of that house.
bool find_cage_confinement(const State& s, CageContext& k, Step& out);
// "Hidden cage combination": combinations that cannot be placed in the cells' candidates, or that
// lack a digit some house can only place inside the cage, are dropped; each cell keeps the digits
// some placement of some remaining combination gives it.
bool find_hidden_cage_combination(const State& s, CageContext& k, Step& out);
// "45 rule": a sum of the rules (innies, outies, differences) over `houses` houses (3 = three or
// more) whose empty cells number one (`single`: the cell is placed) or more (digits no assignment
// of the empty cells allows are removed).
bool find_rule45(const State& s, CageContext& k, Step& out, int houses, bool single);
// "Cage forcing chain" (killer_forcing.cpp): a candidate of a cell with min..max candidates
// (fewest first) whose placement, followed by singles, cages' last cells and cage
// combinations, leaves a cell, house or cage with nothing possible, is removed.
bool find_cage_forcing(const State& s, CageContext& k, Step& out, int min_candidates, int max_candidates);

}  // namespace gp::grader
