// The inequality rule drawn on a grid (greater-than, futoshiki): each sign a small chevron centred
// on the edge the two cells share, its point towards the smaller digit ('>' '<' between cells of a
// row, 'v' '^' between cells of a column), over the lines on a small white patch that clears the
// cell line under it, on puzzles and on answers (the signs are part of the puzzle).
#include <algorithm>

#include "layout/rule_draw.hpp"

namespace gp::layout {

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const InequalityRule& rule) {
  if (layer != RuleLayer::kOver) return;
  const int n = frame.board->n;
  const double cell = frame.cell_mm;
  const double width_pt = std::max(kMinSignLinePt, frame.style->thin_pt * 1.5);
  const double half = cell * kSignHalfWidth, depth = cell * kSignDepth;
  for (const auto& [a, b] : rule.signs) {
    const int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    const bool across = ra == rb;  // side by side in a row: the edge is vertical
    // The edge's centre, and the unit step from the greater cell towards the smaller.
    const double ex = frame.x0 + (across ? std::max(ca, cb) * cell : (ca + 0.5) * cell);
    const double ey = frame.y0 + (across ? (ra + 0.5) * cell : std::max(ra, rb) * cell);
    const double dx = across ? (cb > ca ? 1 : -1) : 0, dy = across ? 0 : (rb > ra ? 1 : -1);
    // The patch: the chevron's box with a margin of its line.
    const double margin = pt_to_mm(width_pt);
    const double w = across ? depth + 2 * margin : 2 * half + 2 * margin;
    const double h = across ? 2 * half + 2 * margin : depth + 2 * margin;
    add(out, RectItem{Box{ex - w / 2, ey - h / 2, w, h}, 0, 0, 1.0});
    // The point at depth/2 towards the smaller cell, the open ends depth/2 back, half apart.
    const double tx = ex + dx * depth / 2, ty = ey + dy * depth / 2;
    const double bx = ex - dx * depth / 2, by = ey - dy * depth / 2;
    const double px = across ? 0 : half, py = across ? half : 0;  // across the direction
    add(out, LineItem{bx - px, by - py, tx, ty, width_pt, 0, false});
    add(out, LineItem{bx + px, by + py, tx, ty, width_pt, 0, false});
  }
}

}  // namespace gp::layout
