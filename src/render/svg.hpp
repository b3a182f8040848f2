// SVG pictures (a cover's front image) through librsvg: the only code that includes it.
#pragma once

#include <string>
#include <utility>

#include "core/result.hpp"

namespace gp::render {

// True when `path` names an SVG file by its extension (".svg", any case).
bool is_svg_path(const std::string& path);

// An SVG file's size in CSS pixels (96 to the inch): its width and height, or its viewBox when
// they are relative. The file is parsed and drawn once off-screen, so a file librsvg cannot read or
// draw is an error here with librsvg's reason ("... is not an SVG librsvg can draw: ..."), as is a
// picture with no size ("... has no width, height or viewBox").
Result<std::pair<double, double>> svg_size(const std::string& path);

// Draws the SVG at `path` scaled into the box (x, y, w, h) of `cr` (a cairo_t*, in the
// context's units), keeping its proportions. False when librsvg cannot read or draw it.
bool draw_svg(void* cr, const std::string& path, double x, double y, double w, double h, std::string& why);

}  // namespace gp::render
