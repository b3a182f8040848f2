// Samurai on the grader's whole ladder: every step of the grade path of puzzles of each band is
// checked against the puzzle's solution (found by the solver, not the grader), techniques beyond
// singles are found in the grids after the first, the State's copy takes the board it is on, and
// boards beyond the grader's bounds are refused instead of overflowing its arrays.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "grader/grader.hpp"
#include "grader/state.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// Samurai puzzles made by `gridpress generate --variant samurai --difficulty D --seed S`, with
// the rating, band and hardest technique the grader gives them.
struct RatedSamurai {
  const char* puzzle;
  double rating;
  const char* label;
  const char* hardest;
};

const std::vector<RatedSamurai>& samurai_puzzles() {
  static const std::vector<RatedSamurai> kPuzzles = {
      // medium, seed 2 (first: the copy test uses it)
      {"........7###..65....7...3.412.###.....2..5.1..8....###.3.8..4.6...4..8..###.6...9...35..7.6..###...2536.18..."
       "65...###..7.8..9...163............8......8......726......1323..4....8......3....######..2....3.############..."
       "1.9.4.############.7.5.4...######.5...........6.9........195.....5..9.....8168........1...6..9.3....5....###."
       "...1.3...23...8.9###.93....2..1...6275###..1..8..4.8...73.2###...342..72..56....###..4....5.491.8..5.###.78.."
       "5..9",
       2.0, "medium", "Direct hidden pair"},
      // easy, seed 1
      {"2...58...###..3..............6###.5.7..64...9....4.###..4.8.5..6......5.###5...19.....491....###...6.5....9.3."
       "7...###....4...1.7....1....5....9..12.2.7..4...8..9.....3.1...9...5.......7....######....7.3..############..6."
       "5....############.....2...######4..7.......7....91.5437.6.....2....6........64...........2.......9..4.85###..."
       "7..5.15......2.###1.8..53..2.1......###3....6.......83..2###.8..7...2..7...8.6###..7............5..###41....6."
       ".",
       1.5, "easy", "Hidden single"},
      // hard, seed 1
      {"5.7..8249###...2...7.8........###72...5..3.4..79583###.697...12.5..4.39.###.5...8.31..82..4..###87...6......."
       ".61..###3...718...7......28.7........9..6...85.1...3761.4.....45...6394.....4.6.######4.8.7..6.############5.."
       "9.....############16..48..9######.5....3...2.8.43....119.......78.691.....2.3....6894.572...6.54..2..78..###."
       "..7...48581.2.76.###.4....2......84.9.###2.8...5...28.491..###...96.......8.2...###57.21.48..6..5..28###..6.8"
       "5...",
       2.6, "hard", "Pointing"},
      // expert, seed 1: pointing, claiming, subsets and an X-wing in the centre grid, an XY-wing in the
      // bottom-right grid
      {".58......###.......71....7954.###..31.9.......6..71###...7..3...6...7...###....3........4....###3..4..6.7.4.2"
       "9.165###1....62....392.6.8..372.8.4.6.6.2.......8.5..9.....98....4.2.....961.54.######...1..4..############2."
       "...56..############.6.....57######7...6..8...9.......39.8..91..6.1.......68.6...8....5..3..6...4.417.....9###"
       "...14.395..51...3.###...8........9.5...###....9..1.....5..9.###..153.......62...5###.9.7..........78.4###7..."
       "841..",
       4.2, "expert", "XY-wing"},
      // expert, seed 2: a BUG over the whole board
      {".......1.###7.....8.93.....7.9###..4....3.871......###3..7.....1.6.4....###...5.61.2..9..6...###...3..6....."
       "5..92.###....21.536..3.......7....5..9....82..3.9......9.3..7....92..6...........######.6521..4.############."
       ".9..5...############......6..######9.4.3.7.2.8....2.8...72.4.5..........651.......7..4.......9..4.6...9.5..##"
       "#2..6...5.5.....4..###3....47...9..7..6.###..183.....5......3###..2......2....1.4.###.........4.9..2.7.###.57"
       "42163.",
       5.6, "expert", "BUG"},
      // expert, seed 3: a unique rectangle
      {"6.2..7...###.51....2..........###....5....975..3...###...7.8...3...56..9###.2......4...1.8.34###...8..9....."
       "3421.5###16...52.87.4...2...3.5.83.1.......7......2......6..5...6..4........874..######1.9......############."
       "6.4.....############43.958...######2.6....7..1....1.4.8................8..1.4......3....7......9....1....4.###"
       "6..3.8592.6...57..###.98..534...873....###...4......3.9...6.###....5..195..6.2...###..9.....5.9...3...###8..."
       ".....",
       4.5, "expert", "Unique rectangle"},
      // fiendish, seed 1
      {"5....824.###...2...7.8........###.....5..3....795.3###.697....2.5....39.###.5...8.31..82.....###.7...6......."
       ".61..###3....18...7.......8.............6..........37.1.......45............4.6.######.......6.############..."
       "9.....############.6..48...######....................1.9............1.....2.3.......4.57....6.5...2..7...###."
       "..7...48581.2..6.###.4....2......84.9.###2.8...5...28.4.1..###....6.......8.....###...21.48..6..5..2.###..6.8"
       "5...",
       7.2, "fiendish", "Forcing Chain"},
  };
  return kPuzzles;
}

