#include "generator/generator.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <thread>
#include <unordered_set>

#include "core/rng.hpp"
#include "generator/canonical.hpp"
#include "generator/fill.hpp"
#include "generator/symmetry.hpp"
#include "solver/fast9.hpp"
#include "solver/generic.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

namespace {

using Clock = std::chrono::steady_clock;

std::string with_commas(long long v) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return v < 0 ? "-" + out : out;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string rating_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string range_text(const grader::RatingRange& r) {
  if (std::isinf(r.hi)) return (r.lo_exclusive ? "SE > " : "SE >= ") + rating_text(r.lo);
  if (r.lo_exclusive) return rating_text(r.lo) + " < SE <= " + rating_text(r.hi);
  return "SE " + rating_text(r.lo) + "-" + rating_text(r.hi);
}

// The fewest clues a unique puzzle of `shape` can have, with the reason.
std::pair<int, std::string> minimum_clues(Shape shape) {
  const int n = shape.n();
  if (shape == Shape{3, 3}) return {17, "proven by McGuire, Tugemann and Civario, 2012"};
  if (shape == Shape{2, 3} || shape == Shape{3, 2}) return {8, "known from exhaustive enumeration"};
  if (shape == Shape{2, 2}) return {4, "known from exhaustive enumeration"};
  return {n - 1, "two digits both absent from the givens could be swapped in any solution"};
}

std::string clues_text(const Request& r) {
  if (r.clues_max > 0 && r.clues_min == r.clues_max) return std::to_string(r.clues_max);
  if (r.clues_max > 0) return std::to_string(r.clues_min) + "-" + std::to_string(r.clues_max);
  return std::to_string(r.clues_min);
}

// Odd sizes with a centre class of one cell: what the parity of an exact count implies.
std::string centre_note(const Request& r, Symmetry sym) {
  if (r.clues_max <= 0 || r.clues_min != r.clues_max || r.shape.n() % 2 == 0) return {};
  const int k = r.clues_max;
  if (sym == Symmetry::kRotate180) return k % 2 ? " (odd count: centre cell given)" : " (even count: centre cell empty)";
  if (sym == Symmetry::kRotate90 || sym == Symmetry::kDihedral)
    return k % 4 == 1 ? " (centre cell given)" : " (centre cell empty)";
  return {};
}

// A validated request, ready to run.
struct Plan {
  Request req;
  Shape shape;
  Symmetry sym = Symmetry::kNone;
  Fill fill = Fill::kRandom;
  int cells = 0;
  int lo = 0;             // clue floor
  int hi = 0;             // clue ceiling (cells when unbounded)
  bool has_upper = false; // clues_max > 0
  std::vector<std::vector<int>> classes;
  std::vector<int> targets;  // reachable counts in [lo, hi] (only when has_upper)
};

Plan make_plan(const Request& r) {
  Plan p;
  p.req = r;
  p.shape = r.shape;
  p.sym = *parse_symmetry(r.symmetry);
  p.fill = *parse_fill(r.fill);
  p.cells = r.shape.cells();
  p.lo = r.clues_min;
  p.has_upper = r.clues_max > 0;
  p.hi = p.has_upper ? r.clues_max : p.cells;
  p.classes = symmetry_classes(r.shape, p.sym);
  const auto reach = reachable_counts(r.shape, p.sym);
  if (p.has_upper)
    for (int k = p.lo; k <= p.hi; ++k)
      if (reach[static_cast<size_t>(k)]) p.targets.push_back(k);
  return p;
}

// Progress shared by everything working on one call (all threads of a batch).
struct Shared {
  Clock::time_point deadline;
  std::atomic<bool> stop{false};
  std::atomic<int> best{INT_MAX};     // fewest clues reached by any unique puzzle on the way
  std::atomic<long long> tries{0};    // fresh grids dug
  std::atomic<int> rated_low{-1};     // best rating (x10) reached below the target band

  bool expired() {
    if (stop.load(std::memory_order_relaxed)) return true;
    if (Clock::now() >= deadline) {
      stop = true;
      return true;
    }
    return false;
  }
  void note_count(int c) {
    int cur = best.load(std::memory_order_relaxed);
    while (c < cur && !best.compare_exchange_weak(cur, c)) {
    }
  }
  void note_rating(double rating) {
    const int v = static_cast<int>(std::lround(rating * 10));
    int cur = rated_low.load(std::memory_order_relaxed);
    while (v > cur && !rated_low.compare_exchange_weak(cur, v)) {
    }
  }
};

// One worker's generation engine: owns the rng and scratch space for one puzzle at a time.
class Engine {
 public:
  Engine(const Plan& plan, Shared& shared)
      : plan_(plan), shared_(shared), geo_(&geometry(plan.shape)), fast9_(plan.shape == Shape{3, 3}) {
    scratch_.resize(static_cast<size_t>(plan.cells));
  }

