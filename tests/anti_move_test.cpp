// Anti-knight and anti-king puzzles (MoveRule): generated puzzles certified by an independent
// counter (tests/brute_count.hpp: units as cell lists, the move a predicate written here from the
// rule's words), minimal when asked, graded on a path the solution never
// refutes (pointing through the move included), with canonical forms the square's symmetries and
// relabellings do not change, read back from JSON, and sizes the rule cannot have refused.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "core/variants.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "input/puzzle_reader.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer puzzles: the
// independent counter's plain backtracking runs about ten times slower there.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// "No equal digits a knight's move apart": two cells whose rows differ by 1 and columns by 2, or
// rows by 2 and columns by 1. "...a king's diagonal step apart": rows and columns both differ by 1.
bool knight_apart(int n, int a, int b) {
  const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
  return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}
bool king_apart(int n, int a, int b) {
  return std::abs(a / n - b / n) == 1 && std::abs(a % n - b % n) == 1;
}

// The counter's problem for a puzzle of `shape` under the move of `variant`: rows, columns, boxes,
// and no cell equal to one a move away (checked on the cell just set).
brute::Problem problem_for(Shape shape, Variant variant) {
  const int n = shape.n();
  brute::Problem p{n, n * n, brute::sudoku_units(shape.box_rows, shape.box_cols), {}};
  const bool knight = variant == Variant::kAntiKnight;
  p.checks.push_back([n, knight](const std::vector<int>& cells, int cell) {
    for (int o = 0; o < n * n; ++o)
      if (o != cell && cells[static_cast<size_t>(o)] == cells[static_cast<size_t>(cell)] &&
          (knight ? knight_apart(n, cell, o) : king_apart(n, cell, o)))
        return false;
    return true;
  });
  return p;
}

// Solutions of `givens` up to `limit`; the first in `first` when given.
int count(Shape shape, Variant variant, const std::vector<int>& givens, int limit, std::vector<int>* first = nullptr) {
  brute::Counter k(problem_for(shape, variant), givens);
  const int found = k.count(limit);
  if (first) *first = k.first();
  return found;
}

// Whether a full grid keeps every unit and the move.
bool holds(Shape shape, Variant variant, const std::vector<int>& grid) {
  return brute::Counter(problem_for(shape, variant), grid).consistent();
}

std::vector<int> ints(const Grid& g) { return {g.cells.begin(), g.cells.end()}; }

gen::Request anti(Variant v, Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = v;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

}  // namespace

TEST_CASE("anti-knight and anti-king puzzles of every size are unique and minimal by an independent count",
          "[anti-move]") {
  for (Variant v : {Variant::kAntiKnight, Variant::kAntiKing})
    for (Shape shape : {Shape{2, 3}, Shape{2, 4}, Shape{3, 3}}) {
      if (kSanitized && shape.n() >= 8) continue;  // the counter on 8x8 and 9x9 takes minutes under ASan
      if (shape.n() == 8 && v == Variant::kAntiKing) continue;  // 8x8: one of the two (test time)
      for (std::uint64_t seed = 1; seed <= 1; ++seed) {
        gen::Request r = anti(v, shape);
        r.minimal = true;
        auto p = gen::generate_one(r, seed);
        REQUIRE(p);
        INFO(variant_name(v) << " " << shape.name() << " seed " << seed);
        CHECK(p->givens.variant() == v);
        // The solution keeps the rule (the predicate on the full grid), the givens are its digits.
        CHECK(holds(shape, v, ints(p->solution)));
        for (int c = 0; c < p->givens.size(); ++c)
          if (p->givens.cells[static_cast<size_t>(c)])
            CHECK(p->givens.cells[static_cast<size_t>(c)] == p->solution.cells[static_cast<size_t>(c)]);
        std::vector<int> found;
        REQUIRE(count(shape, v, ints(p->givens), 2, &found) == 1);
        CHECK(found == ints(p->solution));
        // Minimal: any given taken away leaves a second solution.
        for (int c = 0; c < p->givens.size(); ++c) {
          if (!p->givens.cells[static_cast<size_t>(c)]) continue;
          auto less = ints(p->givens);
          less[static_cast<size_t>(c)] = 0;
          INFO("given at cell " << c);
          CHECK(count(shape, v, less, 2) == 2);
        }
      }
    }
}

