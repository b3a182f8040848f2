// Dot puzzles (DotRule: consecutive and kropki): generated puzzles certified by an independent
// counter (plain backtracking over rows, columns, boxes and the rule's words as a predicate on the
// pairs of orthogonal neighbours; it shares no code with the solver, the grader or the rule's own
// check), their dots exactly the solution's, minimal in their givens, graded on a path the solution
// never refutes, with canonical forms that the square's symmetries (and, consecutive, the reversal
// v -> n+1-v) do not change, read back through the board codec, and bad dots refused.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The test's size: the independent counter's plain backtracking is slow on sparse 9x9 grids (every
// given taken away is a count), so 9x9 certification is kept to a few band puzzles (easy, medium),
// and the sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED), where it runs about ten
// times slower, certifies 4x4 and 6x6 ones and one 9x9 band.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// The rule in its own words, per pair of orthogonal neighbours (r1 c1, r2 c2) holding x and y:
// kind 'w' (a white dot: they differ by 1), 'b' (a black dot: one is double the other), '.' (no
// dot: on a consecutive puzzle they do not differ by 1; on a kropki one, neither relation holds).
bool pair_ok(char kind, bool kropki, int x, int y) {
  const bool one_apart = x == y + 1 || y == x + 1;
  const bool doubled = x == 2 * y || y == 2 * x;
  if (kind == 'w') return one_apart;
  if (kind == 'b') return doubled;
  return !one_apart && !(kropki && doubled);
}

// The independent counter (tests/brute_count.hpp): rows, columns and boxes as cell lists, and the
// rule as a predicate from its words: per cell, the kind of its edge to the right and below ('w',
// 'b', '.'), each pair of filled neighbours checked by pair_ok. Nothing from src/ but the data.
struct Dots {
  int n, br, bc;
  bool kropki;
  std::vector<char> right, down;  // per cell

  brute::Problem problem() const {
    brute::Problem p{n, n * n, brute::sudoku_units(br, bc), {}};
    const Dots d = *this;
    p.checks.push_back([d](const std::vector<int>& cells, int c) {
      const int w = d.n, r = c / w, col = c % w, v = cells[static_cast<size_t>(c)];
      auto with = [&](int o, char kind) {
        const int x = cells[static_cast<size_t>(o)];
        return !x || pair_ok(kind, d.kropki, v, x);
      };
      return (col + 1 >= w || with(c + 1, d.right[static_cast<size_t>(c)])) &&
             (col == 0 || with(c - 1, d.right[static_cast<size_t>(c - 1)])) &&
             (r + 1 >= w || with(c + w, d.down[static_cast<size_t>(c)])) &&
             (r == 0 || with(c - w, d.down[static_cast<size_t>(c - w)]));
    });
    return p;
  }
};

Dots dots_of(const Grid& g) {
  const DotRule* rule = g.board->rule<DotRule>();
  REQUIRE(rule);
  REQUIRE(rule->negative);  // the generator's rules are all negative; the predicate reads '.' that way
  const int n = g.n();
  Dots d{n, g.shape.box_rows, g.shape.box_cols, rule->kropki, {}, {}};
  d.right.assign(static_cast<size_t>(n * n), '.');
  d.down.assign(static_cast<size_t>(n * n), '.');
  for (const Dot& x : rule->dots) (x.b == x.a + 1 ? d.right : d.down)[static_cast<size_t>(x.a)] = x.black ? 'b' : 'w';
  return d;
}

std::vector<int> cells_of(const Grid& g) { return std::vector<int>(g.cells.begin(), g.cells.end()); }

