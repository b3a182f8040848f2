// The keys of sections (and section_defaults), answers, front_matter, output, print, cover,
// worksheet and newspaper. See schema.cpp for the top level, page and theme.
#include <glob.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <cctype>

#include "core/files.hpp"
#include "core/variants.hpp"
#include "spec/limits.hpp"
#include "spec/symbols.hpp"
#include "spec/schema_build.hpp"

namespace gp::spec::detail {

namespace fs = std::filesystem;

void read_section(Reader& r, const YAML::Node& n, const std::string& path, State& st, SectionState& sec,
                  bool is_defaults) {
  Pending p;
  Target t{st, &sec, is_defaults, &p};
  read_scope(r, Scope::Section, n, path, t);
  if (!n.IsMap()) return;
  SectionSpec& s = sec.spec;
  if (p.has_layout && p.per_page_node.has_value()) {
    r.error(*p.per_page_node, child(path, "per_page"), "give either per_page or layout, not both");
    sec.per_page.reset();
  }
  if (p.has_rating && p.difficulty_node.has_value()) {
    r.error(n["rating"], child(path, "rating"), "give either difficulty or rating, not both");
  } else if (p.has_rating) {
    s.difficulty.clear();
    sec.locs.erase("difficulty");
  } else if (p.difficulty_node.has_value()) {
    s.rating.reset();
    sec.locs.erase("rating");
  }
  if (p.grid_text || p.box_text) {
    const std::string g = p.grid_text ? *p.grid_text : std::to_string(s.shape.n());
    // A Latin variant's grid (futoshiki 5x5) has no boxes: read the size with the variant known.
    const VariantDef* def = find_variant_def(s.variant);
    const Variant variant = def ? def->variant : Variant::kClassic;
    auto shape = variant_shape(g, p.box_text ? *p.box_text : std::string(), variant);
    if (shape) {
      s.shape = *shape;
    } else {
      // Blame the box when the grid alone is fine.
      const bool box_fault = p.box_text && variant_shape(g, "", variant).ok();
      r.error(box_fault ? *p.box_node : *p.grid_node, child(path, box_fault ? "box" : "grid"),
              shape.error().diagnostics.front().message);
    }
  }
}

// "X-wal", "X-shm" or "X-journal" beside an existing file X: SQLite's own files of a database
// (a catalogue open in another process), never a file of puzzles.
static bool sqlite_companion(const std::string& path) {
  for (std::string_view suffix : {"-wal", "-shm", "-journal"}) {
    if (!path.ends_with(suffix)) continue;
    struct stat st {};
    return ::stat(path.substr(0, path.size() - suffix.size()).c_str(), &st) == 0 && S_ISREG(st.st_mode);
  }
  return false;
}

std::optional<std::vector<std::string>> exclude_paths(Reader& r, const YAML::Node& v, const std::string& full,
                                                      const std::string& base_dir) {
  auto list = r.text_list(v, full);
  if (!list) return std::nullopt;
  std::vector<std::string> out;
  bool ok = true;
  for (const auto& f : *list) {
    const fs::path p = fs::path(f).is_absolute() ? fs::path(f) : fs::path(base_dir) / f;
    const std::string path = p.lexically_normal().string();
    if (f.find_first_of("*?[") != std::string::npos) {
      glob_t g{};
      const int rc = ::glob(path.c_str(), 0, nullptr, &g);
      size_t found = 0;
      for (size_t i = 0; rc == 0 && i < g.gl_pathc; ++i) {
        struct stat st {};
        if (sqlite_companion(g.gl_pathv[i])) continue;  // a catalogue's -wal, -shm or -journal file
        if (::stat(g.gl_pathv[i], &st) == 0 && S_ISREG(st.st_mode)) {
          out.emplace_back(g.gl_pathv[i]);
          ++found;
        }
      }
      ::globfree(&g);
      if (found == 0) {
        r.error(v, full, "'" + f + "' matches no file");
        ok = false;
      }
      continue;
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
      r.error(v, full, "'" + path + "' not found");
    else if (!S_ISREG(st.st_mode))
      r.error(v, full, "'" + path + "' is " + file_kind(st.st_mode) + ", not a file of puzzles");
    else
      out.push_back(path);
    ok = ok && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  }
  if (!ok) return std::nullopt;
  return out;
}

void emit_paths(YAML::Emitter& out, const std::vector<std::string>& paths, const std::string& base_dir) {
  out << YAML::Flow << YAML::BeginSeq;
  for (const auto& e : paths) out << spec_relative(e, base_dir);
  out << YAML::EndSeq;
}

std::vector<Key> section_keys() {
  using S = Scope;
  using SS = SectionSpec;
  std::vector<Key> keys;
  keys.push_back(with_flags(plain(S::Section, "name", Kind::Text, &SS::name,
                                  "heading page, running head, contents (`{variant}` gives the variant's title); not in `section_defaults`"),
                            kNotInDefaults));
  keys.push_back(plain(S::Section, "count", Kind::Whole, &SS::count, "puzzles in the section", 1, 100000));
  keys.push_back(custom(
      S::Section, "grid", "`NxN` or `N`", "", "4x4, 6x6, 8x8, 9x9, 12x12, 16x16; a Latin square (`futoshiki`) 4x4 to 9x9, 5x5 and 7x7 included",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (!v.IsScalar()) {
          r.error(v, full, "expected a size such as 9x9, got " + describe(v));
          return;
        }
        t.pending->grid_text = v.Scalar();
        t.pending->grid_node = v;
      },
      [](YAML::Emitter& out, const View& v) {
        const int n = v.sec->shape.n();
        out << (std::to_string(n) + "x" + std::to_string(n));
      }));
  keys.push_back(custom(
      S::Section, "box", "`RxC`", "standard for the size", "box rows x columns, e.g. `3x2`; must tile the grid",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (!v.IsScalar()) {
          r.error(v, full, "expected box rows x columns such as 2x3, got " + describe(v));
          return;
        }
        t.pending->box_text = v.Scalar();
        t.pending->box_node = v;
      },
      [](YAML::Emitter& out, const View& v) {
        // A Latin square has no boxes: `box: none` (read back by variant_shape).
        if (v.sec->shape.latin()) {
          out << std::string("none");
          return;
        }
        out << layout_text(v.sec->shape.box_rows, v.sec->shape.box_cols);
      }));
  keys.push_back(with_docs(plain(S::Section, "variant", Kind::Choice, &SS::variant,
                                 "`classic`, `x` (both diagonals are units too; every size), `hyper` (four extra "
                                 "3x3 windows; 9x9 only), `jigsaw` (irregular regions instead of boxes, a layout "
                                 "grown for each puzzle; every size), `samurai` (five overlapping 9x9 grids, one a "
                                 "page, rated on the whole ladder: every `difficulty`), `killer` (cages with sums, no givens; "
                                 "up to 9x9: `difficulty` names set the cage sizes, `symmetry` and `clues` do not "
                                 "apply), `even-odd` (parity marks: grey squares even, circles odd, few givens; 4x4 to "
                                 "9x9: rated on the SE scale, `symmetry` and `clues` do not apply), `thermo` (thermometers, digits "
                                 "rising from the bulb, few givens; 4x4 to 9x9: SE scale, `symmetry` and `clues` do not apply), `arrow` (a "
                                 "path adds up to its circle, few givens; 4x4 to 9x9: SE scale, `symmetry` and `clues` do not "
                                 "apply), `greater-than` (signs between "
                                 "cells point to the smaller digit, few or no givens; 4x4 to 9x9: as even-odd), `consecutive` "
                                 "(white dots between every two neighbours 1 apart, few givens; 4x4 to 9x9, likewise), `kropki` "
                                 "(white dots 1 apart, black dots double, every such pair marked; 4x4 to 9x9, likewise), "
                                 "`non-consecutive` (no two neighbours 1 apart, no marks; 6x6 to 9x9: `symmetry`, `clues` and "
                                 "`minimal` apply as for classic), `anti-knight` and `anti-king` "
                                 "(no equal digits a knight's move or a king's diagonal step apart; 6x6 to 9x9, "
                                 "givens dug as for classic), `sandwich` (a number outside a row or column is the sum "
                                 "between its 1 and its largest digit, few givens; 6x6 to 9x9: as even-odd), `futoshiki` "
                                 "(a Latin square: rows and columns, no boxes, with signs between cells pointing to the "
                                 "smaller digit, few or no givens; 4x4 to 9x9 with 5x5 and 7x7, no `box`: SE scale, "
                                 "`symmetry` and `clues` do not apply), `kenken` (a Latin square, no boxes, cut into cages "
                                 "with a target and + - * / or =, no givens; 4x4 to 9x9, 5x5 and 7x7 too: SE scale, "
                                 "`symmetry` and `clues` do not apply); two variants joined by `+` play both at once (`killer+x`, "
                                 "`jigsaw+x`, `jigsaw+killer`, `anti-king+x`, ...: [board.md](board.md#combinations)); see "
                                 "[board.md](board.md). A variant section takes the `random` fill; "
                                 "`difficulty`/`rating` rate it under its own rules. `windoku` is another "
                                 "name for `hyper` (read as hyper; `spec --resolved` writes hyper)",
                                 0, 0, variant_names()),
                           "name"));
  keys.back().omit = [](const View& v) { return v.sec->variant == "classic"; };
  // Another spelling of a variant (core/variants.hpp variant_aliases) is read as the variant's own name.
  keys.back().read = [read = keys.back().read](Reader& r, const YAML::Node& v, const std::string& path, Target& t) {
    if (v.IsScalar())
      for (const VariantAlias& a : variant_aliases())
        if (v.Scalar() == a.alias) {
          part<SS>(t).variant = std::string(variant_name(a.variant));
          return;
        }
    // A combination ("killer+x", either order): read as its table name, or refused with the reason.
    if (v.IsScalar() && v.Scalar().find('+') != std::string::npos) {
      if (auto c = parse_variant(v.Scalar()))
        part<SS>(t).variant = std::string(variant_name(*c));
      else
        r.error(v, path, c.error().diagnostics.front().message);
      return;
    }
    read(r, v, path, t);
  };
  keys.push_back(with_docs(plain(S::Section, "regions", Kind::Choice, &SS::regions,
                                 "jigsaw region layouts: `random`, or `symmetric` (each layout looks the same after "
                                 "a half turn); jigsaw sections only",
                                 0, 0, region_layout_names()),
                           "name"));
  keys.back().omit = [](const View& v) { return v.sec->regions == "random"; };
  keys.push_back(with_docs(plain(S::Section, "givens", Kind::Choice, &SS::givens,
                                 "killer givens: `none` (cages only, the classic form) or `some` (n givens besides "
                                 "the cages, for beginners); killer sections only",
                                 0, 0, killer_givens_names()),
                           "name"));
  keys.back().omit = [](const View& v) { return v.sec->givens == "none"; };
  keys.push_back(with_docs(plain(S::Section, "guessing", Kind::Choice, &SS::guessing,
                                 "`never` = only puzzles the grader's ladder of techniques finishes: a killer puzzle "
                                 "its ladder cannot finish (rated 10.0, \"unfinished\": it needs guessing) is thrown "
                                 "away and another made, and killer sections without a difficulty are graded for it; "
                                 "`allowed` = such puzzles may be kept (they then count as fiendish). The classic "
                                 "ladder has finished every puzzle measured, so it changes killer sections only "
                                 "([killer.md](killer.md))",
                                 0, 0, {"never", "allowed"}),
                           "name"));
  keys.back().omit = [](const View& v) { return v.sec->guessing == "never"; };
  keys.push_back(custom(
      S::Section, "clues", "whole, range, `auto` or `any`", "",
      "exact `24`, or `[22, 26]` / `\"22-26\"`; `auto` = the difficulty band's range for the grid size "
      "([difficulty.md](difficulty.md); 12x12 and 16x16 have one without a difficulty too), else as `any`; `any` "
      "= whatever digging reaches",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        SectionSpec& s = t.sec->spec;
        if (v.IsScalar() && (trimmed(v.Scalar()) == "any" || trimmed(v.Scalar()) == "auto")) {
          s.clues_min = s.clues_max = 0;
          s.clues_auto = trimmed(v.Scalar()) == "auto";
        } else if (auto range = r.range(v, full, 1, 256, true, true)) {
          s.clues_min = static_cast<int>(range->first);
          s.clues_max = static_cast<int>(range->second);
          s.clues_auto = false;
        }
      },
      [](YAML::Emitter& out, const View& v) {
        const SectionSpec& s = *v.sec;
        if (s.clues_auto) out << "auto";
        else if (s.clues_max == 0) out << "any";
        else if (s.clues_min == s.clues_max) out << s.clues_max;
        else out << YAML::Flow << YAML::BeginSeq << s.clues_min << s.clues_max << YAML::EndSeq;
      }));
  keys.push_back(custom(
      S::Section, "difficulty", "band name", "any", "one of `bands`",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto text = r.nonempty_text(v, full)) {
          t.sec->spec.difficulty = *text;
          t.pending->difficulty_node = v;
        }
      },
      [](YAML::Emitter& out, const View& v) { out << v.sec->difficulty; }));
  keys.back().omit = [](const View& v) { return v.sec->difficulty.empty(); };
  keys.push_back(custom(
      S::Section, "rating", "range of numbers 0..12", "any",
      "explicit SE range; give `difficulty` or `rating`, not both (a section's own key replaces the other one "
      "inherited from `section_defaults`)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        t.pending->has_rating = true;
        if (auto range = r.range(v, full, 0, kMaxRating, false, false)) t.sec->spec.rating = *range;
      },
      [](YAML::Emitter& out, const View& v) { emit_range(out, v.sec->rating->first, v.sec->rating->second); }));
  keys.back().omit = [](const View& v) { return !v.sec->rating.has_value(); };
  keys.push_back(plain(S::Section, "spread", Kind::Choice, &SS::spread,
                       "`even` = ratings spread evenly over the band (puzzles dealt in turn to its slices; "
                       "[difficulty.md](difficulty.md)); `any` = as they come (most at the band's floor)",
                       0, 0, {"even", "any"}));
  keys.push_back(plain(S::Section, "order", Kind::Choice, &SS::order,
                       "`rating` = the section's puzzles sorted easiest first, so it ramps", 0, 0,
                       {"generated", "rating"}));
  keys.push_back(plain(S::Section, "budget", Kind::Number, &SS::budget,
                       "seconds the section may take; `0` = 60 + 0.5 a puzzle. Running out fails the book "
                       "unless `book --keep-partial`",
                       0, 86400));
  keys.push_back(plain(S::Section, "blank", Kind::Bool, &SS::blank,
                       "practice grids: the section's `count` grids are printed empty (to make up a puzzle, or copy "
                       "one from the board), with no answers"));
  keys.back().omit = [](const View& v) { return !v.sec->blank; };
  keys.push_back(custom(
      S::Section, "symbols", "`digits` `letters` `shapes` `colors`, or a list", "`digits`",
      "what stands for 1..n: letters A, B, C ...; shapes (circle, square, triangle, star, heart, diamond; up to "
      "6x6); colours (red, blue, yellow, green, orange, purple, each with its initial so it reads in greyscale; up "
      "to 6x6); or a list of n distinct entries, each a shape, a colour or one visible character (a letter with "
      "its accents, an emoji; no space, line break or zero-width character); killer sections take digits only "
      "([classroom.md](classroom.md))",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        SectionSpec& s = t.sec->spec;
        if (v.IsSequence()) {
          if (auto list = r.text_list(v, full)) {
            s.symbols = "custom";
            s.symbol_list = *list;
          }
        } else if (auto name = r.choice(v, full, symbol_set_names())) {
          s.symbols = *name;
          s.symbol_list.clear();
        }
      },
      [](YAML::Emitter& out, const View& v) {
        if (v.sec->symbols == "custom")
          out << YAML::Flow << v.sec->symbol_list;
        else
          out << v.sec->symbols;
      }));
  keys.back().omit = [](const View& v) { return v.sec->symbols == "digits"; };
  keys.push_back(with_docs(plain(S::Section, "symmetry", Kind::Choice, &SS::symmetry,
                                 "`none`, `rotate180`, `rotate90`, `mirror`, `flip`, `diagonal`, `antidiagonal`, "
                                 "`dihedral`",
                                 0, 0, symmetry_names()),
                           "name"));
  keys.push_back(with_docs(plain(S::Section, "fill", Kind::Choice, &SS::fill,
                                 "`random`, `diagonal`, `pattern` (how the solution grid is filled)", 0, 0,
                                 fill_names()),
                           "name"));
  keys.push_back(plain(S::Section, "minimal", Kind::Bool, &SS::minimal,
                       "every clue needed (removing any one breaks uniqueness)"));
  keys.push_back(custom(
      S::Section, "per_page", "whole, 1..64", "",
      "puzzles a page; arranged as columns x rows with columns = largest divisor <= sqrt(N) (2 -> 1x2, 4 -> 2x2, "
      "6 -> 2x3, 12 -> 3x4); swapped on landscape pages. A count whose rectangle is one thin row or column "
      "(3, 5, 7) takes a fuller arrangement with the last row part-filled and centred when that gives slots "
      "at least 10% larger (3 on 8.5x11: 2x2)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        t.pending->per_page_node = v;
        if (auto c = r.whole(v, full, 1, 64)) t.sec->per_page = static_cast<int>(*c);
      },
      [](YAML::Emitter& out, const View& v) { out << v.sec->per_page; }));
  keys.back().omit = [](const View& v) { return v.sec->per_page == 0; };
  keys.push_back(custom(
      S::Section, "layout", "`CxR` (1..8 each)", "", "columns x rows; give `per_page` or `layout`, not both",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        t.pending->has_layout = true;
        if (auto l = r.layout(v, full, 8)) {
          t.sec->spec.columns = l->first;
          t.sec->spec.rows = l->second;
          t.sec->spec.per_page = 0;
          t.sec->per_page.reset();
        }
      },
      [](YAML::Emitter& out, const View& v) { out << layout_text(v.sec->columns, v.sec->rows); }));
  keys.back().omit = [](const View& v) { return v.sec->per_page > 0; };
  keys.push_back(custom(
      S::Section, "exclude", "path, glob or list", "none",
      "more files whose puzzles this section never repeats (as the top-level `exclude`)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto paths = exclude_paths(r, v, full, t.st.book.base_dir)) t.sec->spec.exclude = *paths;
      },
      [](YAML::Emitter& out, const View& v) { emit_paths(out, v.sec->exclude, v.book.base_dir); }));
  keys.back().omit = [](const View& v) { return v.sec->exclude.empty(); };
  keys.push_back(plain(S::Section, "rules_text", Kind::Text, &SS::rules_text,
                       "worksheets: this section's rules box wording (instead of `worksheet.rules_text` or the "
                       "words written for its grid and symbols); needs `worksheet.rules_box`"));
  keys.back().omit = [](const View& v) { return v.sec->rules_text.empty(); };
  keys.push_back(plain(S::Section, "number_from", Kind::Whole, &SS::number_from,
                       "the number of the section's first puzzle (numbers then run on); with a class list each "
                       "child's copy starts there. `0` = on from the section before",
                       0, 999999999));
  keys.back().omit = [](const View& v) { return v.sec->number_from == 0; };
  keys.push_back(plain(S::Section, "level", Kind::Text, &SS::level,
                       "what `{level}` shows for this section's puzzles (`Level 3`), instead of "
                       "`worksheet.levels` of each puzzle's band"));
  keys.back().omit = [](const View& v) { return v.sec->level.empty(); };
  keys.push_back(plain(S::Section, "dedup", Kind::Choice, &SS::dedup,
                       "what counts as alike for this section's puzzles (as the top-level `dedup`, which it "
                       "replaces here): `canonical` or `exact`",
                       0, 0, {"canonical", "exact"}));
  keys.back().omit = [](const View& v) { return v.sec->dedup.empty(); };
  keys.push_back(plain(S::Section, "heading_page", Kind::Bool, &SS::heading_page,
                       "a title page before the section's puzzles"));
  return keys;
}

