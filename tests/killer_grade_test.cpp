// The killer grader: every step agrees with the solution, the bands, the ladder's order, and that
// the rating follows the cages. Test puzzles come from a small generator of this file (a filled
// grid from the generator's fill, cages grown by a fixed rule, sums from the solution) and a small
// killer solution counter of this file (independent of the product's solvers).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"
#include "grader/killer.hpp"

using namespace gp;

namespace {

struct TestPuzzle {
  Grid puzzle;    // no givens, on its killer board
  Grid solution;  // the same board
};

// grade() as the killer tests call it: without its uniqueness check (these test puzzles may have
// several solutions; every killer step is sound, so the ladder then simply gets stuck).
grader::Grade killer_grade(const Grid& puzzle, grader::GradeOptions options = {}) {
  options.assume_unique = true;
  return grader::grade(puzzle, options);
}

// Cages grown on a filled grid: cells in a shuffled order start a cage each when free; a cage
// takes a size from 1..max_size (sizes of 1 only when `singles`) and grows by a random free
// neighbour (of any cage cell) whose digit it does not hold yet.
TestPuzzle make_puzzle(std::uint64_t seed, int max_size, Shape shape = Shape{3, 3}) {
  Rng rng(seed);
  const Grid solved = gen::fill_grid(shape, gen::Fill::kRandom, rng);
  const int n = shape.n(), cells = shape.cells();
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  for (int i = cells - 1; i > 0; --i) std::swap(order[static_cast<std::size_t>(i)], order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::vector<int> owner(static_cast<std::size_t>(cells), -1);
  std::vector<Cage> cages;
  for (int start : order) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    const int q = static_cast<int>(cages.size());
    const int want = 2 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::max(1, max_size - 1))));
    Cage cage;
    Mask digits = 0;
    auto take = [&](int c) {
      owner[static_cast<std::size_t>(c)] = q;
      cage.cells.push_back(c);
      digits |= bit(solved.cells[static_cast<std::size_t>(c)]);
    };
    take(start);
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> free;
      for (int c : cage.cells) {
        const int r = c / n, col = c % n;
        const int next[4] = {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1, col + 1 < n ? c + 1 : -1};
        for (int x : next)
          if (x >= 0 && owner[static_cast<std::size_t>(x)] < 0 && !(digits & bit(solved.cells[static_cast<std::size_t>(x)])) &&
              std::find(free.begin(), free.end(), x) == free.end())
            free.push_back(x);
      }
      if (free.empty()) break;
      std::sort(free.begin(), free.end());
      take(free[rng.below(static_cast<std::uint32_t>(free.size()))]);
    }
    for (int c : cage.cells) cage.sum += solved.cells[static_cast<std::size_t>(c)];
    cages.push_back(std::move(cage));
  }
  auto board = killer_board(shape, cages);
  REQUIRE(board);
  TestPuzzle t{Grid(*board), Grid(*board)};
  t.solution.cells = solved.cells;
  return t;
}

// Solutions of a killer puzzle up to `limit`: backtracking, fewest options first, with each
// cage's remaining sum bounded by the smallest and largest digits it can still take.
class Counter {
 public:
  explicit Counter(const Grid& g) : b_(board_of(g)), val_(g.cells.begin(), g.cells.end()) {
    const auto cages = b_.cages().size();
    used_.assign(static_cast<std::size_t>(3 * b_.n), 0);
    cage_used_.assign(cages, 0);
    cage_left_.assign(cages, 0);
    cage_empty_.assign(cages, 0);
    for (std::size_t q = 0; q < cages; ++q) {
      cage_left_[q] = b_.cages()[q].sum;
      cage_empty_[q] = static_cast<int>(b_.cages()[q].cells.size());
    }
    // Givens that repeat a digit in a unit or cage, or overshoot or miss a cage's sum: none.
    for (int c = 0; c < b_.cells; ++c) {
      const int v = val_[static_cast<std::size_t>(c)];
      if (!v) continue;
      const auto& u = b_.unit_of[static_cast<std::size_t>(c)];
      const auto q = static_cast<std::size_t>(b_.cage_of()[static_cast<std::size_t>(c)]);
      for (int x : u) bad_ |= (used_[static_cast<std::size_t>(x)] & bit(v)) != 0;
      bad_ |= (cage_used_[q] & bit(v)) != 0;
      set(c, v, true);
    }
    for (std::size_t q = 0; q < cages; ++q)
      bad_ |= cage_left_[q] < 0 || (cage_empty_[q] == 0 && cage_left_[q] != 0);
  }

