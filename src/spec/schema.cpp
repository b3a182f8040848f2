// The spec's keys, each described once: where it may appear, its type, range and default, its line
// in the docs, how it is read and how `spec --resolved` writes it. Plain keys (text, bool, numbers,
// choices) are read and written from their description alone; the others bring a read and an emit
// function. This file: the top level, page and theme, and the machinery that walks the table;
// schema_sections.cpp: sections and the book's other parts. Checks that involve keys of different
// mappings are in finish.cpp.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <set>

#include "core/difficulty.hpp"
#include "spec/limits.hpp"
#include "spec/schema_build.hpp"

namespace gp::spec::detail {

namespace {

std::vector<Key> top_keys() {
  using S = Scope;
  std::vector<Key> keys;
  keys.push_back(plain(S::Top, "title", Kind::Text, &BookSpec::title, "title page, running head, PDF metadata"));
  keys.push_back(plain(S::Top, "subtitle", Kind::Text, &BookSpec::subtitle, "title page"));
  keys.push_back(plain(S::Top, "author", Kind::Text, &BookSpec::author, "title page, PDF metadata"));
  keys.push_back(plain(S::Top, "section_pages", Kind::Bool, &BookSpec::section_pages,
                       "`false` = no section heading pages (the puzzles of each section follow the previous "
                       "page; a section's own `heading_page` wins)"));
  keys.push_back(plain(S::Top, "section_start", Kind::Choice, &BookSpec::section_start,
                       "`recto` = every section heading page on a right-hand (odd) page, after a blank page "
                       "when needed; `any` = the next page",
                       0, 0, {"any", "recto"}));
  keys.push_back(plain(S::Top, "order", Kind::Choice, &BookSpec::order,
                       "how the sections' puzzle pages follow one another: `sections` = each section's pages "
                       "together, in the spec's order; `interleave` = a page of each section in turn (round robin); "
                       "`rising` = every page by the difficulty of its puzzles, killer and SE ratings on one scale "
                       "([book.md](book.md#mixed-order)). Not `sections`: no section heading pages, numbers run in "
                       "page order",
                       0, 0, {"sections", "interleave", "rising"}));
  // `hints: true` at the top is `answers: {hints: true}` (issue 28 names it so); the resolved
  // spec writes it under `answers` only.
  keys.push_back(custom(S::Top, "hints", "bool", "`false`", "the same as `answers.hints`",
                        [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                          if (auto b = r.boolean(n, path)) t.st.book.answers.hints = *b;
                        }));
  keys.back().omit = [](const View&) { return true; };
  keys.push_back(custom(
      S::Top, "seed", "whole, 0 .. 2^64-1", "",
      "puzzle i of section s is made from (seed, s, i): same seed, same book",
      [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
        unsigned long long v = 0;
        const std::string s = n.IsScalar() ? trimmed(n.Scalar()) : std::string();
        auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (!n.IsScalar() || s.empty() || ec != std::errc() || ptr != s.data() + s.size())
          r.error(n, path, "expected a whole number from 0 to 18446744073709551615, got " + describe(n));
        else
          t.st.book.seed = v;
      },
      [](YAML::Emitter& out, const View& v) { out << v.book.seed; }));
  keys.push_back(plain(S::Top, "dedup", Kind::Choice, &BookSpec::dedup,
                       "no two puzzles of a book alike: `canonical` = not even relabelled, reordered, rotated or "
                       "reflected (books); `exact` = only the very same givens count as alike, so small grids have "
                       "many more puzzles (worksheets); newspaper runs are always `canonical`",
                       0, 0, {"canonical", "exact"}));
  {
    Key cat = custom(
        S::Top, "catalogue", "path", "none",
        "SQLite catalogue of published puzzles, relative to the spec: the run never repeats one and "
        "records its own ([catalogue.md](catalogue.md))",
        [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
          auto text = r.nonempty_text(n, path);
          if (!text) return;
          const std::filesystem::path p(*text);
          t.st.book.catalogue = (p.is_absolute() ? p : std::filesystem::path(t.st.book.base_dir) / p)
                                    .lexically_normal()
                                    .string();
        },
        [](YAML::Emitter& out, const View& v) { out << spec_relative(v.book.catalogue, v.book.base_dir); });
    cat.omit = [](const View& v) { return v.book.catalogue.empty(); };
    keys.push_back(std::move(cat));
  }
  {
    Key ex = custom(
        S::Top, "exclude", "path, glob or list", "none",
        "files whose puzzles the book never repeats: manifests of earlier books (`NAME.json`, `NAME.csv`), "
        "puzzle files, catalogues; relative to the spec, globs such as `vol*.json` expand "
        "([catalogue.md](catalogue.md))",
        [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
          if (auto paths = exclude_paths(r, n, path, t.st.book.base_dir)) t.st.book.exclude = *paths;
        },
        [](YAML::Emitter& out, const View& v) { emit_paths(out, v.book.exclude, v.book.base_dir); });
    ex.omit = [](const View& v) { return v.book.exclude.empty(); };
    keys.push_back(std::move(ex));
  }
  // Found and applied before the spec's other keys (loader.cpp); a profile cannot name one.
  keys.push_back(custom(S::Top, "profile", "text", "none", "a profile name or a path to a `.yaml` file",
                        [](Reader&, const YAML::Node&, const std::string&, Target&) {}));
  keys.push_back(mapping("page", S::Page, "mapping", "see below", ""));
  keys.push_back(mapping("theme", S::Theme, "mapping", "see below", ""));
  keys.push_back(custom(
      S::Top, "bands", "mapping", "see below", "difficulty names -> SE rating ranges (and clue ranges)",
      [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
        if (!n.IsMap()) {
          r.error(n, path,
                  "expected a mapping of band names to SE ranges (e.g. easy: [1.0, 1.5]), got " + describe(n));
          return;
        }
        std::set<std::string> seen;
        for (auto it = n.begin(); it != n.end(); ++it) {
          if (!it->first.IsScalar()) {
            r.error(it->first, path, "band names must be plain names, got " + describe(it->first));
            continue;
          }
          const std::string name = it->first.Scalar();
          const std::string full = child(path, name);
          if (!seen.insert(name).second) {
            r.error(it->first, full, "duplicate key");
            continue;
          }
          if (!it->second.IsMap()) {
            if (auto range = r.range(it->second, full, 0, kMaxRating, false, false)) {
              t.st.band_overrides[name] = *range;
              t.st.locs[full] = r.loc(it->second);
            }
            continue;
          }
          // {rating: [A, B], clues: [C, D]}: either may be left out for a default band.
          bool has_rating = false;
          for (auto kv = it->second.begin(); kv != it->second.end(); ++kv) {
            const std::string key = kv->first.IsScalar() ? kv->first.Scalar() : std::string();
            const std::string sub = child(full, key);
            if (key == "rating") {
              has_rating = true;
              if (auto range = r.range(kv->second, sub, 0, kMaxRating, false, false)) {
                t.st.band_overrides[name] = *range;
                t.st.locs[full] = r.loc(kv->second);
              }
            } else if (key == "clues") {
              if (auto range = r.range(kv->second, sub, 1, 256, true, true)) {
                t.st.book.band_clues[name] = {static_cast<int>(range->first), static_cast<int>(range->second)};
                t.st.locs[sub] = r.loc(kv->second);
              }
            } else {
              r.error(kv->first, sub, "unknown key" + suggestion(key, {"rating", "clues"}) +
                                          " (a band is a rating range, or {rating: [A, B], clues: [C, D]})");
            }
          }
          bool known = false;
          for (const DifficultyBand& d : kDefaultBands) known = known || d.name == name;
          if (!has_rating && !known)
            r.error(it->first, full, "a new band needs a rating range: " + name + ": {rating: [A, B]}");
        }
      },
      [](YAML::Emitter& out, const View& v) {
        out << YAML::BeginMap;
        for (const auto& [name, range] : v.book.bands) {
          out << YAML::Key << name << YAML::Value;
          const auto clues = v.book.band_clues.find(name);
          if (clues == v.book.band_clues.end()) {
            emit_range(out, range.first, range.second);
            continue;
          }
          out << YAML::Flow << YAML::BeginMap << YAML::Key << "rating" << YAML::Value;
          emit_range(out, range.first, range.second);
          out << YAML::Key << "clues" << YAML::Value << YAML::Flow << YAML::BeginSeq << clues->second.first
              << clues->second.second << YAML::EndSeq << YAML::EndMap;
        }
        out << YAML::EndMap;
      }));
  keys.push_back(custom(
      S::Top, "section_defaults", "mapping", "see below", "what each section starts from",
      [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
        read_section(r, n, path, t.st, t.st.defaults, true);
      },
      [](YAML::Emitter& out, const View& v) {
        emit_scope(out, Scope::Section, View{v.book, &v.book.section_defaults, true});
      }));
  keys.push_back(custom(
      S::Top, "sections", "list", "**required** (spec only)", "at least one",
      [](Reader& r, const YAML::Node& list, const std::string& path, Target& t) {
        State& st = t.st;
        st.sections_given = true;
        if (!list.IsSequence()) {
          r.error(list, path, "expected a list of sections (each starting with '- '), got " + describe(list));
        } else if (list.size() == 0) {
          r.error(list, path, "the book needs at least one section");
        } else {
          for (size_t i = 0; i < list.size(); ++i) {
            SectionState sec = st.defaults;
            sec.spec.key_marks.clear();
            const Loc l = r.loc(list[i]);
            sec.spec.mark = {l.line, l.col};
            read_section(r, list[i], "sections[" + std::to_string(i) + "]", st, sec, false);
            st.sections.push_back(std::move(sec));
          }
        }
      },
      [](YAML::Emitter& out, const View& v) {
        out << YAML::BeginSeq;
        // A class list's copies of the sections are made again from the names: the first child's.
        for (const auto& s : v.book.sections)
          if (s.child <= 0)
            emit_scope(out, Scope::Section, View{v.book, &s});
        out << YAML::EndSeq;
      }));
  keys.back().omit = [](const View& v) { return v.book.newspaper.enabled; };  // built from the dates
  keys.push_back(mapping("answers", S::Answers, "mapping or bool", "see below", "`answers: false` = no answer key",
                         [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                           if (read_bool_form(r, n, path, t.st.book.answers.enabled)) return;
                           Pending p;
                           Target at{t.st, nullptr, false, &p};
                           read_scope(r, Scope::Answers, n, path, at);
                           if (p.has_layout && p.per_page_node.has_value()) {
                             r.error(*p.per_page_node, child(path, "per_page"),
                                     "give either per_page or layout, not both");
                             t.st.answers_per_page.reset();
                           }
                         }));
  keys.push_back(mapping("front_matter", S::Front, "mapping or bool", "see below",
                         "`front_matter: false` = no title, how-to-play, techniques or contents page",
                         [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                           FrontMatter& f = t.st.book.front;
                           if (n.IsScalar()) {  // front_matter: false turns every page off
                             if (auto b = r.boolean(n, path)) {
                               f.title_page = f.how_to_play = f.contents = *b;
                               if (!*b) f.techniques = f.cage_combinations = false;
                             }
                             return;
                           }
                           read_scope(r, Scope::Front, n, path, t);
                         }));
  keys.push_back(mapping("output", S::Output, "mapping", "see below", "",
                         [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                           Pending p;
                           Target ot{t.st, nullptr, false, &p};
                           read_scope(r, Scope::Output, n, path, ot);
                           const std::string& sh = p.shorthand;
                           if (!sh.empty() && n.IsMap() && (n["path"].IsDefined() || n["format"].IsDefined()))
                             r.error(n[sh], child(path, sh), "give either " + sh + " or path/format, not both");
                         }));
  keys.push_back(mapping("print", S::Print, "mapping", "see below", "print-production rules"));
  keys.push_back(mapping("cover", S::Cover, "mapping or bool", "off", "separate full-wrap cover PDF",
                         [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                           CoverSpec& c = t.st.book.cover;
                           if (read_bool_form(r, n, path, c.enabled)) return;
                           if (n.IsMap()) c.enabled = true;  // a mapping asks for a cover unless it says no
                           read_scope(r, Scope::Cover, n, path, t);
                         }));
  keys.push_back(mapping("newspaper", S::Newspaper, "mapping or bool", "off", "a run of dated puzzles, one file each",
                         [](Reader& r, const YAML::Node& n, const std::string& path, Target& t) {
                           NewspaperSpec& np = t.st.book.newspaper;
                           if (read_bool_form(r, n, path, np.enabled)) return;
                           if (n.IsMap()) np.enabled = true;
                           read_scope(r, Scope::Newspaper, n, path, t);
                         }));
  keys.push_back(mapping("worksheet", S::Worksheet, "mapping", "see below", "classroom header and rules box"));
  keys.push_back(mapping("killer", S::Killer, "mapping", "see below", "how killer cages are drawn"));
  keys.push_back(mapping("jigsaw", S::Jigsaw, "mapping", "see below", "how jigsaw regions are drawn"));
  return keys;
}

std::vector<Key> page_keys() {
  using S = Scope;
  std::vector<Key> keys;
  keys.push_back(custom(
      S::Page, "size", "preset name, or `{width: length, height: length}`", "",
      "presets below; case-insensitive, `6x9in` also works",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        PageSpec& p = t.st.book.page;
        if (v.IsMap()) {
          std::optional<double> w, h;
          r.fields(v, full, key_names(Scope::PageSize),
                   [&](const std::string& k, const YAML::Node& x, const std::string& f) {
                     auto len = r.length_mm(x, f);
                     if (len && *len <= 0) {
                       r.error(x, f, "must be greater than 0");
                       len.reset();
                     } else if (auto problem = len ? page_side_problem(*len) : std::nullopt) {
                       r.error(x, f, *problem);
                       len.reset();
                     }
                     (k == "width" ? w : h) = len;
                   });
          const bool given_w = v["width"].IsDefined(), given_h = v["height"].IsDefined();
          if (!given_w || !given_h)
            r.error(v, full, std::string("a custom size needs both width and height (missing ") +
                                 (given_w ? "height" : "width") + ")");
          if (w && h) {
            p.size_name = "custom";
            p.width = *w;
            p.height = *h;
            t.st.locs[full] = r.loc(v);
          }
        } else if (v.IsScalar()) {
          if (auto preset = find_page_preset(v.Scalar())) {
            p.size_name = std::string(preset->name);
            p.width = preset->width_mm;
            p.height = preset->height_mm;
            t.st.locs[full] = r.loc(v);
          } else {
            std::vector<std::string> names;
            for (const auto& pr : page_presets()) names.emplace_back(pr.name);
            r.error(v, full, "unknown page size '" + v.Scalar() + "'" + suggestion(v.Scalar(), names) +
                                 " (presets: " + join(names) + "; or give {width, height})");
          }
        } else {
          r.error(v, full, "expected a preset name such as 6x9 or A4, or {width, height}, got " + describe(v));
        }
      },
      [](YAML::Emitter& out, const View& v) {
        const PageSpec& p = v.book.page;
        if (p.size_name != "custom" && find_page_preset(p.size_name)) {
          out << p.size_name;
        } else {
          out << YAML::Flow << YAML::BeginMap << YAML::Key << "width" << YAML::Value << mm(p.width) << YAML::Key
              << "height" << YAML::Value << mm(p.height) << YAML::EndMap;
        }
      },
      kOwnLoc));
  keys.push_back(custom(
      S::Page, "orientation", "`portrait` \\| `landscape`", "as the size is given", "swaps width and height when needed",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        if (auto c = r.choice(v, full, {"portrait", "landscape"})) t.st.orientation = *c;
      },
      [](YAML::Emitter& out, const View& v) { out << (v.book.page.landscape ? "landscape" : "portrait"); }));
  Key margins = custom(
      S::Page, "margins", "length (all four), or mapping", "", "",
      [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
        PageSpec& p = t.st.book.page;
        if (v.IsScalar()) {
          if (auto len = r.length_mm(v, full)) {
            p.margins = {*len, *len, *len, *len};
            p.auto_gutter = false;
          }
          return;
        }
        read_scope(r, Scope::Margins, v, full, t);
      },
      [](YAML::Emitter& out, const View& v) { emit_scope(out, Scope::Margins, v, true); });
  margins.child = S::Margins;
  keys.push_back(std::move(margins));
  keys.push_back(plain(S::Page, "bleed", Kind::Bool, &PageSpec::bleed,
                       "print-on-demand bleed: page is trim + 0.125 in wide, + 0.25 in tall"));
  keys.push_back(plain(S::Page, "mirror_margins", Kind::Bool, &PageSpec::mirror_margins,
                       "`false` for single-sided printing: inside is always the left margin"));

