// Sandwich puzzles (SandwichRule): generated puzzles certified by the shared independent counter
// (tests/brute_count.hpp: units as cell lists, the rule as a predicate written here from its words,
// "a number outside a row or column is the sum of the digits between the 1 and the n in it"; nothing
// from src/ decides it), minimal in givens and clues, graded on a path the solution never refutes,
// with a canonical form the square's symmetries do not change, drawn outside the grid, and read
// back through the board codec.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "layout/grid_draw.hpp"
#include "layout/rule_draw.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer puzzles: the plain
// backtracking of the independent counter runs about ten times slower there.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

// Clues as the test states them: per row, per column, -1 for none.
struct Clues {
  std::vector<int> rows, cols;
};

// The rule in its words, on a partial grid: in a clued line the 1 and the n stand somewhere, and the
// digits between them add up to the clue. So some two cells of the line, one holding the 1 or empty
// while the 1 is not placed, the other the same for the n, must leave between them filled digits
// (none of them 1 or n) and empty cells that can still add up to the clue with different digits of
// 2..n-1 the line does not hold yet (between the sums of the smallest and of the largest of them).
brute::Check sandwich_check(int n, const Clues& clues) {
  return [n, clues](const std::vector<int>& cells, int cell) {
    const int r = cell / n, c = cell % n;
    for (int side = 0; side < 2; ++side) {
      const int i = side ? c : r;
      const int clue = (side ? clues.cols : clues.rows)[static_cast<size_t>(i)];
      if (clue < 0) continue;
      auto at = [&](int j) { return cells[static_cast<size_t>(side ? j * n + i : i * n + j)]; };
      int one = -1, top = -1;
      std::vector<bool> used(static_cast<size_t>(n + 1), false);
      for (int j = 0; j < n; ++j) {
        if (at(j) == 1) one = j;
        if (at(j) == n) top = j;
        used[static_cast<size_t>(at(j))] = true;
      }
      std::vector<int> free;  // digits of 2..n-1 not in the line, ascending
      for (int d = 2; d < n; ++d)
        if (!used[static_cast<size_t>(d)]) free.push_back(d);
      bool possible = false;
      for (int p = 0; p < n && !possible; ++p) {
        if (one >= 0 ? p != one : at(p) != 0) continue;
        for (int q = 0; q < n && !possible; ++q) {
          if (q == p || (top >= 0 ? q != top : at(q) != 0)) continue;
          int sum = 0, empty = 0;
          for (int j = std::min(p, q) + 1; j < std::max(p, q); ++j) {
            sum += at(j);
            empty += at(j) == 0;
          }
          if (static_cast<int>(free.size()) < empty) continue;
          int least = 0, most = 0;
          for (int k = 0; k < empty; ++k) {
            least += free[static_cast<size_t>(k)];
            most += free[free.size() - 1 - static_cast<size_t>(k)];
          }
          possible = clue - sum >= least && clue - sum <= most;
        }
      }
      if (!possible) return false;
    }
    return true;
  };
}

int brute_count(const Grid& g, const Clues& clues, int limit = 2) {
  brute::Problem p{g.n(), g.size(), brute::sudoku_units(g.shape.box_rows, g.shape.box_cols), {}};
  p.checks.push_back(sandwich_check(g.n(), clues));
  return brute::Counter(p, std::vector<int>(g.cells.begin(), g.cells.end())).count(limit);
}

// The clues of a filled grid, read as the rule says (the test's own reading).
Clues clues_of_solution(const Grid& s) {
  const int n = s.n();
  Clues out{std::vector<int>(static_cast<size_t>(n)), std::vector<int>(static_cast<size_t>(n))};
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      std::vector<int> line;
      for (int j = 0; j < n; ++j) line.push_back(s.cells[static_cast<size_t>(side ? j * n + i : i * n + j)]);
      const auto a = std::find(line.begin(), line.end(), 1) - line.begin();
      const auto b = std::find(line.begin(), line.end(), n) - line.begin();
      int sum = 0;
      for (auto j = std::min(a, b) + 1; j < std::max(a, b); ++j) sum += line[static_cast<size_t>(j)];
      (side ? out.cols : out.rows)[static_cast<size_t>(i)] = sum;
    }
  return out;
}

