// KenKen cages (core/rules.hpp ArithmeticCageRule), drawn as KenKen is printed: the cage borders
// heavy over the thin cell lines, and each cage's label ("12+", "3−", "24×", "2÷", "5") small in the
// top-left corner of its first cell.
#include <algorithm>
#include <string>

#include "layout/outline.hpp"
#include "layout/rule_draw.hpp"

namespace gp::layout {

std::string cage_print_label(const ArithmeticCage& cage) {
  std::string out = std::to_string(cage.target);
  switch (cage.op) {
    case CageOp::kAdd: return out + "+";
    case CageOp::kSub: return out + "\u2212";  // minus sign
    case CageOp::kMul: return out + "\u00d7";  // multiplication sign
    case CageOp::kDiv: return out + "\u00f7";  // division sign
    case CageOp::kEq: return out;
  }
  return out;
}

double kenken_label_size_pt(double cell_mm, const GridStyle& style) {
  const double floor = std::max(style.min_digit_pt, kMinCageSumPt);
  return std::max(floor, cell_mm * kKenKenLabel / pt_to_mm(1));
}

void draw_rule(std::vector<Item>& out, const RuleFrame& frame, RuleLayer layer, const ArithmeticCageRule& rule) {
  if (layer != RuleLayer::kOver) return;
  const double x0 = frame.x0, y0 = frame.y0, cell_mm = frame.cell_mm;
  const GridStyle& style = *frame.style;
  const int n = frame.board->n;
  // The borders between two cages, heavy (the box weight), one line per run (square caps close
  // the corners); on answers too, so an answer reads as its puzzle.
  auto differs = [&](int a, int b) { return rule.cage_of[static_cast<size_t>(a)] != rule.cage_of[static_cast<size_t>(b)]; };
  add_outline_lines(out, n, x0, y0, cell_mm, style.box_pt, differs);
  if (frame.answer) return;  // an answer shows the digits in the cages, not the labels
  Font font = style.digit_font;
  font.bold = false;
  font.size_pt = kenken_label_size_pt(cell_mm, style);
  const double text_h = pt_to_mm(font.size_pt);  // the box's height: the full size's
  const double pad = std::max(cell_mm * 0.06, pt_to_mm(style.box_pt) * 0.5 + 0.3);
  const Font base = font;
  for (const ArithmeticCage& cage : rule.cages) {
    const int first = cage.cells.front();
    // A long label ("486×" in a small cell) is set smaller to stay in its cell, never under the
    // print rules' smallest text (style.min_digit_pt).
    const std::string label = cage_print_label(cage);
    const double glyphs = static_cast<double>(std::to_string(cage.target).size() + (cage.op == CageOp::kEq ? 0 : 1));
    const double room_mm = cell_mm - 2.5 * pad;
    font = base;
    if (glyphs * 0.62 * pt_to_mm(font.size_pt) > room_mm)
      font.size_pt = std::max(style.min_digit_pt, room_mm / (glyphs * 0.62) / pt_to_mm(1));
    const double left = x0 + (first % n) * cell_mm, top = y0 + (first / n) * cell_mm;
    // The label's box stays inside its cell (the page's margins are checked against it).
    add(out, text_item(Box{left + pad, top + pad * 0.8, cell_mm - 1.5 * pad, text_h * 1.2}, label, font,
                       HAlign::left, VAlign::top));
  }
}

}  // namespace gp::layout
