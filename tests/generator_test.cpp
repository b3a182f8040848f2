// Generator: symmetry classes, fills, canonical form, and properties of generated puzzles over
// many seeds, every size and every symmetry.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <tuple>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/rng.hpp"
#include "generator/canonical.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"
#include "generator/symmetry.hpp"
#include "grader/grader.hpp"
#include "solver/solver.hpp"

using namespace gp;
using namespace gp::gen;

namespace {

const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;
int scaled(int n) { return kSanitized ? std::max(1, n / 5) : n; }

const std::vector<Shape> kShapes = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 4}};

BatchOptions opts(int jobs, const std::unordered_set<std::string>* exclude = nullptr, std::uint64_t stream = 0) {
  BatchOptions o;
  o.jobs = jobs;
  o.exclude = exclude;
  o.stream = stream;
  return o;
}

Request shaped(Shape shape) {
  Request r;
  r.shape = shape;
  return r;
}

bool valid_solution(const Grid& g) { return g.complete() && check_givens(g).ok(); }

// Every given of `p` agrees with `s`.
bool agrees(const Grid& p, const Grid& s) {
  for (int c = 0; c < p.size(); ++c)
    if (p.cells[c] && p.cells[c] != s.cells[c]) return false;
  return true;
}

}  // namespace

TEST_CASE("symmetry names parse and round-trip") {
  for (Symmetry s : all_symmetries()) CHECK(parse_symmetry(symmetry_name(s)).value() == s);
  CHECK(all_symmetries().size() == 8);
  CHECK(parse_symmetry("rot180").error().to_string() ==
        "unknown symmetry 'rot180': expected none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal or "
        "dihedral");
}

TEST_CASE("symmetry classes partition the grid and are closed under the symmetry") {
  for (Shape shape : kShapes)
    for (Symmetry s : all_symmetries()) {
      const auto classes = symmetry_classes(shape, s);
      std::vector<int> seen(static_cast<size_t>(shape.cells()), 0);
      for (const auto& cls : classes) {
        for (int c : cls) ++seen[static_cast<size_t>(c)];
        // A grid with exactly this class given is symmetric.
        Grid g(shape);
        for (int c : cls) g.cells[static_cast<size_t>(c)] = 1;
        CHECK(is_symmetric(g, s));
      }
      for (int v : seen) CHECK(v == 1);
    }
  // Known class structure on 9x9.
  CHECK(symmetry_classes({3, 3}, Symmetry::kNone).size() == 81);
  CHECK(symmetry_classes({3, 3}, Symmetry::kRotate180).size() == 41);  // 40 pairs + centre
  CHECK(symmetry_classes({3, 3}, Symmetry::kRotate90).size() == 21);   // 20 quads + centre
  CHECK(symmetry_classes({3, 3}, Symmetry::kMirror).size() == 45);     // 36 pairs + 9 middle-column cells
  CHECK(symmetry_classes({3, 3}, Symmetry::kDiagonal).size() == 45);
  CHECK(symmetry_classes({3, 3}, Symmetry::kDihedral).size() == 15);   // 1 + 4 + 4 + 6 classes of 8
  // A lone off-centre clue is not rotate180-symmetric.
  Grid g({3, 3});
  g.set(0, 0, 5);
  CHECK_FALSE(is_symmetric(g, Symmetry::kRotate180));
  CHECK(is_symmetric(g, Symmetry::kDiagonal));
  g.set(8, 8, 2);
  CHECK(is_symmetric(g, Symmetry::kRotate180));
  CHECK_FALSE(is_symmetric(g, Symmetry::kMirror));
}

TEST_CASE("reachable clue counts follow the class sizes") {
  const auto even4 = reachable_counts({2, 2}, Symmetry::kRotate180);
  for (int k = 0; k <= 16; ++k) CHECK(even4[static_cast<size_t>(k)] == (k % 2 == 0));
  const auto r90 = reachable_counts({3, 3}, Symmetry::kRotate90);
  for (int k = 0; k <= 81; ++k) CHECK(r90[static_cast<size_t>(k)] == (k % 4 == 0 || k % 4 == 1));
  const auto any = reachable_counts({3, 3}, Symmetry::kRotate180);
  for (int k = 0; k <= 81; ++k) CHECK(any[static_cast<size_t>(k)]);
}

