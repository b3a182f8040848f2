// Tests for src/spec: the YAML book spec, its error messages, profiles, units and defaults.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/symmetry.hpp"
#include "core/variants.hpp"
#include "generator/fill.hpp"
#include "grader/grader.hpp"
#include "spec/limits.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using gp::spec::BookSpec;
using gp::spec::LoadOptions;

namespace {

const std::string kData = std::string(GRIDPRESS_TEST_DATA) + "/specs";
const std::string kSource = GRIDPRESS_SOURCE_DIR;

// Options that look only in tests/data/specs/profiles (plus the spec's folder).
LoadOptions test_options() {
  LoadOptions o;
  o.use_environment = false;
  o.use_builtin_dirs = false;
  o.profile_dirs = {kData + "/profiles"};
  return o;
}

// "line:col: message" for each diagnostic of parsing `yaml` (empty when it parses).
std::vector<std::string> problems(const std::string& yaml) {
  auto r = gp::spec::parse_book_spec(yaml, kData + "/profiles/inline.yaml", test_options());
  std::vector<std::string> out;
  if (r) return out;
  for (const auto& d : r.error().diagnostics)
    out.push_back(std::to_string(d.line) + ":" + std::to_string(d.col) + ": " + d.message);
  return out;
}


}  // namespace