  int count(int limit) {
    if (bad_) return 0;
    int best = -1, best_n = 99;
    Mask best_m = 0;
    for (int c = 0; c < b_.cells; ++c) {
      if (val_[static_cast<std::size_t>(c)]) continue;
      const Mask m = options(c);
      const int k = popcount(m);
      if (k < best_n) best = c, best_n = k, best_m = m;
      if (k == 0) return 0;
    }
    if (best < 0) return 1;
    int found = 0;
    for (Mask m = best_m; m && found < limit; m &= m - 1) {
      const int v = lowest_value(m);
      set(best, v, true);
      found += count(limit - found);
      set(best, v, false);
    }
    return found;
  }

 private:
  Mask options(int c) const {
    const auto& u = b_.unit_of[static_cast<std::size_t>(c)];
    const auto q = static_cast<std::size_t>(b_.cage_of()[static_cast<std::size_t>(c)]);
    Mask m = b_.shape.all() & ~(used_[static_cast<std::size_t>(u[0])] | used_[static_cast<std::size_t>(u[1])] |
                                used_[static_cast<std::size_t>(u[2])] | cage_used_[q]);
    const int left = cage_left_[q], after = cage_empty_[q] - 1;
    Mask out = 0;
    for (; m; m &= m - 1) {
      const int v = lowest_value(m);
      // The other `after` cells take different digits the cage has not used, adding to left - v.
      const Mask rest = b_.shape.all() & ~cage_used_[q] & ~bit(v);
      int lo = 0, hi = 0, k = 0;
      for (int d = 1; d <= b_.n && k < after; ++d)
        if (rest & bit(d)) lo += d, ++k;
      if (k < after) continue;
      k = 0;
      for (int d = b_.n; d >= 1 && k < after; --d)
        if (rest & bit(d)) hi += d, ++k;
      if (left - v >= lo && left - v <= hi) out |= bit(v);
    }
    return out;
  }
  void set(int c, int v, bool on) {
    const auto& u = b_.unit_of[static_cast<std::size_t>(c)];
    const auto q = static_cast<std::size_t>(b_.cage_of()[static_cast<std::size_t>(c)]);
    for (int x : u) used_[static_cast<std::size_t>(x)] ^= bit(v);
    cage_used_[q] ^= bit(v);
    cage_left_[q] += on ? -v : v;
    cage_empty_[q] += on ? -1 : 1;
    val_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(on ? v : 0);
  }

  const Board& b_;
  bool bad_ = false;
  std::vector<std::uint8_t> val_;
  std::vector<Mask> used_, cage_used_;
  std::vector<int> cage_left_, cage_empty_;
};

int solutions(const Grid& g, int limit = 2) { return Counter(g).count(limit); }

// "sum:cells" of every cage, for a failure message.
std::string cages_text(const Grid& g) {
  std::string out;
  for (const Cage& c : board_of(g).cages()) {
    out += std::to_string(c.sum) + ":";
    for (int x : c.cells) out += std::to_string(x) + ",";
    out += " ";
  }
  return out;
}

}  // namespace

TEST_CASE("the test generator and counter agree with each other", "[killer_grade]") {
  int unique = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const TestPuzzle t = make_puzzle(seed, 3);
    CHECK(solutions(t.solution) == 1);
    const int count = solutions(t.puzzle);
    CHECK(count >= 1);
    unique += count == 1 ? 1 : 0;
    // A cage sum one off: the filled grid no longer fits.
    auto cages = board_of(t.puzzle).cages();
    auto it = std::find_if(cages.begin(), cages.end(), [](const Cage& c) { return c.cells.size() >= 2; });
    REQUIRE(it != cages.end());
    it->sum += it->sum > cage_min_sum(static_cast<int>(it->cells.size())) ? -1 : 1;
    auto wrong = killer_board(Shape{3, 3}, cages);
    REQUIRE(wrong);
    Grid filled(*wrong);
    filled.cells = t.solution.cells;
    CHECK(solutions(filled) == 0);
  }
  CHECK(unique >= 2);  // cages of 2 and 3 cells often leave one solution (3 of these 10)
}

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) grades half the puzzles of the two
// soundness sweeps below: every cage size and difficulty still, at half the CPU (they took 21 s there).
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

