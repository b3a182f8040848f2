#include "core/text.hpp"

#include <cstdio>

namespace gp {

std::string one_decimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

double rounded_rating(double v) { return std::stod(one_decimal(v)); }

std::string csv_field(std::string_view s, bool always_quote) {
  if (!always_quote && s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

namespace {

// The next code point of `s` from `i` (moved past it); a byte that starts no valid sequence is
// returned alone (as 0xFFFD), so any input ends.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i++]);
  if (b < 0x80) return b;
  const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
  if (extra < 0 || i + static_cast<std::size_t>(extra) > s.size()) return 0xFFFD;
  char32_t cp = b & (0x3F >> extra);
  for (int k = 0; k < extra; ++k) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (c & 0x3F);
    ++i;
  }
  return cp;
}

// The ASCII letters of a Latin letter with marks (lower case), "" for any other code point.
std::string_view latin_ascii(char32_t c) {
  // U+00C0..U+00FF, then U+0100..U+017F, each entry the letter(s) of one code point.
  static constexpr std::string_view latin1[64] = {
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",   // C0..CF
      "d", "n", "o", "o", "o", "o", "o", "",  "o", "u", "u", "u", "u", "y", "th", "ss",  // D0..DF
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",   // E0..EF
      "d", "n", "o", "o", "o", "o", "o", "",  "o", "u", "u", "u", "u", "y", "th", "y"};  // F0..FF
  static constexpr std::string_view extended_a[128] = {
      "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",    // 100..10F
      "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",    // 110..11F
      "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",    // 120..12F
      "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",  // 130..13F
      "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",    // 140..14F
      "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",  // 150..15F
      "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",    // 160..16F
      "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s"};   // 170..17F
  if (c >= 0xC0 && c <= 0xFF) return latin1[c - 0xC0];
  if (c >= 0x100 && c <= 0x17F) return extended_a[c - 0x100];
  if (c == 0x218 || c == 0x219) return "s";  // Romanian s and t with comma below
  if (c == 0x21A || c == 0x21B) return "t";
  return {};
}

}  // namespace

std::string ascii_slug(std::string_view name) {
  std::string out;
  bool gap = false;  // a separator is owed before the next letter
  for (std::size_t i = 0; i < name.size();) {
    const char32_t c = next_code_point(name, i);
    std::string_view letters;
    char one = 0;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      one = static_cast<char>(c);
    } else if (c >= 'A' && c <= 'Z') {
      one = static_cast<char>(c - 'A' + 'a');
    } else if (c == '\'' || c == 0x2019 || c == 0x2018 || c == 0x02BC) {
      continue;  // O'Neil -> oneil
    } else if (c >= 0x300 && c <= 0x36F) {
      continue;  // a combining accent: the letter before it stays
    } else {
      letters = latin_ascii(c);
    }
    if (one != 0) letters = std::string_view(&one, 1);
    if (letters.empty()) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += '-';
    gap = false;
    out += letters;
  }
  constexpr std::size_t kMax = 60;
  if (out.size() > kMax) {
    const std::size_t cut = out.rfind('-', kMax);
    out.resize(cut != std::string::npos && cut > 0 ? cut : kMax);
  }
  return out;
}

}  // namespace gp