TEST_CASE("bad specs give the exact message for each kind of mistake", "[spec][errors]") {
  struct Row {
    std::string yaml;
    std::string expected;
  };
  const std::vector<Row> rows = {
      // wrong types
      {"sections:\n  - name: A\n  - count: ten\n",
       "3:12: sections[1].count: expected a whole number, got 'ten'"},
      {"sections:\n  - minimal: maybe\n", "2:14: sections[0].minimal: expected true or false, got 'maybe'"},
      {"title: [a, b]\nsections:\n  - count: 1\n", "1:8: title: expected text, got a list"},
      {"seed: -3\nsections:\n  - count: 1\n",
       "1:7: seed: expected a whole number from 0 to 18446744073709551615, got '-3'"},
      {"sections: {count: 1}\n",
       "1:11: sections: expected a list of sections (each starting with '- '), got a mapping"},
      {"page: A4\nsections:\n  - count: 1\n",
       "1:7: page: expected a mapping of keys (size, orientation, margins, bleed, mirror_margins), got 'A4'"},
      // unknown keys, with and without a suggestion
      {"sections:\n  - count: 1\n    perpage: 2\n", "3:5: sections[0].perpage: unknown key; did you mean 'per_page'?"},
      {"titel: X\nsections:\n  - count: 1\n", "1:1: titel: unknown key; did you mean 'title'?"},
      {"colour: red\nsections:\n  - count: 1\n", "1:1: colour: unknown key"},
      {"title: A\ntitle: B\nsections:\n  - count: 1\n", "2:1: title: duplicate key (first given on line 1)"},
      {"margins: 10mm\nsections:\n  - count: 1\n", "1:1: margins: unknown key; 'margins' belongs under page"},
      {"sections:\n  - count: 1\n    caption: x\n", "3:5: sections[0].caption: unknown key; 'caption' belongs under theme"},
      {"output: {pdf: a.pdf, path: b.pdf}\nsections:\n  - count: 1\n",
       "1:15: output.pdf: give either pdf or path/format, not both"},
      // values out of range
      {"sections:\n  - count: 0\n", "2:12: sections[0].count: must be between 1 and 100000, got 0"},
      {"sections:\n  - rating: [2, 15]\n", "2:13: sections[0].rating: must be between 0 and 12, got 2-15"},
      {"sections:\n  - clues: [24]\n",
       "2:12: sections[0].clues: expected a whole number, a range [A, B] or \"A-B\", got a list of 1 item"},
      {"sections:\n  - clues: [30, 24]\n",
       "2:12: sections[0].clues: range 30-24 is reversed (the smaller number comes first)"},
      {"theme: {thin_line: 0.5}\nsections:\n  - count: 1\n",
       "1:20: theme.thin_line: 0.5 pt is below the 0.75 pt minimum for print"},
      {"output: {png_dpi: 10}\nsections:\n  - count: 1\n",
       "1:19: output.png_dpi: must be between 36 and 2400, got 10"},
      {"worksheet: {rules_box: always}\nsections:\n  - count: 1\n",
       "1:24: worksheet.rules_box: expected true, false, first_page or every_page, got 'always'"},
      {"output: {color: cmyk}\nsections:\n  - count: 1\n",
       "1:17: output.color: unknown value 'cmyk' (choose from rgb, gray)"},
      {"sections:\n  - layout: 2by3\n",
       "2:13: sections[0].layout: expected columns x rows such as \"2x3\", got '2by3'"},
      // units and sizes
      {"page: {margins: {top: 12}}\nsections:\n  - count: 1\n",
       "1:23: page.margins.top: '12' needs a unit (mm, cm, in, pt or pc)"},
      {"page: {margins: {top: 12 furlongs}}\nsections:\n  - count: 1\n",
       "1:23: page.margins.top: unknown unit 'furlongs' in '12 furlongs' (use mm, cm, in, pt or pc)"},
      {"page: {size: 6x10}\nsections:\n  - count: 1\n",
       "1:14: page.size: unknown page size '6x10'; did you mean '7x10'? (presets: A4, A5, Letter, Legal, 5x8, "
       "5.06x7.81, 5.25x8, 5.5x8.5, 6x9, 6.14x9.21, 6.69x9.61, 7x10, 7.44x9.69, 7.5x9.25, 8x10, 8.25x6, "
       "8.25x8.25, 8.5x8.5, 8.5x11, 8.27x11.69; or give {width, height})"},
      {"page: {size: {width: 5in}}\nsections:\n  - count: 1\n",
       "1:14: page.size: a custom size needs both width and height (missing height)"},
      {"sections:\n  - grid: 10x10\n",
       "2:11: sections[0].grid: unsupported grid size 10x10 (supported: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16)"},
      {"sections:\n  - grid: 9x9\n    box: 2x4\n",
       "3:10: sections[0].box: box 2x4 does not tile a 9x9 grid (box rows x box cols must equal 9)"},
      // unknown names
      {"sections:\n  - symmetry: rotate190\n",
       "2:15: sections[0].symmetry: unknown value 'rotate190'; did you mean 'rotate180'? (choose from none, "
       "rotate180, rotate90, mirror, flip, diagonal, antidiagonal, dihedral)"},
      {"sections:\n  - variant: hypr\n",
       "2:14: sections[0].variant: unknown value 'hypr'; did you mean 'hyper'? (choose from classic, x, hyper, "
       "jigsaw, samurai, killer, even-odd, thermo, arrow, greater-than, consecutive, kropki, non-consecutive, anti-knight, "
       "anti-king, sandwich, futoshiki, kenken)"},
      {"sections:\n  - grid: 6x6\n    box: 3x2\n    variant: jigsaw\n",
       "4:14: sections[0].variant: jigsaw puzzles have regions instead of boxes: the box shape 3x2 does not apply "
       "(give the grid size alone)"},
      {"sections:\n  - variant: x\n    regions: symmetric\n",
       "3:14: sections[0].regions: 'symmetric' layouts are for jigsaw sections only (variant x has no regions to "
       "lay out)"},
      {"sections:\n  - grid: 6x6\n    variant: hyper\n",
       "3:14: sections[0].variant: hyper needs a 9x9 grid with 3x3 boxes (its four extra windows are 3x3 and sit "
       "between the boxes), not 6x6"},
      {"sections:\n  - difficulty: hardd\n",
       "2:17: sections[0].difficulty: unknown difficulty 'hardd'; did you mean 'hard'? (bands: easy, medium, "
       "hard, expert, fiendish)"},
      {"theme: {caption: \"{number} {lable}\"}\nsections:\n  - count: 1\n",
       "1:18: theme.caption: unknown placeholder {lable}; did you mean 'label'? (use {number} {label} {rating} "
       "{clues} {section} {grid} {page} {answer_page} {stars} {level} {variant})"},
      {"output: {creation_date: yesterday}\nsections:\n  - count: 1\n",
       "1:25: output.creation_date: expected an ISO 8601 date such as 2026-01-31 or 2026-01-31T09:00:00Z, got "
       "'yesterday'"},
      // impossible combinations
      {"sections:\n  - grid: 9x9\n    clues: 12\n",
       "3:12: sections[0].clues: a 9x9 puzzle with 12 clues cannot have a unique solution (17 is the proven "
       "minimum)"},
      {"sections:\n  - grid: 12x12\n    clues: 9\n",
       "3:12: sections[0].clues: a 12x12 puzzle with 9 clues cannot have a unique solution (it needs at least 11: "
       "two digits both absent from the givens could be swapped in any solution)"},
      {"sections:\n  - grid: 4x4\n    clues: 20\n",
       "3:12: sections[0].clues: 20 clues do not fit a 4x4 grid (16 cells; at most 15 clues)"},
      {"sections:\n  - grid: 6x6\n    clues: 25\n    symmetry: rotate180\n",
       "3:12: sections[0].clues: 25 clues cannot be arranged with rotate180 symmetry on a 6x6 grid; nearest "
       "possible: 24 or 26"},
      {"sections:\n  - difficulty: hard\n    rating: [2.6, 4]\n",
       "3:13: sections[0].rating: give either difficulty or rating, not both"},
      {"sections:\n  - per_page: 4\n    layout: 2x2\n",
       "2:15: sections[0].per_page: give either per_page or layout, not both"},
      {"theme: {box_line: 0.75}\nsections:\n  - count: 1\n",
       "1:19: theme.box_line: box lines (0.75 pt) must be heavier than cell lines (0.75 pt)"},
      {"page: {size: A5, margins: 70mm}\nsections:\n  - count: 1\n",
       "1:27: page.margins: inside + outside (140 mm) leave less than 20 mm of the 148 mm page width"},
      {"output: {path: book.pdf, format: svg}\nsections:\n  - count: 1\n",
       "1:34: output.format: 'svg' does not match the extension of output.path 'book.pdf'"},
      // print-on-demand and newspaper rules
      {"print: {rules: kdp}\ntheme: {caption_size: 6}\nsections:\n  - count: 1\n",
       "2:23: theme.caption_size: 6 pt is below the 7 pt minimum text size of the kdp rules"},
      {"print: {rules: kdp}\npage: {size: 6x9, margins: {top: 0.2in, bottom: 0.5in, inside: 0.5in, outside: 0.5in}}\n"
       "sections:\n  - count: 1\n",
       "2:28: page.margins: top (0.2 in) is below the kdp minimum of 0.25 in"},
      {"print: {rules: kdp}\npage: {size: {width: 9in, height: 12in}}\nsections:\n  - count: 1\n",
       "2:14: page.size: 9 x 12 in is outside the kdp trim range (4 x 6 in to 8.5 x 11.69 in)"},
      {"print: {paper: glossy}\nsections:\n  - count: 1\n",
       "1:16: print.paper: unknown value 'glossy' (choose from white, cream)"},
      {"cover: {path: cover.png}\nsections:\n  - count: 1\n",
       "1:15: cover.path: the cover is a PDF: expected a path ending in .pdf, got 'cover.png'"},
      {"newspaper: {width: 11.5pc, start_date: 2026-02-30}\n",
       "1:40: newspaper.start_date: expected a date such as 2026-03-02, got '2026-02-30'"},
      {"hints: true\nnewspaper: {width: 11.5pc, start_date: 2026-03-02}\n",
       "1:1: hints: a newspaper run writes one file a puzzle and its solution files: it has no hints page (leave it out)"},
      {"answers: {hints: true}\nnewspaper: {width: 11.5pc, start_date: 2026-03-02}\n",
       "1:18: answers.hints: a newspaper run writes one file a puzzle and its solution files: it has no hints page (leave it out)"},
      {"newspaper: {start_date: 2026-03-02}\n",
       "1:1: newspaper.width: missing (the exact width of each puzzle file, e.g. 11.5pc or 48mm)"},
      {"newspaper: {width: 11.5pc, start_date: 2026-03-02, file_name: sudoku}\n",
       "1:63: newspaper.file_name: must contain {date} or {number} so that each day gets its own file"},
      {"newspaper: {width: 11.5pc, start_date: 2026-03-02, exclude: [old.json]}\n",
       "1:61: newspaper.exclude: manifest '" + kData + "/profiles/old.json' not found"},
      {"newspaper: {width: 11.5pc, start_date: 2026-03-02}\ntheme: {caption_size: 8}\n",
       "2:23: theme.caption_size: 8 pt is below the 9 pt minimum for newspaper text"},
      {"newspaper: {width: 11.5pc, start_date: 2026-03-02}\nsections:\n  - count: 1\n",
       "2:1: sections: not used with newspaper: each day's puzzle is built from section_defaults"},
      // structure, missing files, syntax
      {"sections: []\n", "1:11: sections: the book needs at least one section"},
      {"title: X\n", "0:0: sections: missing (the book needs at least one section)"},
      {"profile: test-smal\nsections:\n  - count: 1\n",
       "1:10: profile: no profile named 'test-smal'; did you mean 'test-small'? (available: test-small)"},
      {"profile: ./nowhere/p.yaml\nsections:\n  - count: 1\n",
       "1:10: profile: profile file '" + kData + "/profiles/nowhere/p.yaml' not found"},
      {"title: [unclosed\nsections:\n  - count: 1\n", "2:9: YAML syntax error: end of sequence flow not found"},
  };
  REQUIRE(rows.size() >= 15);
  for (const auto& row : rows) {
    INFO(row.yaml);
    const auto got = problems(row.yaml);
    REQUIRE(got.size() == 1);
    CHECK(got[0] == row.expected);
  }
}

