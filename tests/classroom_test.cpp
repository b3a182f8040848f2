// Worksheets for a class: a class list (worksheet.names or names_file) makes every section once
// per child, with the child's name on the Name line, the puzzles numbered from 1 on each child's
// sheets, and answers headed with the child's name; symbols (letters, shapes, colours, a list) in
// place of digits. Runs the book pipeline in this process and reads the PDFs back with pdftotext
// and ghostscript.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "core/codec.hpp"
#include "core/text.hpp"
#include "book/run.hpp"
#include "generator/canonical.hpp"
#include "layout/grid_draw.hpp"
#include "layout/symbols.hpp"
#include "spec/spec.hpp"
#include "spec/symbols.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace gp::test;

namespace {

// The text of page `page` of `pdf`, every run of spaces and line ends as one space (wrapped
// lines read as one).
std::string page_text(const std::string& pdf, int page, const TempDir& dir) {
  require_tool("pdftotext");
  const std::string p = std::to_string(page);
  const Output r = shell("pdftotext -f " + p + " -l " + p + " '" + pdf + "' -", dir);
  REQUIRE(r.code == 0);
  std::string text;
  for (char c : r.out) {
    const bool space = c == ' ' || c == '\n' || c == '\f';
    if (!space || (!text.empty() && text.back() != ' ')) text += space ? ' ' : c;
  }
  return text;
}

// Pixels of the first page of `pdf` at 20 dpi whose red, green and blue differ by more than 20 %.
int coloured_pixels(const std::string& pdf, const TempDir& dir) {
  require_tool("pdftoppm");
  REQUIRE(shell("pdftoppm -r 20 -f 1 -l 1 -singlefile '" + pdf + "' '" + (dir / "page") + "'", dir).code == 0);
  std::istringstream ppm(slurp(dir / "page.ppm"));
  std::string magic;
  int w = 0, h = 0, max = 0;
  ppm >> magic >> w >> h >> max;
  ppm.get();
  REQUIRE(magic == "P6");
  int coloured = 0;
  for (int i = 0; i < w * h; ++i) {
    const int r = ppm.get(), g = ppm.get(), b = ppm.get();
    if (std::max({r, g, b}) - std::min({r, g, b}) > max / 5) ++coloured;
  }
  return coloured;
}

// "line:col: message" of every problem of the spec text `yaml` saved as DIR/class.yaml.
std::vector<std::string> problems(const TempDir& dir, const std::string& yaml) {
  spit(dir / "class.yaml", yaml);
  auto r = gp::spec::load_book_spec(dir / "class.yaml");
  std::vector<std::string> out;
  if (r) return out;
  for (const auto& d : r.error().diagnostics)
    out.push_back(std::to_string(d.line) + ":" + std::to_string(d.col) + ": " + d.message);
  return out;
}

}  // namespace

TEST_CASE("a class list makes each child's own sheets, named, numbered from 1, answers by child") {
  TempDir dir("gridpress-classroom-test");
  spit(dir / "class.yaml",
       "profile: classroom\nseed: 3\nworksheet: {names: [Ada, Ben, Chloé]}\n"
       "sections:\n  - name: Six by six\n    count: 4\n    grid: 6x6\n    clues: [14, 18]\n"
       "answers: {layout: 2x2}\noutput: {path: class.pdf}\n");
  pipeline_ok(dir / "class.yaml", {});

  // The manifest: four puzzles per child, in the list's order, numbered 1..4 each, all different.
  const json m = json::parse(slurp(dir / "class.json"));
  REQUIRE(m["puzzles"].size() == 12);
  std::set<std::string> givens;
  const char* pupils[] = {"Ada", "Ben", "Chloé"};
  for (std::size_t i = 0; i < 12; ++i) {
    const json& p = m["puzzles"][i];
    CHECK(p["pupil"] == pupils[i / 4]);
    CHECK(p["number"] == static_cast<int>(i % 4) + 1);
    CHECK(p["page"] == static_cast<int>(i / 4) + 1);
    givens.insert(p["givens"].get<std::string>());
  }
  CHECK(givens.size() == 12);

  // Each child's sheet: their name on it, nobody else's, and puzzles 1 to 4.
  for (int page = 1; page <= 3; ++page) {
    INFO("page " << page);
    const std::string text = page_text(dir / "class.pdf", page, dir);
    for (int other = 1; other <= 3; ++other)
      CHECK((text.find(pupils[other - 1]) != std::string::npos) == (other == page));
    CHECK(text.find("Name") != std::string::npos);
    CHECK(text.find("Puzzle 1") != std::string::npos);
    CHECK(text.find("Puzzle 4") != std::string::npos);
    CHECK(text.find("Puzzle 5") == std::string::npos);
  }
  // The answers, compact: at 2x2 a page, each child's four fill a page, headed with the name.
  for (int page = 1; page <= 3; ++page) {
    const std::string text = page_text(dir / "class-answers.pdf", page, dir);
    CHECK(text.starts_with("Answers: Six by six " + std::string(pupils[page - 1]) + " Puzzle 1"));
    for (int other = 1; other <= 3; ++other)
      CHECK((text.find(pupils[other - 1]) != std::string::npos) == (other == page));
  }
}

