// The cage rule drawn on a grid (killer): each cage outlined with a dashed line inset inside its
// cells, following the cage's outer border (turning inwards at its inner corners), and its sum
// small in the corner of its first cell (reading order), the dashed line starting after the sum.
#include "layout/rule_draw.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <variant>

namespace gp::layout {

namespace {

// A straight run of the inset outline, in mm: horizontal (y fixed) or vertical (x fixed).
struct Run {
  bool horizontal = true;
  double fixed = 0, from = 0, to = 0;
};

// Emits `run` as dashes: a whole number of dashes, one at each end (corners meet dash to dash).
void dashes(std::vector<Item>& out, const Run& run, double dash_mm, double width_pt, double grey) {
  const double len = run.to - run.from;
  if (len <= 0) return;
  const double gap = dash_mm * 0.8;
  const int k = std::max(1, static_cast<int>(std::lround((len + gap) / (dash_mm + gap))));
  // k dashes and k - 1 gaps fill the run exactly, in the dash:gap ratio.
  const double unit = len / (k * dash_mm + (k - 1) * gap);
  const double d = dash_mm * unit, g = gap * unit;
  for (int i = 0; i < k; ++i) {
    const double a = run.from + i * (d + g), b = std::min(run.to, a + d);
    if (run.horizontal)
      add(out, LineItem{a, run.fixed, b, run.fixed, width_pt, grey, false});
    else
      add(out, LineItem{run.fixed, a, run.fixed, b, width_pt, grey, false});
  }
}

}  // namespace

double cage_sum_size_pt(double cell_mm, const GridStyle& style) {
  const double floor = style.min_digit_pt > kMinCageSumPt ? style.min_digit_pt : kMinCageSumPt;
  return std::max(floor, cell_mm * 0.26 / pt_to_mm(1));
}

double cage_line_pt(const GridStyle& style) { return std::max(kMinCageLinePt, 0.75 * style.thin_pt); }

double cage_line_grey(const GridStyle& style) {
  return cage_line_pt(style) < style.thin_pt - 1e-9 ? 0.0 : kCageDashGrey;
}

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const CageRule& rule) {
  if (layer != RuleLayer::kOver || frame.answer) return;
  const double x0 = frame.x0, y0 = frame.y0, cell_mm = frame.cell_mm;
  const GridStyle& style = *frame.style;
  const int n = frame.board->n;
  const double inset = cell_mm * 0.11;
  const double width_pt = cage_line_pt(style), grey = cage_line_grey(style);
  // Dashes of about a tenth of a cell (at least 0.9 mm): at a store's preview size they stay
  // dashes instead of running together into a grey line.
  const double dash_mm = std::max(0.9, cell_mm * 0.1);
  Font font = style.digit_font;
  font.bold = false;
  font.size_pt = cage_sum_size_pt(cell_mm, style);
  const double text_h = pt_to_mm(font.size_pt);
  auto in = [&](int cage, int r, int c) {
    return r >= 0 && r < n && c >= 0 && c < n && rule.cage_of[static_cast<size_t>(r * n + c)] == cage;
  };
  for (int k = 0; k < static_cast<int>(rule.cages.size()); ++k) {
    const Cage& cage = rule.cages[static_cast<size_t>(k)];
    std::vector<Run> runs;
    // Per cell, each side on the cage's border gives a piece of the inset line; its ends stop at
    // the inset of a convex corner, go through to the next cell on a straight border, or reach
    // past the cell edge to the inset of a concave corner.
    for (int cell : cage.cells) {
      const int r = cell / n, c = cell % n;
      const double left = x0 + c * cell_mm, top = y0 + r * cell_mm;
      const double right = left + cell_mm, bottom = top + cell_mm;
      auto end_at = [&](bool side_in, bool diagonal_in, double edge, double sign) {
        // sign: -1 towards the lower coordinate end, +1 towards the higher one.
        if (!side_in) return edge - sign * inset;  // convex corner
        if (diagonal_in) return edge + sign * inset;  // concave corner
        return edge;                                  // the border goes on straight
      };
      if (!in(k, r - 1, c))
        runs.push_back({true, top + inset, end_at(in(k, r, c - 1), in(k, r - 1, c - 1), left, -1),
                        end_at(in(k, r, c + 1), in(k, r - 1, c + 1), right, 1)});
      if (!in(k, r + 1, c))
        runs.push_back({true, bottom - inset, end_at(in(k, r, c - 1), in(k, r + 1, c - 1), left, -1),
                        end_at(in(k, r, c + 1), in(k, r + 1, c + 1), right, 1)});
      if (!in(k, r, c - 1))
        runs.push_back({false, left + inset, end_at(in(k, r - 1, c), in(k, r - 1, c - 1), top, -1),
                        end_at(in(k, r + 1, c), in(k, r + 1, c - 1), bottom, 1)});
      if (!in(k, r, c + 1))
        runs.push_back({false, right - inset, end_at(in(k, r - 1, c), in(k, r - 1, c + 1), top, -1),
                        end_at(in(k, r + 1, c), in(k, r + 1, c + 1), bottom, 1)});
    }
    // Pieces on one line that touch become one run (so the dashes flow along a straight border).
    std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
      if (a.horizontal != b.horizontal) return a.horizontal;
      if (std::abs(a.fixed - b.fixed) > 1e-9) return a.fixed < b.fixed;
      return a.from < b.from;
    });
    std::vector<Run> merged;
    for (const Run& run : runs) {
      if (!merged.empty() && merged.back().horizontal == run.horizontal &&
          std::abs(merged.back().fixed - run.fixed) < 1e-9 && run.from <= merged.back().to + 1e-9)
        merged.back().to = std::max(merged.back().to, run.to);
      else
        merged.push_back(run);
    }
    // The sum in the first cell's top-left corner; the two runs starting at that corner start
    // after it.
    const int first = cage.cells.front();
    const double left = x0 + (first % n) * cell_mm, top = y0 + (first / n) * cell_mm;
    const std::string sum = std::to_string(cage.sum);
    const double text_w = static_cast<double>(sum.size()) * pt_to_mm(font.size_pt) * 0.6;
    const double tx = left + inset * 0.55, ty = top + inset * 0.35;
    const double pad = inset * 0.45;
    for (Run& run : merged) {
      if (run.horizontal && std::abs(run.fixed - (top + inset)) < 1e-9 && std::abs(run.from - (left + inset)) < 1e-9)
        run.from = std::max(run.from, tx + text_w + pad);
      if (!run.horizontal && std::abs(run.fixed - (left + inset)) < 1e-9 && std::abs(run.from - (top + inset)) < 1e-9)
        run.from = std::max(run.from, ty + text_h + pad);
    }
    for (const Run& run : merged) dashes(out, run, dash_mm, width_pt, grey);
    add(out, text_item(Box{tx, ty, text_w + pad, text_h * 1.2}, sum, font, HAlign::left, VAlign::top));
  }
}

}  // namespace gp::layout
