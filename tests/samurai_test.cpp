// Samurai: the board (five overlapping 9x9 grids on a 21x21 layout), generated puzzles checked by
// an independent counter written from the layout text, the 441-character line and JSON forms read
// back, bad lines refused, canonical forms and reproducibility.
#include <catch2/catch.hpp>
#include <cstdlib>

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/rng.hpp"
#include "generator/canonical.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "input/puzzle_reader.hpp"
#include "layout/grid_draw.hpp"
#include "solver/solver.hpp"
#include "spec/spec.hpp"

using namespace gp;

namespace {

constexpr int kSide = 21;

// The five grids' top-left corners on the 21x21 layout, written here from the rules of Samurai
// (corners and centre, the centre grid sharing a 3x3 box with each corner grid).
constexpr std::array<std::array<int, 2>, 5> kOrigins{{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}};

// Every row, column and box of every grid, as layout positions (r * 21 + c).
std::vector<std::vector<int>> layout_units() {
  std::vector<std::vector<int>> units;
  for (const auto& [top, left] : kOrigins)
    for (int k = 0; k < 9; ++k) {
      std::vector<int> row, col, box;
      for (int i = 0; i < 9; ++i) {
        row.push_back((top + k) * kSide + left + i);
        col.push_back((top + i) * kSide + left + k);
        box.push_back((top + k / 3 * 3 + i / 3) * kSide + left + k % 3 * 3 + i % 3);
      }
      units.push_back(row);
      units.push_back(col);
      units.push_back(box);
    }
  return units;
}

bool on_board(int p) {
  const int r = p / kSide, c = p % kSide;
  for (const auto& [top, left] : kOrigins)
    if (r >= top && r < top + 9 && c >= left && c < left + 9) return true;
  return false;
}

// Plain backtracking over the layout text ('#' off the board, '.' empty): a value with one place
// left in a unit, else the empty position with the fewest legal values, tried in turn. Shares
// nothing with src/solver or core's board.
struct LayoutCounter {
  std::vector<std::vector<int>> units = layout_units();
  std::vector<std::vector<int>> of = std::vector<std::vector<int>>(kSide * kSide);
  std::vector<int> value = std::vector<int>(kSide * kSide, 0);
  std::vector<unsigned> used;
  int count = 0, limit = 2;