Grid parse_samurai(const std::string& text) {
  auto g = parse_line(text);
  REQUIRE(g);
  REQUIRE(g->variant() == Variant::kSamurai);
  return *g;
}

// True if the cell is outside the top-left grid (layout rows and columns 0..8).
bool outside_first_grid(const Board& b, int cell) {
  const int p = b.position[static_cast<std::size_t>(cell)];
  return p / b.layout_cols >= 9 || p % b.layout_cols >= 9;
}

// The cells a step places or removes candidates from.
std::vector<int> step_cells(const grader::Step& s) {
  std::vector<int> out;
  for (const auto& p : s.placements) out.push_back(p.cell);
  for (const auto& e : s.eliminations) out.push_back(e.cell);
  return out;
}

grader::Grade graded(const Grid& g) {
  grader::GradeOptions o;
  o.record_path = true;
  return grader::grade(g, o);
}

// Every observable part of two states is equal.
void check_same(const grader::State& a, const grader::State& b) {
  REQUIRE(a.cells() == b.cells());
  REQUIRE(a.unit_count() == b.unit_count());
  CHECK(a.empty_count() == b.empty_count());
  for (int c = 0; c < a.cells(); ++c) {
    CHECK(a.value(c) == b.value(c));
    CHECK(a.cand(c) == b.cand(c));
  }
  for (int u = 0; u < a.unit_count(); ++u) {
    CHECK(a.empty_in(u) == b.empty_in(u));
    for (int v = 1; v <= a.n(); ++v) {
      CHECK(a.places(u, v) == b.places(u, v));
      CHECK(a.placed_in(u, v) == b.placed_in(u, v));
    }
  }
}

}  // namespace

TEST_CASE("samurai: every step of the grade path is true of the solution, in every band", "[samurai][grader]") {
  for (const RatedSamurai& r : samurai_puzzles()) {
    INFO(r.label << " " << r.hardest);
    const Grid g = parse_samurai(r.puzzle);
    Grid sol;
    REQUIRE(solver::count_solutions(g, 2, &sol) == 1);
    const grader::Grade gr = graded(g);
    REQUIRE(gr.unique);
    REQUIRE(gr.solved);
    CHECK_FALSE(gr.capped);
    CHECK(gr.rating == Approx(r.rating));
    CHECK(gr.label == r.label);
    CHECK(gr.hardest == r.hardest);
    // Replay the path: each step makes progress on the state it was found on, places the
    // solution's value and never removes it.
    grader::State s;
    REQUIRE(s.init(g));
    double top = 0;
    for (const grader::Step& step : gr.path) {
      INFO(step.description);
      REQUIRE(!(step.placements.empty() && step.eliminations.empty()));
      for (const auto& p : step.placements) {
        CHECK(s.value(p.cell) == 0);
        CHECK(s.has(p.cell, p.value));
        CHECK(sol.cells[static_cast<std::size_t>(p.cell)] == p.value);
      }
      for (const auto& e : step.eliminations) {
        CHECK(s.has(e.cell, e.value));
        CHECK(sol.cells[static_cast<std::size_t>(e.cell)] != e.value);
      }
      top = std::max(top, step.rating);
      s.apply(step);
      REQUIRE_FALSE(s.contradiction());
    }
    CHECK(s.solved());
    CHECK(s.to_grid().cells == sol.cells);
    CHECK(top == Approx(gr.rating));
  }
}

