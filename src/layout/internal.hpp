// Shared by plan.cpp and pages.cpp: fonts and bands measured once per book, and slot geometry.
// Not part of the public interface.
#pragma once

#include "layout/layout.hpp"

namespace gp::layout::detail {

inline constexpr double kCaptionGapMm = 1.5;   // between a caption and its grid
inline constexpr double kMinCellMm = 2.0;      // smaller cells are refused by plan_book

struct Fonts {
  Font head, folio, caption, answer_caption, answer_title, heading, title, subtitle, body;
};
Fonts book_fonts(const spec::BookSpec& spec, const LayoutOptions& options);

// Heights (mm) of the horizontal bands a page reserves inside its live area.
struct Bands {
  double head = 0;          // running head + gap (0 when running heads are off)
  double foot = 0;          // folio + gap (0 when page numbers are off)
  double answer_title = 0;  // "Answers: Section" line + gap on answer pages
  double caption = 0;       // puzzle caption line + gap
  double answer_caption = 0;
};
Bands measure_bands(const spec::BookSpec& spec, const Fonts& fonts, const TextMeasure& measure,
                    const LayoutOptions& options);

Box puzzle_area(const Box& content, const Bands& bands);
Box answer_area(const Box& content, const Bands& bands);
// Slot k (row-major) of a columns x rows split of `area` with `gap` between slots.
Box slot_box(const Box& area, int columns, int rows, int k, double gap);

}  // namespace gp::layout::detail
