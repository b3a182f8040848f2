// Killer boards: cages as data (the classic units plus cages), and the cage lists that are refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/grid.hpp"

using namespace gp;

namespace {

// 4x4 cages: the dominoes of each row pair, left to right (cells r,c and r+1,c), sums from `grid`.
std::vector<Cage> column_dominoes(const std::vector<int>& grid) {
  std::vector<Cage> cages;
  for (int r = 0; r < 4; r += 2)
    for (int c = 0; c < 4; ++c) {
      const int a = r * 4 + c, b = a + 4;
      cages.push_back({grid[static_cast<size_t>(a)] + grid[static_cast<size_t>(b)], {a, b}});
    }
  return cages;
}

const std::vector<int> kSolved = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};

std::string error_of(const std::vector<Cage>& cages, Shape shape = Shape{2, 2}) {
  auto board = killer_board(shape, cages);
  return board ? std::string() : board.error().to_string();
}

}  // namespace

TEST_CASE("a killer board keeps the classic units and adds its cages as peers", "[killer]") {
  auto board = killer_board(Shape{2, 2}, column_dominoes(kSolved));
  REQUIRE(board);
  const Board& b = **board;
  CHECK(b.killer());
  CHECK(b.units.size() == 12);  // rows, columns, boxes: a cage is not a unit
  REQUIRE(b.cages().size() == 8);
  CHECK(b.cage_of()[0] == 0);
  CHECK(b.cage_of()[4] == 0);
  CHECK(b.cage_of()[15] == 7);
  // Cell 0's peers: its row, column and box (7 cells), and nothing new from its cage (cell 4
  // shares its column); a horizontal cage brings a cell outside the cell's units.
  CHECK(b.peers[0].size() == 7);
  std::vector<Cage> across = {{3, {0, 1}}, {7, {2, 3}}, {4, {4, 8}}};
  for (int c : {5, 6, 7, 9, 10, 11, 12, 13, 14, 15}) across.push_back({1, {c}});
  // Sums need not match a solution for the board to be built; only their range is checked.
  auto b2 = killer_board(Shape{2, 2}, across);
  REQUIRE(b2);
  const auto& p4 = (*b2)->peers[4];
  CHECK(std::find(p4.begin(), p4.end(), 8) != p4.end());
}

TEST_CASE("killer grids compare their cages", "[killer]") {
  auto a = killer_board(Shape{2, 2}, column_dominoes(kSolved));
  auto other = kSolved;
  std::swap(other[0], other[1]);  // changes the sums of the first two cages
  auto b = killer_board(Shape{2, 2}, column_dominoes(other));
  REQUIRE(a);
  REQUIRE(b);
  Grid ga(*a), gb(*b), gc(*killer_board(Shape{2, 2}, column_dominoes(kSolved)));
  CHECK(ga.variant() == Variant::kKiller);
  CHECK_FALSE(ga == gb);
  CHECK(ga == gc);
}

TEST_CASE("cage lists that are not a killer board are refused with the cage named", "[killer]") {
  auto cages = column_dominoes(kSolved);
  CHECK(error_of(cages, Shape{4, 4}) ==
        "killer puzzles go up to 9x9 (cage sums on larger grids are beyond solving by hand), not 16x16");
  auto missing = cages;
  missing.pop_back();
  CHECK(error_of(missing) == "cell r3c4 is in no cage");
  auto apart = cages;
  apart[1].cells = {1, 6};
  apart[2].cells = {2, 5};
  CHECK(error_of(apart) == "cage 2 is not in one piece (its cells must join side by side)");
  auto overlap = cages;
  overlap[1].cells = {0, 1};
  CHECK(error_of(overlap) == "cage 2: cell r1c1 is already in cage 1 (cages must not overlap)");
  auto low = cages;
  low[2].sum = 1;
  CHECK(error_of(low) == "cage 3: 2 different digits add up to 3 to 7, not 1");
  auto outside = cages;
  outside[0].cells = {0, 16};
  CHECK(error_of(outside) == "cage 1: cell 16 is outside the 4x4 grid");
  auto big = cages;
  big[0].cells = {0, 4, 8, 12, 13};
  CHECK(error_of(big) == "cage 1 has 5 cells, more than the 4 different digits a cage can hold");
}

TEST_CASE("givens on a killer board are checked against their cages", "[killer]") {
  auto board = killer_board(Shape{2, 2}, column_dominoes(kSolved));
  REQUIRE(board);
  Grid g(*board);
  CHECK(check_givens(g));
  g.cells[0] = 1;
  CHECK(check_givens(g));
  g.cells[4] = 3;  // 1 + 3 = 4, the first cage's sum
  CHECK(check_givens(g));
  g.cells[4] = 2;
  REQUIRE_FALSE(check_givens(g));
  CHECK(check_givens(g).error().to_string() == "cage 1 (sum 4): its givens add up to 3");
  g.cells[4] = 0;
  g.cells[0] = 4;  // leaves 0 for the other cell
  CHECK(check_givens(g).error().to_string() == "cage 1 (sum 4): its givens add up to 4 with 1 empty cell left");
}