  keys.push_back(custom(S::PageSize, "width", "length", "", "", {}));
  keys.push_back(custom(S::PageSize, "height", "length", "", "", {}));

  keys.push_back(plain(S::Margins, "top", Kind::Length, &Margins::top, ""));
  keys.push_back(plain(S::Margins, "bottom", Kind::Length, &Margins::bottom, ""));
  keys.push_back(custom(
      S::Margins, "inside", "length or `auto`", "",
      "binding side; `auto` = chosen from the final page count by the print-on-demand gutter table "
      "(`PageSpec::auto_gutter`; `inside` then holds 0.375 in)",
      [](Reader& r, const YAML::Node& x, const std::string& f, Target& t) {
        PageSpec& p = t.st.book.page;
        if (x.IsScalar() && x.Scalar() == "auto") {
          p.auto_gutter = true;
          p.margins.inside = 0.375 * kMmPerInch;
          return;
        }
        if (auto len = r.length_mm(x, f)) {
          p.margins.inside = *len;
          p.auto_gutter = false;
        }
      },
      [](YAML::Emitter& out, const View& v) {
        const PageSpec& p = v.book.page;
        out << (p.auto_gutter ? std::string("auto") : mm(p.margins.inside));
      }));
  keys.push_back(plain(S::Margins, "outside", Kind::Length, &Margins::outside, ""));
  return keys;
}

