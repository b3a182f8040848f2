// The cage combinations table of a killer book (front_matter.cage_combinations).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "layout/internal.hpp"
#include "layout/layout.hpp"

namespace gp::layout::detail {

namespace {

// Every set of `k` different digits of 1..n adding up to `sum`, each as its digits ascending.
void sets_of(int n, int k, int sum, int from, std::string& prefix, std::vector<std::string>& out) {
  if (k == 0) {
    if (sum == 0) out.push_back(prefix);
    return;
  }
  for (int d = from; d <= n && d <= sum; ++d) {
    prefix.push_back(static_cast<char>('0' + d));
    sets_of(n, k - 1, sum - d, d + 1, prefix, out);
    prefix.pop_back();
  }
}

}  // namespace

std::vector<ComboLine> cage_combination_lines(const spec::BookSpec& spec) {
  std::set<int> sizes;  // the killer sections' grid sizes
  for (const spec::SectionSpec& s : spec.sections)
    if (s.variant.find("killer") != std::string::npos && s.shape.n() <= 9) sizes.insert(s.shape.n());
  std::vector<ComboLine> lines;
  for (int n : sizes) {
    if (sizes.size() > 1)
      lines.push_back({std::to_string(n) + "x" + std::to_string(n) + " grids, digits 1 to " + std::to_string(n), true,
                       false});
    for (int k = 2; k <= std::min(6, n - 1); ++k) {
      lines.push_back({std::to_string(k) + " cells", true, false});
      for (int sum = cage_min_sum(k); sum <= cage_max_sum(k, n); ++sum) {
        std::vector<std::string> sets;
        std::string prefix;
        sets_of(n, k, sum, 1, prefix, sets);
        std::string text = std::to_string(sum) + ":";
        for (const std::string& s : sets) text += " " + s;
        lines.push_back({text, false, sets.size() == 1});
      }
    }
  }
  return lines;
}

std::string cage_combinations_intro() {
  return "Each line is a cage's sum and every set of different digits that adds up to it. A sum that only one set "
         "makes (in bold) tells you the cage's digits; only their order is left to find. A cage of 7 or more cells "
         "leaves digits out: on 9x9, 45 minus its sum is the sum of the digits it does not hold.";
}

int combination_columns(double content_w) { return content_w >= 140 ? 3 : 2; }

Font combination_font(const Fonts& fonts, bool head, bool bold) {
  Font f = fonts.body;
  f.size_pt = std::max(kMinTextPt, std::min(f.size_pt, 8.5));
  f.bold = head || bold;
  return f;
}

double combination_line_height(const ComboLine& line, const Fonts& fonts, const TextMeasure& measure, double column_w) {
  const double h = measure.measure(line.text, combination_font(fonts, line.head, line.bold), column_w).height;
  return line.head ? h * 1.5 : h * 1.05;
}

std::vector<std::vector<std::pair<int, int>>> combination_flow(const std::vector<ComboLine>& lines, const Fonts& fonts,
                                                               const TextMeasure& measure, const Box& content,
                                                               double first_top, double top, double bottom) {
  const int columns = combination_columns(content.w);
  const double gap = 5.0;
  const double column_w = (content.w - gap * (columns - 1)) / columns;
  std::vector<std::vector<std::pair<int, int>>> pages{{{0, 0}}};
  double y = first_top;
  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    const auto& line = lines[static_cast<std::size_t>(i)];
    double h = combination_line_height(line, fonts, measure, column_w);
    // A heading stays with the line after it.
    if (line.head && i + 1 < static_cast<int>(lines.size()))
      h += combination_line_height(lines[static_cast<std::size_t>(i) + 1], fonts, measure, column_w);
    if (y + h > bottom && pages.back().back().second > 0) {
      if (static_cast<int>(pages.back().size()) == columns) {
        pages.emplace_back();
        pages.back().emplace_back(i, 0);
      } else {
        pages.back().emplace_back(i, 0);
      }
      y = pages.size() == 1 ? first_top : top;
    }
    ++pages.back().back().second;
    y += combination_line_height(line, fonts, measure, column_w);
  }
  return pages;
}

Box narrowest_content(const spec::BookSpec& spec, const LayoutOptions& options, const Box& fallback) {
  auto narrow = PageGeometry::make(spec.page, options, 100000);
  return narrow ? narrow->frame(1).content : fallback;
}

}  // namespace gp::layout::detail
