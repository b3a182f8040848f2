#include "layout/techniques.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/codec.hpp"
#include "layout/internal.hpp"
#include "layout/rule_draw.hpp"

namespace gp::layout {
namespace {

constexpr double kLabelPt = kMinTextPt;   // row and column numbers, candidates
constexpr double kLabelGapMm = 0.8;       // between the numbers and the grid
constexpr double kUnitGrey = 0.88;        // shading of the units a step reads
constexpr double kKeyGrey = 0.72;         // shading of the cells it rests on
constexpr double kCandidateGrey = 0.15;
constexpr double kExtraUnitGrey = 0.94;   // a marked diagram's diagonals or windows the step does not shade
constexpr double kMaxCellMm = 11.0;  // diagram cells
// Only read in a constant expression (kMinCellMm - 1e-9), which clang does not count as a use:
// without the attribute the non-unity sanitizer build fails on -Wunused-const-variable.
[[maybe_unused]] constexpr double kMinCellMm = 6.0;
[[maybe_unused]] constexpr double kMinMarkedCellMm = 7.0;  // a variant's whole grid with its marks

double label_band_mm() { return pt_to_mm(kLabelPt) + kLabelGapMm; }

// Columns and rows of the small grid candidates sit in: 3 x 3 for 9 values, 3 x 2 for 6, 2 x 2 for 4.
int candidate_columns(int n) { return static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n)) - 1e-9)); }

std::vector<std::pair<double, double>> ring(double cx, double cy, double r) {
  std::vector<std::pair<double, double>> points;
  constexpr int kSteps = 48;
  for (int i = 0; i < kSteps; ++i) {
    const double a = 2 * std::numbers::pi * i / kSteps;
    points.emplace_back(cx + r * std::cos(a), cy + r * std::sin(a));
  }
  return points;
}

// The margin of a board's outside clues (sandwich) in a diagram with cells of `cell_mm`.
double outside_margin_mm(const Board* board, double cell_mm, const GridStyle& style) {
  return board && marked_diagram(*board) && has_outside_clues(*board) ? outside_clue_margin_mm(cell_mm, style) : 0.0;
}

}  // namespace

bool marked_diagram(const Board& board) {
  return !board.multi_grid() && (!board.rules.empty() || board.has_extras() || board.jigsaw());
}

DiagramWindow diagram_window(const TechniqueDiagram& d) {
  const Shape shape = d.givens.shape;
  const int n = shape.n();
  int r0 = n, r1 = -1, c0 = n, c1 = -1;
  for (int c = 0; c < n * n; ++c) {
    const std::size_t i = static_cast<std::size_t>(c);
    const bool shown = (i < d.marks.size() && d.marks[i] != CellMark::none) ||
                       (i < d.candidates.size() && d.candidates[i] != 0) || (i < d.removed.size() && d.removed[i] != 0) ||
                       c == d.placed_cell;
    if (!shown) continue;
    r0 = std::min(r0, c / n);
    r1 = std::max(r1, c / n);
    c0 = std::min(c0, c % n);
    c1 = std::max(c1, c % n);
  }
  // A Latin square (no bands) or a board with marks (they run across bands): the whole grid.
  if (r1 < 0 || shape.latin() || marked_diagram(board_of(d.givens))) return DiagramWindow{0, n - 1, 0, n - 1};
  // Whole bands and stacks.
  return DiagramWindow{r0 / shape.box_rows * shape.box_rows, (r1 / shape.box_rows + 1) * shape.box_rows - 1,
                       c0 / shape.box_cols * shape.box_cols, (c1 / shape.box_cols + 1) * shape.box_cols - 1};
}

Box diagram_size(const DiagramWindow& w, double cell_mm, const GridStyle& style, const Board* board) {
  const double border = pt_to_mm(style.border_pt), margin = outside_margin_mm(board, cell_mm, style);
  return Box{0, 0, label_band_mm() + margin + (w.col1 - w.col0 + 1) * cell_mm + border,
             label_band_mm() + margin + (w.row1 - w.row0 + 1) * cell_mm + border};
}

