// An approximate TextMeasure without any font machinery, for tests and for planning when no
// renderer is at hand. Deliberately generous (text measures a little wider than DejaVu Sans sets),
// so a layout that fits with it also fits with the real fonts.
#pragma once

#include <string>

#include "layout/document.hpp"

namespace gp::layout {

class ApproxTextMeasure final : public TextMeasure {
 public:
  // Every character (UTF-8 code point) is `advance_em` wide; a line is `line_em` tall.
  explicit ApproxTextMeasure(double advance_em = 0.6, double line_em = 1.2)
      : advance_em_(advance_em), line_em_(line_em) {}

  // Without wrap: width of the longest line ('\n' separates lines), height = lines * line height.
  // With wrap_width > 0: words are wrapped greedily at that width (a word longer than the width
  // gets a line of its own) and the width is that of the widest line.
  TextSize measure(const std::string& text, const Font& font, double wrap_width = 0) const override;

 private:
  double advance_em_, line_em_;
};

}  // namespace gp::layout
