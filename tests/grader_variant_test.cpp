// Grader on variant boards: the extra units (x: diagonals, hyper: windows) are houses for every
// technique; the same givens read as classic grade differently; every step on generated X and
// Hyper puzzles is sound; a difficulty target lands in its band; verdict() agrees with the ladder.
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "grader/techniques.hpp"
#include "solver/solver.hpp"

using namespace gp;
using namespace gp::grader;

namespace {

Grid on(Variant variant, const std::string& line) {
  auto g = parse_line(line);
  REQUIRE(g.ok());
  Grid out = g.value();
  auto board = variant_board(out.shape, variant);
  REQUIRE(board.ok());
  out.board = board.value();
  return out;
}

Grid classic(const std::string& line) {
  auto g = parse_line(line);
  REQUIRE(g.ok());
  return g.value();
}

// Every placement agrees with the solution and no elimination removes the solution's value.
void check_sound(const Grid& puzzle, const std::vector<Step>& path) {
  Grid solution;
  REQUIRE(solver::count_solutions(puzzle, 2, &solution) == 1);
  for (const Step& s : path) {
    INFO(s.description);
    REQUIRE((!s.placements.empty() || !s.eliminations.empty()));
    for (const auto& p : s.placements) REQUIRE(solution.cells[static_cast<std::size_t>(p.cell)] == p.value);
    for (const auto& e : s.eliminations) REQUIRE(solution.cells[static_cast<std::size_t>(e.cell)] != e.value);
  }
}

Grade graded(const Grid& g) {
  GradeOptions opt;
  opt.record_path = true;
  return grade(g, opt);
}

// No full house and no hidden single in a row, column or box: only an extra unit places a value.
void check_no_classic_single(const State& s) {
  Step st;
  CHECK_FALSE(find_full_house(s, st));
  CHECK_FALSE(find_hidden_single_box(s, st));
  for (int u = 0; u < 3 * s.n(); ++u)
    for (int v = 1; v <= s.n(); ++v) CHECK(bit_count(s.places(u, v)) != 1);
}

// 8 fits only r7c7 on the main diagonal: r1c1 and r9c9 see an 8 in their row, r2c2 in its row,
// r3c3 in its box, r6c6 in its column, r8c8 in its column, r5c5 on the anti-diagonal (r2c8 = 8);
// r4c4 is given. In r7c7's row, column and box 8 still has two places or more.
const std::string kXFirst = ".8...9.......1.68.........2..9164.........5..7....3.....7......4...2...36...78...";
// 2 fits only r4c2 in window 1 (rows and columns 2-4): r2c2, r2c3, r2c4 and r3c2 are given, the
// 2s in columns 3 and 4 (r8c3, r9c4) rule out the other five cells.
const std::string kHyperFirst = "..69..5..9176...3..5.....9.6...7....3.51.9.8.7.15.69..1..46.....627...19.7.291.6.";

// A crafted state on `empty`'s board: every cell but the four corners (in loop order) holds only
// 3; the corners hold 1 and 2, the last one 3 too. A unique rectangle type 1 would remove 1 and 2
// from the last corner if the rectangle is a deadly pattern on the board.
State crafted(const Grid& empty, const std::array<int, 4>& corners) {
  State s;
  REQUIRE(s.init(empty));
  for (int c = 0; c < 81; ++c) {
    Mask keep = bit(3);
    if (std::find(corners.begin(), corners.end(), c) != corners.end()) keep = bit(1) | bit(2);
    if (c == corners[3]) keep |= bit(3);
    for (int v = 1; v <= 9; ++v)
      if (!(keep & bit(v))) s.eliminate(c, v);
  }
  return s;
}

bool rectangle_found(const State& s, int extra) {
  Step st;
  if (!find_unique_rectangle(s, st)) return false;
  CHECK(st.technique == "Unique rectangle");
  CHECK(st.eliminations == std::vector<CellValue>{{extra, 1}, {extra, 2}});
  return true;
}

}  // namespace