TEST_CASE("every problem is reported together, in file order", "[spec][errors]") {
  const std::string yaml =
      "title: Weekend\n"
      "sections:\n"
      "  - count: ten\n"          // 3
      "    grid: 9x9\n"
      "    clues: 12\n"           // 5
      "    perpage: 2\n"          // 6
      "  - difficulty: hardd\n"   // 7
      "page: {size: Q5}\n"        // 8
      "output: {format: tiff}\n"; // 9
  const auto got = problems(yaml);
  REQUIRE(got.size() == 6);
  CHECK(got[0].starts_with("3:12: sections[0].count:"));
  CHECK(got[1].starts_with("5:12: sections[0].clues:"));
  CHECK(got[2].starts_with("6:5: sections[0].perpage:"));
  CHECK(got[3].starts_with("7:17: sections[1].difficulty:"));
  CHECK(got[4].starts_with("8:14: page.size:"));
  CHECK(got[5].starts_with("9:18: output.format: unknown value 'tiff'"));
}

TEST_CASE("diagnostics name the file and format as file:line:col: message", "[spec][errors]") {
  auto r = gp::spec::parse_book_spec("sections:\n  - count: ten\n", "spec.yaml", test_options());
  REQUIRE_FALSE(r);
  CHECK(r.error().to_string() == "spec.yaml:2:12: sections[0].count: expected a whole number, got 'ten'");

  auto missing = gp::spec::load_book_spec(kData + "/does-not-exist.yaml");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().to_string() ==
        kData + "/does-not-exist.yaml: cannot read the spec file (No such file or directory)");

  auto empty = gp::spec::parse_book_spec("", "spec.yaml", test_options());
  REQUIRE_FALSE(empty);
  CHECK(empty.error().to_string() == "spec.yaml: the spec is empty (it needs at least a sections: list)");
}

TEST_CASE("problems inside a profile point into the profile file", "[spec][profiles]") {
  auto r = gp::spec::parse_book_spec("profile: broken\nsections:\n  - count: 1\n", kData + "/inline.yaml",
                                     test_options());
  REQUIRE_FALSE(r);
  const auto& d = r.error().diagnostics;
  REQUIRE(d.size() == 2);
  const std::string file = kData + "/profiles/broken.yaml";
  CHECK(d[0].to_string() == file + ":3:3: page.colour: unknown key");
  CHECK(d[1].to_string() == file + ":4:1: sections: not allowed in a profile (sections belong in the book spec)");
}

TEST_CASE("a valid spec: defaults < profile < spec, relative paths", "[spec][profiles]") {
  auto r = gp::spec::load_book_spec(kData + "/good.yaml", test_options());
  REQUIRE(r.ok());
  const BookSpec& b = *r;
  CHECK(b.title == "Test Book");
  CHECK(b.subtitle == "For tests");
  CHECK(b.author == "T. Ester");
  CHECK(b.seed == 42);
  CHECK(b.profile == "profiles/test-small.yaml");
  // page: size and three margins from the profile, top from the spec
  CHECK(b.page.size_name == "A5");
  CHECK(b.page.width == Approx(148));
  CHECK(b.page.height == Approx(210));
  CHECK_FALSE(b.page.landscape);
  CHECK(b.page.margins.top == Approx(11));
  CHECK(b.page.margins.bottom == Approx(12));
  CHECK(b.page.margins.inside == Approx(14));
  CHECK(b.page.margins.outside == Approx(8));
  // theme: profile keys, the rest from the defaults
  CHECK(b.theme.body_size == Approx(12));
  CHECK(b.theme.thin_line == Approx(1));
  CHECK(b.theme.box_line == Approx(2));
  CHECK(b.theme.font == "DejaVu Sans");
  // sections start from the profile's section_defaults
  REQUIRE(b.sections.size() == 2);
  const auto& s0 = b.sections[0];
  CHECK(s0.name == "Small");
  CHECK(s0.count == 3);
  CHECK(s0.shape == gp::Shape{2, 3});
  CHECK(s0.clues_min == 14);
  CHECK(s0.clues_max == 14);
  CHECK(s0.columns == 2);
  CHECK(s0.rows == 2);
  CHECK(s0.symmetry == "rotate180");
  const auto& s1 = b.sections[1];
  CHECK(s1.shape == gp::Shape{3, 3});
  CHECK(s1.clues_min == 24);
  CHECK(s1.clues_max == 28);
  CHECK(s1.difficulty == "medium");
  CHECK(s1.columns == 1);
  CHECK(s1.rows == 2);
  // answers: layout from the profile, placement from the spec
  CHECK(b.answers.columns == 2);
  CHECK(b.answers.rows == 2);
  CHECK(b.answers.placement == "after-section");
  // output path resolved against the spec's folder; format from its extension
  CHECK(b.output.path == (fs::path(kData) / "out/test-book.pdf").lexically_normal().string());
  CHECK(b.output.format == "pdf");
  CHECK(b.output.creation_date == "2026-01-31");
  CHECK(b.bands == gp::spec::default_bands());
  auto shorthand = gp::spec::parse_book_spec("output: {svg: out/pages.svg}\nsections:\n  - count: 1\n",
                                             kData + "/s.yaml", test_options());
  REQUIRE(shorthand.ok());
  CHECK(shorthand->output.format == "svg");
  CHECK(shorthand->output.path == kData + "/out/pages.svg");
  // places for later stages
  CHECK(gp::spec::section_location(b, 0) == kData + "/good.yaml:10:5");
  CHECK(gp::spec::section_location(b, 1) == kData + "/good.yaml:12:5");
  CHECK(gp::spec::section_diagnostic(b, 1, "too hard", "clues").to_string() ==
        kData + "/good.yaml:15:12: too hard");
  CHECK(gp::spec::section_diagnostic(b, 0, "too hard", "clues").to_string() ==
        kData + "/good.yaml:10:5: too hard");  // clues inherited: the section itself
}

