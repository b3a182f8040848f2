// Killer cages drawn on a grid (draw_grid calls this for a killer puzzle, not for its answer).
#pragma once

#include <vector>

#include "core/grid.hpp"
#include "layout/document.hpp"
#include "layout/grid_draw.hpp"

namespace gp::layout {

// Print floors (the print rules' minimums for text and lines): a cage sum is never smaller than
// 7 pt, a cage's dashed line never thinner than 0.75 pt.
inline constexpr double kMinCageSumPt = 7.0;
inline constexpr double kMinCageLinePt = 0.75;

// The size of a cage sum in cells of `cell_mm`: about a quarter of the cell, at least kMinCageSumPt.
double cage_sum_size_pt(double cell_mm);

// Every cage of `board` (a killer board) on the grid whose outer cell edges start at (x0, y0):
// a dashed outline inset by 11 % of a cell inside the cage's cells, following its border (dash to
// dash at every corner, concave corners included), and the sum top left in the cage's first cell,
// the outline starting after it.
void draw_cages(std::vector<Item>& out, double x0, double y0, double cell_mm, const Board& board,
                const GridStyle& style);

}  // namespace gp::layout
