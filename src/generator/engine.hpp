// Internal to the generator: the engine that makes one puzzle from a fresh grid. engine.cpp holds
// the fill, the dig and the walk over clue classes (any size); exchange.cpp the exchange search
// that takes plain 9x9 requests below what the walk reaches.
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "generator/inequality.hpp"
#include "generator/plan.hpp"
#include "grader/grader.hpp"
#include "grader/killer.hpp"
#include "core/variants.hpp"

namespace gp::gen {

// One worker's generation engine: owns the rng and scratch space for one puzzle at a time.
class Engine {
 public:
  Engine(const Plan& plan, Shared& shared)
      : plan_(plan),
        shared_(shared),
        geo_(plan.board ? plan.board.get() : &classic_board(plan.shape)),
        fast9_(variant_def(plan.req.variant).classic_units && plan.shape == Shape{3, 3}),
        extras_(geo_->has_extras()) {
    scratch_.resize(static_cast<size_t>(plan.cells));
  }

  // A puzzle for `seed`, or nullopt when the budget ran out: the first of attempts 0, 1, 2, ...
  // that succeeds.
  std::optional<Puzzle> make(std::uint64_t seed);

  // Attempt `index` for `seed`: a fresh grid and the search from it, with an rng of its own, so its
  // outcome depends on (seed, index) alone (unless the budget runs out, or a race it is part of
  // was won by a lower index).
  std::optional<Puzzle> try_once(std::uint64_t seed, std::uint64_t index);

  // Makes this engine one of several racing over the attempts of one seed: an attempt whose index
  // is above `*winner` (the lowest index that has succeeded so far) stops early.
  void join_race(const std::atomic<std::uint64_t>* winner) { race_winner_ = winner; }

 private:
  static constexpr std::uint64_t kAttemptStream = 0x6174746d;  // "attm"

  // The budget ran out, or a lower attempt of the same race succeeded.
  bool stopped() {
    return shared_.expired() || (race_winner_ && race_winner_->load(std::memory_order_relaxed) < index_);
  }

  const std::vector<int>& class_cells(int i) const { return plan_.classes[static_cast<size_t>(i)]; }
  int size_of(int i) const { return static_cast<int>(class_cells(i).size()); }
  bool given(int i) const { return puzzle_.cells[static_cast<size_t>(class_cells(i).front())] != 0; }

  // Puts the clues of class i back (values from the solution) / takes them out of the puzzle,
  // keeping the given-cell bits and the per-unit masks in step.
  void restore_class(int i);
  void remove_class(int i);

  // Whether empty cell `c` can only hold its solution value given the other givens alone (a hidden
  // single in one of its units, or a naked single): then removing it keeps the puzzle unique and
  // no search is needed. This settles most removals early in a dig.
  enum class Single { kNone, kHidden, kNaked };
  Single forced(int c) const;
  // The same on a board with extra units (every unit of c, every unit of the cells it meets).
  Single forced_any(int c) const;
  // The values given in the units of cell d.
  Mask seen_by(int d) const;
  // Whether the empty cells `removed` come back one after another as singles (each forced() with
  // the ones before it given again): then the puzzle, unique with them given, is still unique.
  // Leaves the puzzle as it found it.
  bool forced_in_turn(const std::vector<int>& removed);
  // Gives / empties one cell (its solution value), keeping the per-unit masks in step (not the
  // given-cell bits: restore_class/remove_class set those; forced_in_turn's cells are back out
  // before anything reads them).
  void place_cell(int c);
  void clear_cell(int c);

  enum class Alt { kNone, kFound, kUnknown };

  // A solution of the current puzzle with `cell` != its solution value, into `out`. The generic
  // path (classic sizes other than 9x9, variants above 9x9) has a node budget: proving uniqueness
  // of a sparse 16x16 puzzle can take seconds, so a search that runs over it answers kUnknown and
  // the clue is kept.
  Alt find_alternative(int cell, std::vector<std::uint8_t>& out);
  // Whether find_alternative's answer is always a proof (no node budget): the fast 9x9 path,
  // variants up to 9x9, and boards of several 9x9 grids (samurai).
  bool exact_search() const { return fast9_ || (!geo_->classic() && (plan_.cells <= 81 || geo_->multi_grid())); }
  // Whether the puzzle (unique before the cells `removed` were emptied) is still unique, by search.
  bool search_unique(const std::vector<int>& removed);