TEST_CASE("profile lookup order: GRIDPRESS_DATA_DIR, option folders, spec folder, built-in", "[spec][profiles]") {
  const fs::path tmp = fs::temp_directory_path() / ("gridpress-spec-test-" + std::to_string(::getpid()));
  fs::create_directories(tmp / "env" / "templates");
  fs::create_directories(tmp / "spec");
  std::ofstream(tmp / "env" / "templates" / "kdp-6x9.yaml") << "page: {size: A4}\n";
  std::ofstream(tmp / "spec" / "kdp-6x9.yaml") << "page: {size: Letter}\n";
  std::ofstream(tmp / "spec" / "book.yaml") << "profile: kdp-6x9\nsections:\n  - count: 1\n";
  const std::string spec = (tmp / "spec" / "book.yaml").string();

  LoadOptions builtin_only;  // spec folder beats the built-in templates
  builtin_only.use_environment = false;
  auto a = gp::spec::load_book_spec(spec, builtin_only);
  REQUIRE(a.ok());
  CHECK(a->page.size_name == "Letter");

  ::setenv("GRIDPRESS_DATA_DIR", (tmp / "env").c_str(), 1);
  auto b = gp::spec::load_book_spec(spec);  // the environment comes first
  ::unsetenv("GRIDPRESS_DATA_DIR");
  REQUIRE(b.ok());
  CHECK(b->page.size_name == "A4");

  fs::remove(tmp / "spec" / "kdp-6x9.yaml");  // now the shipped template is found
  auto c = gp::spec::load_book_spec(spec, builtin_only);
  REQUIRE(c.ok());
  CHECK(c->page.size_name == "6x9");
  CHECK(c->page.margins.inside == Approx(0.75 * 25.4));
  fs::remove_all(tmp);
}

TEST_CASE("lengths parse with units mm, cm, in, pt, pc", "[spec][units]") {
  struct Row {
    const char* text;
    double mm;
  };
  for (const Row& r : {Row{"152.4mm", 152.4}, Row{"15.24cm", 152.4}, Row{"6in", 152.4}, Row{"432pt", 152.4},
                       Row{"36pc", 152.4}, Row{" 12 mm ", 12}, Row{"0", 0}, Row{"1.5IN", 38.1}, Row{"+2mm", 2}}) {
    INFO(r.text);
    auto v = gp::spec::parse_length_mm(r.text);
    REQUIRE(v.ok());
    CHECK(*v == Approx(r.mm));
  }
  auto bad = [](const char* t) { return gp::spec::parse_length_mm(t).error().diagnostics.at(0).message; };
  CHECK(bad("12") == "'12' needs a unit (mm, cm, in, pt or pc)");
  CHECK(bad("-3mm") == "a length must not be negative, got '-3mm'");
  CHECK(bad("wide") == "expected a length such as 15mm or 0.5in, got 'wide'");
  CHECK(bad("3 ft") == "unknown unit 'ft' in '3 ft' (use mm, cm, in, pt or pc)");

  CHECK(*gp::spec::parse_points("0.75") == Approx(0.75));
  CHECK(*gp::spec::parse_points("1pt") == Approx(1));
  CHECK(*gp::spec::parse_points("1pc") == Approx(12));
  CHECK(*gp::spec::parse_points("0.5in") == Approx(36));
  CHECK(*gp::spec::parse_points("25.4mm") == Approx(72));
}

TEST_CASE("page presets and orientation", "[spec][units]") {
  CHECK(gp::spec::page_presets().size() == 20);
  auto six = gp::spec::find_page_preset("6x9in");
  REQUIRE(six);
  CHECK(six->width_mm == Approx(152.4));
  CHECK(six->height_mm == Approx(228.6));
  CHECK(gp::spec::find_page_preset("letter")->width_mm == Approx(215.9));
  CHECK(gp::spec::find_page_preset("a4")->height_mm == Approx(297));
  CHECK(gp::spec::find_page_preset("8.27x11.69")->width_mm == Approx(210.058));
  CHECK_FALSE(gp::spec::find_page_preset("6x10"));

  auto land = gp::spec::parse_book_spec("page: {size: A4, orientation: landscape}\nsections:\n  - per_page: 6\n",
                                        "s.yaml", test_options());
  REQUIRE(land.ok());
  CHECK(land->page.width == Approx(297));
  CHECK(land->page.height == Approx(210));
  CHECK(land->page.landscape);
  CHECK(land->sections[0].columns == 3);  // 6 a page on a landscape page: 3 columns x 2 rows
  CHECK(land->sections[0].rows == 2);

  auto custom = gp::spec::parse_book_spec("page: {size: {width: 11pc, height: 4in}, margins: 3mm}\nsections:\n  - count: 1\n",
                                          "s.yaml", test_options());
  REQUIRE(custom.ok());
  CHECK(custom->page.size_name == "custom");
  CHECK(custom->page.width == Approx(11 * 12 * 25.4 / 72));
  CHECK(custom->page.height == Approx(101.6));
}