std::vector<Key> theme_keys() {
  using S = Scope;
  using T = Theme;
  std::vector<Key> keys;
  keys.push_back(plain(S::Theme, "font", Kind::NonEmptyText, &T::font, "fontconfig family for body text and captions"));
  keys.push_back(plain(S::Theme, "digit_font", Kind::NonEmptyText, &T::digit_font, "grid digits"));
  keys.push_back(plain(S::Theme, "title_font", Kind::NonEmptyText, &T::title_font, "title page and headings"));
  keys.push_back(plain(S::Theme, "body_size", Kind::Points, &T::body_size, "", 4, 144));
  keys.push_back(plain(S::Theme, "caption_size", Kind::Points, &T::caption_size, "", 4, 144));
  keys.push_back(plain(S::Theme, "heading_size", Kind::Points, &T::heading_size, "section heading pages", 4, 144));
  keys.push_back(plain(S::Theme, "title_size", Kind::Points, &T::title_size, "title page", 4, 144));
  keys.push_back(plain(S::Theme, "digit_scale", Kind::Number, &T::digit_scale, "digit height / cell size", 0.3, 0.9));
  Key thin = plain(S::Theme, "thin_line", Kind::Points, &T::thin_line,
                   "cell lines; below 0.75 pt is refused (print minimum)", 0.75, 10);
  thin.read = [](Reader& r, const YAML::Node& v, const std::string& full, Target& t) {
    if (!v.IsScalar()) {
      r.points(v, full, 0, 0);  // reports the type error
    } else if (auto p = parse_points(v.Scalar()); p && *p < 0.75) {
      r.error(v, full, fmt(*p) + " pt is below the 0.75 pt minimum for print");
    } else if (auto pt = r.points(v, full, 0.75, 10)) {
      t.st.book.theme.thin_line = *pt;
    }
  };
  keys.push_back(std::move(thin));
  keys.push_back(plain(S::Theme, "box_line", Kind::Points, &T::box_line, "must be heavier than `thin_line`", 0.75, 20));
  keys.push_back(
      plain(S::Theme, "border_line", Kind::Points, &T::border_line, "must be at least `box_line`", 0.75, 20));
  keys.push_back(plain(S::Theme, "grey_givens", Kind::Number, &T::grey_givens, "grey level of givens (0 = black)", 0, 1));
  keys.push_back(plain(S::Theme, "answer_fill_grey", Kind::Number, &T::answer_fill_grey,
                       "grey of the solved (non-given) digits in answer keys", 0, 1));
  keys.push_back(plain(S::Theme, "running_head", Kind::Bool, &T::running_head,
                       "book or section title at the top of puzzle pages"));
  keys.push_back(plain(S::Theme, "page_numbers", Kind::Bool, &T::page_numbers, "outer corner"));
  keys.push_back(plain(S::Theme, "caption", Kind::Template, &T::caption,
                       "under each puzzle; `{number}` `{label}` `{rating}` `{clues}` `{section}` `{grid}` `{page}` "
                       "`{answer_page}` `{stars}` `{level}` `{variant}` ([layout.md](layout.md))"));
  keys.push_back(plain(S::Theme, "answer_caption", Kind::Template, &T::answer_caption, "under each answer"));
  keys.push_back(plain(S::Theme, "min_digit_size", Kind::Points, &T::min_digit_size,
                       "> 0: grid digits must be at least this big (large print)", 0, 72));
  return keys;
}

}  // namespace

