// The symbol sets of a section (symbols.hpp).
#include "spec/symbols.hpp"

#include <algorithm>

#include "core/codec.hpp"

namespace gp::spec {
namespace {

bool listed(const std::vector<std::string>& names, const std::string& s) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

// Characters of a UTF-8 text (its lead bytes).
std::size_t characters(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

const std::vector<std::string>& symbol_shape_names() {
  static const std::vector<std::string> names = {"circle", "square", "triangle", "star", "heart", "diamond"};
  return names;
}

const std::vector<std::string>& symbol_color_names() {
  static const std::vector<std::string> names = {"red", "blue", "yellow", "green", "orange", "purple"};
  return names;
}

const std::vector<std::string>& symbol_set_names() {
  static const std::vector<std::string> names = {"digits", "letters", "shapes", "colors"};
  return names;
}

std::vector<std::string> section_symbols(const SectionSpec& section) {
  const int n = section.shape.n();
  std::vector<std::string> out;
  if (section.symbols == "custom") return section.symbol_list;
  for (int v = 1; v <= n; ++v) {
    if (section.symbols == "letters")
      out.emplace_back(1, static_cast<char>('A' + v - 1));
    else if (section.symbols == "shapes")
      out.push_back(symbol_shape_names()[static_cast<std::size_t>(v - 1)]);
    else if (section.symbols == "colors")
      out.push_back(symbol_color_names()[static_cast<std::size_t>(v - 1)]);
    else
      out.emplace_back(1, value_char(v));
  }
  return out;
}

std::optional<std::string> symbols_problem(const SectionSpec& section) {
  const int n = section.shape.n();
  const std::string grid = std::to_string(n) + "x" + std::to_string(n);
  if (section.symbols == "shapes" && n > static_cast<int>(symbol_shape_names().size()))
    return "6 shapes are enough for grids up to 6x6, not " + grid + " (use letters)";
  if (section.symbols == "colors" && n > static_cast<int>(symbol_color_names().size()))
    return "6 colours are enough for grids up to 6x6, not " + grid + " (use letters)";
  if (section.symbols == "letters" && n > 26) return "26 letters are not enough for " + grid;
  if (section.symbols != "custom") return std::nullopt;
  const auto& list = section.symbol_list;
  if (static_cast<int>(list.size()) != n)
    return "the list has " + std::to_string(list.size()) + " entries; a " + grid + " grid needs " +
           std::to_string(n);
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (std::find(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i), list[i]) !=
        list.begin() + static_cast<std::ptrdiff_t>(i))
      return "'" + list[i] + "' is in the list twice";
    if (!listed(symbol_shape_names(), list[i]) && !listed(symbol_color_names(), list[i]) &&
        (list[i].empty() || characters(list[i]) > kMaxSymbolChars))
      return "'" + list[i] + "' is not a shape (circle, square, triangle, star, heart, diamond) or a colour (red, "
             "blue, yellow, green, orange, purple), and a text entry is 1 or 2 characters";
  }
  return std::nullopt;
}

}  // namespace gp::spec