TEST_CASE("fills give valid full grids for every shape") {
  Rng rng(11);
  for (Shape shape : kShapes)
    for (Fill f : {Fill::kRandom, Fill::kDiagonal, Fill::kPattern}) {
      const Grid g = fill_grid(shape, f, rng);
      INFO(shape.name() << " " << fill_name(f));
      CHECK(g.shape == shape);
      CHECK(valid_solution(g));
    }
  CHECK(valid_solution(pattern_grid({3, 4})));
  CHECK(parse_fill("zigzag").error().to_string() == "unknown fill 'zigzag': expected random, diagonal or pattern");
}

TEST_CASE("transforms keep grids valid; canonical form is invariant under them") {
  Rng rng(5);
  for (Shape shape : kShapes) {
    const bool big = shape.n() >= 12;  // dig big grids part way only: minimal ones take long
    for (int rep = 0; rep < (big ? 2 : scaled(10)); ++rep) {
      const Grid full = fill_grid(shape, Fill::kRandom, rng);
      Request req = shaped(shape);
      if (big) req.clues_min = req.clues_max = shape.cells() * 11 / 20;
      auto p = generate_one(req, rng.next());
      REQUIRE(p.ok());
      const std::string canon = canonical_form(p->givens);
      CHECK(canon == p->canonical);
      // Full grids tie on every pattern, so their canonical form explores the whole group: only
      // affordable for the small sizes (see docs/generator.md).
      const bool small = shape.n() <= 6;
      const std::string canon_full = small ? canonical_form(full) : "";
      for (int t = 0; t < 5; ++t) {
        const Transform tr = random_transform(shape, rng);
        const Grid moved = apply_transform(tr, full);
        INFO(shape.name() << " " << format_line(full));
        CHECK(valid_solution(moved));
        if (small) CHECK(canonical_form(moved) == canon_full);
        const Grid moved_puzzle = apply_transform(tr, p->givens);
        CHECK(moved_puzzle.clue_count() == p->givens.clue_count());
        CHECK(canonical_form(moved_puzzle) == canon);
      }
      // The canonical form is itself a member of the class, and a fixed point.
      auto back = parse_line(canon, shape);
      REQUIRE(back.ok());
      CHECK(canonical_form(*back) == canon);
      CHECK(back->clue_count() == p->givens.clue_count());
      CHECK(solver::count_solutions(*back, 2) == 1);
    }
  }
}

TEST_CASE("canonical form tells classes apart") {
  Rng rng(9);
  // Pattern fills are all one class; random grids mostly are not (6x6 has 49 classes of grids).
  const std::string pattern = canonical_form(fill_grid({2, 3}, Fill::kPattern, rng));
  for (int i = 0; i < 5; ++i) CHECK(canonical_form(fill_grid({2, 3}, Fill::kPattern, rng)) == pattern);
  std::set<std::string> forms;
  for (int i = 0; i < 20; ++i) forms.insert(canonical_form(fill_grid({2, 3}, Fill::kRandom, rng)));
  CHECK(forms.size() >= 8);
  // Puzzles dug from one grid by different seeds are different puzzles.
  std::set<std::string> puzzles;
  for (int i = 0; i < 20; ++i) puzzles.insert(generate_one(Request{}, static_cast<std::uint64_t>(i))->canonical);
  CHECK(puzzles.size() == 20);
  // A puzzle and the same puzzle with one clue changed to another consistent digit differ.
  const Grid a = *parse_line("1...............", Shape{2, 2});
  const Grid b = *parse_line(".1..............", Shape{2, 2});
  const Grid c = *parse_line("12..............", Shape{2, 2});
  const Grid d = *parse_line("1....2..........", Shape{2, 2});
  CHECK(canonical_form(a) == canonical_form(b));
  CHECK(canonical_form(c) != canonical_form(d));  // same row vs same box-diagonal
  CHECK(canonical_form(a) == "...............1");  // empty cells first, then relabelled 1
}