const std::vector<Key>& schema() {
  static const std::vector<Key> keys = [] {
    std::vector<Key> all;
    for (auto part : {top_keys(), page_keys(), theme_keys(), section_keys(), book_part_keys(), newspaper_keys()})
      for (auto& k : part) all.push_back(std::move(k));
    return all;
  }();
  return keys;
}

std::vector<const Key*> keys_of(Scope scope) {
  std::vector<const Key*> out;
  for (const Key& k : schema())
    if (k.scope == scope) out.push_back(&k);
  return out;
}

std::vector<std::string> key_names(Scope scope, bool section_defaults) {
  std::vector<std::string> out;
  for (const Key* k : keys_of(scope))
    if (!(section_defaults && (k->flags & kNotInDefaults))) out.emplace_back(k->name);
  return out;
}

std::string_view home_name(Scope scope) {
  switch (scope) {
    case Scope::Page: return "page";
    case Scope::Margins: return "page.margins";
    case Scope::Theme: return "theme";
    case Scope::Section: return "each section (or section_defaults)";
    case Scope::Answers: return "answers";
    case Scope::Front: return "front_matter";
    case Scope::Output: return "output";
    case Scope::Print: return "print";
    case Scope::Cover: return "cover";
    case Scope::Newspaper: return "newspaper";
    case Scope::Worksheet: return "worksheet";
    case Scope::Killer: return "killer";
    case Scope::Jigsaw: return "jigsaw";
    default: return {};
  }
}

