// The thermo rule drawn on a grid: each thermometer as print books draw it, a light grey filled
// circle in the bulb's cell and a thick light grey tube from the bulb through the cell centres to
// the tip (its joints and its tip rounded), under the lines and the digits, on puzzles and answers
// (the thermos are part of the puzzle; an answer's digits are read against them).
#include <cmath>
#include <numbers>

#include "layout/rule_draw.hpp"

namespace gp::layout {
namespace {

constexpr double kPtPerMm = 72.0 / 25.4;

PathItem disc(double cx, double cy, double r, double grey) {
  PathItem p;
  p.fill_grey = grey;
  constexpr int kSteps = 48;
  for (int i = 0; i < kSteps; ++i) {
    const double a = 2 * std::numbers::pi * i / kSteps;
    p.points.emplace_back(cx + r * std::cos(a), cy + r * std::sin(a));
  }
  return p;
}

}  // namespace

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ThermoRule& rule) {
  if (layer != RuleLayer::kUnder) return;
  const int n = frame.board->n;
  const double cell = frame.cell_mm;
  auto centre = [&](int c) {
    return std::pair<double, double>{frame.x0 + (c % n + 0.5) * cell, frame.y0 + (c / n + 0.5) * cell};
  };
  const double tube = cell * kThermoTube;
  for (const auto& t : rule.thermos) {
    for (size_t j = 1; j < t.size(); ++j) {
      const auto [x1, y1] = centre(t[j - 1]);
      const auto [x2, y2] = centre(t[j]);
      LineItem line{x1, y1, x2, y2, tube * kPtPerMm, kThermoGrey, false};
      add(out, line);
      add(out, disc(x2, y2, tube / 2, kThermoGrey));  // a rounded joint, or the rounded tip
    }
    const auto [bx, by] = centre(t.front());
    add(out, disc(bx, by, cell * kThermoBulb, kThermoGrey));
  }
}

}  // namespace gp::layout