  explicit LayoutCounter(const std::string& text) : used(units.size(), 0) {
    for (size_t k = 0; k < units.size(); ++k)
      for (int p : units[k]) of[static_cast<size_t>(p)].push_back(static_cast<int>(k));
    for (int p = 0; p < kSide * kSide; ++p) {
      const char ch = text[static_cast<size_t>(p)];
      value[static_cast<size_t>(p)] = ch >= '1' && ch <= '9' ? ch - '0' : 0;
    }
  }
  unsigned taken(int p) const {
    unsigned m = 0;
    for (int k : of[static_cast<size_t>(p)]) m |= used[static_cast<size_t>(k)];
    return m;
  }
  bool init() {
    for (int p = 0; p < kSide * kSide; ++p)
      if (const int v = value[static_cast<size_t>(p)]) {
        if (taken(p) >> v & 1) return false;
        for (int k : of[static_cast<size_t>(p)]) used[static_cast<size_t>(k)] |= 1u << v;
      }
    return true;
  }
  void run() {
    if (count >= limit) return;
    int best = -1, best_k = 10;
    for (int p = 0; p < kSide * kSide; ++p) {
      if (value[static_cast<size_t>(p)] || of[static_cast<size_t>(p)].empty()) continue;
      int k = 0;
      for (int v = 1; v <= 9; ++v) k += !(taken(p) >> v & 1);
      if (k < best_k) best = p, best_k = k;
    }
    if (best < 0) {
      ++count;
      return;
    }
    if (best_k == 0) return;
    unsigned only = ~0u;  // the values tried in `best`
    // A value with one place left in a unit is tried there alone; with none, a dead end.
    for (size_t k = 0; k < units.size() && best_k > 1; ++k)
      for (int v = 1; v <= 9; ++v) {
        if (used[k] >> v & 1) continue;
        int places = 0, at = -1;
        for (int p : units[k])
          if (!value[static_cast<size_t>(p)] && !(taken(p) >> v & 1)) ++places, at = p;
        if (places == 0) return;
        if (places == 1) {
          best = at, best_k = 1, only = 1u << v;
          break;
        }
      }
    for (int v = 1; v <= 9 && count < limit; ++v) {
      if ((taken(best) >> v & 1) || !(only >> v & 1)) continue;
      for (int k : of[static_cast<size_t>(best)]) used[static_cast<size_t>(k)] |= 1u << v;
      value[static_cast<size_t>(best)] = v;
      run();
      value[static_cast<size_t>(best)] = 0;
      for (int k : of[static_cast<size_t>(best)]) used[static_cast<size_t>(k)] &= ~(1u << v);
    }
  }
};

int count_layout(const std::string& text, int limit = 2) {
  LayoutCounter k(text);
  k.limit = limit;
  if (!k.init()) return 0;
  k.run();
  return k.count;
}

// Whether singles alone solve the layout text: hidden singles in every unit, and with `naked`
// also cells with one legal value. Written from the layout, not from the grader.
bool singles_solve(std::string text, bool naked) {
  const auto units = layout_units();
  auto legal = [&](int p) {
    unsigned m = 0x3FE;
    for (const auto& u : units)
      if (std::find(u.begin(), u.end(), p) != u.end())
        for (int q : u)
          if (text[static_cast<size_t>(q)] >= '1' && text[static_cast<size_t>(q)] <= '9') m &= ~(1u << (text[static_cast<size_t>(q)] - '0'));
    return m;
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (const auto& u : units)
      for (int v = 1; v <= 9; ++v) {
        int places = 0, at = -1;
        bool there = false;
        for (int p : u) {
          if (text[static_cast<size_t>(p)] == '0' + v) there = true;
          if (text[static_cast<size_t>(p)] == '.' && (legal(p) >> v & 1)) ++places, at = p;
        }
        if (!there && places == 1) {
          text[static_cast<size_t>(at)] = static_cast<char>('0' + v);
          progress = true;
        }
      }
    if (naked && !progress)
      for (int p = 0; p < kSide * kSide && !progress; ++p)
        if (text[static_cast<size_t>(p)] == '.' && std::popcount(legal(p)) == 1) {
          text[static_cast<size_t>(p)] = static_cast<char>('0' + std::countr_zero(legal(p)));
          progress = true;
        }
  }
  return text.find('.') == std::string::npos;
}

gen::Request samurai_request() {
  gen::Request r;
  r.variant = Variant::kSamurai;
  r.budget_seconds = 120;
  return r;
}

}  // namespace

TEST_CASE("samurai board: five grids over one union of cells", "[samurai]") {
  const auto board = samurai_board();
  REQUIRE(board);
  CHECK(board->variant == Variant::kSamurai);
  CHECK(variant_name(Variant::kSamurai) == "samurai");
  CHECK(*parse_variant("samurai") == Variant::kSamurai);
  CHECK(board->n == 9);
  CHECK(board->cells == 369);  // 5 * 81 - 4 * 9 shared
  CHECK(board->layout_rows == kSide);
  CHECK(board->layout_cols == kSide);
  CHECK(board->units.size() == 131u);  // 5 * 27, the four shared boxes once
  REQUIRE(board->position.size() == 369u);
  REQUIRE(board->cell_at.size() == 441u);
  int off = 0;
  for (int p = 0; p < kSide * kSide; ++p) {
    const int c = board->cell_at[static_cast<size_t>(p)];
    CHECK((c >= 0) == on_board(p));
    if (c < 0) {
      ++off;
      continue;
    }
    CHECK(board->position[static_cast<size_t>(c)] == p);
  }
  CHECK(off == 72);
  // The board's units are exactly the layout's rows, columns and boxes.
  std::set<std::vector<int>> want, have;
  for (auto u : layout_units()) {
    std::vector<int> cells;
    for (int p : u) cells.push_back(board->cell_at[static_cast<size_t>(p)]);
    std::sort(cells.begin(), cells.end());
    want.insert(cells);
  }
  for (const auto& u : board->units) {
    CHECK(u.size() == 9u);
    CHECK(std::is_sorted(u.begin(), u.end()));
    have.insert(u);
  }
  CHECK(have == want);
  CHECK(have.size() == board->units.size());
  // A cell of a shared box is in two grids: its two rows and columns, one box.
  const int shared = board->cell_at[6 * kSide + 6];
  CHECK(board->extra_of[static_cast<size_t>(shared)].size() == 2u);  // the centre's row and column
  CHECK(board->peers[static_cast<size_t>(shared)].size() == 20u + 20u - 8u);  // the box once
  CHECK(board->unit_name(0) == "row 1 of the top-left grid");
  CHECK(variant_size_problem(Variant::kSamurai, Shape{2, 3}) != "");
  CHECK(variant_size_problem(Variant::kSamurai, Shape{3, 3}) == "");
}

