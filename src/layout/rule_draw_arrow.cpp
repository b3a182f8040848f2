// The arrow rule drawn on a grid: each arrow as print books draw it, a circle in the circle's cell
// and a thin line from the circle's edge through the centres of its path's cells, ending in an
// arrowhead in the last cell, over the cell lines and under the digits, on puzzles and answers
// (the arrows are part of the puzzle; an answer's digits are read against them).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "layout/rule_draw.hpp"

namespace gp::layout {

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ArrowRule& rule) {
  if (layer != RuleLayer::kOver) return;
  const int n = frame.board->n;
  const double cell = frame.cell_mm;
  const double width_pt = std::max(kMinArrowLinePt, frame.style->thin_pt);
  auto centre = [&](int c) {
    return std::pair<double, double>{frame.x0 + (c % n + 0.5) * cell, frame.y0 + (c / n + 0.5) * cell};
  };
  const double r = cell * kArrowCircle;
  for (const Arrow& a : rule.arrows) {
    const auto [cx, cy] = centre(a.circle);
    PathItem circle;
    circle.fill_grey = -1;
    circle.stroke_pt = width_pt;
    circle.stroke_grey = kArrowGrey;
    constexpr int kSteps = 48;
    for (int i = 0; i < kSteps; ++i) {
      const double t = 2 * std::numbers::pi * i / kSteps;
      circle.points.emplace_back(cx + r * std::cos(t), cy + r * std::sin(t));
    }
    add(out, std::move(circle));
    // The shaft: from the circle's edge towards the first path cell, then centre to centre; the
    // last segment stops where the head begins.
    std::vector<std::pair<double, double>> pts{{cx, cy}};
    for (int c : a.path) pts.push_back(centre(c));
    {
      const double dx = pts[1].first - cx, dy = pts[1].second - cy, len = std::hypot(dx, dy);
      pts[0] = {cx + dx / len * r, cy + dy / len * r};
    }
    const auto [tx, ty] = pts.back();
    const auto [px, py] = pts[pts.size() - 2];
    const double dx = tx - px, dy = ty - py, len = std::hypot(dx, dy);
    const double ux = dx / len, uy = dy / len;
    const double head = cell * kArrowHead;
    for (size_t j = 1; j < pts.size(); ++j) {
      auto [x1, y1] = pts[j - 1];
      auto [x2, y2] = pts[j];
      if (j + 1 == pts.size()) x2 -= ux * head * 0.5, y2 -= uy * head * 0.5;
      add(out, LineItem{x1, y1, x2, y2, width_pt, kArrowGrey, false});
    }
    // The head: a filled triangle whose point is the last cell's centre moved on by a third of the head.
    const double ex = tx + ux * head * 0.3, ey = ty + uy * head * 0.3;
    const double bx = ex - ux * head, by = ey - uy * head;
    PathItem tip;
    tip.fill_grey = kArrowGrey;
    tip.points = {{ex, ey}, {bx - uy * head * 0.45, by + ux * head * 0.45}, {bx + uy * head * 0.45, by - ux * head * 0.45}};
    add(out, std::move(tip));
  }
}

}  // namespace gp::layout
