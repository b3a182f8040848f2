// Internal to src/spec: the state a spec is read into, and the Reader that turns YAML values into
// typed values (reporting each problem as a diagnostic at its place). Which keys exist, where, and
// how each is read and written is the schema's business (schema.hpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "spec/spec.hpp"

namespace gp::spec::detail {

// A place in some file (spec or profile).
struct Loc {
  std::string file;
  int line = 0;
  int col = 0;
};

// A section as it is being built: the spec plus what is still pending or needed for checks.
struct SectionState {
  SectionSpec spec;
  std::optional<int> per_page;      // resolved into columns x rows once orientation is known
  std::map<std::string, Loc> locs;  // key -> where it was last set (spec, profile or defaults)
};

struct State {
  BookSpec book;
  std::function<bool(const std::string&)> may_read;  // LoadOptions::may_read (unset: any file)
  SectionState defaults;                       // section_defaults
  std::vector<SectionState> sections;
  std::optional<std::string> orientation;
  std::optional<int> answers_per_page;
  std::map<std::string, Loc> locs;             // full key path -> where it was last set
  std::map<std::string, std::pair<double, double>> band_overrides;
  bool sections_given = false;
  bool root_is_map = true;
  bool bad_start_date = false;                 // reported already; don't also say it is missing
  // newspaper.weekdays.<day> mappings in the order read (profile first, then the spec), applied
  // once section_defaults is final (finish()).
  struct WeekdayNode {
    std::string weekday;  // "sunday"
    std::string file;     // the file it is in
    bool is_profile = false;
    YAML::Node node;
  };
  std::vector<WeekdayNode> weekday_nodes;
};

inline constexpr double kMaxRating = 12.0;

// Shortest decimal with at most 3 places (error messages).
std::string fmt(double v);
std::string join(const std::vector<std::string>& items, std::string_view sep = ", ");
// "a list", "a mapping", "'text'" or "nothing": what a value is, for "expected X, got Y".
std::string describe(const YAML::Node& n);
// "; did you mean 'x'?" or empty.
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);
// "path.key" (or "key" at the top).
std::string child(const std::string& path, std::string_view key);
bool parse_whole(std::string_view s, long long& out);
bool parse_real(std::string_view s, double& out);
std::string trimmed(std::string s);
// YYYY-MM-DD, optionally with a time and zone (PDF creation dates).
bool valid_date(const std::string& s);
// A calendar date "YYYY-MM-DD" (a real day: no 2026-02-30).
std::optional<std::chrono::year_month_day> parse_day(const std::string& s);
const std::vector<std::string>& weekday_names();  // index = c_encoding (0 = Sunday)
const std::vector<std::string>& newspaper_placeholders();

// Reads the values of one YAML file, reporting problems into `diags`. Each reader returns nullopt
// after reporting, and the caller simply skips the key.
class Reader {
 public:
  Reader(std::string file, std::vector<Diagnostic>& diags, bool is_profile)
      : file_(std::move(file)), diags_(diags), is_profile_(is_profile) {}

  const std::string& file() const { return file_; }
  bool is_profile() const { return is_profile_; }

  Loc loc(const YAML::Node& n) const;
  void error(const YAML::Node& n, const std::string& path, const std::string& message);

  // Applies a whole file (its top-level mapping) to `st`, keys in the schema's order.
  void apply(const YAML::Node& root, State& st);

  // Iterates a mapping, refusing non-mappings, duplicate and unknown keys (with a suggestion, or
  // the place the key belongs). Calls f(key, value, path) for each known key, in file order.
  template <class F>
  bool fields(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known, F&& f) {
    if (!check_mapping(map, path, known)) return false;
    for_known(map, path, known, [&](const std::string& k, const YAML::Node& v, const std::string& full) { f(k, v, full); });
    return true;
  }

  std::optional<std::string> text(const YAML::Node& n, const std::string& path);
  std::optional<std::string> nonempty_text(const YAML::Node& n, const std::string& path);
  std::optional<long long> whole(const YAML::Node& n, const std::string& path, long long lo, long long hi);
  std::optional<double> number(const YAML::Node& n, const std::string& path, double lo, double hi);
  std::optional<bool> boolean(const YAML::Node& n, const std::string& path);
  std::optional<std::string> choice(const YAML::Node& n, const std::string& path,
                                    const std::vector<std::string>& options);
  std::optional<double> length_mm(const YAML::Node& n, const std::string& path);
  std::optional<double> points(const YAML::Node& n, const std::string& path, double lo, double hi);
  // A range of numbers: [A, B] or "A-B" (or a single number A meaning [A, A] when allowed).
  std::optional<std::pair<double, double>> range(const YAML::Node& n, const std::string& path, double lo,
                                                 double hi, bool whole_numbers, bool single_allowed);
  // "CxR" columns x rows, each 1..max.
  std::optional<std::pair<int, int>> layout(const YAML::Node& n, const std::string& path, int max);
  // One text or a list of non-empty texts.
  std::optional<std::vector<std::string>> text_list(const YAML::Node& n, const std::string& path);
  // Reports unknown {placeholders} and unclosed braces in a template.
  void check_template(const YAML::Node& n, const std::string& path, const std::string& value,
                      const std::vector<std::string>& names = caption_placeholders());

  // The key node of `key` in a mapping (for errors about the key itself rather than its value).
  static YAML::Node key_node(const YAML::Node& map, const std::string& key);

 private:
  bool check_mapping(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known);
  void for_known(const YAML::Node& map, const std::string& path, const std::vector<std::string>& known,
                 const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& f);

  std::string file_;
  std::vector<Diagnostic>& diags_;
  bool is_profile_;
};

// Checks on the merged result and the pending conversions (orientation, per_page, the days of a
// newspaper run). `is_spec`: the book spec itself, not a profile or defaults file alone.
void finish(State& st, const std::string& spec_file, bool is_spec, std::vector<Diagnostic>& diags);

}  // namespace gp::spec::detail