TEST_CASE("a class list from a file: one name a line; mistakes are reported at the key") {
  TempDir dir("gridpress-classroom-test");
  // A byte order mark, CRLF line ends, a comment, blank lines and spaces around names.
  spit(dir / "3b.txt", "\xEF\xBB\xBF# Class 1B\r\nAda Byrne\r\n\r\n  Ben Fischer  \r\nChloé Martin");
  spit(dir / "class.yaml",
       "profile: classroom\nworksheet:\n  names_file: 3b.txt\nsections:\n  - count: 2\n  - count: 1\n    grid: 4x4\n"
       "    symmetry: none\n");
  auto spec = gp::spec::load_book_spec(dir / "class.yaml");
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  CHECK(spec->worksheet.names == std::vector<std::string>{"Ada Byrne", "Ben Fischer", "Chloé Martin"});
  // Both sections for each child, in the list's order.
  REQUIRE(spec->sections.size() == 6);
  CHECK(spec->sections[0].pupil == "Ada Byrne");
  CHECK(spec->sections[1].pupil == "Ada Byrne");
  CHECK(spec->sections[1].shape == gp::Shape{2, 2});
  CHECK(spec->sections[5].pupil == "Chloé Martin");
  // --resolved names the file and the sections once, so it reads back to the same book.
  const std::string resolved = gp::spec::to_yaml(*spec);
  CHECK(resolved.find("names_file: 3b.txt") != std::string::npos);
  spit(dir / "resolved.yaml", resolved);
  auto again = gp::spec::load_book_spec(dir / "resolved.yaml");
  REQUIRE(again.ok());
  REQUIRE(again->sections.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    CHECK(again->sections[i].pupil == spec->sections[i].pupil);
    CHECK(again->sections[i].shape == spec->sections[i].shape);
    CHECK(again->sections[i].count == spec->sections[i].count);
  }

  CHECK(problems(dir, "profile: classroom\nworksheet:\n  names: [Ada]\n  names_file: 3b.txt\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"4:15: worksheet.names_file: give worksheet.names or worksheet.names_file, not both"});
  CHECK(problems(dir, "profile: classroom\nworksheet: {names_file: none.txt}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:25: worksheet.names_file: " + (dir / "none.txt") +
                                 ": cannot read the names file (No such file or directory)"});
  spit(dir / "bad.txt", "Ada\nBen\x07\n");
  CHECK(problems(dir, "profile: classroom\nworksheet: {names_file: bad.txt}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:25: worksheet.names_file: " + (dir / "bad.txt") +
                                 ":2: the name contains the control character U+0007 (byte 4)"});
  spit(dir / "empty.txt", "# nobody yet\n\n");
  CHECK(problems(dir, "profile: classroom\nworksheet: {names_file: empty.txt}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:25: worksheet.names_file: " + (dir / "empty.txt") + ": no names in the file"});
}

namespace {

std::vector<gp::layout::Item> drawn(const std::string& symbols, bool answers) {
  gp::spec::SectionSpec sec;
  sec.shape = gp::Shape{2, 2};
  sec.symbols = symbols;
  auto givens = gp::parse_line("1..4.4.2.1..43.1");
  auto solution = gp::parse_line("1234341221434321");
  REQUIRE(givens);
  REQUIRE(solution);
  const std::vector<std::string> list = gp::spec::section_symbols(sec);
  std::vector<gp::layout::Item> items;
  gp::layout::GridStyle style;
  gp::layout::draw_grid(items, 0, 0, 20, *givens, answers ? &*solution : nullptr, style, &list);
  return items;
}

template <class T>
std::vector<T> items_of(const std::vector<gp::layout::Item>& items) {
  std::vector<T> out;
  for (const auto& item : items)
    if (const auto* x = std::get_if<T>(&item)) out.push_back(*x);
  return out;
}

}  // namespace

TEST_CASE("symbols: shapes, colours and letters are drawn in place of digits, in puzzles and answers") {
  using gp::layout::PathItem;
  using gp::layout::TextItem;
  // Shapes: one filled outline per given (8 givens), no digit; in the answers all 16 cells, the
  // filled-in ones grey.
  auto puzzle = drawn("shapes", false);
  CHECK(items_of<PathItem>(puzzle).size() == 8);
  CHECK(items_of<TextItem>(puzzle).empty());
  for (const auto& p : items_of<PathItem>(puzzle)) {
    CHECK(p.fill_grey == 0);
    CHECK_FALSE(p.fill_color.has_value());
  }
  auto answers = items_of<PathItem>(drawn("shapes", true));
  REQUIRE(answers.size() == 16);
  CHECK(std::count_if(answers.begin(), answers.end(), [](const PathItem& p) { return p.fill_grey > 0.3; }) == 8);

  // Colours: a disc in the colour with the initial on it, so greyscale prints still read.
  auto colours = drawn("colors", false);
  CHECK(items_of<PathItem>(colours).size() == 8);
  for (const auto& p : items_of<PathItem>(colours)) {
    CHECK(p.fill_color.has_value());
    CHECK(p.stroke_pt >= 0.75);
  }
  std::set<std::string> initials;
  for (const auto& t : items_of<TextItem>(colours)) initials.insert(t.text);
  CHECK(initials == std::set<std::string>{"R", "B", "Y", "G"});
  CHECK(gp::layout::symbol_color("red")->r > 0.5);
  CHECK_FALSE(gp::layout::symbol_color("pink").has_value());

  // Letters: A to D as text.
  std::set<std::string> letters;
  for (const auto& t : items_of<TextItem>(drawn("letters", true))) letters.insert(t.text);
  CHECK(letters == std::set<std::string>{"A", "B", "C", "D"});

  // Every shape fits the size it is given, centred in its cell.
  const gp::layout::Box cell{10, 20, 8, 8};
  for (const std::string& shape : gp::spec::symbol_shape_names()) {
    INFO(shape);
    const auto points = gp::layout::shape_outline(shape, cell, 6);
    REQUIRE(points.size() >= 3);
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (const auto& [x, y] : points) {
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
    CHECK(x0 >= 11 - 1e-9);
    CHECK(x1 <= 17 + 1e-9);
    CHECK(y0 >= 21 - 1e-9);
    CHECK(y1 <= 27 + 1e-9);
    CHECK((x0 + x1) / 2 == Approx(14).margin(0.05));
    CHECK((y0 + y1) / 2 == Approx(24).margin(0.05));
    CHECK(y1 - y0 > 4.5);  // not a sliver
  }
  CHECK(gp::layout::shape_outline("house", cell, 6).empty());
}

TEST_CASE("symbols in the spec: named sets, lists, and what a grid cannot take") {
  TempDir dir("gridpress-classroom-test");
  const std::string head = "profile: classroom\nsections:\n  - count: 1\n";
  CHECK(problems(dir, head + "    grid: 9x9\n    symbols: shapes\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: 6 shapes are enough for grids up to 6x6, not 9x9 (use "
                                 "letters)"});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [circle, star, A]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: the list has 3 entries; a 4x4 grid needs 4"});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [circle, star, A, star]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: 'star' is in the list twice"});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [circle, star, A, house]\n") ==
        std::vector<std::string>{
            "5:14: sections[0].symbols: entry 4 (\"house\") is 5 characters, not one: a text entry is one visible "
            "character (a letter with its accents, an emoji), unless it is a shape (circle, square, triangle, star, "
            "heart, diamond) or a colour (red, blue, yellow, green, orange, purple)"});
  // Symbols that would print a given as nothing, or as two characters, are refused with the entry.
  const std::string tail = ": a text entry is one visible character (a letter with its accents, an emoji), unless "
                           "it is a shape (circle, square, triangle, star, heart, diamond) or a colour (red, blue, "
                           "yellow, green, orange, purple)";
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, C, \"\\u200B\"]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: entry 4 (\"<U+200B>\") holds an invisible character "
                                 "(U+200B)" + tail});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, \"\\n\", D]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: entry 3 (\"<U+000A>\") holds an invisible character "
                                 "(U+000A)" + tail});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, \"C\\u200B\", D]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: entry 3 (\"C<U+200B>\") holds an invisible character "
                                 "(U+200B)" + tail});
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, \" \", D]\n").size() == 1);
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, \"\\u0301\", D]\n").size() == 1);  // a lone accent
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [A, B, \"10\", D]\n") ==
        std::vector<std::string>{"5:14: sections[0].symbols: entry 3 (\"10\") is 2 characters, not one" + tail});
  // One character with its accent, an emoji ZWJ sequence, a flag: one cluster each.
  CHECK(problems(dir, head + "    grid: 4x4\n    symbols: [\"e\\u0301\", \"\\U0001F469\\u200D\\U0001F52C\", "
                             "\"\\U0001F1EB\\U0001F1F7\", B]\n")
            .empty());
  // Killer: cage sums are arithmetic on the digits, so no other symbols.
  CHECK(problems(dir, head + "    grid: 6x6\n    variant: killer\n    symbols: letters\n") ==
        std::vector<std::string>{"6:14: sections[0].symbols: a killer section prints digits only: its cage sums are "
                                 "arithmetic on the values 1..6, which other symbols would contradict"});
  CHECK(problems(dir, head + "    grid: 4x4\n    variant: killer\n    symbols: [A, B, C, D]\n").size() == 1);
  CHECK(problems(dir, head + "    symbols: emoji\n").size() == 1);

  spit(dir / "ok.yaml", head + "    grid: 4x4\n    symbols: [circle, red, A, \"ß\"]\n  - count: 1\n    grid: 6x6\n"
                               "    symbols: colors\n");
  auto spec = gp::spec::load_book_spec(dir / "ok.yaml");
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  CHECK(gp::spec::section_symbols(spec->sections[0]) == std::vector<std::string>{"circle", "red", "A", "ß"});
  CHECK(gp::spec::section_symbols(spec->sections[1]) ==
        std::vector<std::string>{"red", "blue", "yellow", "green", "orange", "purple"});
  const std::string resolved = gp::spec::to_yaml(*spec);
  CHECK(resolved.find("symbols: [circle, red, A, ß]") != std::string::npos);
  CHECK(resolved.find("symbols: colors") != std::string::npos);
}

