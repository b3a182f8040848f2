// Thermo puzzles (ThermoRule): generated puzzles certified by the shared independent counter
// (tests/brute_count.hpp: units as cell lists, the rule as a predicate written here from its words,
// "digits rise strictly from the bulb along each thermometer"; nothing from src/ decides it),
// minimal in givens and thermos, graded on a path the solution never refutes, with a canonical
// form the square's symmetries do not change, drawn, and read back through the board codec.
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

using Thermos = std::vector<std::vector<int>>;

// The rule in its words: along a thermo the digits rise strictly from the bulb. On a partial grid:
// every two filled cells of a thermo, j and k steps from the bulb (j < k), differ by at least k - j
// (strictly rising digits between them), the cell j steps up is at least j + 1 and the cell with m
// cells above it at most n - m.
brute::Check thermo_check(int n, const Thermos& thermos) {
  return [n, thermos](const std::vector<int>& cells, int cell) {
    for (const auto& t : thermos) {
      if (std::find(t.begin(), t.end(), cell) == t.end()) continue;
      const int len = static_cast<int>(t.size());
      for (int j = 0; j < len; ++j) {
        const int v = cells[static_cast<size_t>(t[static_cast<size_t>(j)])];
        if (!v) continue;
        if (v < j + 1 || v > n - (len - 1 - j)) return false;
        for (int k = j + 1; k < len; ++k) {
          const int w = cells[static_cast<size_t>(t[static_cast<size_t>(k)])];
          if (w && w - v < k - j) return false;
        }
      }
    }
    return true;
  };
}

int brute_count(const Grid& g, const Thermos& thermos, int limit = 2) {
  brute::Problem p{g.n(), g.size(), brute::sudoku_units(g.shape.box_rows, g.shape.box_cols), {}};
  p.checks.push_back(thermo_check(g.n(), thermos));
  return brute::Counter(p, std::vector<int>(g.cells.begin(), g.cells.end())).count(limit);
}

gen::Request thermo(Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kThermo;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

const Thermos& thermos_of(const Grid& g) {
  const ThermoRule* rule = g.board->rule<ThermoRule>();
  REQUIRE(rule);
  return rule->thermos;
}

Grid with_thermos(const Grid& g, const Thermos& thermos) {
  auto rule = make_thermo_rule(g.shape, thermos);
  REQUIRE(rule);
  Grid out = g;
  out.board = with_rules(classic_board(g.shape), Variant::kThermo, {*rule});
  return out;
}

// One generated puzzle certified: one solution by the independent count, every thermo rising on
// the generator's solution along neighbouring cells, and a second solution when any given or any
// thermo is taken away (with `cap`: a second one, or the grader needs a step above the cap).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  const Thermos& thermos = thermos_of(p.givens);
  const int n = p.givens.n();
  INFO(p.givens.shape.name() << " " << codec::line_tokens(p.givens.board.get()));
  REQUIRE_FALSE(thermos.empty());
  REQUIRE(brute_count(p.givens, thermos) == 1);
  std::vector<char> on(static_cast<size_t>(p.givens.size()), 0);
  for (const auto& t : thermos) {
    REQUIRE(t.size() >= 2);
    for (size_t j = 0; j < t.size(); ++j) {
      CHECK_FALSE(on[static_cast<size_t>(t[j])]);  // the generator's thermos share no cell
      on[static_cast<size_t>(t[j])] = 1;
      if (j == 0) continue;
      const int a = t[j - 1], b = t[j];
      CHECK(std::max(std::abs(a / n - b / n), std::abs(a % n - b % n)) == 1);
      CHECK(p.solution.cells[static_cast<size_t>(b)] > p.solution.cells[static_cast<size_t>(a)]);
    }
  }
  for (int c = 0; c < p.givens.size(); ++c) {
    const int v = p.givens.cells[static_cast<size_t>(c)];
    if (!v) continue;
    CHECK(v == p.solution.cells[static_cast<size_t>(c)]);
    INFO("given at cell " << c);
    Grid less = p.givens;
    less.cells[static_cast<size_t>(c)] = 0;
    if (!cap) {
      CHECK(brute_count(less, thermos) == 2);
    } else if (brute_count(less, thermos) == 1) {
      CHECK_FALSE(grader::verdict(less, *cap).solved);
    }
  }
  for (size_t i = 0; i < thermos.size(); ++i) {
    INFO("thermo " << i + 1);
    Thermos fewer = thermos;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (!cap) {
      CHECK(brute_count(p.givens, fewer) == 2);
    } else if (brute_count(p.givens, fewer) == 1) {
      REQUIRE_FALSE(fewer.empty());
      CHECK_FALSE(grader::verdict(with_thermos(p.givens, fewer), *cap).solved);
    }
  }
}

}  // namespace