TEST_CASE("samurai puzzles: unique by an independent counter, reproducible", "[samurai]") {
  const gen::Request r = samurai_request();
  REQUIRE(gen::check_request(r));
  // The independent counter is slow under the sanitizers: one seed there.
  const std::vector<std::uint64_t> seeds =
      std::getenv("GRIDPRESS_SANITIZED") ? std::vector<std::uint64_t>{1} : std::vector<std::uint64_t>{1, 2, 3};
  for (std::uint64_t seed : seeds) {
    auto p = gen::generate_one(r, seed);
    REQUIRE(p);
    const std::string puzzle = format_line(p->givens), solution = format_line(p->solution);
    REQUIRE(puzzle.size() == 441u);
    REQUIRE(solution.size() == 441u);
    CHECK(count_layout(puzzle) == 1);
    CHECK(count_layout(solution) == 1);  // a full, valid board
    for (size_t i = 0; i < puzzle.size(); ++i) {
      CHECK((puzzle[i] == '#') == !on_board(static_cast<int>(i)));
      if (puzzle[i] != '.' && puzzle[i] != '#') CHECK(puzzle[i] == solution[i]);
      if (on_board(static_cast<int>(i))) CHECK(solution[i] != '.');
    }
    CHECK(p->givens.clue_count() < 369);
    CHECK(p->canonical.rfind("samurai:", 0) == 0);
    auto again = gen::generate_one(r, seed);
    REQUIRE(again);
    CHECK(again->givens == p->givens);
  }
}

TEST_CASE("samurai: a symmetric dig keeps its pattern", "[samurai]") {
  gen::Request r = samurai_request();
  r.symmetry = "rotate180";
  auto p = gen::generate_one(r, 7);
  REQUIRE(p);
  const std::string puzzle = format_line(p->givens);
  for (int i = 0; i < 441; ++i) CHECK((puzzle[static_cast<size_t>(i)] == '.') == (puzzle[static_cast<size_t>(440 - i)] == '.'));
  CHECK(count_layout(puzzle) == 1);
}

TEST_CASE("samurai lines and JSON read back", "[samurai]") {
  auto p = gen::generate_one(samurai_request(), 5);
  REQUIRE(p);
  const std::string line = format_line(p->givens);
  auto back = parse_line(line);
  REQUIRE(back);
  CHECK(*back == p->givens);
  CHECK(back->variant() == Variant::kSamurai);
  CHECK(solver::count_solutions(*back, 2) == 1);

  std::istringstream lines(line + "\n" + format_line(p->solution) + "\n");
  input::PuzzleReader reader(lines, "in.txt");
  auto a = reader.next();
  REQUIRE(a);
  REQUIRE(a->grid);
  CHECK(*a->grid == p->givens);
  auto b = reader.next();
  REQUIRE(b);
  REQUIRE(b->grid);
  CHECK(*b->grid == p->solution);

  std::istringstream json(R"({"puzzles": [{"variant": "samurai", "puzzle": ")" + line + R"("}]})");
  input::PuzzleReader jr(json, "in.json");
  auto j = jr.next();
  REQUIRE(j);
  REQUIRE(j->grid);
  CHECK(*j->grid == p->givens);

  // The same puzzle turned a half turn has the same canonical form.
  std::string turned(line.rbegin(), line.rend());
  auto t = parse_line(turned);
  REQUIRE(t);
  CHECK(gen::canonical_form(*t) == gen::canonical_form(p->givens));
  CHECK(gen::canonical_form(*t) != gen::canonical_form(*parse_line(format_line(p->solution))));
}

