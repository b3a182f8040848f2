// Greater-than puzzles (InequalityRule): generated puzzles certified by an independent counter
// written here (plain backtracking over rows, columns, boxes and signs; it shares no code with the
// solver, the grader or the rule's own check), every sign of every box from the solution, minimal
// in givens, graded on a path the solution never refutes, with a canonical form that the square's
// symmetries and the reversal v -> n+1-v (signs turned round) do not change, read back through the
// board codec, and bad signs refused with the place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
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
// times slower there, and this test took 178 s of it.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// The independent counter: n x n cells with boxes of br x bc (br = 0: no boxes, a Latin square),
// givens 0..n, signs {greater, smaller}. Backtracking on the empty cell with the fewest digits
// left; a digit must differ from its row, column and box and agree with every sign whose other
// cell is filled.
struct Counter {
  int n, br, bc;
  std::vector<int> cells;
  std::vector<std::array<int, 2>> signs;
  std::vector<std::vector<std::pair<int, bool>>> by_cell;  // per cell: (other cell, this one is greater)
  // Per cell: the most cells a chain of signs goes down from it (its digit is above that many
  // digits) and up from it.
  std::vector<int> below, above;

  int chain(int c, bool down, std::vector<int>& memo) const {
    int& m = memo[static_cast<size_t>(c)];
    if (m >= 0) return m;
    m = 0;
    for (const auto& [o, greater] : by_cell[static_cast<size_t>(c)])
      if (greater == down) m = std::max(m, 1 + chain(o, down, memo));
    return m;
  }

  void index() {
    by_cell.assign(static_cast<size_t>(n * n), {});
    for (const auto& s : signs) {
      by_cell[static_cast<size_t>(s[0])].push_back({s[1], true});
      by_cell[static_cast<size_t>(s[1])].push_back({s[0], false});
    }
    below.assign(static_cast<size_t>(n * n), -1);
    above.assign(static_cast<size_t>(n * n), -1);
    for (int c = 0; c < n * n; ++c) {
      chain(c, true, below);
      chain(c, false, above);
    }
  }

  bool fits(int c, int v) const {
    if (v <= below[static_cast<size_t>(c)] || v > n - above[static_cast<size_t>(c)]) return false;
    const int r = c / n, col = c % n;
    for (int k = 0; k < n; ++k) {
      if (k != col && cells[static_cast<size_t>(r * n + k)] == v) return false;
      if (k != r && cells[static_cast<size_t>(k * n + col)] == v) return false;
    }
    if (br) {
      const int r0 = r / br * br, c0 = col / bc * bc;
      for (int i = 0; i < br; ++i)
        for (int j = 0; j < bc; ++j) {
          const int o = (r0 + i) * n + c0 + j;
          if (o != c && cells[static_cast<size_t>(o)] == v) return false;
        }
    }
    for (const auto& [o, greater] : by_cell[static_cast<size_t>(c)]) {
      const int w = cells[static_cast<size_t>(o)];
      if (w && (greater ? v <= w : v >= w)) return false;
    }
    return true;
  }

  bool consistent() {
    index();
    for (int c = 0; c < n * n; ++c)
      if (cells[static_cast<size_t>(c)] && !fits(c, cells[static_cast<size_t>(c)])) return false;
    return true;
  }

  int count(int limit) {
    if (by_cell.empty()) index();
    int best = -1, best_k = n + 1;
    for (int c = 0; c < n * n && best_k > 1; ++c) {
      if (cells[static_cast<size_t>(c)]) continue;
      int k = 0;
      for (int v = 1; v <= n; ++v) k += fits(c, v);
      if (k == 0) return 0;
      if (k < best_k) best = c, best_k = k;
    }
    if (best < 0) return 1;
    int found = 0;
    for (int v = 1; v <= n && found < limit; ++v) {
      if (!fits(best, v)) continue;
      cells[static_cast<size_t>(best)] = v;
      found += count(limit - found);
      cells[static_cast<size_t>(best)] = 0;
    }
    return found;
  }
};

const InequalityRule& signs_of(const Grid& g) {
  const InequalityRule* rule = g.board->rule<InequalityRule>();
  REQUIRE(rule);
  return *rule;
}

Counter counter_of(const Grid& g, std::vector<std::array<int, 2>> signs) {
  Counter k{g.n(), g.shape.box_rows, g.shape.box_cols, {}, std::move(signs), {}, {}, {}};
  for (auto v : g.cells) k.cells.push_back(v);
  return k;
}