TEST_CASE("thermo puzzles of 4x4 and 6x6 are unique and minimal by the independent count", "[thermo]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= (kSanitized ? 2u : 4u); ++seed) {
      auto p = gen::generate_one(thermo(shape), seed);
      REQUIRE(p);
      CHECK(p->givens.variant() == Variant::kThermo);
      CHECK(p->solution.board == p->givens.board);
      CHECK(check_givens(p->solution));
      certify(*p);
    }
  }
}

TEST_CASE("thermo puzzles of 8x8 and 9x9 in bands are certified, minimal within the band's top, rated in it, on a sound path",
          "[thermo]") {
  // 8x8 and 9x9 in bands (the unrated ones keep the fewest givens, which the plain backtracking of
  // the independent counter takes minutes to count on these sizes).
  const std::vector<std::pair<Shape, const char*>> cases = {
      {Shape{2, 4}, "easy"}, {Shape{3, 3}, "easy"}, {Shape{3, 3}, "medium"}, {Shape{3, 3}, "hard"}};
  for (const auto& [shape, band] : cases) {
    if (kSanitized && std::string(band) != "easy") continue;
    for (std::uint64_t seed = 1; seed <= 1; ++seed) {
      auto p = gen::generate_one(thermo(shape, band), seed);
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
      bool thermo_step = false;
      for (const auto& step : g.path) {
        CHECK(step.technique.find("nique") == std::string::npos);
        CHECK(step.technique != "BUG");
        thermo_step = thermo_step || step.technique.rfind("Thermo", 0) == 0;
      }
      CHECK(thermo_step);
    }
  }
}

TEST_CASE("thermo ranges and bounds are the rule's consequences", "[thermo]") {
  // 4x4, one thermo along row 1 from the left: 1 2 3 4 is forced, by ranges alone.
  auto rule = make_thermo_rule(Shape{2, 2}, {{0, 1, 2, 3}});
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kThermo, {*rule}));
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  const grader::Grade grade = grader::grade(g, go);
  REQUIRE_FALSE(grade.path.empty());
  CHECK(grade.path.front().technique == "Thermo ranges");
  for (const auto& e : grade.path.front().eliminations) CHECK(e.value != e.cell + 1);
  CHECK(grade.path.front().eliminations.size() == 12);  // each of the 4 cells keeps one digit
  // Bounds from candidates: a 9x9 thermo r1c1 < r1c2 with r1c1 left 5 or 6 (by its row's givens).
  auto rule9 = make_thermo_rule(Shape{3, 3}, {{0, 1}});
  REQUIRE(rule9);
  Grid h(with_rules(classic_board(Shape{3, 3}), Variant::kThermo, {*rule9}));
  // Row 1 holds 1 2 3 4 7 8 9 elsewhere: r1c1 and r1c2 keep 5 and 6, so r1c1 = 5, r1c2 = 6.
  const int row[9] = {0, 0, 1, 2, 3, 4, 7, 8, 9};
  for (int c = 0; c < 9; ++c) h.cells[static_cast<size_t>(c)] = static_cast<std::uint8_t>(row[c]);
  const grader::Grade hg = grader::grade(h, go);
  bool bounded = false;
  for (const auto& step : hg.path)
    if (step.technique == "Thermo bounds") {
      bounded = true;
      REQUIRE(step.eliminations.size() == 2);
      CHECK(step.eliminations[0].cell == 0);
      CHECK(step.eliminations[0].value == 6);
      CHECK(step.eliminations[1].cell == 1);
      CHECK(step.eliminations[1].value == 5);
      break;
    }
  CHECK(bounded);
}

