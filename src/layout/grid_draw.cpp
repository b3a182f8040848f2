#include "layout/grid_draw.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include "core/codec.hpp"
#include "layout/outline.hpp"
#include "layout/rule_draw.hpp"
#include "layout/symbols.hpp"

namespace gp::layout {
namespace {

// A shape's height as a fraction of the cell: a little above the digits' 0.62, as a filled shape
// has no counters and reads smaller than a digit of the same height.
constexpr double kSymbolScale = 0.66;

}  // namespace

GridStyle grid_style(const spec::Theme& theme) {
  GridStyle s;
  s.thin_pt = std::max(theme.thin_line, 0.75);
  s.box_pt = std::max(theme.box_line, 1.5 * s.thin_pt);
  s.border_pt = std::max(theme.border_line, s.box_pt);
  s.digit_font.family = theme.digit_font;
  s.digit_scale = theme.digit_scale > 0 ? theme.digit_scale : 0.62;
  s.given_grey = std::clamp(theme.grey_givens, 0.0, 1.0);
  s.filled_grey = std::clamp(theme.answer_fill_grey, 0.0, 1.0);
  s.min_digit_pt = std::max(s.min_digit_pt, theme.min_digit_size);
  return s;
}

GridStyle style_for_cell(const GridStyle& style, double cell_mm) {
  constexpr double kFullWeightCellMm = 6.0;
  if (cell_mm >= kFullWeightCellMm) return style;
  const double k = cell_mm / kFullWeightCellMm;
  GridStyle s = style;
  s.box_pt = std::max(style.box_pt * k, 1.5 * s.thin_pt);
  s.border_pt = std::max(style.border_pt * k, s.box_pt);
  return s;
}

double digit_size_pt(double cell_mm, const GridStyle& style) {
  const double size = mm_to_pt(style.digit_scale * cell_mm / kDigitHeightPerEm);
  const double cap = mm_to_pt(0.8 * cell_mm / kDigitHeightPerEm);
  if (size >= style.min_digit_pt) return size;
  return std::min(style.min_digit_pt, cap);
}

double grid_extent_mm(int n, double cell_mm, const GridStyle& style) {
  return n * cell_mm + pt_to_mm(style.border_pt);
}

double cell_for_extent(int n, double extent_mm, const GridStyle& style) {
  if (n <= 0) return 0;
  const double raw = (extent_mm - pt_to_mm(style.border_pt)) / n;
  if (raw <= 0) return 0;
  // Round down to 0.05 mm; the small epsilon keeps exact multiples from dropping a step.
  const double cell = std::floor(raw * 20.0 + 1e-9) / 20.0;
  return cell > 0 ? cell : 0;
}

std::vector<int> alternate_tints(const std::vector<int>& group_of, int n, int count) {
  std::vector<std::vector<int>> next(static_cast<size_t>(count));
  auto join = [&](int a, int b) {
    const int ga = group_of[static_cast<size_t>(a)], gb = group_of[static_cast<size_t>(b)];
    if (ga == gb) return;
    auto& na = next[static_cast<size_t>(ga)];
    if (std::find(na.begin(), na.end(), gb) == na.end()) {
      na.push_back(gb);
      next[static_cast<size_t>(gb)].push_back(ga);
    }
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) join(r * n + c, r * n + c + 1);
      if (r + 1 < n) join(r * n + c, (r + 1) * n + c);
    }
  std::vector<int> tint(static_cast<size_t>(count), -1);
  for (int done = 0; done < count; ++done) {
    int pick = -1, pick_sat = -1, pick_deg = -1;
    for (int g = 0; g < count; ++g) {
      if (tint[static_cast<size_t>(g)] >= 0) continue;
      int seen = 0;
      for (int o : next[static_cast<size_t>(g)])
        if (tint[static_cast<size_t>(o)] >= 0) seen |= 1 << tint[static_cast<size_t>(o)];
      const int sat = std::popcount(static_cast<unsigned>(seen)), deg = static_cast<int>(next[static_cast<size_t>(g)].size());
      if (sat > pick_sat || (sat == pick_sat && deg > pick_deg)) pick = g, pick_sat = sat, pick_deg = deg;
    }
    int uses[4] = {0, 0, 0, 0};
    for (int o : next[static_cast<size_t>(pick)])
      if (tint[static_cast<size_t>(o)] >= 0) ++uses[tint[static_cast<size_t>(o)]];
    int best = 0;  // the lowest free tint, or the one fewest neighbours have
    for (int t = 1; t < 4; ++t)
      if (uses[t] < uses[best]) best = t;
    tint[static_cast<size_t>(pick)] = best;
  }
  return tint;
}

bool has_outside_clues(const Board& board) { return board.rule<SandwichRule>() != nullptr; }

double outside_clue_pt(double cell_mm, const GridStyle& style) {
  return std::max(style.min_digit_pt, mm_to_pt(0.42 * cell_mm / kDigitHeightPerEm));
}