  // A puzzle for `seed`, or nullopt when the budget ran out: the first of attempts 0, 1, 2, ...
  // that succeeds.
  std::optional<Puzzle> make(std::uint64_t seed) {
    for (std::uint64_t index = 0; !shared_.expired(); ++index)
      if (auto p = try_once(seed, index)) return p;
    return std::nullopt;
  }

  // Attempt `index` for `seed`: a fresh grid and the search from it, with an rng of its own, so its
  // outcome depends on (seed, index) alone (unless the budget runs out, or a race it is part of
  // was won by a lower index).
  std::optional<Puzzle> try_once(std::uint64_t seed, std::uint64_t index) {
    Rng rng(mix_seed(seed, kAttemptStream, index));
    rng_ = &rng;
    index_ = index;
    ++shared_.tries;
    const bool ok = attempt();
    rng_ = nullptr;
    if (!ok) return std::nullopt;
    Puzzle out;
    out.givens = p_;
    out.solution = s_;
    out.seed = seed;
    out.symmetry = std::string(symmetry_name(plan_.sym));
    out.fill = std::string(fill_name(plan_.fill));
    out.canonical = canonical_form(p_);
    if (grade_) {
      out.rating = grade_->rating;
      out.hardest = grade_->hardest;
      out.label = grader::label_for(grade_->rating, plan_.req.bands);
    }
    return out;
  }

  // Makes this engine one of several racing over the attempts of one seed: an attempt whose index
  // is above `*winner` (the lowest index that has succeeded so far) stops early.
  void join_race(const std::atomic<std::uint64_t>* winner) { race_winner_ = winner; }

 private:
  static constexpr std::uint64_t kAttemptStream = 0x6174746d;  // "attm"

  // The budget ran out, or a lower attempt of the same race succeeded.
  bool stopped() {
    return shared_.expired() || (race_winner_ && race_winner_->load(std::memory_order_relaxed) < index_);
  }

  const std::vector<int>& cls(int i) const { return plan_.classes[static_cast<size_t>(i)]; }
  int size_of(int i) const { return static_cast<int>(cls(i).size()); }
  bool given(int i) const { return p_.cells[static_cast<size_t>(cls(i).front())] != 0; }

  void put(int i) {
    for (int c : cls(i)) {
      const int v = s_.cells[static_cast<size_t>(c)];
      p_.cells[static_cast<size_t>(c)] = static_cast<std::uint8_t>(v);
      set_bit(givens_, c);
      for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= bit(v);
    }
  }
  void clear(int i) {
    for (int c : cls(i)) {
      p_.cells[static_cast<size_t>(c)] = 0;
      clear_bit(givens_, c);
      for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] &= ~bit(s_.cells[static_cast<size_t>(c)]);
    }
  }

