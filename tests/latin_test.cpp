// The Latin-square board (futoshiki, kenken): Shape{1, n}, rows and columns only, the units
// 2n..3n-1 repeating the rows and never called boxes; sizes 5x5 and 7x7 only for Latin squares
// (classic refuses them as before); the uniform fill; the canonical form's symmetries; the grader
// rating rows and columns alike; the grid text, the puzzle store and the drawing without boxes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "brute_count.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/puzzle_store.hpp"
#include "core/rng.hpp"
#include "core/variants.hpp"
#include "generator/canonical.hpp"
#include "generator/fill.hpp"
#include "grader/grader.hpp"
#include "layout/grid_draw.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// Rows and columns hold 1..n once each (written here from the definition).
bool is_latin(const Grid& g) {
  const int n = g.n();
  for (int i = 0; i < n; ++i) {
    std::vector<bool> row(static_cast<size_t>(n + 1)), col(static_cast<size_t>(n + 1));
    for (int j = 0; j < n; ++j) {
      const int a = g.at(i, j), b = g.at(j, i);
      if (a < 1 || a > n || b < 1 || b > n || row[static_cast<size_t>(a)] || col[static_cast<size_t>(b)]) return false;
      row[static_cast<size_t>(a)] = col[static_cast<size_t>(b)] = true;
    }
  }
  return true;
}

// A puzzle dug from `solution` at random, every given taken away while the independent counter
// (rows and columns only) still finds one solution.
Grid dig_unique(const Grid& solution, Rng& rng) {
  const int n = solution.n();
  Grid g = solution;
  std::vector<int> order(static_cast<size_t>(n * n));
  for (int i = 0; i < n * n; ++i) order[static_cast<size_t>(i)] = i;
  rng.shuffle(std::span<int>(order));
  for (int c : order) {
    const auto keep = g.cells[static_cast<size_t>(c)];
    g.cells[static_cast<size_t>(c)] = 0;
    brute::Problem p{n, n * n, brute::latin_units(n), {}};
    std::vector<int> givens(g.cells.begin(), g.cells.end());
    if (brute::Counter(p, givens).count(2) != 1) g.cells[static_cast<size_t>(c)] = keep;
  }
  return g;
}

Grid transposed(const Grid& g) {
  Grid t(g.shape);
  for (int r = 0; r < g.n(); ++r)
    for (int c = 0; c < g.n(); ++c) t.set(c, r, g.at(r, c));
  return t;
}

}  // namespace

TEST_CASE("the Latin board: rows and columns, its third units the rows again, nothing called a box", "[latin]") {
  for (int n : {4, 5, 7, 9}) {
    auto board = latin_board(n, Variant::kClassic);
    REQUIRE(board.ok());
    const Board& b = **board;
    CHECK(b.shape == Shape{1, n});
    CHECK(b.latin());
    CHECK(b.n == n);
    REQUIRE(b.units.size() == static_cast<size_t>(3 * n));
    for (int i = 0; i < n; ++i) {
      CHECK(b.units[static_cast<size_t>(2 * n + i)] == b.units[static_cast<size_t>(i)]);
      CHECK(b.kinds[static_cast<size_t>(i)] == UnitKind::kRow);
      CHECK(b.kinds[static_cast<size_t>(n + i)] == UnitKind::kColumn);
      CHECK(b.kinds[static_cast<size_t>(2 * n + i)] == UnitKind::kRow);
      CHECK(b.unit_name(2 * n + i) == "row " + std::to_string(i + 1));
      CHECK(b.unit_name(n + i) == "column " + std::to_string(i + 1));
    }
    for (int c = 0; c < n * n; ++c) {
      const std::array<int, 3> want{c / n, n + c % n, 2 * n + c / n};
      CHECK(b.unit_of[static_cast<size_t>(c)] == want);
      CHECK(b.peers[static_cast<size_t>(c)].size() == static_cast<size_t>(2 * (n - 1)));  // its row and column
    }
    CHECK_FALSE(b.jigsaw());
    CHECK_FALSE(b.has_extras());
    CHECK(b.shape.name() == std::to_string(n) + "x" + std::to_string(n));
  }
  // The bare Latin square is the classic board of its shape (a grid with no board reads it).
  CHECK(classic_board(Shape{1, 5}).units == (*latin_board(5, Variant::kClassic))->units);
  CHECK(classic_board(Shape{1, 5}).latin());
  CHECK_FALSE(classic_board(Shape{3, 3}).latin());
  // Variants with boxes are no Latin squares.
  auto x = latin_board(5, Variant::kX);
  REQUIRE_FALSE(x.ok());
  CHECK_THAT(x.error().to_string(), Catch::Contains("x puzzles have boxes"));
  CHECK_FALSE(latin_board(1, Variant::kClassic).ok());
  CHECK_FALSE(latin_board(17, Variant::kClassic).ok());
  // A given twice in a row is named by its row, never a box.
  Grid g(Shape{1, 5});
  g.set(1, 0, 3);
  g.set(1, 4, 3);
  auto st = check_givens(g);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().to_string() == "digit 3 twice in row 2");
}