const std::vector<Scope>& home_scopes() {
  static const std::vector<Scope> scopes = {Scope::Page,   Scope::Margins, Scope::Theme,     Scope::Section,
                                            Scope::Answers, Scope::Front,  Scope::Output,    Scope::Print,
                                            Scope::Cover,  Scope::Newspaper, Scope::Worksheet, Scope::Killer,
                                            Scope::Jigsaw};
  return scopes;
}

void read_scope(Reader& r, Scope scope, const YAML::Node& map, const std::string& path, Target& t) {
  const std::vector<const Key*> keys = keys_of(scope);
  r.fields(map, path, key_names(scope, t.section_defaults),
           [&](const std::string& name, const YAML::Node& v, const std::string& full) {
             const Key* k = *std::find_if(keys.begin(), keys.end(), [&](const Key* x) { return x->name == name; });
             if (scope != Scope::Section && !(k->flags & kOwnLoc)) t.st.locs[full] = r.loc(v);
             k->read(r, v, full, t);
             if (scope == Scope::Section) {
               const Loc l = r.loc(v);
               t.sec->locs[name] = l;
               if (!t.section_defaults && !r.is_profile()) t.sec->spec.key_marks[name] = {l.line, l.col};
             }
           });
}

void emit_scope(YAML::Emitter& out, Scope scope, const View& v, bool flow) {
  if (flow) out << YAML::Flow;
  out << YAML::BeginMap;
  for (const Key* k : keys_of(scope)) {
    if (!k->emit || (v.section_defaults && (k->flags & kNotInDefaults)) || (k->omit && k->omit(v))) continue;
    out << YAML::Key << std::string(k->name) << YAML::Value;
    k->emit(out, v);
  }
  out << YAML::EndMap;
}

