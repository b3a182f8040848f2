// Variant boards (x, hyper): the board tables, generation checked against an independent counter,
// canonical forms and the requests that are refused.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/puzzle_store.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "solver/solver.hpp"
#include "solver_naive.hpp"

using namespace gp;

namespace {

// The units of a variant written out from its definition, sharing nothing with core's board.
std::vector<std::vector<int>> units_by_hand(Shape s, Variant v) {
  const int n = s.n();
  std::vector<std::vector<int>> units = naive::line_units(n);
  for (int top = 0; top < n; top += s.box_rows)
    for (int left = 0; left < n; left += s.box_cols) {
      units.emplace_back();
      for (int r = top; r < top + s.box_rows; ++r)
        for (int c = left; c < left + s.box_cols; ++c) units.back().push_back(r * n + c);
    }
  if (v == Variant::kX) {
    units.emplace_back();
    units.emplace_back();
    for (int i = 0; i < n; ++i) {
      units[units.size() - 2].push_back(i * n + i);
      units.back().push_back(i * n + (n - 1 - i));
    }
  }
  if (v == Variant::kHyper)
    for (int top : {1, 5})
      for (int left : {1, 5}) {
        units.emplace_back();
        for (int r = top; r < top + 3; ++r)
          for (int c = left; c < left + 3; ++c) units.back().push_back(r * 9 + c);
      }
  return units;
}

int count_by_hand(const Grid& g, Variant v, int limit = 2) { return naive::count_units(g, units_by_hand(g.shape, v), limit); }

std::shared_ptr<const Board> board(Shape s, Variant v) { return variant_board(s, v).value(); }

}  // namespace

TEST_CASE("variant names and sizes", "[variant]") {
  CHECK(parse_variant("x").value() == Variant::kX);
  CHECK(parse_variant("hyper").value() == Variant::kHyper);
  CHECK(parse_variant("classic").value() == Variant::kClassic);
  CHECK(parse_variant("hypr").error().to_string() ==
        "unknown variant 'hypr' (expected classic, x, hyper, jigsaw, samurai, killer, even-odd, thermo, arrow, "
        "greater-than, consecutive, kropki, non-consecutive, anti-knight, anti-king, sandwich, futoshiki or kenken); did "
        "you mean 'hyper'?");
  CHECK(parse_variant("killer").value() == Variant::kKiller);
  CHECK(parse_variant("samurai").value() == Variant::kSamurai);
  CHECK(variant_size_problem(Variant::kX, Shape{2, 3}).empty());
  CHECK(variant_size_problem(Variant::kHyper, Shape{3, 3}).empty());
  CHECK(variant_board(Shape{2, 3}, Variant::kHyper).error().to_string() ==
        "hyper needs a 9x9 grid with 3x3 boxes (its four extra windows are 3x3 and sit between the boxes), not 6x6");
}

TEST_CASE("variant boards list their units as data", "[variant]") {
  for (Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{4, 4}}) {
    const auto x = board(s, Variant::kX);
    const auto hand = units_by_hand(s, Variant::kX);
    REQUIRE(x->units == hand);
    CHECK(x->kinds.back() == UnitKind::kDiagonal);
    CHECK(x->has_extras());
    CHECK(!classic_board(s).has_extras());
  }
  const auto h = board(Shape{3, 3}, Variant::kHyper);
  CHECK(h->units == units_by_hand(Shape{3, 3}, Variant::kHyper));
  CHECK(h->unit_name(28) == "window 2");
  CHECK(h->extra_of[10] == std::vector<int>{27});  // r2c2 is in the top-left window
  CHECK(h->peers[10].size() == 20 + 3);           // the window adds r3c4, r4c3 and r4c4
  const auto x9 = board(Shape{3, 3}, Variant::kX);
  CHECK(x9->peers[40].size() == 20 + 12);  // the centre is on both diagonals
  CHECK(x9->unit_name(28) == "diagonal 2");
  // The rules are checked on every unit.
  Grid g(x9);
  g.set(0, 0, 5);
  g.set(8, 8, 5);
  CHECK(check_givens(g).error().to_string() == "digit 5 twice in diagonal 1");
  Grid classic(Shape{3, 3});
  classic.cells = g.cells;
  CHECK(check_givens(classic).ok());
  CHECK(!(classic == g));
}