TEST_CASE("a colour worksheet prints in colour, with the rules naming the colours") {
  TempDir dir("gridpress-classroom-test");
  const auto sheet = [&](const std::string& symbols) {
    spit(dir / (symbols + ".yaml"),
         "profile: classroom\nseed: 4\nsections:\n  - name: Four\n    count: 4\n    grid: 4x4\n"
         "    symmetry: none\n    clues: [6, 8]\n    symbols: " + symbols + "\noutput: {path: " + symbols + ".pdf}\n");
    pipeline_ok(dir / (symbols + ".yaml"), {});
    return dir / (symbols + ".pdf");
  };
  sheet("colors");
  const std::string text = page_text(dir / "colors.pdf", 1, dir);
  CHECK(text.find("each colour once: red (R), blue (B), yellow (Y) and") != std::string::npos);
  // Coloured pixels on the page; none on the same sheet in letters or shapes.
  CHECK(coloured_pixels(dir / "colors.pdf", dir) > 100);
  for (const char* grey_sheet : {"letters", "shapes"}) {
    INFO(grey_sheet);
    CHECK(coloured_pixels(sheet(grey_sheet), dir) == 0);
  }
  CHECK(page_text(dir / "letters.pdf", 1, dir).find("all the letters from A to D") != std::string::npos);
  CHECK(page_text(dir / "shapes.pdf", 1, dir).find("each shape once: circle, square, triangle and star") !=
        std::string::npos);
}

