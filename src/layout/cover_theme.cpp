#include "layout/cover_theme.hpp"

#include <cctype>

namespace gp::layout {
namespace {

constexpr Colour rgb(int hex) {
  return Colour{((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0, (hex & 0xff) / 255.0};
}

std::vector<CoverTheme> make_themes() {
  std::vector<CoverTheme> t;
  // Night blue with a gold accent; bold sans title in white.
  t.push_back(CoverTheme{"midnight", rgb(0x0f1c3f), rgb(0x2a4d7c), rgb(0xffffff), rgb(0xf2d492), rgb(0xf2b134),
                         "DejaVu Sans", 1.5, CoverPlacement::title_above_grid, true});
  // Warm orange to coral; dark serif title under the grid.
  t.push_back(CoverTheme{"sunrise", rgb(0xffb347), rgb(0xe8505b), rgb(0x23153c), rgb(0x23153c), rgb(0x23153c),
                         "DejaVu Serif", 1.5, CoverPlacement::grid_above_title, true});
  // Deep green to teal; white serif title, pale green accent.
  t.push_back(CoverTheme{"forest", rgb(0x1b4332), rgb(0x2d6a4f), rgb(0xffffff), rgb(0xd8f3dc), rgb(0x95d5b2),
                         "DejaVu Serif", 1.5, CoverPlacement::title_above_grid, true});
  // Cream paper, near-black serif title, a red accent: quiet, for large print.
  t.push_back(CoverTheme{"paper", rgb(0xf6f0e0), rgb(0xf6f0e0), rgb(0x1d1d1d), rgb(0x3a3a3a), rgb(0x9b2226),
                         "", 1.5, CoverPlacement::title_above_grid, true});
  // The plain light-grey cover with black text (a placeholder to design on).
  t.push_back(CoverTheme{"plain", rgb(0xededed), rgb(0xededed), rgb(0x000000), rgb(0x000000), rgb(0x000000), "",
                         1.3, CoverPlacement::title_above_grid, false});
  return t;
}

const std::vector<CoverTheme>& themes() {
  static const std::vector<CoverTheme> all = make_themes();
  return all;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

const std::vector<std::string>& cover_theme_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const CoverTheme& t : themes()) n.push_back(t.name);
    return n;
  }();
  return names;
}

std::optional<CoverTheme> cover_theme(const std::string& name) {
  for (const CoverTheme& t : themes())
    if (t.name == name) return t;
  return std::nullopt;
}

std::optional<Colour> parse_colour(const std::string& text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  int v = 0;
  for (size_t i = 1; i < 7; ++i) {
    const int d = hex_digit(text[i]);
    if (d < 0) return std::nullopt;
    v = v * 16 + d;
  }
  return rgb(v);
}

CoverTheme resolved_cover_theme(const spec::CoverSpec& cover) {
  CoverTheme t = cover_theme(cover.theme).value_or(themes().front());
  if (auto c = parse_colour(cover.background)) t.ground = t.ground2 = *c;
  if (auto c = parse_colour(cover.background2)) t.ground2 = *c;
  if (auto c = parse_colour(cover.title_color)) t.title = *c;
  if (auto c = parse_colour(cover.accent)) t.accent = *c;
  return t;
}

}  // namespace gp::layout