void Reader::apply(const YAML::Node& root, State& st) {
  // Collect the top-level keys first, then apply them in the schema's order (sections last: they
  // start from section_defaults).
  std::map<std::string, YAML::Node> given;
  if (!fields(root, "", key_names(Scope::Top),
              [&](const std::string& key, const YAML::Node& v, const std::string&) { given.emplace(key, v); })) {
    st.root_is_map = false;
    return;
  }
  for (const auto& [key, v] : given) st.locs[key] = loc(key_node(root, key));
  if (is_profile_) {
    if (given.count("profile")) error(key_node(root, "profile"), "profile", "a profile cannot name another profile");
    if (given.count("sections"))
      error(key_node(root, "sections"), "sections", "not allowed in a profile (sections belong in the book spec)");
  }
  Target t{st};
  for (const Key* k : keys_of(Scope::Top)) {
    if (k->name == "sections") continue;
    if (auto it = given.find(std::string(k->name)); it != given.end()) k->read(*this, it->second, it->first, t);
  }
  if (auto it = given.find("sections"); it != given.end() && !is_profile_) {
    const std::vector<const Key*> top = keys_of(Scope::Top);
    (*std::find_if(top.begin(), top.end(), [](const Key* k) { return k->name == "sections"; }))
        ->read(*this, it->second, it->first, t);
  }
}

}  // namespace gp::spec::detail
