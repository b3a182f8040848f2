// The Reader's value parsers and the small text helpers of the spec module. Every problem becomes
// a diagnostic "file:line:col: key.path: message" at the value (or key) it is about.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "spec/limits.hpp"
#include "spec/reader.hpp"
#include "spec/schema.hpp"

namespace gp::spec::detail {

std::string fmt(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

std::string describe(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Scalar: return "'" + n.Scalar() + "'";
    default: return "nothing";
  }
}

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closest_match(word, candidates);
  return best.empty() ? std::string() : "; did you mean '" + best + "'?";
}

std::string child(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

bool parse_whole(std::string_view s, long long& out) {
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last && first != last;
}

bool parse_real(std::string_view s, double& out) {
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last && first != last && std::isfinite(out);
}

std::string trimmed(std::string s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

namespace {

// "A-B" (numbers, spaces allowed around the dash). False if not that form.
bool split_range(const std::string& text, std::string& a, std::string& b) {
  const auto dash = text.find('-', 1);  // skip a leading sign
  if (dash == std::string::npos) return false;
  a = trimmed(text.substr(0, dash));
  b = trimmed(text.substr(dash + 1));
  return !a.empty() && !b.empty();
}

}  // namespace

bool valid_date(const std::string& s) {
  // YYYY-MM-DD, optionally followed by THH:MM[:SS] and Z or +HH:MM / -HH:MM.
  auto digits = [&](size_t at, size_t count, int lo, int hi) {
    if (at + count > s.size()) return false;
    int v = 0;
    for (size_t i = at; i < at + count; ++i) {
      if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      v = v * 10 + (s[i] - '0');
    }
    return v >= lo && v <= hi;
  };
  if (!(digits(0, 4, 1900, 9999) && s.size() >= 10 && s[4] == '-' && digits(5, 2, 1, 12) &&
        s[7] == '-' && digits(8, 2, 1, 31) && parse_day(s.substr(0, 10))))
    return false;
  if (s.size() == 10) return true;
  if (s[10] != 'T' && s[10] != ' ') return false;
  if (!(digits(11, 2, 0, 23) && s.size() >= 16 && s[13] == ':' && digits(14, 2, 0, 59))) return false;
  size_t i = 16;
  if (i < s.size() && s[i] == ':') {
    if (!digits(i + 1, 2, 0, 60)) return false;
    i += 3;
  }
  if (i == s.size()) return true;
  if (s[i] == 'Z') return i + 1 == s.size();
  if (s[i] == '+' || s[i] == '-')
    return s.size() == i + 6 && digits(i + 1, 2, 0, 14) && s[i + 3] == ':' && digits(i + 4, 2, 0, 59);
  return false;
}

// A calendar date "YYYY-MM-DD" (a real day: no 2026-02-30).
std::optional<std::chrono::year_month_day> parse_day(const std::string& s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  long long y = 0, m = 0, d = 0;
  if (!parse_whole(s.substr(0, 4), y) || !parse_whole(s.substr(5, 2), m) || !parse_whole(s.substr(8, 2), d))
    return std::nullopt;
  const std::chrono::year_month_day ymd{std::chrono::year{static_cast<int>(y)},
                                        std::chrono::month{static_cast<unsigned>(m)},
                                        std::chrono::day{static_cast<unsigned>(d)}};
  if (!ymd.ok() || y < 1900) return std::nullopt;
  return ymd;
}

const std::vector<std::string>& weekday_names() {  // index = c_encoding (0 = Sunday)
  static const std::vector<std::string> names = {"sunday",   "monday", "tuesday", "wednesday",
                                                 "thursday", "friday", "saturday"};
  return names;
}

const std::vector<std::string>& newspaper_placeholders() {
  static const std::vector<std::string> names = {"number", "label", "rating", "clues", "grid", "date",
                                                 "weekday", "stars", "yyyy", "mm", "dd"};
  return names;
}

namespace {

// Where a key of a nested mapping lives, to tell a user who put one at the wrong level.
std::string home_of(const std::string& name, const std::string& here) {
  const bool in_section = here.starts_with("sections[") || here == "section_defaults";
  for (Scope scope : home_scopes()) {
    if (home_name(scope) == here || (in_section && scope == Scope::Section)) continue;
    for (const Key* k : keys_of(scope))
      if (k->name == name && !(k->flags & kNoHome)) return std::string(home_name(scope));
  }
  return {};
}

}  // namespace

Loc Reader::loc(const YAML::Node& n) const {
  const YAML::Mark m = n.Mark();
  if (m.is_null()) return {file_, 0, 0};
  return {file_, m.line + 1, m.column + 1};
}

void Reader::error(const YAML::Node& n, const std::string& path, const std::string& message) {
  const Loc l = loc(n);
  diags_.push_back(Diagnostic::keyed(l.file, l.line, l.col, path, message));
}

bool Reader::check_mapping(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known) {
  if (map.IsMap()) return true;
  error(map, path, "expected a mapping of keys (" + join(known) + "), got " + describe(map));
  return false;
}

void Reader::for_known(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known,
                       const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& f) {
  std::map<std::string, int> seen;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const YAML::Node key = it->first;
    if (!key.IsScalar()) {
      error(key, path, "keys must be plain names, got " + describe(key));
      continue;
    }
    const std::string name = key.Scalar();
    const std::string full = child(path, name);
    if (auto s = seen.find(name); s != seen.end()) {
      error(key, full, "duplicate key (first given on line " + std::to_string(s->second) + ")");
      continue;
    }
    seen[name] = loc(key).line;
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string hint = suggestion(name, known);
      if (hint.empty())
        if (const std::string home = home_of(name, path); !home.empty())
          hint = "; '" + name + "' belongs under " + home;
      error(key, full, "unknown key" + hint);
      continue;
    }
    f(name, it->second, full);
  }
}

