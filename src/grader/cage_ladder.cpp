// The cage rule's grader entry (grader/ladder.hpp): the killer ladder, its scale and its context.
//
// There is no Sudoku Explainer scale for killer, so the rating is our own (docs/killer.md): the
// killer techniques (cage combinations, the 45 rule, cage-against-house interactions; weights
// here) interleaved with the classic techniques that stay sound with cages (they keep their SE
// rating as their weight; chains rate by length). A puzzle the ladder cannot finish is rated
// kKillerUnfinished (10.0), in the top band.
#include <limits>
#include <memory>

#include "grader/killer.hpp"
#include "grader/killer_rules.hpp"
#include "grader/ladder.hpp"

namespace gp::grader {
namespace {

// A cage technique as a rung: its finder reads the call's cage context.
template <bool (*F)(const State&, CageContext&, Step&)>
bool on_cages(const State& s, RuleContexts& c, Step& out) {
  return F(s, *c.cage, out);
}

template <int kMin, int kMax>
bool cage_forcing(const State& s, CageContext& k, Step& out) {
  return find_cage_forcing(s, k, out, kMin, kMax);
}

template <int kHouses, bool kSingle>
bool rule45(const State& s, CageContext& k, Step& out) {
  return find_rule45(s, k, out, kHouses, kSingle);
}

// A killer technique: its weight is the rating of each of its steps.
constexpr Rung cage(const char* name, double weight, Finder find) { return Rung{name, weight, find, false, true}; }

// Ascending weight; at equal weight the killer technique first (but after the full house).
// Uniqueness techniques (unique rectangles, BUG) are left out: with cage sums a swap of two digits
// is no longer harmless (rule_keeps). Left out too, by choice of the scale: the direct techniques
// of SE (1.7-2.5; the cage techniques fill that range), the dynamic forcing chains (+) and the
// nested forcing chains: the killer ladder stops after the dynamic forcing chains and rates the
// puzzle unfinished.
constexpr std::array kCageRungs = {
    keep(kFullHouse),
    cage("Cage: last cell", 1.0, on_cages<find_cage_last_cell>),
    cage("Cage: one combination", 1.0, on_cages<find_cage_one_combination>),
    keep(kHiddenSingleBox),
    keep(kHiddenSingleLine),
    cage("Cage combinations", 1.5, on_cages<find_cage_combinations>),
    cage("45 rule (one house): one cell", 1.8, on_cages<rule45<1, true>>),
    cage("Cage confinement", 2.2, on_cages<find_cage_confinement>),
    keep(kNakedSingle),
    cage("45 rule (one house)", 2.5, on_cages<rule45<1, false>>),
    keep(kPointing),
    keep(kClaiming),
    cage("Hidden cage combination", 3.0, on_cages<find_hidden_cage_combination>),
    cage("45 rule (two houses): one cell", 3.0, on_cages<rule45<2, true>>),
    keep(kNakedPair),
    keep(kXWing),
    cage("45 rule (two houses)", 3.4, on_cages<rule45<2, false>>),
    keep(kHiddenPair),
    keep(kNakedTriple),
    keep(kSwordfish),
    cage("45 rule (three or more houses): one cell", 4.0, on_cages<rule45<3, true>>),
    keep(kHiddenTriple),
    keep(kXYWing),
    cage("45 rule (three or more houses)", 4.4, on_cages<rule45<3, false>>),
    keep(kXYZWing),
    keep(kNakedQuad),
    keep(kJellyfish),
    keep(kHiddenQuad),
    keep(kAlignedPair),
    keep(kChains),
    cage("Cage forcing chain (two candidates)", 7.0, on_cages<cage_forcing<2, 2>>),
    cage("Cage forcing chain", 7.5, on_cages<cage_forcing<3, 9>>),
    keep(kAlignedTriplet),
    keep(kNishio),
    keep(kMultipleChains),
    keep(kDynamicChains),
};

// Which classic techniques stay sound with cages: every one that does not assume one solution.
// A unique rectangle or loop is deadly only if swapping its two digits keeps every rule: a cage
// holding cells of the loop with different digits after the swap keeps its sum only by chance,
// and the BUG argument fails the same way.
static_assert(keeps_all(kCageRungs, keeps_all_but_uniqueness), "the killer ladder holds a classic technique cages make unsound");

Bands make_bands() {
  Bands b;
  b.bands = {{"easy", 2.2, -1.0},
             {"medium", 2.8, -1.0},
             {"hard", 3.4, -1.0},
             {"expert", 5.4, -1.0},
             {"fiendish", std::numeric_limits<double>::infinity(), -1.0}};
  return b;
}

}  // namespace

const Bands& killer_bands() {
  static const Bands bands = make_bands();
  return bands;
}

Result<RatingRange> killer_rating_range(std::string_view text) { return parse_rating_range(text, killer_bands()); }

bool in_killer_band(double rating, std::string_view name) {
  auto range = band_range(name, killer_bands());
  return range.ok() && range.value().contains(rating);
}

const Ladder& rule_ladder(const CageRule&) {
  // Cages (their combinations, the 45 rule's sums) are graded up to 9x9.
  static const Ladder ladder{"killer", kCageRungs, &killer_bands(), kKillerUnfinished, 9};
  return ladder;
}

bool rule_keeps(const CageRule&, const Rung& classic_rung) { return keeps_all_but_uniqueness(classic_rung); }

void make_context(const CageRule&, const Board& board, RuleContexts& contexts) {
  contexts.cage = std::make_unique<CageContext>(board);
}

}  // namespace gp::grader