namespace {

// The most children one run makes sheets for (a year group of a large school).
constexpr std::size_t kMaxNames = 300;

// A class list file: one name a line (UTF-8, an optional BOM, LF or CRLF); spaces around a name,
// blank lines and lines starting with '#' are ignored. Errors: "FILE:3: the name ..." or the
// reader's ("FILE: cannot read the names file (No such file or directory)").
Result<std::vector<std::string>> read_class_list(const std::string& path) {
  auto text = read_regular_file(path, "names", kMaxSpecBytes);
  if (!text) return text.error();
  std::string_view rest = *text;
  if (rest.starts_with("\xEF\xBB\xBF")) rest.remove_prefix(3);
  std::vector<std::string> names;
  for (int line = 1; !rest.empty(); ++line) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    std::string_view raw = rest.substr(0, end);
    if (raw.ends_with('\r')) raw.remove_suffix(1);
    std::string name = trimmed(std::string(raw));
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (name.empty() || name[0] == '#') continue;
    if (auto why = text_problem(name, kMaxShortText))
      return Error(path + ":" + std::to_string(line) + ": the name " + *why);
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace
// A cover colour "#rrggbb"; empty (the default) = the theme's own.
bool is_colour(const std::string& s) {
  return s.size() == 7 && s[0] == '#' &&
         std::all_of(s.begin() + 1, s.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

void add_colour_key(std::vector<Key>& keys, std::string_view name, std::string CoverSpec::*member,
                    std::string_view notes) {
  keys.push_back(custom(
      Scope::Cover, name, "colour `\"#rrggbb\"` (quoted)", "the theme's", notes,
      [member](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto text = r.nonempty_text(v, full)) {
          if (!is_colour(*text))
            r.error(v, full, "expected a colour as \"#rrggbb\" (quoted: YAML reads # as a comment), got '" + *text + "'");
          else
            t.st.book.cover.*member = *text;
        }
      },
      [member](YAML::Emitter& out, const View& v) { out << v.book.cover.*member; }, kNoHome));
  keys.back().omit = [member](const View& v) { return (v.book.cover.*member).empty(); };
}

std::vector<Key> book_part_keys() {
  using S = Scope;
  std::vector<Key> keys;
  // answers
  keys.push_back(plain(S::Answers, "enabled", Kind::Bool, &AnswersSpec::enabled, ""));
  keys.push_back(plain(S::Answers, "placement", Kind::Choice, &AnswersSpec::placement,
                       "`separate` = a second document for the answers", 0, 0, {"end", "after-section", "separate"}));
  keys.push_back(plain(S::Answers, "hints", Kind::Bool, &AnswersSpec::hints,
                       "a hints page before the answers (at the end of the book without answers or with "
                       "`after-section`): for each puzzle the technique and the place (unit or cell) of its first "
                       "step and of its first step beyond the singles, never a digit ([book.md](book.md#hints))"));
  keys.push_back(custom(
      S::Answers, "explained", "whole 0..1000, or a list of puzzle numbers", "`0`",
      "worked solutions before the answers (after the hints): `N` = the first N puzzles of each section, a list = "
      "those puzzles by their printed number; each is the grader's path as numbered steps in words, the singles "
      "in runs, with diagrams of its hardest steps ([book.md](book.md#worked-solutions))",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        AnswersSpec& a = t.st.book.answers;
        if (v.IsSequence()) {
          std::vector<int> numbers;
          for (std::size_t i = 0; i < v.size(); ++i) {
            auto n = r.whole(v[i], full + "[" + std::to_string(i) + "]", 1, 1000000);
            if (!n) return;
            if (std::find(numbers.begin(), numbers.end(), static_cast<int>(*n)) != numbers.end()) {
              r.error(v[i], full + "[" + std::to_string(i) + "]", "puzzle " + std::to_string(*n) + " is listed twice");
              return;
            }
            numbers.push_back(static_cast<int>(*n));
          }
          a.explained = 0;
          a.explained_numbers = std::move(numbers);
        } else if (auto n = r.whole(v, full, 0, 1000)) {
          a.explained = static_cast<int>(*n);
          a.explained_numbers.clear();
        }
      },
      [](YAML::Emitter& out, const View& v) {
        if (!v.book.answers.explained_numbers.empty())
          out << YAML::Flow << v.book.answers.explained_numbers;
        else
          out << v.book.answers.explained;
      }));
  keys.back().omit = [](const View& v) {
    return v.book.answers.explained == 0 && v.book.answers.explained_numbers.empty();
  };
  keys.push_back(custom(S::Answers, "per_page", "whole, 1..100", "", "as for sections",
                        [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
                          t.pending->per_page_node = v;
                          if (auto c = r.whole(v, full, 1, 100)) t.st.answers_per_page = static_cast<int>(*c);
                        }));
  keys.push_back(custom(
      S::Answers, "layout", "`CxR` (1..10 each)", "", "",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        t.pending->has_layout = true;
        if (auto l = r.layout(v, full, 10)) {
          t.st.book.answers.columns = l->first;
          t.st.book.answers.rows = l->second;
          t.st.answers_per_page.reset();
        }
      },
      [](YAML::Emitter& out, const View& v) { out << layout_text(v.book.answers.columns, v.book.answers.rows); }));
  // front_matter
  keys.push_back(plain(S::Front, "title_page", Kind::Bool, &FrontMatter::title_page, "title, subtitle, author"));
  keys.push_back(plain(S::Front, "how_to_play", Kind::Bool, &FrontMatter::how_to_play,
                       "rules written for the grid sizes in the book"));
  keys.push_back(plain(S::Front, "techniques", Kind::Bool, &FrontMatter::techniques,
                       "a page after how-to-play: the techniques the book's puzzles need, each shown on a real "
                       "step of one of its puzzles"));
  keys.push_back(plain(S::Front, "cage_combinations", Kind::Bool, &FrontMatter::cage_combinations,
                       "killer books: pages after how-to-play listing each cage sum of 2 to 6 cells with the sets "
                       "of different digits that make it (one table per killer grid size)"));
  keys.push_back(plain(S::Front, "contents", Kind::Bool, &FrontMatter::contents,
                       "printed table of contents with page numbers"));
  keys.push_back(plain(S::Front, "notice", Kind::Text, &FrontMatter::notice,
                       "copyright/notice page; empty = no such page"));
  // output
  keys.push_back(custom(
      S::Output, "path", "text", "", "relative to the spec's folder",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto text = r.nonempty_text(v, full)) t.st.book.output.path = *text;
      },
      [](YAML::Emitter& out, const View& v) { out << spec_relative(v.book.output.path, v.book.base_dir); }));
  keys.push_back(with_docs(plain(S::Output, "format", Kind::Choice, &OutputSpec::format,
                                 "must agree with the extension when both are given", 0, 0,
                                 {"pdf", "svg", "png", "eps"}),
                           "", "from the path's extension, else `pdf`"));
  keys.push_back(plain(S::Output, "png_dpi", Kind::Whole, &OutputSpec::png_dpi, "", 36, 2400));
  keys.push_back(plain(S::Output, "manifest", Kind::Bool, &OutputSpec::manifest, "`NAME.json` and `NAME.csv` next to the book"));
  keys.push_back(custom(
      S::Output, "creation_date", "ISO 8601 date or date-time", "",
      "PDF creation date; empty = a fixed date, so the same spec gives byte-identical output",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto text = r.text(v, full);
        if (!text) return;
        if (!text->empty() && !valid_date(*text))
          r.error(v, full, "expected an ISO 8601 date such as 2026-01-31 or 2026-01-31T09:00:00Z, got '" + *text + "'");
        else
          t.st.book.output.creation_date = *text;
      },
      [](YAML::Emitter& out, const View& v) { out << v.book.output.creation_date; }));
  keys.push_back(plain(S::Output, "color", Kind::Choice, &OutputSpec::color,
                       "`gray`: PDF content in DeviceGray only, printed on the black plate alone (the `newspaper` "
                       "profile sets it; [render.md](render.md))",
                       0, 0, {"rgb", "gray"}));
  for (std::string_view format : {"pdf", "svg", "png", "eps"}) {
    Key k = custom(
        S::Output, format, "text", "",
        "shorthand: `output: {pdf: out/book.pdf}` sets path and format together; not with `path`/`format`",
        [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
          const std::string key = full.substr(full.rfind('.') + 1);
          OutputSpec& o = t.st.book.output;
          std::string& shorthand = t.pending->shorthand;
          if (!shorthand.empty()) {
            r.error(v, full, "give one output file (" + shorthand + " is given already)");
          } else if (auto text = r.nonempty_text(v, full)) {
            shorthand = key;
            o.path = *text;
            o.format = key;
            t.st.locs["output.format"] = r.loc(v);
            t.st.locs["output.path"] = r.loc(v);
          }
        },
        {}, kNoHome | (format == "pdf" ? 0u : kDocHidden));
    if (format == "pdf") k.doc_name = "`pdf` / `svg` / `png` / `eps`";
    keys.push_back(std::move(k));
  }
  // killer, jigsaw
  keys.push_back(plain(S::Killer, "tint", Kind::Choice, &KillerSpec::tint,
                       "`alternate`: each cage filled with one of four light greys (5 to 20 %), touching cages "
                       "different; puzzle pages",
                       0, 0, {"none", "alternate"}));
  keys.push_back(plain(S::Jigsaw, "tint", Kind::Choice, &JigsawSpec::tint,
                       "`alternate`: each region filled with one of four light greys (5 to 20 %), touching regions "
                       "different; puzzle pages",
                       0, 0, {"none", "alternate"}));
  // print
  keys.push_back(plain(S::Print, "rules", Kind::Choice, &PrintSpec::rules,
                       "`kdp`: the print-on-demand preflight runs with the book", 0, 0, {"none", "kdp"}));
  keys.push_back(plain(S::Print, "strict", Kind::Bool, &PrintSpec::strict,
                       "a preflight violation fails the build (non-zero exit)"));
  keys.push_back(plain(S::Print, "pad_even", Kind::Bool, &PrintSpec::pad_even, "pad to an even page count with a notes page"));
  keys.push_back(plain(S::Print, "paper", Kind::Choice, &PrintSpec::paper,
                       "spine width for the cover: 0.002252 / 0.0025 in a page", 0, 0, {"white", "cream"}));
  // cover
  keys.push_back(with_flags(plain(S::Cover, "enabled", Kind::Bool, &CoverSpec::enabled, ""), kNoHome));
  keys.push_back(custom(
      S::Cover, "path", "text ending in `.pdf`", "`<book>-cover.pdf` next to the book", "relative to the spec's folder",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto text = r.nonempty_text(v, full)) {
          if (!fs::path(*text).has_extension() || fs::path(*text).extension() != ".pdf")
            r.error(v, full, "the cover is a PDF: expected a path ending in .pdf, got '" + *text + "'");
          else
            t.st.book.cover.path = *text;
        }
      },
      [](YAML::Emitter& out, const View& v) { out << spec_relative(v.book.cover.path, v.book.base_dir); }, kNoHome));
  keys.back().omit = [](const View& v) { return v.book.cover.path.empty(); };
  keys.push_back(plain(S::Cover, "back_text", Kind::Text, &CoverSpec::back_text, "back-cover text"));
  keys.push_back(plain(S::Cover, "spine_text", Kind::Bool, &CoverSpec::spine_text,
                       "title/author on the spine, only when the book has more than 79 pages"));
  keys.push_back(plain(S::Cover, "proof", Kind::Bool, &CoverSpec::proof,
                       "a proof: the barcode area and the safe lines drawn as guides (never on the cover you upload)"));
  keys.push_back(plain(S::Cover, "theme", Kind::Choice, &CoverSpec::theme,
                       "the cover's look: ground, colours, title type, where the grid sits; see "
                       "[print-on-demand.md](print-on-demand.md)",
                       0, 0, {"midnight", "sunrise", "forest", "paper", "plain"}));
  add_colour_key(keys, "background", &CoverSpec::background, "the ground (a flat colour unless background2 is set)");
  add_colour_key(keys, "background2", &CoverSpec::background2, "the ground's colour at the bottom: a gradient");
  add_colour_key(keys, "title_color", &CoverSpec::title_color, "the title and the spine text");
  add_colour_key(keys, "accent", &CoverSpec::accent, "the frame of the grid on the front");
  keys.push_back(custom(
      S::Cover, "image", "text ending in `.png` or `.svg`", "none",
      "relative to the spec's folder; a front picture (an SVG is vector art: no resolution check); checked when "
      "the spec is read: a regular file of at most 64 MiB, a PNG of at most 30,000 pixels a side and 60 million "
      "in all; an SVG may draw only PNG or JPEG pictures (embedded, or files beside it) within the same caps",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto text = r.nonempty_text(v, full)) {
          std::string ext = fs::path(*text).extension().string();
          std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
          if (ext != ".png" && ext != ".svg")
            r.error(v, full, "the cover image must be a PNG or an SVG (export a JPEG as PNG at 300 dpi), got '" + *text + "'");
          else
            t.st.book.cover.image = *text;
        }
      },
      [](YAML::Emitter& out, const View& v) { out << spec_relative(v.book.cover.image, v.book.base_dir); }, kNoHome));
  keys.back().omit = [](const View& v) { return v.book.cover.image.empty(); };
  keys.push_back(plain(S::Cover, "image_fit", Kind::Choice, &CoverSpec::image_fit,
                       "`fill` = the whole front to its bleed edges, cropped to its shape, text over it; `fit` = "
                       "the whole picture where the grid would go",
                       0, 0, {"fill", "fit"}));
  keys.push_back(plain(S::Cover, "image_min_dpi", Kind::Whole, &CoverSpec::image_min_dpi,
                       "below this resolution at the printed size the cover fails; lower it only knowingly", 72, 1200));
  keys.push_back(plain(S::Cover, "sample", Kind::Whole, &CoverSpec::sample,
                       "the puzzle the front shows, by its number in the book; `0` = a representative puzzle of the "
                       "book's main variant (the variant with the most puzzles; of its puzzles in book order, the "
                       "middle one); never a practice grid",
                       0, 999999999));
  // worksheet
  keys.push_back(plain(S::Worksheet, "header", Kind::Bool, &WorksheetSpec::header,
                       "a line of fields to fill in at the top of each puzzle page"));
  keys.push_back(custom(
      S::Worksheet, "header_fields", "list of text (at most 6)", "", "",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto list = r.text_list(v, full);
        if (!list) return;
        if (list->size() > 6) r.error(v, full, "at most 6 fields fit on a line, got " + std::to_string(list->size()));
        else t.st.book.worksheet.header_fields = *list;
      },
      [](YAML::Emitter& out, const View& v) { out << YAML::Flow << v.book.worksheet.header_fields; }));
  keys.push_back(custom(
      S::Worksheet, "rules_box", "bool, `first_page` or `every_page`", "`false`",
      "the rules in plain words in a box: `true` (= `first_page`) on the first puzzle page of each section, "
      "`every_page` on every puzzle page (one sheet per child)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        WorksheetSpec& w = t.st.book.worksheet;
        std::string s = v.IsScalar() ? v.Scalar() : std::string();
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (s == "every_page" || s == "first_page") {
          w.rules_box = true;
          w.rules_every_page = s == "every_page";
        } else if (s == "true" || s == "yes" || s == "on" || s == "false" || s == "no" || s == "off") {
          w.rules_box = s == "true" || s == "yes" || s == "on";
          w.rules_every_page = false;
        } else {
          r.error(v, full, "expected true, false, first_page or every_page, got " + describe(v));
        }
      },
      [](YAML::Emitter& out, const View& v) {
        const WorksheetSpec& w = v.book.worksheet;
        if (w.rules_box)
          out << (w.rules_every_page ? "every_page" : "first_page");
        else
          out << false;
      }));
  keys.push_back(custom(
      S::Worksheet, "names", "list of text (at most 300)", "none",
      "a class list: every section is made once per child, in this order, each child's copy with its own "
      "puzzles, the name on every sheet and the puzzles numbered from 1",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto list = r.text_list(v, full);
        if (!list) return;
        WorksheetSpec& w = t.st.book.worksheet;
        if (list->size() > kMaxNames)
          r.error(v, full, "at most " + std::to_string(kMaxNames) + " names, got " + std::to_string(list->size()));
        else
          w.names = *list;
      },
      [](YAML::Emitter& out, const View& v) { out << YAML::Flow << v.book.worksheet.names; }));
  keys.back().omit = [](const View& v) { return v.book.worksheet.names.empty() || !v.book.worksheet.names_file.empty(); };
  keys.push_back(custom(
      S::Worksheet, "names_file", "path", "none",
      "the class list as a text file, one name a line (blank lines and lines starting with `#` are skipped); "
      "relative to the spec's folder",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto text = r.nonempty_text(v, full);
        if (!text) return;
        WorksheetSpec& w = t.st.book.worksheet;
        const fs::path p = fs::path(*text).is_absolute() ? fs::path(*text) : fs::path(t.st.book.base_dir) / *text;
        const std::string path = p.lexically_normal().string();
        if (t.st.may_read && !t.st.may_read(path)) {
          r.error(v, full, "'" + path + "' may not be read here");
          return;
        }
        auto names = read_class_list(path);
        if (!names)
          r.error(v, full, names.error().to_string());
        else if (names->empty())
          r.error(v, full, path + ": no names in the file");
        else if (names->size() > kMaxNames)
          r.error(v, full, path + ": at most " + std::to_string(kMaxNames) + " names, got " +
                               std::to_string(names->size()));
        else {
          w.names = std::move(*names);
          w.names_file = path;
        }
      },
      [](YAML::Emitter& out, const View& v) { out << spec_relative(v.book.worksheet.names_file, v.book.base_dir); }));
  keys.back().omit = [](const View& v) { return v.book.worksheet.names_file.empty(); };
  keys.push_back(custom(
      S::Worksheet, "levels", "mapping band -> text", "easy Bronze, medium Silver, hard Gold, expert Platinum, "
      "fiendish Diamond",
      "the level a sheet shows for a puzzle's band, through `{level}` in `theme.caption` (`\"Puzzle {number} - "
      "{level}\"`); bands left out keep their default",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (!v.IsMap()) {
          r.error(v, full, "expected a mapping of band names to levels (e.g. easy: Bronze), got " + describe(v));
          return;
        }
        for (auto it = v.begin(); it != v.end(); ++it) {
          if (!it->first.IsScalar()) continue;
          const std::string band = it->first.Scalar(), key = child(full, band);
          if (auto text = r.text(it->second, key)) {
            t.st.book.worksheet.levels[band] = *text;
            t.st.locs[key] = r.loc(it->second);
          }
        }
      },
      [](YAML::Emitter& out, const View& v) {
        out << YAML::Flow << YAML::BeginMap;
        for (const auto& [band, level] : v.book.worksheet.levels) out << YAML::Key << band << YAML::Value << level;
        out << YAML::EndMap;
      }));
  keys.push_back(plain(S::Worksheet, "duplex", Kind::Bool, &WorksheetSpec::duplex,
                       "a class list printed on both sides: each child's sheets start on a front (odd) page, "
                       "after a blank back page where needed, so no child's page is printed on the back of "
                       "another's"));
  keys.push_back(plain(S::Worksheet, "class", Kind::Text, &WorksheetSpec::class_name,
                       "written on the header's `Class` line (needs a `Class` field in `header_fields`)"));
  keys.back().omit = [](const View& v) { return v.book.worksheet.class_name.empty(); };
  keys.push_back(plain(S::Worksheet, "date", Kind::Text, &WorksheetSpec::date,
                       "written on the header's `Date` line (needs a `Date` field in `header_fields`)"));
  keys.back().omit = [](const View& v) { return v.book.worksheet.date.empty(); };
  keys.push_back(plain(S::Worksheet, "split", Kind::Choice, &WorksheetSpec::split,
                       "`per_child` (for a class list): one file a child, named by the child (`class-zoe-oneil.pdf`), "
                       "and one answers file for the class; `none` = one file of every child's sheets",
                       0, 0, {"none", "per_child"}));
  keys.back().omit = [](const View& v) { return v.book.worksheet.split == "none"; };
  keys.push_back(plain(S::Worksheet, "cutouts", Kind::Bool, &WorksheetSpec::cutouts,
                       "a cut-and-glue page after each puzzle page: for each puzzle, the symbols missing from it in "
                       "squares of its cells' size, to cut out along the grey lines and glue into the grid"));
  keys.back().omit = [](const View& v) { return !v.book.worksheet.cutouts; };
  keys.push_back(plain(S::Worksheet, "rules_text", Kind::Text, &WorksheetSpec::rules_text,
                       "the box's wording; empty = written for children for the grid size (\"Write a number in "
                       "every empty square. Each row, each column and each box with a thick border must have all "
                       "the numbers from 1 to 6, and no number twice.\")"));
  return keys;
}