TEST_CASE("per_page, clue ranges and symmetry counts", "[spec][rules]") {
  using gp::spec::per_page_layout;
  CHECK(per_page_layout(1, false) == std::pair{1, 1});
  CHECK(per_page_layout(2, false) == std::pair{1, 2});
  CHECK(per_page_layout(4, false) == std::pair{2, 2});
  CHECK(per_page_layout(6, false) == std::pair{2, 3});
  CHECK(per_page_layout(12, false) == std::pair{3, 4});
  CHECK(per_page_layout(12, true) == std::pair{4, 3});

  // 9x9 rotate90: orbits of 4 plus the centre -> counts 0 or 1 mod 4 only.
  const auto r90 = gp::reachable_counts(gp::Shape{3, 3}, gp::Symmetry::kRotate90);
  for (int k = 17; k <= 80; ++k) CHECK(r90[static_cast<size_t>(k)] == (k % 4 == 0 || k % 4 == 1));
  // 9x9 rotate180: the centre is its own orbit, so any count.
  const auto r180 = gp::reachable_counts(gp::Shape{3, 3}, gp::Symmetry::kRotate180);
  for (int k = 0; k <= 81; ++k) CHECK(r180[static_cast<size_t>(k)]);
  // 6x6 mirror: pairs only.
  const auto m6 = gp::reachable_counts(gp::Shape{2, 3}, gp::Symmetry::kMirror);
  for (int k = 0; k <= 36; ++k) CHECK(m6[static_cast<size_t>(k)] == (k % 2 == 0));

  auto ranges = gp::spec::parse_book_spec(
      "sections:\n  - clues: \"24-28\"\n  - clues: [22, 23]\n  - clues: 30\n  - clues: any\n", "s.yaml",
      test_options());
  REQUIRE(ranges.ok());
  CHECK(ranges->sections[0].clues_min == 24);
  CHECK(ranges->sections[0].clues_max == 28);
  CHECK(ranges->sections[1].clues_max == 23);
  CHECK(ranges->sections[2].clues_min == 30);
  CHECK(ranges->sections[3].clues_max == 0);

  // Even 4x4 with rotate180 accepts a range with one even count in it.
  CHECK(problems("sections:\n  - grid: 4x4\n    clues: [5, 6]\n").empty());
  auto rating = gp::spec::parse_book_spec("bands: {gentle: [1.0, 1.2]}\nsections:\n  - difficulty: gentle\n"
                                          "  - rating: \"2.6-4.0\"\n",
                                          "s.yaml", test_options());
  REQUIRE(rating.ok());
  CHECK(rating->bands.at("gentle") == std::pair{1.0, 1.2});
  CHECK(rating->bands.at("easy") == std::pair{0.0, 1.5});
  CHECK(rating->sections[1].rating == std::pair{2.6, 4.0});
}

TEST_CASE("config/defaults.yaml equals the C++ defaults", "[spec][defaults]") {
  auto r = gp::spec::load_profile_file(kSource + "/config/defaults.yaml");
  INFO((r ? std::string() : r.error().to_string()));
  REQUIRE(r.ok());
  BookSpec expected;
  expected.bands = gp::spec::default_bands();
  BookSpec got = *r;
  // Preset sizes are computed from inches; compare those with a tolerance.
  CHECK(got.page.width == Approx(expected.page.width));
  CHECK(got.page.height == Approx(expected.page.height));
  got.page.width = expected.page.width;
  got.page.height = expected.page.height;
  CHECK(got.page == expected.page);
  CHECK(got.theme == expected.theme);
  CHECK(got.section_defaults == expected.section_defaults);
  CHECK(got.answers == expected.answers);
  CHECK(got.front == expected.front);
  CHECK(got.output == expected.output);
  CHECK(got.bands == expected.bands);
  got.key_places.clear();  // where the file set its keys, not a value
  CHECK(got == expected);
}

TEST_CASE("every shipped template and example parses", "[spec][templates]") {
  std::vector<fs::path> templates;
  for (const auto& e : fs::directory_iterator(kSource + "/templates"))
    if (e.path().extension() == ".yaml") templates.push_back(e.path());
  REQUIRE(templates.size() >= 4);
  LoadOptions builtin;
  builtin.use_environment = false;
  for (const auto& t : templates) {
    INFO(t.string());
    auto alone = gp::spec::load_profile_file(t.string());
    CHECK((alone ? std::string() : alone.error().to_string()) == "");
    // ...and by name from a spec, as a user would.
    const bool newspaper = t.stem() == "newspaper";  // a run of dates instead of sections
    const std::string yaml = "profile: " + t.stem().string() +
                             (newspaper ? "\nnewspaper: {start_date: 2026-03-02}\n" : "\nsections:\n  - count: 1\n");
    auto named = gp::spec::parse_book_spec(yaml, "spec.yaml", builtin);
    CHECK((named ? std::string() : named.error().to_string()) == "");
  }
  for (const char* name : {"kdp-6x9", "kdp-8.5x11", "a4-worksheet", "letter-worksheet", "newspaper", "classroom",
                           "classroom-letter", "large-print", "ink-saver"})
    CHECK(fs::exists(kSource + "/templates/" + name + ".yaml"));

  const fs::path examples = kSource + "/examples";
  if (!fs::is_directory(examples)) return;
  for (const auto& e : fs::directory_iterator(examples)) {
    if (e.path().extension() != ".yaml") continue;
    INFO(e.path().string());
    auto r = gp::spec::load_book_spec(e.path().string(), builtin);
    CHECK((r ? std::string() : r.error().to_string()) == "");
  }
}