TEST_CASE("the thermo propagator and the independent count agree on small puzzles", "[thermo]") {
  // Random thermos on 4x4 and 6x6 boards with few givens: the exact engine's count (up to 3) is
  // the brute count.
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto p = gen::generate_one(thermo(shape), seed);
      REQUIRE(p);
      Grid less = p->givens;
      for (auto& v : less.cells) v = 0;  // the thermos alone
      const Thermos& thermos = thermos_of(less);
      CHECK(solver::count_solutions(less, 3) == brute_count(less, thermos, 3));
    }
  }
}

TEST_CASE("thermo canonical forms ignore the square's symmetries and no relabelling but the identity", "[thermo]") {
  auto p = gen::generate_one(thermo(Shape{3, 3}), 7);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("thermo:", 0) == 0);
  for (int t = 1; t < 8; ++t) {
    const std::vector<int> to = square_image(9, t);
    Grid moved(p->givens.shape);
    for (int c = 0; c < 81; ++c)
      moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = p->givens.cells[static_cast<size_t>(c)];
    Thermos thermos = thermos_of(p->givens);
    for (auto& th : thermos)
      for (int& c : th) c = to[static_cast<size_t>(c)];
    moved = with_thermos(moved, thermos);
    CHECK(solver::is_unique(moved));
    CHECK(gen::canonical_form(moved) == form);
  }
  // Reversal v -> 10 - v with every thermo turned round is a valid puzzle again, but other data:
  // a different form. Swapping two digits breaks the thermos: a different form too.
  Grid reversed = p->givens;
  for (auto& v : reversed.cells) v = v ? static_cast<std::uint8_t>(10 - v) : 0;
  Thermos turned = thermos_of(p->givens);
  for (auto& th : turned) std::reverse(th.begin(), th.end());
  reversed = with_thermos(reversed, turned);
  CHECK(solver::is_unique(reversed));
  CHECK(gen::canonical_form(reversed) != form);
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
}

TEST_CASE("thermos are drawn as grey bulbs and tubes under the digits, on puzzles and answers", "[thermo]") {
  auto rule = make_thermo_rule(Shape{2, 2}, {{0, 5, 6}});
  REQUIRE(rule);
  auto board = with_rules(classic_board(Shape{2, 2}), Variant::kThermo, {*rule});
  layout::GridStyle style;
  for (bool answer : {false, true}) {
    layout::RuleFrame frame{10, 20, 10, board.get(), &style, answer};
    std::vector<layout::Item> over, under;
    layout::draw_rules(over, frame, layout::RuleLayer::kOver);
    CHECK(over.empty());
    layout::draw_rules(under, frame, layout::RuleLayer::kUnder);
    int lines = 0, discs = 0;
    for (const auto& item : under) {
      if (const auto* l = std::get_if<layout::LineItem>(&item)) {
        ++lines;
        CHECK(l->grey == Approx(layout::kThermoGrey));
        CHECK(l->width_pt == Approx(10 * layout::kThermoTube * 72 / 25.4));
      } else if (const auto* d = std::get_if<layout::PathItem>(&item)) {
        ++discs;
        CHECK(d->fill_grey == Approx(layout::kThermoGrey));
      }
    }
    CHECK(lines == 2);  // two steps: r1c1 -> r2c2 (diagonal), r2c2 -> r2c3
    CHECK(discs == 3);  // two rounded joints and the bulb
    // The bulb: centred in r1c1 (x 10..20, y 20..30).
    const auto& bulb = std::get<layout::PathItem>(under.back());
    double x = 0, y = 0;
    for (const auto& pt : bulb.points) x += pt.first, y += pt.second;
    CHECK(x / static_cast<double>(bulb.points.size()) == Approx(15));
    CHECK(y / static_cast<double>(bulb.points.size()) == Approx(25));
  }
}