gen::Request sandwich(Shape shape, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kSandwich;
  if (band) {
    r.rating = *grader::band_range(band, r.bands);
    r.difficulty = band;
  }
  return r;
}

Clues clues_of(const Grid& g) {
  const SandwichRule* rule = g.board->rule<SandwichRule>();
  REQUIRE(rule);
  Clues out{rule->rows, rule->cols};
  for (int& v : out.rows) v = v == kNoSandwich ? -1 : v;
  for (int& v : out.cols) v = v == kNoSandwich ? -1 : v;
  return out;
}

Grid with_clues(const Grid& g, const Clues& clues) {
  std::vector<int> rows = clues.rows, cols = clues.cols;
  for (int& v : rows) v = v < 0 ? kNoSandwich : v;
  for (int& v : cols) v = v < 0 ? kNoSandwich : v;
  auto rule = make_sandwich_rule(g.shape, rows, cols);
  REQUIRE(rule);
  Grid out = g;
  out.board = with_rules(classic_board(g.shape), Variant::kSandwich, {*rule});
  return out;
}

// One generated puzzle certified: one solution by the independent count, every clue the sum on the
// generator's solution, and a second solution when any given or any clue is taken away (with
// `cap`: a second one, or the grader needs a step above the cap). `brute_minimal` false: the
// second solutions are counted by the exact engine (the independent counter's plain backtracking
// takes minutes on a 9x9 puzzle of four or five givens with one of them gone).
void certify(const Puzzle& p, std::optional<double> cap = std::nullopt, bool brute_minimal = true) {
  auto count = [&](const Grid& g, const Clues& c) {
    return brute_minimal ? brute_count(g, c) : solver::count_solutions(with_clues(g, c), 2);
  };
  const Clues clues = clues_of(p.givens);
  const Clues truth = clues_of_solution(p.solution);
  INFO(p.givens.shape.name() << " " << format_line(p.givens) << " " << codec::line_tokens(p.givens.board.get()));
  REQUIRE(brute_count(p.givens, clues) == 1);
  int clued = 0;
  for (int side = 0; side < 2; ++side)
    for (size_t i = 0; i < clues.rows.size(); ++i) {
      const int v = (side ? clues.cols : clues.rows)[i];
      if (v < 0) continue;
      ++clued;
      CHECK(v == (side ? truth.cols : truth.rows)[i]);
    }
  CHECK(clued > 0);
  for (int c = 0; c < p.givens.size(); ++c) {
    const int v = p.givens.cells[static_cast<size_t>(c)];
    if (!v) continue;
    CHECK(v == p.solution.cells[static_cast<size_t>(c)]);
    INFO("given at cell " << c);
    Grid less = p.givens;
    less.cells[static_cast<size_t>(c)] = 0;
    if (!cap) {
      CHECK(count(less, clues) == 2);
    } else if (count(less, clues) == 1) {
      CHECK_FALSE(grader::verdict(less, *cap).solved);
    }
  }
  for (int side = 0; side < 2; ++side)
    for (size_t i = 0; i < clues.rows.size(); ++i) {
      if ((side ? clues.cols : clues.rows)[i] < 0) continue;
      INFO((side ? "column " : "row ") << i + 1);
      Clues fewer = clues;
      (side ? fewer.cols : fewer.rows)[i] = -1;
      const bool none = std::all_of(fewer.rows.begin(), fewer.rows.end(), [](int v) { return v < 0; }) &&
                        std::all_of(fewer.cols.begin(), fewer.cols.end(), [](int v) { return v < 0; });
      if (none) continue;  // the last clue: a sandwich puzzle keeps one
      if (!cap) {
        CHECK(count(p.givens, fewer) == 2);
      } else if (count(p.givens, fewer) == 1) {
        CHECK_FALSE(grader::verdict(with_clues(p.givens, fewer), *cap).solved);
      }
    }
}