TEST_CASE("dedup: exact lets a worksheet have more small puzzles than there are canonical forms") {
  TempDir dir("gridpress-classroom-test");
  const auto run = [&](const std::string& dedup) {
    spit(dir / "many.yaml", "profile: classroom\nseed: 2\ndedup: " + dedup +
                                "\nsections:\n  - count: 60\n    grid: 4x4\n    symmetry: none\n"
                                "output: {path: many.pdf}\n");
    auto spec = gp::spec::load_book_spec(dir / "many.yaml");
    REQUIRE(spec.ok());
    auto format = gp::book::apply_overrides(*spec, {});
    REQUIRE(format.ok());
    return gp::book::run_book_stages(*spec, *format, {});
  };
  // One dig on 4x4 reaches only 36 puzzles that differ by more than relabelling or turning.
  const auto canonical = run("canonical");
  CHECK(canonical.outcome == gp::book::Outcome::failed);
  CHECK(canonical.error.to_string().find("only 36 distinct puzzles found for 4x4") != std::string::npos);
  CHECK(canonical.error.to_string().find("in a spec dedup: exact") != std::string::npos);
  const auto exact = run("exact");
  INFO(exact.error.to_string());
  REQUIRE(exact.outcome == gp::book::Outcome::ok);
  const json m = json::parse(slurp(dir / "many.json"));
  std::set<std::string> givens;
  for (const auto& p : m["puzzles"]) givens.insert(p["givens"].get<std::string>());
  CHECK(givens.size() == 60);

  // A newspaper never repeats a puzzle in any form.
  CHECK(problems(dir, "profile: newspaper\ndedup: exact\nnewspaper: {start_date: 2026-03-02, days: 1}\n") ==
        std::vector<std::string>{"2:1: dedup: a newspaper run never repeats a puzzle in any form: leave dedup at "
                                 "canonical"});
}

TEST_CASE("worksheet extras: the level on the sheet, a handwriting font, blank practice grids") {
  TempDir dir("gridpress-classroom-test");
  spit(dir / "extras.yaml",
       "profile: classroom\nseed: 6\ntheme: {font: Andika, digit_font: Andika, caption: \"Puzzle {number} - "
       "{level}\"}\nworksheet: {levels: {easy: Starter}}\n"
       "sections:\n  - name: Warm-up\n    count: 2\n    grid: 4x4\n    symmetry: none\n    difficulty: easy\n"
       "  - name: Six\n    count: 2\n    grid: 6x6\n    difficulty: medium\n"
       "  - name: Make your own\n    count: 4\n    grid: 4x4\n    blank: true\n"
       "output: {path: extras.pdf}\n");
  pipeline_ok(dir / "extras.yaml", {});
  // The level from the band: the spec's own name for easy, the default for medium.
  CHECK(page_text(dir / "extras.pdf", 1, dir).find("Puzzle 1 - Starter") != std::string::npos);
  CHECK(page_text(dir / "extras.pdf", 2, dir).find("Puzzle 3 - Silver") != std::string::npos);
  // The practice page: four empty grids (no digit in them), and no answers for it.
  const std::string practice = page_text(dir / "extras.pdf", 3, dir);
  CHECK(practice.find("Puzzle 5") != std::string::npos);
  CHECK(practice.find("Puzzle 8") != std::string::npos);
  const json m = json::parse(slurp(dir / "extras.json"));
  REQUIRE(m["puzzles"].size() == 8);
  for (std::size_t i = 4; i < 8; ++i) {
    CHECK(m["puzzles"][i]["clues"] == 0);
    CHECK(m["puzzles"][i]["answer_page"] == 0);
  }
  CHECK(m["puzzles"][3]["answer_page"] == 2);
  require_tool("pdfinfo");
  const std::string info = shell("pdfinfo '" + (dir / "extras-answers.pdf") + "'", dir).out;
  REQUIRE(info.find("Pages:") != std::string::npos);
  CHECK(std::atoi(info.c_str() + info.find("Pages:") + 6) == 2);  // the two sections with puzzles
  // Andika (fonts-sil-andika, installed by scripts/setup.sh) for text and digits, embedded.
  require_tool("pdffonts");
  const Output fonts = shell("pdffonts '" + (dir / "extras.pdf") + "'", dir);
  REQUIRE(fonts.code == 0);
  CHECK(fonts.out.find("Andika") != std::string::npos);
  CHECK(fonts.out.find("DejaVu") == std::string::npos);
  std::istringstream lines(fonts.out);
  int listed = 0;
  for (std::string line; std::getline(lines, line);)
    if (line.find("Andika") != std::string::npos) {
      ++listed;
      CHECK(line.find(" yes ") != std::string::npos);  // emb
    }
  CHECK(listed >= 1);

  // A level for a band that does not exist is refused at its place.
  CHECK(problems(dir, "profile: classroom\nworksheet: {levels: {esay: Bronze}}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:28: worksheet.levels.esay: unknown difficulty 'esay'; did you mean 'easy'? "
                                 "(bands: easy, medium, hard, expert, fiendish)"});
}