YAML::Node Reader::key_node(const YAML::Node& map, const std::string& key) {
  for (auto it = map.begin(); it != map.end(); ++it)
    if (it->first.IsScalar() && it->first.Scalar() == key) return it->first;
  return map;
}

std::optional<std::string> Reader::text(const YAML::Node& n, const std::string& path) {
  if (n.IsNull()) return std::string();
  if (!n.IsScalar()) {
    error(n, path, "expected text, got " + describe(n));
    return std::nullopt;
  }
  if (auto problem = text_problem(n.Scalar(), max_text_length(path))) {
    error(n, path, *problem);
    return std::nullopt;
  }
  return n.Scalar();
}

std::optional<std::string> Reader::nonempty_text(const YAML::Node& n, const std::string& path) {
  auto t = text(n, path);
  if (t && trimmed(*t).empty()) {
    error(n, path, "must not be empty");
    return std::nullopt;
  }
  return t;
}

std::optional<long long> Reader::whole(const YAML::Node& n, const std::string& path, long long lo,
                               long long hi) {
  long long v = 0;
  if (!n.IsScalar() || !parse_whole(trimmed(n.Scalar()), v)) {
    error(n, path, "expected a whole number, got " + describe(n));
    return std::nullopt;
  }
  if (v < lo || v > hi) {
    error(n, path, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                       ", got " + std::to_string(v));
    return std::nullopt;
  }
  return v;
}

std::optional<double> Reader::number(const YAML::Node& n, const std::string& path, double lo, double hi) {
  double v = 0;
  if (!n.IsScalar() || !parse_real(trimmed(n.Scalar()), v)) {
    error(n, path, "expected a number, got " + describe(n));
    return std::nullopt;
  }
  if (v < lo || v > hi) {
    error(n, path, "must be between " + fmt(lo) + " and " + fmt(hi) + ", got " + fmt(v));
    return std::nullopt;
  }
  return v;
}

std::optional<bool> Reader::boolean(const YAML::Node& n, const std::string& path) {
  if (n.IsScalar()) {
    std::string s = n.Scalar();
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
  }
  error(n, path, "expected true or false, got " + describe(n));
  return std::nullopt;
}

std::optional<std::string> Reader::choice(const YAML::Node& n, const std::string& path,
                                  const std::vector<std::string>& options) {
  auto t = text(n, path);
  if (!t) return std::nullopt;
  if (std::find(options.begin(), options.end(), *t) != options.end()) return t;
  error(n, path, "unknown value '" + *t + "'" + suggestion(*t, options) + " (choose from " +
                     join(options) + ")");
  return std::nullopt;
}

std::optional<double> Reader::length_mm(const YAML::Node& n, const std::string& path) {
  if (!n.IsScalar()) {
    error(n, path, "expected a length such as 15mm or 0.5in, got " + describe(n));
    return std::nullopt;
  }
  auto r = parse_length_mm(n.Scalar());
  if (!r) {
    error(n, path, r.error().diagnostics.front().message);
    return std::nullopt;
  }
  return *r;
}

std::optional<double> Reader::points(const YAML::Node& n, const std::string& path, double lo, double hi) {
  if (!n.IsScalar()) {
    error(n, path, "expected a size in points such as 0.75 or 1pt, got " + describe(n));
    return std::nullopt;
  }
  auto r = parse_points(n.Scalar());
  if (!r) {
    error(n, path, r.error().diagnostics.front().message);
    return std::nullopt;
  }
  if (*r < lo || *r > hi) {
    error(n, path, "must be between " + fmt(lo) + " pt and " + fmt(hi) + " pt, got " + fmt(*r) + " pt");
    return std::nullopt;
  }
  return *r;
}

