// What stands for the values 1..n in a grid (section key `symbols`): digits, letters, shapes,
// colours, or a list of the spec's own. The spec checks a section's symbols with these tables;
// layout draws them (layout/symbols.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "spec/book_spec.hpp"

namespace gp::spec {

// The shapes, in the order `symbols: shapes` uses them: circle, square, triangle, star, heart,
// diamond (a 4x4 grid takes the first four).
const std::vector<std::string>& symbol_shape_names();
// The colours, in the order `symbols: colors` uses them: red, blue, yellow, green, orange, purple.
const std::vector<std::string>& symbol_color_names();
// The named sets: digits, letters, shapes, colors.
const std::vector<std::string>& symbol_set_names();

// The longest text entry of a custom list, in characters (a cell holds two at a readable size).
inline constexpr std::size_t kMaxSymbolChars = 2;

// The n entries standing for 1..n: "1".."9","A".. for digits, "A".. for letters, the first n
// shape or colour names, or the section's own list. Requires: symbols_problem() found nothing.
std::vector<std::string> section_symbols(const SectionSpec& section);

// What is wrong with the section's symbols for its grid, or nothing: "6 shapes are enough for
// grids up to 6x6, not 9x9 (use letters)", "the list has 5 entries; a 4x4 grid needs 4",
// "'star' is in the list twice", "'house' is not a shape or a colour, and text entries are at
// most 2 characters".
std::optional<std::string> symbols_problem(const SectionSpec& section);

}  // namespace gp::spec