TEST_CASE("unique rectangles count only where every unit of the board keeps the swap", "[grader][variant]") {
  const std::string empty(81, '.');
  const auto at = [](int row, int col) { return (row - 1) * 9 + col - 1; };
  // r1c2 r1c4 r2c4 r2c2: rows 1-2, columns 2 and 4, boxes 1 and 2. r2c2 is on the main diagonal
  // and none of the others is: on an x board swapping 1 and 2 breaks diagonal 1, so the rectangle
  // is no deadly pattern and must not be used. Both r2c2 and r2c4 are in window 1, one at an even
  // and one at an odd place of the loop: on a hyper board the swap keeps the window whole.
  const std::array<int, 4> on_diagonal{at(1, 2), at(1, 4), at(2, 4), at(2, 2)};
  CHECK(rectangle_found(crafted(classic(empty), on_diagonal), at(2, 2)));
  CHECK_FALSE(rectangle_found(crafted(on(Variant::kX, empty), on_diagonal), at(2, 2)));
  CHECK(rectangle_found(crafted(on(Variant::kHyper, empty), on_diagonal), at(2, 2)));
  // r1c2 r1c5 r3c5 r3c2: r3c2 alone in window 1 (rows and columns 2-4): deadly on classic and x
  // (no corner on a diagonal), not on hyper.
  const std::array<int, 4> in_window{at(1, 2), at(1, 5), at(3, 5), at(3, 2)};
  CHECK(rectangle_found(crafted(classic(empty), in_window), at(3, 2)));
  CHECK(rectangle_found(crafted(on(Variant::kX, empty), in_window), at(3, 2)));
  CHECK_FALSE(rectangle_found(crafted(on(Variant::kHyper, empty), in_window), at(3, 2)));
}

TEST_CASE("the grader's state reads every unit of a variant board", "[grader][variant]") {
  for (Variant variant : {Variant::kX, Variant::kHyper}) {
    INFO(variant_name(variant));
    const Grid g = on(variant, std::string(81, '.'));
    const Board& b = board_of(g);
    State s;
    REQUIRE(s.init(g));
    CHECK(s.unit_count() == static_cast<int>(b.units.size()));
    CHECK(s.unit_count() == (variant == Variant::kX ? 29 : 31));
    CHECK(s.has_extras());
    for (int u = 0; u < s.unit_count(); ++u) {
      for (int i = 0; i < 9; ++i) {
        const int cell = s.unit(u)[static_cast<std::size_t>(i)];
        CHECK(s.in_unit(cell, u));
        if (u < 27) {
          CHECK(s.index_in(cell, u / 9) == i);
          continue;
        }
        int found = 0;
        for (int e = 0; e < s.extra_count(cell); ++e)
          if (s.extra_unit(cell, e) == u) found += s.extra_index(cell, e) == i ? 1 : 100;
        CHECK(found == 1);
      }
      for (int v = 1; v <= 9; ++v) CHECK(s.places(u, v) == 0x1FFu);
    }
    for (int a = 0; a < 81; ++a) {
      const auto& peers = s.peers(a);
      for (int c = 0; c < 81; ++c) {
        const bool peer = std::find(peers.begin(), peers.end(), c) != peers.end();
        if (s.sees(a, c) != peer) FAIL_CHECK("sees(" << a << ", " << c << ") disagrees with the board's peers");
      }
    }
  }
  // The centre of an x board is on both diagonals; a classic board has no extra units.
  State x;
  REQUIRE(x.init(on(Variant::kX, std::string(81, '.'))));
  CHECK(x.extra_count(40) == 2);
  CHECK(x.unit_name(27) == "diagonal 1");
  State c;
  REQUIRE(c.init(classic(std::string(81, '.'))));
  CHECK(c.unit_count() == 27);
  CHECK_FALSE(c.has_extras());
}

TEST_CASE("an x puzzle whose first step is a hidden single on a diagonal", "[grader][variant]") {
  const Grid g = on(Variant::kX, kXFirst);
  State s;
  REQUIRE(s.init(g));
  const int cell = 6 * 9 + 6;  // r7c7
  CHECK(s.places(27, 8) == Mask{1} << 6);
  for (int u : s.units_of(cell)) CHECK(bit_count(s.places(u, 8)) >= 2);
  check_no_classic_single(s);

  const Grade x = graded(g);
  REQUIRE(x.solved);
  REQUIRE(!x.path.empty());
  CHECK(x.path[0].description == "Hidden single in diagonal 1: r7c7 = 8");
  CHECK(x.path[0].rating == Approx(1.5));
  CHECK(x.rating == Approx(1.5));
  CHECK(x.label == "easy");
  check_sound(g, x.path);
  // Read as classic, the same givens have several solutions: never rated.
  const Grade c = grade(classic(kXFirst));
  CHECK_FALSE(c.unique);
  CHECK(c.rating < 0);
}

TEST_CASE("a hyper puzzle that needs a window", "[grader][variant]") {
  const Grid g = on(Variant::kHyper, kHyperFirst);
  State s;
  REQUIRE(s.init(g));
  CHECK(s.places(27, 2) == Mask{1} << 6);  // window 1's 7th cell: r4c2
  check_no_classic_single(s);
  const Grade h = graded(g);
  REQUIRE(h.solved);
  REQUIRE(!h.path.empty());
  CHECK(h.path[0].description == "Hidden single in window 1: r4c2 = 2");
  CHECK(h.rating == Approx(1.5));
  check_sound(g, h.path);
  CHECK_FALSE(grade(classic(kHyperFirst)).unique);
}

