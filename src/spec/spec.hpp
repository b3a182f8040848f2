// Loading a YAML book spec into a BookSpec (book_spec.hpp), with profiles and defaults.
//
// Resolution order: built-in defaults (BookSpec{}; config/defaults.yaml writes the same values down)
// < profile (templates/<name>.yaml, named by the spec's `profile:` key) < the spec itself. Nested
// mappings merge key by key, so a spec can override a single margin of its profile.
//
// Every problem found is collected in one pass and returned together in the Error, each as a
// gp::Diagnostic "file:line:col: message" (1-based) whose message starts with the key path, e.g.
// "sections[1].count: expected a whole number, got 'ten'". Section indices are 0-based.
// Library code: never prints, never exits. Only src/spec/*.cpp includes yaml-cpp.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "spec/book_spec.hpp"

namespace gp::spec {

struct LoadOptions {
  // Folders searched for profiles before the built-in ones (tests use this). Default: none.
  std::vector<std::string> profile_dirs;
  // Consult the environment variable GRIDPRESS_DATA_DIR (its templates/ folder is searched first).
  bool use_environment = true;
  // Search the program's own templates/ (builtin_data_dir()). Default: yes.
  bool use_builtin_dirs = true;
  // Asked before the loader opens any file the spec names (a profile given as a path or found on
  // the search path, worksheet.names_file, cover.image), with the path it would open: false refuses
  // it at its key ("... may not be read here") without opening it. Unset: every file may be read.
  // The studio sets it so that nothing outside its folder and the program's templates is read.
  std::function<bool(const std::string& path)> may_read;
};

// Reads and parses the spec at `path`. The diagnostics name `path` as given. Relative paths in the
// spec (output.path, a profile given as a file) resolve against the folder of `path`. "-" reads
// standard input: diagnostics name "<stdin>", relative paths resolve against the working folder.
Result<BookSpec> load_book_spec(const std::string& path, const LoadOptions& options = {});

// Parses spec text; `filename` is used in diagnostics and its folder is the base for relative paths
// (may be empty: paths then stay relative to the working directory).
Result<BookSpec> parse_book_spec(std::string_view yaml, const std::string& filename,
                                 const LoadOptions& options = {});

// Parses a profile or defaults file on its own, applied on top of BookSpec{} (no sections needed,
// `sections` and `profile` keys are refused). Used for config/defaults.yaml and by tests.
Result<BookSpec> load_profile_file(const std::string& path);

// Newspaper runs: dates the day sections from `start_date` (YYYY-MM-DD) and numbers them from
// `start_number`, as the loader does from newspaper.start_date and start_number (dates, weekdays,
// names, numbers, and each day's difficulty from section_defaults and weekday_difficulty). A run
// with a catalogue calls it to continue the catalogue's numbering and dates. Error: not a date.
Status date_newspaper_days(BookSpec& spec, const std::string& start_date, int start_number);
// "2026-03-09" -> "2026-03-10"; "" for a text that is not a date.
std::string next_day(const std::string& date);
// True when `date` (YYYY-MM-DD) is not a publishing day: listed in newspaper.skip, by date or by
// its weekday.
bool newspaper_skips(const NewspaperSpec& np, const std::string& date);
// The first publishing day after `date` (newspaper.skip); "" for a text that is not a date.
std::string next_publishing_day(const NewspaperSpec& np, const std::string& date);
// The first publishing day on or after `date`.
std::string publishing_day_from(const NewspaperSpec& np, const std::string& date);

// The name of the file the build writes next to each of its executables, holding the source tree's
// path (one line). Never installed.
inline constexpr const char* kSourceTreeMarker = "gridpress-source-tree";

// The program's own data folder (holding templates/), found from the running executable:
// <exe>/../share/gridpress when that has templates/ (an installed or relocated tree), else the
// source tree named by kSourceTreeMarker next to the executable (a binary in its build tree).
// Empty when neither exists. A compiled-in path is never used.
std::string builtin_data_dir();

// The folders searched for a profile, in order: $GRIDPRESS_DATA_DIR/templates (if set and allowed),
// options.profile_dirs, the spec's folder, builtin_data_dir()/templates.
std::vector<std::string> profile_search_path(const std::string& spec_dir, const LoadOptions& options = {});

// Names (file stems) of the profiles found on the search path, sorted, without duplicates.
std::vector<std::string> available_profiles(const std::string& spec_dir, const LoadOptions& options = {});

// "spec.yaml:12:5" for section `section` (0-based) of a loaded spec, for errors raised after
// parsing (e.g. the generator refusing a request). Requires 0 <= section < sections.size().
std::string section_location(const BookSpec& spec, int section);

// A diagnostic at the first of `keys` (full paths, "answers.layout") the spec or its profile set,
// "KEY: message"; at the spec file alone when none was set.
Diagnostic key_diagnostic(const BookSpec& spec, std::initializer_list<std::string_view> keys, const std::string& message);

// The same place as a Diagnostic carrying `message`; when the section set `key` itself (e.g.
// "clues"), the diagnostic points at that key's value instead of the section.
Diagnostic section_diagnostic(const BookSpec& spec, int section, std::string message,
                              std::string_view key = {});

// The spec with its profile and defaults applied, as YAML in the spec's own key names (every key
// written out; paths relative to the spec's folder). Parsing it from the same folder gives the
// same BookSpec (lengths rounded to 0.0001 mm). Used by `gridpress spec --resolved`.
std::string to_yaml(const BookSpec& spec);

// ---- The key tables of docs/spec.md, written from the schema (src/spec/schema.cpp) ----

// The markdown table of the keys of one mapping: "top", "page" (with margins.*), "theme",
// "section", "answers", "front_matter", "output", "print", "cover", "newspaper", "worksheet".
// Empty for any other name.
std::string key_table(std::string_view name);

// `doc` with the lines between each "<!-- keys: NAME -->" line and the next "<!-- end keys -->"
// replaced by key_table(NAME). A test holds docs/spec.md to it.
std::string refresh_key_tables(std::string_view doc);

// ---- Units and sizes (also useful to the CLI and layout) ----

// Parses a length with a unit: "152.4mm", "15.24cm", "6in", "432pt", "36pc" (pica = 12 pt), with
// optional spaces before the unit. Returns millimetres. A bare number is refused unless it is 0
// (the error says which units exist); negative lengths are refused.
Result<double> parse_length_mm(std::string_view text);

// Like parse_length_mm but returns points, and a bare number is taken as points (font sizes,
// line weights: "0.75", "1pt", "0.3mm").
Result<double> parse_points(std::string_view text);

inline constexpr double kMmPerInch = 25.4;
inline constexpr double kMmPerPoint = 25.4 / 72.0;

// A named page size in millimetres (width, height as listed, e.g. 8.25x6 is landscape).
struct PagePreset {
  std::string_view name;
  double width_mm;
  double height_mm;
};
// A4, A5, Letter, Legal and the print-on-demand trims 5x8 ... 8.27x11.69 (inches).
const std::vector<PagePreset>& page_presets();
// Case-insensitive lookup ("a4", "LETTER", "6x9", "6x9in"). nullopt when unknown.
std::optional<PagePreset> find_page_preset(std::string_view name);

// The default difficulty bands on the SE scale: easy [0, 1.5], medium (1.5, 2.5], hard (2.5, 4.0],
// expert (4.0, 6.0], fiendish (6.0, 12.0]. A spec's `bands:` adds or replaces bands by name.
std::map<std::string, std::pair<double, double>> default_bands();

// Symmetry and fill names a section accepts (the symmetries of core/symmetry.hpp).
const std::vector<std::string>& symmetry_names();
const std::vector<std::string>& fill_names();
// The variants a section can ask for (core/grid.hpp): classic, x, hyper, jigsaw, killer.
const std::vector<std::string>& variant_names();
// Jigsaw region layouts: random, symmetric.
const std::vector<std::string>& region_layout_names();
// Killer givens: none, some.
const std::vector<std::string>& killer_givens_names();

// Puzzles per page N -> columns x rows: columns is the largest divisor of N not above sqrt(N)
// (1 -> 1x1, 2 -> 1x2, 4 -> 2x2, 6 -> 2x3, 12 -> 3x4); landscape pages swap the two.
std::pair<int, int> per_page_layout(int per_page, bool landscape);

// Placeholders a caption template may use (the ones layout fills in): {number} {label} {rating}
// {clues} {section} {grid} {page} {answer_page} {stars} {level} {variant}.
const std::vector<std::string>& caption_placeholders();
// The languages of weekday and month names in newspaper captions (newspaper.locale).
const std::vector<std::string>& caption_locale_names();

// Levenshtein distance (case-insensitive) and the closest candidate if it is close enough to be a
// likely typo (distance <= 1 for words of 3 letters or fewer, else <= max(2, length / 3)); empty otherwise.
int edit_distance(std::string_view a, std::string_view b);
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace gp::spec