// A recorded grade path: unique, solved, no step the solution refutes, no uniqueness technique.
void check_path(const Puzzle& p, bool want_sandwich_step) {
  grader::GradeOptions go;
  go.record_path = true;
  go.check_against = &p.solution;
  const grader::Grade g = grader::grade(p.givens, go);
  CHECK(g.unique);
  CHECK(g.solved);
  CHECK(g.wrong_step.empty());
  CHECK_FALSE(g.used_uniqueness);
  bool sandwich_step = false;
  for (const auto& step : g.path) {
    CHECK(step.technique.find("nique") == std::string::npos);
    CHECK(step.technique != "BUG");
    sandwich_step = sandwich_step || step.technique.rfind("Sandwich", 0) == 0;
  }
  if (want_sandwich_step) CHECK(sandwich_step);
}

}  // namespace

TEST_CASE("sandwich puzzles of 6x6 are unique and minimal by the independent count", "[sandwich]") {
  for (std::uint64_t seed = 1; seed <= (kSanitized ? 2u : 4u); ++seed) {
    auto p = gen::generate_one(sandwich(Shape{2, 3}), seed);
    REQUIRE(p);
    CHECK(p->givens.variant() == Variant::kSandwich);
    CHECK(p->solution.board == p->givens.board);
    CHECK(check_givens(p->solution));
    certify(*p);
  }
}

// A 9x9 puzzle of `band` certified, graded on a sound path. (Unrated 9x9 puzzles keep four or five
// givens; the independent counter needs minutes for their minimality, so the 6x6 case above
// certifies the unrated maker.)
void certify_9x9(const char* band, std::uint64_t seed, bool brute_minimal) {
  auto p = gen::generate_one(sandwich(Shape{3, 3}, band), seed);
  REQUIRE(p);
  INFO("9x9 " << (band ? band : "unrated") << " seed " << seed);
  const grader::Bands b;
  certify(*p, grader::band_range(band, b)->hi, brute_minimal);
  CHECK(p->label == band);
  check_path(*p, true);
}

TEST_CASE("sandwich 9x9 easy: certified, minimal within the band's top, rated in it, on a sound path", "[sandwich]") {
  certify_9x9("easy", 1, true);
}
TEST_CASE("sandwich 9x9 medium: certified, minimal within the band's top, rated in it, on a sound path", "[sandwich]") {
  if (!kSanitized) certify_9x9("medium", 1, false);
}
TEST_CASE("sandwich 9x9 hard: certified, minimal within the band's top, rated in it, on a sound path", "[sandwich]") {
  if (!kSanitized) certify_9x9("hard", 1, false);
}

TEST_CASE("the sandwich propagator and the independent count agree", "[sandwich]") {
  // 6x6 solutions' clues, some of them, with a few givens: the exact engine's count (up to 3) is the
  // brute count.
  for (std::uint64_t seed = 1; seed <= (kSanitized ? 4u : 10u); ++seed) {
    auto p = gen::generate_one(sandwich(Shape{2, 3}), seed);
    REQUIRE(p);
    Clues all = clues_of_solution(p->solution);
    Rng rng(seed);
    for (int& v : all.rows)
      if (rng.below(3) == 0) v = -1;
    for (int& v : all.cols)
      if (rng.below(3) == 0) v = -1;
    all.rows[0] = clues_of_solution(p->solution).rows[0];
    Grid g = p->givens;
    for (auto& v : g.cells) v = 0;
    for (int k = 0; k < 4; ++k) {
      const int c = static_cast<int>(rng.below(36));
      g.cells[static_cast<size_t>(c)] = p->solution.cells[static_cast<size_t>(c)];
    }
    g = with_clues(g, all);
    INFO(format_line(g) << " " << codec::line_tokens(g.board.get()));
    CHECK(solver::count_solutions(g, 3) == brute_count(g, all, 3));
  }
}