TEST_CASE("the same givens grade differently as x and as classic", "[grader][variant]") {
  // Unique under both rules; under x, the diagonals give placements that leave only box singles.
  const std::string p = "..5..892627.5..418.1...4.7....2...518.16......3.8.17....3795.....4.8.......412..5";
  const Grade x = graded(on(Variant::kX, p));
  const Grade c = graded(classic(p));
  REQUIRE(x.solved);
  REQUIRE(c.solved);
  CHECK(x.rating == Approx(1.2));
  CHECK(c.rating == Approx(1.5));
  bool diagonal = false;
  for (const Step& st : x.path) diagonal |= st.description.find("diagonal") != std::string::npos;
  CHECK(diagonal);
  for (const Step& st : c.path) CHECK(st.description.find("diagonal") == std::string::npos);
}

TEST_CASE("locked candidates between a diagonal and a box", "[grader][variant]") {
  // A hard x puzzle: claiming from both diagonals into boxes, then chains over the diagonals.
  const Grid g = on(Variant::kX, ".5..8.......7..1...67..9...6...........6..5....1........92....3..3.....9.....17..");
  const Grade x = graded(g);
  REQUIRE(x.solved);
  CHECK(x.rating == Approx(8.9));
  check_sound(g, x.path);
  bool claiming = false;
  for (const Step& st : x.path)
    claiming |= st.description == "Claiming 6 in diagonal 1 and box 9: removes 6 from 2 cell(s)";
  CHECK(claiming);
}

TEST_CASE("every step on generated x, hyper and jigsaw puzzles is sound", "[grader][variant][generator]") {
  struct Case {
    Shape shape;
    Variant variant;
    int count;
  };
  int extra_steps = 0;
  // The sanitizer build (GRIDPRESS_SANITIZED) checks half as many puzzles of each kind.
  const int divisor = std::getenv("GRIDPRESS_SANITIZED") ? 2 : 1;
  for (const Case& k : {Case{{3, 3}, Variant::kX, 10}, Case{{3, 3}, Variant::kHyper, 10}, Case{{2, 3}, Variant::kX, 8},
                        Case{{3, 3}, Variant::kJigsaw, 8}, Case{{2, 3}, Variant::kJigsaw, 6}}) {
    gen::Request r;
    r.shape = k.shape;
    r.variant = k.variant;
    auto batch = gen::generate_batch(r, 21, k.count / divisor);
    REQUIRE(batch.ok());
    for (const Puzzle& p : *batch) {
      INFO(format_line(p.givens) << " " << variant_name(k.variant));
      const Grade g = graded(p.givens);
      REQUIRE(g.unique);
      CHECK(g.solved);
      check_sound(p.givens, g.path);
      for (const Step& st : g.path)
        if (st.description.find("diagonal") != std::string::npos || st.description.find("window") != std::string::npos)
          ++extra_steps;
    }
  }
  CHECK(extra_steps > 0);
}

TEST_CASE("x, hyper and jigsaw puzzles generated at a difficulty land in its band", "[grader][variant][generator]") {
  for (Variant variant : {Variant::kX, Variant::kHyper, Variant::kJigsaw}) {
    for (const char* band : {"easy", "hard"}) {
      INFO(variant_name(variant) << " " << band);
      gen::Request r;
      r.variant = variant;
      r.rating = band_range(band).value();
      auto batch = gen::generate_batch(r, 5, 3);
      REQUIRE(batch.ok());
      for (const Puzzle& p : *batch) {
        CHECK(p.givens.variant() == variant);
        CHECK(r.rating->contains(p.rating));
        CHECK(p.label == band);
        const Grade again = grade(p.givens);  // graded again from scratch: the same rating
        CHECK(again.rating == Approx(p.rating));
      }
    }
  }
}