TEST_CASE("samurai: techniques beyond singles are used in the grids after the first", "[samurai][grader]") {
  const Grid g = parse_samurai(samurai_puzzles()[3].puzzle);  // expert, seed 1
  const Board& b = board_of(g);
  const grader::Grade gr = graded(g);
  REQUIRE(gr.solved);
  int beyond = 0, fish = 0, pointing = 0, wing = 0;
  for (const grader::Step& step : gr.path) {
    const std::vector<int> cells = step_cells(step);
    bool outside = true;
    for (int c : cells) outside = outside && outside_first_grid(b, c);
    if (step.rating <= 2.3 || !outside) continue;
    ++beyond;
    // The pattern's units are another grid's: unit numbers from 27 on (the first grid's are 0..26).
    bool other_units = !step.units.empty();
    for (int u : step.units) other_units = other_units && u >= 27;
    if (step.technique == "X-wing") {
      ++fish;
      CHECK(other_units);
      CHECK(step.units.size() == 4);  // two rows, two columns of one grid
      CHECK_THAT(step.description, Catch::Contains("of the centre grid"));
    }
    if (step.technique == "Pointing" && other_units) ++pointing;
    if (step.technique == "XY-wing") ++wing;
  }
  CHECK(beyond >= 10);
  CHECK(fish >= 1);
  CHECK(pointing >= 5);
  CHECK(wing >= 1);
  // Cells are named by their place on the 21x21 layout.
  bool layout_names = false;
  for (const grader::Step& step : gr.path) layout_names = layout_names || step.description.find("r20c15") != std::string::npos;
  CHECK(layout_names);
}

TEST_CASE("grader State: a copy holds the same state, on a samurai board and a classic one", "[samurai][grader]") {
  const Grid sam = parse_samurai(samurai_puzzles()[0].puzzle);
  auto classic = parse_line("000050000000206000064000390045000810000020000000107000053000980090804060100030004");  // SE 3.0
  REQUIRE(classic);
  const Grid cl = *classic;
  for (const Grid* g : {&sam, &cl}) {
    grader::State s;
    REQUIRE(s.init(*g));
    const grader::Grade gr = graded(*g);
    // Halfway through the path, with eliminations in it.
    for (std::size_t i = 0; i < gr.path.size() / 2; ++i) s.apply(gr.path[i]);
    const grader::State copy = s;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the test
    check_same(s, copy);
    grader::State assigned;
    REQUIRE(assigned.init(*g));
    assigned = s;
    check_same(s, assigned);
    // A copy is independent of its source.
    grader::State other = s;
    for (int c = 0; c < other.cells(); ++c)
      if (other.value(c) == 0) {
        other.place(c, lowest_value(other.cand(c)));
        break;
      }
    CHECK(other.empty_count() == s.empty_count() - 1);
  }
}

TEST_CASE("grader State: a board beyond the grader's bounds is refused", "[samurai][grader]") {
  const Grid sam = parse_samurai(samurai_puzzles()[0].puzzle);
  grader::State s;
  CHECK(s.init(sam));
  CHECK(grader::kMaxCells >= samurai_board()->cells);
  CHECK(grader::kMaxUnits >= static_cast<int>(samurai_board()->units.size()));

  // One unit too many.
  auto more_units = std::make_shared<Board>(*samurai_board());
  while (static_cast<int>(more_units->units.size()) <= grader::kMaxUnits) {
    more_units->units.push_back(more_units->units[0]);
    more_units->kinds.push_back(UnitKind::kRow);
  }
  Grid g1 = sam;
  g1.board = more_units;
  CHECK_FALSE(s.init(g1));

  // A cell in more extra units than kMaxCellExtras.
  auto more_extras = std::make_shared<Board>(*samurai_board());
  auto& extra = more_extras->extra_of[0];
  for (int u = 27; static_cast<int>(extra.size()) <= grader::kMaxCellExtras; ++u) extra.push_back(u);
  Grid g2 = sam;
  g2.board = more_extras;
  CHECK_FALSE(s.init(g2));
  // grade() does not rate such a board.
  grader::GradeOptions o;
  o.assume_unique = true;
  const grader::Grade gr = grader::grade(g2, o);
  CHECK_FALSE(gr.solved);
  CHECK(gr.rating < 0);

  // The real board still works after the refusals (the per-thread table cache keeps only good tables).
  CHECK(s.init(sam));
}
