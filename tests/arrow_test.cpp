// Arrow puzzles (ArrowRule): generated puzzles certified by the shared independent counter
// (tests/brute_count.hpp: units as cell lists, the rule as a predicate written here from its words,
// "the digits along an arrow add up to the digit in its circle"; nothing from src/ decides it),
// minimal in givens and arrows, graded on a path the solution never refutes, with a canonical form
// the square's symmetries do not change, drawn, and read back through the board codec.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "layout/rule_draw.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer puzzles: the plain
// backtracking of the independent counter runs about ten times slower there.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// The rule in its words: the path's digits add up to the circle's digit. On a partial grid: the
// filled path digits plus 1 for each empty path cell is at most the circle's digit (or n when the
// circle is empty), and equal to it when every cell of the arrow is filled.
brute::Check arrow_check(int n, const std::vector<Arrow>& arrows) {
  return [n, arrows](const std::vector<int>& cells, int cell) {
    for (const Arrow& a : arrows) {
      if (a.circle != cell && std::find(a.path.begin(), a.path.end(), cell) == a.path.end()) continue;
      int sum = 0, empty = 0;
      for (int c : a.path) {
        sum += cells[static_cast<size_t>(c)];
        empty += cells[static_cast<size_t>(c)] == 0;
      }
      const int circle = cells[static_cast<size_t>(a.circle)];
      if (sum + empty > (circle ? circle : n)) return false;
      if (circle && !empty && sum != circle) return false;
    }
    return true;
  };
}

int brute_count(const Grid& g, const std::vector<Arrow>& arrows, int limit = 2) {
  brute::Problem p{g.n(), g.size(), brute::sudoku_units(g.shape.box_rows, g.shape.box_cols), {}};
  p.checks.push_back(arrow_check(g.n(), arrows));
  return brute::Counter(p, std::vector<int>(g.cells.begin(), g.cells.end())).count(limit);
}

gen::Request arrow(Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kArrow;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

const std::vector<Arrow>& arrows_of(const Grid& g) {
  const ArrowRule* rule = g.board->rule<ArrowRule>();
  REQUIRE(rule);
  return rule->arrows;
}

Grid with_arrows(const Grid& g, const std::vector<Arrow>& arrows) {
  auto rule = make_arrow_rule(g.shape, arrows);
  REQUIRE(rule);
  Grid out = g;
  out.board = with_rules(classic_board(g.shape), Variant::kArrow, {*rule});
  return out;
}

void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  const std::vector<Arrow>& arrows = arrows_of(p.givens);
  const int n = p.givens.n();
  INFO(p.givens.shape.name() << " " << codec::line_tokens(p.givens.board.get()));
  REQUIRE_FALSE(arrows.empty());
  REQUIRE(brute_count(p.givens, arrows) == 1);
  std::vector<char> on(static_cast<size_t>(p.givens.size()), 0);
  for (const Arrow& a : arrows) {
    REQUIRE_FALSE(a.path.empty());
    int sum = 0, from = a.circle;
    CHECK_FALSE(on[static_cast<size_t>(a.circle)]);
    on[static_cast<size_t>(a.circle)] = 1;
    for (int c : a.path) {
      CHECK_FALSE(on[static_cast<size_t>(c)]);  // the generator's arrows share no cell
      on[static_cast<size_t>(c)] = 1;
      CHECK(std::max(std::abs(from / n - c / n), std::abs(from % n - c % n)) == 1);
      sum += p.solution.cells[static_cast<size_t>(c)];
      from = c;
    }
    CHECK(sum == p.solution.cells[static_cast<size_t>(a.circle)]);
  }
  for (int c = 0; c < p.givens.size(); ++c) {
    const int v = p.givens.cells[static_cast<size_t>(c)];
    if (!v) continue;
    CHECK(v == p.solution.cells[static_cast<size_t>(c)]);
    INFO("given at cell " << c);
    Grid less = p.givens;
    less.cells[static_cast<size_t>(c)] = 0;
    if (!cap) {
      CHECK(brute_count(less, arrows) == 2);
    } else if (brute_count(less, arrows) == 1) {
      CHECK_FALSE(grader::verdict(less, *cap).solved);
    }
  }
  for (size_t i = 0; i < arrows.size(); ++i) {
    INFO("arrow " << i + 1);
    std::vector<Arrow> fewer = arrows;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (!cap) {
      CHECK(brute_count(p.givens, fewer) == 2);
    } else if (brute_count(p.givens, fewer) == 1) {
      REQUIRE_FALSE(fewer.empty());
      CHECK_FALSE(grader::verdict(with_arrows(p.givens, fewer), *cap).solved);
    }
  }
}

}  // namespace

