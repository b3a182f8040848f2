// The dot rule drawn on a grid (consecutive, kropki): over the cell lines and under the digits,
// each dot a circle centred on the edge its two cells share, white (filled white, outlined black)
// or black (filled black), on puzzles and on answers (the dots are part of the puzzle; an answer's
// digits are read against them). A rule without dots (non-consecutive) draws nothing.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "layout/rule_draw.hpp"

namespace gp::layout {

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const DotRule& rule) {
  if (layer != RuleLayer::kOver) return;
  const int n = frame.board->n;
  const double cell = frame.cell_mm;
  const double r = std::max(cell * kDotRadius, kMinDotRadiusMm);
  const double width_pt = std::max(kMinMarkLinePt, frame.style->thin_pt);
  for (const Dot& d : rule.dots) {
    // The middle of the shared edge: right of a for a pair in a row, below it for one in a column.
    const bool across = d.b == d.a + 1;
    const double cx = frame.x0 + (d.a % n + (across ? 1.0 : 0.5)) * cell;
    const double cy = frame.y0 + (d.a / n + (across ? 0.5 : 1.0)) * cell;
    PathItem circle;
    circle.fill_grey = d.black ? 0.0 : 1.0;
    circle.stroke_pt = width_pt;
    circle.stroke_grey = 0.0;
    constexpr int kSteps = 32;
    for (int i = 0; i < kSteps; ++i) {
      const double a = 2 * std::numbers::pi * i / kSteps;
      circle.points.emplace_back(cx + r * std::cos(a), cy + r * std::sin(a));
    }
    add(out, std::move(circle));
  }
}

}  // namespace gp::layout
