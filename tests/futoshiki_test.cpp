// Futoshiki: a Latin square (rows and columns, no boxes) with greater-than signs between
// neighbours. Generated puzzles certified by the independent counter of tests/brute_count.hpp (the
// Latin square's rows and columns, and each sign as a predicate written here from the rule's words:
// the cell on the open side holds the larger digit), minimal in givens and signs, graded on a sound
// path, with a canonical form the square's symmetries and the reversal (signs turned) keep; read
// back from every form with the variant known; bad input refused with its place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
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

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer and smaller
// puzzles: its counts run about twenty times slower.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

using Signs = std::vector<std::array<int, 2>>;

// The independent problem: rows and columns of an n x n grid; per sign {a, b}, "a holds a larger
// digit than b", checked once both are filled, and a digit on a chain of k signs going down from
// its cell (a > b > ... , k cells below it) is above k, one with k going up below n + 1 - k.
brute::Problem futoshiki_problem(int n, const Signs& signs) {
  brute::Problem p{n, n * n, brute::latin_units(n), {}};
  const auto cells = static_cast<size_t>(n * n);
  std::vector<std::vector<int>> down(cells), up(cells);
  for (const auto& s : signs) {
    down[static_cast<size_t>(s[0])].push_back(s[1]);
    up[static_cast<size_t>(s[1])].push_back(s[0]);
  }
  // Longest chains (the signs go round in no circle: the generator's come from a solution).
  std::vector<int> below(cells, -1), above(cells, -1);
  std::function<int(int, const std::vector<std::vector<int>>&, std::vector<int>&)> depth =
      [&](int c, const std::vector<std::vector<int>>& next, std::vector<int>& memo) {
        int& m = memo[static_cast<size_t>(c)];
        if (m >= 0) return m;
        m = 0;
        for (int o : next[static_cast<size_t>(c)]) m = std::max(m, 1 + depth(o, next, memo));
        return m;
      };
  for (int c = 0; c < n * n; ++c) {
    depth(c, down, below);
    depth(c, up, above);
  }
  p.checks.push_back([=](const std::vector<int>& g, int c) {
    const int v = g[static_cast<size_t>(c)];
    if (v <= below[static_cast<size_t>(c)] || v > n - above[static_cast<size_t>(c)]) return false;
    for (int o : down[static_cast<size_t>(c)])
      if (g[static_cast<size_t>(o)] && g[static_cast<size_t>(o)] >= v) return false;
    for (int o : up[static_cast<size_t>(c)])
      if (g[static_cast<size_t>(o)] && g[static_cast<size_t>(o)] <= v) return false;
    return true;
  });
  return p;
}

int count(const Grid& givens, const Signs& signs, int limit = 2) {
  std::vector<int> cells(givens.cells.begin(), givens.cells.end());
  return brute::Counter(futoshiki_problem(givens.n(), signs), cells).count(limit);
}

const Signs& signs_of(const Grid& g) {
  REQUIRE(g.board);
  const InequalityRule* rule = g.board->rule<InequalityRule>();
  REQUIRE(rule);
  return rule->signs;
}

gen::Request futoshiki(int n, const char* band = nullptr) {
  gen::Request r;
  r.shape = *latin_shape(n);
  r.variant = Variant::kFutoshiki;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

// One generated puzzle certified by the independent counter: one solution, the generator's; every
// sign agrees with it and stands between neighbours; taking away any given or any sign gives a
// second solution (with `cap`: a second one, or the grader needs a step above the cap).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt) {
  const Signs& signs = signs_of(p.givens);
  const int n = p.givens.n();
  INFO(n << "x" << n << " " << format_line(p.givens) << " " << codec::line_tokens(p.givens.board.get()));
  REQUIRE(p.givens.shape == Shape{1, n});
  REQUIRE(count(p.givens, signs) == 1);
  std::vector<int> want(p.solution.cells.begin(), p.solution.cells.end());
  {
    std::vector<int> cells(p.givens.cells.begin(), p.givens.cells.end());
    brute::Counter k(futoshiki_problem(n, signs), cells);
    REQUIRE(k.count(2) == 1);
    CHECK(k.first() == want);
  }
  for (const auto& s : signs) {
    CHECK(std::abs(s[0] / n - s[1] / n) + std::abs(s[0] % n - s[1] % n) == 1);
    CHECK(p.solution.cells[static_cast<size_t>(s[0])] > p.solution.cells[static_cast<size_t>(s[1])]);
  }
  const auto unsolved_within_cap = [&](const Grid& g) { return !grader::verdict(g, *cap).solved; };
  for (int c = 0; c < n * n; ++c) {
    if (!p.givens.cells[static_cast<size_t>(c)]) continue;
    INFO("given at cell " << c);
    CHECK(p.givens.cells[static_cast<size_t>(c)] == p.solution.cells[static_cast<size_t>(c)]);
    Grid less = p.givens;
    less.cells[static_cast<size_t>(c)] = 0;
    if (!cap) CHECK(count(less, signs) == 2);
    else if (count(less, signs) == 1) CHECK(unsolved_within_cap(less));
  }
  for (size_t i = 0; i < signs.size(); ++i) {
    INFO("sign " << signs[i][0] << ">" << signs[i][1]);
    Signs fewer = signs;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (!cap) {
      CHECK(count(p.givens, fewer) == 2);
    } else if (count(p.givens, fewer) == 1) {
      auto rule = make_inequality_rule(p.givens.shape, fewer);
      REQUIRE(rule);
      Grid g = p.givens;
      g.board = with_rules(**latin_board(n, Variant::kFutoshiki), Variant::kFutoshiki, {*rule});
      CHECK(unsolved_within_cap(g));
    }
  }
}

}  // namespace

