// The fast exact solver for 9x9 with standard 3x3 boxes.
//
// Low-level entry: takes the 81 cells as bytes (0 = empty, 1..9), so hot loops (the generator's
// hole digging) need not build a gp::Grid per call. Nothing is allocated; a search uses about
// 28 KB of stack. Thread-safe (no shared mutable state). solver.hpp dispatches here for 9x9.
//
// How it works: for each digit and each band (three rows) a 27-bit board of the cells where the
// digit may still go, plus a board of unsolved cells per band. Propagation to a fixed point:
//  - band rule: in a band a digit occupies one cell per row and per box, so the rows and boxes
//    are matched one to one; cells whose (row, box) pair lies on no complete matching are removed
//    (covers pointing/claiming inside the band and hidden singles in rows and boxes);
//  - stack rule: the same on the columns and boxes of each stack (claiming inside the stack,
//    hidden singles in columns);
//  - naked singles: cells left with one digit.
// Then binary branching (cell = d, or cell != d) on a cell with the fewest candidates, two when
// there is one, from an explicit fixed-size stack.
#pragma once

#include <cstdint>

#include "solver/search.hpp"

namespace gp::solver::fast9 {

// Searches the puzzle `cells[0..80]` (row by row, 0 = empty, 1..9). Values above 9 or givens that
// break the rules give count 0. `req.exclude_cell`/`exclude_value` restrict to solutions where
// that cell holds another value (a given equal to it gives count 0). If `first` is non-null and a
// solution is found, first[0..80] receives the first one (values 1..9).
Outcome search(const std::uint8_t* cells, const Request& req, std::uint8_t* first = nullptr);

// Every solution of the puzzle, up to `limit` (>= 1) of them: solution k (in search order) goes to
// out[81 * k .. 81 * k + 80], so `out` must hold 81 * limit bytes. Returns how many were found; a
// return below `limit` means the list is complete. The generator's low-clue search uses it.
int collect(const std::uint8_t* cells, int limit, std::uint8_t* out);

// Shorthands for the hot calls.
// Number of solutions, counting stops at `limit`.
int count(const std::uint8_t* cells, int limit, std::uint8_t* first = nullptr);
// True if the puzzle has a solution with cells[cell] != value (the digging loop's check).
bool has_solution_excluding(const std::uint8_t* cells, int cell, int value);

}  // namespace gp::solver::fast9
