// Even-odd puzzles (ParityRule): generated puzzles certified by an independent counter written
// here (plain backtracking over rows, columns, boxes and parity marks; it shares no code with the
// solver, the grader or the rule's own check), minimal in both givens and marks, graded on a path
// the solution never refutes, with a canonical form that the parity-keeping relabellings and the
// square's symmetries do not change, and read back through the board codec.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "codec/board_codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer seeds of each size
// and band (every size and band still once at least): the counter and the generator run about ten
// times slower there, and this test took 160 s of it.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// The independent counter: n x n cells with boxes of br x bc, givens 0..n, marks 'E', 'O', '.'.
// Bitmask backtracking on the cell with the fewest candidates; nothing from src/ but the data.
struct Counter {
  int n, br, bc;
  std::vector<int> cells;
  std::string marks;

  int candidates(int c) const {
    const int r = c / n, col = c % n;
    int used = 0;
    for (int k = 0; k < n; ++k) {
      used |= 1 << cells[static_cast<size_t>(r * n + k)];
      used |= 1 << cells[static_cast<size_t>(k * n + col)];
    }
    const int r0 = r / br * br, c0 = col / bc * bc;
    for (int i = 0; i < br; ++i)
      for (int j = 0; j < bc; ++j) used |= 1 << cells[static_cast<size_t>((r0 + i) * n + c0 + j)];
    int free = 0;
    for (int v = 1; v <= n; ++v) {
      if (used & (1 << v)) continue;
      if (marks[static_cast<size_t>(c)] == 'E' && v % 2 == 1) continue;
      if (marks[static_cast<size_t>(c)] == 'O' && v % 2 == 0) continue;
      free |= 1 << v;
    }
    return free;
  }

  // Solutions up to `limit`.
  int count(int limit) {
    int best = -1, best_free = 0, best_k = 99;
    for (int c = 0; c < n * n; ++c) {
      if (cells[static_cast<size_t>(c)]) continue;
      const int free = candidates(c);
      int k = 0;
      for (int v = 1; v <= n; ++v) k += (free >> v) & 1;
      if (k < best_k) best = c, best_free = free, best_k = k;
      if (k == 0) return 0;
    }
    if (best < 0) return 1;
    int found = 0;
    for (int v = 1; v <= n && found < limit; ++v) {
      if (!(best_free & (1 << v))) continue;
      cells[static_cast<size_t>(best)] = v;
      found += count(limit - found);
      cells[static_cast<size_t>(best)] = 0;
    }
    return found;
  }

  // Whether the givens and the marks are consistent with each other and the units.
  bool consistent() const {
    for (int c = 0; c < n * n; ++c) {
      const int v = cells[static_cast<size_t>(c)];
      if (!v) continue;
      if (marks[static_cast<size_t>(c)] == 'E' && v % 2) return false;
      if (marks[static_cast<size_t>(c)] == 'O' && v % 2 == 0) return false;
    }
    return true;
  }
};

Counter counter_of(const Grid& g, const std::string& marks) {
  Counter k{g.n(), g.shape.box_rows, g.shape.box_cols, {}, marks};
  for (auto v : g.cells) k.cells.push_back(v);
  return k;
}

gen::Request even_odd(Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kEvenOdd;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

const std::string& marks_of(const Grid& g) {
  const ParityRule* rule = g.board->rule<ParityRule>();
  REQUIRE(rule);
  return rule->marks;
}

// The puzzle `g` with the marks `marks`.
Grid with_marks(const Grid& g, const std::string& marks) {
  auto rule = make_parity_rule(g.shape, marks);
  REQUIRE(rule);
  Grid out = g;
  out.board = with_rules(classic_board(g.shape), Variant::kEvenOdd, {*rule});
  return out;
}

// The certification of one generated puzzle by the independent counter: one solution, the
// generator's; every mark agrees with it; taking away any given or any mark gives a second one
// (with `cap`, a difficulty's top: a second one, or the grader needs a step rated above the cap).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  const std::string& marks = marks_of(p.givens);
  INFO(p.givens.shape.name() << " " << codec::line_tokens(p.givens.board.get()));
  Counter k = counter_of(p.givens, marks);
  REQUIRE(k.consistent());
  REQUIRE(k.count(2) == 1);
  for (int c = 0; c < p.givens.size(); ++c) {
    const int v = p.solution.cells[static_cast<size_t>(c)];
    if (p.givens.cells[static_cast<size_t>(c)]) CHECK(p.givens.cells[static_cast<size_t>(c)] == v);
    if (marks[static_cast<size_t>(c)] == 'E') CHECK(v % 2 == 0);
    if (marks[static_cast<size_t>(c)] == 'O') CHECK(v % 2 == 1);
  }
  // The counter's one solution is the generator's.
  Counter solved = counter_of(p.solution, marks);
  CHECK(solved.consistent());
  for (int c = 0; c < p.givens.size(); ++c) {
    Counter less = k;
    if (less.cells[static_cast<size_t>(c)]) {
      INFO("given at cell " << c);
      less.cells[static_cast<size_t>(c)] = 0;
      if (!cap) {
        CHECK(less.count(2) == 2);
      } else if (less.count(2) == 1) {
        Grid g = p.givens;
        g.cells[static_cast<size_t>(c)] = 0;
        CHECK_FALSE(grader::verdict(g, *cap).solved);
      }
    }
    if (marks[static_cast<size_t>(c)] != '.') {
      INFO("mark at cell " << c);
      less = k;
      less.marks[static_cast<size_t>(c)] = '.';
      if (!cap) {
        CHECK(less.count(2) == 2);
      } else if (less.count(2) == 1) {
        CHECK_FALSE(grader::verdict(with_marks(p.givens, less.marks), *cap).solved);
      }
    }
  }
}

}  // namespace