gen::Request dots_request(Variant v, Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = v;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

// The certification of one generated puzzle by the independent counter: one solution, the
// generator's; the dots are exactly the solution's (every pair with a relation has a dot of a
// kind that holds, none other has one); taking away any given gives a second solution (with
// `cap`: a second one, or the grader needs a step rated above the cap).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  INFO(p.givens.shape.name() << " " << codec::line_tokens(p.givens.board.get()));
  const brute::Problem problem = dots_of(p.givens).problem();
  brute::Counter k(problem, cells_of(p.givens));
  REQUIRE(k.consistent());
  REQUIRE(k.count(2) == 1);
  CHECK(k.first() == cells_of(p.solution));  // the counter's one solution is the generator's
  for (int c = 0; c < p.givens.size(); ++c) {
    const int v = p.solution.cells[static_cast<size_t>(c)];
    if (p.givens.cells[static_cast<size_t>(c)]) CHECK(p.givens.cells[static_cast<size_t>(c)] == v);
  }
  // Every pair of the solution fits its kind, no-dot pairs included: the dots are the solution's.
  CHECK(brute::Counter(problem, cells_of(p.solution)).consistent());
  for (int c = 0; c < p.givens.size(); ++c) {
    if (!p.givens.cells[static_cast<size_t>(c)]) continue;
    INFO("given at cell " << c);
    std::vector<int> less = cells_of(p.givens);
    less[static_cast<size_t>(c)] = 0;
    const int count = brute::Counter(problem, less).count(2);
    if (!cap) {
      CHECK(count == 2);
    } else if (count == 1) {
      Grid g = p.givens;
      g.cells[static_cast<size_t>(c)] = 0;
      CHECK_FALSE(grader::verdict(g, *cap).solved);
    }
  }
}

}  // namespace

TEST_CASE("consecutive and kropki puzzles of 4x4 to 8x8 are unique and minimal by an independent count", "[dots]") {
  // 9x9: the band puzzles below (a minimal unrated 9x9 puzzle is the slowest to certify).
  for (Variant v : {Variant::kConsecutive, Variant::kKropki})
    for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{2, 4}}) {
      if (kSanitized && shape.n() == 8) continue;
      for (std::uint64_t seed = 1; seed <= (shape.n() == 8 ? 2u : kSanitized ? 3u : 6u); ++seed) {
        INFO(variant_name(v) << " seed " << seed);
        auto p = gen::generate_one(dots_request(v, shape), seed);
        REQUIRE(p);
        CHECK(p->givens.variant() == v);
        CHECK(p->solution.board == p->givens.board);
        CHECK(solver::is_unique(p->givens));
        certify(*p);
      }
    }
}

TEST_CASE("dot puzzles in each band are certified, minimal within the band's top, rated in it, on a sound path",
          "[dots]") {
  for (Variant v : {Variant::kConsecutive, Variant::kKropki})
    for (const char* band : {"easy", "medium", "hard"}) {
      auto p = gen::generate_one(dots_request(v, Shape{3, 3}, band), 1);
      REQUIRE(p);
      INFO(variant_name(v) << " " << band);
      const grader::Bands bands;
      // Certified by the counter at easy and medium (the sanitizer build: consecutive easy only);
      // a hard one is checked on its graded path below (its sparse grid is the counter's slowest).
      const std::string b = band;
      const bool count = b != "hard" && (!kSanitized || (v == Variant::kConsecutive && b == "easy"));
      if (count) certify(*p, grader::band_range(band, bands)->hi);
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
      bool dot = false;
      for (const auto& step : g.path) {
        CHECK(step.technique.find("nique") == std::string::npos);
        dot = dot || step.technique == "Dot";
      }
      CHECK(dot);
    }
}

TEST_CASE("the dot techniques narrow a cell by its neighbour across a dot and across no dot", "[dots]") {
  // 4x4 consecutive: r1c1 = 2 with a white dot to r1c2 and no dot below it: r1c2 is 1 or 3 (Dot),
  // r2c1 is not 1 or 3 (No dot).
  auto rule = make_dot_rule(Shape{2, 2}, {{0, 1, false}}, false, true);
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kConsecutive, {*rule}));
  g.cells[0] = 2;
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  const grader::Grade grade = grader::grade(g, go);
  bool dot = false, no_dot = false;
  for (const auto& step : grade.path) {
    if (step.technique == "Dot" && !dot) {
      dot = true;
      for (const auto& e : step.eliminations) CHECK((e.cell == 1 && e.value == 4));
    }
    if (step.technique == "No dot" && !no_dot) {
      no_dot = true;
      for (const auto& e : step.eliminations) CHECK(((e.cell == 4 || e.cell == 1) && (e.value == 1 || e.value == 3)));
    }
  }
  CHECK(dot);
  CHECK(no_dot);
}