TEST_CASE("per section: rules_text, number_from, level and dedup") {
  TempDir dir("gridpress-classroom-test");
  spit(dir / "mixed.yaml",
       "profile: classroom\nseed: 5\ntheme: {caption: \"Puzzle {number} - {level}\"}\n"
       "worksheet: {rules_box: every_page}\n"
       "sections:\n"
       "  - name: Shapes\n    count: 4\n    grid: 4x4\n    symmetry: none\n    symbols: shapes\n"
       "    difficulty: easy\n    level: Level 1\n    rules_text: Find the missing shapes.\n"
       "  - name: Nines\n    count: 2\n    per_page: 2\n    grid: 9x9\n    difficulty: easy\n"
       "    level: Level 3\n    number_from: 1\n"
       "output: {path: mixed.pdf}\n");
  pipeline_ok(dir / "mixed.yaml", {});
  const std::string shapes = page_text(dir / "mixed.pdf", 1, dir), nines = page_text(dir / "mixed.pdf", 2, dir);
  // Each section's own rules: the teacher's words under the shapes, the 9x9 wording under the 9x9s.
  CHECK(shapes.find("Find the missing shapes.") != std::string::npos);
  CHECK(shapes.find("1 to 9") == std::string::npos);
  CHECK(nines.find("Find the missing shapes.") == std::string::npos);
  CHECK(nines.find("all the numbers from 1 to 9") != std::string::npos);
  // Each section's own level and numbering: level 3 starts at Puzzle 1, not Puzzle 5.
  CHECK(shapes.find("Puzzle 1 - Level 1") != std::string::npos);
  // (how to play, in a pack mixing shapes and digits: the shapes' rule, and no "digits 1 to 4")
  spit(dir / "how.yaml", slurp(dir / "mixed.yaml") + "front_matter: {how_to_play: true}\n");
  pipeline_ok(dir / "how.yaml", {});
  const std::string how = page_text(dir / "mixed.pdf", 1, dir);
  CHECK(how.find("Shapes show other symbols than numbers: each shape once in every row, every column and every "
                 "box (circle, square, triangle and star).") != std::string::npos);
  CHECK(how.find("4x4 grids: the digits 1 to 4") == std::string::npos);
  CHECK(how.find("9x9 grids: the digits 1 to 9") != std::string::npos);
  CHECK(shapes.find("Puzzle 4 - Level 1") != std::string::npos);
  CHECK(nines.find("Puzzle 1 - Level 3") != std::string::npos);
  CHECK(nines.find("Puzzle 2 - Level 3") != std::string::npos);
  CHECK(nines.find("Puzzle 5") == std::string::npos);
  const json m = json::parse(slurp(dir / "mixed.json"));
  REQUIRE(m["puzzles"].size() == 6);
  CHECK(m["puzzles"][4]["number"] == 1);

  // dedup per section: a 4x4 section of 40 puzzles needs `exact` (one dig reaches 36 canonical
  // forms); the book stays canonical, and a canonical section after it repeats none of its
  // puzzles in any form.
  spit(dir / "dedup.yaml", "profile: classroom\nseed: 2\nsections:\n"
                           "  - {count: 40, grid: 4x4, symmetry: none, dedup: exact}\n"
                           "  - {count: 4, grid: 4x4, symmetry: none}\n"
                           "output: {path: dedup.pdf}\n");
  pipeline_ok(dir / "dedup.yaml", {});
  const json d = json::parse(slurp(dir / "dedup.json"));
  REQUIRE(d["puzzles"].size() == 44);
  std::set<std::string> givens, exact_forms;
  for (std::size_t i = 0; i < 44; ++i) {
    const std::string g = d["puzzles"][i]["givens"].get<std::string>();
    givens.insert(g);
    auto grid = gp::parse_line(g);
    REQUIRE(grid);
    if (i < 40) exact_forms.insert(gp::gen::canonical_form(*grid));
    else CHECK(exact_forms.count(gp::gen::canonical_form(*grid)) == 0);
  }
  CHECK(givens.size() == 44);
  CHECK(exact_forms.size() < 40);  // the exact section does repeat forms: it needed `exact`

  // Bad values at their place.
  CHECK(problems(dir, "profile: classroom\nsections:\n  - {count: 1, dedup: some}\n") ==
        std::vector<std::string>{"3:23: sections[0].dedup: unknown value 'some' (choose from canonical, exact)"});
  CHECK(problems(dir, "profile: classroom\nsections:\n  - {count: 1, number_from: -2}\n") ==
        std::vector<std::string>{"3:29: sections[0].number_from: must be between 0 and 999999999, got -2"});
  CHECK(problems(dir, "sections:\n  - {count: 1, rules_text: Hello}\n") ==
        std::vector<std::string>{"2:28: sections[0].rules_text: there is no rules box to put it in: set "
                                 "worksheet.rules_box (true or every_page)"});
  CHECK(problems(dir, "profile: newspaper\nnewspaper:\n  start_date: 2026-03-02\n  weekdays: {sunday: {dedup: exact}}\n")
            .size() == 1);
}

