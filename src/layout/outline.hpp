// Outlines of groups of cells (jigsaw regions today; any per-cell grouping): the runs of cell
// edges that separate two neighbouring cells of different groups, merged along straight lines.
#pragma once

#include <vector>

#include "layout/document.hpp"

namespace gp::layout {

// A run of cell edges on grid line `line` (1..n-1): horizontal runs lie under row line-1 and go
// from column `from` to column `to` (exclusive); vertical runs lie right of column line-1 and go
// from row `from` to row `to`.
struct EdgeRun {
  bool horizontal = true;
  int line = 0;
  int from = 0;
  int to = 0;
};

// The inner edges of an n x n grid where differs(a, b) holds for the two cells a and b on either
// side (a above or left of b), as maximal runs: line by line, first the horizontal runs of line
// i, then its vertical runs, each from left to right or top to bottom.
template <class Differs>
std::vector<EdgeRun> edge_runs(int n, Differs&& differs) {
  std::vector<EdgeRun> out;
  for (int i = 1; i < n; ++i) {
    for (int k = 0; k < n;) {  // the line under row i-1, along the columns
      if (!differs((i - 1) * n + k, i * n + k)) { ++k; continue; }
      int end = k;
      while (end < n && differs((i - 1) * n + end, i * n + end)) ++end;
      out.push_back({true, i, k, end});
      k = end;
    }
    for (int k = 0; k < n;) {  // the line right of column i-1, down the rows
      if (!differs(k * n + i - 1, k * n + i)) { ++k; continue; }
      int end = k;
      while (end < n && differs(end * n + i - 1, end * n + i)) ++end;
      out.push_back({false, i, k, end});
      k = end;
    }
  }
  return out;
}

// The runs of edge_runs drawn as heavy lines of `width_pt` (square caps close the corners) on a
// grid of cell_mm cells whose top-left corner is (x0, y0): jigsaw regions, kenken cages.
template <class Differs>
void add_outline_lines(std::vector<Item>& out, int n, double x0, double y0, double cell_mm, double width_pt,
                       Differs&& differs) {
  for (const EdgeRun& run : edge_runs(n, differs)) {
    const double p = run.line * cell_mm, a = run.from * cell_mm, b = run.to * cell_mm;
    if (run.horizontal)
      add(out, LineItem{x0 + a, y0 + p, x0 + b, y0 + p, width_pt, 0, true});
    else
      add(out, LineItem{x0 + p, y0 + a, x0 + p, y0 + b, width_pt, 0, true});
  }
}

}  // namespace gp::layout