TEST_CASE("did-you-mean picks close names only", "[spec][names]") {
  CHECK(gp::spec::edit_distance("perpage", "per_page") == 1);
  CHECK(gp::spec::edit_distance("Title", "title") == 0);
  CHECK(gp::spec::closest_match("symetry", {"symmetry", "seed"}) == "symmetry");
  CHECK(gp::spec::closest_match("colour", {"count", "clues", "title"}) == "");
  CHECK(gp::spec::closest_match("fil", {"fill", "box"}) == "fill");
}

TEST_CASE("newspaper runs: one section per day, weekday ramp, numbering", "[spec][newspaper]") {
  const std::string yaml =
      "profile: newspaper\n"
      "newspaper: {start_date: 2026-03-01, days: 8, start_number: 1201,\n"
      "            weekday_difficulty: {sunday: fiendish}}\n"
      "section_defaults: {clues: [24, 30]}\n";
  LoadOptions builtin;
  builtin.use_environment = false;
  auto r = gp::spec::parse_book_spec(yaml, "week.yaml", builtin);
  INFO((r ? std::string() : r.error().to_string()));
  REQUIRE(r.ok());
  const BookSpec& b = *r;
  CHECK(b.newspaper.enabled);
  CHECK(b.newspaper.width == Approx(11.5 * 12 * 25.4 / 72));
  CHECK(b.newspaper.formats == std::vector<std::string>{"eps", "pdf"});
  REQUIRE(b.sections.size() == 8);
  const char* days[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
  const char* bands[] = {"fiendish", "easy", "easy", "medium", "medium", "hard", "hard", "fiendish"};
  const char* dates[] = {"2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04",
                         "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"};
  for (int i = 0; i < 8; ++i) {
    const auto& s = b.sections[static_cast<size_t>(i)];
    INFO(i);
    CHECK(s.count == 1);
    CHECK(s.weekday == days[i]);
    CHECK(s.date == dates[i]);
    CHECK(s.difficulty == bands[i]);
    CHECK(s.number == 1201 + i);
    CHECK(s.name == std::string(days[i]) + " " + dates[i]);
    CHECK(s.clues_min == 24);
    CHECK(s.clues_max == 30);
    CHECK_FALSE(s.heading_page);
  }
  // Across a month and a year end.
  auto y = gp::spec::parse_book_spec("newspaper: {width: 48mm, start_date: 2026-12-31, days: 2}\n", "y.yaml",
                                     test_options());
  REQUIRE(y.ok());
  CHECK(y->sections[1].date == "2027-01-01");
  CHECK(y->sections[1].weekday == "Friday");
}

TEST_CASE("print rules, cover and worksheet keys", "[spec][print]") {
  auto r = gp::spec::parse_book_spec(
      "profile: kdp-6x9\n"
      "page: {bleed: true, margins: {inside: auto, outside: 0.4in, top: 0.4in, bottom: 0.4in}}\n"
      "cover: {back_text: Great puzzles}\n"
      "print: {paper: cream, strict: true}\n"
      "output: {path: out/book.pdf}\n"
      "worksheet: {header: true, header_fields: [Name, Team], rules_box: every_page, rules_text: Fill it in.}\n"
      "sections:\n  - count: 1\n",
      kData + "/book.yaml", LoadOptions{{}, false, true, {}});
  INFO((r ? std::string() : r.error().to_string()));
  REQUIRE(r.ok());
  CHECK(r->print.rules == "kdp");
  CHECK(r->print.strict);
  CHECK(r->print.paper == "cream");
  CHECK(r->page.bleed);
  CHECK(r->page.auto_gutter);
  CHECK(r->page.margins.inside == Approx(0.375 * 25.4));
  CHECK(r->cover.enabled);
  CHECK(r->cover.back_text == "Great puzzles");
  CHECK(r->cover.path == kData + "/out/book-cover.pdf");
  CHECK(r->worksheet.header);
  CHECK(r->worksheet.header_fields == std::vector<std::string>{"Name", "Team"});
  CHECK(r->worksheet.rules_box);
  CHECK(r->worksheet.rules_every_page);
  CHECK(r->worksheet.rules_text == "Fill it in.");
  CHECK(gp::spec::to_yaml(*r).find("rules_box: every_page") != std::string::npos);

  // With bleed the kdp minimum for outside/top/bottom rises to 0.375 in.
  const auto got = problems("print: {rules: kdp}\npage: {bleed: true, margins: {top: 0.3in, bottom: 0.5in, "
                            "inside: 0.5in, outside: 0.5in}}\nsections:\n  - count: 1\n");
  REQUIRE(got.size() == 1);
  CHECK(got[0] == "2:30: page.margins: top (0.3 in) is below the kdp minimum of 0.375 in with bleed");
}

TEST_CASE("to_yaml writes a spec that parses back to the same book", "[spec][emit]") {
  LoadOptions builtin;
  builtin.use_environment = false;
  std::vector<std::string> specs = {kData + "/good.yaml"};
  const fs::path examples = kSource + "/examples";
  if (fs::is_directory(examples))
    for (const auto& e : fs::directory_iterator(examples))
      if (e.path().extension() == ".yaml") specs.push_back(e.path().string());
  for (const auto& path : specs) {
    INFO(path);
    auto a = gp::spec::load_book_spec(path, test_options());
    if (!a) a = gp::spec::load_book_spec(path, builtin);
    REQUIRE(a.ok());
    const std::string once = gp::spec::to_yaml(*a);
    auto b = gp::spec::parse_book_spec(once, path, builtin);
    INFO(once);
    INFO((b ? std::string() : b.error().to_string()));
    REQUIRE(b.ok());
    CHECK(gp::spec::to_yaml(*b) == once);
    CHECK(b->output.path == a->output.path);
    CHECK(b->seed == a->seed);
    REQUIRE(b->sections.size() == a->sections.size());
    for (size_t i = 0; i < a->sections.size(); ++i) {
      gp::spec::SectionSpec x = a->sections[i], y = b->sections[i];
      x.key_marks.clear();
      y.key_marks.clear();
      y.mark = x.mark;
      CHECK(x == y);
    }
  }
  // A newspaper run keeps its dates and numbers through the round trip.
  auto week = gp::spec::parse_book_spec("profile: newspaper\nnewspaper: {start_date: 2026-03-02, start_number: 7}\n",
                                        kData + "/week.yaml", builtin);
  REQUIRE(week.ok());
  auto again = gp::spec::parse_book_spec(gp::spec::to_yaml(*week), kData + "/week.yaml", builtin);
  REQUIRE(again.ok());
  REQUIRE(again->sections.size() == 7);
  CHECK(again->sections[6].number == 13);
  CHECK(again->sections[6].date == "2026-03-08");
  CHECK(again->newspaper.width == Approx(week->newspaper.width));
  gp::spec::NewspaperSpec np = again->newspaper;
  np.width = week->newspaper.width;  // written rounded to 0.0001 mm
  CHECK(np == week->newspaper);
}

TEST_CASE("newspaper numbers that would pass the largest printed number are refused at the key", "[spec][newspaper]") {
  LoadOptions builtin;
  builtin.use_environment = false;
  auto ok = gp::spec::parse_book_spec("profile: newspaper\nnewspaper: {start_date: 2026-03-01, days: 3, start_number: 999999997}\n",
                                      "week.yaml", builtin);
  REQUIRE(ok.ok());
  CHECK(ok->sections.back().number == 999999999);
  auto r = gp::spec::parse_book_spec("profile: newspaper\nnewspaper: {start_date: 2026-03-01, days: 3, start_number: 999999998}\n",
                                     "week.yaml", builtin);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().to_string() == "week.yaml:2:60: newspaper.start_number: the last day's number, 1000000000 (3 "
                                 "days from 999999998), is past the largest puzzle number gridpress prints (999999999)");
}

