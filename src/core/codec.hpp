// Text codecs. One puzzle per line: n*n characters row by row, '.' or '0' empty, values 1-9 then
// A-G for 10-16 (so 9x9 is the usual 81-character line). And a multi-line grid for people.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/grid.hpp"

namespace gp {

// Character for a value: 0 -> '.', 1..9 -> '1'..'9', 10..16 -> 'A'..'G'.
char value_char(int v);
// Value for a character ('.' and '0' -> 0; letters case-insensitive); -1 if not a cell character.
int char_value(char c);

// Parses one puzzle line. Surrounding white space is ignored; anything after the first blank
// (e.g. a solution or comment) is ignored. Without `shape`, the size is inferred from the length
// (16, 36, 64, 81, 144, 256 cells, standard boxes). Errors: "80 cells, expected 81",
// "bad character 'x' at column 5", "value 7 out of range for 6x6 at column 12".
// Does not check the rules; see check_givens().
Result<Grid> parse_line(std::string_view line, std::optional<Shape> shape = std::nullopt);

// n*n characters, '.' for empty.
std::string format_line(const Grid& g);

// A jigsaw region map as n*n characters row by row, region 0 as '1' ... 8 as '9', 9 as 'A' ... 15
// as 'G' (value_char of number + 1).
std::string format_regions(const std::vector<int>& region);
// The reverse for an n x n grid: exactly n*n characters, each naming a region 1..n. Errors:
// "regions: 80 characters, expected 81", "regions: bad character 'x' at column 5", "regions:
// region 10 at column 7 on a 9x9 grid (regions are 1-9)". Does not check the regions' shapes
// (jigsaw_board does).
Result<std::vector<int>> parse_regions(std::string_view text, int n);

// Killer cages as one token: each cage as its cells (row-major indices from 0) joined by '+',
// '=' and its sum; cages joined by ';', e.g. "0+1=10;2+11+20=7;...". Cages keep their order.
std::string format_cages(const std::vector<Cage>& cages);
// The reverse, for a grid of `cells` cells. Errors name the cage (1-based): "cages: cage 3
// ('0+1'): no '=SUM'", "cages: cage 2: cell 81 is outside the 81 cells (0-80)", "cages: cage 4:
// bad number 'x1'". Does not check the cages' shapes or sums (killer_board does).
Result<std::vector<Cage>> parse_cages(std::string_view text, int cells);
// Whether `text` is meant as a cages token (starts with a digit and holds an '='): parse_cages
// then says what is wrong with it, if anything.
bool is_cages_token(std::string_view text);

// Multi-line grid with box separators, '.' for empty, e.g.
//   5 3 . | . 7 . | . . .
//   ------+-------+------
std::string format_grid(const Grid& g);

}  // namespace gp