TEST_CASE("generated x and hyper puzzles have one solution under their own rules", "[variant][generator]") {
  struct Case {
    Shape shape;
    Variant variant;
    std::string symmetry;
    int count;
  };
  for (const Case& k : {Case{{2, 2}, Variant::kX, "none", 4}, Case{{2, 3}, Variant::kX, "rotate180", 6},
                        Case{{2, 4}, Variant::kX, "none", 3}, Case{{3, 3}, Variant::kX, "none", 8},
                        Case{{3, 3}, Variant::kHyper, "rotate180", 8}}) {
    gen::Request r;
    r.shape = k.shape;
    r.variant = k.variant;
    r.symmetry = k.symmetry;
    auto batch = gen::generate_batch(r, 11, k.count);
    REQUIRE(batch.ok());
    for (const Puzzle& p : *batch) {
      INFO(format_line(p.givens) << " " << variant_name(k.variant));
      REQUIRE(p.givens.variant() == k.variant);
      REQUIRE(p.solution.complete());
      CHECK(count_by_hand(p.solution, k.variant) == 1);  // the solution keeps every unit
      for (int c = 0; c < p.givens.size(); ++c)
        if (p.givens.cells[static_cast<size_t>(c)]) CHECK(p.givens.cells[static_cast<size_t>(c)] == p.solution.cells[static_cast<size_t>(c)]);
      CHECK(count_by_hand(p.givens, k.variant) == 1);
      CHECK(solver::count_solutions(p.givens, 2) == 1);
      CHECK(p.canonical.rfind(std::string(variant_name(k.variant)) + ":", 0) == 0);
      CHECK(p.rating < 0);  // not graded: no difficulty target and BatchOptions::grade off
    }
  }
}

TEST_CASE("the puzzle store keeps each puzzle's board", "[variant][core]") {
  gen::Request r;
  r.variant = Variant::kHyper;
  auto hyper = gen::generate_one(r, 1);
  r.variant = Variant::kClassic;
  auto classic = gen::generate_one(r, 1);
  REQUIRE(hyper.ok());
  REQUIRE(classic.ok());
  PuzzleStore store;
  store.add(*hyper);
  store.add(*classic);
  store.add(*hyper);
  CHECK(store.get(0).givens == hyper->givens);
  CHECK(store.get(0).solution.variant() == Variant::kHyper);
  CHECK(store.get(1).givens.variant() == Variant::kClassic);
  CHECK(store.get(2).givens.board == hyper->givens.board);
}

TEST_CASE("variant puzzles need their extra units to be unique", "[variant][solver]") {
  gen::Request r;
  r.variant = Variant::kX;
  r.minimal = true;
  auto p = gen::generate_one(r, 5);
  REQUIRE(p.ok());
  Grid plain(Shape{3, 3});
  plain.cells = p->givens.cells;
  // A minimal X puzzle has fewer clues than classic rules can pin down (at most a few slip through).
  CHECK(count_by_hand(plain, Variant::kClassic) == 2);
  CHECK(solver::count_solutions(plain, 2) == 2);
  CHECK(gen::is_minimal(p->givens));
}

TEST_CASE("variant canonical forms keep only the variant's symmetries", "[variant][canonical]") {
  gen::Request r;
  r.variant = Variant::kHyper;
  auto p = gen::generate_one(r, 3);
  REQUIRE(p.ok());
  const Grid& g = p->givens;
  // Rotated a quarter turn and relabelled (v -> 10 - v): the same puzzle.
  Grid t(g.board);
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; ++col)
      if (const int v = g.at(row, col)) t.set(col, 8 - row, 10 - v);
  CHECK(solver::count_solutions(t, 2) == 1);
  CHECK(gen::canonical_form(t) == p->canonical);
  // Swapping two bands keeps a classic puzzle's class but not a hyper puzzle's.
  Grid swapped(g.board);
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; ++col) swapped.set((row + 3) % 9, col, g.at(row, col));
  CHECK(gen::canonical_form(swapped) != p->canonical);
  Grid classic(Shape{3, 3}), classic_swapped(Shape{3, 3});
  classic.cells = g.cells;
  classic_swapped.cells = swapped.cells;
  CHECK(gen::canonical_form(classic) == gen::canonical_form(classic_swapped));
}

TEST_CASE("variant requests that cannot work are refused with the reason", "[variant][generator]") {
  gen::Request r;
  r.variant = Variant::kHyper;
  r.shape = Shape{2, 3};
  CHECK(gen::check_request(r).error().to_string() ==
        "hyper needs a 9x9 grid with 3x3 boxes (its four extra windows are 3x3 and sit between the boxes), not 6x6");
  r.shape = Shape{3, 3};
  r.fill = "pattern";
  CHECK(gen::check_request(r).error().to_string() ==
        "fill 'pattern' is for classic Sudoku only (its grids ignore the hyper units): use fill random");
  r.fill = "random";
  r.rating = grader::band_range("hard").value();
  CHECK(gen::check_request(r).ok());  // variants are rated under their own rules
  r.rating.reset();
  CHECK(gen::check_request(r).ok());
  CHECK(gen::describe(r) == "9x9 hyper");
}