void draw_diagram(std::vector<Item>& out, double x, double y, double cell_mm, const TechniqueDiagram& d,
                  const DiagramWindow& w, const GridStyle& style) {
  const Shape shape = d.givens.shape;
  const int n = shape.n();
  const Board& board = board_of(d.givens);
  const bool marked = marked_diagram(board);
  const double half = pt_to_mm(style.border_pt) / 2, margin = outside_margin_mm(&board, cell_mm, style);
  const double x0 = x + label_band_mm() + margin + half, y0 = y + label_band_mm() + margin + half;  // outer cell edges
  const int rows = w.row1 - w.row0 + 1, cols = w.col1 - w.col0 + 1;
  auto cell_box = [&](int r, int c) {
    return Box{x0 + (c - w.col0) * cell_mm, y0 + (r - w.row0) * cell_mm, cell_mm, cell_mm};
  };
  auto at = [](const auto& v, int cell, auto fallback) {
    return static_cast<std::size_t>(cell) < v.size() ? v[static_cast<std::size_t>(cell)] : fallback;
  };

  // Shading under everything.
  for (int r = w.row0; r <= w.row1; ++r) {
    for (int c = w.col0; c <= w.col1; ++c) {
      const CellMark m = at(d.marks, r * n + c, CellMark::none);
      if (m == CellMark::none) continue;
      add(out, RectItem{cell_box(r, c), 0, 0, m == CellMark::key ? kKeyGrey : kUnitGrey});
    }
  }
  // A marked board (the whole grid): its extra units' cells lightly where the step shades nothing,
  // then its rules' marks under the lines (thermometers, parity marks).
  const RuleFrame frame{x0, y0, cell_mm, &board, &style, false};
  if (marked) {
    std::vector<char> extra(static_cast<std::size_t>(board.cells), 0);
    for (std::size_t u = static_cast<std::size_t>(3 * n); u < board.units.size(); ++u)
      for (int c : board.units[u]) extra[static_cast<std::size_t>(c)] = 1;
    for (int c = 0; c < board.cells; ++c)
      if (extra[static_cast<std::size_t>(c)] && at(d.marks, c, CellMark::none) == CellMark::none)
        add(out, RectItem{cell_box(c / n, c % n), 0, 0, kExtraUnitGrey});
    draw_rules(out, frame, RuleLayer::kUnder);
  }
  if (marked && board.jigsaw()) draw_jigsaw_lines(out, board, x0, y0, cell_mm, style);  // regions as its puzzles show them
  // Lines: cell lines, then box lines, then the border.
  for (int pass = 0; pass < 2 && !(marked && board.jigsaw()); ++pass) {
    const bool boxes = pass == 1;
    for (int i = 1; i < rows; ++i) {
      if ((!shape.latin() && (w.row0 + i) % shape.box_rows == 0) != boxes) continue;  // a Latin square: no box lines
      const double p = y0 + i * cell_mm;
      add(out, LineItem{x0, p, x0 + cols * cell_mm, p, boxes ? style.box_pt : style.thin_pt, 0, false});
    }
    for (int i = 1; i < cols; ++i) {
      if ((!shape.latin() && (w.col0 + i) % shape.box_cols == 0) != boxes) continue;
      const double p = x0 + i * cell_mm;
      add(out, LineItem{p, y0, p, y0 + rows * cell_mm, boxes ? style.box_pt : style.thin_pt, 0, false});
    }
  }
  add(out, RectItem{Box{x0, y0, cols * cell_mm, rows * cell_mm}, style.border_pt, 0, -1});
  if (marked) draw_rules(out, frame, RuleLayer::kOver);  // cages and sums, arrows, dots, signs, outside clues
  // A cell holding a cage's sum keeps its top for it: digits and candidates sit below.
  std::vector<char> holds_sum;
  if (marked)
    for (const Rule& rule : board.rules)
      if (const auto* cages = std::get_if<CageRule>(&rule))
        for (const Cage& cage : cages->cages) {
          if (holds_sum.empty()) holds_sum.assign(static_cast<std::size_t>(board.cells), 0);
          holds_sum[static_cast<std::size_t>(cage.cells.front())] = 1;
        }
  const double sum_band = cell_mm * 0.11 * 0.35 + pt_to_mm(cage_sum_size_pt(cell_mm, style)) * 1.15;

  // Row and column numbers, as the text names the cells (r2c7: row 2, column 7).
  const Font label{style.digit_font.family, kLabelPt, false, false};
  const double band = pt_to_mm(kLabelPt);
  for (int c = w.col0; c <= w.col1; ++c) {
    TextItem t = text_item(Box{cell_box(w.row0, c).x, y, cell_mm, band}, std::to_string(c + 1), label,
                           HAlign::center, VAlign::top);
    t.grey = 0.35;
    out.push_back(std::move(t));
  }
  for (int r = w.row0; r <= w.row1; ++r) {
    TextItem t = text_item(Box{x, cell_box(r, w.col0).y, band, cell_mm}, std::to_string(r + 1), label, HAlign::left,
                           VAlign::middle);
    t.grey = 0.35;
    out.push_back(std::move(t));
  }

  // Digits, candidates, the placement.
  Font digit = style.digit_font;
  digit.size_pt = digit_size_pt(cell_mm, style);
  const int sub_cols = candidate_columns(n);
  const int sub_rows = (n + sub_cols - 1) / sub_cols;
  const double sub_w = cell_mm / sub_cols, full_sub_h = cell_mm / sub_rows;
  // Candidates 0.6 of their small cell tall, never under 7 pt.
  Font candidate = label;
  candidate.size_pt = std::max(kLabelPt, mm_to_pt(0.6 * std::min(sub_w, full_sub_h) / kDigitHeightPerEm));
  for (int r = w.row0; r <= w.row1; ++r) {
    for (int c = w.col0; c <= w.col1; ++c) {
      const int cell = r * n + c;
      Box b = cell_box(r, c);
      if (!holds_sum.empty() && holds_sum[static_cast<std::size_t>(cell)] && sum_band < cell_mm * 0.6) {
        b.y += sum_band;  // under the cage's sum
        b.h -= sum_band;
      }
      const double sub_h = b.h / sub_rows;
      Font cell_digit = digit;
      if (b.h < cell_mm)  // under a cage's sum: at most 0.75 of what is left
        cell_digit.size_pt = std::min(cell_digit.size_pt, 0.75 * b.h / kDigitHeightPerEm / pt_to_mm(1));
      if (cell == d.placed_cell) {
        TextItem t = text_item(b, std::string(1, value_char(d.placed_value)), cell_digit, HAlign::center, VAlign::middle);
        t.font.bold = true;
        t.font.size_pt *= 0.8;  // inside the ring
        t.optical = true;
        out.push_back(std::move(t));
        PathItem p;
        p.points = ring(b.x + b.w / 2, b.y + b.h / 2, std::min(b.w, b.h) * 0.42);
        p.fill_grey = -1;
        p.stroke_pt = kMinLinePt;
        out.push_back(std::move(p));
        continue;
      }
      if (const int v = d.values.at(r, c); v != 0) {
        TextItem t = text_item(b, std::string(1, value_char(v)), cell_digit, HAlign::center, VAlign::middle);
        t.optical = true;
        t.grey = d.givens.at(r, c) != 0 ? style.given_grey : style.filled_grey;
        out.push_back(std::move(t));
        continue;
      }
      const Mask removed = at(d.removed, cell, Mask{0});
      const Mask shown = at(d.candidates, cell, Mask{0}) | removed;
      const bool key = at(d.marks, cell, CellMark::none) == CellMark::key;
      for (Mask m = shown; m; m &= m - 1) {
        const int v = lowest_value(m);
        const Box s{b.x + ((v - 1) % sub_cols) * sub_w, b.y + ((v - 1) / sub_cols) * sub_h, sub_w, sub_h};
        TextItem t = text_item(s, std::string(1, value_char(v)), candidate, HAlign::center, VAlign::middle);
        t.optical = true;
        t.grey = kCandidateGrey;
        t.font.bold = key;
        out.push_back(std::move(t));
        if (removed & bit(v)) {
          add(out, LineItem{s.x + 0.1 * s.w, s.bottom() - 0.1 * s.h, s.right() - 0.1 * s.w, s.y + 0.1 * s.h,
                                 kMinLinePt, 0, false});
        }
      }
    }
  }
}