TEST_CASE("arrow puzzles of 4x4 and 6x6 are unique and minimal by the independent count", "[arrow]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= (kSanitized ? 2u : 4u); ++seed) {
      auto p = gen::generate_one(arrow(shape), seed);
      REQUIRE(p);
      CHECK(p->givens.variant() == Variant::kArrow);
      CHECK(p->solution.board == p->givens.board);
      CHECK(check_givens(p->solution));
      certify(*p);
    }
  }
}

TEST_CASE("arrow puzzles of 8x8 and 9x9 in bands are certified, minimal within the band's top, rated in it, on a sound path",
          "[arrow]") {
  // 8x8 and 9x9 in bands (the unrated ones keep the fewest givens, which the plain backtracking of
  // the independent counter takes minutes to count on these sizes).
  const std::vector<std::pair<Shape, const char*>> cases = {
      {Shape{2, 4}, "easy"}, {Shape{3, 3}, "easy"}, {Shape{3, 3}, "medium"}, {Shape{3, 3}, "hard"}};
  for (const auto& [shape, band] : cases) {
    if (kSanitized && std::string(band) != "easy") continue;
    for (std::uint64_t seed = 1; seed <= 1; ++seed) {
      auto p = gen::generate_one(arrow(shape, band), seed);
      REQUIRE(p);
      INFO(shape.name() << " " << band << " seed " << seed);
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
      bool arrow_step = false;
      for (const auto& step : g.path) {
        CHECK(step.technique.find("nique") == std::string::npos);
        CHECK(step.technique != "BUG");
        arrow_step = arrow_step || step.technique.rfind("Arrow", 0) == 0;
      }
      CHECK(arrow_step);
    }
  }
}

TEST_CASE("arrow totals and bounds are the rule's consequences", "[arrow]") {
  // 9x9: circle r1c1, path r1c2 r1c3. Row 1 gives 1 and 2 on the path: the circle is 3 (total).
  auto rule = make_arrow_rule(Shape{3, 3}, {{0, {1, 2}}});
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{3, 3}), Variant::kArrow, {*rule}));
  g.cells[1] = 1;
  g.cells[2] = 2;
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  const grader::Grade grade = grader::grade(g, go);
  REQUIRE_FALSE(grade.path.empty());
  CHECK(grade.path.front().technique == "Arrow total");
  for (const auto& e : grade.path.front().eliminations) {
    CHECK(e.cell == 0);
    CHECK(e.value != 3);
  }
  // Bounds: an empty arrow of two path cells in one row: the circle is 2 or more (sum bounds do not see that the path cells differ), each path
  // cell at most 8 (the circle's 9 less the other's 1), from the first look.
  Grid h(with_rules(classic_board(Shape{3, 3}), Variant::kArrow, {*rule}));
  const grader::Grade hg = grader::grade(h, go);
  REQUIRE_FALSE(hg.path.empty());
  const auto& first = hg.path.front();
  CHECK(first.technique == "Arrow bounds");
  std::vector<std::pair<int, int>> got;
  for (const auto& e : first.eliminations) got.emplace_back(e.cell, e.value);
  CHECK(std::count(got.begin(), got.end(), std::pair<int, int>{0, 1}) == 1);
  CHECK(std::count(got.begin(), got.end(), std::pair<int, int>{0, 2}) == 0);  // bounds: 1 + 1, not 1 + 2
  CHECK(std::count(got.begin(), got.end(), std::pair<int, int>{1, 9}) == 1);
  CHECK(std::count(got.begin(), got.end(), std::pair<int, int>{2, 9}) == 1);
}

TEST_CASE("the arrow propagator and the independent count agree on small puzzles", "[arrow]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto p = gen::generate_one(arrow(shape), seed);
      REQUIRE(p);
      Grid less = p->givens;
      // Half the givens, and the arrows.
      int k = 0;
      for (auto& v : less.cells)
        if (v && k++ % 2) v = 0;
      CHECK(solver::count_solutions(less, 3) == brute_count(less, arrows_of(less), 3));
    }
  }
}

TEST_CASE("arrow canonical forms ignore the square's symmetries and no relabelling but the identity", "[arrow]") {
  auto p = gen::generate_one(arrow(Shape{3, 3}), 7);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("arrow:", 0) == 0);
  for (int t = 1; t < 8; ++t) {
    const std::vector<int> to = square_image(9, t);
    Grid moved(p->givens.shape);
    for (int c = 0; c < 81; ++c)
      moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = p->givens.cells[static_cast<size_t>(c)];
    std::vector<Arrow> arrows = arrows_of(p->givens);
    for (Arrow& a : arrows) {
      a.circle = to[static_cast<size_t>(a.circle)];
      for (int& c : a.path) c = to[static_cast<size_t>(c)];
    }
    moved = with_arrows(moved, arrows);
    CHECK(solver::is_unique(moved));
    CHECK(gen::canonical_form(moved) == form);
  }
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
}