TEST_CASE("futoshiki is a Latin variant of 4x4 to 9x9, 5x5 and 7x7 included, with no boxes", "[futoshiki]") {
  const VariantDef& d = variant_def(Variant::kFutoshiki);
  CHECK(d.name == "futoshiki");
  CHECK(d.latin);
  CHECK(d.data_key == "inequalities");
  CHECK(d.instruction.find("box") == std::string_view::npos);
  CHECK((d.how_to_play.find("box") == std::string_view::npos || d.how_to_play.find("no boxes") != std::string_view::npos));
  for (int n = 4; n <= 9; ++n) {
    auto s = variant_shape(std::to_string(n) + "x" + std::to_string(n), "", Variant::kFutoshiki);
    REQUIRE(s.ok());
    CHECK(*s == Shape{1, n});
    auto b = latin_board(n, Variant::kFutoshiki);
    REQUIRE(b.ok());
    CHECK((*b)->variant == Variant::kFutoshiki);
    CHECK((*b)->latin());
  }
  auto big = variant_shape("12x12", "", Variant::kFutoshiki);
  REQUIRE_FALSE(big.ok());
  CHECK_THAT(big.error().to_string(), Catch::StartsWith("futoshiki puzzles are 4x4 to 9x9"));
  auto boxed = variant_shape("6x6", "2x3", Variant::kFutoshiki);
  REQUIRE_FALSE(boxed.ok());
  CHECK_THAT(boxed.error().to_string(), Catch::Contains("futoshiki puzzles have no boxes"));
  CHECK_FALSE(variant_shape("5x5", "", Variant::kGreaterThan).ok());  // greater-than has boxes
  CHECK(gen::check_request(futoshiki(5)).ok());
  gen::Request boxes = futoshiki(6);
  boxes.shape = Shape{2, 3};
  CHECK_FALSE(gen::check_request(boxes).ok());
}

TEST_CASE("futoshiki puzzles of 4x4, 5x5 and 7x7 are unique and minimal in givens and signs by an independent count",
          "[futoshiki]") {
  for (int n : {4, 5, 7}) {
    // Under the sanitizer 4x4 and 5x5 only (7x7's minimality counts run minutes there).
    const std::uint64_t seeds = kSanitized ? (n == 7 ? 0u : 2u) : (n == 7 ? 2u : 5u);
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      auto p = gen::generate_one(futoshiki(n), seed);
      REQUIRE(p);
      CHECK(p->givens.variant() == Variant::kFutoshiki);
      CHECK(p->solution.board == p->givens.board);
      CHECK(solver::is_unique(p->givens));
      certify(*p);
    }
  }
}

TEST_CASE("futoshiki puzzles in a band are certified minimal within the band's top, rated in it, on a sound path",
          "[futoshiki]") {
  // 7x7 in the optimised build, 5x5 under the sanitizer. Not 9x9: with the few givens futoshiki
  // keeps, the independent counter's proofs of a 9x9 puzzle's minimality run minutes.
  const int n = kSanitized ? 5 : 7;
  for (const char* band : {"easy", "medium"}) {
    auto p = gen::generate_one(futoshiki(n, band), 1);
    REQUIRE(p);
    INFO(band);
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
    for (const auto& step : g.path) {
      CHECK(step.technique.find("nique") == std::string::npos);
      CHECK(step.description.find("box") == std::string::npos);
    }
  }
}

