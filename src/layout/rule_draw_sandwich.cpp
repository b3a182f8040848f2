// The sandwich rule drawn on a grid: each clue outside the grid, left of its row and above its
// column, in the margin draw_grid leaves for it (layout/grid_draw.hpp outside_clue_*). Black digits
// in the grid's font, at least the digits' minimum size; on puzzles and solved examples (an answer
// key shows the digits on the plain grid, as print books set sandwich answers).
#include <string>

#include "layout/rule_draw.hpp"

namespace gp::layout {

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const SandwichRule& rule) {
  if (layer != RuleLayer::kOver || frame.answer) return;
  const GridStyle& style = *frame.style;
  const double cell = frame.cell_mm;
  const double margin = outside_clue_margin_mm(cell, style), gap = kOutsideClueGap * cell;
  const double half_border = pt_to_mm(style.border_pt) / 2;
  Font font = style.digit_font;
  font.bold = false;
  font.size_pt = outside_clue_pt(cell, style);
  const int n = frame.board->n;
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      const int clue = (side ? rule.cols : rule.rows)[static_cast<size_t>(i)];
      if (clue == kNoSandwich) continue;
      TextItem t;
      // A row's clue in a box left of the border, a column's above it, the gap to the border's ink.
      t.box = side ? Box{frame.x0 + i * cell, frame.y0 - half_border - margin, cell, margin - gap}
                   : Box{frame.x0 - half_border - margin, frame.y0 + i * cell, margin - gap, cell};
      t.text = std::to_string(clue);
      t.font = font;
      t.halign = HAlign::center;
      t.valign = VAlign::middle;
      t.grey = 0;
      t.optical = true;
      out.push_back(std::move(t));
    }
}

}  // namespace gp::layout
