// libFuzzer target: puzzle input as solve, grade and generate --exclude read it - every form the
// puzzle reader knows (lines, grids, CSV, JSON) - each puzzle written back (which must parse to
// the same grid), checked against the rules and, up to 9x9, solved.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "input/puzzle_reader.hpp"
#include "solver/solver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  gp::input::PuzzleReader reader(in, "fuzz");
  while (auto item = reader.next()) {
    if (!item->grid) continue;
    const gp::Grid& grid = *item->grid;
    auto again = gp::parse_line(gp::format_line(grid), grid.shape);
    if (!again || gp::format_line(*again) != gp::format_line(grid)) std::abort();
    if (!gp::check_givens(grid)) continue;
    if (grid.shape.n() <= 9) (void)gp::solver::count_solutions(grid, 2, nullptr);
  }
  return 0;
}
