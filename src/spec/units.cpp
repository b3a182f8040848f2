// The parts of the spec module that need no YAML: units, page presets, names, clue-count rules.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <set>

#include "spec/spec.hpp"

#include "core/difficulty.hpp"
#include "core/symmetry.hpp"

namespace gp::spec {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Splits "12.5 mm" into 12.5 and "mm". False when there is no leading number.
bool split_number(std::string_view text, double& value, std::string& unit) {
  text = trim(text);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;  // from_chars refuses a leading '+'
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (ec != std::errc() || !std::isfinite(value)) return false;
  unit = lower(trim(std::string_view(ptr, static_cast<size_t>(last - ptr))));
  return true;
}

constexpr std::string_view kUnits = "mm, cm, in, pt or pc";

// Millimetres per unit; 0 when the unit is unknown.
double unit_mm(const std::string& unit) {
  if (unit == "mm") return 1.0;
  if (unit == "cm") return 10.0;
  if (unit == "in") return kMmPerInch;
  if (unit == "pt") return kMmPerPoint;
  if (unit == "pc") return 12 * kMmPerPoint;
  return 0.0;
}

}  // namespace

Result<double> parse_length_mm(std::string_view text) {
  double value = 0;
  std::string unit;
  const std::string shown(trim(text));
  if (!split_number(text, value, unit))
    return Error("expected a length such as 15mm or 0.5in, got '" + shown + "'");
  if (value < 0) return Error("a length must not be negative, got '" + shown + "'");
  if (unit.empty()) {
    if (value == 0) return 0.0;
    return Error("'" + shown + "' needs a unit (" + std::string(kUnits) + ")");
  }
  const double per = unit_mm(unit);
  if (per == 0)
    return Error("unknown unit '" + unit + "' in '" + shown + "' (use " + std::string(kUnits) + ")");
  return value * per;
}

Result<double> parse_points(std::string_view text) {
  double value = 0;
  std::string unit;
  const std::string shown(trim(text));
  if (!split_number(text, value, unit))
    return Error("expected a size in points such as 0.75 or 1pt, got '" + shown + "'");
  if (value < 0) return Error("a size must not be negative, got '" + shown + "'");
  if (unit.empty()) return value;
  const double per = unit_mm(unit);
  if (per == 0)
    return Error("unknown unit '" + unit + "' in '" + shown + "' (use " + std::string(kUnits) + ")");
  return value * per / kMmPerPoint;
}

const std::vector<PagePreset>& page_presets() {
  static const std::vector<PagePreset> presets = [] {
    std::vector<PagePreset> p = {
        {"A4", 210.0, 297.0},
        {"A5", 148.0, 210.0},
        {"Letter", 8.5 * kMmPerInch, 11 * kMmPerInch},
        {"Legal", 8.5 * kMmPerInch, 14 * kMmPerInch},
    };
    struct Trim {
      std::string_view name;
      double w, h;
    };
    static constexpr Trim trims[] = {
        {"5x8", 5, 8},           {"5.06x7.81", 5.06, 7.81}, {"5.25x8", 5.25, 8},
        {"5.5x8.5", 5.5, 8.5},   {"6x9", 6, 9},             {"6.14x9.21", 6.14, 9.21},
        {"6.69x9.61", 6.69, 9.61}, {"7x10", 7, 10},         {"7.44x9.69", 7.44, 9.69},
        {"7.5x9.25", 7.5, 9.25}, {"8x10", 8, 10},           {"8.25x6", 8.25, 6},
        {"8.25x8.25", 8.25, 8.25}, {"8.5x8.5", 8.5, 8.5},   {"8.5x11", 8.5, 11},
        {"8.27x11.69", 8.27, 11.69},
    };
    for (const auto& t : trims) p.push_back({t.name, t.w * kMmPerInch, t.h * kMmPerInch});
    return p;
  }();
  return presets;
}

std::optional<PagePreset> find_page_preset(std::string_view name) {
  std::string key = lower(trim(name));
  if (key.size() > 2 && key.ends_with("in") && std::isdigit(static_cast<unsigned char>(key[key.size() - 3])))
    key.resize(key.size() - 2);  // "6x9in" -> "6x9"
  for (const auto& p : page_presets())
    if (lower(p.name) == key) return p;
  return std::nullopt;
}

std::map<std::string, std::pair<double, double>> default_bands() {
  std::map<std::string, std::pair<double, double>> bands;
  for (const DifficultyBand& b : kDefaultBands) bands.emplace(std::string(b.name), std::pair{b.lo, b.hi});
  return bands;
}

const std::vector<std::string>& symmetry_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (Symmetry s : all_symmetries()) v.emplace_back(symmetry_name(s));
    return v;
  }();
  return names;
}

const std::vector<std::string>& variant_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (Variant x : all_variants()) v.emplace_back(variant_name(x));
    return v;
  }();
  return names;
}

const std::vector<std::string>& region_layout_names() {
  static const std::vector<std::string> names = {"random", "symmetric"};
  return names;
}

const std::vector<std::string>& killer_givens_names() {
  static const std::vector<std::string> names = {"none", "some"};
  return names;
}

const std::vector<std::string>& fill_names() {
  static const std::vector<std::string> names = {"random", "diagonal", "pattern"};
  return names;
}

std::pair<int, int> per_page_layout(int per_page, bool landscape) {
  int columns = 1;
  for (int d = 1; d * d <= per_page; ++d)
    if (per_page % d == 0) columns = d;
  const int rows = per_page / std::max(columns, 1);
  if (landscape) return {rows, columns};
  return {columns, rows};
}

const std::vector<std::string>& caption_placeholders() {
  static const std::vector<std::string> names = {"number", "label", "rating",      "clues", "section",
                                                 "grid",   "page",  "answer_page", "stars", "level", "variant"};
  return names;
}

const std::vector<std::string>& caption_locale_names() {
  static const std::vector<std::string> names = {"en", "de", "fr", "es", "it", "nl"};
  return names;
}

int edit_distance(std::string_view a, std::string_view b) {
  const std::string x = lower(a), y = lower(b);
  std::vector<int> prev(y.size() + 1), cur(y.size() + 1);
  for (size_t j = 0; j <= y.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= x.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= y.size(); ++j) {
      const int sub = prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[y.size()];
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  int best_d = 1 << 30;
  for (const auto& c : candidates) {
    const int d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  const int limit = word.size() <= 3 ? 1 : std::max(2, static_cast<int>(word.size()) / 3);
  if (best.empty() || best_d > limit) return {};
  return best;
}

}  // namespace gp::spec
