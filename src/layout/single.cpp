#include "layout/single.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text.hpp"
#include "layout/grid_draw.hpp"

namespace gp::layout {
namespace {

constexpr double kCaptionGapMm = 1.5;

}  // namespace

std::string break_caption(const std::string& caption, const Font& font, double width_mm, const TextMeasure& measure) {
  if (caption.empty() || measure.measure(caption, font).width <= width_mm) return caption;
  // The parts between separators: " - ", " – ", " — ", " · ", " | ", " • ".
  static const std::vector<std::string> kSeparators = {" - ", " \u2013 ", " \u2014 ", " \u00b7 ", " | ", " \u2022 "};
  std::vector<std::string> parts, seps;
  std::size_t pos = 0;
  while (true) {
    std::size_t best = std::string::npos;
    std::string sep;
    for (const std::string& s : kSeparators)
      if (auto at = caption.find(s, pos); at < best) {
        best = at;
        sep = s;
      }
    if (best == std::string::npos) break;
    parts.push_back(caption.substr(pos, best - pos));
    seps.push_back(sep);
    pos = best + sep.size();
  }
  parts.push_back(caption.substr(pos));
  if (parts.size() == 1) return caption;  // no separator: the words wrap as they are
  std::string out, line = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string joined = line + seps[i - 1] + parts[i];
    if (measure.measure(joined, font).width <= width_mm) {
      line = joined;
    } else {  // a new line starts at the separator, which is dropped: none is left at a line's end or start
      out += line + "\n";
      line = parts[i];
    }
  }
  return out + line;
}

spec::Theme theme_for_column(const spec::Theme& theme, double width_mm) {
  const double scale = width_mm / kReferenceColumnMm;
  if (!(scale > 1 + 1e-9)) return theme;  // 11.5pc parsed to mm and back: not exactly 1
  spec::Theme t = theme;
  t.thin_line *= scale;
  t.box_line *= scale;
  t.border_line *= scale;
  t.caption_size *= std::sqrt(scale);
  return t;
}

Result<Page> lay_out_single_puzzle(const Puzzle& puzzle, const spec::Theme& theme, const SingleOptions& options,
                                   const TextMeasure& measure) {
  if (!(options.width_mm > 0)) {
    return Error("single puzzle: the width must be positive, got " + one_decimal(options.width_mm) + " mm");
  }
  // The square the board is drawn in: n cells a side, or a samurai board's whole 21x21 layout
  // (the same drawing as in books: all five grids).
  const int side = drawn_side(puzzle.givens);
  const int n = puzzle.givens.n();
  GridStyle style = grid_style(theme);
  style.min_digit_pt = std::max(style.min_digit_pt, options.min_text_pt);
  const double inner = options.width_mm - 2 * options.padding_mm;
  const double cell = cell_for_extent(side, inner, style);
  if (cell < 2.0) {
    const std::string what = side != n ? "samurai board (" + std::to_string(side) + " cells a side)"
                                       : std::to_string(n) + "x" + std::to_string(n) + " grid";
    return Error("single puzzle: " + one_decimal(options.width_mm) + " mm is too narrow for a " + what +
                 " (cells would be " + one_decimal(std::max(cell, 0.0)) + " mm; at least 2 mm)");
  }
  style = style_for_cell(style, cell);
  const double extent = grid_extent_mm(side, cell, style);

  Font font{theme.font, std::max(theme.caption_size, options.min_text_pt), false, false};
  double caption_h = 0;
  const std::string caption = break_caption(options.caption, font, inner, measure);
  if (!caption.empty()) caption_h = measure.measure(caption, font, inner).height;
  const double caption_band = caption_h > 0 ? caption_h + kCaptionGapMm : 0;

  double instruction_h = 0;
  if (!options.instruction.empty()) instruction_h = measure.measure(options.instruction, font, inner).height;
  const double instruction_band = instruction_h > 0 ? instruction_h + kCaptionGapMm : 0;

  Page page;
  page.width = options.width_mm;
  page.height = 2 * options.padding_mm + caption_band + extent + instruction_band;
  page.trim = Box{0, 0, page.width, page.height};
  const double x = options.padding_mm;
  const double gx = x + (inner - extent) / 2;
  const double gy = options.padding_mm + (options.caption_below ? 0 : caption_band);
  if (caption_h > 0) {
    TextItem t;
    t.box = Box{x, options.caption_below ? gy + extent + kCaptionGapMm : options.padding_mm, inner, caption_h};
    t.text = caption;
    t.font = font;
    t.halign = HAlign::center;
    t.valign = VAlign::top;
    t.wrap = true;
    page.items.push_back(std::move(t));
  }
  draw_grid(page.items, gx, gy, cell, puzzle.givens, options.solution ? &puzzle.solution : nullptr, style);
  if (instruction_h > 0) {  // under the grid (and under a caption set below it)
    TextItem t;
    t.box = Box{x, page.height - options.padding_mm - instruction_h, inner, instruction_h};
    t.text = options.instruction;
    t.font = font;
    t.halign = HAlign::center;
    t.valign = VAlign::top;
    t.wrap = true;
    page.items.push_back(std::move(t));
  }
  return page;
}

}  // namespace gp::layout
