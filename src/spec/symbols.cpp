// The symbol sets of a section (symbols.hpp).
#include "spec/symbols.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/codec.hpp"
#include "core/variants.hpp"

namespace gp::spec {
namespace {

bool listed(const std::vector<std::string>& names, const std::string& s) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

// The code points of a UTF-8 text; nullopt when it is not valid UTF-8.
std::optional<std::vector<char32_t>> code_points(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    int len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + static_cast<std::size_t>(len) > s.size()) return std::nullopt;
    char32_t c = len == 1 ? b : static_cast<char32_t>(b & (0xFF >> (len + 1)));
    for (int k = 1; k < len; ++k) {
      const auto t = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((t & 0xC0) != 0x80) return std::nullopt;
      c = (c << 6) | (t & 0x3F);
    }
    static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kMin[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
    out.push_back(c);
    i += static_cast<std::size_t>(len);
  }
  return out;
}

bool in(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

// Prints nothing on its own: controls, spaces and line breaks, zero-width and format characters.
bool invisible(char32_t c) {
  return c < 0x21 || in(c, 0x7F, 0xA0) || c == 0xAD || c == 0x034F || c == 0x061C || c == 0x115F ||
         c == 0x1160 || c == 0x1680 || c == 0x180E || in(c, 0x2000, 0x200F) || in(c, 0x2028, 0x202F) ||
         in(c, 0x205F, 0x206F) || c == 0x3000 || c == 0x3164 || c == 0xFEFF || c == 0xFFA0 ||
         in(c, 0xFFF0, 0xFFFB) || in(c, 0xE0000, 0xE007F) || in(c, 0xFE00, 0xFE0F) || in(c, 0xE0100, 0xE01EF) ||
         in(c, 0xE000, 0xF8FF) || c >= 0xF0000 || (c & 0xFFFE) == 0xFFFE;
}

// Joins the character before it into one grapheme cluster: combining marks, variation selectors,
// emoji skin tones.
bool extends(char32_t c) {
  return in(c, 0x0300, 0x036F) || in(c, 0x0483, 0x0489) || in(c, 0x0591, 0x05BD) || in(c, 0x0610, 0x061A) ||
         in(c, 0x064B, 0x065F) || in(c, 0x0900, 0x0903) || in(c, 0x093A, 0x094F) || in(c, 0x1AB0, 0x1AFF) ||
         in(c, 0x1DC0, 0x1DFF) || in(c, 0x20D0, 0x20FF) || in(c, 0xFE20, 0xFE2F) || in(c, 0xFE00, 0xFE0F) ||
         in(c, 0xE0100, 0xE01EF) || in(c, 0x1F3FB, 0x1F3FF) || in(c, 0x3099, 0x309A);
}

// `text` with invisible characters shown as <U+XXXX>, for messages.
std::string printable(const std::string& text) {
  const auto cps = code_points(text);
  if (!cps) return "(not UTF-8)";
  std::string out;
  for (char32_t c : *cps) {
    if (invisible(c) || extends(c)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(c));
      out += buf;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      std::string u;
      if (c < 0x800) {
        u += static_cast<char>(0xC0 | (c >> 6));
      } else if (c < 0x10000) {
        u += static_cast<char>(0xE0 | (c >> 12));
        u += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      } else {
        u += static_cast<char>(0xF0 | (c >> 18));
        u += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        u += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      }
      u += static_cast<char>(0x80 | (c & 0x3F));
      out += u;
    }
  }
  return out;
}

bool regional_indicator(char32_t c) { return in(c, 0x1F1E6, 0x1F1FF); }

// Why `text` is not one visible grapheme cluster (a character with its combining marks, an emoji
// sequence joined by U+200D, a flag), or "".
std::string cluster_problem(const std::string& text) {
  const auto cps = code_points(text);
  if (!cps) return "is not valid UTF-8";
  if (cps->empty()) return "is empty";
  std::size_t i = 0, clusters = 0;
  while (i < cps->size()) {
    const char32_t base = (*cps)[i];
    if (base == 0x200D || extends(base) || invisible(base)) return "holds an invisible character (U+" + [&] {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(base));
      return std::string(buf);
    }() + ")";
    ++clusters;
    ++i;
    if (regional_indicator(base) && i < cps->size() && regional_indicator((*cps)[i])) ++i;  // a flag
    while (i < cps->size()) {
      if (extends((*cps)[i])) {
        ++i;
      } else if ((*cps)[i] == 0x200D && i + 1 < cps->size() && !invisible((*cps)[i + 1]) &&
                 (*cps)[i + 1] >= 0x2000) {  // an emoji ZWJ sequence
        i += 2;
      } else {
        break;
      }
    }
  }
  if (clusters > 1) return "is " + std::to_string(clusters) + " characters, not one";
  return "";
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

bool marks_are_arithmetic(const std::string& variant) {
  const VariantDef* d = find_variant_def(variant);  // killer, or a combination with it (killer+x)
  return d && has_part(d->variant, Variant::kKiller);
}

std::optional<std::string> symbols_problem(const SectionSpec& section) {
  const int n = section.shape.n();
  const std::string grid = std::to_string(n) + "x" + std::to_string(n);
  if (section.symbols != "digits" && marks_are_arithmetic(section.variant))
    return "a " + section.variant + " section prints digits only: its cage sums are arithmetic on the values "
           "1.." + std::to_string(n) + ", which other symbols would contradict";
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
    const std::string entry = "entry " + std::to_string(i + 1) + " (\"" + printable(list[i]) + "\")";
    if (listed(symbol_shape_names(), list[i]) || listed(symbol_color_names(), list[i])) {
    } else if (const std::string why = cluster_problem(list[i]); !why.empty()) {
      return entry + " " + why + ": a text entry is one visible character (a letter with its accents, an emoji), "
             "unless it is a shape (circle, square, triangle, star, heart, diamond) or a colour (red, blue, "
             "yellow, green, orange, purple)";
    }
    if (std::find(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i), list[i]) !=
        list.begin() + static_cast<std::ptrdiff_t>(i))
      return "'" + list[i] + "' is in the list twice";
  }
  return std::nullopt;
}

}  // namespace gp::spec