TEST_CASE("generated puzzles: unique, exact count, symmetric, minimal, reproducible") {
  struct Case {
    Shape shape;
    int k;        // exact clue count asked (0: whatever digging reaches)
    int k_sym;    // the count asked with a symmetry (symmetric puzzles need more clues)
    bool minimal;
    int seeds;
  };
  const std::vector<Case> cases = {
      {{2, 2}, 0, 0, true, 20},      {{2, 2}, 6, 6, false, 20},    {{2, 3}, 0, 0, true, 20},
      {{2, 3}, 12, 12, false, 20},   {{3, 2}, 12, 12, false, 5},   {{2, 4}, 0, 0, false, 10},
      {{2, 4}, 24, 24, false, 10},   {{3, 3}, 0, 0, true, 10},     {{3, 3}, 22, 30, false, 8},
      {{3, 3}, 30, 34, false, 8},    {{3, 4}, 70, 70, false, 1},   {{4, 4}, 140, 140, false, 1}};
  for (const Case& tc : cases)
    for (Symmetry sym : all_symmetries()) {
      if (tc.shape.n() >= 12 && sym != Symmetry::kNone && sym != Symmetry::kDihedral) continue;
      Request r;
      r.shape = tc.shape;
      r.symmetry = std::string(symmetry_name(sym));
      r.minimal = tc.minimal;
      // Exact counts must be reachable under the symmetry: round up to the next possible one.
      if (tc.k) {
        const auto reach = reachable_counts(tc.shape, sym);
        int k = sym == Symmetry::kNone ? tc.k : tc.k_sym;
        while (!reach[static_cast<size_t>(k)]) ++k;
        r.clues_min = r.clues_max = k;
      }
      r.budget_seconds = 30;
      for (int s = 0; s < scaled(tc.seeds); ++s) {
        const std::uint64_t seed = mix_seed(77, static_cast<std::uint64_t>(s));
        auto p = generate_one(r, seed);
        INFO(describe(r) << " seed " << seed);
        REQUIRE(p.ok());
        Grid sol;
        CHECK(solver::count_solutions(p->givens, 2, &sol) == 1);
        CHECK(sol == p->solution);
        CHECK(agrees(p->givens, p->solution));
        CHECK(is_symmetric(p->givens, sym));
        if (r.clues_max) CHECK(p->givens.clue_count() == r.clues_max);
        if (tc.minimal || !r.clues_max) {
          // Without an exact count the dig goes all the way: minimal for its classes (9x9 and the
          // small sizes, where every uniqueness proof completes).
          if (tc.shape.n() <= 9) CHECK(is_minimal(p->givens, r.symmetry));
        }
        CHECK(p->seed == seed);
        CHECK(p->symmetry == r.symmetry);
        CHECK(p->canonical == canonical_form(p->givens));
        CHECK(p->rating < 0);
        if (s == 0) {
          auto again = generate_one(r, seed);
          REQUIRE(again.ok());
          CHECK(again->givens == p->givens);
          CHECK(again->solution == p->solution);
        }
      }
    }
}