double outside_clue_margin_mm(double cell_mm, const GridStyle& style) {
  // "35" is about 1.3 em wide in the grid's digit fonts.
  const double two_digits = 1.3 * pt_to_mm(outside_clue_pt(cell_mm, style));
  return std::max(kOutsideClueMargin * cell_mm, two_digits + kOutsideClueGap * cell_mm);
}

double outside_clue_cell_mm(int n, double cell_mm, const GridStyle& style) {
  if (n <= 0 || cell_mm <= 0) return 0;
  const double total = n * cell_mm;
  double inner = total / (n + kOutsideClueMargin);
  for (int i = 0; i < 12; ++i) inner = std::max(0.0, (total - outside_clue_margin_mm(inner, style)) / n);
  // Round down to 0.01 mm: the margin then fits with room to spare.
  return std::floor(inner * 100.0) / 100.0;
}

int drawn_side(const Grid& g) { return g.board && g.board->multi_grid() ? g.board->layout_cols : g.n(); }

void draw_jigsaw_lines(std::vector<Item>& out, const Board& board, double x0, double y0, double cell_mm,
                       const GridStyle& style) {
  const int n = board.n;
  const double side = n * cell_mm;
  for (int i = 1; i < n; ++i) {
    const double p = i * cell_mm;
    add(out, LineItem{x0, y0 + p, x0 + side, y0 + p, style.thin_pt, 0, false});
    add(out, LineItem{x0 + p, y0, x0 + p, y0 + side, style.thin_pt, 0, false});
  }
  auto differs = [&](int a, int b) { return board.region[static_cast<size_t>(a)] != board.region[static_cast<size_t>(b)]; };
  add_outline_lines(out, n, x0, y0, cell_mm, style.box_pt, differs);
}

