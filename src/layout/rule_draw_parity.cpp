// The parity rule drawn on a grid (even-odd): under the lines and the digits, a cell marked even
// gets a grey square and a cell marked odd a circle, on puzzles and on answers (the marks are part
// of the puzzle; an answer's digits are read against them).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "layout/rule_draw.hpp"

namespace gp::layout {

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ParityRule& rule) {
  if (layer != RuleLayer::kUnder) return;
  const int n = frame.board->n;
  const double cell = frame.cell_mm;
  const double width_pt = std::max(kMinMarkLinePt, frame.style->thin_pt);
  for (int c = 0; c < frame.board->cells; ++c) {
    const double left = frame.x0 + (c % n) * cell, top = frame.y0 + (c / n) * cell;
    if (rule.even(c)) {
      const double inset = cell * kEvenInset;
      add(out, RectItem{Box{left + inset, top + inset, cell - 2 * inset, cell - 2 * inset}, 0, 0, kEvenGrey});
    } else if (rule.odd(c)) {
      const double r = cell * (0.5 - kOddInset);
      const double cx = left + cell / 2, cy = top + cell / 2;
      PathItem circle;
      circle.fill_grey = -1;
      circle.stroke_pt = width_pt;
      circle.stroke_grey = kOddGrey;
      constexpr int kSteps = 48;
      for (int i = 0; i < kSteps; ++i) {
        const double a = 2 * std::numbers::pi * i / kSteps;
        circle.points.emplace_back(cx + r * std::cos(a), cy + r * std::sin(a));
      }
      add(out, std::move(circle));
    }
  }
}

}  // namespace gp::layout