TEST_CASE("futoshiki canonical forms ignore the square's eight symmetries and the reversal with signs turned round",
          "[futoshiki]") {
  auto p = gen::generate_one(futoshiki(5), 4);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("futoshiki:", 0) == 0);
  const Signs& signs = signs_of(p->givens);
  const auto base = *latin_board(5, Variant::kFutoshiki);
  for (int t = 0; t < 8; ++t) {  // transposition included: no boxes to keep square
    const std::vector<int> to = square_image(5, t);
    Grid moved(p->givens.shape);
    Signs turned;
    for (int c = 0; c < 25; ++c) {
      const int v = p->givens.cells[static_cast<size_t>(c)];
      moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = static_cast<std::uint8_t>(v ? 6 - v : 0);
    }
    for (const auto& s : signs) turned.push_back({to[static_cast<size_t>(s[1])], to[static_cast<size_t>(s[0])]});
    auto rule = make_inequality_rule(moved.shape, turned);
    REQUIRE(rule);
    moved.board = with_rules(*base, Variant::kFutoshiki, {*rule});
    CHECK(count(moved, turned) == 1);
    CHECK(gen::canonical_form(moved) == form);
  }
  // Another relabelling (1 <-> 2) is another puzzle.
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 1 ? 2 : v == 2 ? 1 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
  // A greater-than puzzle with the same cells and signs on 4x4 has another form (its boxes).
  CHECK(gen::canonical_form(p->givens).rfind("greater-than:", 0) != 0);
}

TEST_CASE("futoshiki puzzles read back from line, grid, CSV and JSON with the variant known", "[futoshiki]") {
  auto p = gen::generate_one(futoshiki(7), 2);
  REQUIRE(p);
  const std::string line = format_line(p->givens);
  const std::string token = codec::line_tokens(p->givens.board.get());
  auto read_one = [](const std::string& text, std::optional<Variant> variant) {
    std::istringstream in(text);
    input::PuzzleReader reader(in, "in.txt");
    if (variant) reader.set_variant(*variant);
    auto item = reader.next();
    REQUIRE(item);
    if (item->grid && variant) reader.apply_variant(item->grid, item->line, *variant);
    return std::move(item->grid);
  };
  // The line 'PUZZLE SIGNS' with --variant futoshiki.
  auto from_line = read_one(line + " " + token + "\n", Variant::kFutoshiki);
  REQUIRE(from_line.ok());
  CHECK(*from_line == p->givens);
  // The grid form (generate --format grid): '# inequalities SIGNS' then the rows, no separators.
  auto from_grid = read_one("# inequalities " + token + "\n" + format_grid(p->givens), Variant::kFutoshiki);
  REQUIRE(from_grid.ok());
  CHECK(*from_grid == p->givens);
  // CSV with its inequalities column.
  auto from_csv = read_one("puzzle,inequalities\n" + line + "," + token + "\n", Variant::kFutoshiki);
  REQUIRE(from_csv.ok());
  CHECK(*from_csv == p->givens);
  // JSON names the variant: no --variant needed.
  nlohmann::json j;
  j["puzzles"] = nlohmann::json::array();
  nlohmann::json e;
  e["puzzle"] = line;
  e["variant"] = "futoshiki";
  codec::put_json(e, p->givens.board.get());
  j["puzzles"].push_back(e);
  auto from_json = read_one(j.dump(), std::nullopt);
  REQUIRE(from_json.ok());
  CHECK(*from_json == p->givens);
  // A 4x4 futoshiki line read with the variant is a Latin square, not a grid of 2x2 boxes.
  auto four = gen::generate_one(futoshiki(4), 1);
  REQUIRE(four);
  auto small = read_one(format_line(four->givens) + " " + codec::line_tokens(four->givens.board.get()) + "\n",
                        Variant::kFutoshiki);
  REQUIRE(small.ok());
  CHECK(small->shape == Shape{1, 4});
  CHECK(*small == four->givens);

  // Bad input: refused with the place.
  auto error_of = [&](const std::string& text, std::optional<Variant> variant) {
    auto g = read_one(text, variant);
    return g ? std::string() : g.error().to_string();
  };
  CHECK_THAT(error_of(line + "\n", Variant::kFutoshiki),
             Catch::Contains("in.txt:1:") && Catch::Contains("futoshiki puzzle needs its signs"));
  CHECK_THAT(error_of(line + " 0>8\n", Variant::kFutoshiki),
             Catch::Contains("in.txt:1:") && Catch::Contains("not side by side"));
  CHECK_THAT(error_of(line.substr(1) + " " + token + "\n", Variant::kFutoshiki),
             Catch::Contains("in.txt:1:") && Catch::Contains("48 cells: a futoshiki line is"));
  // Without the variant a 49-cell line is no puzzle (classic has no 7x7).
  CHECK_THAT(error_of(line + " " + token + "\n", std::nullopt), Catch::Contains("in.txt:1:"));
  e["puzzle"] = line.substr(0, 30);
  j["puzzles"][0] = e;
  CHECK_THAT(error_of(j.dump(), std::nullopt),
             Catch::Contains("in.txt:1:") && Catch::Contains("30 cells: a futoshiki line is 16, 25, 36, 49, 64 or 81"));
  // Futoshiki signs on a grid with boxes are greater-than's; asking for futoshiki then is refused.
  CHECK_THAT(codec::board_from_token(Shape{1, 5}, "inequalities", "0>5;25>1").error().to_string(),
             Catch::StartsWith("futoshiki inequalities:"));
}
