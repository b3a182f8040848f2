// The Document model: what layout produces and render draws. Pages of placed primitives, all
// positions in millimetres from the top-left corner of the page (the media box, which includes
// bleed when there is bleed), line widths and font sizes in points. Book pages are greyscale
// (grey 0 = black, 1 = white), except the fill of a PathItem, which may be a colour (the colour
// symbols of a worksheet); covers use colour (FillItem, coloured text) and images. Plain data; no
// Cairo here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/result.hpp"

namespace gp::layout {

inline constexpr double kMmPerInch = 25.4;
inline constexpr double kPtPerInch = 72.0;
inline constexpr double mm_to_pt(double mm) { return mm * kPtPerInch / kMmPerInch; }
inline constexpr double pt_to_mm(double pt) { return pt * kMmPerInch / kPtPerInch; }

struct Box {
  double x = 0, y = 0, w = 0, h = 0;  // mm
  double right() const { return x + w; }
  double bottom() const { return y + h; }
};

struct Font {
  std::string family = "DejaVu Sans";  // fontconfig family name
  double size_pt = 10;
  bool bold = false;
  bool italic = false;
};

enum class HAlign { left, center, right };
enum class VAlign { top, middle, bottom };

// A colour, each part 0..1 (covers only: book pages are greys).
struct Colour {
  double r = 0, g = 0, b = 0;
  friend bool operator==(const Colour&, const Colour&) = default;
};

struct LineItem {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0;  // mm
  double width_pt = 0.75;
  double grey = 0;
  bool square_cap = true;  // grid lines meet cleanly at corners
};

struct RectItem {
  Box box;
  double stroke_pt = 0;     // 0 = no outline
  double stroke_grey = 0;
  double fill_grey = -1;    // < 0 = no fill
};

struct TextItem {
  Box box;                  // the text is placed inside this box by the alignments
  std::string text;         // UTF-8, plain text
  Font font;
  HAlign halign = HAlign::left;
  VAlign valign = VAlign::top;
  double grey = 0;
  bool wrap = false;        // wrap at box.w (paragraphs); otherwise one line, never wrapped
  bool optical = false;     // centre by ink extents rather than line metrics (grid digits)
  // Quarter turns clockwise: 0 = upright; 1 = reads top to bottom (a book spine, US style);
  // 3 = reads bottom to top. `box` is the area the turned text occupies on the page; the
  // alignments apply along the turned text (halign along the reading direction).
  int quarter_turns = 0;
  bool coloured = false;    // drawn in `colour` instead of `grey` (covers)
  Colour colour;
};

// A box filled with a colour, or with a vertical gradient from `top` to `bottom` (covers).
struct FillItem {
  Box box;
  Colour top;
  Colour bottom;  // == top: a flat fill
};

// A raster image (PNG) or an SVG (by its extension) drawn at `placed` (its whole extent, mm) and
// clipped to `clip`: `fill` scales an image past the clip box, `fit` inside it. `pixels_w` x
// `pixels_h` as read by layout (0 for an SVG).
struct ImageItem {
  std::string path;
  Box placed;
  Box clip;
  int pixels_w = 0, pixels_h = 0;
};

// A TextItem with its common fields set (grey 0, not optical).
inline TextItem text_item(const Box& box, std::string text, const Font& font, HAlign h, VAlign v,
                          bool wrap = false) {
  TextItem t;
  t.box = box;
  t.text = std::move(text);
  t.font = font;
  t.halign = h;
  t.valign = v;
  t.wrap = wrap;
  return t;
}

// A closed outline, filled and/or stroked: the shapes drawn in place of digits (a circle, a star,
// a heart...). Points in mm, joined by straight segments and closed back to the first; curves come
// as enough points to look smooth at any print size.
struct PathItem {
  std::vector<std::pair<double, double>> points;
  double fill_grey = 0;     // < 0 = no fill
  std::optional<Colour> fill_color;  // when set, fills in this colour instead of fill_grey
  double stroke_pt = 0;     // 0 = no outline
  double stroke_grey = 0;
};

using Item = std::variant<LineItem, RectItem, TextItem, PathItem, FillItem, ImageItem>;

// Appends `item` to `items`, constructed in place as its alternative (push_back(Item) would build a
// temporary variant and move it: GCC 12 at -O3 then warns that the move reads the inactive members).
template <class T>
void add(std::vector<Item>& items, T item) {
  items.emplace_back(std::in_place_type<T>, std::move(item));
}

struct Page {
  double width = 0, height = 0;  // mm, media size (trim + bleed)
  Box trim;                      // the trim box inside the media (== whole page without bleed)
  int folio = 0;                 // printed page number, 0 = none shown
  std::vector<Item> items;
};

struct DocumentInfo {
  std::string title, subject, author, keywords;
  std::string creator = "gridpress";
  std::string creation_date;     // ISO 8601 ("2026-01-01T00:00:00Z"); fixed so output is reproducible
};

// Text metrics: layout measures text through this so it never includes Pango. render provides
// the real implementation; tests may use an approximation.
struct TextSize {
  double width = 0, height = 0;  // mm, logical extents
};
class TextMeasure {
 public:
  virtual ~TextMeasure() = default;
  // Size of `text` set in `font`; with wrap_width > 0 (mm) the text wraps at that width.
  virtual TextSize measure(const std::string& text, const Font& font, double wrap_width = 0) const = 0;
};

// Pages are handed on one at a time as they are laid out, so memory stays flat as a book grows.
using PageSink = std::function<Status(Page&&)>;

}  // namespace gp::layout