TEST_CASE("a board with irregular regions in place of boxes is graded from its units", "[grader][variant]") {
  // 6x6, the 2x3 boxes with r1c3 and r2c4 swapped between boxes 1 and 2 (both regions stay
  // connected). Built by hand as a jigsaw board would be: the grader reads units 2n..3n-1 as
  // lists and never the box shape. (Marked x only so that nothing takes it for the classic board:
  // it has no extra units.)
  auto b = std::make_shared<Board>();
  b->shape = Shape{2, 3};
  b->variant = Variant::kX;
  b->n = 6;
  b->cells = 36;
  b->region.resize(36);
  for (int c = 0; c < 36; ++c) b->region[static_cast<std::size_t>(c)] = (c / 6) / 2 * 2 + (c % 6) / 3;
  std::swap(b->region[2], b->region[9]);  // r1c3 <-> r2c4
  b->units.assign(18, {});
  b->kinds.assign(18, UnitKind::kRow);
  b->unit_of.resize(36);
  b->extra_of.assign(36, {});
  for (int c = 0; c < 36; ++c) {
    const std::array<int, 3> us{c / 6, 6 + c % 6, 12 + b->region[static_cast<std::size_t>(c)]};
    b->unit_of[static_cast<std::size_t>(c)] = us;
    for (int u : us) b->units[static_cast<std::size_t>(u)].push_back(c);
  }
  for (int u = 6; u < 18; ++u) b->kinds[static_cast<std::size_t>(u)] = u < 12 ? UnitKind::kColumn : UnitKind::kBox;
  b->peers.resize(36);
  for (int c = 0; c < 36; ++c)
    for (int o = 0; o < 36; ++o) {
      if (o == c) continue;
      bool shared = false;
      for (int k = 0; k < 3; ++k) shared |= b->unit_of[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)] ==
                                            b->unit_of[static_cast<std::size_t>(o)][static_cast<std::size_t>(k)];
      if (shared) b->peers[static_cast<std::size_t>(c)].push_back(o);
    }
  const std::shared_ptr<const Board> board = b;
  Grid g(board);
  Grid solution;
  REQUIRE(solver::count_solutions(g, 1, &solution) == 1);
  // A puzzle: remove clues in cell order while the solution stays unique.
  Grid puzzle = solution;
  for (int c = 0; c < 36; ++c) {
    const auto keep = puzzle.cells[static_cast<std::size_t>(c)];
    puzzle.cells[static_cast<std::size_t>(c)] = 0;
    if (solver::count_solutions(puzzle, 2) != 1) puzzle.cells[static_cast<std::size_t>(c)] = keep;
  }
  State s;
  REQUIRE(s.init(puzzle));
  CHECK(s.unit_count() == 18);
  CHECK_FALSE(s.has_extras());
  CHECK(s.unit(12) == std::vector<int>{0, 1, 6, 7, 8, 9});   // region 1 took r2c4
  CHECK(s.unit(13) == std::vector<int>{2, 3, 4, 5, 10, 11});  // region 2 took r1c3
  CHECK(s.index_in(9, 2) == 5);
  CHECK(s.index_in(2, 2) == 0);
  const Grade gr = graded(puzzle);
  REQUIRE(gr.unique);
  CHECK(gr.solved);
  CHECK(gr.rating >= 1.0);
  check_sound(puzzle, gr.path);
}

TEST_CASE("verdict: the singles' fixed point agrees with the capped ladder on every board", "[grader][variant]") {
  // Puzzles with every clue count but 0 (the cells of a generated solution taken out one at a time,
  // in a random order): each has a solution, like every puzzle the generator asks about.
  struct Case {
    Shape shape;
    Variant variant;
  };
  const std::vector<double> caps = {0.5, 1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 2.5};
  std::vector<int> solved(caps.size(), 0), refused(caps.size(), 0);
  Rng rng(3);
  for (const Case& k : {Case{{3, 3}, Variant::kClassic}, Case{{2, 3}, Variant::kClassic}, Case{{3, 3}, Variant::kX},
                        Case{{2, 2}, Variant::kX}, Case{{3, 3}, Variant::kHyper}, Case{{3, 3}, Variant::kJigsaw},
                        Case{{2, 3}, Variant::kJigsaw}}) {
    gen::Request r;
    r.shape = k.shape;
    r.variant = k.variant;
    r.minimal = true;
    auto batch = gen::generate_batch(r, 8, 3);
    REQUIRE(batch.ok());
    for (const Puzzle& p : *batch) {
      Grid puzzle = p.solution;
      std::vector<int> order(puzzle.cells.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
      rng.shuffle(order);
      for (int c : order) {
        for (std::size_t i = 0; i < caps.size(); ++i) {
          INFO(variant_name(k.variant) << " " << format_line(puzzle) << " cap " << caps[i]);
          GradeOptions go;
          go.max_rating = caps[i];
          go.assume_unique = true;
          const Grade g = grade(puzzle, go);
          const Verdict v = verdict(puzzle, caps[i]);
          REQUIRE(v.solved == (g.solved && !g.capped));
          REQUIRE(v.proven_unique == (v.solved && !g.used_uniqueness));
          ++(v.solved ? solved : refused)[i];
        }
        puzzle.cells[static_cast<std::size_t>(c)] = 0;
      }
    }
  }
  for (std::size_t i = 0; i < caps.size(); ++i) {
    INFO("cap " << caps[i]);
    CHECK(solved[i] > 0);
    CHECK(refused[i] > 0);
  }
  // Givens that break the rules are never solved.
  Grid broken = on(Variant::kX, std::string(81, '.'));
  broken.cells[0] = 5;
  broken.cells[80] = 5;  // both on the main diagonal
  CHECK_FALSE(verdict(broken, 1.5).solved);
}