TEST_CASE("docs/spec.md's key tables are the schema's", "[spec][docs]") {
  // Refresh on purpose with GRIDPRESS_UPDATE_GOLDEN=1 build-ci/tests/spec_test "[docs]".
  const std::string path = kSource + "/docs/spec.md";
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  for (const char* table : {"top", "page", "theme", "section", "answers", "front_matter", "output", "print", "cover",
                            "newspaper", "worksheet", "killer", "jigsaw"}) {
    INFO(table);
    CHECK(doc.find(std::string("<!-- keys: ") + table + " -->\n") != std::string::npos);
    CHECK(gp::spec::key_table(table).find("| `") != std::string::npos);
  }
  CHECK(gp::spec::key_table("nowhere").empty());
  const std::string fresh = gp::spec::refresh_key_tables(doc);
  if (fresh != doc && std::getenv("GRIDPRESS_UPDATE_GOLDEN")) {
    std::ofstream(path) << fresh;
    WARN("rewrote " + path);
  } else {
    CHECK(fresh == doc);
  }
  // Every key the loader takes has a row: a new key cannot be left out of the docs.
  for (const char* key : {"`per_page`", "`margins.inside`", "`weekday_difficulty`", "`header_fields`", "`pdf` / `svg`",
                          "`min_digit_size`", "`seed`"})
    CHECK(fresh.find(key) != std::string::npos);
}

TEST_CASE("text keys: NUL, control characters, bad UTF-8 and lengths are refused at the key", "[spec][limits]") {
  using V = std::vector<std::string>;
  const std::string sections = "sections:\n  - count: 1\n";
  CHECK(problems("title: \"A\\0B\"\n" + sections) == V{"1:8: title: contains a NUL character (byte 2)"});
  CHECK(problems("author: \"A\\x07\"\n" + sections) ==
        V{"1:9: author: contains the control character U+0007 (byte 2)"});
  CHECK(problems("title: Caf\xe9\n" + sections) == V{"1:8: title: is not valid UTF-8 (byte 4)"});
  CHECK(problems("title: \"\\xC0\\x80\"\n" + sections).size() == 0);  // a YAML escape is a code point: U+00C0 U+0080
  CHECK(problems("title: " + std::string(501, 'x') + "\n" + sections) ==
        V{"1:8: title: is 501 characters long; at most 500 are allowed"});
  CHECK(problems("title: " + std::string(500, 'x') + "\n" + sections).empty());
  // Characters, not bytes: 500 two-byte letters fit.
  std::string accents;
  for (int i = 0; i < 500; ++i) accents += "\xc3\xa9";
  CHECK(problems("title: " + accents + "\n" + sections).empty());
  CHECK(problems(sections + "  - name: \"\\0\"\n    count: 1\n") ==
        V{"3:11: sections[1].name: contains a NUL character (byte 1)"});
  CHECK(problems("front_matter: {notice: " + std::string(5001, 'n') + "}\n" + sections) ==
        V{"1:24: front_matter.notice: is 5001 characters long; at most 5000 are allowed"});
  CHECK(problems("front_matter: {notice: " + std::string(5000, 'n') + "}\n" + sections).empty());

  CHECK(gp::spec::text_problem("ok\ttab\nline", 100) == std::nullopt);
  CHECK(gp::spec::text_problem("\xed\xa0\x80", 100) == "is not valid UTF-8 (byte 1)");  // a surrogate
  CHECK(gp::spec::text_problem("\xf4\x90\x80\x80", 100) == "is not valid UTF-8 (byte 1)");  // above U+10FFFF
  CHECK(gp::spec::text_problem("\xe2\x82", 100) == "is not valid UTF-8 (byte 1)");  // cut short
  CHECK(gp::spec::max_text_length("output.path") == gp::spec::kMaxPathText);
  CHECK(gp::spec::max_text_length("cover.back_text") == gp::spec::kMaxLongText);
  CHECK(gp::spec::max_text_length("sections[3].caption") == gp::spec::kMaxShortText);
}