TEST_CASE("thermo puzzles read back from the line, JSON and CSV forms; bad thermos are refused", "[thermo]") {
  auto p = gen::generate_one(thermo(Shape{2, 3}), 3);
  REQUIRE(p);
  const std::string token = rule_token(*p->givens.board->rule<ThermoRule>());
  auto fields = codec::fields(p->givens.board.get());
  REQUIRE(fields.size() == 1);
  CHECK(fields[0].key == "thermos");
  CHECK(fields[0].token == token);
  const auto json = codec::json_value(p->givens.board.get(), "thermos");
  CHECK(json == nlohmann::ordered_json(thermos_of(p->givens)));
  auto from_json = codec::token_from_json("thermos", nlohmann::json::parse(json.dump()));
  REQUIRE(from_json);
  CHECK(*from_json == token);
  auto board = codec::board_from_token(Shape{2, 3}, "thermos", token);
  REQUIRE(board);
  CHECK((*board)->variant == Variant::kThermo);
  CHECK(*(*board)->rule<ThermoRule>() == *p->givens.board->rule<ThermoRule>());
  CHECK(codec::keys_of(Variant::kThermo) == std::vector<std::string_view>{"thermos"});

  auto bad = [](std::string_view text, Shape shape = Shape{2, 2}) {
    auto b = codec::board_from_token(shape, "thermos", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("0<1;5") == "thermo thermos: thermo 2 has 1 cell; a thermometer is a bulb and at least one cell more");
  CHECK(bad("0<2") == "thermo thermos: thermo 1: r1c1 to r1c3 is not a step to one of the 8 cells around");
  CHECK(bad("0<1<x") == "thermo thermos: thermo 1 ('0<1<x'): 'x' is not a cell number");
  CHECK(bad("0<16") == "thermo thermos: thermo 1: cell 16 is outside the 4x4 grid");
  CHECK(bad("0<1<0") == "thermo thermos: thermo 1 lists r1c1 twice");
  CHECK(bad("0<1<2<3<7") == "thermo thermos: thermo 1 has 5 cells; 1 to 4 rise through at most 4");
  CHECK(bad("0<1<2;2<6<5") ==
        "thermo thermos: r2c2 would need a digit above 4: the thermos through it rise through more than 4 cells, "
        "or in a circle");
  CHECK(bad("0<1;1<0") ==
        "thermo thermos: r1c1 would need a digit above 4: the thermos through it rise through more than 4 cells, "
        "or in a circle");
  CHECK(bad("0<1", *standard_shape(16)).find("thermo thermos: thermo puzzles are 4x4 to 9x9") == 0);
  CHECK_FALSE(codec::token_from_json("thermos", nlohmann::json::array()));
  CHECK_FALSE(codec::token_from_json("thermos", nlohmann::json::parse("[[0, \"a\"]]")));
  // A given that breaks a thermo names the place.
  auto rule = make_thermo_rule(Shape{2, 2}, {{0, 1, 2}});
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 2}), Variant::kThermo, {*rule}));
  g.cells[0] = 3;
  g.cells[2] = 4;
  auto why = check_givens(g);
  REQUIRE_FALSE(why);
  CHECK(why.error().to_string() ==
        "thermo 1: the 3 at r1c1 and the 4 at r1c3 leave no rising digits for the 1 cells between them");
}
