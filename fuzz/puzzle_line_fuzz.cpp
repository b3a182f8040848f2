// libFuzzer target: puzzle input as solve and grade read it - lines through read_input_line,
// each parsed, checked against the rules, written back (which must parse to the same grid) and,
// up to 9x9, solved.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "cli/input.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "solver/solver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  int line_no = 0;
  for (;;) {
    auto more = gp::cli::read_input_line(in, line, line_no);
    if (!more || !*more) break;
    auto grid = gp::parse_line(line);
    if (!grid) continue;
    auto again = gp::parse_line(gp::format_line(*grid), grid->shape);
    if (!again || gp::format_line(*again) != gp::format_line(*grid)) std::abort();
    if (!gp::check_givens(*grid)) continue;
    if (grid->shape.n() <= 9) (void)gp::solver::count_solutions(*grid, 2, nullptr);
  }
  return 0;
}
