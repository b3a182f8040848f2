// The techniques page (`front_matter.techniques`): worked examples, each a real step of a real
// puzzle drawn as a small diagram beside a paragraph. The book layer grades the puzzles and picks
// the steps (book/techniques.hpp); layout receives them here as plain data and never grades.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "layout/document.hpp"
#include "layout/grid_draw.hpp"

namespace gp::layout {

// How a cell of a diagram is shaded: `unit` light (a unit the step reads), `key` darker (a cell the
// deduction rests on: a subset's cells, a fish's corners, a digit that rules a cell out).
enum class CellMark : std::uint8_t { none, unit, key };

// One worked example. Per-cell vectors have one entry per cell of `givens` (row-major).
struct TechniqueDiagram {
  std::string title;              // "X-wing"
  std::string text;               // the step in words, with its digits and cells
  Grid givens;                    // the puzzle's givens (drawn black)
  Grid values;                    // every digit known before the step (those not given drawn grey)
  std::vector<Mask> candidates;   // candidates drawn small (0 = none)
  std::vector<Mask> removed;      // candidates the step removes: drawn and struck through
  std::vector<CellMark> marks;
  int placed_cell = -1;           // the cell the step solves (its digit drawn bold and ringed), -1 = none
  int placed_value = 0;
  int order = 0;                  // position on the page, ascending (the list is in priority order)
  // The techniques page it belongs on: "classic", or the variant whose page it is ("killer").
  std::string variant = "classic";
};

// Whether a diagram of a grid on `board` draws the board's marks as its puzzles show them (a
// board with rules, extra units or jigsaw regions): such a diagram shows the whole grid, its
// rules' marks (cages and sums, thermometers, arrows, dots, signs, outside clues), its jigsaw
// regions as heavy lines and the cells of its extra units (diagonals, windows) lightly shaded
// where the step shades nothing.
bool marked_diagram(const Board& board);

// The rows and columns a diagram draws: whole bands and stacks of boxes, from the first to the last
// holding a marked cell, a candidate, a removal or the placement (the whole grid when none).
struct DiagramWindow {
  int row0 = 0, row1 = 0, col0 = 0, col1 = 0;  // inclusive
};
DiagramWindow diagram_window(const TechniqueDiagram& d);

// The size (mm) of a diagram of `window` drawn with cells of `cell_mm`: the grid with its border
// plus the row and column numbers along the top and left.
// A board with clues outside the grid (sandwich) adds their margin between the numbers and the grid.
Box diagram_size(const DiagramWindow& window, double cell_mm, const GridStyle& style, const Board* board = nullptr);

// Appends the diagram with its top-left corner at (x, y): shading, cell and box lines, the border,
// row and column numbers (7 pt), digits, candidates at 7 pt in a small grid inside their cell (the
// removed ones struck through), and the placed digit bold inside a ring.
void draw_diagram(std::vector<Item>& out, double x, double y, double cell_mm, const TechniqueDiagram& d,
                  const DiagramWindow& window, const GridStyle& style);

}  // namespace gp::layout