TEST_CASE("sandwich ends and combinations are the rule's consequences", "[sandwich]") {
  // 9x9, row 1 clue 35 (all of 2..8 between): the 1 and the 9 stand at its ends.
  std::vector<int> rows(9, kNoSandwich), cols(9, kNoSandwich);
  rows[0] = 35;
  auto rule = make_sandwich_rule(Shape{3, 3}, rows, cols);
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{3, 3}), Variant::kSandwich, {*rule}));
  grader::GradeOptions go;
  go.record_path = true;
  go.assume_unique = true;
  go.max_rating = 2.2;
  const grader::Grade grade = grader::grade(g, go);
  REQUIRE_FALSE(grade.path.empty());
  const auto& first = grade.path.front();
  CHECK(first.technique == "Sandwich ends");
  CHECK(first.rating == Approx(1.2));
  // r1c2..r1c8 lose 1 and 9 (14 eliminations), r1c1 and r1c9 keep everything.
  CHECK(first.eliminations.size() == 14);
  for (const auto& e : first.eliminations) {
    CHECK(e.cell >= 1);
    CHECK(e.cell <= 7);
    CHECK((e.value == 1 || e.value == 9));
  }
  // Then the combinations: the ends hold only 1 and 9.
  bool combined = false;
  for (const auto& step : grade.path)
    if (step.technique == "Sandwich combinations") {
      combined = true;
      CHECK(step.rating == Approx(2.2));
      for (const auto& e : step.eliminations) CHECK((e.cell == 0 || e.cell == 8));
      break;
    }
  CHECK(combined);
  // Clue 0: 1 and 9 side by side. With a 1 given at r1c5 the 9 is at r1c4 or r1c6.
  rows[0] = 0;
  auto zero = make_sandwich_rule(Shape{3, 3}, rows, cols);
  REQUIRE(zero);
  Grid h(with_rules(classic_board(Shape{3, 3}), Variant::kSandwich, {*zero}));
  h.cells[4] = 1;
  const grader::Grade hg = grader::grade(h, go);
  bool ends = false;
  for (const auto& step : hg.path)
    if (step.technique == "Sandwich ends") {
      ends = true;
      for (const auto& e : step.eliminations) {
        CHECK(e.value == 9);
        CHECK(e.cell != 3);
        CHECK(e.cell != 5);
      }
      break;
    }
  CHECK(ends);
}

TEST_CASE("sandwich canonical forms ignore the square's symmetries and no relabelling but the identity", "[sandwich]") {
  auto p = gen::generate_one(sandwich(Shape{3, 3}), 7);
  REQUIRE(p);
  const std::string form = gen::canonical_form(p->givens);
  CHECK(form.rfind("sandwich:", 0) == 0);
  const Clues clues = clues_of(p->givens);
  for (int t = 1; t < 8; ++t) {
    const std::vector<int> to = square_image(9, t);
    Grid moved(p->givens.shape);
    for (int c = 0; c < 81; ++c)
      moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = p->givens.cells[static_cast<size_t>(c)];
    // Where each line goes, by the images of its first two cells (the test's own reading).
    Clues image{std::vector<int>(9, -1), std::vector<int>(9, -1)};
    for (int side = 0; side < 2; ++side)
      for (int i = 0; i < 9; ++i) {
        const int a = to[static_cast<size_t>(side ? i : i * 9)], b = to[static_cast<size_t>(side ? 9 + i : i * 9 + 1)];
        const int v = (side ? clues.cols : clues.rows)[static_cast<size_t>(i)];
        if (a / 9 == b / 9)
          image.rows[static_cast<size_t>(a / 9)] = v;
        else
          image.cols[static_cast<size_t>(a % 9)] = v;
      }
    moved = with_clues(moved, image);
    CHECK(solver::is_unique(moved));
    CHECK(gen::canonical_form(moved) == form);
  }
  // Swapping two digits of the givens breaks the clues' meaning: another form.
  Grid swapped = p->givens;
  for (auto& v : swapped.cells) v = v == 2 ? 3 : v == 3 ? 2 : v;
  if (swapped.cells != p->givens.cells) CHECK(gen::canonical_form(swapped) != form);
}