namespace detail {

int techniques_body(std::vector<Item>& out, const Box& area, const std::vector<TechniqueDiagram>& diagrams,
                       const Font& body, const GridStyle& base, const TextMeasure& measure) {
  Font title = body;
  title.bold = true;
  const double title_h = measure.measure("Ag", title).height;
  const double gap = 1.5, side_gap = 5.0, block_gap = 5.0;
  std::vector<DiagramWindow> windows;
  for (const TechniqueDiagram& d : diagrams) windows.push_back(diagram_window(d));
  // A variant's page (every diagram the whole grid with its marks): each text under its diagram,
  // so the grid can take the page's width and its marks stay legible (cells of kMinMarkedCellMm
  // at least); a classic page sets each text beside its diagram.
  const bool stacked = !diagrams.empty() && std::all_of(diagrams.begin(), diagrams.end(), [](const TechniqueDiagram& d) {
    return marked_diagram(board_of(d.givens));
  });
  const double min_cell = stacked ? kMinMarkedCellMm : kMinCellMm;
  // Height of the first k blocks with cells of `cell` (mm), or a huge value when one is too wide.
  auto height_of = [&](std::size_t k, double cell) {
    double h = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const GridStyle style = style_for_cell(base, cell);
      const Box size = diagram_size(windows[i], cell, style, &board_of(diagrams[i].givens));
      if (size.w > area.w * (stacked ? 1.0 : 0.6)) return 1e9;
      const double text_h = stacked ? measure.measure(diagrams[i].text, body, area.w).height
                                    : measure.measure(diagrams[i].text, body, area.w - size.w - side_gap).height;
      h += title_h + gap + (stacked ? size.h + gap + text_h : std::max(size.h, text_h)) + (i + 1 < k ? block_gap : 0.0);
    }
    return h;
  };
  // As many examples as fit, then the largest cells (11 mm down to the smallest) that fit them.
  std::size_t k = diagrams.size();
  double cell = 0;
  for (; k > 0; --k) {
    for (double c = kMaxCellMm; c >= min_cell - 1e-9; c -= 0.25) {
      if (height_of(k, c) <= area.h) {
        cell = c;
        break;
      }
    }
    if (cell > 0) break;
  }
  if (cell == 0) return 0;
  std::vector<std::size_t> shown(k);
  for (std::size_t i = 0; i < k; ++i) shown[i] = i;
  std::stable_sort(shown.begin(), shown.end(),
                   [&](std::size_t a, std::size_t b) { return diagrams[a].order < diagrams[b].order; });
  const GridStyle style = style_for_cell(base, cell);
  double y = area.y;
  for (std::size_t i : shown) {
    const TechniqueDiagram& d = diagrams[i];
    out.push_back(text_item(Box{area.x, y, area.w, title_h}, d.title, title, HAlign::left, VAlign::top));
    y += title_h + gap;
    const Box size = diagram_size(windows[i], cell, style, &board_of(d.givens));
    draw_diagram(out, area.x, y, cell, d, windows[i], style);
    if (stacked) {
      y += size.h + gap;
      const double text_h = measure.measure(d.text, body, area.w).height;
      out.push_back(text_item(Box{area.x, y, area.w, text_h}, d.text, body, HAlign::left, VAlign::top, true));
      y += text_h + block_gap;
      continue;
    }
    const double text_w = area.w - size.w - side_gap;
    const double text_h = measure.measure(d.text, body, text_w).height;
    out.push_back(text_item(Box{area.x + size.w + side_gap, y, text_w, text_h}, d.text, body, HAlign::left,
                            VAlign::top, true));
    y += std::max(size.h, text_h) + block_gap;
  }
  return static_cast<int>(k);
}

}  // namespace detail

}  // namespace gp::layout