std::vector<Key> newspaper_keys() {
  using S = Scope;
  using N = NewspaperSpec;
  std::vector<Key> keys;
  keys.push_back(with_flags(plain(S::Newspaper, "enabled", Kind::Bool, &N::enabled, ""), kNoHome));
  keys.push_back(custom(
      S::Newspaper, "width", "length, 20..400 mm", "**required**", "exact width of every puzzle file (`11.5pc`, `48mm`)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto w = r.length_mm(v, full);
        if (w && (*w < 20 || *w > 400))
          r.error(v, full, "must be between 20 mm and 400 mm (a column is about 11-12 picas), got " + fmt(*w) + " mm");
        else if (w)
          t.st.book.newspaper.width = *w;
      },
      [](YAML::Emitter& out, const View& v) { out << mm(v.book.newspaper.width); }));
  keys.back().omit = [](const View& v) { return v.book.newspaper.width <= 0; };
  keys.push_back(custom(
      S::Newspaper, "formats", "list of `pdf` `eps` `svg` `png`", "", "one file per format per puzzle (and per solution)",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto list = r.text_list(v, full);
        if (!list) return;
        static const std::vector<std::string> formats = {"pdf", "eps", "svg", "png"};
        std::vector<std::string> ok;
        for (const auto& f : *list) {
          if (std::find(formats.begin(), formats.end(), f) == formats.end())
            r.error(v, full, "unknown format '" + f + "'" + suggestion(f, formats) + " (choose from pdf, eps, svg, png)");
          else if (std::find(ok.begin(), ok.end(), f) == ok.end())
            ok.push_back(f);
        }
        if (ok.empty() && list->empty()) r.error(v, full, "give at least one format");
        if (ok.size() == list->size()) t.st.book.newspaper.formats = ok;
      },
      [](YAML::Emitter& out, const View& v) { out << YAML::Flow << v.book.newspaper.formats; }));
  keys.push_back(custom(
      S::Newspaper, "start_date", "`YYYY-MM-DD`", "**required** without a catalogue",
      "date of the first puzzle; with a `catalogue`, missing = the day after its last day of this title",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto text = r.text(v, full);
        t.st.bad_start_date = !text || (!text->empty() && !parse_day(*text));
        if (text && t.st.bad_start_date)
          r.error(v, full, "expected a date such as 2026-03-02, got '" + *text + "'");
        else if (text)
          t.st.book.newspaper.start_date = *text;
      },
      [](YAML::Emitter& out, const View& v) { out << v.book.newspaper.start_date; }));
  keys.push_back(plain(S::Newspaper, "days", Kind::Whole, &N::days, "", 1, 366));
  keys.push_back(plain(S::Newspaper, "locale", Kind::Choice, &N::locale,
                       "weekday and month names in captions ({weekday}, {date:%A %B}), from gridpress's own tables",
                       0, 0, caption_locale_names()));
  keys.push_back(
      with_docs(plain(S::Newspaper, "start_number", Kind::Whole, &N::start_number,
                      "continue it from the previous run; with a `catalogue`, missing = the number "
                      "after its last of this title; the last day's number is at most 999,999,999",
                      1, 999999999),
                "whole, >= 1"));
  // caption, file_name, solution_file_name: templates with the newspaper's placeholders.
  // `optional`: may be empty (no such file), and is left out of --resolved when it is.
  auto newspaper_template = [](std::string_view name, std::string N::*member, std::string_view notes, unsigned flags,
                               bool optional = false) {
    Key k = plain(S::Newspaper, name, Kind::Template, member, notes);
    k.flags = flags;
    const bool may_be_empty = name == "caption" || optional;
    k.read = [member, may_be_empty, is_caption = name == "caption"](Reader& r, const YAML::Node& v,
                                                                    const std::string& full, Target& t) {
      auto text = may_be_empty ? r.text(v, full) : r.nonempty_text(v, full);
      if (!text) return;
      r.check_template(v, full, *text, newspaper_placeholders());
      if (!is_caption && !text->empty()) {  // folders under output.path's folder: {yyyy}/{mm}/sudoku-{date}
        bool inside = text->front() != '/' && text->back() != '/';
        for (size_t a = 0; inside && a <= text->size();) {
          const size_t b = std::min(text->find('/', a), text->size());
          const std::string part = text->substr(a, b - a);
          inside = !part.empty() && part != "." && part != "..";
          a = b + 1;
        }
        if (!inside)
          r.error(v, full, "'" + *text + "' must name a file under the folder of output.path: folders with '/' "
                           "between names ({yyyy}/{mm}/sudoku-{date}), never '..', '.', '//' or a '/' at either end");
      }
      t.st.book.newspaper.*member = *text;
    };
    if (optional) k.omit = [member](const View& v) { return (v.book.newspaper.*member).empty(); };
    return k;
  };
  keys.push_back(newspaper_template("caption", &N::caption,
                                    "placeholders: `{number}` `{label}` `{rating}` `{clues}` `{grid}` `{date}` "
                                    "`{weekday}` `{stars}`, and `{date:FORMAT}` with `%d` `%e` `%m` `%B` `%A` `%Y` "
                                    "`%y` (`{date:%e %B %Y}`: 2 March 2026)",
                                    kNoHome));
  keys.push_back(newspaper_template("file_name", &N::file_name,
                                    "+ `.FORMAT`, in the folder of `output.path`; must contain `{date}` or `{number}` "
                                    "when `days` > 1",
                                    0));
  keys.push_back(newspaper_template("solution_file_name", &N::solution_file_name, "must differ from `file_name`", 0));
  keys.push_back(plain(S::Newspaper, "solution_runs", Kind::Choice, &N::solution_runs,
                       "`next_day`: solution files are named for the day they run (`{date}`, `{weekday}` of the "
                       "next day; `{number}` stays the puzzle's)",
                       0, 0, {"same_day", "next_day"}));
  keys.back().omit = [](const View& v) { return v.book.newspaper.solution_runs == "same_day"; };
  keys.push_back(newspaper_template("link_name", &N::link_name,
                                    "a copy of each puzzle file under a fixed name for the layout program (`today`, "
                                    "or `sudoku-{weekday}` for a week); + `.FORMAT`, and `.json` for the feed; "
                                    "written with the run's other files",
                                    0, true));
  keys.push_back(newspaper_template("solution_link_name", &N::solution_link_name,
                                    "the same for the solution files (`today-solution`), named for the day the "
                                    "solution runs",
                                    0, true));
  keys.push_back(newspaper_template("proof", &N::proof,
                                    "the editor's proof sheet: the run's puzzles and solutions on one A4 page, "
                                    "two days a row (`week-{date}.pdf`: the first day's fields); `.pdf` is added "
                                    "when missing",
                                    0, true));
  keys.push_back(newspaper_template("feed_file_name", &N::feed_file_name,
                                    "a JSON file per day for a website (puzzle, solution, number, date, rating; "
                                    "[newspaper.md](newspaper.md)) + `.json`",
                                    0, true));
  Key weekdays = custom(
      S::Newspaper, "weekday_difficulty", "mapping `monday`..`sunday` -> band",
      "Mon/Tue easy, Wed/Thu medium, Fri/Sat hard, Sun expert",
      "rising through the week; weekdays in a row with the same band share it out in rating slices (Monday SE <= "
      "1.2, Tuesday 1.2-1.5, ... : seven steps, [newspaper.md](newspaper.md))",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        read_scope(r, Scope::Weekdays, v, full, t);
      },
      [](YAML::Emitter& out, const View& v) {
        const NewspaperSpec& np = v.book.newspaper;
        out << YAML::Flow << YAML::BeginMap;
        for (const Key* day : keys_of(Scope::Weekdays))
          if (auto it = np.weekday_difficulty.find(std::string(day->name)); it != np.weekday_difficulty.end())
            out << YAML::Key << it->first << YAML::Value << it->second;
        out << YAML::EndMap;
      });
  weekdays.child = S::Weekdays;
  keys.push_back(std::move(weekdays));
  keys.push_back(custom(
      S::Newspaper, "weekdays", "mapping `monday`..`sunday` -> section keys", "none",
      "any section key for the days of one weekday (`sunday: {variant: samurai, difficulty: medium}`), on top "
      "of `section_defaults` and `weekday_difficulty`; a combination the generator or the newspaper files cannot "
      "make is refused at its key",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (!v.IsMap()) {
          r.error(v, full, "expected a mapping of weekdays (sunday: {variant: killer}), got " + describe(v));
          return;
        }
        const std::vector<std::string> days = {"monday", "tuesday", "wednesday", "thursday",
                                               "friday", "saturday", "sunday"};
        r.fields(v, full, days, [&](const std::string& day, const YAML::Node& x, const std::string&) {
          if (!x.IsMap()) {
            r.error(x, full + "." + day, "expected a mapping of section keys (variant: killer), got " + describe(x));
            return;
          }
          t.st.weekday_nodes.push_back({day, r.file(), r.is_profile(), x});
        });
      },
      [](YAML::Emitter& out, const View& v) {
        out << YAML::BeginMap;
        for (std::string_view day : {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
          if (auto it = v.book.newspaper.weekdays.find(std::string(day)); it != v.book.newspaper.weekdays.end()) {
            // Only the keys the weekday gave: the rest comes from section_defaults again.
            const auto given = v.book.newspaper.weekday_keys.find(std::string(day));
            const View sec{v.book, &it->second, true};
            out << YAML::Key << std::string(day) << YAML::Value << YAML::Flow << YAML::BeginMap;
            for (const Key* k : keys_of(Scope::Section)) {
              if (!k->emit || given == v.book.newspaper.weekday_keys.end() ||
                  std::find(given->second.begin(), given->second.end(), k->name) == given->second.end())
                continue;
              out << YAML::Key << std::string(k->name) << YAML::Value;
              k->emit(out, sec);
            }
            out << YAML::EndMap;
          }
        out << YAML::EndMap;
      }));
  keys.back().omit = [](const View& v) { return v.book.newspaper.weekdays.empty(); };
  keys.push_back(custom(
      S::Newspaper, "skip", "list of dates `YYYY-MM-DD` and weekdays", "none",
      "days the paper does not publish (`[2026-12-25, sunday]`): no puzzle on them; `days` counts publishing "
      "days, and `solution_runs: next_day` means the next publishing day",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto list = r.text_list(v, full);
        if (!list) return;
        const std::vector<std::string> days = {"sunday", "monday", "tuesday", "wednesday",
                                               "thursday", "friday", "saturday"};
        std::vector<std::string> ok;
        std::set<std::string> named;
        for (const std::string& e : *list) {
          if (std::find(days.begin(), days.end(), e) != days.end()) {
            named.insert(e);
            ok.push_back(e);
          } else if (parse_day(e)) {
            ok.push_back(e);
          } else {
            r.error(v, full, "'" + e + "' is neither a date (2026-12-25) nor a weekday" + suggestion(e, days));
          }
        }
        if (named.size() == 7) r.error(v, full, "skips every weekday: the paper would never publish");
        if (ok.size() == list->size() && named.size() < 7) t.st.book.newspaper.skip = ok;
      },
      [](YAML::Emitter& out, const View& v) { out << YAML::Flow << v.book.newspaper.skip; }));
  keys.back().omit = [](const View& v) { return v.book.newspaper.skip.empty(); };
  keys.push_back(plain(S::Newspaper, "instructions", Kind::Bool, &N::instructions,
                       "a line of rules under each puzzle, the day's variant's (\"Place the digits 1 to 9 once in "
                       "every row, column and 3x3 box.\"); not on solutions"));
  keys.push_back(custom(
      S::Newspaper, "exclude", "path or list of paths", "none",
      "manifests of earlier runs; their puzzles (canonical forms) are not repeated; each file must exist",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        auto list = r.text_list(v, full);
        if (!list) return;
        NewspaperSpec& np = t.st.book.newspaper;
        np.exclude.clear();
        for (const auto& f : *list) {
          const fs::path p = fs::path(f).is_absolute() ? fs::path(f) : fs::path(t.st.book.base_dir) / f;
          const std::string path = p.lexically_normal().string();
          struct stat st {};
          if (::stat(path.c_str(), &st) != 0)
            r.error(v, full, "manifest '" + path + "' not found");
          else if (S_ISDIR(st.st_mode))
            r.error(v, full, "'" + path + "' is a folder, not a manifest file");
          else if (!S_ISREG(st.st_mode))
            r.error(v, full, "'" + path + "' is " + file_kind(st.st_mode) + ", not a regular file");
          else
            np.exclude.push_back(path);
        }
      },
      [](YAML::Emitter& out, const View& v) {
        out << YAML::Flow << YAML::BeginSeq;
        for (const auto& e : v.book.newspaper.exclude) out << spec_relative(e, v.book.base_dir);
        out << YAML::EndSeq;
      }));
  for (std::string_view day : {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
    keys.push_back(custom(
        S::Weekdays, day, "band name", "", "",
        [](Reader& r, const YAML::Node& x, const std::string& f, Target& t) {
          if (auto text = r.nonempty_text(x, f)) {
            t.st.book.newspaper.weekday_difficulty[f.substr(f.rfind('.') + 1)] = *text;
            t.st.locs[f] = r.loc(x);
          }
        },
        {}, kOwnLoc));
  return keys;
}

}  // namespace gp::spec::detail