TEST_CASE("consecutive canonical forms ignore the square's symmetries and the reversal; kropki's the symmetries",
          "[dots]") {
  for (Variant v : {Variant::kConsecutive, Variant::kKropki}) {
    auto p = gen::generate_one(dots_request(v, Shape{3, 3}), 7);
    REQUIRE(p);
    const std::string form = gen::canonical_form(p->givens);
    CHECK(form.rfind(std::string(variant_name(v)) + ":", 0) == 0);
    const DotRule& rule = *p->givens.board->rule<DotRule>();
    // Transposed, and (consecutive) every digit reversed.
    const std::vector<int> to = square_image(9, 1);
    Grid moved(p->givens.shape);
    for (int c = 0; c < 81; ++c) {
      const int d = p->givens.cells[static_cast<size_t>(c)];
      moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] =
          static_cast<std::uint8_t>(d && v == Variant::kConsecutive ? 10 - d : d);
    }
    const Board& board = *p->givens.board;
    moved.board = with_rules(classic_board(Shape{3, 3}), v, {mapped(rule, board, to)});
    CHECK(solver::is_unique(moved));
    CHECK(gen::canonical_form(moved) == form);
    // Swapping 1 and 2 (kept by no dot rule) is another puzzle.
    Grid swapped = p->givens;
    for (auto& d : swapped.cells) d = d == 1 ? 2 : d == 2 ? 1 : d;
    if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
  }
}