TEST_CASE("even-odd puzzles of every size are unique and minimal by an independent count", "[even-odd]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{2, 4}, Shape{3, 3}}) {
    const std::uint64_t seeds = shape.n() == 9 ? (kSanitized ? 1u : 4u) : (kSanitized ? 2u : 8u);
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      auto p = gen::generate_one(even_odd(shape), seed);
      REQUIRE(p);
      CHECK(p->givens.variant() == Variant::kEvenOdd);
      CHECK(p->solution.board == p->givens.board);
      CHECK(solver::is_unique(p->givens));
      certify(*p);
    }
  }
}

TEST_CASE("even-odd puzzles in each band are certified, minimal within the band's top, rated in it, on a sound path",
          "[even-odd]") {
  for (const char* band : {"easy", "medium", "hard"}) {
    for (std::uint64_t seed = 1; seed <= (kSanitized ? 1u : 2u); ++seed) {
      auto p = gen::generate_one(even_odd(Shape{3, 3}, band), seed);
      REQUIRE(p);
      INFO(band << " seed " << seed);
      const grader::Bands bands;
      certify(*p, grader::band_range(band, bands)->hi);
      CHECK(p->label == band);
      grader::GradeOptions go;
      go.record_path = true;
      go.check_against = &p->solution;
      const grader::Grade g = grader::grade(p->givens, go);
      CHECK(g.unique);
      CHECK(g.solved);
      CHECK(g.wrong_step.empty());
      CHECK_FALSE(g.used_uniqueness);
      CHECK(g.rating == Approx(p->rating));
      REQUIRE_FALSE(g.path.empty());
      CHECK(g.path.front().technique == "Parity marks");
      for (const auto& step : g.path) CHECK(step.technique.find("nique") == std::string::npos);
    }
  }
}

TEST_CASE("the parity count is sound and found where the marks fill a unit's evens", "[even-odd]") {
  // 4x4: row 1 marked E E . . (its two even digits placed by the marks): r1c3 and r1c4 are odd.
  auto rule = make_parity_rule(Shape{2, 2}, "EE..............");
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kEvenOdd, {*rule}));
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  const grader::Grade grade = grader::grade(g, go);
  bool counted = false;
  for (const auto& step : grade.path)
    if (step.technique == "Parity count") {
      counted = true;
      for (const auto& e : step.eliminations)
        if (e.cell == 2 || e.cell == 3) CHECK(e.value % 2 == 0);
      break;
    }
  CHECK(counted);
}

TEST_CASE("even-odd canonical forms ignore the square's symmetries and parity-keeping relabellings", "[even-odd]") {
  auto p = gen::generate_one(even_odd(Shape{3, 3}), 7);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("even-odd:", 0) == 0);
  const std::string& marks = marks_of(p->givens);
  // Transposed, then the evens and odds each permuted among themselves (2->8->4->6->2, 1->9->3->7->5->1).
  const int relabel[10] = {0, 9, 8, 7, 6, 1, 2, 5, 4, 3};
  const std::vector<int> to = square_image(9, 1);
  Grid moved(p->givens.shape);
  std::string moved_marks(81, '.');
  for (int c = 0; c < 81; ++c) {
    moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = static_cast<std::uint8_t>(relabel[p->givens.cells[static_cast<size_t>(c)]]);
    moved_marks[static_cast<size_t>(to[static_cast<size_t>(c)])] = marks[static_cast<size_t>(c)];
  }
  auto rule = make_parity_rule(Shape{3, 3}, moved_marks);
  REQUIRE(rule);
  moved.board = with_rules(classic_board(Shape{3, 3}), Variant::kEvenOdd, {*rule});
  CHECK(solver::is_unique(moved));
  CHECK(gen::canonical_form(moved) == form);
  // A relabelling that swaps parities (1 <-> 2) is another puzzle: the marks no longer fit.
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
}

TEST_CASE("even-odd puzzles read back from the line, JSON and CSV forms; bad marks are refused", "[even-odd]") {
  auto p = gen::generate_one(even_odd(Shape{2, 3}), 3);
  REQUIRE(p);
  const std::string marks = marks_of(p->givens);
  auto fields = codec::fields(p->givens);
  REQUIRE(fields.size() == 1);
  CHECK(fields[0].key == "parity");
  CHECK(fields[0].token == marks);
  CHECK(codec::json_value(p->givens.board.get(), "parity") == marks);
  auto token = codec::token_from_json("parity", nlohmann::json(marks));
  REQUIRE(token);
  auto board = codec::board_from_token(Shape{2, 3}, "parity", *token);
  REQUIRE(board);
  CHECK((*board)->variant == Variant::kEvenOdd);
  CHECK(*(*board)->rule<ParityRule>() == *p->givens.board->rule<ParityRule>());
  CHECK(codec::keys_of(Variant::kEvenOdd) == std::vector<std::string_view>{"parity"});

  auto bad = [](std::string_view text, Shape shape = Shape{2, 2}) {
    auto b = codec::board_from_token(shape, "parity", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("EO.") == "even-odd parity: 3 marks, expected 16 (one per cell of the 4x4 grid: E even, O odd, . none)");
  CHECK(bad("EOX.............") == "even-odd parity: 'X' at r1c3 is not a mark (E even, O odd, . none)");
  CHECK(bad("EEE.............") == "even-odd parity: row 1 has 3 cells marked even; 1 to 4 hold only 2 even digits");
  CHECK(bad(std::string(256, '.'), *standard_shape(16)).find("even-odd parity: even-odd puzzles are 4x4 to 9x9") == 0);
  CHECK_FALSE(codec::token_from_json("parity", nlohmann::json::array()));
}