TEST_CASE("sandwich clues are drawn outside the grid, inside its footprint, on puzzles only", "[sandwich]") {
  std::vector<int> rows(6, kNoSandwich), cols(6, kNoSandwich);
  rows[2] = 14;
  cols[4] = 0;
  auto rule = make_sandwich_rule(Shape{2, 3}, rows, cols);
  REQUIRE(rule);
  Grid g(with_rules(classic_board(Shape{2, 3}), Variant::kSandwich, {*rule}));
  const layout::GridStyle style;
  const double x = 10, y = 20, cell = 8;
  const double footprint = layout::grid_extent_mm(6, cell, style);
  std::vector<layout::Item> items;
  layout::draw_grid(items, x, y, cell, g, nullptr, style);
  const double inner = layout::outside_clue_cell_mm(6, cell, style);
  CHECK(inner < cell);
  CHECK(6 * inner + layout::outside_clue_margin_mm(inner, style) <= 6 * cell + 1e-9);
  std::vector<const layout::TextItem*> texts;
  for (const auto& item : items) {
    if (const auto* t = std::get_if<layout::TextItem>(&item)) texts.push_back(t);
    if (const auto* r = std::get_if<layout::RectItem>(&item)) {  // the border, moved right and down
      CHECK(r->box.x > x);
      CHECK(r->box.x + r->box.w <= x + footprint + 1e-9);
      CHECK(r->box.y + r->box.h <= y + footprint + 1e-9);
    }
  }
  REQUIRE(texts.size() == 2);
  const double half = 0.5 * 25.4 / 72 * style.border_pt;
  const double x0 = x + 6 * cell - 6 * inner + half, y0 = y + 6 * cell - 6 * inner + half;  // the grid's top left
  for (const auto* t : texts) {
    CHECK(t->box.x >= x - 1e-9);
    CHECK(t->box.y >= y - 1e-9);
    CHECK(t->font.size_pt >= style.min_digit_pt);
    if (t->text == "14") {
      CHECK(t->box.x + t->box.w < x0);  // left of row 3
      CHECK(t->box.y == Approx(y0 + 2 * inner));
    } else {
      CHECK(t->text == "0");
      CHECK(t->box.y + t->box.h < y0);  // above column 5
      CHECK(t->box.x == Approx(x0 + 4 * inner));
    }
  }
  // An answer shows the plain grid at the full cell: no clue, the border where it always is.
  std::vector<layout::Item> answer;
  Grid solution = g;
  layout::draw_grid(answer, x, y, cell, g, &solution, style);
  for (const auto& item : answer) {
    if (const auto* t = std::get_if<layout::TextItem>(&item)) CHECK(t->text.size() == 1);
    if (const auto* r = std::get_if<layout::RectItem>(&item)) CHECK(r->box.w == Approx(6 * cell));
  }
}