TEST_CASE("anti-knight and anti-king puzzles in each band are rated in it on a sound path", "[anti-move]") {
  int pointing = 0;
  for (Variant v : {Variant::kAntiKnight, Variant::kAntiKing})
    for (const char* band : {"easy", "hard"})
      for (std::uint64_t seed = 1; seed <= 1; ++seed) {
        if (kSanitized && std::string(band) != "easy") continue;
        auto p = gen::generate_one(anti(v, Shape{3, 3}, band), seed);
        REQUIRE(p);
        INFO(variant_name(v) << " " << band << " seed " << seed);
        CHECK(p->label == band);
        CHECK(count(Shape{3, 3}, v, ints(p->givens), 2) == 1);
        grader::GradeOptions go;
        go.record_path = true;
        go.check_against = &p->solution;
        const grader::Grade g = grader::grade(p->givens, go);
        CHECK(g.unique);
        CHECK(g.solved);
        CHECK(g.wrong_step.empty());
        CHECK_FALSE(g.used_uniqueness);
        CHECK(g.rating == Approx(p->rating));
        for (const auto& step : g.path) {
          CHECK(step.technique.find("nique") == std::string::npos);
          CHECK(step.technique != "BUG");
          pointing += step.technique.find("pointing") != std::string::npos && step.technique.rfind("Anti-", 0) == 0;
        }
      }
  if (!kSanitized) CHECK(pointing > 0);  // the rule's own rung is used (on the hard puzzles: not in the sanitizer build)
}

TEST_CASE("anti-knight canonical forms ignore the square's symmetries and relabellings", "[anti-move]") {
  for (Variant v : {Variant::kAntiKnight, Variant::kAntiKing}) {
    auto p = gen::generate_one(anti(v, Shape{3, 3}), 5);
    REQUIRE(p);
    const std::string form = gen::canonical_form(p->givens);
    CHECK(form.rfind(std::string(variant_name(v)) + ":", 0) == 0);
    CHECK(form.find("knight") == form.rfind("knight"));  // the name only, no data after it
    for (int t = 1; t < 8; ++t) {
      const std::vector<int> to = square_image(9, t);
      Grid moved(p->givens.board);
      for (int c = 0; c < 81; ++c)
        moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] =
            static_cast<std::uint8_t>(p->givens.cells[static_cast<size_t>(c)] ? 10 - p->givens.cells[static_cast<size_t>(c)] : 0);
      INFO(variant_name(v) << " symmetry " << t);
      // The moved puzzle is still unique under the rule (a count of minutes under ASan: the
      // optimised build only).
      if (!kSanitized) CHECK(count(Shape{3, 3}, v, ints(moved), 2) == 1);
      CHECK(gen::canonical_form(moved) == form);
    }
  }
}

TEST_CASE("anti-knight and anti-king puzzles read back from JSON; sizes the move cannot have are refused",
          "[anti-move]") {
  auto p = gen::generate_one(anti(Variant::kAntiKing, Shape{3, 3}), 2);
  REQUIRE(p);
  CHECK(codec::fields(p->givens).empty());  // no per-puzzle data
  std::string puzzle;
  for (auto v : p->givens.cells) puzzle += v ? char('0' + v) : '.';
  std::istringstream in("{\"puzzles\": [{\"puzzle\": \"" + puzzle + "\", \"variant\": \"anti-king\"}]}");
  input::PuzzleReader reader(in, "in.json");
  auto item = reader.next();
  REQUIRE(item);
  REQUIRE(item->grid);
  CHECK(item->grid->variant() == Variant::kAntiKing);
  CHECK(solver::count_solutions(*item->grid, 2) == 1);
  CHECK(variant_size_problem(Variant::kAntiKnight, Shape{2, 2}).rfind("anti-knight puzzles are 6x6 to 9x9", 0) == 0);
  CHECK(variant_size_problem(Variant::kAntiKing, *standard_shape(12)).rfind("anti-king puzzles are 6x6 to 9x9", 0) == 0);
  CHECK(variant_size_problem(Variant::kAntiKing, Shape{2, 4}).empty());
  auto bad = parse_rule("", "bishop", Shape{3, 3});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().to_string() == "move: 'bishop' is no move (knight or king)");
}