TEST_CASE("worksheet.duplex starts each child on a front page; class and date written on the header") {
  TempDir dir("gridpress-classroom-test");
  // Three children, 9 puzzles each at 4 a page: 3 pages a child, so without duplex Ben starts on
  // page 4, the back of Ada's last page.
  const std::string base = "profile: classroom\nseed: 3\n"
                           "sections:\n  - {name: Six, count: 9, grid: 6x6, clues: [14, 18]}\n";
  spit(dir / "plain.yaml", base + "worksheet: {names: [Ada, Ben, Cy]}\noutput: {path: plain.pdf}\n");
  pipeline_ok(dir / "plain.yaml", {});
  CHECK(json::parse(slurp(dir / "plain.json"))["puzzles"][9]["page"] == 4);
  spit(dir / "duplex.yaml", base + "worksheet: {names: [Ada, Ben, Cy], duplex: true, class: 1B, date: 12 March}\n"
                                   "output: {path: class.pdf}\n");
  pipeline_ok(dir / "duplex.yaml", {});
  // 9 puzzles at 4 a page are 3 pages a child: with duplex, Ben starts on page 5 and Cy on page 9
  // (pages 4 and 8 are blank backs).
  const json m = json::parse(slurp(dir / "class.json"));
  REQUIRE(m["puzzles"].size() == 27);
  CHECK(m["puzzles"][0]["page"] == 1);
  CHECK(m["puzzles"][9]["page"] == 5);
  CHECK(m["puzzles"][18]["page"] == 9);
  for (int child = 0; child < 3; ++child) CHECK(m["puzzles"][child * 9]["page"].get<int>() % 2 == 1);
  CHECK(page_text(dir / "class.pdf", 4, dir).find("Puzzle") == std::string::npos);  // the blank back
  const std::string ben = page_text(dir / "class.pdf", 5, dir);
  CHECK(ben.find("Ben") != std::string::npos);
  CHECK(ben.find("1B") != std::string::npos);
  CHECK(ben.find("12 March") != std::string::npos);

  // Refused where they cannot apply: at their place, naming the key.
  CHECK(problems(dir, "profile: classroom\nworksheet: {class: 1B, header_fields: [Name, Date]}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:20: worksheet.class: the header has no Class field (header_fields: Name, Date): "
                                 "add one, or leave worksheet.class out"});
  CHECK(problems(dir, "worksheet: {date: today}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"1:19: worksheet.date: the sheets have no header to write it in: set "
                                 "worksheet.header: true"});
  CHECK(problems(dir, "profile: classroom\nworksheet: {duplex: true}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:21: worksheet.duplex: is for a class list (worksheet.names or names_file): each "
                                 "child's sheets start on a front page"});
  CHECK(problems(dir, "profile: classroom\nworksheet: {duplex: maybe}\nsections:\n  - count: 1\n").size() == 1);
}

TEST_CASE("colours print as six different greys; how to play speaks of the symbols the grids show") {
  TempDir dir("gridpress-classroom-test");
  // Each colour's grey (Rec. 601 luma) at least 0.1 from every other's.
  std::vector<double> greys;
  for (const char* name : {"red", "blue", "yellow", "green", "orange", "purple"}) {
    const auto c = gp::layout::symbol_color(name);
    REQUIRE(c);
    greys.push_back(0.299 * c->r + 0.587 * c->g + 0.114 * c->b);
  }
  for (std::size_t i = 0; i < greys.size(); ++i)
    for (std::size_t j = i + 1; j < greys.size(); ++j) {
      INFO(i << " " << j);
      CHECK(std::abs(greys[i] - greys[j]) >= 0.1);
    }
  // Rendered to grey: a 6x6 colour answer (every colour on it, a sixth of the cells each) shows six
  // grey levels, each covering a good part of the grid, at least 20 of 255 apart.
  spit(dir / "colours.yaml", "profile: classroom\nseed: 4\nfront_matter: {how_to_play: true}\n"
                             "sections:\n  - {name: Colours, count: 1, grid: 6x6, symbols: colors, per_page: 1}\n"
                             "answers: {layout: 1x1}\noutput: {path: colours.pdf}\n");
  pipeline_ok(dir / "colours.yaml", {});
  require_tool("pdftoppm");
  REQUIRE(shell("pdftoppm -gray -r 60 -f 1 -l 1 -singlefile '" + (dir / "colours-answers.pdf") + "' '" +
                    (dir / "grey") + "'",
                dir)
              .code == 0);
  std::istringstream pgm(slurp(dir / "grey.pgm"));
  std::string magic;
  int w = 0, h = 0, max = 0;
  pgm >> magic >> w >> h >> max;
  pgm.get();
  REQUIRE(magic == "P5");
  std::vector<int> histogram(256, 0);
  for (int i = 0; i < w * h; ++i) ++histogram[static_cast<std::size_t>(pgm.get())];
  // Levels holding at least 1 % of the page's pixels, other than paper white and ink black.
  std::vector<int> levels;
  for (int v = 30; v < 245; ++v)
    if (histogram[static_cast<std::size_t>(v)] >= w * h / 100) levels.push_back(v);
  INFO("levels: " << [&] {
    std::string s;
    for (int v : levels) s += std::to_string(v) + " ";
    return s;
  }());
  // Neighbouring values of one level (anti-aliasing) count once.
  std::vector<int> peaks;
  for (int v : levels)
    if (peaks.empty() || v - peaks.back() > 6) peaks.push_back(v);
  REQUIRE(peaks.size() == 6);
  for (std::size_t i = 1; i < peaks.size(); ++i) CHECK(peaks[i] - peaks[i - 1] >= 20);

  // How to play in the symbols' words.
  const std::string how = page_text(dir / "colours.pdf", 1, dir);
  CHECK(how.find("each colour once in every row, every column and every box") != std::string::npos);
  CHECK(how.find("red, blue, yellow, green, orange and purple") != std::string::npos);
  CHECK(how.find("numbers") == std::string::npos);
  CHECK(how.find("1 to 6") == std::string::npos);
  // Its solved example is drawn in the colours too: under its caption no digit but the folio (a
  // grid of digits would put 36 there).
  auto digits_after = [](const std::string& text, const std::string& from) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return std::count_if(text.begin() + static_cast<std::ptrdiff_t>(at), text.end(),
                         [](char c) { return c >= '0' && c <= '9'; });
  };
  CHECK(how.find("A solved 6x6 puzzle: some colours were given, the others filled in.") != std::string::npos);
  CHECK(digits_after(how, "the others filled in.") == 1);

  // A pack of shapes: the example in shapes; a book mixing digits into the same size keeps digits.
  spit(dir / "shapes.yaml", "profile: classroom\nseed: 4\nfront_matter: {how_to_play: true}\n"
                            "sections:\n  - {name: Shapes, count: 1, grid: 4x4, symbols: shapes, symmetry: none}\n"
                            "output: {path: shapes.pdf}\n");
  pipeline_ok(dir / "shapes.yaml", {});
  const std::string shapes = page_text(dir / "shapes.pdf", 1, dir);
  CHECK(shapes.find("A solved 4x4 puzzle: the black shapes were given, the grey ones filled in.") != std::string::npos);
  CHECK(digits_after(shapes, "the grey ones filled in.") == 1);
  spit(dir / "mixed.yaml", "profile: classroom\nseed: 4\nfront_matter: {how_to_play: true}\n"
                           "sections:\n  - {name: Shapes, count: 1, grid: 4x4, symbols: shapes, symmetry: none}\n"
                           "  - {name: Digits, count: 1, grid: 4x4, symmetry: none}\noutput: {path: mixed.pdf}\n");
  pipeline_ok(dir / "mixed.yaml", {});
  const std::string mixed = page_text(dir / "mixed.pdf", 1, dir);
  CHECK(mixed.find("the black digits were given") != std::string::npos);
  CHECK(digits_after(mixed, "the grey ones filled in.") == 1 + 16);
}