TEST_CASE("sandwich puzzles read back from the line, JSON and CSV forms; bad clues are refused", "[sandwich]") {
  auto p = gen::generate_one(sandwich(Shape{2, 3}), 3);
  REQUIRE(p);
  const SandwichRule& rule = *p->givens.board->rule<SandwichRule>();
  const std::string token = rule_token(rule);
  CHECK(token.rfind("S:", 0) == 0);
  auto fields = codec::fields(p->givens.board.get());
  REQUIRE(fields.size() == 1);
  CHECK(fields[0].key == "sandwich");
  CHECK(fields[0].token == token);
  const auto json = codec::json_value(p->givens.board.get(), "sandwich");
  REQUIRE(json.is_object());
  CHECK(json["rows"].size() == 6);
  CHECK(json["cols"].size() == 6);
  for (size_t i = 0; i < 6; ++i) {
    CHECK((json["rows"][i].is_null() ? kNoSandwich : json["rows"][i].get<int>()) == rule.rows[i]);
    CHECK((json["cols"][i].is_null() ? kNoSandwich : json["cols"][i].get<int>()) == rule.cols[i]);
  }
  auto from_json = codec::token_from_json("sandwich", nlohmann::json::parse(json.dump()));
  REQUIRE(from_json);
  CHECK(*from_json == token);
  auto board = codec::board_from_token(Shape{2, 3}, "sandwich", token);
  REQUIRE(board);
  CHECK((*board)->variant == Variant::kSandwich);
  CHECK(*(*board)->rule<SandwichRule>() == rule);
  CHECK(codec::keys_of(Variant::kSandwich) == std::vector<std::string_view>{"sandwich"});
  CHECK(rule_token(*make_sandwich_rule(Shape{2, 3}, {0, kNoSandwich, 14, 2, 3, 5}, {kNoSandwich, 0, 0, 0, 0, 0})) ==
        "S:0.-.14.2.3.5/-.0.0.0.0.0");

  auto bad = [](std::string_view text, Shape shape = Shape{2, 3}) {
    auto b = codec::board_from_token(shape, "sandwich", text);
    return b ? std::string() : b.error().to_string();
  };
  CHECK(bad("S:0.0.0.0.0/0.0.0.0.0.0") == "sandwich sandwich: 5 row clues, expected 6 (one per row)");
  CHECK(bad("S:0.0.0.0.0.0/0.0.0.0.0.0.0") == "sandwich sandwich: 7 column clues, expected 6 (one per column)");
  CHECK(bad("S:0.0.13.0.0.0/-.-.-.-.-.-") ==
        "sandwich sandwich: row 3: clue 13; the digits 2 to 5 between the 1 and the 6 add up to 0, 2 to 12 or 14");
  CHECK(bad("S:0.0.0.0.0.0/-.-.-.1.-.-") ==
        "sandwich sandwich: column 4: clue 1; the digits 2 to 5 between the 1 and the 6 add up to 0, 2 to 12 or 14");
  CHECK(bad("S:0.x.0.0.0.0/-.-.-.-.-.-") == "sandwich sandwich: row 2: 'x' is no clue (a number, or - for none)");
  CHECK(bad("S:0.0.0.0.0.0") == "sandwich sandwich: no '/' between the row clues and the column clues");
  CHECK(bad("S:-.-.-.-.-.-/-.-.-.-.-.-") == "sandwich sandwich: no clues (a sandwich puzzle has at least one)");
  CHECK(bad("S:0.0.0.0/0.0.0.0", Shape{2, 2}).find("sandwich sandwich: sandwich puzzles are 6x6 to 9x9") == 0);
  CHECK_FALSE(codec::token_from_json("sandwich", nlohmann::json::array()));
  CHECK_FALSE(codec::token_from_json("sandwich", nlohmann::json::parse(R"({"rows": [1, "a"], "cols": []})")));
  // A given that breaks a clue names the line.
  std::vector<int> rows(6, kNoSandwich), cols(6, kNoSandwich);
  rows[0] = 5;
  auto r = make_sandwich_rule(Shape{2, 3}, rows, cols);
  REQUIRE(r);
  Grid g(with_rules(classic_board(Shape{2, 3}), Variant::kSandwich, {*r}));
  g.cells[0] = 1;
  g.cells[1] = 2;
  g.cells[2] = 6;
  const auto why = check_rule(*r, board_of(g), g.cells);
  REQUIRE_FALSE(why);
  CHECK(why.error().to_string() == "row 1: the digits between the 1 and the 6 add up to 2, not the clue 5");
}
