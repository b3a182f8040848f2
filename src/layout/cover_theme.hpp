// Named cover themes: the ground (a colour or a two-colour gradient from top to bottom), the
// colours of the title, the other text and an accent, the title's typography, and where the
// puzzle-grid motif sits on the front. The spec's cover colours override a theme's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "layout/document.hpp"
#include "spec/book_spec.hpp"

namespace gp::layout {

enum class CoverPlacement {
  title_above_grid,  // title and subtitle at the top, the grid below them, the author at the foot
  grid_above_title,  // the grid at the top, title and subtitle below it, the author at the foot
};

struct CoverTheme {
  std::string name;
  Colour ground, ground2;      // ground2 == ground: a flat ground
  Colour title, text, accent;  // title; subtitle, author, spine and back text; the grid's frame
  std::string title_family;    // empty = the spec's theme.title_font
  double title_scale = 1.3;    // the title's first size, x theme.title_size (it shrinks to fit)
  CoverPlacement placement = CoverPlacement::title_above_grid;
  bool grid_card = true;       // the grid on a white card framed in the accent colour
};

// The names of the themes, in the order the docs list them.
const std::vector<std::string>& cover_theme_names();

// A theme by name, nullopt for an unknown name.
std::optional<CoverTheme> cover_theme(const std::string& name);

// "#rrggbb" (case-insensitive) as a colour; nullopt otherwise.
std::optional<Colour> parse_colour(const std::string& text);

// The spec's theme with its colour overrides (cover.background, background2, title_color,
// accent) applied; a background without background2 is a flat ground. The names and colours are
// checked when the spec is read; an unknown one here falls back to the default theme's.
CoverTheme resolved_cover_theme(const spec::CoverSpec& cover);

}  // namespace gp::layout