gen::Request greater_than(Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kGreaterThan;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

// The certification of one generated puzzle by the independent counter: one solution, the
// generator's; every sign agrees with it; every two neighbours of one box have their sign; taking
// away any given gives a second solution (with `cap`: a second one, or the grader needs a step
// rated above the cap).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  const auto& signs = signs_of(p.givens).signs;
  INFO(p.givens.shape.name() << " " << codec::line_tokens(p.givens.board.get()));
  Counter k = counter_of(p.givens, signs);
  REQUIRE(k.consistent());
  REQUIRE(k.count(2) == 1);
  Counter solved = counter_of(p.solution, signs);
  CHECK(solved.consistent());  // the counter's one solution is the generator's
  const int n = p.givens.n();
  for (const auto& s : signs) CHECK(p.solution.cells[static_cast<size_t>(s[0])] > p.solution.cells[static_cast<size_t>(s[1])]);
  // Every pair of neighbours inside one box, and no other, has a sign.
  int in_boxes = 0;
  const Shape sh = p.givens.shape;
  for (int c = 0; c < n * n; ++c) {
    if (c % n % sh.box_cols != sh.box_cols - 1) ++in_boxes;
    if (c / n % sh.box_rows != sh.box_rows - 1) ++in_boxes;
  }
  CHECK(static_cast<int>(signs.size()) == in_boxes);
  for (const auto& s : signs) {
    const int a = s[0], b = s[1];
    CHECK(a / n / sh.box_rows == b / n / sh.box_rows);
    CHECK(a % n / sh.box_cols == b % n / sh.box_cols);
  }
  for (int c = 0; c < p.givens.size(); ++c) {
    if (!p.givens.cells[static_cast<size_t>(c)]) continue;
    CHECK(p.givens.cells[static_cast<size_t>(c)] == p.solution.cells[static_cast<size_t>(c)]);
    INFO("given at cell " << c);
    Counter less = k;
    less.cells[static_cast<size_t>(c)] = 0;
    if (!cap) {
      CHECK(less.count(2) == 2);
    } else if (less.count(2) == 1) {
      Grid g = p.givens;
      g.cells[static_cast<size_t>(c)] = 0;
      CHECK_FALSE(grader::verdict(g, *cap).solved);
    }
  }
}

}  // namespace

TEST_CASE("greater-than puzzles of every size are unique and minimal by an independent count", "[greater-than]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{3, 3}}) {
    const std::uint64_t seeds = shape.n() >= 8 ? (kSanitized ? 1u : 2u) : (kSanitized ? 2u : 5u);
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      auto p = gen::generate_one(greater_than(shape), seed);
      REQUIRE(p);
      CHECK(p->givens.variant() == Variant::kGreaterThan);
      CHECK(p->solution.board == p->givens.board);
      CHECK(solver::is_unique(p->givens));
      certify(*p);
    }
  }
}

TEST_CASE("greater-than puzzles in each band are certified, minimal within the band's top, rated in it, on a sound path",
          "[greater-than]") {
  for (const char* band : {"easy", "medium", "hard"}) {
    for (std::uint64_t seed = 1; seed <= (kSanitized ? 1u : 2u); ++seed) {
      auto p = gen::generate_one(greater_than(Shape{3, 3}, band), seed);
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
      CHECK(g.path.front().technique == "Sign bounds");
      for (const auto& step : g.path) CHECK(step.technique.find("nique") == std::string::npos);
    }
  }
}

TEST_CASE("sign bounds follow chains, and a sign fork counts different digits", "[greater-than]") {
  // 4x4, row 1: r1c1 > r1c2 > r1c3 (a chain: r1c1 is 3 or 4, r1c3 is 1 or 2).
  auto chain = make_inequality_rule(Shape{2, 2}, {{0, 1}, {1, 2}});
  REQUIRE(chain);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kGreaterThan, {*chain}));
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  std::vector<int> r1c1, r1c3;
  for (const auto& step : grader::grade(g, go).path) {
    if (step.technique != "Sign bounds") break;
    for (const auto& e : step.eliminations) {
      if (e.cell == 0) r1c1.push_back(e.value);
      if (e.cell == 2) r1c3.push_back(e.value);
    }
  }
  std::sort(r1c1.begin(), r1c1.end());
  std::sort(r1c3.begin(), r1c3.end());
  CHECK(r1c1 == std::vector<int>{1, 2});
  CHECK(r1c3 == std::vector<int>{3, 4});
  // 6x6: r2c2 greater than r2c1 and r2c3 (one row, two different digits): at least 3, found by
  // the fork, not by the bounds (which give only 2).
  auto fork = make_inequality_rule(Shape{2, 3}, {{7, 6}, {7, 8}});
  REQUIRE(fork);
  Grid f(with_rules(classic_board(Shape{2, 3}), Variant::kGreaterThan, {*fork}));
  bool forked = false;
  for (const auto& step : grader::grade(f, go).path)
    if (step.technique == "Sign fork") {
      forked = true;
      for (const auto& e : step.eliminations) {
        CHECK(e.cell == 7);
        CHECK(e.value == 2);
      }
      break;
    }
  CHECK(forked);
}