TEST_CASE("clue ranges and low counts") {
  Request r;
  r.clues_min = 22;
  r.clues_max = 26;
  std::set<int> counts;
  for (int s = 0; s < scaled(40); ++s) {
    auto p = generate_one(r, static_cast<std::uint64_t>(s));
    REQUIRE(p.ok());
    const int k = p->givens.clue_count();
    CHECK(k >= 22);
    CHECK(k <= 26);
    counts.insert(k);
  }
  if (!kSanitized) CHECK(counts.size() >= 4);  // drawn across the range, not piled at one end

  // Below what one dig reaches, the search must get there: the walk at 21 clues; at 19, exchange
  // moves ({-2,+1} with unavoidable-set pruning), reproducibly.
  for (const auto& [clues, runs, base] : {std::tuple{21, 5, 1000}, std::tuple{19, 3, 3000}}) {
    r.clues_min = r.clues_max = clues;
    for (int s = 0; s < scaled(runs); ++s) {
      const auto seed = static_cast<std::uint64_t>(base + s);
      auto p = generate_one(r, seed);
      REQUIRE(p.ok());
      CHECK(p->givens.clue_count() == clues);
      CHECK(solver::is_unique(p->givens));
      if (clues == 19) CHECK(p->givens.cells == generate_one(r, seed)->givens.cells);
    }
  }
  // Minimal within a range.
  r.clues_min = 20;
  r.clues_max = 23;
  r.minimal = true;
  for (int s = 0; s < scaled(5); ++s) {
    auto p = generate_one(r, 2000 + static_cast<std::uint64_t>(s));
    REQUIRE(p.ok());
    CHECK(p->givens.clue_count() >= 20);
    CHECK(p->givens.clue_count() <= 23);
    CHECK(is_minimal(p->givens));
  }
}

TEST_CASE("every fill strategy generates unique puzzles") {
  for (const char* fill : {"random", "diagonal", "pattern"}) {
    Request r;
    r.fill = fill;
    r.clues_min = r.clues_max = 25;
    auto p = generate_one(r, 3);
    REQUIRE(p.ok());
    CHECK(p->fill == fill);
    CHECK(p->givens.clue_count() == 25);
    CHECK(solver::is_unique(p->givens));
  }
}

TEST_CASE("batch: same output for any jobs, distinct canonical forms, exclusions") {
  Request r;
  r.clues_min = r.clues_max = 24;
  const int count = scaled(60);
  auto one = generate_batch(r, 42, count, opts(1));
  auto two = generate_batch(r, 42, count, opts(2));
  auto three = generate_batch(r, 42, count, opts(3));
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  REQUIRE(three.ok());
  REQUIRE(one->size() == static_cast<size_t>(count));
  std::set<std::string> forms;
  for (int i = 0; i < count; ++i) {
    CHECK((*one)[static_cast<size_t>(i)].givens == (*two)[static_cast<size_t>(i)].givens);
    CHECK((*one)[static_cast<size_t>(i)].givens == (*three)[static_cast<size_t>(i)].givens);
    CHECK((*one)[static_cast<size_t>(i)].seed == mix_seed(42, 0, static_cast<std::uint64_t>(i)));
    forms.insert((*one)[static_cast<size_t>(i)].canonical);
  }
  CHECK(forms.size() == static_cast<size_t>(count));
  // Puzzle i is generate_one with the derived seed.
  auto first = generate_one(r, mix_seed(42, 0, 0));
  REQUIRE(first.ok());
  CHECK(first->givens == (*one)[0].givens);
  // A different stream gives different puzzles.
  auto other = generate_batch(r, 42, 3, opts(1, nullptr, 1));
  REQUIRE(other.ok());
  CHECK((*other)[0].givens != (*one)[0].givens);

  // Excluding the first batch's forms (given as transformed copies) replaces exactly those.
  std::unordered_set<std::string> exclude;
  Rng rng(3);
  for (int i = 0; i < 5; ++i)
    exclude.insert(canonical_form(apply_transform(random_transform(r.shape, rng), (*one)[static_cast<size_t>(i)].givens)));
  auto ex1 = generate_batch(r, 42, 8, opts(1, &exclude));
  auto ex2 = generate_batch(r, 42, 8, opts(2, &exclude));
  REQUIRE(ex1.ok());
  REQUIRE(ex2.ok());
  for (int i = 0; i < 8; ++i) {
    const auto& p = (*ex1)[static_cast<size_t>(i)];
    CHECK(p.givens == (*ex2)[static_cast<size_t>(i)].givens);
    CHECK(exclude.count(p.canonical) == 0);
    if (i >= 5) CHECK(p.givens == (*one)[static_cast<size_t>(i)].givens);
    else CHECK(p.givens != (*one)[static_cast<size_t>(i)].givens);
  }

  // Small grids have few distinct puzzles: duplicates get replaced, in index order.
  Request small;
  small.shape = {2, 2};
  auto kids = generate_batch(small, 1, 30, opts(2));
  REQUIRE(kids.ok());
  std::set<std::string> kid_forms;
  for (const auto& p : *kids) kid_forms.insert(p.canonical);
  CHECK(kid_forms.size() == 30);
  auto kids1 = generate_batch(small, 1, 30, opts(1));
  REQUIRE(kids1.ok());
  for (size_t i = 0; i < 30; ++i) CHECK((*kids)[i].givens == (*kids1)[i].givens);
}