TEST_CASE("bad samurai lines name the line and what is wrong", "[samurai]") {
  const std::string good = format_line(Grid(samurai_board()));
  REQUIRE(good.size() == 441u);
  std::string short_line = good.substr(0, 440);
  std::string hash_on_board = good;
  hash_on_board[0] = '#';
  std::string digit_off_board = good;
  digit_off_board[9] = '5';  // row 1, column 10: between the top grids
  REQUIRE(good[9] == '#');

  auto e1 = parse_line(short_line);
  REQUIRE_FALSE(e1);
  CHECK_THAT(e1.error().to_string(), Catch::Contains("440 characters, expected 441"));
  auto e2 = parse_line(hash_on_board);
  REQUIRE_FALSE(e2);
  CHECK_THAT(e2.error().to_string(), Catch::Contains("a cell of the board"));
  auto e3 = parse_line(digit_off_board);
  REQUIRE_FALSE(e3);
  CHECK_THAT(e3.error().to_string(), Catch::Contains("row 1, column 10"));
  CHECK_THAT(e3.error().to_string(), Catch::Contains("off the board"));

  std::istringstream in(good + "\n" + short_line + "\n" + hash_on_board + "\n");
  input::PuzzleReader reader(in, "in.txt");
  auto a = reader.next();
  REQUIRE(a);
  CHECK(a->grid);
  auto b = reader.next();
  REQUIRE(b);
  REQUIRE_FALSE(b->grid);
  CHECK_THAT(b->grid.error().to_string(), Catch::Contains("in.txt:2"));
  CHECK_THAT(b->grid.error().to_string(), Catch::Contains("440 characters"));
  auto c = reader.next();  // starts with '#', yet a samurai line, not a comment
  REQUIRE(c);
  REQUIRE_FALSE(c->grid);
  CHECK_THAT(c->grid.error().to_string(), Catch::Contains("in.txt:3"));
  CHECK_THAT(c->grid.error().to_string(), Catch::Contains("a cell of the board"));

  // CSV as generate writes it reads back (a filled board: every digit is read back in place; a
  // generated puzzle would cost a whole dig here).
  Rng rng(4);
  const Grid filled = gen::fill_board(samurai_board(), rng);
  std::istringstream csv("index,puzzle,clues\n1," + format_line(filled) + ",369\n");
  input::PuzzleReader cr(csv, "in.csv");
  auto row = cr.next();
  REQUIRE(row);
  REQUIRE(row->grid);
  CHECK(*row->grid == filled);

  // Two givens alike in the centre grid's row: a rule error names the grid.
  std::string twice = good;
  twice[6 * kSide + 6] = '4';
  twice[6 * kSide + 14] = '4';
  auto g = parse_line(twice);
  REQUIRE(g);
  auto st = check_givens(*g);
  REQUIRE_FALSE(st);
  CHECK_THAT(st.error().to_string(), Catch::Contains("row 1 of the centre grid"));
}

TEST_CASE("samurai layout: every line borders a cell of the board, none off it", "[samurai]") {
  auto p = gen::generate_one(samurai_request(), 9);
  REQUIRE(p);
  const layout::GridStyle style;
  const double cell = 5.0, x = 10.0, y = 20.0;
  std::vector<layout::Item> items;
  layout::draw_grid(items, x, y, cell, p->givens, &p->solution, style);
  CHECK(layout::drawn_side(p->givens) == kSide);
  const double half = layout::pt_to_mm(style.border_pt) / 2;
  const double x0 = x + half, y0 = y + half;
  // The cell at layout (r, c), or off the board (also outside the layout).
  auto on = [&](int r, int c) { return r >= 0 && c >= 0 && r < kSide && c < kSide && on_board(r * kSide + c); };
  int lines = 0, borders = 0, digits = 0;
  double thinnest_box = 1e9;
  // Each cell-long piece of a segment along row/column line k must have a cell of the board on
  // one side at least.
  auto check_segment = [&](double ax, double ay, double bx, double by) {
    const bool horizontal = std::abs(ay - by) < 1e-9;
    const double fixed = horizontal ? (ay - y0) / cell : (ax - x0) / cell;
    const int k = static_cast<int>(std::lround(fixed));
    CHECK(std::abs(fixed - k) < 1e-6);  // on a cell edge
    const double from = horizontal ? (std::min(ax, bx) - x0) / cell : (std::min(ay, by) - y0) / cell;
    const double to = horizontal ? (std::max(ax, bx) - x0) / cell : (std::max(ay, by) - y0) / cell;
    for (int i = static_cast<int>(std::lround(from)); i < static_cast<int>(std::lround(to)); ++i) {
      const bool inked = horizontal ? on(k - 1, i) || on(k, i) : on(i, k - 1) || on(i, k);
      CHECK(inked);
    }
  };
  for (const auto& item : items) {
    if (const auto* l = std::get_if<layout::LineItem>(&item)) {
      ++lines;
      check_segment(l->x1, l->y1, l->x2, l->y2);
      if (l->width_pt > style.thin_pt) thinnest_box = std::min(thinnest_box, l->width_pt);
    } else if (const auto* rect = std::get_if<layout::RectItem>(&item)) {
      CHECK(rect->fill_grey < 0);  // no shading: the extra grids' units are not marked
      ++borders;
      const layout::Box& b = rect->box;
      check_segment(b.x, b.y, b.x + b.w, b.y);
      check_segment(b.x, b.y + b.h, b.x + b.w, b.y + b.h);
      check_segment(b.x, b.y, b.x, b.y + b.h);
      check_segment(b.x + b.w, b.y, b.x + b.w, b.y + b.h);
      CHECK(b.w == Approx(9 * cell));
    } else if (const auto* t = std::get_if<layout::TextItem>(&item)) {
      ++digits;
      const int c = static_cast<int>(std::floor((t->box.x - x0) / cell + 0.5));
      const int r = static_cast<int>(std::floor((t->box.y - y0) / cell + 0.5));
      CHECK(on(r, c));
    }
  }
  CHECK(borders == 5);
  CHECK(lines == 5 * 16);
  CHECK(digits == 369);  // an answer: every cell of the board, none off it
  CHECK(thinnest_box >= 1.5 * style.thin_pt);
  CHECK(style.thin_pt >= 0.75);
}