  // Whether empty cell `c` can only hold its solution value given the other givens alone (a hidden
  // single in one of its units, or a naked single): then removing it keeps the puzzle unique and
  // no search is needed. This settles most removals early in a dig.
  enum class Single { kNone, kHidden, kNaked };
  Single forced(int c) const {
    const Geometry& geo = *geo_;
    const Mask vb = bit(s_.cells[static_cast<size_t>(c)]);
    const auto& uc = geo.unit_of[static_cast<size_t>(c)];
    // Hidden single: every other empty cell of some unit of c sees a given v.
    for (int u : uc) {
      bool hidden = true;
      for (int d : geo.units[static_cast<size_t>(u)]) {
        if (d == c || p_.cells[static_cast<size_t>(d)]) continue;
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

  enum class Alt { kNone, kFound, kUnknown };

  // A solution of the current puzzle with `cell` != its solution value, into `out`. The generic
  // path (sizes other than 9x9) has a node budget: proving uniqueness of a sparse 16x16 puzzle can
  // take seconds, so a search that runs over it answers kUnknown and the clue is kept.
  Alt find_alternative(int cell, std::vector<std::uint8_t>& out) {
    solver::Request req;
    req.limit = 1;
    req.exclude_cell = cell;
    req.exclude_value = s_.cells[static_cast<size_t>(cell)];
    if (fast9_) return solver::fast9::search(p_.cells.data(), req, out.data()).count > 0 ? Alt::kFound : Alt::kNone;
    req.node_budget = kNodeBudget;
    Grid sol(plan_.shape);
    const solver::Outcome o = solver::generic::search(p_, req, &sol);
    if (o.count > 0) {
      out = sol.cells;
      return Alt::kFound;
    }
    return o.exhausted_budget ? Alt::kUnknown : Alt::kNone;
  }

  // A set of cells, one bit per cell (up to 16x16).
  using Cells = std::array<std::uint64_t, 4>;
  static void set_bit(Cells& b, int c) { b[static_cast<size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }
  static void clear_bit(Cells& b, int c) { b[static_cast<size_t>(c >> 6)] &= ~(std::uint64_t{1} << (c & 63)); }
  static bool has_bit(const Cells& b, int c) { return (b[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1; }

  // Recomputes the given-cell bits and the per-unit masks of given values from p_.
  void sync_givens() {
    givens_ = {};
    units_.fill(0);
    for (int c = 0; c < plan_.cells; ++c)
      if (const int v = p_.cells[static_cast<size_t>(c)]) {
        set_bit(givens_, c);
        for (int u : geo_->unit_of[static_cast<size_t>(c)]) units_[static_cast<size_t>(u)] |= bit(v);
      }
  }

  // Second solutions found by earlier failed removals, kept as the cells where they differ from
  // the solution (unavoidable sets). While none of those cells is a given, that second solution
  // still fits, so the puzzle is not unique: no search needed. They keep ruling out the same
  // removals after nearby changes, which is most of what the low-clue search tries.
  bool known_alternative() {
    // Up to 9x9 (81 cells) the last two words are always zero: half the work in the hot loop.
    const size_t k = plan_.cells <= 128 ? first_unhit<2>() : first_unhit<4>();
    if (k == pool_used_) return false;
    if (k) std::swap(pool_[k], pool_[k / 2]);  // frequent hits move to the front
    return true;
  }
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

  void remember(const std::vector<std::uint8_t>& alt) {
    Cells d{};
    for (int c = 0; c < plan_.cells; ++c)
      if (alt[static_cast<size_t>(c)] != s_.cells[static_cast<size_t>(c)]) set_bit(d, c);
    remember(d);
  }
  void remember(const Cells& d) {
    if (pool_used_ < kPool) {
      pool_[pool_used_++] = d;
    } else {  // replace in the back half, keeping the promoted front
      pool_[kPool / 2 + pool_next_] = d;
      pool_next_ = (pool_next_ + 1) % (kPool / 2);
    }
  }

  // Removes class i if the puzzle stays unique (and within the rating cap); else leaves it.
  bool try_remove(int i) {
    clear(i);
    const auto& c = cls(i);
    bool unique = true;
    const Single single = c.size() == 1 ? forced(c[0]) : Single::kNone;
    if (single != Single::kNone) {
      unique = true;
    } else if (known_alternative()) {
      unique = false;
    } else {
      // Any second solution differs from the first in a removed cell (the puzzle was unique).
      for (int cell : c) {
        const Alt a = find_alternative(cell, scratch_);
        if (a == Alt::kNone) continue;
        if (a == Alt::kFound) remember(scratch_);
        if (a == Alt::kUnknown) inconclusive_ = true;
        unique = false;
        break;
      }
    }
    bool ok = unique;
    // A clue that comes straight back as a single barely changes the rating: skip the grader
    // (the finished puzzle is always graded in full before it is accepted).
    const bool cheap = single == Single::kHidden || (single == Single::kNaked && plan_.req.rating &&
                                                     plan_.req.rating->hi >= kNakedSingleRating);
    if (ok && guided_ && !cheap && plan_.req.rating) {
      grader::GradeOptions go;
      go.max_rating = plan_.req.rating->hi;
      go.assume_unique = true;
      go.bands = plan_.req.bands;
      const grader::Grade g = grader::grade(p_, go);
      ok = g.solved && !g.capped;
    }
    if (!ok) put(i);
    return ok;
  }

  // One pass over `order`: removes what can go, never below `floor`, stopping at `stop`.
  // `undo` (a search move) names the class just put back on a unique puzzle, last in `order`: if
  // nothing else was removed by then, removing it gives that unique puzzle back, so no proof needed.
  int dig(const std::vector<int>& order, int count, int floor, int stop, int undo = -1) {
    const int start = count;
    for (int i : order) {
      if (count <= stop) break;
      if (!given(i) || count - size_of(i) < floor) continue;
      if (i == undo && count == start) {
        clear(i);
        count -= size_of(i);
      } else if (try_remove(i)) {
        count -= size_of(i);
      }
    }
    return count;
  }

  std::vector<int> shuffled_clue_classes(int last = -1) {
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(plan_.classes.size()); ++i)
      if (given(i) && i != last) order.push_back(i);
    rng_->shuffle(order);
    if (last >= 0) order.push_back(last);
    return order;
  }

  // Does the current puzzle meet the difficulty target? Grades it (kept in grade_).
  bool rating_ok() {
    grade_.reset();
    if (!plan_.req.rating) return true;
    grader::GradeOptions go;
    go.max_rating = plan_.req.rating->hi;
    go.assume_unique = true;
    go.bands = plan_.req.bands;
    grade_ = grader::grade(p_, go);
    if (!grade_->solved || grade_->capped) return false;
    if (plan_.req.rating->contains(grade_->rating)) return true;
    shared_.note_rating(grade_->rating);
    return false;
  }

  // The plain dig removed the classes now empty, in `order`, and went above the band's cap. Puts
  // them back, last removed first, until the rating is within the cap: true with the puzzle in the
  // band (grade_ set), false once it falls below the band. Every puzzle on the way back was unique.
  bool walk_back(const std::vector<int>& order) {
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      if (given(*it)) continue;
      put(*it);
      if (rating_ok()) return true;
      if (grade_->solved && !grade_->capped) return false;
    }
    return false;
  }

  bool count_ok(int count) const {
    if (count < plan_.lo || count > plan_.hi) return false;
    if (plan_.req.minimal && inconclusive_) return false;  // minimality not proven
    return !plan_.has_upper || plan_.req.minimal || count == target_;
  }

  // One fresh grid: dig, then search below the dig if needed. True with p_/s_ set on success.
  bool attempt() {
    const Plan& pl = plan_;
    s_ = fill_grid(pl.shape, pl.fill, *rng_);
    p_ = s_;
    sync_givens();
    pool_used_ = pool_next_ = 0;
    inconclusive_ = false;
    // Exact counts pick a target; minimal puzzles dig fully and accept any count in range.
    target_ = pl.has_upper ? pl.targets[rng_->below(static_cast<std::uint32_t>(pl.targets.size()))] : 0;
    floor_ = pl.req.minimal ? 0 : (pl.has_upper ? target_ : pl.lo);
    stop_ = pl.req.minimal ? 0 : target_;
    std::vector<int> order(pl.classes.size());
    std::iota(order.begin(), order.end(), 0);
    rng_->shuffle(order);
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
      p_ = s_;
      sync_givens();
      rng_->shuffle(order);
    }
    int count = dig(order, pl.cells, floor_, stop_);
    shared_.note_count(count);
    if (pl.req.minimal && !pl.has_upper && count < pl.lo) return false;
    if (count_ok(count) && rating_ok()) return true;
    return search(count);
  }

  // The exchange search below serves plain 9x9 requests (one cell per class, no difficulty target)
  // with an exact count under the dig's end; the others use search().
  bool exchange_fits() const {
    return fast9_ && plan_.sym == Symmetry::kNone && !plan_.req.rating && plan_.has_upper && !plan_.req.minimal;
  }

  static bool empty_set(const Cells& a) { return (a[0] | a[1] | a[2] | a[3]) == 0; }
  static bool meets(const Cells& a, const Cells& b) {
    return ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3])) != 0;
  }
  static void intersect(Cells& a, const Cells& b) {
    for (size_t k = 0; k < 4; ++k) a[k] &= b[k];
  }
  Cells diff_from_solution(const std::uint8_t* sol) const {
    Cells d{};
    for (int c = 0; c < 81; ++c)
      if (sol[c] != s_.cells[static_cast<size_t>(c)]) set_bit(d, c);
    return d;
  }
  int pick(const Cells& set) {
    int n = 0;
    for (std::uint64_t w : set) n += std::popcount(w);
    int k = static_cast<int>(rng_->below(static_cast<std::uint32_t>(n)));
    for (int c = 0;; ++c)
      if ((set[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1 && k-- == 0) return c;
  }

  // After the givens lost one or two clues: a cell whose clue makes the puzzle unique again, or
  // -1. Candidates start as `need`; each candidate x that fails yields a second solution (which
  // agrees with the solution at x), and any repairing clue must differ from it, so `need` shrinks
  // to its difference set (at least x goes). Every second solution met joins the pool.
  int repair(Cells need) {
    while (!empty_set(need)) {
      const int x = pick(need);
      Cells d;
      if (unique_with(x, d)) return x;
      intersect(need, d);
    }
    return -1;
  }

  // Whether the current puzzle is unique (solver proof); if not, `diff` receives where a second
  // solution differs from the solution, and the pool keeps it.
  bool unique_or_second(Cells& diff) {
    std::uint8_t two[2 * 81];
    if (solver::fast9::collect(p_.cells.data(), 2, two) == 1) return true;
    diff = diff_from_solution(std::equal(two, two + 81, s_.cells.begin()) ? two + 81 : two);
    remember(diff);
    return false;
  }
  // The same with the clue of empty cell x added for the test. A second solution agrees with the
  // solution at x, so x is never in `diff`.
  bool unique_with(int x, Cells& diff) {
    p_.cells[static_cast<size_t>(x)] = s_.cells[static_cast<size_t>(x)];
    const bool unique = unique_or_second(diff);
    p_.cells[static_cast<size_t>(x)] = 0;
    return unique;
  }

  // One {-2,+1} sweep over the pairs of `clues` (the givens), in random order: the cell added
  // (the pair is then removed from the givens), -1 if no pair allows it, -2 when the budget ran out.
  // The pool prunes first: a pool set hit by no other given than a and b must contain the added
  // cell, so the sets hit by one or two givens are sorted out once per sweep and intersected per
  // pair; an empty intersection rules the pair out without the solver.
  int down_move(const std::vector<int>& clues) {
    const size_t n = clues.size();
    Cells empty_cells{};
    for (int c = 0; c < 81; ++c)
      if (!p_.cells[static_cast<size_t>(c)]) set_bit(empty_cells, c);
    std::vector<int> index(81, -1);
    for (size_t k = 0; k < n; ++k) index[static_cast<size_t>(clues[k])] = static_cast<int>(k);
    // need[i * n + j] (i <= j): the intersection of the sets hit by exactly givens i and j (i == j:
    // by i alone); touched marks the entries some set reached.
    std::vector<Cells> need(n * n, empty_cells);
    std::vector<char> touched(n * n, 0);
    for (size_t k = 0; k < pool_used_; ++k) {
      Cells hit = pool_[k];
      intersect(hit, givens_);
      int found[3], m = 0;
      for (size_t w = 0; w < 4 && m < 3; ++w)
        for (std::uint64_t x = hit[w]; x && m < 3; x &= x - 1)
          found[m++] = static_cast<int>(w * 64) + std::countr_zero(x);
      if (m == 0 || m == 3) continue;
      const size_t a = static_cast<size_t>(index[static_cast<size_t>(found[0])]);
      const size_t b = static_cast<size_t>(index[static_cast<size_t>(found[m - 1])]);
      intersect(need[a * n + b], pool_[k]);
      touched[a * n + b] = 1;
    }
    std::vector<std::pair<int, int>> pairs;
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j) pairs.emplace_back(static_cast<int>(i), static_cast<int>(j));
    rng_->shuffle(pairs);
    for (const auto& [ii, jj] : pairs) {
      const size_t i = static_cast<size_t>(ii), j = static_cast<size_t>(jj);
      Cells want = need[i * n + j];
      intersect(want, need[i * n + i]);
      intersect(want, need[j * n + j]);
      if (empty_set(want)) continue;  // two known sets that one clue cannot both hit
      if (!(touched[i * n + j] | touched[i * n + i] | touched[j * n + j])) want = empty_cells;
      const int a = clues[i], b = clues[j];
      const std::uint8_t va = p_.cells[static_cast<size_t>(a)], vb = p_.cells[static_cast<size_t>(b)];
      p_.cells[static_cast<size_t>(a)] = p_.cells[static_cast<size_t>(b)] = 0;
      clear_bit(givens_, a);
      clear_bit(givens_, b);
      if (const int added = repair(want); added >= 0) return added;
      p_.cells[static_cast<size_t>(a)] = va;
      p_.cells[static_cast<size_t>(b)] = vb;
      set_bit(givens_, a);
      set_bit(givens_, b);
      if (stopped()) return -2;
    }
    return -1;
  }


  // Loads the puzzle whose givens are `g` (values from the solution).
  void load(const Cells& g) {
    for (int c = 0; c < 81; ++c) p_.cells[static_cast<size_t>(c)] = has_bit(g, c) ? s_.cells[static_cast<size_t>(c)] : 0;
    sync_givens();
  }

  // Every cell of `want` whose clue makes the current puzzle unique (tested in random order; each
  // failure narrows `want` to where its second solution differs, as in repair()).
  void all_repairs(Cells want, std::vector<int>& out) {
    out.clear();
    while (!empty_set(want)) {
      const int x = pick(want);
      clear_bit(want, x);
      Cells d;
      if (unique_with(x, d))
        out.push_back(x);
      else
        intersect(want, d);
    }
  }

  // The puzzle has target + 1 clues. The puzzles with as many clues reached from it by {-1,+1}
  // exchanges form a plateau, which the walk would wander at random, drawing the same moves again
  // and again (measured at 19 clues: about 5 puzzles a plateau, 53 at most, in 1,600 moves). Here
  // each puzzle of the plateau is visited once, in random order, and given a {-2,+1} sweep. True
  // with the puzzle at the target; false once the plateau (kPlateau puzzles at most) or the budget
  // is used up.
  bool plateau() {
    static constexpr size_t kPlateau = 1024;
    struct Hash {
      std::size_t operator()(const Cells& c) const {
        return std::hash<std::uint64_t>{}(c[0] * 0x9E3779B97F4A7C15ull ^ c[1]);
      }
    };
    std::unordered_set<Cells, Hash> seen{givens_};
    std::vector<Cells> todo{givens_};
    std::vector<int> fixes;
    while (!todo.empty() && !stopped()) {
      const size_t k = rng_->below(static_cast<std::uint32_t>(todo.size()));
      std::swap(todo[k], todo.back());
      const Cells node = todo.back();
      todo.pop_back();
      load(node);
      const std::vector<int> clues = given_cells();
      const int added = down_move(clues);
      if (added == -2) return false;
      if (added >= 0) {
        p_.cells[static_cast<size_t>(added)] = s_.cells[static_cast<size_t>(added)];
        sync_givens();
        return true;
      }
      // The neighbours: for each clue c, the cells whose clue makes the puzzle without c unique.
      for (int c : clues) {
        p_.cells[static_cast<size_t>(c)] = 0;
        Cells want;  // where a second solution differs: a clue that repairs the puzzle is there
        if (unique_or_second(want)) {  // c was not needed
          sync_givens();
          return true;
        }
        clear_bit(givens_, c);
        all_repairs(want, fixes);
        set_bit(givens_, c);
        p_.cells[static_cast<size_t>(c)] = s_.cells[static_cast<size_t>(c)];
        for (int x : fixes) {
          Cells next = node;
          clear_bit(next, c);
          set_bit(next, x);
          if (seen.size() < kPlateau && seen.insert(next).second) todo.push_back(next);
        }
      }
    }
    return false;
  }

  // Moves from the current unique puzzle: put one empty class back, then dig again over every
  // clue class (the re-added one last). A move is kept if it does not add clues, so the walk can
  // drift sideways at a count and go down whenever one re-added class frees two or more.
  bool search(int count) {
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
      saved = p_.cells;
      put(e);
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
        p_.cells = saved;
        sync_givens();
        ++since_gain;
        continue;
      }
      since_gain = next < count ? 0 : since_gain + 1;
      count = next;
      if (count <= target_ + 2 && exchange && p_.cells != saved) {
        const int added = down_move(given_cells());
        if (added == -2) return false;
        if (added >= 0) {
          p_.cells[static_cast<size_t>(added)] = s_.cells[static_cast<size_t>(added)];
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

  std::vector<int> given_cells() const {
    std::vector<int> out;
    for (int c = 0; c < plan_.cells; ++c)
      if (p_.cells[static_cast<size_t>(c)]) out.push_back(c);
    return out;
  }
  int class_of(int cell) const {
    for (int i = 0; i < static_cast<int>(plan_.classes.size()); ++i)
      if (cls(i).front() == cell) return i;
    return -1;
  }

  const Plan& plan_;
  Shared& shared_;
  const Geometry* geo_;
  bool fast9_;
  static constexpr size_t kPool = 1024;
  std::array<Cells, kPool> pool_{};
  Cells givens_{};
  bool inconclusive_ = false;  // a removal was refused for lack of proof (node budget)
  bool guided_ = true;  // removals must keep the rating within the cap
  static constexpr double kNakedSingleRating = 2.3;  // SE rating of a naked single
  static constexpr std::int64_t kNodeBudget = 300;
  std::array<Mask, 3 * kMaxN> units_{};  // per unit: the values given in it
  size_t pool_used_ = 0, pool_next_ = 0;
  std::vector<std::uint8_t> scratch_;
  Rng* rng_ = nullptr;
  std::uint64_t index_ = 0;                                   // the attempt running
  const std::atomic<std::uint64_t>* race_winner_ = nullptr;  // see join_race()
  Grid s_, p_;
  int target_ = 0, floor_ = 0, stop_ = 0;
  std::optional<grader::Grade> grade_;
};

constexpr std::uint64_t kMaxDuplicates = 2000;

Error gave_up(const Plan& plan, const Shared& shared, const std::string& made = {}) {
  std::string msg = "gave up after " + number(plan.req.budget_seconds) + " s: " + describe(plan.req);
  const int best = shared.best.load();
  if (best != INT_MAX) msg += ", best reached " + std::to_string(best) + " clues";
  const int low = shared.rated_low.load();
  if (plan.req.rating && low >= 0) msg += ", hardest rating reached " + rating_text(low / 10.0);
  const long long tries = shared.tries.load();
  msg += " in " + with_commas(tries) + (tries == 1 ? " try" : " tries");
  msg += made;
  return Error(msg);
}

void grade_into(Puzzle& p, const grader::Bands& bands) {
  grader::GradeOptions go;
  go.assume_unique = true;
  go.bands = bands;
  const grader::Grade g = grader::grade(p.givens, go);
  p.rating = g.rating;
  p.hardest = g.hardest;
  p.label = g.solved ? grader::label_for(g.rating, bands) : "";
}

// Runs `work` on `jobs` threads, this one included, and waits for them all.
template <class Work>
void run_threads(int jobs, Work&& work) {
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
}

// One puzzle made by `jobs` threads trying attempts 0, 1, 2, ... of `seed` at once: the lowest
// attempt that succeeds wins, which is the one Engine::make() gives, for any number of threads.
// Attempts above the winner stop early; those below it run to their end. Nullopt when the budget
// ran out (an attempt below the winner may then have been cut short).
std::optional<Puzzle> race(const Plan& plan, Shared& shared, std::uint64_t seed, int jobs) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> winner{UINT64_MAX};
  std::mutex mu;
  std::optional<Puzzle> best;
  auto worker = [&] {
    Engine engine(plan, shared);
    engine.join_race(&winner);
    while (!shared.expired()) {
      const std::uint64_t index = next++;
      if (index > winner.load()) return;
      auto p = engine.try_once(seed, index);
      if (!p) continue;
      std::lock_guard lock(mu);
      if (index < winner.load()) {
        winner = index;
        best = std::move(p);
      }
      return;
    }
  };
  run_threads(jobs, worker);
  if (shared.stop.load()) return std::nullopt;
  return best;
}

}  // namespace

std::string describe(const Request& r) {
  std::string out = r.shape.name();
  if (r.clues_max > 0 && r.clues_min == r.clues_max)
    out += " with exactly " + std::to_string(r.clues_max) + " clues";
  else if (r.clues_max > 0)
    out += " with " + std::to_string(r.clues_min) + "-" + std::to_string(r.clues_max) + " clues";
  else if (r.clues_min > 0)
    out += " with at least " + std::to_string(r.clues_min) + " clues";
  auto sym = parse_symmetry(r.symmetry);
  if (sym && *sym != Symmetry::kNone) out += ", " + r.symmetry + " symmetry" + centre_note(r, *sym);
  if (r.fill != "random") out += ", " + r.fill + " fill";
  if (r.minimal) out += ", minimal";
  if (r.rating) {
    out += ", rated ";
    out += r.difficulty.empty() ? range_text(*r.rating) : r.difficulty + " (" + range_text(*r.rating) + ")";
  }
  return out;
}

Status check_request(const Request& r) {
  if (r.shape.box_rows <= 0 || r.shape.box_cols <= 0) return Error("invalid box shape");
  if (auto s = standard_shape(r.shape.n()); !s) return s.error();
  auto sym = parse_symmetry(r.symmetry);
  if (!sym) return sym.error();
  auto fill = parse_fill(r.fill);
  if (!fill) return fill.error();
  const int cells = r.shape.cells();
  const std::string grid = std::to_string(r.shape.n()) + "x" + std::to_string(r.shape.n());
  if (r.clues_min < 0 || r.clues_max < 0) return Error("clue counts must not be negative");
  if (r.clues_max > 0 && r.clues_min > r.clues_max)
    return Error("bad clue range " + clues_text(r) + ": low end above high end");
  if (std::max(r.clues_min, r.clues_max) > cells)
    return Error(std::to_string(std::max(r.clues_min, r.clues_max)) + " clues is more than the " +
                 std::to_string(cells) + " cells of a " + grid + " grid");
  const int hi = r.clues_max > 0 ? r.clues_max : cells;
  const auto [minimum, why] = minimum_clues(r.shape);
  if (hi < minimum)
    return Error("a " + grid + " puzzle needs at least " + std::to_string(minimum) +
                 " clues to have a unique solution (" + why + "): " + clues_text(r) + " is impossible");
  const auto reach = reachable_counts(r.shape, *sym);
  bool any = false;
  for (int k = r.clues_min; k <= hi && !any; ++k) any = reach[static_cast<size_t>(k)];
  if (!any) {
    std::vector<int> sizes;
    for (const auto& c : symmetry_classes(r.shape, *sym)) sizes.push_back(static_cast<int>(c.size()));
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::string list;
    for (size_t i = 0; i < sizes.size(); ++i)
      list += (i == 0 ? "" : i + 1 == sizes.size() ? " and " : ", ") + std::to_string(sizes[i]);
    int below = -1, above = -1;
    for (int k = r.clues_min; k >= 0 && below < 0; --k)
      if (reach[static_cast<size_t>(k)]) below = k;
    for (int k = hi; k <= cells && above < 0; ++k)
      if (reach[static_cast<size_t>(k)]) above = k;
    std::string nearest;
    if (below >= minimum) nearest = std::to_string(below);
    if (above >= 0) nearest += (nearest.empty() ? "" : " or ") + std::to_string(above);
    return Error(r.symmetry + " symmetry on " + grid + " gives clues in classes of " + list +
                 " cells: " + clues_text(r) + " is impossible" +
                 (nearest.empty() ? std::string() : " (nearest possible: " + nearest + ")"));
  }
  if (!(r.budget_seconds > 0)) return Error("budget must be a positive number of seconds");
  if (r.rating && r.rating->lo > r.rating->hi) return Error("bad rating range: low end above high end");
  return Ok{};
}

bool is_minimal(const Grid& puzzle, std::string_view symmetry) {
  auto sym = parse_symmetry(symmetry);
  const auto classes = symmetry_classes(puzzle.shape, sym ? *sym : Symmetry::kNone);
  Grid p = puzzle;
  for (const auto& cls : classes) {
    if (!p.cells[static_cast<size_t>(cls.front())]) continue;
    for (int c : cls) p.cells[static_cast<size_t>(c)] = 0;
    const bool unique = solver::count_solutions(p, 2) == 1;
    for (int c : cls) p.cells[static_cast<size_t>(c)] = puzzle.cells[static_cast<size_t>(c)];
    if (unique) return false;
  }
  return true;
}

Result<Puzzle> generate_one(const Request& r, std::uint64_t seed) {
  if (auto st = check_request(r); !st) return st.error();
  const Plan plan = make_plan(r);
  Shared shared;
  shared.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.budget_seconds));
  Engine engine(plan, shared);
  auto p = engine.make(seed);
  if (!p) return gave_up(plan, shared);
  return *p;
}