TEST_CASE("fewer puzzles than threads: the threads race on attempts and give what one thread gives") {
  // Fiendish puzzles take many attempts (fresh grids) each, so the race has attempts to share out:
  // the lowest attempt that succeeds must win whatever the timing.
  Request r;
  r.difficulty = "fiendish";
  r.rating = *grader::band_range("fiendish", r.bands);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(scaled(4)); ++seed) {
    auto one = generate_batch(r, seed, 1, opts(1));
    auto two = generate_batch(r, seed, 1, opts(2));
    auto four = generate_batch(r, seed, 2, opts(4));
    REQUIRE(one.ok());
    REQUIRE(two.ok());
    REQUIRE(four.ok());
    CHECK((*one)[0].givens == (*two)[0].givens);
    CHECK((*one)[0].givens == (*four)[0].givens);
    CHECK((*four)[1].givens == generate_one(r, mix_seed(seed, 0, 1))->givens);
    CHECK((*two)[0].rating > 6.0);
  }
  // Exact low counts go through the exchange search and its plateau walk: the same there.
  Request low;
  low.clues_min = low.clues_max = 19;
  auto a = generate_batch(low, 7, 1, opts(1));
  auto b = generate_batch(low, 7, 1, opts(2));
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK((*a)[0].givens == (*b)[0].givens);
  CHECK((*a)[0].givens.clue_count() == 19);
  CHECK(solver::is_unique((*b)[0].givens));
}

TEST_CASE("batch progress reports every puzzle") {
  Request r;
  int calls = 0, last = 0;
  BatchOptions o = opts(2);
  o.progress = [&](int done, int total) {
    ++calls;
    CHECK(total == 12);
    CHECK(done > last);
    last = done;
  };
  auto b = generate_batch(r, 1, 12, o);
  REQUIRE(b.ok());
  CHECK(calls == 12);
  CHECK(last == 12);
}