TEST_CASE("file names from children's names: ASCII slugs, collisions and empty slugs resolved the same way every time") {
  CHECK(gp::ascii_slug("Zoë O'Neil") == "zoe-oneil");
  CHECK(gp::ascii_slug("Zoë O\u2019Neil") == "zoe-oneil");
  CHECK(gp::ascii_slug("  Ana-María   Núñez ") == "ana-maria-nunez");
  CHECK(gp::ascii_slug("Wiktoria Łukasik") == "wiktoria-lukasik");
  CHECK(gp::ascii_slug("Søren Große") == "soren-grosse");
  CHECK(gp::ascii_slug("Zoe\u0301") == "zoe");  // a combining accent goes with its letter
  CHECK(gp::ascii_slug("李明").empty());
  CHECK(gp::ascii_slug("???").empty());
  CHECK(gp::ascii_slug("../../etc/passwd") == "etc-passwd");
  CHECK(gp::ascii_slug(std::string("\xff\xfe", 2) + "Ada").size() == 3);  // bytes that are no UTF-8 are gaps
  CHECK(gp::ascii_slug(std::string(100, 'a') + " b").size() == 60);
  CHECK(gp::ascii_slug("Ada " + std::string(55, 'b') + " Cy") == "ada-" + std::string(55, 'b'));  // cut at a '-'

  const std::vector<std::string> paths =
      gp::book::child_paths("out/class.pdf", {"Sam Lee", "Sam  Lee", "李明", "Answers", "sam-lee-2", "", "Child 3"});
  CHECK(paths == std::vector<std::string>{"out/class-sam-lee.pdf", "out/class-sam-lee-2.pdf", "out/class-child-3.pdf",
                                          "out/class-answers-2.pdf", "out/class-sam-lee-2-2.pdf",
                                          "out/class-child-6.pdf", "out/class-child-3-2.pdf"});
}