TEST_CASE("dot puzzles read back from the line, JSON and CSV forms; bad dots are refused", "[dots]") {
  for (Variant v : {Variant::kConsecutive, Variant::kKropki}) {
    auto p = gen::generate_one(dots_request(v, Shape{2, 3}), 3);
    REQUIRE(p);
    const DotRule& rule = *p->givens.board->rule<DotRule>();
    auto fields = codec::fields(p->givens);
    REQUIRE(fields.size() == 1);
    CHECK(fields[0].key == "dots");
    CHECK(fields[0].token.rfind(v == Variant::kKropki ? "KN:" : "C:", 0) == 0);
    auto board = codec::board_from_token(Shape{2, 3}, "dots", fields[0].token);
    REQUIRE(board);
    CHECK((*board)->variant == v);
    CHECK(*(*board)->rule<DotRule>() == rule);
    // JSON: the dots, and for kropki "negative": true beside them.
    nlohmann::ordered_json entry;
    entry["variant"] = std::string(variant_name(v));
    codec::put_json(entry, p->givens.board.get());
    REQUIRE(entry.contains("dots"));
    CHECK(entry["dots"].size() == rule.dots.size());
    CHECK(entry["dots"][0]["cells"].size() == 2);
    CHECK(entry.contains("negative") == (v == Variant::kKropki));
    const nlohmann::json back(entry);
    auto token = codec::token_from_json("dots", back["dots"], &back);
    REQUIRE(token);
    CHECK(*token == fields[0].token);
    CHECK(codec::keys_of(v) == std::vector<std::string_view>{"dots"});
    CHECK(codec::csv_columns({v}) == std::vector<std::string_view>{"dots"});
  }
  // Without a variant, a black dot or "negative" says kropki.
  const nlohmann::json loose = nlohmann::json::parse(R"({"dots": [{"cells": [0, 1], "kind": "black"}]})");
  CHECK(*codec::token_from_json("dots", loose["dots"], &loose) == "K:0-1b");

  auto bad = [](std::string_view text, Shape shape = Shape{2, 2}) {
    auto b = codec::board_from_token(shape, "dots", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("C:0-1;1-6") == "consecutive or kropki dots: dot 2: r1c2 and r2c3 are not side by side (a dot sits on the edge two "
                            "cells share)");
  CHECK(bad("C:3-4") == "consecutive or kropki dots: dot 1: r1c4 and r2c1 are not side by side (a dot sits on the edge two "
                        "cells share)");
  CHECK(bad("C:0-16") == "consecutive or kropki dots: dot 1: cell 16 is outside the 4x4 grid");
  CHECK(bad("C:0-1b") == "consecutive or kropki dots: dot 1: a consecutive puzzle has white dots only");
  CHECK(bad("C:0-1;1-0") == "consecutive or kropki dots: dot 2: r1c1 and r1c2 already have a dot (dot 1)");
  CHECK(bad("K:0-1x") == "consecutive or kropki dots: dot 1 ('0-1x'): a dot ends in w (white) or b (black)");
  CHECK(bad("C:0+1") == "consecutive or kropki dots: dot 1 ('0+1') is not CELL-CELL (cells row-major from 0)");
  CHECK(bad("X:0-1").find("does not start with C: (consecutive), K: (kropki) or KN: (kropki, negative)") !=
        std::string::npos);
  CHECK(bad("C:0-1", *standard_shape(12)).find("dot puzzles are 4x4 to 9x9") != std::string::npos);
  const nlohmann::json kind = nlohmann::json::parse(R"({"dots": [{"cells": [0, 1], "kind": "grey"}]})");
  CHECK(codec::token_from_json("dots", kind["dots"], &kind).error().to_string() ==
        "\"dots\" [0]: kind 'grey' is neither white nor black");
  const nlohmann::json shape = nlohmann::json::parse(R"({"dots": [[0, 1]]})");
  CHECK_FALSE(codec::token_from_json("dots", shape["dots"], &shape));
}

TEST_CASE("non-consecutive puzzles are unique and minimal by an independent count, rated on a sound path", "[dots]") {
  // 6x6 and 8x8 (minimal 9x9 puzzles keep about 9 givens: the counter's slowest grids; the
  // 9x9 medium puzzle below is checked on its graded path).
  for (Shape shape : {Shape{2, 3}, Shape{2, 4}}) {
    if (kSanitized && shape.n() == 8) continue;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      gen::Request r = dots_request(Variant::kNonConsecutive, shape);
      r.minimal = true;
      auto p = gen::generate_one(r, seed);
      REQUIRE(p);
      INFO(shape.name() << " seed " << seed << " " << format_line(p->givens));
      CHECK(p->givens.variant() == Variant::kNonConsecutive);
      const DotRule* rule = p->givens.board->rule<DotRule>();
      REQUIRE(rule);
      CHECK(rule->dots.empty());
      CHECK_FALSE(rule->kropki);
      certify(*p);  // no dots: every pair of neighbours is '.', not 1 apart
      CHECK(codec::fields(p->givens).empty());  // no per-puzzle data: the variant is the rule
      CHECK(codec::json_value(p->givens.board.get(), "dots").is_null());
    }
  }
  auto p = gen::generate_one(dots_request(Variant::kNonConsecutive, Shape{3, 3}, "medium"), 1);
  REQUIRE(p);
  CHECK(p->label == "medium");
  grader::GradeOptions go;
  go.record_path = true;
  go.check_against = &p->solution;
  const grader::Grade g = grader::grade(p->givens, go);
  CHECK(g.solved);
  CHECK(g.wrong_step.empty());
  CHECK_FALSE(g.used_uniqueness);
  CHECK(g.rating == Approx(p->rating));
  // The reversal v -> 10 - v keeps the rule: the same canonical form.
  Grid reversed = p->givens;
  for (auto& d : reversed.cells) d = static_cast<std::uint8_t>(d ? 10 - d : 0);
  CHECK(gen::canonical_form(reversed) == gen::canonical_form(p->givens));
  CHECK(gen::canonical_form(p->givens).rfind("non-consecutive:", 0) == 0);
  // Sizes: 6x6 to 9x9.
  CHECK_FALSE(variant_board(Shape{2, 2}, Variant::kNonConsecutive));
  CHECK(variant_board(Shape{2, 2}, Variant::kNonConsecutive).error().to_string().find("non-consecutive puzzles are 6x6 to 9x9") == 0);
}