TEST_CASE("infeasible requests are refused with the reason") {
  auto err = [](Request r) {
    auto s = check_request(r);
    return s.ok() ? std::string("ok") : s.error().to_string();
  };
  Request r;
  r.clues_min = r.clues_max = 16;
  CHECK(err(r) ==
        "a 9x9 puzzle needs at least 17 clues to have a unique solution (proven by McGuire, Tugemann and "
        "Civario, 2012): 16 is impossible");
  r.clues_min = 10;
  CHECK(err(r) ==
        "a 9x9 puzzle needs at least 17 clues to have a unique solution (proven by McGuire, Tugemann and "
        "Civario, 2012): 10-16 is impossible");
  r.clues_min = 12;
  r.clues_max = 17;
  CHECK(err(r) == "ok");
  r.clues_min = r.clues_max = 82;
  CHECK(err(r) == "82 clues is more than the 81 cells of a 9x9 grid");
  r.clues_min = 30;
  r.clues_max = 22;
  CHECK(err(r) == "bad clue range 30-22: low end above high end");
  r = Request{};
  r.shape = {2, 2};
  r.clues_min = r.clues_max = 3;
  CHECK(err(r) ==
        "a 4x4 puzzle needs at least 4 clues to have a unique solution (known from exhaustive enumeration): 3 is "
        "impossible");
  r.shape = {2, 3};
  r.clues_min = r.clues_max = 7;
  CHECK(err(r) ==
        "a 6x6 puzzle needs at least 8 clues to have a unique solution (known from exhaustive enumeration): 7 is "
        "impossible");
  r.shape = {4, 4};
  r.clues_min = r.clues_max = 14;
  CHECK(err(r) ==
        "a 16x16 puzzle needs at least 15 clues to have a unique solution (two digits both absent from the givens "
        "could be swapped in any solution): 14 is impossible");
  r.shape = {2, 2};
  r.symmetry = "rotate180";
  r.clues_min = r.clues_max = 7;
  CHECK(err(r) == "rotate180 symmetry on 4x4 gives clues in classes of 2 cells: 7 is impossible (nearest possible: 6 or 8)");
  r.shape = {3, 3};
  r.symmetry = "rotate90";
  r.clues_min = r.clues_max = 23;
  CHECK(err(r) ==
        "rotate90 symmetry on 9x9 gives clues in classes of 1 and 4 cells: 23 is impossible (nearest possible: 21 or 24)");
  r.symmetry = "dihedral";
  r.clues_min = r.clues_max = 18;
  CHECK(err(r) ==
        "dihedral symmetry on 9x9 gives clues in classes of 1, 4 and 8 cells: 18 is impossible (nearest possible: 17 "
        "or 20)");
  r.symmetry = "spiral";
  CHECK(err(r) ==
        "unknown symmetry 'spiral': expected none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal or "
        "dihedral");
  r = Request{};
  r.budget_seconds = 0;
  CHECK(err(r) == "budget must be a positive number of seconds");
  // Odd size, even count with rotate180: allowed; the description says what holds.
  r = Request{};
  r.symmetry = "rotate180";
  r.clues_min = r.clues_max = 22;
  CHECK(err(r) == "ok");
  CHECK(describe(r) == "9x9 with exactly 22 clues, rotate180 symmetry (even count: centre cell empty)");
  auto p = generate_one(r, 4);
  REQUIRE(p.ok());
  CHECK(p->givens.at(4, 4) == 0);
  r.clues_min = r.clues_max = 23;
  CHECK(describe(r) == "9x9 with exactly 23 clues, rotate180 symmetry (odd count: centre cell given)");
  p = generate_one(r, 4);
  REQUIRE(p.ok());
  CHECK(p->givens.at(4, 4) != 0);
  // The same errors come back from generate_one and generate_batch.
  r.clues_min = r.clues_max = 16;
  CHECK(generate_one(r, 1).error().to_string() == err(r));
  CHECK(generate_batch(r, 1, 3).error().to_string() == err(r));
}

TEST_CASE("the budget ends a search that cannot finish in time, saying how far it got") {
  Request r;
  r.clues_min = r.clues_max = 17;
  r.budget_seconds = 0.3;
  auto p = generate_one(r, 1);
  REQUIRE_FALSE(p.ok());
  const std::string msg = p.error().to_string();
  INFO(msg);
  CHECK(msg.rfind("gave up after 0.3 s: 9x9 with exactly 17 clues, best reached ", 0) == 0);
  CHECK(msg.find(" clues in ") != std::string::npos);
  // "in 1 try" when a loaded machine fits only one fresh grid in the budget.
  CHECK((msg.find(" tries") != std::string::npos || msg.find(" 1 try") != std::string::npos));
  auto b = generate_batch(r, 1, 4, opts(2));
  REQUIRE_FALSE(b.ok());
  CHECK(b.error().to_string().find("(made 0 of 4 puzzles)") != std::string::npos);
}

TEST_CASE("difficulty targets: every band lands in its band") {
  const grader::Bands bands;
  for (const char* name : {"easy", "medium", "hard", "expert", "fiendish"}) {
    Request r;
    r.rating = *grader::band_range(name, bands);
    r.difficulty = name;
    r.budget_seconds = 30;
    const int n = std::string(name) == "fiendish" || std::string(name) == "expert" ? scaled(2) : scaled(6);
    auto batch = generate_batch(r, 5, n, opts(2));
    INFO(name);
    REQUIRE(batch.ok());
    for (const auto& p : *batch) {
      CHECK(p.label == name);
      CHECK(r.rating->contains(p.rating));
      CHECK_FALSE(p.hardest.empty());
      // The stored grade is the grader's own.
      const grader::Grade g = grader::grade(p.givens);
      CHECK(g.unique);
      CHECK(g.rating == p.rating);
      CHECK(g.label == name);
    }
  }
}

