// The hints pages of a book (answers.hints): fixed-height entries, one a puzzle.
#include <algorithm>
#include <string>
#include <utility>

#include "layout/internal.hpp"
#include "layout/layout.hpp"

namespace gp::layout::detail {

std::string hints_intro() {
  return "Stuck? Each puzzle's line names the technique of its first step and where to look, then the first step "
         "that needs more than singles. The digits are left to you; the answers follow.";
}

int hint_columns(double content_w) { return content_w >= 120 ? 2 : 1; }

Font hint_font(const Fonts& fonts, bool bold) {
  Font f = fonts.body;
  f.size_pt = std::max(kMinTextPt, std::min(f.size_pt, 9.0));
  f.bold = bold;
  return f;
}

double hint_number_width(const Fonts& fonts, const TextMeasure& measure) {
  return measure.measure("0000", hint_font(fonts, true)).width + 2.0;
}

double hint_entry_height(const Fonts& fonts, const TextMeasure& measure) {
  const double line = measure.measure("Ag", hint_font(fonts, false)).height;
  return line * 2.0 + line * 0.45;  // two lines and a gap to the next entry
}

int HintFlow::pages(int entries) const {
  if (entries <= 0) return 0;
  const int first = first_per_column * columns, later = per_column * columns;
  if (entries <= first) return 1;
  return 1 + (entries - first + later - 1) / later;
}

std::pair<int, int> HintFlow::page_entries(int index, int entries) const {
  const int first = first_per_column * columns, later = per_column * columns;
  const int begin = index == 0 ? 0 : first + (index - 1) * later;
  const int cap = index == 0 ? first : later;
  return {begin, std::max(0, std::min(cap, entries - begin))};
}

HintFlow hint_flow(const Fonts& fonts, const TextMeasure& measure, const Box& content, double bottom) {
  HintFlow flow;
  flow.columns = hint_columns(content.w);
  flow.top = below_heading("Hints", fonts, measure, content);
  flow.first_top = flow.top + measure.measure(hints_intro(), fonts.body, content.w).height +
                   measure.measure("Ag", fonts.body).height * 0.6;
  const double h = hint_entry_height(fonts, measure);
  flow.first_per_column = std::max(1, static_cast<int>((bottom - flow.first_top) / h));
  flow.per_column = std::max(1, static_cast<int>((bottom - flow.top) / h));
  return flow;
}

std::string fitted_hint(const std::string& full, const std::string& brief, const TextMeasure& measure, double width,
                        Font& font, const Fonts& fonts) {
  font = hint_font(fonts, false);
  const double line = measure.measure("Ag", font).height;
  auto fits = [&](const std::string& s, const Font& f) { return measure.measure(s, f, width).height <= line * 2.05; };
  if (fits(full, font)) return full;
  if (fits(brief, font)) return brief;
  while (font.size_pt > kMinTextPt + 1e-9) {
    font.size_pt = std::max(kMinTextPt, font.size_pt - 0.5);
    if (fits(brief, font)) break;
  }
  return brief;
}

}  // namespace gp::layout::detail
