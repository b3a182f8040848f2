// YAML -> BookSpec. The only translation unit that includes yaml-cpp.
//
// One pass collects every problem: each reader reports into the shared diagnostics list and returns
// nullopt, and the caller simply skips the key. Keys are applied in a fixed order (bands before
// sections, so a section may name a band defined further down), and checks that involve several
// keys run at the end on the merged result, pointing at the key that was set last.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <tuple>

#include "spec/spec.hpp"

namespace gp::spec {

namespace {

namespace fs = std::filesystem;

// A place in some file (spec or profile).
struct Loc {
  std::string file;
  int line = 0;
  int col = 0;
};

std::string fmt(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string join(const std::vector<std::string>& items, std::string_view sep = ", ") {
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

// "A-B" (numbers, spaces allowed around the dash). False if not that form.
bool split_range(const std::string& text, std::string& a, std::string& b) {
  const auto dash = text.find('-', 1);  // skip a leading sign
  if (dash == std::string::npos) return false;
  a = trimmed(text.substr(0, dash));
  b = trimmed(text.substr(dash + 1));
  return !a.empty() && !b.empty();
}

// Where each key of a nested mapping lives, to tell a user who put one at the wrong level.
std::string home_of(const std::string& name, const std::string& here) {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> homes = {
      {"page", {"size", "orientation", "margins", "bleed", "mirror_margins"}},
      {"page.margins", {"top", "bottom", "inside", "outside"}},
      {"theme", {"font", "digit_font", "title_font", "body_size", "caption_size", "heading_size", "title_size",
                 "digit_scale", "thin_line", "box_line", "border_line", "grey_givens", "answer_fill_grey",
                 "running_head", "page_numbers", "caption", "answer_caption", "min_digit_size"}},
      {"each section (or section_defaults)",
       {"name", "count", "grid", "box", "clues", "difficulty", "rating", "symmetry", "fill", "minimal", "per_page",
        "layout", "heading_page"}},
      {"answers", {"enabled", "placement", "per_page", "layout"}},
      {"front_matter", {"title_page", "how_to_play", "contents", "notice"}},
      {"output", {"path", "format", "png_dpi", "manifest", "creation_date", "color"}},
      {"print", {"rules", "strict", "pad_even", "paper"}},
      {"cover", {"back_text", "spine_text"}},
      {"newspaper", {"width", "formats", "start_date", "days", "start_number", "file_name", "solution_file_name",
                     "weekday_difficulty", "exclude"}},
      {"worksheet", {"header", "header_fields", "rules_box", "rules_text"}},
  };
  const bool in_section = here.starts_with("sections[") || here == "section_defaults";
  for (const auto& [where, keys] : homes) {
    if (where == here || (in_section && where.starts_with("each section"))) continue;
    if (std::find(keys.begin(), keys.end(), name) != keys.end()) return where;
  }
  return {};
}

// A section as it is being built: the spec plus what is still pending or needed for checks.
struct SectionState {
  SectionSpec spec;
  std::optional<int> per_page;      // resolved into columns x rows once orientation is known
  std::map<std::string, Loc> locs;  // key -> where it was last set (spec, profile or defaults)
};

struct State {
  BookSpec book;
  SectionState defaults;                       // section_defaults
  std::vector<SectionState> sections;
  std::optional<std::string> orientation;
  std::optional<int> answers_per_page;
  std::map<std::string, Loc> locs;             // full key path -> where it was last set
  std::map<std::string, std::pair<double, double>> band_overrides;
  bool sections_given = false;
  bool root_is_map = true;
  bool bad_start_date = false;                 // reported already; don't also say it is missing
};

constexpr double kMaxRating = 12.0;

// Reads one YAML file's keys into a State, reporting problems into `diags`.
class Reader {
 public:
  Reader(std::string file, std::vector<Diagnostic>& diags, bool is_profile)
      : file_(std::move(file)), diags_(diags), is_profile_(is_profile) {}

  Loc loc(const YAML::Node& n) const {
    const YAML::Mark m = n.Mark();
    if (m.is_null()) return {file_, 0, 0};
    return {file_, m.line + 1, m.column + 1};
  }

  void error(const YAML::Node& n, const std::string& path, const std::string& message) {
    const Loc l = loc(n);
    diags_.push_back({l.file, l.line, l.col, path.empty() ? message : path + ": " + message});
  }

  // Iterates a mapping, refusing non-mappings, duplicate and unknown keys (with a suggestion).
  // Calls f(key, value, path) for each known key, in file order.
  template <class F>
  bool fields(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known,
              F&& f) {
    if (!map.IsMap()) {
      error(map, path, "expected a mapping of keys (" + join(known) + "), got " + describe(map));
      return false;
    }
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
    return true;
  }

  std::optional<std::string> text(const YAML::Node& n, const std::string& path) {
    if (n.IsNull()) return std::string();
    if (!n.IsScalar()) {
      error(n, path, "expected text, got " + describe(n));
      return std::nullopt;
    }
    return n.Scalar();
  }

  std::optional<std::string> nonempty_text(const YAML::Node& n, const std::string& path) {
    auto t = text(n, path);
    if (t && trimmed(*t).empty()) {
      error(n, path, "must not be empty");
      return std::nullopt;
    }
    return t;
  }

  std::optional<long long> whole(const YAML::Node& n, const std::string& path, long long lo,
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

  std::optional<double> number(const YAML::Node& n, const std::string& path, double lo, double hi) {
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

  std::optional<bool> boolean(const YAML::Node& n, const std::string& path) {
    if (n.IsScalar()) {
      std::string s = n.Scalar();
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (s == "true" || s == "yes" || s == "on") return true;
      if (s == "false" || s == "no" || s == "off") return false;
    }
    error(n, path, "expected true or false, got " + describe(n));
    return std::nullopt;
  }

  std::optional<std::string> choice(const YAML::Node& n, const std::string& path,
                                    const std::vector<std::string>& options) {
    auto t = text(n, path);
    if (!t) return std::nullopt;
    if (std::find(options.begin(), options.end(), *t) != options.end()) return t;
    error(n, path, "unknown value '" + *t + "'" + suggestion(*t, options) + " (choose from " +
                       join(options) + ")");
    return std::nullopt;
  }

  std::optional<double> length_mm(const YAML::Node& n, const std::string& path) {
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

  std::optional<double> points(const YAML::Node& n, const std::string& path, double lo, double hi) {
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
  std::optional<std::pair<double, double>> range(const YAML::Node& n, const std::string& path,
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
  std::optional<std::pair<int, int>> layout(const YAML::Node& n, const std::string& path, int max) {
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

  void apply(const YAML::Node& root, State& st);

  // The key node of `key` in a mapping (for errors about the key itself rather than its value).
  static YAML::Node key_node(const YAML::Node& map, const std::string& key) {
    for (auto it = map.begin(); it != map.end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == key) return it->first;
    return map;
  }

 private:
  void apply_page(const YAML::Node& n, const std::string& path, State& st);
  void apply_theme(const YAML::Node& n, const std::string& path, State& st);
  void apply_bands(const YAML::Node& n, const std::string& path, State& st);
  void apply_section(const YAML::Node& n, const std::string& path, SectionState& sec, bool is_defaults);
  void apply_answers(const YAML::Node& n, const std::string& path, State& st);
  void apply_front(const YAML::Node& n, const std::string& path, State& st);
  void apply_output(const YAML::Node& n, const std::string& path, State& st);
  void apply_print(const YAML::Node& n, const std::string& path, State& st);
  void apply_cover(const YAML::Node& n, const std::string& path, State& st);
  void apply_newspaper(const YAML::Node& n, const std::string& path, State& st);
  void apply_worksheet(const YAML::Node& n, const std::string& path, State& st);
  std::optional<std::vector<std::string>> text_list(const YAML::Node& n, const std::string& path);
  void check_template(const YAML::Node& n, const std::string& path, const std::string& value,
                      const std::vector<std::string>& names = caption_placeholders());

  std::string file_;
  std::vector<Diagnostic>& diags_;
  bool is_profile_;
};

const std::vector<std::string> kTopKeys = {"title",   "subtitle", "author",           "seed",
                                           "profile", "page",     "theme",            "bands",
                                           "section_defaults",    "sections",         "answers",
                                           "front_matter",        "output",           "print",
                                           "cover",   "newspaper", "worksheet"};
const std::vector<std::string> kSectionKeys = {"name",     "count",   "grid",     "box",
                                               "clues",    "difficulty", "rating", "symmetry",
                                               "fill",     "minimal", "per_page", "layout",
                                               "heading_page"};

void Reader::apply(const YAML::Node& root, State& st) {
  // Collect the top-level keys first, then apply them in dependency order.
  std::map<std::string, YAML::Node> given;
  if (!fields(root, "", kTopKeys,
              [&](const std::string& key, const YAML::Node& v, const std::string&) { given.emplace(key, v); })) {
    st.root_is_map = false;
    return;
  }
  for (const auto& [key, v] : given) st.locs[key] = loc(key_node(root, key));
  auto has = [&](const char* k) { return given.count(k) > 0; };
  auto node = [&](const char* k) -> const YAML::Node& { return given.at(k); };

  if (is_profile_) {
    for (const char* k : {"profile", "sections"})
      if (has(k))
        error(key_node(root, k), k,
              std::string(k) == "profile" ? "a profile cannot name another profile"
                                          : "not allowed in a profile (sections belong in the book spec)");
  }
  BookSpec& b = st.book;
  for (const char* k : {"title", "subtitle", "author"}) {
    if (!has(k)) continue;
    auto t = text(node(k), k);
    if (!t) continue;
    std::string key = k;
    (key == "title" ? b.title : key == "subtitle" ? b.subtitle : b.author) = *t;
  }
  if (has("seed")) {
    const YAML::Node& n = node("seed");
    unsigned long long v = 0;
    const std::string s = n.IsScalar() ? trimmed(n.Scalar()) : std::string();
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (!n.IsScalar() || s.empty() || ec != std::errc() || ptr != s.data() + s.size())
      error(n, "seed", "expected a whole number from 0 to 18446744073709551615, got " + describe(n));
    else
      b.seed = v;
  }
  if (has("page")) apply_page(node("page"), "page", st);
  if (has("theme")) apply_theme(node("theme"), "theme", st);
  if (has("bands")) apply_bands(node("bands"), "bands", st);
  if (has("section_defaults")) apply_section(node("section_defaults"), "section_defaults", st.defaults, true);
  if (has("answers")) apply_answers(node("answers"), "answers", st);
  if (has("front_matter")) apply_front(node("front_matter"), "front_matter", st);
  if (has("output")) apply_output(node("output"), "output", st);
  if (has("print")) apply_print(node("print"), "print", st);
  if (has("cover")) apply_cover(node("cover"), "cover", st);
  if (has("newspaper")) apply_newspaper(node("newspaper"), "newspaper", st);
  if (has("worksheet")) apply_worksheet(node("worksheet"), "worksheet", st);
  if (has("sections") && !is_profile_) {
    st.sections_given = true;
    st.locs["sections"] = loc(key_node(root, "sections"));
    const YAML::Node& list = node("sections");
    if (!list.IsSequence()) {
      error(list, "sections", "expected a list of sections (each starting with '- '), got " + describe(list));
    } else if (list.size() == 0) {
      error(list, "sections", "the book needs at least one section");
    } else {
      for (size_t i = 0; i < list.size(); ++i) {
        SectionState sec = st.defaults;
        sec.spec.key_marks.clear();
        const Loc l = loc(list[i]);
        sec.spec.mark = {l.line, l.col};
        apply_section(list[i], "sections[" + std::to_string(i) + "]", sec, false);
        st.sections.push_back(std::move(sec));
      }
    }
  }
}

void Reader::apply_page(const YAML::Node& n, const std::string& path, State& st) {
  PageSpec& p = st.book.page;
  fields(n, path, {"size", "orientation", "margins", "bleed", "mirror_margins"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           if (key == "size") {
             if (v.IsMap()) {
               std::optional<double> w, h;
               fields(v, full, {"width", "height"}, [&](const std::string& k, const YAML::Node& x,
                                                        const std::string& f) {
                 auto len = length_mm(x, f);
                 if (len && *len <= 0) {
                   error(x, f, "must be greater than 0");
                   len.reset();
                 }
                 (k == "width" ? w : h) = len;
               });
               const bool given_w = v["width"].IsDefined(), given_h = v["height"].IsDefined();
               if (!given_w || !given_h)
                 error(v, full, std::string("a custom size needs both width and height (missing ") +
                                    (given_w ? "height" : "width") + ")");
               if (w && h) {
                 p.size_name = "custom";
                 p.width = *w;
                 p.height = *h;
                 st.locs[full] = loc(v);
               }
             } else if (v.IsScalar()) {
               if (auto preset = find_page_preset(v.Scalar())) {
                 p.size_name = std::string(preset->name);
                 p.width = preset->width_mm;
                 p.height = preset->height_mm;
                 st.locs[full] = loc(v);
               } else {
                 std::vector<std::string> names;
                 for (const auto& pr : page_presets()) names.emplace_back(pr.name);
                 error(v, full, "unknown page size '" + v.Scalar() + "'" + suggestion(v.Scalar(), names) +
                                    " (presets: " + join(names) + "; or give {width, height})");
               }
             } else {
               error(v, full, "expected a preset name such as 6x9 or A4, or {width, height}, got " +
                                  describe(v));
             }
           } else if (key == "orientation") {
             if (auto c = choice(v, full, {"portrait", "landscape"})) {
               st.orientation = *c;
               st.locs[full] = loc(v);
             }
           } else if (key == "margins") {
             st.locs[full] = loc(v);
             if (v.IsScalar()) {
               if (auto len = length_mm(v, full)) {
                 p.margins = {*len, *len, *len, *len};
                 p.auto_gutter = false;
               }
               return;
             }
             fields(v, full, {"top", "bottom", "inside", "outside"},
                    [&](const std::string& k, const YAML::Node& x, const std::string& f) {
                      if (k == "inside" && x.IsScalar() && x.Scalar() == "auto") {
                        p.auto_gutter = true;
                        p.margins.inside = 0.375 * kMmPerInch;
                        return;
                      }
                      auto len = length_mm(x, f);
                      if (!len) return;
                      if (k == "top") p.margins.top = *len;
                      else if (k == "bottom") p.margins.bottom = *len;
                      else if (k == "inside") {
                        p.margins.inside = *len;
                        p.auto_gutter = false;
                      } else p.margins.outside = *len;
                    });
           } else if (key == "bleed") {
             if (auto b = boolean(v, full)) p.bleed = *b;
           } else if (key == "mirror_margins") {
             if (auto b = boolean(v, full)) p.mirror_margins = *b;
           }
         });
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
    if (std::find(names.begin(), names.end(), name) == names.end())
      error(n, path, "unknown placeholder {" + name + "}" + suggestion(name, names) + " (use {" +
                         join(names, "} {") + "})");
    pos = end + 1;
  }
}

void Reader::apply_theme(const YAML::Node& n, const std::string& path, State& st) {
  Theme& t = st.book.theme;
  static const std::vector<std::string> keys = {
      "font",        "digit_font",    "title_font",  "body_size",      "caption_size",
      "heading_size", "title_size",   "digit_scale", "thin_line",      "box_line",
      "border_line", "grey_givens",   "answer_fill_grey", "running_head", "page_numbers",
      "caption",     "answer_caption", "min_digit_size"};
  fields(n, path, keys, [&](const std::string& key, const YAML::Node& v, const std::string& full) {
    st.locs[full] = loc(v);
    if (key == "font" || key == "digit_font" || key == "title_font") {
      if (auto s = nonempty_text(v, full))
        (key == "font" ? t.font : key == "digit_font" ? t.digit_font : t.title_font) = *s;
    } else if (key == "min_digit_size") {
      if (auto pt = points(v, full, 0, 72)) t.min_digit_size = *pt;
    } else if (key.ends_with("_size")) {
      if (auto pt = points(v, full, 4, 144)) {
        if (key == "body_size") t.body_size = *pt;
        else if (key == "caption_size") t.caption_size = *pt;
        else if (key == "heading_size") t.heading_size = *pt;
        else t.title_size = *pt;
      }
    } else if (key == "digit_scale") {
      if (auto x = number(v, full, 0.3, 0.9)) t.digit_scale = *x;
    } else if (key == "thin_line") {
      if (!v.IsScalar()) {
        points(v, full, 0, 0);  // reports the type error
      } else if (auto r = parse_points(v.Scalar()); r && *r < 0.75) {
        error(v, full, fmt(*r) + " pt is below the 0.75 pt minimum for print");
      } else if (auto pt = points(v, full, 0.75, 10)) {
        t.thin_line = *pt;
      }
    } else if (key == "box_line" || key == "border_line") {
      if (auto pt = points(v, full, 0.75, 20)) (key == "box_line" ? t.box_line : t.border_line) = *pt;
    } else if (key == "grey_givens" || key == "answer_fill_grey") {
      if (auto x = number(v, full, 0, 1)) (key == "grey_givens" ? t.grey_givens : t.answer_fill_grey) = *x;
    } else if (key == "running_head") {
      if (auto b = boolean(v, full)) t.running_head = *b;
    } else if (key == "page_numbers") {
      if (auto b = boolean(v, full)) t.page_numbers = *b;
    } else if (key == "caption" || key == "answer_caption") {
      if (auto s = text(v, full)) {
        check_template(v, full, *s);
        (key == "caption" ? t.caption : t.answer_caption) = *s;
      }
    }
  });
}

void Reader::apply_bands(const YAML::Node& n, const std::string& path, State& st) {
  if (!n.IsMap()) {
    error(n, path, "expected a mapping of band names to SE ranges (e.g. easy: [1.0, 1.5]), got " + describe(n));
    return;
  }
  std::set<std::string> seen;
  for (auto it = n.begin(); it != n.end(); ++it) {
    if (!it->first.IsScalar()) {
      error(it->first, path, "band names must be plain names, got " + describe(it->first));
      continue;
    }
    const std::string name = it->first.Scalar();
    const std::string full = child(path, name);
    if (!seen.insert(name).second) {
      error(it->first, full, "duplicate key");
      continue;
    }
    if (auto r = range(it->second, full, 0, kMaxRating, false, false)) {
      st.band_overrides[name] = *r;
      st.locs[full] = loc(it->second);
    }
  }
}

void Reader::apply_section(const YAML::Node& n, const std::string& path, SectionState& sec,
                           bool is_defaults) {
  std::vector<std::string> keys = kSectionKeys;
  if (is_defaults) keys.erase(keys.begin());  // no "name"
  SectionSpec& s = sec.spec;
  std::optional<std::string> grid_text, box_text;
  std::optional<YAML::Node> grid_node, box_node, difficulty_node, per_page_node;
  bool has_rating = false, has_layout = false;
  auto mark = [&](const std::string& key, const YAML::Node& v) {
    const Loc l = loc(v);
    sec.locs[key] = l;
    if (!is_defaults && !is_profile_) s.key_marks[key] = {l.line, l.col};
  };
  fields(n, path, keys, [&](const std::string& key, const YAML::Node& v, const std::string& full) {
    if (key == "name") {
      if (auto t = text(v, full)) s.name = *t;
    } else if (key == "count") {
      if (auto c = whole(v, full, 1, 100000)) s.count = static_cast<int>(*c);
    } else if (key == "grid") {
      if (!v.IsScalar()) error(v, full, "expected a size such as 9x9, got " + describe(v));
      else {
        grid_text = v.Scalar();
        grid_node = v;
      }
    } else if (key == "box") {
      if (!v.IsScalar()) error(v, full, "expected box rows x columns such as 2x3, got " + describe(v));
      else {
        box_text = v.Scalar();
        box_node = v;
      }
    } else if (key == "clues") {
      if (v.IsScalar() && trimmed(v.Scalar()) == "any") {
        s.clues_min = s.clues_max = 0;
      } else if (auto r = range(v, full, 1, 256, true, true)) {
        s.clues_min = static_cast<int>(r->first);
        s.clues_max = static_cast<int>(r->second);
      }
    } else if (key == "difficulty") {
      if (auto t = nonempty_text(v, full)) {
        s.difficulty = *t;
        difficulty_node = v;
      }
    } else if (key == "rating") {
      has_rating = true;
      if (auto r = range(v, full, 0, kMaxRating, false, false)) s.rating = *r;
    } else if (key == "symmetry") {
      if (auto c = choice(v, full, symmetry_names())) s.symmetry = *c;
    } else if (key == "fill") {
      if (auto c = choice(v, full, fill_names())) s.fill = *c;
    } else if (key == "minimal") {
      if (auto b = boolean(v, full)) s.minimal = *b;
    } else if (key == "per_page") {
      per_page_node = v;
      if (auto c = whole(v, full, 1, 64)) sec.per_page = static_cast<int>(*c);
    } else if (key == "layout") {
      has_layout = true;
      if (auto l = layout(v, full, 8)) {
        s.columns = l->first;
        s.rows = l->second;
        sec.per_page.reset();
      }
    } else if (key == "heading_page") {
      if (auto b = boolean(v, full)) s.heading_page = *b;
    }
    mark(key, v);
  });
  if (!n.IsMap()) return;
  if (has_layout && per_page_node.has_value()) {
    error(*per_page_node, child(path, "per_page"), "give either per_page or layout, not both");
    sec.per_page.reset();
  }
  if (has_rating && difficulty_node.has_value()) {
    error(n["rating"], child(path, "rating"), "give either difficulty or rating, not both");
  } else if (has_rating) {
    s.difficulty.clear();
    sec.locs.erase("difficulty");
  } else if (difficulty_node.has_value()) {
    s.rating.reset();
    sec.locs.erase("rating");
  }
  if (grid_text || box_text) {
    const std::string g = grid_text ? *grid_text : std::to_string(s.shape.n());
    auto shape = parse_shape(g, box_text ? *box_text : std::string());
    if (shape) {
      s.shape = *shape;
    } else {
      // Blame the box when the grid alone is fine.
      const bool box_fault = box_text && parse_shape(g).ok();
      error(box_fault ? *box_node : *grid_node, child(path, box_fault ? "box" : "grid"),
            shape.error().diagnostics.front().message);
    }
  }
}

void Reader::apply_answers(const YAML::Node& n, const std::string& path, State& st) {
  AnswersSpec& a = st.book.answers;
  if (n.IsScalar()) {
    if (auto b = boolean(n, path)) a.enabled = *b;
    return;
  }
  std::optional<YAML::Node> per_page_node;
  bool has_layout = false;
  fields(n, path, {"enabled", "placement", "per_page", "layout"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           if (key == "enabled") {
             if (auto b = boolean(v, full)) a.enabled = *b;
           } else if (key == "placement") {
             if (auto c = choice(v, full, {"end", "after-section", "separate"})) a.placement = *c;
           } else if (key == "per_page") {
             per_page_node = v;
             if (auto c = whole(v, full, 1, 100)) st.answers_per_page = static_cast<int>(*c);
           } else if (key == "layout") {
             has_layout = true;
             if (auto l = layout(v, full, 10)) {
               a.columns = l->first;
               a.rows = l->second;
               st.answers_per_page.reset();
             }
           }
         });
  if (has_layout && per_page_node.has_value()) {
    error(*per_page_node, child(path, "per_page"), "give either per_page or layout, not both");
    st.answers_per_page.reset();
  }
}

void Reader::apply_front(const YAML::Node& n, const std::string& path, State& st) {
  FrontMatter& f = st.book.front;
  if (n.IsScalar()) {  // front_matter: false turns every page off
    if (auto b = boolean(n, path)) f.title_page = f.how_to_play = f.contents = *b;
    return;
  }
  fields(n, path, {"title_page", "how_to_play", "contents", "notice"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           if (key == "notice") {
             if (auto t = text(v, full)) f.notice = *t;
             return;
           }
           auto b = boolean(v, full);
           if (!b) return;
           (key == "title_page" ? f.title_page : key == "how_to_play" ? f.how_to_play : f.contents) = *b;
         });
}

std::optional<std::chrono::year_month_day> parse_day(const std::string& s);

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

void Reader::apply_output(const YAML::Node& n, const std::string& path, State& st) {
  OutputSpec& o = st.book.output;
  std::string shorthand;  // output: {pdf: book.pdf} = path + format in one key
  fields(n, path, {"path", "format", "png_dpi", "manifest", "creation_date", "color", "pdf", "svg", "png", "eps"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           st.locs[full] = loc(v);
           if (key == "pdf" || key == "svg" || key == "png" || key == "eps") {
             if (!shorthand.empty()) {
               error(v, full, "give one output file (" + shorthand + " is given already)");
             } else if (auto t = nonempty_text(v, full)) {
               shorthand = key;
               o.path = *t;
               o.format = key;
               st.locs[child(path, "format")] = loc(v);
               st.locs[child(path, "path")] = loc(v);
             }
           } else if (key == "path") {
             if (auto t = nonempty_text(v, full)) o.path = *t;
           } else if (key == "format") {
             if (auto c = choice(v, full, {"pdf", "svg", "png", "eps"})) o.format = *c;
           } else if (key == "png_dpi") {
             if (auto x = whole(v, full, 36, 2400)) o.png_dpi = static_cast<double>(*x);
           } else if (key == "manifest") {
             if (auto b = boolean(v, full)) o.manifest = *b;
           } else if (key == "color") {
             if (auto c = choice(v, full, {"rgb", "gray"})) o.color = *c;
           } else if (key == "creation_date") {
             if (auto t = text(v, full)) {
               if (!t->empty() && !valid_date(*t))
                 error(v, full, "expected an ISO 8601 date such as 2026-01-31 or 2026-01-31T09:00:00Z, got '" +
                                    *t + "'");
               else
                 o.creation_date = *t;
             }
           }
         });
  if (!shorthand.empty() && n.IsMap() && (n["path"].IsDefined() || n["format"].IsDefined()))
    error(n[shorthand], child(path, shorthand), "give either " + shorthand + " or path/format, not both");
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
  static const std::vector<std::string> names = {"number", "label", "rating", "clues", "grid", "date", "weekday"};
  return names;
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

void Reader::apply_print(const YAML::Node& n, const std::string& path, State& st) {
  PrintSpec& p = st.book.print;
  fields(n, path, {"rules", "strict", "pad_even", "paper"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           st.locs[full] = loc(v);
           if (key == "rules") {
             if (auto c = choice(v, full, {"none", "kdp"})) p.rules = *c;
           } else if (key == "strict") {
             if (auto b = boolean(v, full)) p.strict = *b;
           } else if (key == "pad_even") {
             if (auto b = boolean(v, full)) p.pad_even = *b;
           } else if (key == "paper") {
             if (auto c = choice(v, full, {"white", "cream"})) p.paper = *c;
           }
         });
}

void Reader::apply_cover(const YAML::Node& n, const std::string& path, State& st) {
  CoverSpec& c = st.book.cover;
  if (n.IsScalar()) {
    if (auto b = boolean(n, path)) c.enabled = *b;
    return;
  }
  if (n.IsMap()) c.enabled = true;  // a cover mapping asks for a cover unless it says enabled: false
  fields(n, path, {"enabled", "path", "back_text", "spine_text"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           st.locs[full] = loc(v);
           if (key == "enabled") {
             if (auto b = boolean(v, full)) c.enabled = *b;
           } else if (key == "path") {
             if (auto t = nonempty_text(v, full)) {
               if (!fs::path(*t).has_extension() || fs::path(*t).extension() != ".pdf")
                 error(v, full, "the cover is a PDF: expected a path ending in .pdf, got '" + *t + "'");
               else
                 c.path = *t;
             }
           } else if (key == "back_text") {
             if (auto t = text(v, full)) c.back_text = *t;
           } else if (key == "spine_text") {
             if (auto b = boolean(v, full)) c.spine_text = *b;
           }
         });
}

void Reader::apply_newspaper(const YAML::Node& n, const std::string& path, State& st) {
  NewspaperSpec& np = st.book.newspaper;
  if (n.IsScalar()) {
    if (auto b = boolean(n, path)) np.enabled = *b;
    return;
  }
  if (n.IsMap()) np.enabled = true;
  static const std::vector<std::string> keys = {
      "enabled", "width",     "formats",            "start_date",         "days",   "start_number",
      "caption", "file_name", "solution_file_name", "weekday_difficulty", "exclude"};
  fields(n, path, keys, [&](const std::string& key, const YAML::Node& v, const std::string& full) {
    st.locs[full] = loc(v);
    if (key == "enabled") {
      if (auto b = boolean(v, full)) np.enabled = *b;
    } else if (key == "width") {
      auto w = length_mm(v, full);
      if (w && (*w < 20 || *w > 400))
        error(v, full, "must be between 20 mm and 400 mm (a column is about 11-12 picas), got " + fmt(*w) + " mm");
      else if (w)
        np.width = *w;
    } else if (key == "formats") {
      auto list = text_list(v, full);
      if (!list) return;
      static const std::vector<std::string> formats = {"pdf", "eps", "svg", "png"};
      std::vector<std::string> ok;
      for (const auto& f : *list) {
        if (std::find(formats.begin(), formats.end(), f) == formats.end())
          error(v, full, "unknown format '" + f + "'" + suggestion(f, formats) + " (choose from pdf, eps, svg, png)");
        else if (std::find(ok.begin(), ok.end(), f) == ok.end())
          ok.push_back(f);
      }
      if (ok.empty() && list->empty()) error(v, full, "give at least one format");
      if (ok.size() == list->size()) np.formats = ok;
    } else if (key == "start_date") {
      auto t = text(v, full);
      st.bad_start_date = !t || (!t->empty() && !parse_day(*t));
      if (t && st.bad_start_date)
        error(v, full, "expected a date such as 2026-03-02, got '" + *t + "'");
      else if (t)
        np.start_date = *t;
    } else if (key == "days") {
      if (auto d = whole(v, full, 1, 366)) np.days = static_cast<int>(*d);
    } else if (key == "start_number") {
      if (auto d = whole(v, full, 1, 999999999)) np.start_number = static_cast<int>(*d);
    } else if (key == "caption" || key == "file_name" || key == "solution_file_name") {
      auto t = key == "caption" ? text(v, full) : nonempty_text(v, full);
      if (!t) return;
      check_template(v, full, *t, newspaper_placeholders());
      if (key != "caption" && t->find('/') != std::string::npos)
        error(v, full, "a file name template cannot contain '/' (files go next to output.path)");
      (key == "caption" ? np.caption : key == "file_name" ? np.file_name : np.solution_file_name) = *t;
    } else if (key == "weekday_difficulty") {
      fields(v, full, {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"},
             [&](const std::string& day, const YAML::Node& x, const std::string& f) {
               if (auto t = nonempty_text(x, f)) {
                 np.weekday_difficulty[day] = *t;
                 st.locs[f] = loc(x);
               }
             });
    } else if (key == "exclude") {
      auto list = text_list(v, full);
      if (!list) return;
      np.exclude.clear();
      for (const auto& f : *list) {
        const fs::path p = fs::path(f).is_absolute() ? fs::path(f) : fs::path(st.book.base_dir) / f;
        std::error_code ec;
        if (!fs::is_regular_file(p, ec))
          error(v, full, "manifest '" + p.lexically_normal().string() + "' not found");
        else
          np.exclude.push_back(p.lexically_normal().string());
      }
    }
  });
}

void Reader::apply_worksheet(const YAML::Node& n, const std::string& path, State& st) {
  WorksheetSpec& w = st.book.worksheet;
  fields(n, path, {"header", "header_fields", "rules_box", "rules_text"},
         [&](const std::string& key, const YAML::Node& v, const std::string& full) {
           if (key == "header") {
             if (auto b = boolean(v, full)) w.header = *b;
           } else if (key == "header_fields") {
             if (auto list = text_list(v, full)) {
               if (list->size() > 6) error(v, full, "at most 6 fields fit on a line, got " + std::to_string(list->size()));
               else w.header_fields = *list;
             }
           } else if (key == "rules_box") {  // true (= first_page), false, first_page, every_page
             std::string s = v.IsScalar() ? v.Scalar() : std::string();
             for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
             if (s == "every_page" || s == "first_page") {
               w.rules_box = true;
               w.rules_every_page = s == "every_page";
             } else if (s == "true" || s == "yes" || s == "on" || s == "false" || s == "no" || s == "off") {
               w.rules_box = s == "true" || s == "yes" || s == "on";
               w.rules_every_page = false;
             } else {
               error(v, full, "expected true, false, first_page or every_page, got " + describe(v));
             }
           } else if (key == "rules_text") {
             if (auto t = text(v, full)) w.rules_text = *t;
           }
         });
}

// ---- Files and profiles ----

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Parses YAML text; a syntax error becomes a diagnostic at its position.
std::optional<YAML::Node> parse_yaml(const std::string& text, const std::string& file,
                                     std::vector<Diagnostic>& diags) {
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    diags.push_back({file, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1,
                     "YAML syntax error: " + e.msg});
  } catch (const YAML::Exception& e) {
    diags.push_back({file, 0, 0, "YAML error: " + e.msg});
  }
  return std::nullopt;
}

std::string location_text(const std::string& file, const Mark& m) {
  std::string out = file;
  if (m.line > 0) {
    out += ':' + std::to_string(m.line);
    if (m.col > 0) out += ':' + std::to_string(m.col);
  }
  return out;
}

// Checks on the merged result and the pending conversions (orientation, per_page).
void finish(State& st, const std::string& spec_file, bool is_spec, std::vector<Diagnostic>& diags) {
  BookSpec& b = st.book;
  // Reports `key: message` where `key` was set, else where `fallback` was, else at the file.
  auto at_or = [&](const std::string& key, const std::string& fallback, const std::string& message) {
    auto it = st.locs.find(key);
    if (it == st.locs.end()) it = st.locs.find(fallback);
    Loc l = it != st.locs.end() ? it->second : Loc{spec_file, 0, 0};
    diags.push_back({l.file, l.line, l.col, key + ": " + message});
  };
  auto at = [&](const std::string& key, const std::string& message) { at_or(key, key, message); };

  // Page: orientation, margins that leave room.
  PageSpec& p = b.page;
  if (st.orientation) {
    const bool want_landscape = *st.orientation == "landscape";
    if ((want_landscape && p.width < p.height) || (!want_landscape && p.width > p.height))
      std::swap(p.width, p.height);
  }
  p.landscape = p.width > p.height;
  constexpr double kMinContent = 20.0;  // mm left for content
  if (p.margins.inside + p.margins.outside > p.width - kMinContent)
    at("page.margins", "inside + outside (" + fmt(p.margins.inside + p.margins.outside) +
                           " mm) leave less than 20 mm of the " + fmt(p.width) + " mm page width");
  if (p.margins.top + p.margins.bottom > p.height - kMinContent)
    at("page.margins", "top + bottom (" + fmt(p.margins.top + p.margins.bottom) +
                           " mm) leave less than 20 mm of the " + fmt(p.height) + " mm page height");

  // Theme: box lines heavier than cell lines, border at least as heavy as box lines.
  const Theme& t = b.theme;
  if (t.box_line <= t.thin_line)
    at(st.locs.count("theme.box_line") ? "theme.box_line" : "theme.thin_line",
       "box lines (" + fmt(t.box_line) + " pt) must be heavier than cell lines (" + fmt(t.thin_line) + " pt)");
  if (t.border_line < t.box_line)
    at(st.locs.count("theme.border_line") ? "theme.border_line" : "theme.box_line",
       "the border (" + fmt(t.border_line) + " pt) must be at least as heavy as box lines (" +
           fmt(t.box_line) + " pt)");

  // Bands.
  b.bands = default_bands();
  for (const auto& [name, r] : st.band_overrides) b.bands[name] = r;
  std::vector<std::string> band_names;  // easiest first
  for (const auto& [name, r] : b.bands) band_names.push_back(name);
  std::stable_sort(band_names.begin(), band_names.end(), [&](const std::string& x, const std::string& y) {
    return b.bands[x] < b.bands[y];
  });

  // Print-on-demand rules the spec can check before anything is generated.
  if (b.print.rules == "kdp") {
    const double in = kMmPerInch;
    for (auto [name, size] : {std::pair{"body_size", t.body_size}, std::pair{"caption_size", t.caption_size},
                              std::pair{"heading_size", t.heading_size}, std::pair{"title_size", t.title_size}})
      if (size < 7)
        at_or(std::string("theme.") + name, "print.rules",
              fmt(size) + " pt is below the 7 pt minimum text size of the kdp rules");
    const double edge = p.bleed ? 0.375 : 0.25;
    for (auto [name, value] : {std::pair{"top", p.margins.top}, std::pair{"bottom", p.margins.bottom},
                               std::pair{"outside", p.margins.outside}})
      if (value < edge * in - 1e-6)
        at_or("page.margins", "print.rules",
              std::string(name) + " (" + fmt(value / in) + " in) is below the kdp minimum of " + fmt(edge) +
                  " in" + (p.bleed ? " with bleed" : ""));
    if (!p.auto_gutter && p.margins.inside < 0.375 * in - 1e-6)
      at_or("page.margins", "print.rules",
            "inside (" + fmt(p.margins.inside / in) +
                " in) is below the kdp minimum gutter of 0.375 in (more above 150 pages; inside: auto picks it)");
    const double w = p.width / in, h = p.height / in;
    if (w < 4 - 1e-6 || w > 8.5 + 1e-6 || h < 6 - 1e-6 || h > 11.69 + 1e-6)
      at_or("page.size", "print.rules",
            fmt(w) + " x " + fmt(h) + " in is outside the kdp trim range (4 x 6 in to 8.5 x 11.69 in)");
  }

  // Newspaper run: text size floor, file names, and one section per day from section_defaults.
  NewspaperSpec& np = b.newspaper;
  if (np.enabled) {
    for (auto [name, size] : {std::pair{"body_size", t.body_size}, std::pair{"caption_size", t.caption_size}})
      if (size < 9)
        at_or(std::string("theme.") + name, "newspaper",
              fmt(size) + " pt is below the 9 pt minimum for newspaper text");
    for (const auto& [day, band] : np.weekday_difficulty)
      if (!b.bands.count(band))
        at_or("newspaper.weekday_difficulty." + day, "newspaper",
              "unknown difficulty '" + band + "'" + suggestion(band, band_names) + " (bands: " + join(band_names) + ")");
    if (np.file_name == np.solution_file_name)
      at_or("newspaper.solution_file_name", "newspaper", "must differ from newspaper.file_name");
    if (np.days > 1)
      for (auto [key, tmpl] : {std::pair{"file_name", np.file_name}, std::pair{"solution_file_name", np.solution_file_name}})
        if (tmpl.find("{date}") == std::string::npos && tmpl.find("{number}") == std::string::npos)
          at_or(std::string("newspaper.") + key, "newspaper",
                "must contain {date} or {number} so that each day gets its own file");
  }
  if (np.enabled && is_spec) {
    if (np.width <= 0)
      at_or("newspaper.width", "newspaper", "missing (the exact width of each puzzle file, e.g. 11.5pc or 48mm)");
    if (st.sections_given)
      at("sections", "not used with newspaper: each day's puzzle is built from section_defaults");
    if (np.start_date.empty() && !st.bad_start_date)
      at_or("newspaper.start_date", "newspaper", "missing (the date of the first puzzle, e.g. 2026-03-02)");
    if (auto start = parse_day(np.start_date)) {
      st.sections.clear();
      for (int i = 0; i < np.days; ++i) {
        const std::chrono::sys_days day = std::chrono::sys_days{*start} + std::chrono::days{i};
        const std::chrono::year_month_day ymd{day};
        char date[16];
        std::snprintf(date, sizeof date, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                      static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
        const std::string wd = weekday_names()[std::chrono::weekday{day}.c_encoding()];
        SectionState sec = st.defaults;
        SectionSpec& s = sec.spec;
        s.key_marks.clear();
        s.count = 1;
        s.date = date;
        s.weekday = wd;
        s.weekday[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s.weekday[0])));
        s.number = np.start_number + i;
        s.name = s.weekday + " " + s.date;
        s.heading_page = false;
        if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) {
          s.difficulty = it->second;
          s.rating.reset();
          if (auto l = st.locs.find("newspaper.weekday_difficulty." + wd); l != st.locs.end())
            sec.locs["difficulty"] = l->second;
        }
        if (auto l = st.locs.find("newspaper"); l != st.locs.end() && l->second.file == spec_file)
          s.mark = {l->second.line, l->second.col};
        st.sections.push_back(std::move(sec));
      }
    }
  } else if (is_spec && !st.sections_given && st.root_is_map) {
    diags.push_back({spec_file, 0, 0, "sections: missing (the book needs at least one section)"});
  }

  // Answers layout.
  if (st.answers_per_page) {
    auto [c, r] = per_page_layout(*st.answers_per_page, p.landscape);
    b.answers.columns = c;
    b.answers.rows = r;
  }

  // Sections.
  auto check_section = [&](SectionState& sec, const std::string& path) {
    SectionSpec& s = sec.spec;
    auto sec_at = [&](const std::string& key, const std::string& message) {
      auto it = sec.locs.find(key);
      Loc l = it != sec.locs.end() ? it->second : Loc{spec_file, s.mark.line, s.mark.col};
      diags.push_back({l.file, l.line, l.col, path + "." + key + ": " + message});
    };
    if (sec.per_page) {
      auto [c, r] = per_page_layout(*sec.per_page, p.landscape);
      s.columns = c;
      s.rows = r;
    }
    if (!s.difficulty.empty() && !b.bands.count(s.difficulty))
      sec_at("difficulty", "unknown difficulty '" + s.difficulty + "'" + suggestion(s.difficulty, band_names) +
                               " (bands: " + join(band_names) + ")");
    if (s.clues_max > 0) {
      const int cells = s.shape.cells();
      const std::string grid = std::to_string(s.shape.n()) + "x" + std::to_string(s.shape.n());
      const std::string asked = s.clues_min == s.clues_max
          ? std::to_string(s.clues_max) + " clues"
          : std::to_string(s.clues_min) + "-" + std::to_string(s.clues_max) + " clues";
      const int min = proven_min_clues(s.shape);
      if (s.clues_max >= cells) {
        sec_at("clues", asked + " do not fit a " + grid + " grid (" + std::to_string(cells) +
                            " cells; at most " + std::to_string(cells - 1) + " clues)");
      } else if (s.clues_max < min) {
        sec_at("clues", "a " + grid + " puzzle with " + asked + " cannot have a unique solution (" +
                            std::to_string(min) + " is the proven minimum)");
      } else if (s.symmetry != "none") {
        const auto ok = symmetric_clue_counts(s.shape, s.symmetry);
        bool any = false;
        for (int k = std::max(s.clues_min, min); k <= s.clues_max; ++k) any = any || ok[static_cast<size_t>(k)];
        if (!any) {
          int below = -1, above = -1;
          for (int k = s.clues_min - 1; k >= min && below < 0; --k)
            if (ok[static_cast<size_t>(k)]) below = k;
          for (int k = s.clues_max + 1; k < cells && above < 0; ++k)
            if (ok[static_cast<size_t>(k)]) above = k;
          std::string nearest;
          if (below > 0) nearest = std::to_string(below);
          if (above > 0) nearest += (nearest.empty() ? "" : " or ") + std::to_string(above);
          sec_at("clues", asked + " cannot be arranged with " + s.symmetry + " symmetry on a " + grid +
                              " grid" + (nearest.empty() ? "" : "; nearest possible: " + nearest));
        }
      }
    }
  };
  // A problem in section_defaults is reported once, not again for every section inheriting it.
  const size_t before = diags.size();
  check_section(st.defaults, "section_defaults");
  std::set<std::tuple<std::string, int, int>> reported;
  for (size_t i = before; i < diags.size(); ++i)
    reported.insert({diags[i].file, diags[i].line, diags[i].col});
  b.section_defaults = st.defaults.spec;
  for (size_t i = 0; i < st.sections.size(); ++i) {
    const size_t first = diags.size();
    check_section(st.sections[i], "sections[" + std::to_string(i) + "]");
    diags.erase(std::remove_if(diags.begin() + static_cast<std::ptrdiff_t>(first), diags.end(),
                               [&](const Diagnostic& d) { return reported.count({d.file, d.line, d.col}) > 0; }),
                diags.end());
    b.sections.push_back(std::move(st.sections[i].spec));
  }

  // Output: format from the file extension when not given; they must agree.
  OutputSpec& o = b.output;
  const std::string ext = fs::path(o.path).extension().string();
  const std::string ext_format = ext.size() > 1 ? ext.substr(1) : std::string();
  const bool known_ext = ext_format == "pdf" || ext_format == "svg" || ext_format == "png" || ext_format == "eps";
  if (known_ext) {
    if (!st.locs.count("output.format"))
      o.format = ext_format;
    else if (o.format != ext_format)
      at("output.format", "'" + o.format + "' does not match the extension of output.path '" + o.path + "'");
  }
}

void sort_diagnostics(std::vector<Diagnostic>& diags, const std::string& spec_file) {
  // Profile problems first, then the spec's, each in file order.
  std::stable_sort(diags.begin(), diags.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    const bool sa = a.file == spec_file, sb = b.file == spec_file;
    if (sa != sb) return sb;
    if (a.file != b.file) return false;
    if (a.line != b.line) return a.line < b.line;
    return a.col < b.col;
  });
}

std::vector<std::string> split_env_dir(const char* value) {
  if (!value || !*value) return {};
  return {(fs::path(value) / "templates").string()};
}

bool looks_like_path(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".yaml") || name.ends_with(".yml");
}

// A book spec in a folder that is searched for profiles is not a profile: files with a top-level
// sections: key are skipped.
bool is_book_spec_file(const fs::path& f) {
  auto text = read_file(f.string());
  return text && (text->starts_with("sections:") || text->find("\nsections:") != std::string::npos);
}

}  // namespace

std::vector<std::string> profile_search_path(const std::string& spec_dir, const LoadOptions& options) {
  std::vector<std::string> dirs;
  if (options.use_environment)
    for (auto& d : split_env_dir(std::getenv("GRIDPRESS_DATA_DIR"))) dirs.push_back(d);
  for (const auto& d : options.profile_dirs) dirs.push_back(d);
  dirs.push_back(spec_dir.empty() ? std::string(".") : spec_dir);
  if (options.use_builtin_dirs) {
    dirs.push_back((fs::path(GRIDPRESS_SOURCE_DATADIR) / "templates").string());
    dirs.push_back((fs::path(GRIDPRESS_DATADIR) / "templates").string());
  }
  return dirs;
}

std::vector<std::string> available_profiles(const std::string& spec_dir, const LoadOptions& options) {
  std::set<std::string> names;
  for (const auto& dir : profile_search_path(spec_dir, options)) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& f = it->path();
      if (f.extension() != ".yaml" || !it->is_regular_file(ec)) continue;
      if (is_book_spec_file(f)) continue;
      names.insert(f.stem().string());
    }
  }
  return {names.begin(), names.end()};
}

namespace {

// Finds and applies the profile named at `node` (spec file `spec_file`).
void apply_profile(const YAML::Node& node, const std::string& spec_file, const std::string& base_dir,
                   const LoadOptions& options, State& st, std::vector<Diagnostic>& diags) {
  const YAML::Mark m = node.Mark();
  auto here = [&](const std::string& message) {
    diags.push_back({spec_file, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1,
                     "profile: " + message});
  };
  if (!node.IsScalar() || node.Scalar().empty()) {
    here("expected a profile name such as kdp-6x9 or a path to a .yaml file, got " + describe(node));
    return;
  }
  const std::string name = node.Scalar();
  std::string found;
  if (looks_like_path(name)) {
    const fs::path p = fs::path(name).is_absolute() ? fs::path(name) : fs::path(base_dir) / name;
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) found = p.lexically_normal().string();
    else {
      here("profile file '" + p.lexically_normal().string() + "' not found");
      return;
    }
  } else {
    for (const auto& dir : profile_search_path(base_dir, options)) {
      const fs::path p = fs::path(dir) / (name + ".yaml");
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) continue;
      if (found.empty()) found = p.lexically_normal().string();
      // A book spec of that name (examples/kdp-6x9.yaml beside examples/paperback-6x9.yaml) gives
      // way to a real profile further along the path; with none, it is reported as it is.
      if (!is_book_spec_file(p)) {
        found = p.lexically_normal().string();
        break;
      }
    }
    if (found.empty()) {
      const auto names = available_profiles(base_dir, options);
      here("no profile named '" + name + "'" + suggestion(name, names) + " (available: " +
           (names.empty() ? std::string("none") : join(names)) + ")");
      return;
    }
  }
  auto text = read_file(found);
  if (!text) {
    here("cannot read profile file '" + found + "'");
    return;
  }
  auto root = parse_yaml(*text, found, diags);
  if (!root) return;
  st.book.profile = name;
  if (root->IsNull()) return;  // an empty profile changes nothing
  Reader(found, diags, true).apply(*root, st);
}

Result<BookSpec> parse_impl(std::string_view yaml, const std::string& filename,
                            const LoadOptions& options) {
  std::vector<Diagnostic> diags;
  State st;
  st.book.source_file = filename;
  st.book.base_dir = fs::path(filename).parent_path().string();
  auto root = parse_yaml(std::string(yaml), filename, diags);
  if (!root) return Error(std::move(diags));
  if (root->IsNull()) {
    diags.push_back({filename, 0, 0, "the spec is empty (it needs at least a sections: list)"});
    return Error(std::move(diags));
  }
  const YAML::Node& doc = *root;
  if (doc.IsMap()) {
    if (const YAML::Node prof = doc["profile"]; prof.IsDefined())
      apply_profile(prof, filename, st.book.base_dir, options, st, diags);
  }
  Reader(filename, diags, false).apply(doc, st);
  finish(st, filename, /*is_spec=*/true, diags);
  if (!diags.empty()) {
    sort_diagnostics(diags, filename);
    return Error(std::move(diags));
  }
  // Relative output paths resolve against the spec's folder.
  BookSpec& b = st.book;
  if (!fs::path(b.output.path).is_absolute() && !b.base_dir.empty())
    b.output.path = (fs::path(b.base_dir) / b.output.path).lexically_normal().string();
  if (b.cover.enabled) {
    if (b.cover.path.empty())
      b.cover.path = fs::path(b.output.path).replace_extension().string() + "-cover.pdf";
    else if (!fs::path(b.cover.path).is_absolute() && !b.base_dir.empty())
      b.cover.path = (fs::path(b.base_dir) / b.cover.path).lexically_normal().string();
  }
  return std::move(st.book);
}

}  // namespace

Result<BookSpec> parse_book_spec(std::string_view yaml, const std::string& filename,
                                 const LoadOptions& options) {
  return parse_impl(yaml, filename, options);
}

Result<BookSpec> load_book_spec(const std::string& path, const LoadOptions& options) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return Error(Diagnostic{path, 0, 0, "is a folder, not a spec file"});
  auto text = read_file(path);
  if (!text) return Error(Diagnostic{path, 0, 0, "cannot read the spec file (no such file or no permission)"});
  return parse_impl(*text, path, options);
}

Result<BookSpec> load_profile_file(const std::string& path) {
  std::vector<Diagnostic> diags;
  auto text = read_file(path);
  if (!text) return Error(Diagnostic{path, 0, 0, "cannot read the profile file"});
  auto root = parse_yaml(*text, path, diags);
  if (!root) return Error(std::move(diags));
  State st;
  if (!root->IsNull()) Reader(path, diags, true).apply(*root, st);
  finish(st, path, /*is_spec=*/false, diags);
  if (!diags.empty()) return Error(std::move(diags));
  return std::move(st.book);
}

std::string section_location(const BookSpec& spec, int section) {
  return location_text(spec.source_file, spec.sections.at(static_cast<size_t>(section)).mark);
}

Diagnostic section_diagnostic(const BookSpec& spec, int section, std::string message, std::string_view key) {
  const SectionSpec& s = spec.sections.at(static_cast<size_t>(section));
  Mark m = s.mark;
  if (!key.empty())
    if (auto it = s.key_marks.find(std::string(key)); it != s.key_marks.end()) m = it->second;
  return {spec.source_file, m.line, m.col, std::move(message)};
}

}  // namespace gp::spec