TEST_CASE("greater-than canonical forms ignore the square's symmetries and the reversal with signs turned round",
          "[greater-than]") {
  auto p = gen::generate_one(greater_than(Shape{3, 3}), 7);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("greater-than:", 0) == 0);
  const auto& signs = signs_of(p->givens).signs;
  // Transposed and reversed (v -> 10 - v), every sign turned round.
  const std::vector<int> to = square_image(9, 1);
  Grid moved(p->givens.shape);
  std::vector<std::array<int, 2>> moved_signs;
  for (int c = 0; c < 81; ++c) {
    const int v = p->givens.cells[static_cast<size_t>(c)];
    moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = static_cast<std::uint8_t>(v ? 10 - v : 0);
  }
  for (const auto& s : signs) moved_signs.push_back({to[static_cast<size_t>(s[1])], to[static_cast<size_t>(s[0])]});
  auto rule = make_inequality_rule(Shape{3, 3}, moved_signs);
  REQUIRE(rule);
  moved.board = with_rules(classic_board(Shape{3, 3}), Variant::kGreaterThan, {*rule});
  CHECK(solver::is_unique(moved));
  CHECK(gen::canonical_form(moved) == form);
  // The reversal with the signs left as they are is another puzzle (here: no solution at all
  // when a given is reversed against its sign; the form differs in any case).
  Grid unturned = moved;
  auto kept = make_inequality_rule(Shape{3, 3}, [&] {
    std::vector<std::array<int, 2>> out;
    for (const auto& s : signs) out.push_back({to[static_cast<size_t>(s[0])], to[static_cast<size_t>(s[1])]});
    return out;
  }());
  REQUIRE(kept);
  unturned.board = with_rules(classic_board(Shape{3, 3}), Variant::kGreaterThan, {*kept});
  CHECK(gen::canonical_form(unturned) != form);
  // Another relabelling (1 <-> 2) is another puzzle.
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
}

TEST_CASE("greater-than puzzles read back from the line, JSON and CSV forms; bad signs are refused", "[greater-than]") {
  auto p = gen::generate_one(greater_than(Shape{2, 3}), 3);
  REQUIRE(p);
  const auto& rule = signs_of(p->givens);
  auto fields = codec::fields(p->givens.board.get());
  REQUIRE(fields.size() == 1);
  CHECK(fields[0].key == "inequalities");
  CHECK(fields[0].token == format_signs(rule.signs));
  const auto json = codec::json_value(p->givens.board.get(), "inequalities");
  REQUIRE(json.is_array());
  CHECK(json.size() == rule.signs.size());
  CHECK(json[0][0] == rule.signs[0][0]);
  auto token = codec::token_from_json("inequalities", nlohmann::json::parse(json.dump()));
  REQUIRE(token);
  auto board = codec::board_from_token(Shape{2, 3}, "inequalities", *token);
  REQUIRE(board);
  CHECK((*board)->variant == Variant::kGreaterThan);
  CHECK(*(*board)->rule<InequalityRule>() == rule);
  CHECK(codec::keys_of(Variant::kGreaterThan) == std::vector<std::string_view>{"inequalities"});

  auto bad = [](std::string_view text, Shape shape = Shape{2, 2}) {
    auto b = codec::board_from_token(shape, "inequalities", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("0>5") == "greater-than inequalities: sign 1 (r1c1 > r2c2): the cells are not side by side (a sign stands "
                      "between two neighbours)");
  CHECK(bad("0>1;1>0") == "greater-than inequalities: sign 2 (r1c2 > r1c1): cells r1c1 and r1c2 already have sign 1");
  CHECK(bad("0>1;1>5;5>4;4>0") ==
        "greater-than inequalities: the signs r1c1 > r1c2 > r2c2 > r2c1 > r1c1 go round in a circle (no digits can "
        "follow them)");
  CHECK(bad("0>16") == "greater-than inequalities: sign 1: cell 16 is outside the 4x4 grid");
  CHECK(bad("0<1") == "greater-than inequalities: sign 1 ('0<1'): expected CELL>CELL (cells row-major from 0)");
  CHECK(bad("0>1", *standard_shape(12)).find("greater-than inequalities: greater-than puzzles are 4x4 to 9x9") == 0);
  CHECK_FALSE(codec::token_from_json("inequalities", nlohmann::json::parse("[[0, 1, 2]]")));
  CHECK_FALSE(codec::token_from_json("inequalities", nlohmann::json::parse("{\"a\": 1}")));
  // A given against a sign is refused by the board's check.
  Grid g = p->givens;
  const auto s = rule.signs.front();
  g.cells[static_cast<size_t>(s[0])] = 1;
  g.cells[static_cast<size_t>(s[1])] = 0;
  auto st = check_givens(g);
  REQUIRE_FALSE(st);
  CHECK(st.error().to_string().find("digit 1 at ") == 0);
}
