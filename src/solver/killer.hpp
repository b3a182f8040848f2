// The killer exact solver: a killer board (classic units plus cages with sums, up to 9x9).
// Per-cell candidate bitmasks; naked singles over `peers` (cage mates included), hidden singles
// over the rows, columns and boxes, and per cage the combinations of k different digits that add
// up to what is left of its sum (k = its empty cells; digits placed in it are out), kept only when
// every empty cell can take one of them and every digit of them has a cell: each cell keeps the
// digits of the combinations left, and a digit every combination holds leaves the rest of any
// row, column or box that holds the whole cage. Then binary branching on a cell with the fewest
// candidates, as the generic engine does.
//
// solver.hpp dispatches here for killer boards. Thread-safe (state local to the call, work
// buffers to the thread); never throws except std::bad_alloc.
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "solver/search.hpp"

namespace gp::solver::killer {

// Searches `g` on its killer board. Givens that break the rules give count 0; so does a grid on
// another board (call only with board_of(g).killer()). If `first` is non-null and a solution is
// found, it receives the first one.
Outcome search(const Grid& g, const Request& req, Grid* first = nullptr);

// The same search on the classic board of `shape` with `cages` (`cage_of`: per cell its cage),
// without building a Board: the generator tries many cage layouts on one grid. `cells` are the
// givens (0 = empty). Every solution found is appended to `found` (cells bytes each) when it is
// not null. The cages must cover the grid (as killer_board checks); sums out of range give 0.
Outcome search_cages(Shape shape, const std::vector<Cage>& cages, const std::vector<int>& cage_of,
                     const std::uint8_t* cells, const Request& req, std::vector<std::uint8_t>* found = nullptr);

// The sets of k different digits from 1..9 (as masks, bit v-1 for digit v) adding up to `sum`,
// in ascending mask order; empty when there is none. k from 0 to 9 (k = 0 gives {0} for sum 0).
const std::vector<Mask>& combinations(int k, int sum);

}  // namespace gp::solver::killer