TEST_CASE("no step of the killer ladder contradicts the solution", "[killer_grade]") {
  int graded = 0, solved = 0, unique = 0, solved_unique = 0;
  std::map<std::string, int> used;
  const std::uint64_t seeds = kSanitized ? 20 : 40;
  for (int max_size : {2, 3, 4, 5, 6}) {
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      const TestPuzzle t = make_puzzle(seed * 131 + static_cast<std::uint64_t>(max_size), max_size);
      grader::GradeOptions opt;
      opt.check_against = &t.solution;
      const grader::Grade g = killer_grade(t.puzzle, opt);
      INFO(cages_text(t.puzzle));
      REQUIRE(g.unique);
      REQUIRE(g.wrong_step.empty());
      ++graded;
      for (const auto& [name, count] : g.counts) used[name] += count;
      if (g.solved) ++solved;
      if (max_size <= 4) {
        const bool one = solutions(t.puzzle) == 1;
        unique += one ? 1 : 0;
        // A puzzle the ladder solves has one solution (every step is sound).
        if (g.solved) CHECK(one);
        solved_unique += g.solved && one ? 1 : 0;
      }
      CHECK((g.solved ? g.rating <= grader::kKillerUnfinished - 1.0 : g.rating == grader::kKillerUnfinished));
      CHECK(g.label == grader::label_for(g.rating, grader::killer_bands()));
    }
  }
  CHECK(graded == static_cast<int>(5 * seeds));
  // The ladder finishes most puzzles with one solution (small cages).
  CHECK(solved_unique * 10 >= unique * 8);
  // The killer techniques are all used somewhere in these puzzles.
  for (const char* name : {"Cage: last cell", "Cage: one combination", "Cage combinations", "Cage confinement",
                           "Hidden cage combination", "45 rule (one house): one cell", "45 rule (one house)"})
    CHECK(used[name] > 0);
}

TEST_CASE("no step contradicts the solution on the generator's killer puzzles", "[killer_grade]") {
  int solved = 0;
  const std::uint64_t per_profile = kSanitized ? 6 : 12;
  for (const char* profile : {"easy", "medium", "hard", "expert", "fiendish"}) {
    for (std::uint64_t i = 0; i < per_profile; ++i) {
      gen::Request r;
      r.variant = Variant::kKiller;
      r.difficulty = profile;
      auto p = gen::generate_one(r, mix_seed(99, 3, i));
      REQUIRE(p);
      grader::GradeOptions opt;
      opt.check_against = &p.value().solution;
      const auto g = killer_grade(p.value().givens, opt);
      INFO(profile << " " << g.wrong_step << " in " << format_cages(board_of(p.value().givens).cages()));
      REQUIRE(g.unique);
      REQUIRE(g.wrong_step.empty());
      solved += g.solved ? 1 : 0;
    }
  }
  CHECK(solved >= static_cast<int>(20 * per_profile / 12));
}

TEST_CASE("a step the solution refutes is reported in check mode", "[killer_grade]") {
  const TestPuzzle t = make_puzzle(7, 3);
  Grid other = t.solution;  // another filled grid on the same board: some step must disagree
  for (auto& v : other.cells) v = static_cast<std::uint8_t>(v % 9 + 1);
  grader::GradeOptions opt;
  opt.check_against = &other;
  const grader::Grade g = killer_grade(t.puzzle, opt);
  CHECK(!g.wrong_step.empty());
  CHECK(!g.solved);
}