TEST_CASE("5x5 and 7x7 are Latin sizes only: classic and the other variants refuse them as before", "[latin]") {
  for (const char* size : {"5x5", "7x7"}) {
    auto classic = parse_shape(size);
    REQUIRE_FALSE(classic.ok());
    CHECK(classic.error().to_string() == "unsupported grid size " + std::string(size) +
                                             " (supported: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16)");
    for (Variant v : {Variant::kClassic, Variant::kX, Variant::kGreaterThan, Variant::kKiller}) {
      auto s = variant_shape(size, "", v);
      REQUIRE_FALSE(s.ok());
      CHECK(s.error().to_string() == classic.error().to_string());
    }
  }
  // A box one cell tall or wide is a row or a column, not a box.
  auto row_box = parse_shape("9x9", "1x9");
  REQUIRE_FALSE(row_box.ok());
  CHECK_THAT(row_box.error().to_string(), Catch::Contains("box 1x9 is a single row, not a box"));
  CHECK_FALSE(parse_shape("4x4", "4x1").ok());
  // A Latin shape on a variant with boxes, and a shape with boxes for none: refused with the reason.
  CHECK_THAT(variant_size_problem(Variant::kClassic, Shape{1, 5}), Catch::Contains("classic puzzles have boxes"));
  CHECK_THAT(variant_size_problem(Variant::kGreaterThan, Shape{1, 4}), Catch::Contains("greater-than puzzles have boxes"));
  CHECK(variant_size_problem(Variant::kGreaterThan, Shape{2, 2}).empty());
  CHECK(minimum_clues(Shape{1, 4}).count == 3);  // not the Sudoku 4x4 figure (4, boxes): the n - 1 bound
  CHECK_FALSE(minimum_clues(Shape{1, 4}).exact);
  CHECK(minimum_clues(Shape{1, 9}, Variant::kClassic).count == 8);
}

TEST_CASE("5x5 and 7x7 Latin grids round-trip through the line, the grid text and the puzzle store", "[latin]") {
  Rng rng(27);
  for (int n : {5, 7}) {
    const Grid solution = gen::random_latin_square(n, rng);
    REQUIRE(solution.shape == Shape{1, n});
    REQUIRE(is_latin(solution));
    Grid puzzle = solution;
    for (int c = 0; c < n * n; c += 3) puzzle.cells[static_cast<size_t>(c)] = 0;
    const std::string line = format_line(puzzle);
    CHECK(line.size() == static_cast<size_t>(n * n));
    auto back = parse_line(line, Shape{1, n});
    REQUIRE(back.ok());
    CHECK(*back == puzzle);
    // The grid text: no box separators.
    const std::string text = format_grid(puzzle);
    CHECK(text.find('|') == std::string::npos);
    CHECK(text.find('-') == std::string::npos);
    CHECK(std::count(text.begin(), text.end(), '\n') == n);
    // The puzzle store keeps the shape (and so the board).
    PuzzleStore store;
    Puzzle p;
    p.givens = puzzle;
    p.solution = solution;
    p.canonical = gen::canonical_form(puzzle);
    store.add(p);
    const Puzzle q = store.get(0);
    CHECK(q.givens == puzzle);
    CHECK(q.solution == solution);
    CHECK(q.givens.shape == Shape{1, n});
    CHECK(board_of(q.givens).latin());
    // The engine solves it on the Latin board (rows and columns only): the solution extends it.
    Grid first;
    CHECK(solver::count_solutions(puzzle, 1, &first) == 1);
    CHECK(is_latin(first));
  }
}