void draw_grid(std::vector<Item>& out, double x, double y, double cell_mm, const Grid& givens,
               const Grid* solution, const GridStyle& style, const std::vector<std::string>* symbols) {
  const Shape shape = givens.shape;
  const int n = shape.n();
  if ((solution == nullptr || style.solved_example) && givens.board && has_outside_clues(*givens.board)) {
    // The clues' margin at the left and top, inside the footprint the caller sized.
    const double inner = outside_clue_cell_mm(n, cell_mm, style);
    const double margin = n * cell_mm - n * inner;
    x += margin;
    y += margin;
    cell_mm = inner;
  }
  const double half = pt_to_mm(style.border_pt) / 2;
  const double x0 = x + half, y0 = y + half;   // outer cell edges
  const double side = n * cell_mm;
  const Board& board = board_of(givens);
  const bool multi = board.multi_grid();
  const int width = multi ? board.layout_cols : n;  // cells a row of the layout
  const RuleFrame rule_frame{x0, y0, cell_mm, &board, &style, solution != nullptr && !style.solved_example};
  draw_rules(out, rule_frame, RuleLayer::kUnder);

  if (multi) {
    // Several grids (samurai): each grid's cell lines, then every grid's box lines, then the
    // borders, so the heavier lines sit on top where grids overlap. Nothing off the board.
    for (int pass = 0; pass < 3; ++pass)
      for (const auto& [top, left] : board.grid_origin) {
        const double gx = x0 + left * cell_mm, gy = y0 + top * cell_mm, gside = n * cell_mm;
        if (pass == 2) {
          add(out, RectItem{Box{gx, gy, gside, gside}, style.border_pt, 0, -1});
          continue;
        }
        for (int i = 1; i < n; ++i) {
          const double p = i * cell_mm;
          const bool h_box = i % shape.box_rows == 0, v_box = i % shape.box_cols == 0;
          if (h_box == (pass == 1))
            add(out, LineItem{gx, gy + p, gx + gside, gy + p, h_box ? style.box_pt : style.thin_pt, 0, false});
          if (v_box == (pass == 1))
            add(out, LineItem{gx + p, gy, gx + p, gy + gside, v_box ? style.box_pt : style.thin_pt, 0, false});
        }
      }
  }

  // Tints: each cage (or jigsaw region) a light grey, touching ones different, under everything.
  if (!rule_frame.answer && !multi) {
    const std::vector<int>* groups = nullptr;
    int count = 0;
    if (style.tint_cages && !board.cage_of().empty()) {
      groups = &board.cage_of();
      count = static_cast<int>(board.cages().size());
    } else if (style.tint_regions && board.jigsaw()) {
      groups = &board.region;
      count = n;
    }
    if (groups) {
      const std::vector<int> tint = alternate_tints(*groups, n, count);
      for (int c = 0; c < board.cells; ++c)
        add(out, RectItem{Box{x0 + (c % n) * cell_mm, y0 + (c / n) * cell_mm, cell_mm, cell_mm}, 0, 0,
                          kTints[tint[static_cast<size_t>((*groups)[static_cast<size_t>(c)])]]});
    }
  }

  // Variants: the cells of the extra units (x: the diagonals; hyper: the windows) shaded first,
  // under every line and digit. Answers show them too (the same call draws them).
  if (board.has_extras() && !multi) {
    std::vector<char> shaded(static_cast<size_t>(board.cells), 0);
    for (size_t u = static_cast<size_t>(3 * n); u < board.units.size(); ++u)
      for (int c : board.units[u]) shaded[static_cast<size_t>(c)] = 1;
    for (int c = 0; c < board.cells; ++c)
      if (shaded[static_cast<size_t>(c)])
        add(out, RectItem{Box{x0 + (c % n) * cell_mm, y0 + (c / n) * cell_mm, cell_mm, cell_mm}, 0, 0,
                               style.shade_grey});
  }

  if (board.jigsaw()) draw_jigsaw_lines(out, board, x0, y0, cell_mm, style);
  // Interior lines: cell lines first, box lines after, so the heavier ones sit on top.
  for (int pass = 0; pass < 2 && !board.jigsaw() && !multi; ++pass) {
    const bool boxes = pass == 1;
    for (int i = 1; i < n; ++i) {
      const double p = i * cell_mm;
      // A Latin square (futoshiki, kenken) has no boxes: every inner line thin, the border thick.
      const bool h_box = !board.latin() && i % shape.box_rows == 0;   // horizontal line below row i-1
      const bool v_box = !board.latin() && i % shape.box_cols == 0;   // vertical line right of column i-1
      if (h_box == boxes) {
        add(out, LineItem{x0, y0 + p, x0 + side, y0 + p, boxes ? style.box_pt : style.thin_pt, 0, false});
      }
      if (v_box == boxes) {
        add(out, LineItem{x0 + p, y0, x0 + p, y0 + side, boxes ? style.box_pt : style.thin_pt, 0, false});
      }
    }
  }
  if (!multi) add(out, RectItem{Box{x0, y0, side, side}, style.border_pt, 0, -1});
  // The rules' marks over the lines (killer: the cages on the puzzle; an answer shows the digits
  // on the plain grid).
  draw_rules(out, rule_frame, RuleLayer::kOver);

  Font font = style.digit_font;
  font.size_pt = digit_size_pt(cell_mm, style);
  // A given in the cell that holds a cage's sum (killer with givens) sits under the sum, smaller,
  // so the two never overlap: the sum takes the top of the cell (as rule_draw_cages.cpp sets it).
  std::vector<bool> holds_sum;
  if (solution == nullptr && givens.board && !multi)
    for (const Rule& rule : givens.board->rules)
      if (const auto* cages = std::get_if<CageRule>(&rule))
        for (const Cage& cage : cages->cages) {
          if (holds_sum.empty()) holds_sum.assign(static_cast<size_t>(givens.size()), false);
          holds_sum[static_cast<size_t>(cage.cells.front())] = true;
        }
  const double sum_band = cell_mm * 0.11 * 0.35 + pt_to_mm(cage_sum_size_pt(cell_mm, style)) * 1.15;
  for (int k = 0; k < givens.size(); ++k) {
    const int at = multi ? board.position[static_cast<size_t>(k)] : k;
    const int r = at / width, c = at % width;
    const int given = givens.cells[static_cast<size_t>(k)];
    const int value = given != 0 ? given : (solution != nullptr ? solution->cells[static_cast<size_t>(k)] : 0);
    if (value == 0) continue;
    const Box cell{x0 + c * cell_mm, y0 + r * cell_mm, cell_mm, cell_mm};
    if (symbols != nullptr && static_cast<std::size_t>(value) <= symbols->size()) {
      SymbolStyle s;
      s.font = font;
      s.font.bold = solution != nullptr && given != 0 ? true : font.bold;
      s.grey = given != 0 ? style.given_grey : style.filled_grey;
      s.size_mm = cell_mm * kSymbolScale;
      draw_symbol(out, (*symbols)[static_cast<std::size_t>(value - 1)], cell, s);
      continue;
    }
    TextItem t;
    t.box = Box{x0 + c * cell_mm, y0 + r * cell_mm, cell_mm, cell_mm};
    t.text = std::string(1, value_char(value));
    t.font = font;
    t.font.bold = solution != nullptr && given != 0 ? true : font.bold;
    t.halign = HAlign::center;
    t.valign = VAlign::middle;
    t.grey = given != 0 ? style.given_grey : style.filled_grey;
    t.optical = true;
    if (!holds_sum.empty() && holds_sum[static_cast<size_t>(k)] && sum_band < cell_mm * 0.6) {
      t.box = Box{cell.x, cell.y + sum_band, cell_mm, cell_mm - sum_band};
      // Its height at most 0.75 of what is left under the sum.
      t.font.size_pt = std::min(t.font.size_pt, 0.75 * (cell_mm - sum_band) / kDigitHeightPerEm / pt_to_mm(1));
    }
    out.push_back(std::move(t));
  }
}

}  // namespace gp::layout