TEST_CASE("worksheet.split: per_child: a class of 28 gives 28 child files and one answers file") {
  TempDir dir("gridpress-classroom-test");
  const std::vector<std::string> names = {
      "Amara Okafor", "Ben Fischer",  "Chloé Martin",   "Zoë O'Neil",   "Dylan Smith",  "Ella Jones",   "Finn Murphy",
      "Grace Lee",    "Harry Brown",  "Isla Wilson",    "Jack Taylor",  "Kai Nakamura", "Leila Haddad", "Mia Davies",
      "Noah Evans",   "Olivia Thomas", "Priya Patel",   "Quinn Roberts", "Ruby Walker", "Sam Lee",      "Sam Lee",
      "Theo Wright",  "Uma Khan",     "Wiktoria Łukasik", "Xavier Green", "Σοφία",      "Yusuf Ali",    "Zara Hughes"};
  const std::vector<std::string> slugs = {
      "amara-okafor", "ben-fischer",  "chloe-martin",     "zoe-oneil",    "dylan-smith",  "ella-jones",   "finn-murphy",
      "grace-lee",    "harry-brown",  "isla-wilson",      "jack-taylor",  "kai-nakamura", "leila-haddad", "mia-davies",
      "noah-evans",   "olivia-thomas", "priya-patel",     "quinn-roberts", "ruby-walker", "sam-lee",      "sam-lee-2",
      "theo-wright",  "uma-khan",     "wiktoria-lukasik", "xavier-green", "child-26",     "yusuf-ali",    "zara-hughes"};
  std::string list;
  for (const std::string& n : names) list += n + "\n";
  spit(dir / "class.txt", list);
  // Two sheets a child: four 4x4 shapes (Puzzle 1-4), then two 6x6 puzzles (Puzzle 5-6).
  spit(dir / "class.yaml",
       "profile: classroom\nseed: 5\ndedup: exact\nworksheet: {names_file: class.txt, split: per_child}\n"
       "sections:\n  - {name: Shapes, count: 4, grid: 4x4, symbols: shapes, symmetry: none, clues: [6, 8]}\n"
       "  - {name: Sixes, count: 2, grid: 6x6, per_page: 2, clues: [16, 20]}\n"
       "answers: {layout: 3x3}\noutput: {path: out/class.pdf}\n");
  const gp::book::BookRun run = pipeline_ok(dir / "class.yaml", {});

  // 28 child files named by the child, one answers file, the manifests; no book of everyone.
  REQUIRE(run.child_files.size() == 28);
  std::set<std::string> expected{"class-answers.pdf", "class.json", "class.csv"}, found;
  for (std::size_t i = 0; i < 28; ++i) {
    CHECK(run.child_files[i] == (dir / "out") + "/class-" + slugs[i] + ".pdf");
    expected.insert("class-" + slugs[i] + ".pdf");
  }
  for (const auto& e : fs::directory_iterator(dir / "out")) found.insert(e.path().filename().string());
  CHECK(found == expected);
  CHECK(run.files.size() == 29);

  // Each child's file: two pages, page 1 the four shapes, page 2 the two 6x6 puzzles, the child's
  // name on both, and no other child's.
  require_tool("pdfinfo");
  for (std::size_t i = 0; i < 28; ++i) {
    INFO(names[i]);
    const std::string pdf = dir / ("out/class-" + slugs[i] + ".pdf");
    const Output info = shell("pdfinfo '" + pdf + "'", dir);
    REQUIRE(info.code == 0);
    CHECK(info.out.find("Pages:           2\n") != std::string::npos);
    const std::string one = page_text(pdf, 1, dir), two = page_text(pdf, 2, dir);
    CHECK(one.find(names[i]) != std::string::npos);
    CHECK(two.find(names[i]) != std::string::npos);
    CHECK(one.find("Puzzle 4") != std::string::npos);
    CHECK(one.find("Puzzle 5") == std::string::npos);
    CHECK(two.find("Puzzle 5") != std::string::npos);  // numbers run on through the child's sheets
    CHECK(two.find("Puzzle 6") != std::string::npos);
    CHECK(two.find("Puzzle 4") == std::string::npos);
    CHECK(two.find("Puzzle 7") == std::string::npos);
    for (std::size_t j = 0; j < 28; ++j)
      if (names[j] != names[i]) CHECK(one.find(names[j]) == std::string::npos);
  }
  // The manifest says which file and page each puzzle is on.
  const json m = json::parse(slurp(dir / "out/class.json"));
  REQUIRE(m["puzzles"].size() == 28 * 6);
  for (std::size_t k = 0; k < m["puzzles"].size(); ++k) {
    const json& p = m["puzzles"][k];
    const std::size_t child = k / 6;
    CHECK(p["pupil"] == names[child]);
    CHECK(p["file"] == "class-" + slugs[child] + ".pdf");
    CHECK(p["page"] == (k % 6 < 4 ? 1 : 2));
    CHECK(p["answer_file"] == "class-answers.pdf");
    // Compact answers (3x3 a page): the 112 shapes answers run on over pages 1-13, child after
    // child; the 56 6x6 answers over pages 14-20.
    const int at = k % 6 < 4 ? static_cast<int>(child * 4 + k % 6) : static_cast<int>(112 + child * 2 + k % 6 - 4);
    CHECK(p["answer_page"] == (k % 6 < 4 ? at / 9 + 1 : 14 + (at - 112) / 9));
  }
  const Output pages = shell("pdfinfo '" + (dir / "out/class-answers.pdf") + "'", dir);
  CHECK(pages.out.find("Pages:           20\n") != std::string::npos);
  // The answers: one file for the class, every child's answers in it, headed by the name.
  const Output ainfo = shell("pdftotext '" + (dir / "out/class-answers.pdf") + "' -", dir);
  REQUIRE(ainfo.code == 0);
  for (std::size_t i = 0; i < 28; ++i) CHECK(ainfo.out.find(names[i]) != std::string::npos);

  // --format png: each child's pages named by the child.
  spit(dir / "png.yaml",
       "profile: classroom\nseed: 5\ndedup: exact\nworksheet: {names: [Ada, Zoë O'Neil], split: per_child}\n"
       "sections:\n  - {name: Shapes, count: 4, grid: 4x4, symbols: shapes, symmetry: none, clues: [6, 8]}\n"
       "  - {name: Sixes, count: 2, grid: 6x6, per_page: 2, clues: [16, 20]}\n"
       "output: {path: png/class.png, png_dpi: 36}\n");
  pipeline_ok(dir / "png.yaml", {});
  found.clear();
  for (const auto& e : fs::directory_iterator(dir / "png")) found.insert(e.path().filename().string());
  CHECK(found == std::set<std::string>{"class-ada-001.png", "class-ada-002.png", "class-zoe-oneil-001.png",
                                       "class-zoe-oneil-002.png", "class-answers-001.png", "class-answers-002.png",
                                       "class-answers-003.png", "class.json", "class.csv"});
}

TEST_CASE("worksheet.split: refused where it cannot apply, at its place") {
  TempDir dir("gridpress-classroom-test");
  CHECK(problems(dir, "profile: classroom\nworksheet: {split: halves, names: [A, B]}\nsections:\n  - count: 1\n").size() ==
        1);
  CHECK(problems(dir, "profile: classroom\nworksheet: {split: halves, names: [A, B]}\nsections:\n  - count: 1\n")
            .front()
            .starts_with("2:20: worksheet.split: "));
  CHECK(problems(dir, "profile: classroom\nworksheet: {split: per_child}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:20: worksheet.split: per_child is for a class list (worksheet.names or "
                                 "names_file): a file for each child"});
  CHECK(problems(dir, "profile: classroom\nworksheet: {split: per_child, names: [A, B]}\nanswers: {placement: end}\n"
                      "sections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:20: worksheet.split: per_child writes the answers as one file for the class: set "
                                 "answers.placement: separate (or answers.enabled: false), so no child's file carries "
                                 "the answers"});
  CHECK(problems(dir, "profile: classroom\nworksheet: {split: per_child, names: [A, B]}\n"
                      "front_matter: {contents: true}\nsections:\n  - count: 1\n") ==
        std::vector<std::string>{"2:20: worksheet.split: per_child: a child's file has no contents page; set "
                                 "front_matter.contents: false"});
}
