#include "grader/grader.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <algorithm>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <variant>
#include <vector>

#include "grader/killer.hpp"
#include "grader/ladder.hpp"
#include "solver/solver.hpp"

namespace gp::grader {
namespace {

constexpr double kEps = 1e-9;

// The singles open the classic ladder: full house (any unit), hidden single in a box (units
// 2n..3n-1: boxes or jigsaw regions), hidden single in a line (rows, columns and the extra units);
// then the first rung that is not a single. verdict() runs them without the ladder.
constexpr std::size_t kFirstNotSingle = kDirectPointing;
static_assert(kClassicLadder[kFullHouse].find == classic<find_full_house> &&
              kClassicLadder[kHiddenSingleBox].find == classic<find_hidden_single_box> &&
              kClassicLadder[kHiddenSingleLine].find == classic<find_hidden_single_line> &&
              kClassicLadder[kFirstNotSingle].find == classic<find_direct_pointing>);

bool allowed(std::size_t rung, double max_rating) { return kClassicLadder[rung].rating <= max_rating + kEps; }

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
  const bool box = allowed(kHiddenSingleBox, max_rating), line = allowed(kHiddenSingleLine, max_rating);
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
  // The singles' fixed point is the classic ladder's: a board with rules climbs its own ladder.
  if (!allowed(kFirstNotSingle, max_rating) && board_of(puzzle).rules.empty()) {
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

const Ladder& classic_ladder() {
  static constexpr Ladder ladder{"classic", kClassicLadder};
  return ladder;
}

namespace {

// The ladder of rules whose ladders differ (a combination: killer+anti-knight, even-odd+anti-king):
// the ladder with a scale of its own (killer) or else the first rule's, keeping its classic rungs
// only where every rule keeps them (rule_keeps), with the other ladders' own rungs (rates_steps)
// merged in by weight (after the rungs of the same weight). Built once per set of ladders.
struct MergedLadder {
  std::string name;
  std::vector<Rung> rungs;
  Ladder ladder{};
};

const Ladder* merged_ladder(const std::vector<const Ladder*>& ladders, const std::vector<const Rule*>& rules) {
  static std::mutex mu;
  static std::map<std::vector<const Ladder*>, std::unique_ptr<MergedLadder>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[ladders];
  if (slot) return &slot->ladder;
  const Ladder* base = ladders.front();
  for (const Ladder* l : ladders)
    if (l->bands) base = l;
  auto m = std::make_unique<MergedLadder>();
  auto kept = [&](const Rung& r) {
    if (r.rates_steps) return true;  // a rule's own technique
    for (const Rung& c : kClassicLadder)
      if (c.find == r.find)
        for (const Rule* rule : rules)
          if (!std::visit([&](const auto& x) { return rule_keeps(x, c); }, *rule)) return false;
    return true;
  };
  for (const Rung& r : base->rungs)
    if (kept(r)) m->rungs.push_back(r);
  for (const Ladder* l : ladders) {
    m->name += std::string(m->name.empty() ? "" : "+") + l->name;
    if (l == base) continue;
    for (const Rung& r : l->rungs) {
      if (!r.rates_steps) continue;
      auto at = std::find_if(m->rungs.begin(), m->rungs.end(), [&](const Rung& x) { return x.rating > r.rating; });
      m->rungs.insert(at, r);
    }
  }
  int max_n = kMaxN;
  for (const Ladder* l : ladders) max_n = std::min(max_n, l->max_n);
  m->ladder = Ladder{m->name.c_str(), m->rungs, base->bands, base->unfinished, max_n};
  slot = std::move(m);
  return &slot->ladder;
}

}  // namespace

const Ladder* ladder_of(const Board& board) {
  std::vector<const Ladder*> ladders;
  std::vector<const Rule*> rules;
  for (const Rule& rule : board.rules) {
    const Ladder& l = std::visit([](const auto& r) -> const Ladder& { return rule_ladder(r); }, rule);
    rules.push_back(&rule);
    if (std::find(ladders.begin(), ladders.end(), &l) == ladders.end()) ladders.push_back(&l);
  }
  if (ladders.empty()) return &classic_ladder();
  if (ladders.size() == 1) return ladders.front();
  return merged_ladder(ladders, rules);
}

namespace {

std::vector<LadderEntry> entries(const Ladder& l) {
  std::vector<LadderEntry> out;
  for (const Rung& r : l.rungs) out.push_back({r.name, r.rating});
  return out;
}

// True when the solution `sol` refutes the step (removes its digit or places another one).
bool refuted(const Step& step, const Grid& sol) {
  for (const CellValue& e : step.eliminations)
    if (sol.cells[static_cast<std::size_t>(e.cell)] == e.value) return true;
  for (const CellValue& p : step.placements)
    if (sol.cells[static_cast<std::size_t>(p.cell)] != p.value) return true;
  return false;
}

}  // namespace

std::vector<LadderEntry> ladder() { return entries(classic_ladder()); }

std::vector<LadderEntry> ladder(const Board& board) {
  const Ladder* l = ladder_of(board);
  return l ? entries(*l) : std::vector<LadderEntry>{};
}

Grade grade(const Grid& puzzle, const GradeOptions& options) {
  Grade g;
  const Board& board = board_of(puzzle);
  if (options.assume_unique) {
    // State::init checks the givens against the units only: a board's rules (cage sums) are
    // checked here.
    g.solutions = board.rules.empty() || check_givens(puzzle).ok() ? 1 : 0;
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

  // The ladder the board's rules choose (the classic one without rules), on its scale. Every unit
  // of the board counts as a house (rows, columns, boxes or regions, a variant's diagonals or
  // windows, every grid's rows, columns and boxes on a samurai board).
  const Ladder* ladder = ladder_of(board);
  State state;
  // A board beyond the State's capacity (kMaxCells, kMaxUnits) or its ladder's: not rated.
  if (!ladder || board.n > ladder->max_n || !state.init(puzzle)) {
    g.unique = false;
    g.solutions = 0;
    return g;
  }
  RuleContexts contexts;  // each rule's context, made once for this call
  for (const Rule& rule : board.rules) std::visit([&](const auto& r) { make_context(r, board, contexts); }, rule);
  const Bands& bands = ladder->bands ? *ladder->bands : options.bands;
  g.rating = 0.0;
  Step step;
  // Descriptions are only read from the recorded path (and named by check_against).
  step.describe = options.record_path || options.check_against != nullptr;
  step.placements.reserve(4);
  step.eliminations.reserve(32);
  while (!state.solved()) {
    bool progress = false;
    for (const Rung& rung : ladder->rungs) {
      if (rung.rating > options.max_rating + kEps) {
        g.capped = true;
        break;
      }
      step.clear();
      if (!rung.find(state, contexts, step)) continue;
      if (rung.rates_steps) step.rating = rung.rating;
      if (step.rating > options.max_rating + kEps) {
        g.capped = true;
        break;
      }
      if (options.check_against && refuted(step, *options.check_against)) {
        g.wrong_step = step.description.empty() ? step.technique : step.description;
        break;  // stuck here: unfinished
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
  if (g.solved) {
    g.label = label_for(g.rating, bands);
  } else if (!g.capped && ladder->unfinished >= 0) {
    g.rating = ladder->unfinished;
    g.label = label_for(g.rating, bands);
  }
  return g;
}

}  // namespace gp::grader