TEST_CASE("killer bands, labels and the ladder", "[killer_grade]") {
  const auto& bands = grader::killer_bands().bands;
  REQUIRE(bands.size() == 5);
  CHECK(bands.front().name == "easy");
  CHECK(bands.back().name == "fiendish");
  CHECK(grader::in_killer_band(1.0, "easy"));
  CHECK(grader::in_killer_band(grader::kKillerUnfinished, "fiendish"));
  CHECK(!grader::in_killer_band(1.0, "medium"));
  CHECK(!grader::in_killer_band(1.0, "brutal"));
  for (std::size_t i = 0; i + 1 < bands.size(); ++i) {
    const double edge = bands[i].max;
    CHECK(grader::label_for(edge, grader::killer_bands()) == bands[i].name);
    CHECK(grader::in_killer_band(edge, bands[i].name));
    CHECK(!grader::in_killer_band(edge, bands[i + 1].name));
    CHECK(grader::in_killer_band(edge + 0.1, bands[i + 1].name));
  }
  auto range = grader::killer_rating_range("hard");
  REQUIRE(range);
  CHECK(range.value().contains(3.0));
  CHECK(!grader::killer_rating_range("brutal"));
  // The ladder's weights never go down.
  const auto ladder = grader::ladder(board_of(make_puzzle(1, 3).puzzle));
  REQUIRE(ladder.size() == 36);
  CHECK(ladder.front().name == "Full house");
  CHECK(ladder.back().name == "Dynamic forcing chains");
  for (std::size_t i = 1; i < ladder.size(); ++i) CHECK(ladder[i - 1].rating <= ladder[i].rating);
}

TEST_CASE("killer grades report their steps and is deterministic across threads", "[killer_grade]") {
  std::vector<TestPuzzle> puzzles;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) puzzles.push_back(make_puzzle(seed + 500, 4));
  grader::GradeOptions opt;
  opt.record_path = true;
  std::vector<grader::Grade> here;
  for (const auto& t : puzzles) here.push_back(killer_grade(t.puzzle, opt));
  std::vector<grader::Grade> there(puzzles.size());
  std::thread a([&] {
    for (std::size_t i = 0; i < puzzles.size(); i += 2) there[i] = killer_grade(puzzles[i].puzzle, opt);
  });
  std::thread b([&] {
    for (std::size_t i = 1; i < puzzles.size(); i += 2) there[i] = killer_grade(puzzles[i].puzzle, opt);
  });
  a.join();
  b.join();
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto& g = here[i];
    CHECK(g.rating == there[i].rating);
    CHECK(g.path.size() == there[i].path.size());
    int steps = 0;
    double hardest = 0;
    for (const auto& [name, count] : g.counts) steps += count;
    for (const auto& s : g.path) {
      hardest = std::max(hardest, s.rating);
      CHECK(!s.description.empty());
    }
    CHECK(steps == static_cast<int>(g.path.size()));
    if (g.solved) CHECK(hardest == g.rating);
  }
}

TEST_CASE("a cap stops the killer ladder", "[killer_grade]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const TestPuzzle t = make_puzzle(seed + 900, 5);
    const auto full = killer_grade(t.puzzle);
    if (!full.solved || full.rating <= 1.5) continue;
    grader::GradeOptions opt;
    opt.max_rating = 1.5;
    const auto capped = killer_grade(t.puzzle, opt);
    CHECK(capped.capped);
    CHECK(capped.label.empty());
  }
}

TEST_CASE("the board's rules choose the ladder: a classic grid climbs the classic one", "[killer_grade]") {
  const Grid classic = make_puzzle(3, 3).solution;
  Grid plain(classic.shape);
  plain.cells = classic.cells;
  plain.cells[0] = 0;
  const grader::Grade g = grader::grade(plain);
  CHECK(g.solved);
  CHECK(g.hardest == "Full house");
  CHECK(g.label == "easy");
  const auto ladder = grader::ladder(board_of(plain));
  REQUIRE(ladder.size() == grader::ladder().size());
  CHECK(ladder.back().name == "Nested forcing chains");
}

TEST_CASE("killer givens that break a cage sum are not graded, even when assumed unique", "[killer_grade]") {
  const TestPuzzle t = make_puzzle(7, 3);
  const auto& cages = board_of(t.puzzle).cages();
  auto it = std::find_if(cages.begin(), cages.end(), [](const Cage& c) { return c.cells.size() >= 2; });
  REQUIRE(it != cages.end());
  Grid broken = t.puzzle;
  // Two cells of a cage of two or three given digits the cage's sum cannot have: 8 and 9 above a
  // sum below 17, 1 and 2 (and at most 9 more) below a sum of 17 or more. No unit sees a conflict,
  // so only the cage's check refuses them.
  REQUIRE(it->cells.size() <= 3);
  const bool big = it->sum >= 17;
  broken.cells[static_cast<std::size_t>(it->cells[0])] = big ? 1 : 9;
  broken.cells[static_cast<std::size_t>(it->cells[1])] = big ? 2 : 8;
  const grader::Grade g = killer_grade(broken);
  CHECK(!g.unique);
  CHECK(g.solutions == 0);
  CHECK(g.rating < 0);
  CHECK(g.label.empty());
}

