#include "layout/approx_measure.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace gp::layout {
namespace {

// Number of UTF-8 code points (continuation bytes are not counted).
std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

}  // namespace

TextSize ApproxTextMeasure::measure(const std::string& text, const Font& font, double wrap_width) const {
  const double em = pt_to_mm(font.size_pt);
  const double advance = advance_em_ * em * (font.bold ? 1.08 : 1.0);
  const double line_h = line_em_ * em;
  double widest = 0;
  int lines = 0;
  for (const std::string& para : split(text, '\n')) {
    if (wrap_width <= 0) {
      widest = std::max(widest, static_cast<double>(code_points(para)) * advance);
      ++lines;
      continue;
    }
    // Greedy word wrap.
    double line_w = 0;
    bool line_open = false;
    for (const std::string& word : split(para, ' ')) {
      if (word.empty()) continue;
      const double w = static_cast<double>(code_points(word)) * advance;
      const double with_space = line_open ? line_w + advance + w : w;
      if (line_open && with_space > wrap_width) {
        widest = std::max(widest, line_w);
        ++lines;
        line_w = w;
      } else {
        line_w = with_space;
      }
      line_open = true;
    }
    widest = std::max(widest, line_w);
    ++lines;
  }
  return {widest, lines * line_h};
}

}  // namespace gp::layout
