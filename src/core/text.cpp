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

}  // namespace gp
