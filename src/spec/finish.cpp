// Checks on the merged result of defaults, profile and spec, where keys of different mappings meet
// (margins against the page size, line weights, print-on-demand and newspaper rules, clue counts
// against grid and symmetry), and the conversions that wait for them (orientation, per_page, the
// days of a newspaper run). Each problem points at the key that was set last.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>
#include <tuple>

#include "core/numbering.hpp"
#include "core/symmetry.hpp"
#include "core/variants.hpp"
#include "spec/limits.hpp"
#include "spec/reader.hpp"
#include "spec/schema_build.hpp"
#include "spec/symbols.hpp"

namespace gp::spec::detail {

namespace fs = std::filesystem;

// Checks on the merged result and the pending conversions (orientation, per_page).
void finish(State& st, const std::string& spec_file, bool is_spec, std::vector<Diagnostic>& diags) {
  BookSpec& b = st.book;
  // Reports `key: message` where `key` was set, else where `fallback` was, else at the file.
  auto at_or = [&](const std::string& key, const std::string& fallback, const std::string& message) {
    auto it = st.locs.find(key);
    if (it == st.locs.end()) it = st.locs.find(fallback);
    Loc l = it != st.locs.end() ? it->second : Loc{spec_file, 0, 0};
    diags.push_back(Diagnostic::keyed(l.file, l.line, l.col, key, message));
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

  // Worksheet levels name bands that exist.
  for (const auto& [band, level] : b.worksheet.levels)
    if (!b.bands.count(band) && st.locs.count("worksheet.levels." + band))
      at("worksheet.levels." + band, "unknown difficulty '" + band + "'" + suggestion(band, band_names) +
                                         " (bands: " + join(band_names) + ")");

  // Newspaper run: text size floor, file names, and one section per day from section_defaults.
  NewspaperSpec& np = b.newspaper;
  std::map<std::string, SectionState> weekday_templates;  // newspaper.weekdays: the weekdays given
  if (np.enabled) {
    for (auto [name, size] : {std::pair{"body_size", t.body_size}, std::pair{"caption_size", t.caption_size}})
      if (size < 9)
        at_or(std::string("theme.") + name, "newspaper",
              fmt(size) + " pt is below the 9 pt minimum for newspaper text");
    for (const auto& [day, band] : np.weekday_difficulty)
      if (!b.bands.count(band))
        at_or("newspaper.weekday_difficulty." + day, "newspaper",
              "unknown difficulty '" + band + "'" + suggestion(band, band_names) + " (bands: " + join(band_names) + ")");
    if (b.dedup != "canonical")
      at_or("dedup", "newspaper", "a newspaper run never repeats a puzzle in any form: leave dedup at canonical");
    if (np.file_name == np.solution_file_name)
      at_or("newspaper.solution_file_name", "newspaper", "must differ from newspaper.file_name");
    if (np.days > 1)
      for (auto [key, tmpl] : {std::pair{"file_name", np.file_name}, std::pair{"solution_file_name", np.solution_file_name},
                               std::pair{"feed_file_name", np.feed_file_name}})
        if (!tmpl.empty() && tmpl.find("{date}") == std::string::npos && tmpl.find("{number}") == std::string::npos)
          at_or(std::string("newspaper.") + key, "newspaper",
                "must contain {date} or {number} so that each day gets its own file");
    if (np.days > 1)
      for (auto [key, tmpl] : {std::pair{"link_name", np.link_name}, std::pair{"solution_link_name", np.solution_link_name}})
        if (!tmpl.empty() && tmpl.find('{') == std::string::npos)
          at_or(std::string("newspaper.") + key, "newspaper",
                "'" + tmpl + "' would name every day's file alike: use it with days: 1, or name the day "
                "(e.g. '" + tmpl + "-{weekday}')");
  }
  if (np.enabled && is_spec) {
    if (np.width <= 0)
      at_or("newspaper.width", "newspaper", "missing (the exact width of each puzzle file, e.g. 11.5pc or 48mm)");
    if (st.sections_given)
      at("sections", "not used with newspaper: each day's puzzle is built from section_defaults");
    np.start_date_given = !np.start_date.empty();
    np.start_number_given = st.locs.count("newspaper.start_number") > 0;
    if (static_cast<std::int64_t>(np.start_number) + np.days - 1 > kMaxPuzzleNumber)
      at("newspaper.start_number",
         "the last day's number, " + std::to_string(static_cast<std::int64_t>(np.start_number) + np.days - 1) +
             " (" + std::to_string(np.days) + " days from " + std::to_string(np.start_number) + ")," +
             past_max_number_text());
    // With a catalogue a run may continue from its last day and number (book/newspaper.cpp dates
    // the days again); until then they are built from a stand-in date.
    // The section of each weekday: section_defaults, then its weekday_difficulty, then
    // newspaper.weekdays.<day> (profile first, then the spec).
    for (const auto& [key, name] : {std::pair{"difficulty", "band"}, std::pair{"rating", "rating"}})
      if (auto l = st.defaults.locs.find(key); l != st.defaults.locs.end() && l->second.line > 0)
        diags.push_back(Diagnostic::keyed(l->second.file, l->second.line, l->second.col,
                         std::string("section_defaults.") + key, std::string("a newspaper run takes each day's ") + name +
                             " from newspaper.weekday_difficulty (Monday easy ... Sunday expert); give it there "
                             "or for one weekday in newspaper.weekdays (sunday: {" + key + ": ...})"));
    for (const std::string& wd : weekday_names()) {
      SectionState sec = st.defaults;
      sec.spec.key_marks.clear();
      if (auto l = st.locs.find("newspaper"); l != st.locs.end() && l->second.file == spec_file)
        sec.spec.mark = {l->second.line, l->second.col};
      if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) {
        sec.spec.difficulty = it->second;
        sec.spec.rating.reset();
        sec.locs.erase("rating");
        if (auto l = st.locs.find("newspaper.weekday_difficulty." + wd); l != st.locs.end())
          sec.locs["difficulty"] = l->second;
      }
      bool given = false;
      for (const State::WeekdayNode& w : st.weekday_nodes) {
        if (w.weekday != wd) continue;
        Reader r(w.file, diags, w.is_profile);
        const std::string path = "newspaper.weekdays." + wd;
        if (!w.is_profile) {
          const Loc l = r.loc(w.node);
          sec.spec.mark = {l.line, l.col};
        }
        read_section(r, w.node, path, st, sec, false);
        if (w.node.IsMap())
          for (const auto& kv : w.node) {
            std::vector<std::string>& keys = np.weekday_keys[wd];
            const std::string key = kv.first.Scalar();
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
          }
        for (const char* key : {"name", "count", "blank", "per_page", "layout", "heading_page", "order", "spread",
                                "number_from", "dedup"})
          if (w.node[key].IsDefined())
            r.error(w.node[key], path + "." + key,
                    "is not for a newspaper day (each day is one puzzle in its own file, named by "
                    "newspaper.file_name)");
        given = true;
      }
      if (given) weekday_templates.emplace(wd, std::move(sec));
    }
    const bool from_catalogue = np.start_date.empty() && !b.catalogue.empty();
    if (np.start_date.empty() && !st.bad_start_date && !from_catalogue)
      at_or("newspaper.start_date", "newspaper",
            "missing (the date of the first puzzle, e.g. 2026-03-02; or a catalogue to continue from)");
    if (auto start = parse_day(from_catalogue ? std::string("2000-01-03") : np.start_date)) {
      st.sections.clear();
      // The days the paper publishes (newspaper.skip left out), from the first one on start_date.
      std::chrono::sys_days day = *parse_day(publishing_day_from(np, from_catalogue ? "2000-01-03" : np.start_date));
      for (int i = 0; i < np.days; ++i) {
        if (i > 0) {
          const std::chrono::year_month_day ymd{day};
          char text[16];
          std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                        static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
          day = *parse_day(next_publishing_day(np, text));
        }
        const std::chrono::year_month_day ymd{day};
        char date[16];
        std::snprintf(date, sizeof date, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                      static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
        const std::string wd = weekday_names()[std::chrono::weekday{day}.c_encoding()];
        auto tmpl = weekday_templates.find(wd);
        SectionState sec = tmpl != weekday_templates.end() ? tmpl->second : st.defaults;
        SectionSpec& s = sec.spec;
        if (tmpl == weekday_templates.end()) s.key_marks.clear();
        s.count = 1;
        s.date = date;
        s.weekday = wd;
        s.weekday[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s.weekday[0])));
        s.number = np.start_number + i;
        s.name = s.weekday + " " + s.date;
        s.heading_page = false;
        if (tmpl == weekday_templates.end()) {
          if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) {
            s.difficulty = it->second;
            s.rating.reset();
            if (auto l = st.locs.find("newspaper.weekday_difficulty." + wd); l != st.locs.end())
              sec.locs["difficulty"] = l->second;
          }
          if (auto l = st.locs.find("newspaper"); l != st.locs.end() && l->second.file == spec_file)
            s.mark = {l->second.line, l->second.col};
        }
        st.sections.push_back(std::move(sec));
      }
    }
  } else if (is_spec && !st.sections_given && st.root_is_map) {
    diags.push_back(Diagnostic::keyed(spec_file, 0, 0, "sections", "missing (the book needs at least one section)"));
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
      diags.push_back(Diagnostic::keyed(l.file, l.line, l.col, path + "." + key, message));
    };
    if (sec.per_page) {
      auto [c, r] = per_page_layout(*sec.per_page, p.landscape);
      s.columns = c;
      s.rows = r;
      s.per_page = 0;
      // A count without a good rectangle (3, 5, 7 on a tall page: one column of small grids) takes
      // a fuller arrangement with the last row part-filled when its slots are at least 10% larger
      // (slot side = the smaller of the live area's width per column and height per row).
      const int n = *sec.per_page;
      const double w = p.width - p.margins.inside - p.margins.outside;
      const double h = p.height - p.margins.top - p.margins.bottom;
      auto side = [&](int cc, int rr) { return std::min(w / cc, h / rr); };
      double best = side(c, r) * 1.1;
      for (int cc = 1; cc <= std::min(n, 8); ++cc) {
        const int rr = (n + cc - 1) / cc;
        if (cc * rr == n || rr > 8 || side(cc, rr) <= best) continue;
        best = side(cc, rr);
        s.columns = cc;
        s.rows = rr;
        s.per_page = n;
      }
    }
    // The section's variant (the reader refused an unknown name; classic stands in after that).
    const VariantDef& def = find_variant_def(s.variant) ? *find_variant_def(s.variant) : variant_def(Variant::kClassic);
    const Variant variant = def.variant;
    const std::string name(def.name);
    // A Latin variant (futoshiki) whose size came from the defaults (9x9 with boxes, or a grid
    // read before the variant was known) plays that size without boxes; a box key is refused.
    if (def.latin && !s.shape.latin() && !sec.locs.count("box"))
      if (auto shape = latin_shape(s.shape.n())) s.shape = *shape;
    // {variant} in a section's name: the variant's title, so headings, running heads and contents
    // name it ("{variant} for beginners": "Killer Sudoku for beginners").
    for (std::size_t pos; (pos = s.name.find("{variant}")) != std::string::npos;)
      s.name.replace(pos, 9, variant_title(def.name));
    if (def.multi_grid) {  // a board of several grids fills the page: one a page
      if (s.columns * s.rows != 1 && (s.key_marks.count("per_page") || s.key_marks.count("layout")))
        sec_at(s.key_marks.count("per_page") ? "per_page" : "layout",
               "a " + name + " section prints one puzzle a page (its board is " +
                   std::to_string(dug_board(variant, s.shape).layout_cols) + " cells wide): use per_page: 1");
      s.columns = s.rows = 1;
      s.per_page = 0;
    }
    // The options that are some variant's own (regions, givens), set for a variant without them.
    if (s.regions != "random" && !has_option(def, "regions"))
      sec_at("regions", "'" + s.regions + "' layouts are for " + std::string(variant_option("regions").first->name) +
                            " sections only (variant " + name + " has no regions to lay out)");
    if (s.givens != "none" && !has_option(def, "givens"))
      sec_at("givens", "'givens: " + s.givens + "' is for " + std::string(variant_option("givens").first->name) +
                           " sections only (a " + name + " puzzle's givens are its clues)");
    if (def.own_scale && s.rating)
      sec_at("rating", name + " sections take a difficulty name (easy ... fiendish: it sets the cage sizes), not an "
                              "SE rating");
    if (auto why = variant_size_problem(variant, s.shape); !why.empty()) sec_at("variant", why);
    if (!def.any_fill && s.fill != "random")
      sec_at("fill", "fill '" + s.fill + "' is for classic Sudoku only: variant " + name + " uses random");
    if (auto why = symbols_problem(s)) sec_at("symbols", *why);
    if (!s.rules_text.empty() && !b.worksheet.rules_box && sec.locs.count("rules_text"))
      sec_at("rules_text", "there is no rules box to put it in: set worksheet.rules_box (true or every_page)");
    if (!s.difficulty.empty() && !b.bands.count(s.difficulty))
      sec_at("difficulty", "unknown difficulty '" + s.difficulty + "'" + suggestion(s.difficulty, band_names) +
                               " (bands: " + join(band_names) + ")");
    if (s.clues_max > 0) {
      const Board& board = dug_board(variant, s.shape);
      const int cells = board.cells;
      const std::string grid = grid_name(variant, s.shape);
      const std::string asked = s.clues_min == s.clues_max
          ? std::to_string(s.clues_max) + " clues"
          : std::to_string(s.clues_min) + "-" + std::to_string(s.clues_max) + " clues";
      const MinimumClues least = minimum_clues(s.shape, variant);
      const int min = least.count;
      if (s.clues_max >= cells) {
        sec_at("clues", asked + " do not fit a " + grid + " grid (" + std::to_string(cells) +
                            " cells; at most " + std::to_string(cells - 1) + " clues)");
      } else if (s.clues_max < min) {
        sec_at("clues", "a " + grid + " puzzle with " + asked + " cannot have a unique solution (" +
                            (least.exact ? std::to_string(min) + " is the proven minimum"
                                         : "it needs at least " + std::to_string(min) + ": " + std::string(least.why)) +
                            ")");
      } else if (auto sym = parse_symmetry(s.symmetry); sym && *sym != Symmetry::kNone) {
        const auto ok = board_reachable_counts(board, *sym);
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
  // Each weekday the spec shapes is checked once, at its keys, even when the run has no such day.
  for (auto& [wd, sec] : weekday_templates) {
    const size_t first = diags.size();
    check_section(sec, "newspaper.weekdays." + wd);
    for (size_t i = first; i < diags.size(); ++i) reported.insert({diags[i].file, diags[i].line, diags[i].col});
    np.weekdays[wd] = sec.spec;
  }
  for (size_t i = 0; i < st.sections.size(); ++i) {
    const size_t first = diags.size();
    check_section(st.sections[i], "sections[" + std::to_string(i) + "]");
    diags.erase(std::remove_if(diags.begin() + static_cast<std::ptrdiff_t>(first), diags.end(),
                               [&](const Diagnostic& d) { return reported.count({d.file, d.line, d.col}) > 0; }),
                diags.end());
    b.sections.push_back(std::move(st.sections[i].spec));
  }
  // section_pages: false drops the heading pages of every section that does not ask for its own.
  if (!b.section_pages)
    for (SectionSpec& s : b.sections)
      if (!s.key_marks.count("heading_page")) s.heading_page = false;
  // One bound on the work of a run: the puzzles of all sections, times the class list's names.
  // Reported at the section whose count passes it, or at the class list that multiplies past it.
  if (is_spec) {
    long long total = 0;
    std::optional<size_t> passed;  // the section whose count takes the total past the bound
    for (size_t i = 0; i < b.sections.size(); ++i) {
      total += b.sections[i].count;
      if (total > kMaxPuzzlesPerRun && !passed) passed = i;
    }
    const long long names = np.enabled ? 0 : static_cast<long long>(b.worksheet.names.size());
    const std::string bound = "a run makes at most " + std::to_string(kMaxPuzzlesPerRun) +
                              " puzzles (docs/spec.md, Limits): split it into several books";
    if (passed) {
      const SectionState& sec = st.sections[*passed];
      const auto it = sec.locs.find("count");
      const Loc l = it != sec.locs.end() ? it->second : Loc{spec_file, sec.spec.mark.line, sec.spec.mark.col};
      diags.push_back(Diagnostic::keyed(l.file, l.line, l.col, "sections[" + std::to_string(*passed) + "].count",
                       "the " + std::to_string(b.sections.size()) +
                           " sections make " + std::to_string(total) + " puzzles; " + bound));
    } else if (names > 0 && total * names > kMaxPuzzlesPerRun) {
      at(st.locs.count("worksheet.names") ? "worksheet.names" : "worksheet.names_file",
            std::to_string(names) + " names x " + std::to_string(total) + " puzzles each make " +
                std::to_string(total * names) + " puzzles; " + bound);
    }
  }
  // The header's Class and Date lines, filled in: the header must have them.
  for (auto [key, field, value] : {std::tuple{"worksheet.class", "class", &b.worksheet.class_name},
                                   std::tuple{"worksheet.date", "date", &b.worksheet.date}}) {
    if (value->empty() || !st.locs.count(key)) continue;
    bool has = false;
    for (std::string f : b.worksheet.header_fields) {
      for (char& c : f) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      has = has || f == field;
    }
    if (!b.worksheet.header)
      at(key, "the sheets have no header to write it in: set worksheet.header: true");
    else if (!has)
      at(key, std::string("the header has no ") + (field[0] == 'c' ? "Class" : "Date") + " field (header_fields: " +
                  join(b.worksheet.header_fields) + "): add one, or leave " + key + " out");
  }
  if (b.worksheet.duplex && st.locs.count("worksheet.duplex") && b.worksheet.names.empty())
    at("worksheet.duplex", "is for a class list (worksheet.names or names_file): each child's sheets start on a "
                           "front page");
  // worksheet.split: per_child makes a file a child, so it needs the children, and their files
  // must not carry the answers (they go in the one answers file for the class).
  if (b.front.cage_combinations && st.locs.count("front_matter.cage_combinations") &&
      std::none_of(b.sections.begin(), b.sections.end(),
                   [](const SectionSpec& s) { return s.variant.find("killer") != std::string::npos; }))
    at("front_matter.cage_combinations", "the book has no killer section: a table of cage sums helps only with cages");
  // Worked solutions name puzzles of the book.
  const bool plain_numbers = std::all_of(b.sections.begin(), b.sections.end(), [](const SectionSpec& sec) {
    return sec.number <= 0 && sec.number_from <= 0 && sec.pupil.empty();
  });
  if (!b.answers.explained_numbers.empty() && !np.enabled && plain_numbers) {
    long long total = 0;
    for (const SectionSpec& sec : b.sections)
      if (!sec.blank) total += sec.count;
    for (int n : b.answers.explained_numbers)
      if (n > total) {
        at("answers.explained", "puzzle " + std::to_string(n) + " is not in the book (its puzzles are numbered 1 to " +
                                    std::to_string(total) + ")");
        break;
      }
  }
  if ((b.answers.explained > 0 || !b.answers.explained_numbers.empty()) && np.enabled)
    at("answers.explained", "a newspaper run writes one file a puzzle and its solution files: it has no worked "
                            "solutions (leave it out)");
  // A newspaper run writes a file a puzzle and its own solution files: no book page to hold hints.
  if (b.answers.hints && np.enabled) {
    const char* key = st.locs.count("answers.hints") ? "answers.hints" : "hints";
    at(key, "a newspaper run writes one file a puzzle and its solution files: it has no hints page (leave it out)");
  }
  if (b.worksheet.cutouts && b.worksheet.duplex && st.locs.count("worksheet.cutouts"))
    at("worksheet.cutouts", "cut-out pages are cut up: print them single-sided (worksheet.duplex would put a "
                            "puzzle on their back)");
  if (is_spec && b.worksheet.split == "per_child") {
    if (b.worksheet.names.empty())
      at("worksheet.split", "per_child is for a class list (worksheet.names or names_file): a file for each child");
    else if (np.enabled)
      at("worksheet.split", "per_child is for worksheets, not for a newspaper run");
    else if (b.answers.enabled && b.answers.placement != "separate")
      at("worksheet.split", "per_child writes the answers as one file for the class: set answers.placement: "
                            "separate (or answers.enabled: false), so no child's file carries the answers");
    else if (b.front.contents)
      at("worksheet.split", "per_child: a child's file has no contents page; set front_matter.contents: false");
    else if (b.print.rules == "kdp")
      at("worksheet.split", "per_child: a print-on-demand book (print.rules: kdp) is one file");
  }
  if (st.locs.count("worksheet.names") && st.locs.count("worksheet.names_file"))
    at("worksheet.names_file", "give worksheet.names or worksheet.names_file, not both");
  // A book-level order other than `sections` deals the sections' pages together: there is no run
  // of one section to head, to number on its own or to follow with its answers.
  if (is_spec && b.order != "sections") {
    const std::string why = "order: " + b.order + " deals the sections' pages together, so there is no run of one section";
    if (np.enabled) {
      at("order", "is for a book's sections, not for a newspaper run (each day is a file of its own)");
    } else if (!b.worksheet.names.empty()) {
      at("order", "is not for a class list (worksheet.names): each child's sheets keep the sections in the spec's order");
    } else {
      if (b.answers.enabled && b.answers.placement == "after-section")
        at("answers.placement", "after-section cannot follow a section: " + why +
                                    " to put its answers after; use end or separate (or order: sections)");
      for (size_t i = 0; i < b.sections.size() && i < st.sections.size(); ++i) {
        SectionSpec& s = b.sections[i];
        auto sec_key = [&](const std::string& key, const std::string& message) {
          auto it = st.sections[i].locs.find(key);
          Loc l = it != st.sections[i].locs.end() ? it->second : Loc{spec_file, s.mark.line, s.mark.col};
          diags.push_back(
              Diagnostic::keyed(l.file, l.line, l.col, "sections[" + std::to_string(i) + "]." + key, message));
        };
        if (s.key_marks.count("heading_page") && s.heading_page)
          sec_key("heading_page", "true asks for a heading page, but " + why +
                                      " to head: leave it out (the how-to-play pages explain each variant) or use "
                                      "order: sections");
        if (s.key_marks.count("number_from") && s.number_from > 0)
          sec_key("number_from", "numbers a section on its own, but " + why +
                                     ": the puzzles are numbered through the book in page order");
        s.heading_page = false;
      }
    }
  }
  // A class list: the sections once per child, in the list's order (checked once, above).
  if (is_spec && !b.worksheet.names.empty()) {
    if (np.enabled) {
      at_or("worksheet.names", "worksheet.names_file", "is for worksheets, not for a newspaper run");
    } else {
      std::vector<SectionSpec> per_child;
      per_child.reserve(b.worksheet.names.size() * b.sections.size());
      for (std::size_t c = 0; c < b.worksheet.names.size(); ++c)
        for (const SectionSpec& s : b.sections) {
          per_child.push_back(s);
          per_child.back().pupil = b.worksheet.names[c];
          per_child.back().child = static_cast<int>(c);
        }
      b.sections = std::move(per_child);
    }
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
  for (const auto& [key, l] : st.locs) b.key_places[key] = {l.file, l.line, l.col};
}

}  // namespace gp::spec::detail