TEST_CASE("arrows are drawn as a circle, a line and a head over the lines, on puzzles and answers", "[arrow]") {
  auto rule = make_arrow_rule(Shape{2, 2}, {{0, {5, 6}}});
  REQUIRE(rule);
  auto board = with_rules(classic_board(Shape{2, 2}), Variant::kArrow, {*rule});
  layout::GridStyle style;
  for (bool answer : {false, true}) {
    layout::RuleFrame frame{10, 20, 10, board.get(), &style, answer};
    std::vector<layout::Item> under, over;
    layout::draw_rules(under, frame, layout::RuleLayer::kUnder);
    CHECK(under.empty());
    layout::draw_rules(over, frame, layout::RuleLayer::kOver);
    int lines = 0, circles = 0, heads = 0;
    for (const auto& item : over) {
      if (const auto* l = std::get_if<layout::LineItem>(&item)) {
        ++lines;
        CHECK(l->grey == Approx(layout::kArrowGrey));
        CHECK(l->width_pt >= layout::kMinArrowLinePt);
      } else if (const auto* d = std::get_if<layout::PathItem>(&item)) {
        if (d->fill_grey < 0) ++circles;
        else ++heads;
      }
    }
    CHECK(lines == 2);
    CHECK(circles == 1);
    CHECK(heads == 1);
    // The head points right (r2c2 -> r2c3): its tip past the centre of r2c3 (x 35, y 35).
    const auto& head = std::get<layout::PathItem>(over.back());
    CHECK(head.points[0].first > 35);
    CHECK(head.points[0].second == Approx(35));
  }
}

TEST_CASE("arrow puzzles read back from the line, JSON and CSV forms; bad arrows are refused", "[arrow]") {
  auto p = gen::generate_one(arrow(Shape{2, 3}), 3);
  REQUIRE(p);
  const std::string token = rule_token(*p->givens.board->rule<ArrowRule>());
  auto fields = codec::fields(p->givens.board.get());
  REQUIRE(fields.size() == 1);
  CHECK(fields[0].key == "arrows");
  CHECK(fields[0].token == token);
  const auto json = codec::json_value(p->givens.board.get(), "arrows");
  REQUIRE(json.is_array());
  CHECK(json[0].contains("circle"));
  CHECK(json[0].contains("path"));
  auto from_json = codec::token_from_json("arrows", nlohmann::json::parse(json.dump()));
  REQUIRE(from_json);
  CHECK(*from_json == token);
  auto board = codec::board_from_token(Shape{2, 3}, "arrows", token);
  REQUIRE(board);
  CHECK((*board)->variant == Variant::kArrow);
  CHECK(*(*board)->rule<ArrowRule>() == *p->givens.board->rule<ArrowRule>());
  CHECK(codec::keys_of(Variant::kArrow) == std::vector<std::string_view>{"arrows"});

  auto bad = [](std::string_view text, Shape shape = Shape{2, 2}) {
    auto b = codec::board_from_token(shape, "arrows", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("0:1;5") == "arrow arrows: arrow 2 ('5'): no ':' after its circle");
  CHECK(bad("0:") == "arrow arrows: arrow 1 (''): '' is not a cell number");
  CHECK(bad("0:2") == "arrow arrows: arrow 1: r1c1 to r1c3 is not a step to one of the 8 cells around");
  CHECK(bad("0:1+16") == "arrow arrows: arrow 1: cell 16 is outside the 4x4 grid");
  CHECK(bad("0:1+0") == "arrow arrows: arrow 1 lists r1c1 twice");
  CHECK(bad("0:1+2+3+7+11") == "arrow arrows: arrow 1: 5 cells add up to 5 or more; a circle holds at most 4");
  CHECK(bad("0:1", *standard_shape(16)).find("arrow arrows: arrow puzzles are 4x4 to 9x9") == 0);
  CHECK_FALSE(codec::token_from_json("arrows", nlohmann::json::array()));
  CHECK_FALSE(codec::token_from_json("arrows", nlohmann::json::parse("[{\"circle\": 0}]")));
  CHECK_FALSE(codec::token_from_json("arrows", nlohmann::json::parse("[{\"circle\": -1, \"path\": [1]}]")));
  // Givens that break an arrow name it.
  auto rule = make_arrow_rule(Shape{2, 2}, {{0, {1, 5}}});
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kArrow, {*rule}));
  g.cells[0] = 4;
  g.cells[1] = 2;
  g.cells[5] = 3;
  auto why = check_givens(g);
  REQUIRE_FALSE(why);
  CHECK(why.error().to_string() == "arrow 1 (circle r1c1): the digits on its path add up to 5, not the circle's 4");
}
