#include "grader/grader.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <vector>

#include "grader/chains.hpp"
#include "grader/techniques.hpp"
#include "solver/solver.hpp"

namespace gp::grader {
namespace {

using Finder = bool (*)(const State&, Step&);

struct Rung {
  const char* name;
  double rating;  // lowest rating the technique can give (for the cap)
  Finder find;
  bool assumes_unique = false;  // valid only on a puzzle with one solution
};

// Sudoku Explainer 1.2.1's order of hint producers (direct, then indirect), which is also
// ascending rating except that unique loops (4.5+) come before naked quads (5.0).
constexpr std::array kLadder = {
    Rung{"Full house", 1.0, find_full_house},
    Rung{"Hidden single (box)", 1.2, find_hidden_single_box},
    Rung{"Hidden single (row/column)", 1.5, find_hidden_single_line},
    Rung{"Direct pointing", 1.7, find_direct_pointing},
    Rung{"Direct claiming", 1.9, find_direct_claiming},
    Rung{"Direct hidden pair", 2.0, find_direct_hidden_pair},
    Rung{"Naked single", 2.3, find_naked_single},
    Rung{"Direct hidden triple", 2.5, find_direct_hidden_triple},
    Rung{"Pointing", 2.6, find_pointing},
    Rung{"Claiming", 2.8, find_claiming},
    Rung{"Naked pair", 3.0, find_naked_pair},
    Rung{"X-wing", 3.2, find_x_wing},
    Rung{"Hidden pair", 3.4, find_hidden_pair},
    Rung{"Naked triple", 3.6, find_naked_triple},
    Rung{"Swordfish", 3.8, find_swordfish},
    Rung{"Hidden triple", 4.0, find_hidden_triple},
    Rung{"XY-wing", 4.2, find_xy_wing},
    Rung{"XYZ-wing", 4.4, find_xyz_wing},
    Rung{"Unique rectangle/loop", 4.5, find_unique_rectangle, true},
    Rung{"Naked quad", 5.0, find_naked_quad},
    Rung{"Jellyfish", 5.2, find_jellyfish},
    Rung{"Hidden quad", 5.4, find_hidden_quad},
    Rung{"BUG", 5.6, find_bug, true},
    // Chains (chains.hpp) and aligned exclusion (techniques.hpp), in SE's order; each returns its easiest step.
    Rung{"Aligned pair exclusion", 6.2, find_aligned_pair_exclusion},
    Rung{"Chains and cycles", 6.5, find_chains},
    Rung{"Aligned triplet exclusion", 7.5, find_aligned_triplet_exclusion},
    Rung{"Nishio", 7.5, find_nishio},
    Rung{"Cell/region forcing chains", 8.0, find_multiple_chains},
    Rung{"Dynamic forcing chains", 8.5, find_dynamic_chains},
    Rung{"Dynamic forcing chains (+)", 9.0, find_dynamic_chains_plus},
    Rung{"Nested forcing chains", 9.5, find_nested_chains},
};

constexpr double kEps = 1e-9;

// The singles open the ladder: full house (any unit), hidden single in a box (units 2n..3n-1: boxes
// or jigsaw regions), hidden single in a line (rows, columns and the extra units); then the first
// rung that is not a single. verdict() runs them without the ladder.
constexpr std::size_t kFullHouse = 0, kBoxSingle = 1, kLineSingle = 2, kFirstNotSingle = 3;
static_assert(kLadder[kFullHouse].find == find_full_house && kLadder[kBoxSingle].find == find_hidden_single_box &&
              kLadder[kLineSingle].find == find_hidden_single_line && kLadder[kFirstNotSingle].find == find_direct_pointing);

bool allowed(std::size_t rung, double max_rating) { return kLadder[rung].rating <= max_rating + kEps; }

// The singles allowed under `max_rating` to their fixed point (each one a sound deduction, and
// each stays possible until it is made, so any order reaches the same point): true if that fills
// the grid. Candidates are per cell (0 once filled); every pass scans every unit, taking the
// hidden singles of the units whose rung is allowed, and the full houses (a unit's one empty cell)
// of the others when full houses are.
bool singles_fill(const Grid& puzzle, double max_rating) {
  const Board& board = board_of(puzzle);
  const int n = board.n;
  const auto cells = static_cast<std::size_t>(board.cells);
  if (puzzle.cells.size() != cells) return false;
  const bool full_house = allowed(kFullHouse, max_rating);
  const bool box = allowed(kBoxSingle, max_rating), line = allowed(kLineSingle, max_rating);
  thread_local std::vector<Mask> cand;  // reused: the generator asks thousands of times a second
  thread_local std::vector<std::uint8_t> value;
  cand.assign(cells, puzzle.shape.all());
  value.assign(cells, 0);
  int left = board.cells;
  // False when v is not a candidate of c (a given that breaks the rules).
  auto place = [&](int c, int v) {
    const auto i = static_cast<std::size_t>(c);
    if (!(cand[i] & bit(v))) return false;
    cand[i] = 0;
    value[i] = static_cast<std::uint8_t>(v);
    --left;
    for (int p : board.peers[i]) cand[static_cast<std::size_t>(p)] &= ~bit(v);
    return true;
  };
  for (std::size_t c = 0; c < cells; ++c)
    if (const int v = puzzle.cells[c]; v && (v > n || !place(static_cast<int>(c), v))) return false;
  const int units = static_cast<int>(board.units.size());
  for (bool changed = true; changed && left > 0;) {
    changed = false;
    for (int u = 0; u < units; ++u) {
      const UnitKind kind = board.kinds[static_cast<std::size_t>(u)];
      const bool hidden = kind == UnitKind::kBox || kind == UnitKind::kRegion ? box : line;
      if (!hidden && !full_house) continue;
      const auto& unit = board.units[static_cast<std::size_t>(u)];
      if (!hidden) {  // full houses only
        int empty = 0, last = -1;
        for (int c : unit)
          if (!value[static_cast<std::size_t>(c)]) ++empty, last = c;
        if (empty != 1) continue;
        const Mask m = cand[static_cast<std::size_t>(last)];
        if (m && !several(m)) changed = place(last, lowest_value(m)) || changed;
        continue;
      }
      Mask once = 0, twice = 0;  // a filled cell has no candidates
      for (int c : unit) {
        const Mask m = cand[static_cast<std::size_t>(c)];
        twice |= once & m;
        once |= m;
      }
      for (Mask single = once & ~twice; single; single &= single - 1) {
        const Mask b = single & (~single + 1);
        // Its one place may have been filled by an earlier single of this unit (only when the
        // puzzle has no solution): then there is nothing to place.
        for (int c : unit)
          if (cand[static_cast<std::size_t>(c)] & b) {
            changed = place(c, lowest_value(b)) || changed;
            break;
          }
      }
    }
  }
  return left == 0;
}

bool parse_number(std::string_view t, double& out) {
  if (t.empty()) return false;
  const auto* first = t.data();
  const auto* last = t.data() + t.size();
  auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last && std::isfinite(out) && out >= 0;
}

std::string band_names(const Bands& bands) {
  std::string s;
  for (std::size_t i = 0; i < bands.bands.size(); ++i) {
    if (i) s += i + 1 == bands.bands.size() ? " or " : ", ";
    s += bands.bands[i].name;
  }
  return s;
}

}  // namespace

std::vector<Band> default_bands() {
  std::vector<Band> out;
  for (const DifficultyBand& b : kDefaultBands) out.push_back({std::string(b.name), b.hi, b.lo});
  out.back().max = std::numeric_limits<double>::infinity();
  return out;
}

std::string label_for(double rating, const Bands& bands) {
  for (const Band& b : bands.bands)
    if (rating <= b.max + kEps) return b.name;
  return bands.bands.empty() ? std::string() : bands.bands.back().name;
}

bool RatingRange::contains(double rating) const {
  if (rating > hi + kEps) return false;
  return lo_exclusive ? rating > lo + kEps : rating >= lo - kEps;
}

Result<RatingRange> band_range(std::string_view name, const Bands& bands) {
  double prev = 0.0;
  bool first = true;
  for (const Band& b : bands.bands) {
    if (b.name == name) {
      if (b.min < 0) return RatingRange{first ? 0.0 : prev, b.max, !first};
      bool ends_there = false;
      for (const Band& o : bands.bands)
        if (&o != &b && std::abs(o.max - b.min) < kEps) ends_there = true;
      return RatingRange{b.min, b.max, ends_there && b.min > 0};
    }
    prev = b.max;
    first = false;
  }
  return Error("unknown difficulty '" + std::string(name) + "': expected " + band_names(bands) +
               " or a range A-B such as 2.6-4.0");
}

Result<RatingRange> parse_rating_range(std::string_view text, const Bands& bands) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return band_range(text, bands);
  double lo = 0, hi = 0;
  if (!parse_number(text.substr(0, dash), lo) || !parse_number(text.substr(dash + 1), hi))
    return Error("bad rating range '" + std::string(text) + "': expected A-B with numbers, such as 2.6-4.0");
  if (lo > hi) return Error("bad rating range '" + std::string(text) + "': low end above high end");
  return RatingRange{lo, hi, false};
}

