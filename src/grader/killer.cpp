#include "grader/killer.hpp"

#include <array>

#include "grader/chains.hpp"
#include "grader/killer_rules.hpp"
#include "grader/techniques.hpp"

namespace gp::grader {
namespace {

using ClassicFinder = bool (*)(const State&, Step&);
using KillerFinder = bool (*)(const State&, KillerContext&, Step&);

// One rung: a killer technique (weight given here) or a technique of the classic grader (its
// step keeps the classic rating, which is its weight here too; chains rate by length).
struct KillerRung {
  const char* name;
  double weight;
  ClassicFinder classic = nullptr;
  KillerFinder killer = nullptr;
};

template <int kMin, int kMax>
bool cage_forcing(const State& s, KillerContext& k, Step& out) {
  return find_cage_forcing(s, k, out, kMin, kMax);
}

template <int kHouses, bool kSingle>
bool rule45(const State& s, KillerContext& k, Step& out) {
  return find_rule45(s, k, out, kHouses, kSingle);
}

// Ascending weight; at equal weight the killer technique first. Uniqueness techniques (unique
// rectangles, BUG) are left out: with cage sums a swap of two digits is no longer harmless.
// The nested forcing chains (the classic grader's last resort) are left out too: the killer
// ladder stops there and rates the puzzle unfinished.
const std::array kRungs = {
    KillerRung{"Full house", 1.0, find_full_house, nullptr},
    KillerRung{"Cage: last cell", 1.0, nullptr, find_cage_last_cell},
    KillerRung{"Cage: one combination", 1.0, nullptr, find_cage_one_combination},
    KillerRung{"Hidden single (box)", 1.2, find_hidden_single_box, nullptr},
    KillerRung{"Hidden single (row/column)", 1.5, find_hidden_single_line, nullptr},
    KillerRung{"Cage combinations", 1.5, nullptr, find_cage_combinations},
    KillerRung{"45 rule (one house): one cell", 1.8, nullptr, rule45<1, true>},
    KillerRung{"Cage confinement", 2.2, nullptr, find_cage_confinement},
    KillerRung{"Naked single", 2.3, find_naked_single, nullptr},
    KillerRung{"45 rule (one house)", 2.5, nullptr, rule45<1, false>},
    KillerRung{"Pointing", 2.6, find_pointing, nullptr},
    KillerRung{"Claiming", 2.8, find_claiming, nullptr},
    KillerRung{"Hidden cage combination", 3.0, nullptr, find_hidden_cage_combination},
    KillerRung{"45 rule (two houses): one cell", 3.0, nullptr, rule45<2, true>},
    KillerRung{"Naked pair", 3.0, find_naked_pair, nullptr},
    KillerRung{"X-wing", 3.2, find_x_wing, nullptr},
    KillerRung{"45 rule (two houses)", 3.4, nullptr, rule45<2, false>},
    KillerRung{"Hidden pair", 3.4, find_hidden_pair, nullptr},
    KillerRung{"Naked triple", 3.6, find_naked_triple, nullptr},
    KillerRung{"Swordfish", 3.8, find_swordfish, nullptr},
    KillerRung{"45 rule (three or more houses): one cell", 4.0, nullptr, rule45<3, true>},
    KillerRung{"Hidden triple", 4.0, find_hidden_triple, nullptr},
    KillerRung{"XY-wing", 4.2, find_xy_wing, nullptr},
    KillerRung{"45 rule (three or more houses)", 4.4, nullptr, rule45<3, false>},
    KillerRung{"XYZ-wing", 4.4, find_xyz_wing, nullptr},
    KillerRung{"Naked quad", 5.0, find_naked_quad, nullptr},
    KillerRung{"Jellyfish", 5.2, find_jellyfish, nullptr},
    KillerRung{"Hidden quad", 5.4, find_hidden_quad, nullptr},
    KillerRung{"Aligned pair exclusion", 6.2, find_aligned_pair_exclusion, nullptr},
    KillerRung{"Chains and cycles", 6.5, find_chains, nullptr},
    KillerRung{"Cage forcing chain (two candidates)", 7.0, nullptr, cage_forcing<2, 2>},
    KillerRung{"Cage forcing chain", 7.5, nullptr, cage_forcing<3, 9>},
    KillerRung{"Aligned triplet exclusion", 7.5, find_aligned_triplet_exclusion, nullptr},
    KillerRung{"Nishio", 7.5, find_nishio, nullptr},
    KillerRung{"Cell/region forcing chains", 8.0, find_multiple_chains, nullptr},
    KillerRung{"Dynamic forcing chains", 8.5, find_dynamic_chains, nullptr},
};

constexpr double kKillerEps = 1e-9;

Bands make_bands() {
  Bands b;
  b.bands = {{"easy", 2.2, -1.0},
             {"medium", 2.8, -1.0},
             {"hard", 3.4, -1.0},
             {"expert", 5.4, -1.0},
             {"fiendish", std::numeric_limits<double>::infinity(), -1.0}};
  return b;
}

// The first step of the solution `sol` refutes, as text; "" when every step agrees with it.
bool refuted(const Step& step, const Grid& sol) {
  for (const CellValue& e : step.eliminations)
    if (sol.cells[static_cast<std::size_t>(e.cell)] == e.value) return true;
  for (const CellValue& p : step.placements)
    if (sol.cells[static_cast<std::size_t>(p.cell)] != p.value) return true;
  return false;
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

std::vector<LadderEntry> killer_ladder() {
  std::vector<LadderEntry> out;
  for (const KillerRung& r : kRungs) out.push_back({r.name, r.weight});
  return out;
}

KillerGrade grade_killer(const Grid& puzzle, const KillerGradeOptions& options) {
  KillerGrade g;
  const Board& board = board_of(puzzle);
  if (!board.killer() || board.n > 9 || board.cages().empty()) return g;
  State state;
  if (!check_givens(puzzle).ok() || !state.init(puzzle)) return g;
  g.valid = true;
  g.rating = 0.0;
  KillerContext context(board);
  Step step;
  step.describe = options.record_path || options.check_against != nullptr;
  step.placements.reserve(4);
  step.eliminations.reserve(32);
  while (!state.solved()) {
    bool progress = false;
    for (const KillerRung& rung : kRungs) {
      if (rung.weight > options.max_rating + kKillerEps) {
        g.capped = true;
        break;
      }
      step.clear();
      const bool found = rung.classic ? rung.classic(state, step) : rung.killer(state, context, step);
      if (!found) continue;
      if (rung.killer) step.rating = rung.weight;
      if (step.rating > options.max_rating + kKillerEps) {
        g.capped = true;
        break;
      }
      if (options.check_against && refuted(step, *options.check_against)) {
        g.wrong_step = step.description.empty() ? step.technique : step.description;
        g.capped = false;
        progress = false;
        break;
      }
      if (step.rating > g.rating + kKillerEps || g.hardest.empty()) {
        g.hardest = step.technique;
        g.rating = step.rating;
      }
      ++g.counts[step.technique];
      state.apply(step);
      if (options.record_path) g.path.push_back(step);
      progress = true;
      break;
    }
    if (!progress) break;
  }
  g.solved = state.solved();
  if (g.capped) return g;
  if (!g.solved) g.rating = kKillerUnfinished;
  g.label = label_for(g.rating, killer_bands());
  return g;
}

}  // namespace gp::grader
