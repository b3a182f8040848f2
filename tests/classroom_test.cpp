// Worksheets for a class: a class list (worksheet.names or names_file) makes every section once
// per child, with the child's name on the Name line, the puzzles numbered from 1 on each child's
// sheets, and answers headed with the child's name. Runs the book pipeline in this process and
// reads the PDFs back with pdftotext.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace gp::test;

namespace {

// The text of page `page` of `pdf`.
std::string page_text(const std::string& pdf, int page, const TempDir& dir) {
  require_tool("pdftotext");
  const std::string p = std::to_string(page);
  const Output r = shell("pdftotext -f " + p + " -l " + p + " '" + pdf + "' -", dir);
  REQUIRE(r.code == 0);
  return r.out;
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
  // The answers: one page a child, headed with the name.
  CHECK(page_text(dir / "class-answers.pdf", 2, dir).find("Answers for Ben: Six by six") != std::string::npos);
  CHECK(page_text(dir / "class-answers.pdf", 3, dir).find("Answers for Chloé: Six by six") != std::string::npos);
}

TEST_CASE("a class list from a file: one name a line; mistakes are reported at the key") {
  TempDir dir("gridpress-classroom-test");
  // A byte order mark, CRLF line ends, a comment, blank lines and spaces around names.
  spit(dir / "3b.txt", "\xEF\xBB\xBF# Class 3B\r\nAda Byrne\r\n\r\n  Ben Fischer  \r\nChloé Martin");
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