TEST_CASE("samurai sections print one puzzle a page; every band can be asked for", "[samurai]") {
  spec::LoadOptions o;
  o.use_environment = false;
  o.use_builtin_dirs = false;
  auto ok = spec::parse_book_spec("sections:\n  - variant: samurai\n    count: 2\n", "book.yaml", o);
  REQUIRE(ok);
  CHECK(ok->sections[0].columns == 1);
  CHECK(ok->sections[0].rows == 1);
  auto four = spec::parse_book_spec("sections:\n  - variant: samurai\n    per_page: 4\n", "book.yaml", o);
  REQUIRE_FALSE(four);
  CHECK_THAT(four.error().to_string(), Catch::Contains("book.yaml:3:15: sections[0].per_page: a samurai section prints one puzzle a page"));
  for (const char* band : {"easy", "medium", "hard", "expert", "fiendish"}) {
    gen::Request r = samurai_request();
    r.rating = *grader::band_range(band);
    r.difficulty = band;
    CHECK(gen::check_request(r));
  }
}

// (Expert and fiendish puzzles, with every step checked: grader_samurai_test.cpp.)
TEST_CASE("samurai ratings: the whole ladder, easy to hard", "[samurai]") {
  for (const char* band : {"easy", "medium", "hard"}) {
    gen::Request r = samurai_request();
    r.rating = *grader::band_range(band);
    r.difficulty = band;
    for (std::uint64_t seed : {1u, 2u}) {
      INFO(band << " seed " << seed);
      auto p = gen::generate_one(r, seed);
      REQUIRE(p);
      const std::string text = format_line(p->givens);
      CHECK(p->label == band);
      CHECK(r.rating->contains(p->rating));
      const grader::Grade g = grader::grade(p->givens);
      REQUIRE(g.solved);
      CHECK(g.rating == Approx(p->rating));
      // Checked apart from the grader: easy falls to hidden singles alone; a puzzle rated above
      // 2.3 (naked single) needs more than singles.
      if (std::string(band) == "easy") CHECK(singles_solve(text, false));
      if (p->rating > 2.3) CHECK_FALSE(singles_solve(text, true));
    }
  }
  // A minimal dig (no target) needs more than singles: under a cap of 2.5 the ladder stops (its
  // full grade, here 9.0, takes seconds; grader_samurai_test.cpp grades a fiendish one).
  auto p = gen::generate_one(samurai_request(), 1);
  REQUIRE(p);
  const std::string text = format_line(p->givens);
  CHECK_FALSE(singles_solve(text, true));
  grader::GradeOptions capped;
  capped.max_rating = 2.5;
  const grader::Grade g = grader::grade(p->givens, capped);
  CHECK(g.unique);
  CHECK(g.capped);
  CHECK_FALSE(g.solved);
}