Verdict verdict(const Grid& puzzle, double max_rating) {
  if (!allowed(kFirstNotSingle, max_rating)) {
    const bool solved = singles_fill(puzzle, max_rating);
    return {solved, solved};
  }
  GradeOptions go;
  go.max_rating = max_rating;
  go.assume_unique = true;
  const Grade g = grade(puzzle, go);
  const bool solved = g.solved && !g.capped;
  return {solved, solved && !g.used_uniqueness};
}

std::vector<LadderEntry> ladder() {
  std::vector<LadderEntry> out;
  for (const Rung& r : kLadder) out.push_back({r.name, r.rating});
  return out;
}

Grade grade(const Grid& puzzle, const GradeOptions& options) {
  Grade g;
  if (options.assume_unique) {
    g.solutions = 1;
  } else {
    if (!check_givens(puzzle).ok()) {
      g.solutions = 0;
    } else if (options.node_budget >= 0) {
      const solver::Outcome o = solver::count_solutions_within(puzzle, 2, options.node_budget);
      g.solutions = o.count;
      if (o.exhausted_budget) {
        g.gave_up = true;
        return g;
      }
    } else {
      g.solutions = solver::count_solutions(puzzle, 2);
    }
  }
  g.unique = g.solutions == 1;
  if (!g.unique) return g;

  // Every unit of the puzzle's board counts as a house (rows, columns, boxes or regions, a
  // variant's diagonals or windows, every grid's rows, columns and boxes on a samurai board).
  State state;
  if (!state.init(puzzle)) {  // a board beyond the State's capacity (kMaxCells, kMaxUnits): not rated
    g.unique = false;
    g.solutions = 0;
    return g;
  }
  g.rating = 0.0;
  Step step;
  step.describe = options.record_path;  // descriptions are only read from the recorded path
  step.placements.reserve(4);
  step.eliminations.reserve(32);
  while (!state.solved()) {
    bool progress = false;
    for (const Rung& rung : kLadder) {
      if (rung.rating > options.max_rating + kEps) {
        g.capped = true;
        break;
      }
      step.clear();
      if (!rung.find(state, step)) continue;
      if (step.rating > options.max_rating + kEps) {
        g.capped = true;
        break;
      }
      if (step.rating > g.rating + kEps || g.hardest.empty()) {
        g.hardest = step.technique;
        g.rating = step.rating;
      }
      ++g.counts[step.technique];
      g.used_uniqueness = g.used_uniqueness || rung.assumes_unique;
      state.apply(step);
      if (options.record_path) g.path.push_back(step);
      progress = true;
      break;
    }
    if (!progress) break;
  }
  g.solved = state.solved();
  if (g.solved) g.label = label_for(g.rating, options.bands);
  return g;
}

}  // namespace gp::grader
