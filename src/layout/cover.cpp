#include "layout/cover.hpp"

#include <algorithm>

#include "layout/grid_draw.hpp"

namespace gp::layout {
namespace {

constexpr double kSafeMm = 0.125 * kMmPerInch;       // text keeps this far from trim edges
constexpr double kSpineFoldMm = 0.0625 * kMmPerInch;  // and this far from the spine's folds
constexpr double kMinSpineForTextMm = 0.25 * kMmPerInch;

Box inset(const Box& b, double dx, double dy) { return Box{b.x + dx, b.y + dy, b.w - 2 * dx, b.h - 2 * dy}; }


}  // namespace

CoverOptions cover_options(const spec::BookSpec& spec) {
  CoverOptions c;
  c.paper = spec.print.paper == "cream" ? Paper::cream : Paper::white;
  c.back_text = spec.cover.back_text;
  c.spine_text = spec.cover.spine_text;
  return c;
}

CoverGeometry cover_geometry(const spec::PageSpec& page, int page_count, Paper paper) {
  double tw = page.width, th = page.height;
  if (page.landscape && tw < th) std::swap(tw, th);
  CoverGeometry g;
  g.spine = spine_width_mm(page_count, paper);
  g.width = 2 * g.bleed + 2 * tw + g.spine;
  g.height = th + 2 * g.bleed;
  g.trim = Box{g.bleed, g.bleed, 2 * tw + g.spine, th};
  g.back = Box{g.bleed, g.bleed, tw, th};
  g.spine_box = Box{g.bleed + tw, g.bleed, g.spine, th};
  g.front = Box{g.bleed + tw + g.spine, g.bleed, tw, th};
  g.back_safe = inset(g.back, kSafeMm, kSafeMm);
  g.front_safe = inset(g.front, kSafeMm, kSafeMm);
  g.spine_safe = Box{g.spine_box.x + kSpineFoldMm, g.spine_box.y + kSafeMm,
                     std::max(0.0, g.spine - 2 * kSpineFoldMm), th - 2 * kSafeMm};
  const double bw = 2.0 * kMmPerInch, bh = 1.2 * kMmPerInch, off = 0.25 * kMmPerInch;
  g.barcode = Box{g.back.right() - off - bw, g.back.bottom() - off - bh, bw, bh};
  return g;
}

Result<Page> lay_out_cover(const spec::BookSpec& spec, int page_count, const CoverOptions& cover,
                           const TextMeasure& measure, const Puzzle* sample) {
  if (page_count < 1) return Error("cover: the book has no pages");
  const CoverGeometry g = cover_geometry(spec.page, page_count, cover.paper);
  const spec::Theme& theme = spec.theme;
  Page page;
  page.width = g.width;
  page.height = g.height;
  page.trim = g.trim;
  // Ground: light grey to the bleed edge.
  page.items.push_back(RectItem{Box{0, 0, g.width, g.height}, 0, 0, 0.93});

  // Front: title in the upper third, subtitle, sample grid, author at the foot.
  const Box& f = g.front_safe;
  const Font title{theme.title_font, std::max(theme.title_size * 1.3, 7.0), true, false};
  const Font subtitle{theme.title_font, std::max(theme.heading_size * 0.8, 7.0), false, true};
  const Font author{theme.title_font, std::max(theme.heading_size, 7.0), false, false};
  const double pad = f.w * 0.08;
  const Box f_text{f.x + pad, f.y, f.w - 2 * pad, f.h};
  double y = f.y + f.h * 0.10;
  const double title_h = measure.measure(spec.title, title, f_text.w).height;
  page.items.push_back(text_item(Box{f_text.x, y, f_text.w, title_h}, spec.title, title, HAlign::center, VAlign::top, true));
  y += title_h + measure.measure("Ag", subtitle).height * 0.6;
  if (!spec.subtitle.empty()) {
    const double h = measure.measure(spec.subtitle, subtitle, f_text.w).height;
    page.items.push_back(text_item(Box{f_text.x, y, f_text.w, h}, spec.subtitle, subtitle, HAlign::center, VAlign::top, true));
    y += h;
  }
  const double author_h = spec.author.empty() ? 0 : measure.measure(spec.author, author, f_text.w).height;
  const double author_y = f.bottom() - f.h * 0.08 - author_h;
  if (!spec.author.empty()) {
    page.items.push_back(
        text_item(Box{f_text.x, author_y, f_text.w, author_h}, spec.author, author, HAlign::center, VAlign::top, true));
  }
  if (sample != nullptr) {
    const double top = y + f.h * 0.05, bottom = author_y - f.h * 0.05;
    const GridStyle base = grid_style(theme);
    const int n = sample->givens.n();
    const double cell = cell_for_extent(n, std::min(f_text.w * 0.85, bottom - top), base);
    if (cell >= 2.0) {
      const GridStyle style = style_for_cell(base, cell);
      const double extent = grid_extent_mm(n, cell, style);
      const double gx = f.x + (f.w - extent) / 2, gy = top + (bottom - top - extent) / 2;
      page.items.push_back(RectItem{Box{gx, gy, extent, extent}, 0, 0, 1.0});  // white under the grid
      draw_grid(page.items, gx, gy, cell, sample->givens, nullptr, style);
    }
  }

  // Spine: "Title - Author", turned to read top to bottom.
  if (cover.spine_text && spine_text_allowed(page_count) && g.spine >= kMinSpineForTextMm) {
    const std::string s = spec.author.empty() ? spec.title : spec.title + "  \u00b7  " + spec.author;
    Font font{theme.title_font, 7.0, true, false};
    // Largest size whose line height fits the spine (across it) and whose length fits along it.
    const TextSize unit = measure.measure(s, Font{font.family, 10.0, true, false});
    if (unit.height > 0 && unit.width > 0) {
      const double across = 10.0 * g.spine_safe.w / unit.height;
      const double along = 10.0 * g.spine_safe.h / unit.width;
      font.size_pt = std::min({across, along, theme.heading_size});
      if (font.size_pt >= kMinTextPt) {
        TextItem t = text_item(g.spine_safe, s, font, HAlign::center, VAlign::middle, false);
        t.quarter_turns = 1;
        page.items.push_back(std::move(t));
      }
    }
  }

  // Back: the blurb in the upper part, above the barcode area.
  if (!cover.back_text.empty()) {
    const Box& b = g.back_safe;
    const Font body{theme.font, std::max(theme.body_size * 1.1, 7.0), false, false};
    const double bpad = b.w * 0.08;
    const double w = b.w - 2 * bpad;
    const double room = g.barcode.y - kSafeMm - (b.y + b.h * 0.08);
    const double h = std::min(measure.measure(cover.back_text, body, w).height, room);
    page.items.push_back(text_item(Box{b.x + bpad, b.y + b.h * 0.08, w, h}, cover.back_text, body, HAlign::left,
                              VAlign::top, true));
  }
  return page;
}

}  // namespace gp::layout