  // A set of cells, one bit per cell (up to 16x16, and the 369 cells of a samurai board).
  static constexpr size_t kCellWords = 6;
  using Cells = std::array<std::uint64_t, kCellWords>;
  static void set_bit(Cells& b, int c) { b[static_cast<size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }
  static void clear_bit(Cells& b, int c) { b[static_cast<size_t>(c >> 6)] &= ~(std::uint64_t{1} << (c & 63)); }
  static bool has_bit(const Cells& b, int c) { return (b[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1; }

  // Recomputes the given-cell bits and the per-unit masks of given values from puzzle_.
  void sync_givens();

  // Second solutions found by earlier failed removals, kept as the cells where they differ from
  // the solution (unavoidable sets). While none of those cells is a given, that second solution
  // still fits, so the puzzle is not unique: no search needed. They keep ruling out the same
  // removals after nearby changes, which is most of what the low-clue search tries.
  bool known_alternative();
  template <size_t Words>
  size_t first_unhit() const {
    size_t k = 0;
    for (; k < pool_used_; ++k) {
      std::uint64_t hit = 0;
      for (size_t w = 0; w < Words; ++w) hit |= pool_[k][w] & givens_[w];
      if (!hit) break;
    }
    return k;
  }

  // The solution's unavoidable sets of two digits (fast 9x9 path, where the pool does not steer
  // the exchange search): for digits x and y, the cells holding either fall into components,
  // linked by each row, column and box (each holds one x and one y); swapping x and y in one
  // component gives another filled grid, so a puzzle with no given in a component is not unique.
  // Most removals the dig refuses leave such a set empty: no search is needed to refuse them.
  // (Refusing without the search leaves its second solution out of the pool, which only matters
  // where down_move draws from the pool: exchange_fits() requests do not use these sets.)
  void find_pair_sets();
  bool pair_set_unhit() const {
    for (const auto& set : pair_sets_)
      if (!((set[0] & givens_[0]) | (set[1] & givens_[1]))) return true;
    return false;
  }

  void remember(const std::vector<std::uint8_t>& alt);
  void remember(const Cells& d);

  // Removes class i if the puzzle stays unique (and within the rating cap); else leaves it.
  bool try_remove(int i);

  // One pass over `order`: removes what can go, never below `floor`, stopping at `stop`.
  // `undo` (a search move) names the class just put back on a unique puzzle, last in `order`: if
  // nothing else was removed by then, removing it gives that unique puzzle back, so no proof needed.
  int dig(const std::vector<int>& order, int count, int floor, int stop, int undo = -1);

  std::vector<int> shuffled_clue_classes(int last = -1);

  // Does the current puzzle meet the difficulty target? Grades it (kept in grade_).
  bool rating_ok();

  // The plain dig removed the classes now empty, in `order`, and went above the band's cap. Puts
  // them back, last removed first, until the rating is within the cap: true with the puzzle in the
  // band (grade_ set), false once it falls below the band. Every puzzle on the way back was unique.
  bool walk_back(const std::vector<int>& order);

  // Dig under the grader's cap only, never plainly (attempt()): non-consecutive with a band whose
  // floor is above 0 and whose top is finite (a verdict under an infinite cap would climb to the
  // exhaustive last rung), and a free clue count (not minimal), where the plain dig's exhaustive
  // proofs on nearly empty grids cost far more than grading each removal.
  bool guided_only() const {
    return plan_.req.variant == Variant::kNonConsecutive && plan_.req.rating && plan_.req.rating->lo > 0 &&
           std::isfinite(plan_.req.rating->hi) && !plan_.has_upper && !plan_.req.minimal;
  }

  bool count_ok(int count) const {
    if (count < plan_.lo || count > plan_.hi) return false;
    if (plan_.req.minimal && inconclusive_) return false;  // minimality not proven
    return !plan_.has_upper || plan_.req.minimal || count == target_;
  }

  // One fresh grid: dig, then search below the dig if needed. True with puzzle_/solution_ set on success.
  bool attempt();
  // The same for killer: cages on a fresh filled grid (generator/killer.hpp).
  bool attempt_killer();
  bool attempt_even_odd();
  bool attempt_thermo();
  bool attempt_arrow();
  bool attempt_signs(const Board& base, const SignPlan& signs);  // greater-than, futoshiki
  bool attempt_dots();  // consecutive, kropki, non-consecutive (generator/dots.hpp)
  bool attempt_sandwich();  // sandwich (generator/sandwich.hpp)
  bool attempt_kenken();  // kenken (generator/kenken.hpp)
  // The filled grid a marked variant's maker starts from (solution_): a combination's frame, or the
  // classic grid. False when a jigsaw frame could not be grown.
  bool fill_frame();

  // The exchange search below serves plain 9x9 requests (one cell per class, no difficulty target)
  // with an exact count under the dig's end; the others use search().
  bool exchange_fits() const {
    return fast9_ && plan_.sym == Symmetry::kNone && !plan_.req.rating && plan_.has_upper && !plan_.req.minimal;
  }

  static bool empty_set(const Cells& a) {
    std::uint64_t any = 0;
    for (size_t k = 0; k < kCellWords; ++k) any |= a[k];
    return any == 0;
  }
  static bool meets(const Cells& a, const Cells& b) {
    std::uint64_t any = 0;
    for (size_t k = 0; k < kCellWords; ++k) any |= a[k] & b[k];
    return any != 0;
  }
  static void intersect(Cells& a, const Cells& b) {
    for (size_t k = 0; k < kCellWords; ++k) a[k] &= b[k];
  }
  Cells diff_from_solution(const std::uint8_t* sol) const;
  int pick(const Cells& set);

  // After the givens lost one or two clues: a cell whose clue makes the puzzle unique again, or
  // -1. Candidates start as `need`; each candidate x that fails yields a second solution (which
  // agrees with the solution at x), and any repairing clue must differ from it, so `need` shrinks
  // to its difference set (at least x goes). Every second solution met joins the pool.
  int repair(Cells need);

  // Whether the current puzzle is unique (solver proof); if not, `diff` receives where a second
  // solution differs from the solution, and the pool keeps it.
  bool unique_or_second(Cells& diff);
  // The same with the clue of empty cell x added for the test. A second solution agrees with the
  // solution at x, so x is never in `diff`.
  bool unique_with(int x, Cells& diff);

  // One {-2,+1} sweep over the pairs of `clues` (the givens), in random order: the cell added
  // (the pair is then removed from the givens), -1 if no pair allows it, -2 when the budget ran out.
  // The pool prunes first: a pool set hit by no other given than a and b must contain the added
  // cell, so the sets hit by one or two givens are sorted out once per sweep and intersected per
  // pair; an empty intersection rules the pair out without the solver.
  int down_move(const std::vector<int>& clues);


  // Loads the puzzle whose givens are `g` (values from the solution).
  void load(const Cells& g);

  // Every cell of `want` whose clue makes the current puzzle unique (tested in random order; each
  // failure narrows `want` to where its second solution differs, as in repair()).
  void all_repairs(Cells want, std::vector<int>& out);

  // The puzzle has target + 1 clues. The puzzles with as many clues reached from it by {-1,+1}
  // exchanges form a plateau, which the walk would wander at random, drawing the same moves again
  // and again (measured at 19 clues: about 5 puzzles a plateau, 53 at most, in 1,600 moves). Here
  // each puzzle of the plateau is visited once, in random order, and given a {-2,+1} sweep. True
  // with the puzzle at the target; false once the plateau (kPlateau puzzles at most) or the budget
  // is used up.
  bool plateau();

  // Moves from the current unique puzzle: put one empty class back, then dig again over every
  // clue class (the re-added one last). A move is kept if it does not add clues, so the walk can
  // drift sideways at a count and go down whenever one re-added class frees two or more.
  bool search(int count);

  std::vector<int> given_cells() const;
  int class_of(int cell) const;

  const Plan& plan_;
  Shared& shared_;
  const Board* geo_;  // the board of the puzzle being made (a jigsaw attempt grows its own)
  std::shared_ptr<const Board> jigsaw_;  // the current jigsaw attempt's board (keeps geo_ alive)
  bool fast9_;
  bool extras_;  // the board has units beyond rows, columns and boxes (x, hyper)
  static constexpr size_t kPool = 1024;
  std::array<Cells, kPool> pool_{};
  Cells givens_{};
  std::vector<std::array<std::uint64_t, 2>> pair_sets_;  // see find_pair_sets(); empty when unused
  bool inconclusive_ = false;  // a removal was refused for lack of proof (node budget)
  bool guided_ = true;  // removals must keep the rating within the cap
  static constexpr double kNakedSingleRating = 2.3;  // SE rating of a naked single
  static constexpr std::int64_t kNodeBudget = 300;
  // Per unit: the values given in it (rows, columns, boxes and extra units; samurai has 131).
  std::array<Mask, 136> units_{};
  size_t pool_used_ = 0, pool_next_ = 0;
  std::vector<std::uint8_t> scratch_;
  Rng* rng_ = nullptr;
  std::uint64_t index_ = 0;                                   // the attempt running
  const std::atomic<std::uint64_t>* race_winner_ = nullptr;  // see join_race()
  Grid solution_, puzzle_;
  int target_ = 0, floor_ = 0, stop_ = 0;
  std::optional<grader::Grade> grade_;
};

}  // namespace gp::gen