TEST_CASE("page sizes above the PDF limit are refused", "[spec][limits]") {
  using V = std::vector<std::string>;
  const std::string sections = "sections:\n  - count: 1\n";
  CHECK(problems("page: {size: {width: 1e300mm, height: 9in}}\n" + sections) ==
        V{"1:22: page.size.width: is 1e+300 mm; a PDF page is at most 5080 mm (200 in, 14,400 pt)"});
  CHECK(problems("page: {size: {width: 6in, height: 14401pt}}\n" + sections).size() == 1);
  CHECK(problems("page: {size: {width: 6in, height: 14400pt}}\n" + sections).empty());
}

TEST_CASE("YAML that cannot be read says what happened and where it started", "[spec][limits]") {
  using V = std::vector<std::string>;
  CHECK(problems("seed: 1\ntitle: \"Weekend\nsections:\n  - count: 1\n") ==
        V{"2:8: title: the double quote opened here is never closed (the rest of the file was read as this text)"});
  CHECK(problems("title: 'It''s\nsections:\n  - count: 1\n") ==
        V{"1:8: title: the single quote opened here is never closed (the rest of the file was read as this text)"});
  CHECK(problems("title: \"a \\\" quote\"\nsections:\n  - count: 1\n").empty());
  const std::string deep = "seed: 1\ntitle: " + std::string(5000, '[') + std::string(5000, ']') + "\n";
  CHECK(problems(deep) == V{"2:108: YAML nested too deeply to read (lists or maps inside each other about a "
                            "thousand levels deep; a spec needs a handful): the deep part starts here"});
  auto big = gp::spec::parse_book_spec(std::string(gp::spec::kMaxSpecBytes + 1, ' '), "s.yaml", test_options());
  REQUIRE_FALSE(big);
  CHECK(big.error().to_string() == "s.yaml: is 1048577 bytes; a spec is at most 1048576 bytes (1 MiB)");
}

TEST_CASE("the spec accepts exactly the fills, symmetries, variants and bands the engine knows") {
  std::vector<std::string> fills;
  for (auto f : {gp::gen::Fill::kRandom, gp::gen::Fill::kDiagonal, gp::gen::Fill::kPattern})
    fills.emplace_back(gp::gen::fill_name(f));
  CHECK(gp::spec::fill_names() == fills);
  for (const auto& name : gp::spec::fill_names()) CHECK(gp::gen::parse_fill(name).ok());
  for (const auto& name : gp::spec::symmetry_names()) CHECK(gp::parse_symmetry(name).ok());
  CHECK(gp::spec::symmetry_names().size() == gp::all_symmetries().size());
  for (const auto& name : gp::spec::variant_names()) CHECK(gp::parse_variant(name).ok());
  CHECK(gp::spec::variant_names().size() == gp::all_variants().size());
  const auto spec_bands = gp::spec::default_bands();
  const gp::grader::Bands grader_bands;
  REQUIRE(spec_bands.size() == grader_bands.bands.size());
  for (const auto& b : grader_bands.bands) {
    INFO(b.name);
    REQUIRE(spec_bands.count(b.name) == 1);
    if (b.name != "fiendish") CHECK(spec_bands.at(b.name).second == b.max);
  }
}

TEST_CASE("{variant} in a section's name gives the variant's title; section_pages: false drops heading pages",
          "[spec]") {
  auto r = gp::spec::parse_book_spec(
      "section_pages: false\n"
      "sections:\n"
      "  - name: '{variant} for beginners'\n    variant: killer\n"
      "  - name: More {variant}\n    variant: windoku\n"
      "  - name: Plain\n    heading_page: true\n",
      kData + "/profiles/inline.yaml", test_options());
  REQUIRE(r);
  REQUIRE(r->sections.size() == 3);
  CHECK(r->sections[0].name == "Killer Sudoku for beginners");
  CHECK(r->sections[1].name == "More Hyper Sudoku");  // an alias is titled as its variant
  CHECK_FALSE(r->sections[0].heading_page);
  CHECK_FALSE(r->sections[1].heading_page);
  CHECK(r->sections[2].heading_page);  // a section's own heading_page wins
  auto plain = gp::spec::parse_book_spec("sections:\n  - name: A\n", kData + "/profiles/inline.yaml", test_options());
  REQUIRE(plain);
  CHECK(plain->sections[0].heading_page);
  CHECK(gp::variant_title("classic") == "Sudoku");
  CHECK(gp::variant_title("x") == "Sudoku X");
  CHECK(gp::variant_title("even-odd") == "Even-Odd Sudoku");
  CHECK(gp::variant_title("killer+x") == "Killer X Sudoku");
}

TEST_CASE("front_matter.cage_combinations needs a killer section", "[spec]") {
  CHECK(problems("front_matter:\n  cage_combinations: true\nsections:\n  - count: 2\n") ==
        std::vector<std::string>{
            "2:22: front_matter.cage_combinations: the book has no killer section: a table of cage sums helps only "
            "with cages"});
  CHECK(problems("front_matter:\n  cage_combinations: true\nsections:\n  - variant: killer\n").empty());
}

TEST_CASE("killer.tint and jigsaw.tint: none or alternate", "[spec]") {
  auto r = gp::spec::parse_book_spec("killer:\n  tint: alternate\njigsaw: {tint: alternate}\nsections:\n  - variant: killer\n",
                                     kData + "/profiles/inline.yaml", test_options());
  REQUIRE(r);
  CHECK(r->killer.tint == "alternate");
  CHECK(r->jigsaw.tint == "alternate");
  const auto bad = problems("killer:\n  tint: bright\nsections:\n  - variant: killer\n");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].rfind("2:9: killer.tint: ", 0) == 0);
  CHECK(bad[0].find("alternate") != std::string::npos);
}

TEST_CASE("worksheet.cutouts is printed single-sided", "[spec]") {
  const auto bad = problems("worksheet:\n  cutouts: true\n  duplex: true\n  names: [Ann, Bo]\nsections:\n  - grid: 4x4\n");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].rfind("2:12: worksheet.cutouts: cut-out pages are cut up", 0) == 0);
  CHECK(problems("worksheet:\n  cutouts: true\nsections:\n  - grid: 4x4\n").empty());
}
