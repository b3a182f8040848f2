// The worked solutions of a book (answers.explained): steps flowed over pages, measured once here
// for the plan and the drawing alike.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "layout/grid_draw.hpp"
#include "layout/internal.hpp"
#include "layout/layout.hpp"
#include "layout/techniques.hpp"

namespace gp::layout::detail {

namespace {
constexpr double kStepGapMm = 1.6;     // between two steps
constexpr double kDiagramGapMm = 5.0;  // between a diagram and its text
constexpr double kMaxDiagramCellMm = 5.5;
constexpr double kMarkedDiagramCellMm = 7.0;  // a variant's whole grid with its marks (its text under it)
}  // namespace

std::string worked_heading(int number, bool continued) {
  return "Puzzle " + std::to_string(number) + ", worked" + (continued ? " (continued)" : "");
}

std::string worked_intro() {
  return "The grader's path, step by step, by reasoning alone. Runs of singles are listed together; the hardest "
         "steps have a diagram: shaded cells are the houses the step reads, dark ones the cells it rests on, struck "
         "candidates the ones it removes.";
}

Font worked_font(const Fonts& fonts) {
  Font f = fonts.body;
  f.size_pt = std::max(kMinTextPt, std::min(f.size_pt, 9.0));
  return f;
}

bool worked_stacked(const TechniqueDiagram& d) { return marked_diagram(board_of(d.givens)); }

double worked_diagram_cell(const TechniqueDiagram& d, double content_w, const GridStyle& base) {
  const DiagramWindow w = diagram_window(d);
  const Board* board = &board_of(d.givens);
  if (worked_stacked(d)) {  // a variant's whole grid, its text below: cells of 7 mm while the width allows
    for (double cell = kMarkedDiagramCellMm; cell >= 3.0; cell -= 0.25)
      if (diagram_size(w, cell, style_for_cell(base, cell), board).w <= content_w) return cell;
    return 3.0;
  }
  // At most half the width for the diagram, the rest for its text.
  for (double cell = kMaxDiagramCellMm; cell >= 3.0; cell -= 0.25)
    if (diagram_size(w, cell, style_for_cell(base, cell)).w <= content_w * 0.5) return cell;
  return 3.0;
}

double worked_step_height(const WorkedStep& step, const Fonts& fonts, const TextMeasure& measure, double content_w,
                          const GridStyle& base) {
  const Font font = worked_font(fonts);
  if (!step.diagram) return measure.measure(step.text, font, content_w).height + kStepGapMm;
  const double cell = worked_diagram_cell(*step.diagram, content_w, base);
  const Box size =
      diagram_size(diagram_window(*step.diagram), cell, style_for_cell(base, cell), &board_of(step.diagram->givens));
  if (worked_stacked(*step.diagram))
    return size.h + kStepGapMm + measure.measure(step.text, font, content_w).height + kStepGapMm * 2;
  const double text_h = measure.measure(step.text, font, content_w - size.w - kDiagramGapMm).height;
  return std::max(size.h, text_h) + kStepGapMm * 2;
}

double worked_first_top(const Fonts& fonts, const TextMeasure& measure, const Box& content) {
  return below_heading(worked_heading(9999), fonts, measure, content) +
         measure.measure(worked_intro(), worked_font(fonts), content.w).height + kStepGapMm * 2;
}

std::vector<std::pair<int, int>> worked_flow(const WorkedSolution& w, const Fonts& fonts, const TextMeasure& measure,
                                             const Box& content, double bottom, const GridStyle& base) {
  std::vector<std::pair<int, int>> pages{{0, 0}};
  // A continued page's heading is longer (it may take two lines on a small page).
  const double top = below_heading(worked_heading(9999, true), fonts, measure, content);
  double y = worked_first_top(fonts, measure, content);
  for (int i = 0; i < static_cast<int>(w.steps.size()); ++i) {
    const double h = worked_step_height(w.steps[static_cast<std::size_t>(i)], fonts, measure, content.w, base);
    if (y + h > bottom && pages.back().second > 0) {
      pages.emplace_back(i, 0);
      y = top;
    }
    ++pages.back().second;
    y += h;
  }
  return pages;
}

}  // namespace gp::layout::detail