TEST_CASE("the Latin fill is uniform over the 576 4x4 Latin squares and fast at 9x9", "[latin]") {
  Rng rng(5);
  std::map<std::string, int> seen;
  const int draws = 576 * 20;
  for (int i = 0; i < draws; ++i) {
    const Grid g = gen::random_latin_square(4, rng);
    REQUIRE(is_latin(g));
    ++seen[format_line(g)];
  }
  CHECK(seen.size() == 576);
  // Pearson's chi-square with 575 degrees of freedom: mean 575, standard deviation about 34; a
  // randomised backtracking fill, which favours some squares, lands far above.
  double chi = 0;
  for (const auto& [line, k] : seen) chi += (k - 20.0) * (k - 20.0) / 20.0;
  chi += (576.0 - static_cast<double>(seen.size())) * 20.0;
  CHECK(chi < 575 + 5 * 34);
  for (int i = 0; i < 200; ++i) REQUIRE(is_latin(gen::random_latin_square(9, rng)));
  // fill_grid on a Latin shape is this fill.
  Rng a(9), b(9);
  CHECK(gen::fill_grid(Shape{1, 7}, gen::Fill::kRandom, a) == gen::random_latin_square(7, b));
}

TEST_CASE("a Latin puzzle's canonical form ignores the square's symmetries and relabelling", "[latin]") {
  Rng rng(3);
  const Grid solution = gen::random_latin_square(5, rng);
  const Grid puzzle = dig_unique(solution, rng);
  const std::string form = gen::canonical_form(puzzle);
  Grid flipped(puzzle.shape), relabelled(puzzle.shape);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      flipped.set(r, c, puzzle.at(4 - r, c));
      const int v = puzzle.at(r, c);
      relabelled.set(r, c, v ? 6 - v : 0);
    }
  CHECK(gen::canonical_form(transposed(puzzle)) == form);
  CHECK(gen::canonical_form(flipped) == form);
  CHECK(gen::canonical_form(relabelled) == form);
  // A random transform of a Latin shape may transpose (no boxes to keep square).
  bool transposes = false;
  for (int i = 0; i < 40 && !transposes; ++i) transposes = gen::random_transform(Shape{1, 5}, rng).transpose;
  CHECK(transposes);
}

TEST_CASE("the grader rates a Latin square's rows and columns alike and names no box", "[latin]") {
  Rng rng(11);
  for (int k = 0; k < 6; ++k) {
    const int n = k % 2 ? 5 : 7;
    const Grid puzzle = dig_unique(gen::random_latin_square(n, rng), rng);
    grader::GradeOptions o;
    o.record_path = true;
    const grader::Grade a = grader::grade(puzzle, o);
    const grader::Grade b = grader::grade(transposed(puzzle), o);
    REQUIRE(a.solved);
    REQUIRE(b.solved);
    CHECK(a.rating == b.rating);  // a row's hidden single is no easier than a column's
    for (const auto& step : a.path) {
      CHECK(step.rating != 1.2);  // SE's box single
      CHECK(step.description.find("box") == std::string::npos);
    }
  }
}

TEST_CASE("a Latin grid is drawn with thin inner lines and a thick border, no box lines", "[latin]") {
  Grid g(Shape{1, 5});
  g.set(0, 0, 1);
  std::vector<layout::Item> items;
  const layout::GridStyle style;
  layout::draw_grid(items, 0, 0, 8, g, nullptr, style);
  int thin = 0, thick = 0;
  for (const auto& it : items)
    if (const auto* line = std::get_if<layout::LineItem>(&it)) (line->width_pt == style.box_pt ? thick : thin) += 1;
  CHECK(thick == 0);
  CHECK(thin == 8);  // four inner lines each way
}
