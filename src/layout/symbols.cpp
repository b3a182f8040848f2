// Symbols in grid cells (symbols.hpp).
#include "layout/symbols.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace gp::layout {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct NamedColor {
  const char* name;
  Colour rgb;
  const char* initial;
  bool dark;  // white initial on it
};

// Colours far apart in hue and, for black-and-white printers, in lightness: their greys (Rec. 601
// luma, 0.299 R + 0.587 G + 0.114 B) are 0.19, 0.32, 0.43, 0.58, 0.71 and 0.87, at least 0.1
// apart, so no two print as the same grey (the Okabe-Ito red, blue, green and purple all came out
// between 0.34 and 0.42). Each carries its initial too, white on the three darker ones.
constexpr std::array<NamedColor, 6> kColors = {{
    {"red", {0.92, 0.22, 0.18}, "R", true},
    {"blue", {0.05, 0.35, 0.85}, "B", true},
    {"yellow", {1.00, 0.92, 0.30}, "Y", false},
    {"green", {0.30, 0.76, 0.35}, "G", false},
    {"orange", {1.00, 0.68, 0.12}, "O", false},
    {"purple", {0.33, 0.08, 0.42}, "P", true},
}};

const NamedColor* find_color(const std::string& name) {
  for (const NamedColor& c : kColors)
    if (name == c.name) return &c;
  return nullptr;
}

using Points = std::vector<std::pair<double, double>>;

// Points (x, y) given in a unit box [-1, 1] (y down), scaled to `half` and moved to (cx, cy).
Points placed(const Points& unit, double cx, double cy, double half) {
  Points out;
  out.reserve(unit.size());
  for (const auto& [x, y] : unit) out.emplace_back(cx + x * half, cy + y * half);
  return out;
}

Points regular(int corners, double inner, double turn) {
  Points p;
  const int steps = inner > 0 ? 2 * corners : corners;
  for (int i = 0; i < steps; ++i) {
    const double r = inner > 0 && i % 2 == 1 ? inner : 1.0;
    const double a = turn + 2 * kPi * i / steps;
    p.emplace_back(r * std::sin(a), -r * std::cos(a));
  }
  return p;
}

}  // namespace

std::vector<std::pair<double, double>> shape_outline(const std::string& shape, const Box& box, double size) {
  const double cx = box.x + box.w / 2, cy = box.y + box.h / 2, half = size / 2;
  Points unit;
  if (shape == "circle") {
    for (int i = 0; i < 64; ++i) unit.emplace_back(std::cos(2 * kPi * i / 64), std::sin(2 * kPi * i / 64));
  } else if (shape == "square") {
    const double s = 0.86;  // a square looks bigger than a circle of the same width
    unit = {{-s, -s}, {s, -s}, {s, s}, {-s, s}};
  } else if (shape == "triangle") {
    // Equilateral, point up, as wide as the box, its box centred.
    const double h = std::sqrt(3.0) / 2;
    unit = {{0, -h}, {1, h}, {-1, h}};
  } else if (shape == "star") {
    unit = regular(5, 0.42, 0);
    for (auto& [x, y] : unit) y += 0.1;  // the five points' box is centred lower than the circle's
  } else if (shape == "heart") {
    // The classic heart curve, scaled into the unit box.
    for (int i = 0; i < 96; ++i) {
      const double t = 2 * kPi * i / 96;
      const double x = 16 * std::pow(std::sin(t), 3);
      const double y = 13 * std::cos(t) - 5 * std::cos(2 * t) - 2 * std::cos(3 * t) - std::cos(4 * t);
      unit.emplace_back(x / 17, -(y + 2.5) / 15.5);
    }
  } else if (shape == "diamond") {
    unit = {{0, -1}, {0.72, 0}, {0, 1}, {-0.72, 0}};
  }
  return placed(unit, cx, cy, half);
}

std::optional<Colour> symbol_color(const std::string& name) {
  const NamedColor* c = find_color(name);
  if (c == nullptr) return std::nullopt;
  return c->rgb;
}

std::string symbol_initial(const std::string& name) {
  const NamedColor* c = find_color(name);
  return c != nullptr ? c->initial : "";
}

void draw_symbol(std::vector<Item>& out, const std::string& entry, const Box& cell, const SymbolStyle& style) {
  if (const NamedColor* c = find_color(entry)) {
    PathItem disc;
    disc.points = shape_outline("circle", cell, std::min(cell.w, cell.h) * 0.78);
    disc.fill_color = c->rgb;
    disc.stroke_pt = 0.75;  // yellow on white paper needs an edge
    disc.stroke_grey = 0;
    out.push_back(std::move(disc));
    TextItem t = text_item(cell, c->initial, style.font, HAlign::center, VAlign::middle);
    t.font.size_pt *= 0.8;
    t.grey = c->dark ? 1.0 : 0.0;
    t.optical = true;
    out.push_back(std::move(t));
    return;
  }
  Points outline = shape_outline(entry, cell, style.size_mm);
  if (!outline.empty()) {
    PathItem p;
    p.points = std::move(outline);
    p.fill_grey = style.grey;
    out.push_back(std::move(p));
    return;
  }
  TextItem t = text_item(cell, entry, style.font, HAlign::center, VAlign::middle);
  const std::size_t chars = static_cast<std::size_t>(std::count_if(
      entry.begin(), entry.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
  if (chars > 1) t.font.size_pt *= 0.62;
  t.grey = style.grey;
  t.optical = true;
  out.push_back(std::move(t));
}

}  // namespace gp::layout
