// libFuzzer target: jigsaw region maps and killer cages as puzzle lines give them (core/codec.hpp
// parse_regions, parse_cages; core/grid.hpp jigsaw_board, killer_board). The first byte picks the
// grid size (4, 6, 8, 9, 12, 16), the rest is the token. A token that parses must write back to the
// same value; a board that builds is searched (with a small node budget) and put in canonical form.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "generator/canonical.hpp"
#include "solver/solver.hpp"

namespace {

void search(const std::shared_ptr<const gp::Board>& board) {
  gp::Grid g(board);
  (void)gp::solver::count_solutions_within(g, 2, 2000);
  (void)gp::gen::canonical_form(g);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr int kSides[] = {4, 6, 8, 9, 12, 16};
  const int n = kSides[data[0] % 6];
  const gp::Shape shape = *gp::standard_shape(n);
  const std::string_view token(reinterpret_cast<const char*>(data + 1), size - 1);

  if (auto map = gp::parse_regions(token, n)) {
    const std::string text = gp::format_regions(*map);
    auto again = gp::parse_regions(text, n);
    if (!again || *again != *map) std::abort();
    if (auto board = gp::jigsaw_board(shape, *map)) search(*board);
  }
  if (auto cages = gp::parse_cages(token, shape.cells())) {
    auto again = gp::parse_cages(gp::format_cages(*cages), shape.cells());
    if (!again || *again != *cages) std::abort();
    if (auto board = gp::killer_board(shape, *cages)) search(*board);
  }
  return 0;
}
