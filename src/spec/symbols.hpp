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

// True for variants whose marks are arithmetic on the values (killer's cage sums, also in a
// combination such as killer+x or jigsaw+killer): their symbols
// can only be the digits.
bool marks_are_arithmetic(const std::string& variant);

// The n entries standing for 1..n: "1".."9","A".. for digits, "A".. for letters, the first n
// shape or colour names, or the section's own list. Requires: symbols_problem() found nothing.
std::vector<std::string> section_symbols(const SectionSpec& section);

// What is wrong with the section's symbols for its grid and variant, or nothing: "6 shapes are
// enough for grids up to 6x6, not 9x9 (use letters)", "the list has 5 entries; a 4x4 grid needs
// 4", "'star' is in the list twice", "entry 4 ("house") is 5 characters, not one: ...", "entry 2
// ("<U+200B>") holds an invisible character (U+200B): ...". A text entry must be one visible
// grapheme cluster: a character (not a control, space, line break, zero-width or format
// character, private-use or unassigned-plane code point) with its combining marks, variation
// selectors and emoji modifiers, an emoji ZWJ sequence or a flag. A section whose marks are
// arithmetic on the values (killer: cage sums) takes digits only.
// (A cluster made of several base characters that Unicode joins by rule alone, such as Hangul
// jamo, is counted as several: refused, never misprinted.)
std::optional<std::string> symbols_problem(const SectionSpec& section);

}  // namespace gp::spec