TEST_CASE("difficulty with exact clue counts, symmetry, small grids and numeric ranges") {
  Request r;
  r.rating = *grader::parse_rating_range("2.6-3.4");
  r.clues_min = r.clues_max = 24;
  r.symmetry = "rotate180";
  for (int s = 0; s < scaled(3); ++s) {
    auto p = generate_one(r, static_cast<std::uint64_t>(s));
    REQUIRE(p.ok());
    CHECK(p->givens.clue_count() == 24);
    CHECK(is_symmetric(p->givens, Symmetry::kRotate180));
    CHECK(p->rating >= 2.6);
    CHECK(p->rating <= 3.4);
    CHECK(p->label == "hard");
  }
  CHECK(describe(r) == "9x9 with exactly 24 clues, rotate180 symmetry (even count: centre cell empty), rated SE 2.6-3.4");
  // Children's grids: easy 6x6 puzzles.
  Request kids;
  kids.shape = {2, 3};
  kids.rating = *grader::band_range("easy");
  kids.difficulty = "easy";
  auto k = generate_batch(kids, 1, scaled(10), opts(2));
  REQUIRE(k.ok());
  for (const auto& p : *k) CHECK(p.rating <= 1.5);
  // A 4x4 grid never needs more than hidden singles in boxes: medium and above are refused up
  // front, before any search (and whatever the budget).
  for (const char* band : {"medium", "hard"}) {
    Request tough;
    tough.shape = {2, 2};
    tough.rating = *grader::band_range(band);
    tough.difficulty = band;
    tough.budget_seconds = 1000;
    const std::string why = std::string("every 4x4 puzzle is solved with hidden singles in boxes (SE 1.2 at most; every "
                                        "minimal 4x4 puzzle was graded): ") +
                            band + (std::string(band) == "medium" ? " (1.5 < SE <= 2.5)" : " (2.5 < SE <= 4.0)") +
                            " cannot be made; ask for easy";
    CHECK(check_request(tough).error().to_string() == why);
    CHECK(generate_one(tough, 1).error().to_string() == why);
  }
  Request top;  // a range that still holds 1.2 is fine
  top.shape = {2, 2};
  top.rating = grader::RatingRange{1.2, 2.0, false};
  CHECK(check_request(top).ok());
}

TEST_CASE("a batch out of budget after some puzzles says how many it made, not how close the search came") {
  Request r;
  r.clues_min = r.clues_max = 17;
  r.budget_seconds = 0.3;
  Error ran_out;
  BatchOptions o = opts(1);
  o.out_of_budget = &ran_out;
  auto b = generate_batch(r, 1, 3, o);
  REQUIRE(b.ok());  // kept, not failed
  CHECK(b->empty());
  CHECK(ran_out.kind == ErrorKind::budget);
  CHECK(ran_out.to_string().find("best reached ") != std::string::npos);  // nothing made: how close it came
  CHECK(ran_out.to_string().find("(made 0 of 3 puzzles)") != std::string::npos);
}

TEST_CASE("batch grading fills the rating without a target; too few distinct small puzzles is an error") {
  Request r;
  BatchOptions o = opts(2);
  o.grade = true;
  auto b = generate_batch(r, 8, 4, o);
  REQUIRE(b.ok());
  for (const auto& p : *b) {
    CHECK(p.rating >= 1.0);
    CHECK_FALSE(p.label.empty());
  }
  Request tiny;
  tiny.shape = {2, 2};
  auto many = generate_batch(tiny, 1, 100, opts(2));
  REQUIRE_FALSE(many.ok());
  CHECK(many.error().to_string() ==
        "only 36 distinct puzzles found for 4x4 (then 2,000 duplicates in a row): ask for fewer puzzles or a wider "
        "request, e.g. more clues");
}