Result<std::vector<Puzzle>> generate_batch(const Request& r, std::uint64_t seed, int count,
                                           const BatchOptions& options) {
  if (auto st = check_request(r); !st) return st.error();
  if (count < 0) return Error("puzzle count must not be negative");
  const Plan plan = make_plan(r);
  Shared shared;
  shared.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.budget_seconds));
  const bool grade = options.grade && !r.rating;

  std::vector<std::optional<Puzzle>> made(static_cast<size_t>(count));
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::mutex progress_mu;
  auto report = [&] {
    const int d = ++done;
    if (options.progress) {
      std::lock_guard lock(progress_mu);
      options.progress(d, count);
    }
  };
  auto worker = [&] {
    Engine engine(plan, shared);
    for (int i; (i = next++) < count;) {
      auto p = engine.make(mix_seed(seed, options.stream, options.first + static_cast<std::uint64_t>(i)));
      if (!p) return;
      if (grade) grade_into(*p, r.bands);
      made[static_cast<size_t>(i)] = std::move(p);
      report();
    }
  };
  const int jobs = std::max(1, options.jobs);
  if (jobs > count) {
    // Fewer puzzles than threads (often one hard puzzle): the threads race on each puzzle's attempts.
    for (int i = 0; i < count; ++i) {
      auto p = race(plan, shared, mix_seed(seed, options.stream, options.first + static_cast<std::uint64_t>(i)),
                    jobs);
      if (!p) break;
      if (grade) grade_into(*p, r.bands);
      made[static_cast<size_t>(i)] = std::move(p);
      report();
    }
  } else {
    run_threads(jobs, worker);
  }

  // De-duplicate in index order; replacements are generated here, on this thread.
  std::unordered_set<std::string> seen;
  Engine engine(plan, shared);
  std::vector<Puzzle> out;
  out.reserve(static_cast<size_t>(count));
  auto fresh = [&](const Puzzle& p) {
    return !seen.count(p.canonical) && !(options.exclude && options.exclude->count(p.canonical));
  };
  for (int i = 0; i < count; ++i) {
    auto& slot = made[static_cast<size_t>(i)];
    if (!slot)
      return gave_up(plan, shared, " (made " + with_commas(done.load()) + " of " + with_commas(count) + " puzzles)");
    const std::uint64_t base = slot->seed;
    for (std::uint64_t attempt = 1; !fresh(*slot); ++attempt) {
      // Small grids have few distinct puzzles (4x4 has a few dozen minimal ones): stop on a
      // count of duplicates in a row, not on time, so the answer does not depend on the machine.
      if (attempt > kMaxDuplicates)
        return Error("only " + with_commas(i) + " distinct puzzles found for " + describe(r) + " (then " +
                     with_commas(kMaxDuplicates) +
                     " duplicates in a row): ask for fewer puzzles or a wider request, e.g. more clues");
      slot = engine.make(mix_seed(base, attempt));
      if (!slot)
        return gave_up(plan, shared,
                       " (made " + with_commas(i) + " distinct puzzles of " + with_commas(count) + ")");
      if (grade) grade_into(*slot, r.bands);
    }
    seen.insert(slot->canonical);
    out.push_back(std::move(*slot));
  }
  return out;
}

}  // namespace gp::gen
