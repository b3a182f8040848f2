// Drawing the symbols that stand for the values of a grid (spec/symbols.hpp) as document items:
// letters and short texts as text, shapes as filled outlines, colours as a filled disc with the
// colour's initial on it (so a greyscale print still tells them apart).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "layout/document.hpp"

namespace gp::layout {

// The outline of `shape` (circle, square, triangle, star, heart, diamond) centred in `box`, fitting
// inside a square of side `size` mm, as points for a PathItem (curves as 48 or more points).
// An unknown name gives no points.
std::vector<std::pair<double, double>> shape_outline(const std::string& shape, const Box& box, double size);

// The colour of a colour symbol (red, blue, yellow, green, orange, purple), and its initial
// ("R", "B", "Y", "G", "O", "P"); an unknown name gives no colour.
std::optional<Colour> symbol_color(const std::string& name);
std::string symbol_initial(const std::string& name);

// How one value is drawn in its cell.
struct SymbolStyle {
  Font font;           // the digits' font, at the digits' size for the cell
  double grey = 0;     // givens black; filled answers grey
  double size_mm = 0;  // the height a shape fills (the digits' height, a little more)
};

// Appends the items that draw `entry` (one of spec::section_symbols) in `cell`: a shape name as a
// PathItem filled in style.grey; a colour name as a disc in the colour, outlined, with its initial
// in white or black (whichever reads on it; bold when the font is); anything else as optical text
// (two characters at a smaller size).
void draw_symbol(std::vector<Item>& out, const std::string& entry, const Box& cell, const SymbolStyle& style);

}  // namespace gp::layout
