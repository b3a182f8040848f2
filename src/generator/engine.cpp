#include "generator/engine.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "generator/canonical.hpp"
#include "generator/dots.hpp"
#include "generator/fill.hpp"
#include "generator/inequality.hpp"
#include "generator/kenken.hpp"
#include "generator/parity.hpp"
#include "generator/regions.hpp"
#include "generator/symmetry.hpp"
#include "generator/sandwich.hpp"
#include "generator/thermo.hpp"
#include "generator/arrow.hpp"
#include "grader/killer.hpp"
#include "solver/fast9.hpp"
#include "solver/solver.hpp"
#include "core/variants.hpp"

namespace gp::gen {

std::optional<Puzzle> Engine::make(std::uint64_t seed) {
  for (std::uint64_t index = 0; !shared_.expired(); ++index)
    if (auto p = try_once(seed, index)) return p;
  return std::nullopt;
}

std::optional<Puzzle> Engine::try_once(std::uint64_t seed, std::uint64_t index) {
  Rng rng(mix_seed(seed, kAttemptStream, index));
  rng_ = &rng;
  index_ = index;
  ++shared_.tries;
  const bool ok = attempt();
  rng_ = nullptr;
  if (!ok) return std::nullopt;
  Puzzle out;
  out.givens = puzzle_;
  out.solution = solution_;
  out.seed = seed;
  out.symmetry = std::string(symmetry_name(plan_.sym));
  out.fill = std::string(fill_name(plan_.fill));
  out.canonical = canonical_form(puzzle_);
  if (grade_) {
    out.rating = grade_->rating;
    out.hardest = grade_->hardest;
    // On the grade's scale: the killer bands for a killer puzzle, the request's SE bands otherwise.
    out.label = grade_->label.empty() ? grader::label_for(grade_->rating, plan_.req.bands) : grade_->label;
  } else if (variant_def(plan_.req.variant).own_scale) {  // asked for by band name
    out.label = plan_.req.difficulty;
  }
  return out;
}

void Engine::restore_class(int i) {
  for (int c : class_cells(i)) {
    place_cell(c);
    set_bit(givens_, c);
  }
}

void Engine::remove_class(int i) {
  for (int c : class_cells(i)) {
    clear_cell(c);
    clear_bit(givens_, c);
  }
}

Mask Engine::seen_by(int d) const {
  const auto& ud = geo_->unit_of[static_cast<size_t>(d)];
  Mask m = units_[static_cast<size_t>(ud[0])] | units_[static_cast<size_t>(ud[1])] | units_[static_cast<size_t>(ud[2])];
  for (int u : geo_->extra_of[static_cast<size_t>(d)]) m |= units_[static_cast<size_t>(u)];
  return m;
}

Engine::Single Engine::forced_any(int c) const {
  const Mask vb = bit(solution_.cells[static_cast<size_t>(c)]);
  auto hidden_in = [&](int u) {
    for (int d : geo_->units[static_cast<size_t>(u)])
      if (d != c && !puzzle_.cells[static_cast<size_t>(d)] && !(seen_by(d) & vb)) return false;
    return true;
  };
  for (int u : geo_->unit_of[static_cast<size_t>(c)])
    if (hidden_in(u)) return Single::kHidden;
  for (int u : geo_->extra_of[static_cast<size_t>(c)])
    if (hidden_in(u)) return Single::kHidden;
  return (seen_by(c) | vb) == geo_->shape.all() ? Single::kNaked : Single::kNone;
}

Engine::Single Engine::forced(int c) const {
  if (extras_) return forced_any(c);
  const Board& geo = *geo_;
  const Mask vb = bit(solution_.cells[static_cast<size_t>(c)]);
  const auto& uc = geo.unit_of[static_cast<size_t>(c)];
  // Hidden single: every other empty cell of some unit of c sees a given v.
  for (int u : uc) {
    bool hidden = true;
    for (int d : geo.units[static_cast<size_t>(u)]) {
      if (d == c || puzzle_.cells[static_cast<size_t>(d)]) continue;
      const auto& ud = geo.unit_of[static_cast<size_t>(d)];
      if (!((units_[static_cast<size_t>(ud[0])] | units_[static_cast<size_t>(ud[1])] |
             units_[static_cast<size_t>(ud[2])]) & vb)) {
        hidden = false;
        break;
      }
    }
    if (hidden) return Single::kHidden;
  }
  const Mask seen = units_[static_cast<size_t>(uc[0])] | units_[static_cast<size_t>(uc[1])] |
                    units_[static_cast<size_t>(uc[2])];
  // Naked single (c is empty, so v is not among the values it sees).
  return (seen | vb) == geo.shape.all() ? Single::kNaked : Single::kNone;
}

Engine::Alt Engine::find_alternative(int cell, std::vector<std::uint8_t>& out) {
  solver::Request req;
  req.limit = 1;
  req.exclude_cell = cell;
  req.exclude_value = solution_.cells[static_cast<size_t>(cell)];
  if (fast9_) return solver::fast9::search(puzzle_.cells.data(), req, out.data()).count > 0 ? Alt::kFound : Alt::kNone;
  // Variants up to 9x9 get full proofs: their searches are short, and minimal requests need them.
  req.node_budget = exact_search() ? -1 : kNodeBudget;
  Grid sol(plan_.shape);
  const solver::Outcome o = solver::search(puzzle_, req, &sol);
  if (o.count > 0) {
    out = sol.cells;
    return Alt::kFound;
  }
  return o.exhausted_budget ? Alt::kUnknown : Alt::kNone;
}

void Engine::sync_givens() {
  givens_ = {};
  units_.fill(0);
  for (int c = 0; c < plan_.cells; ++c)
    if (const int v = puzzle_.cells[static_cast<size_t>(c)]) {
      set_bit(givens_, c);
      for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= bit(v);
      if (extras_)
        for (int u : geo_->extra_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= bit(v);
    }
}

bool Engine::known_alternative() {
  // Up to 9x9 (81 cells) the last two words are always zero: half the work in the hot loop.
  const size_t k = plan_.cells <= 128 ? first_unhit<2>() : plan_.cells <= 256 ? first_unhit<4>() : first_unhit<kCellWords>();
  if (k == pool_used_) return false;
  if (k) std::swap(pool_[k], pool_[k / 2]);  // frequent hits move to the front
  return true;
}

void Engine::find_pair_sets() {
  pair_sets_.clear();
  if (!fast9_ || exchange_fits()) return;
  const auto& sol = solution_.cells;
  // Per digit: its column and box in each row, and its row in each column and box.
  std::array<std::array<std::uint8_t, 9>, 10> col_in_row{}, box_in_row{}, row_in_col{}, row_in_box{};
  for (int c = 0; c < 81; ++c) {
    const auto v = static_cast<size_t>(sol[static_cast<size_t>(c)]);
    const int r = c / 9, col = c % 9, box = r / 3 * 3 + col / 3;
    col_in_row[v][static_cast<size_t>(r)] = static_cast<std::uint8_t>(col);
    box_in_row[v][static_cast<size_t>(r)] = static_cast<std::uint8_t>(box);
    row_in_col[v][static_cast<size_t>(col)] = static_cast<std::uint8_t>(r);
    row_in_box[v][static_cast<size_t>(box)] = static_cast<std::uint8_t>(r);
  }
  // Each row holds one x and one y, which a swap must take together: a component is a set of
  // rows, linked where x in one and y in the other share a column or a box.
  for (size_t x = 1; x <= 9; ++x)
    for (size_t y = x + 1; y <= 9; ++y) {
      std::uint32_t seen = 0;
      for (std::uint32_t r0 = 0; r0 < 9; ++r0) {
        if ((seen >> r0) & 1) continue;
        std::array<std::uint64_t, 2> set{0, 0};
        std::array<std::uint8_t, 9> stack;
        size_t top = 0;
        stack[top++] = static_cast<std::uint8_t>(r0);
        seen |= 1u << r0;
        while (top) {
          const size_t r = stack[--top];
          for (const int cell :
               {static_cast<int>(r * 9 + col_in_row[x][r]), static_cast<int>(r * 9 + col_in_row[y][r])})
            set[static_cast<size_t>(cell >> 6)] |= std::uint64_t{1} << (cell & 63);
          for (const std::uint8_t next : {row_in_col[y][col_in_row[x][r]], row_in_col[x][col_in_row[y][r]],
                                          row_in_box[y][box_in_row[x][r]], row_in_box[x][box_in_row[y][r]]})
            if (!((seen >> next) & 1)) {
              seen |= 1u << next;
              stack[top++] = next;
            }
        }
        pair_sets_.push_back(set);
      }
    }
}

void Engine::remember(const std::vector<std::uint8_t>& alt) {
  Cells d{};
  for (int c = 0; c < plan_.cells; ++c)
    if (alt[static_cast<size_t>(c)] != solution_.cells[static_cast<size_t>(c)]) set_bit(d, c);
  remember(d);
}

void Engine::remember(const Cells& d) {
  if (pool_used_ < kPool) {
    pool_[pool_used_++] = d;
  } else {  // replace in the back half, keeping the promoted front
    pool_[kPool / 2 + pool_next_] = d;
    pool_next_ = (pool_next_ + 1) % (kPool / 2);
  }
}

bool Engine::try_remove(int i) {
  remove_class(i);
  const auto& c = class_cells(i);
  const Single single = c.size() == 1 ? forced(c[0]) : Single::kNone;
  // A clue that comes straight back as a single barely changes the rating: skip the grader
  // (the finished puzzle is always graded in full before it is accepted).
  const bool cheap = single == Single::kHidden || (single == Single::kNaked && plan_.req.rating &&
                                                   plan_.req.rating->hi >= kNakedSingleRating);
  const bool graded = guided_ && !cheap && plan_.req.rating;
  // A class of several cells whose cells come back one after another as singles leaves the
  // puzzle unique too. Only where the search is a proof: a budgeted search may answer "unknown"
  // and refuse the removal, which this must not overrule.
  bool unique = single != Single::kNone || (c.size() > 1 && exact_search() && forced_in_turn(c));
  bool ok = true;
  if (!unique && (known_alternative() || pair_set_unhit())) {
    ok = false;
  } else if (graded && !unique && !fast9_ && exact_search()) {
    // Grade first: a puzzle the ladder solves within the cap without a uniqueness technique is
    // proven unique (every step is a sound deduction), and one it cannot solve is refused
    // whatever a search would say. Either way no search is needed, and the result is the one the
    // search-then-grade order gives (the search here has no budget, so it never leaves a removal
    // unproven). The fast 9x9 search costs less than a grade: classic 9x9 searches first.
    const grader::Verdict v = grader::verdict(puzzle_, plan_.req.rating->hi);
    ok = v.solved;
    unique = v.proven_unique;
    if (ok && !unique) ok = unique = search_unique(c);
  } else {
    if (!unique) unique = search_unique(c);
    ok = unique && (!graded || grader::verdict(puzzle_, plan_.req.rating->hi).solved);
  }
  if (!ok) restore_class(i);
  return ok;
}

void Engine::place_cell(int c) {
  const Mask v = bit(solution_.cells[static_cast<size_t>(c)]);
  puzzle_.cells[static_cast<size_t>(c)] = solution_.cells[static_cast<size_t>(c)];
  for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= v;
  if (extras_)
    for (int u : geo_->extra_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= v;
}

void Engine::clear_cell(int c) {
  const Mask v = bit(solution_.cells[static_cast<size_t>(c)]);
  puzzle_.cells[static_cast<size_t>(c)] = 0;
  for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] &= ~v;
  if (extras_)
    for (int u : geo_->extra_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] &= ~v;
}

bool Engine::forced_in_turn(const std::vector<int>& removed) {
  constexpr size_t kMax = 16;
  if (removed.size() > kMax) return false;
  std::array<int, kMax> left{}, placed{};
  size_t n_left = removed.size(), n_placed = 0;
  std::copy(removed.begin(), removed.end(), left.begin());
  for (bool progress = true; n_left > 0 && progress;) {
    progress = false;
    for (size_t k = 0; k < n_left;) {
      const int c = left[k];
      if (forced(c) == Single::kNone) {
        ++k;
        continue;
      }
      // Every solution holds the solution's value at c: the puzzle with it given has the same
      // solutions, so the next cell may use it.
      place_cell(c);
      placed[n_placed++] = c;
      left[k] = left[--n_left];
      progress = true;
    }
  }
  for (size_t k = 0; k < n_placed; ++k) clear_cell(placed[k]);
  return n_left == 0;
}

bool Engine::search_unique(const std::vector<int>& removed) {
  // Any second solution differs from the first in a removed cell (the puzzle was unique).
  for (int cell : removed) {
    const Alt a = find_alternative(cell, scratch_);
    if (a == Alt::kNone) continue;
    if (a == Alt::kFound) remember(scratch_);
    if (a == Alt::kUnknown) inconclusive_ = true;
    return false;
  }
  return true;
}

int Engine::dig(const std::vector<int>& order, int count, int floor, int stop, int undo) {
  const int start = count;
  for (int i : order) {
    if (count <= stop) break;
    if (!given(i) || count - size_of(i) < floor) continue;
    if (i == undo && count == start) {
      remove_class(i);
      count -= size_of(i);
    } else if (try_remove(i)) {
      count -= size_of(i);
    }
  }
  return count;
}

std::vector<int> Engine::shuffled_clue_classes(int last) {
  std::vector<int> order;
  for (int i = 0; i < static_cast<int>(plan_.classes.size()); ++i)
    if (given(i) && i != last) order.push_back(i);
  rng_->shuffle(order);
  if (last >= 0) order.push_back(last);
  return order;
}

bool Engine::rating_ok() {
  grade_.reset();
  if (!plan_.req.rating) return true;
  grader::GradeOptions go;
  go.max_rating = plan_.req.rating->hi;
  go.assume_unique = true;
  go.bands = plan_.req.bands;
  grade_ = grader::grade(puzzle_, go);
  if (!grade_->solved || grade_->capped) return false;
  if (plan_.req.rating->contains(grade_->rating)) return true;
  shared_.note_rating(grade_->rating);
  return false;
}

bool Engine::walk_back(const std::vector<int>& order) {
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (given(*it)) continue;
    restore_class(*it);
    if (rating_ok()) return true;
    if (grade_->solved && !grade_->capped) return false;
  }
  return false;
}

bool Engine::fill_frame() {
  // A combination's frame (killer+x: the x board; jigsaw+killer: regions grown for this attempt),
  // else the classic grid (the same draws as before combinations).
  if (has_part(plan_.req.variant, Variant::kJigsaw)) {
    auto filled = fill_jigsaw(plan_.shape, plan_.req.symmetric_regions, *rng_, 64, plan_.req.variant);
    if (!filled) return false;
    solution_ = std::move(*filled);
  } else {
    solution_ = plan_.frame ? fill_board(plan_.frame, *rng_) : fill_grid(plan_.shape, Fill::kRandom, *rng_);
  }
  return true;
}

bool Engine::attempt_killer() {
  // A filled grid (classic, or a combination's frame), then cages grown on it
  // (generator/killer.hpp), all from this attempt's rng.
  if (!fill_frame()) return false;
  const int givens = plan_.req.some_givens ? plan_.shape.n() : 0;
  auto made = make_killer(solution_, plan_.killer, givens, *rng_, [this] { return stopped(); }, plan_.req.variant);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  grade_.reset();
  // With a difficulty, graded (on the killer ladder its cages choose, grader/killer.hpp) and
  // accepted in its band only; without one, not graded (as classic puzzles without a rating
  // target) unless the request takes no guessing. With no_guessing a puzzle the ladder cannot
  // finish (it would need guessing) is thrown away.
  if (plan_.req.difficulty.empty() && !plan_.req.no_guessing) return true;
  grader::GradeOptions go;
  go.assume_unique = true;  // make_killer's puzzles are unique
  if (auto range = grader::killer_rating_range(plan_.req.difficulty)) go.max_rating = range->hi;
  grade_ = grader::grade(puzzle_, go);
  if (grade_->capped || (plan_.req.no_guessing && !grade_->solved)) return false;
  return plan_.req.difficulty.empty() || grader::in_killer_band(grade_->rating, plan_.req.difficulty);
}

bool Engine::attempt_even_odd() {
  // A classic filled grid, its parity marks, then givens and marks taken away (generator/parity.hpp);
  // graded on the even-odd ladder (SE scale) and kept in the requested band only.
  if (!fill_frame()) return false;
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_even_odd(solution_, *rng_, [this] { return stopped(); }, cap, plan_.req.variant);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_thermo() {
  // A filled grid (classic, or a combination's frame: thermo+x on the x board), thermos grown on
  // it, then givens and thermos taken away (generator/thermo.hpp); graded on the thermo ladder (SE
  // scale) and kept in the requested band.
  if (!fill_frame()) return false;
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_thermo(solution_, *rng_, [this] { return stopped(); }, cap, plan_.req.variant);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_arrow() {
  // As thermo: arrows grown on a filled grid (or a combination's frame), givens and arrows taken
  // away (generator/arrow.hpp).
  if (!fill_frame()) return false;
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_arrow(solution_, *rng_, [this] { return stopped(); }, cap, plan_.req.variant);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_sandwich() {
  // A classic filled grid, every row and column clue from it, then givens and clues taken away
  // (generator/sandwich.hpp); graded on the sandwich ladder (SE scale) and kept in the requested band.
  solution_ = fill_grid(plan_.shape, Fill::kRandom, *rng_);
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_sandwich(solution_, *rng_, [this] { return stopped(); }, cap);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_signs(const Board& base, const SignPlan& signs) {
  // A filled grid, its signs, then givens (and signs) taken away (generator/inequality.hpp);
  // graded on the greater-than ladder (SE scale) and kept in the requested band only.
  solution_ = fill_grid(plan_.shape, Fill::kRandom, *rng_);
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_inequality_puzzle(solution_, base, plan_.req.variant, signs, *rng_, [this] { return stopped(); }, cap);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_dots() {
  // A filled grid, its dots, then givens taken away (generator/dots.hpp); graded on the dot ladder
  // (SE scale) and kept in the requested band only.
  solution_ = fill_grid(plan_.shape, Fill::kRandom, *rng_);
  std::optional<double> cap;
  if (plan_.req.rating && std::isfinite(plan_.req.rating->hi)) cap = plan_.req.rating->hi;
  auto made = make_dot_puzzle(solution_, plan_.req.variant, *rng_, [this] { return stopped(); }, cap);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  return rating_ok();
}

bool Engine::attempt_kenken() {
  // A random Latin square, cages cut from it and made unique with no givens (generator/kenken.hpp);
  // graded on the kenken ladder (SE scale) and kept in the requested band only.
  solution_ = fill_grid(plan_.shape, Fill::kRandom, *rng_);
  auto made = make_kenken(solution_, kenken_profile(plan_.req.difficulty, plan_.shape.n()), *rng_,
                          [this] { return stopped(); }, Variant::kKenKen);
  if (!made) return false;
  puzzle_ = std::move(*made);
  solution_.board = puzzle_.board;
  if (!plan_.req.rating) return rating_ok();
  // Above the band: a cell the ladder left unsolved goes alone into a one-cell cage (KenKen's form
  // of a given; the puzzle stays unique), the grader choosing where, until the ladder finishes
  // within the band, at most kenken_alone_cells(n) cells.
  for (int round = 0;; ++round) {
    grader::GradeOptions go;
    go.max_rating = plan_.req.rating->hi;
    go.assume_unique = true;
    go.bands = plan_.req.bands;
    go.record_path = round < kenken_alone_cells(plan_.shape.n());
    grade_ = grader::grade(puzzle_, go);
    if (grade_->solved && !grade_->capped) {
      if (plan_.req.rating->contains(grade_->rating)) return true;
      shared_.note_rating(grade_->rating);
      return false;
    }
    if (!go.record_path) return false;
    std::vector<char> placed(puzzle_.cells.size(), 0);
    for (const grader::Step& step : grade_->path)
      for (const grader::CellValue& p : step.placements) placed[static_cast<size_t>(p.cell)] = 1;
    const ArithmeticCageRule& rule = *board_of(puzzle_).rule<ArithmeticCageRule>();
    std::vector<int> open;
    for (int c = 0; c < puzzle_.size(); ++c)
      if (!placed[static_cast<size_t>(c)] &&
          rule.cages[static_cast<size_t>(rule.cage_of[static_cast<size_t>(c)])].cells.size() > 1)
        open.push_back(c);
    if (open.empty()) return false;
    auto easier = kenken_cell_alone(puzzle_, solution_, open[rng_->below(static_cast<std::uint32_t>(open.size()))]);
    if (!easier) return false;
    puzzle_ = std::move(*easier);
    solution_.board = puzzle_.board;
  }
}

bool Engine::attempt() {
  const Plan& pl = plan_;
  if (pl.req.variant == Variant::kKenKen) return attempt_kenken();
  if (pl.req.variant == Variant::kGreaterThan) return attempt_signs(classic_board(pl.shape), {true, false});
  // Futoshiki: a sign between every two neighbours of a Latin square, givens and signs dug together.
  if (pl.req.variant == Variant::kFutoshiki)
    return attempt_signs(**latin_board(pl.shape.n(), Variant::kFutoshiki), {.boxes_only = false, .dig_signs = true});
  if (pl.req.variant == Variant::kConsecutive || pl.req.variant == Variant::kKropki) return attempt_dots();
  if (pl.req.variant == Variant::kSandwich) return attempt_sandwich();
  // A combination's maker is its marked part's (killer+x grows cages, on the x board).
  if (has_part(pl.req.variant, Variant::kKiller)) return attempt_killer();
  if (has_part(pl.req.variant, Variant::kEvenOdd)) return attempt_even_odd();
  if (has_part(pl.req.variant, Variant::kThermo)) return attempt_thermo();
  if (has_part(pl.req.variant, Variant::kArrow)) return attempt_arrow();
  if (has_part(pl.req.variant, Variant::kJigsaw)) {
    // Each attempt grows its own layout (from this attempt's rng, so seed and index rebuild it),
    // with a combination's other units on it (jigsaw+x: the diagonals).
    auto filled = fill_jigsaw(pl.shape, pl.req.symmetric_regions, *rng_, 64, pl.req.variant);
    if (!filled) return false;
    solution_ = std::move(*filled);
    jigsaw_ = solution_.board;
    geo_ = jigsaw_.get();
  } else {
    solution_ = pl.board ? fill_board(pl.board, *rng_) : fill_grid(pl.shape, pl.fill, *rng_);
  }
  puzzle_ = solution_;
  sync_givens();
  pool_used_ = pool_next_ = 0;
  find_pair_sets();
  inconclusive_ = false;
  // Exact counts pick a target; minimal puzzles dig fully and accept any count in range.
  target_ = pl.has_upper ? pl.targets[rng_->below(static_cast<std::uint32_t>(pl.targets.size()))] : 0;
  floor_ = pl.req.minimal ? 0 : (pl.has_upper ? target_ : pl.lo);
  stop_ = pl.req.minimal ? 0 : target_;
  std::vector<int> order(pl.classes.size());
  std::iota(order.begin(), order.end(), 0);
  rng_->shuffle(order);
  if (guided_only()) {
    // Non-consecutive with a band and a free clue count: the dig under the grader's cap straight
    // away. The plain dig below would go down to a minimal puzzle (about 7 givens on 9x9), proving
    // each removal by an exhaustive search of a nearly empty grid (a second or more per puzzle);
    // under the cap a removal the ladder still solves is proven unique by the ladder, one it
    // cannot is refused, and no search runs. A puzzle left below the band is dropped for a fresh
    // grid, as after the plain dig.
    const int count = dig(order, pl.cells, floor_, stop_);
    shared_.note_count(count);
    return count_ok(count) && rating_ok();
  }
  if (pl.req.rating && pl.req.rating->lo > 0) {
    // A band with a floor: first try a plain dig and grade once (much cheaper than grading at
    // every removal, and plain digs land in the middle bands often). Above the band, put the
    // last removed clues back (no uniqueness check needed). With a free clue count, a puzzle
    // left below the band is dropped: a fresh grid is cheaper than steering it (measured: the
    // search's moves mostly give the same minimal puzzle back). Otherwise dig again from the
    // full grid under the grader's cap.
    guided_ = false;
    const int plain = dig(order, pl.cells, floor_, stop_);
    guided_ = true;
    shared_.note_count(plain);
    if (count_ok(plain) && rating_ok()) return true;
    const bool free_count = !pl.has_upper;
    if (free_count && !pl.req.minimal && count_ok(plain) && grade_->capped && walk_back(order)) return true;
    if (free_count) return false;
    puzzle_ = solution_;
    sync_givens();
    rng_->shuffle(order);
  }
  int count = dig(order, pl.cells, floor_, stop_);
  shared_.note_count(count);
  if (pl.req.minimal && !pl.has_upper && count < pl.lo) return false;
  if (count_ok(count) && rating_ok()) return true;
  return search(count);
}

bool Engine::search(int count) {
  const Plan& pl = plan_;
  // Long walks pay: measured on 9x9 at 20 clues, 1,600 moves without progress before a restart
  // is ~2x faster than 100 and as fast as 5,000; at 19 clues ~3x faster than 400.
  constexpr int kMaxMoves = 1600;
  constexpr int kFewMoves = 400;
  int since_gain = 0;
  std::vector<std::uint8_t> saved;
  std::vector<int> empty;
  // With exchange moves, a grid that stalls two clues above the target rarely gets there:
  // measured at 18 clues, such grids took 70% of the time; they are dropped after kFewMoves.
  // Only for the lowest targets: at 20 clues and up the walk alone gets there sooner (1,000
  // puzzles at 22 clues: 0.5 s without exchange sweeps, 1.1 s with them; at 20: 3.5 s and 5.5 s).
  constexpr int kExchangeMaxTarget = 19;
  // The plateau walk pays one above 18 clues, where plateaus are small; at 20 clues they hold
  // tens of thousands of puzzles: one puzzle at 19 clues took a median 0.45 s with it, 0.13 s without.
  constexpr int kPlateauMaxTarget = 18;
  const bool exchange = exchange_fits() && target_ <= kExchangeMaxTarget;
  for (int move = 0; move < kMaxMoves * 4 && since_gain < (exchange && count > target_ + 1 ? kFewMoves : kMaxMoves); ++move) {
    if (stopped()) return false;
    if (exchange && count == target_ + 1 && target_ <= kPlateauMaxTarget) return plateau();
    empty.clear();
    for (int i = 0; i < static_cast<int>(pl.classes.size()); ++i)
      if (!given(i)) empty.push_back(i);
    if (empty.empty()) return false;
    const int e = empty[rng_->below(static_cast<std::uint32_t>(empty.size()))];
    saved = puzzle_.cells;
    restore_class(e);
    const auto order = shuffled_clue_classes(e);
    // With a difficulty target the move digs plainly and grades once at the end: a move that
    // went above the cap is undone, one below the band is kept (the walk goes on from it).
    guided_ = false;
    const int next = dig(order, count + size_of(e), floor_, stop_, e);
    guided_ = true;
    bool keep = next <= count && next >= pl.lo;
    const bool in_band = keep && rating_ok();
    if (keep && pl.req.rating && (!grade_->solved || grade_->capped)) keep = false;
    if (!keep) {
      puzzle_.cells = saved;
      sync_givens();
      ++since_gain;
      continue;
    }
    since_gain = next < count ? 0 : since_gain + 1;
    count = next;
    if (count <= target_ + 2 && exchange && puzzle_.cells != saved) {
      const int added = down_move(given_cells());
      if (added == -2) return false;
      if (added >= 0) {
        puzzle_.cells[static_cast<size_t>(added)] = solution_.cells[static_cast<size_t>(added)];
        sync_givens();
        count = dig(shuffled_clue_classes(class_of(added)), count - 1, floor_, stop_);
        since_gain = 0;
      }
    }
    shared_.note_count(count);
    if (count_ok(count) && in_band) return true;
  }
  return false;
}

std::vector<int> Engine::given_cells() const {
  std::vector<int> out;
  for (int c = 0; c < plan_.cells; ++c)
    if (puzzle_.cells[static_cast<size_t>(c)]) out.push_back(c);
  return out;
}

int Engine::class_of(int cell) const {
  for (int i = 0; i < static_cast<int>(plan_.classes.size()); ++i)
    if (class_cells(i).front() == cell) return i;
  return -1;
}

}  // namespace gp::gen