TEST_CASE("killer 4x4 and 6x6 puzzles are graded too", "[killer_grade]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const TestPuzzle t = make_puzzle(seed, 3, shape);
      grader::GradeOptions opt;
      opt.check_against = &t.solution;
      const auto g = killer_grade(t.puzzle, opt);
      REQUIRE(g.unique);
      CHECK(g.wrong_step.empty());
      if (g.solved) CHECK(solutions(t.puzzle) == 1);
    }
  }
}

// Not run by default: the rating distribution over the product generator's puzzles, 200 per
// cage profile, with grading times and one puzzle per band (docs/killer.md).
// build-ci/tests/killer_grade_test "[.measure]"
TEST_CASE("measure: killer ratings by cage profile", "[.measure]") {
  const auto& bands = grader::killer_bands().bands;
  std::map<std::string, std::string> example;
  for (const char* profile : {"easy", "medium", "hard", "expert", "fiendish"}) {
    std::map<std::string, int> per_band, hardest;
    std::vector<double> ratings;
    double seconds = 0, worst = 0;
    for (std::uint64_t i = 0; i < 200; ++i) {
      gen::Request r;
      r.variant = Variant::kKiller;
      r.difficulty = profile;
      auto p = gen::generate_one(r, mix_seed(2026, 7, i));
      REQUIRE(p);
      const auto start = std::chrono::steady_clock::now();
      const auto plain = killer_grade(p.value().givens);  // timed as the generator calls it
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      grader::GradeOptions opt;
      opt.check_against = &p.value().solution;
      const auto g = killer_grade(p.value().givens, opt);
      CHECK(plain.rating == g.rating);
      INFO(g.wrong_step << " in " << format_cages(board_of(p.value().givens).cages()) << " solution "
                        << format_line(p.value().solution));
      REQUIRE(g.wrong_step.empty());
      seconds += took;
      worst = std::max(worst, took);
      ++per_band[g.label];
      ++hardest[g.solved ? g.hardest : "(unfinished)"];
      ratings.push_back(g.rating);
      if (!example.count(g.label))
        example[g.label] = std::string(profile) + " " + std::to_string(g.rating).substr(0, 3) + " " +
                           format_cages(board_of(p.value().givens).cages());
    }
    std::sort(ratings.begin(), ratings.end());
    std::printf("| %s | %.1f / %.1f / %.1f | %.2f ms (max %.0f ms) |", profile, ratings[ratings.size() / 10],
                ratings[ratings.size() / 2], ratings[ratings.size() * 9 / 10], 1000 * seconds / 200, 1000 * worst);
    for (const auto& b : bands) std::printf(" %d |", per_band[b.name]);
    std::printf("\n  hardest:");
    for (const auto& [name, count] : hardest) std::printf(" %s %d;", name.c_str(), count);
    std::printf("\n");
    std::fflush(stdout);
  }
  for (const auto& [band, text] : example) std::printf("%s: %s\n", band.c_str(), text.c_str());
}

TEST_CASE("a killer difficulty is a band of the killer ladder: generated puzzles are graded into it", "[killer_grade]") {
  for (const char* band : {"easy", "medium", "hard", "expert", "fiendish"}) {
    gen::Request r;
    r.variant = Variant::kKiller;
    r.difficulty = band;
    auto batch = gen::generate_batch(r, 41, 3);
    REQUIRE(batch);
    for (const Puzzle& p : *batch) {
      INFO(band << " " << format_cages(board_of(p.givens).cages()));
      CHECK(p.label == band);
      const auto g = killer_grade(p.givens);
      CHECK(g.rating == p.rating);
      CHECK(grader::in_killer_band(g.rating, band));
    }
  }
  // Without a difficulty the cages follow the default profile and nothing is graded.
  gen::Request plain;
  plain.variant = Variant::kKiller;
  auto one = gen::generate_one(plain, 5);
  REQUIRE(one);
  CHECK(one->rating < 0);
}