// A range of numbers: [A, B] or "A-B" (or a single number A meaning [A, A] when allowed).
std::optional<std::pair<double, double>> Reader::range(const YAML::Node& n, const std::string& path,
                                               double lo, double hi, bool whole_numbers,
                                               bool single_allowed) {
  const std::string what = whole_numbers ? "whole number" : "number";
  const std::string expected = single_allowed
      ? "expected a " + what + ", a range [A, B] or \"A-B\", got "
      : "expected a range [A, B] or \"A-B\", got ";
  std::string a, b;
  if (n.IsSequence()) {
    if (n.size() != 2 || !n[0].IsScalar() || !n[1].IsScalar()) {
      error(n, path, expected + describe(n) + " of " + std::to_string(n.size()) + (n.size() == 1 ? " item" : " items"));
      return std::nullopt;
    }
    a = trimmed(n[0].Scalar());
    b = trimmed(n[1].Scalar());
  } else if (n.IsScalar()) {
    const std::string s = trimmed(n.Scalar());
    double single = 0;
    if (single_allowed && parse_real(s, single)) {
      a = b = s;
    } else if (!split_range(s, a, b)) {
      error(n, path, expected + describe(n));
      return std::nullopt;
    }
  } else {
    error(n, path, expected + describe(n));
    return std::nullopt;
  }
  double x = 0, y = 0;
  long long ix = 0, iy = 0;
  const bool ok = whole_numbers ? (parse_whole(a, ix) && parse_whole(b, iy))
                                : (parse_real(a, x) && parse_real(b, y));
  if (!ok) {
    error(n, path, expected + describe(n));
    return std::nullopt;
  }
  if (whole_numbers) {
    x = static_cast<double>(ix);
    y = static_cast<double>(iy);
  }
  if (x < lo || y > hi || y < lo || x > hi) {
    error(n, path, "must be between " + fmt(lo) + " and " + fmt(hi) + ", got " +
                       (x == y ? fmt(x) : fmt(x) + "-" + fmt(y)));
    return std::nullopt;
  }
  if (x > y) {
    error(n, path, "range " + fmt(x) + "-" + fmt(y) + " is reversed (the smaller number comes first)");
    return std::nullopt;
  }
  return std::pair{x, y};
}

// "CxR" columns x rows, each 1..max.
std::optional<std::pair<int, int>> Reader::layout(const YAML::Node& n, const std::string& path, int max) {
  long long c = 0, r = 0;
  bool ok = false;
  if (n.IsScalar()) {
    const std::string s = trimmed(n.Scalar());
    const auto x = s.find_first_of("xX");
    ok = x != std::string::npos && parse_whole(trimmed(s.substr(0, x)), c) &&
         parse_whole(trimmed(s.substr(x + 1)), r);
  }
  if (!ok) {
    error(n, path, "expected columns x rows such as \"2x3\", got " + describe(n));
    return std::nullopt;
  }
  if (c < 1 || r < 1 || c > max || r > max) {
    error(n, path, "columns and rows must each be between 1 and " + std::to_string(max) + ", got " +
                       n.Scalar());
    return std::nullopt;
  }
  return std::pair{static_cast<int>(c), static_cast<int>(r)};
}

std::optional<std::vector<std::string>> Reader::text_list(const YAML::Node& n, const std::string& path) {
  std::vector<std::string> out;
  if (n.IsScalar()) {
    out.push_back(n.Scalar());
    return out;
  }
  if (!n.IsSequence()) {
    error(n, path, "expected a list, got " + describe(n));
    return std::nullopt;
  }
  bool ok = true;
  for (size_t i = 0; i < n.size(); ++i) {
    auto t = nonempty_text(n[i], path + "[" + std::to_string(i) + "]");
    if (t) out.push_back(*t);
    else ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

void Reader::check_template(const YAML::Node& n, const std::string& path, const std::string& value,
                            const std::vector<std::string>& names) {
  size_t pos = 0;
  while ((pos = value.find('{', pos)) != std::string::npos) {
    const auto end = value.find('}', pos);
    if (end == std::string::npos) {
      error(n, path, "unclosed '{' in template '" + value + "'");
      return;
    }
    const std::string name = value.substr(pos + 1, end - pos - 1);
    if (name.rfind("date:", 0) == 0 && std::find(names.begin(), names.end(), "date") != names.end()) {
      // {date:FORMAT}: the directives of layout/calendar.hpp
      for (size_t i = 5; i < name.size(); ++i) {
        if (name[i] != '%') continue;
        const char c = i + 1 < name.size() ? name[i + 1] : ' ';
        if (std::string_view("deBAmYy%").find(c) == std::string_view::npos) {
          error(n, path, "unknown date directive '%" + std::string(1, c) + "' in {" + name +
                             "} (use %d %e %m %B %A %Y %y %%)");
          break;
        }
        ++i;
      }
    } else if (std::find(names.begin(), names.end(), name) == names.end())
      error(n, path, "unknown placeholder {" + name + "}" + suggestion(name, names) + " (use {" +
                         join(names, "} {") + "})");
    pos = end + 1;
  }
}

}  // namespace gp::spec::detail
