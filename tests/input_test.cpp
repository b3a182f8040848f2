// The puzzle reader (input/puzzle_reader.hpp): every input form it knows, read from strings and
// from the samples in tests/data/formats, and the errors it gives (input name, line, what the
// line looked like).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"

using gp::input::PuzzleReader;

namespace {

const std::string kFormats = std::string(GRIDPRESS_TEST_DATA) + "/formats/";
const std::string kP1 = "6..4.7.5...8.......7...24.3..4......7..2..3.....19..2....73.1...6.8.....58.....4.";
const std::string kP2 = "...859........35.....6...8...14....5..7....3.8...1.7..3.2...46....5..2....87....1";

// Each item as its puzzle line, or "ERR " and the error text.
std::vector<std::string> read_all(std::istream& in, const std::string& name, std::string* failure = nullptr) {
  PuzzleReader reader(in, name);
  std::vector<std::string> out;
  while (auto item = reader.next())
    out.push_back(item->grid ? gp::format_line(*item->grid) : "ERR " + item->grid.error().to_string());
  if (failure) *failure = reader.failure().to_string();
  return out;
}

std::vector<std::string> read_text(const std::string& text, std::string* failure = nullptr) {
  std::istringstream in(text);
  return read_all(in, "t.txt", failure);
}

std::vector<std::string> read_file(const std::string& name) {
  std::ifstream in(kFormats + name, std::ios::binary);
  REQUIRE(in);
  return read_all(in, name);
}

std::vector<std::string> rows_of(const std::string& p, const std::string& sep = "") {
  std::vector<std::string> rows;
  for (int r = 0; r < 9; ++r) rows.push_back(p.substr(static_cast<size_t>(r) * 9, 9) + sep);
  return rows;
}

}  // namespace

TEST_CASE("reader: one puzzle a line, text after the first blank ignored, comments and blank lines skipped") {
  CHECK(read_text("# two\n\n" + kP1 + " a solution or a note\n" + kP2 + "\n") == std::vector<std::string>{kP1, kP2});
  CHECK(read_file("lines.txt") == std::vector<std::string>{kP1, kP2});
  // A 4x4 line and a 16x16 grid row are both 16 characters: a value above 4 makes it a row.
  CHECK(read_text("1..4.3..2..1...3\n") == std::vector<std::string>{"1..4.3..2..1...3"});
}

TEST_CASE("reader: blanks written as *, -, x, _ or 0") {
  CHECK(read_file("blanks.txt") == std::vector<std::string>(5, kP1));
  CHECK(read_text(std::string(81, '_') + "\n" + std::string(81, 'X') + "\n") ==
        std::vector<std::string>(2, std::string(81, '.')));
}

TEST_CASE("reader: grids with and without separators (generate --format grid, qqwing, .sdk, .ss)") {
  // generate --format grid --with-solution: the solution grids after '# solution' are skipped.
  CHECK(read_file("grid.txt") == std::vector<std::string>{kP1, kP2});
  CHECK(read_file("puzzle.sdk") == std::vector<std::string>{kP1});
  CHECK(read_file("puzzle.ss") == std::vector<std::string>{kP1});
  const auto qq = read_file("qqwing.txt");
  REQUIRE(qq.size() == 2);
  CHECK(qq[0] == "...4..9.1.....1..53...8...795.8.76.....5...186.3.............8....9465.....3..4..");
  CHECK(read_file("qqwing-compact.txt") ==
        std::vector<std::string>{".8..92....13....5....4........95.17.9.......8.752....3....2.......384...7.4..1..."});
  // Compact rows with '-' blanks, then the same with '=' rules between bands.
  std::string text;
  for (const auto& r : rows_of(kP1)) text += r + "\n";
  for (char& c : text)
    if (c == '.') c = '-';
  CHECK(read_text(text) == std::vector<std::string>{kP1});
  text.clear();
  int i = 0;
  for (const auto& r : rows_of(kP1)) text += (i && i % 3 == 0 ? "===+===+===\n" : "") + r + "\n", ++i;
  CHECK(read_text(text) == std::vector<std::string>{kP1});
}

TEST_CASE("reader: CSV with a header naming the puzzle column, or without one") {
  CHECK(read_file("generate.csv") == std::vector<std::string>{kP1, kP2});
  CHECK(read_file("noheader.csv") == std::vector<std::string>{kP1, kP2});
  const auto qq = read_file("qqwing.csv");  // "Puzzle,Solution,"
  REQUIRE(qq.size() == 2);
  CHECK(qq[0] == "...4..9.1.....1..53...8...795.8.76.....5...186.3.............8....9465.....3..4..");
  CHECK(read_text("id,\"quizzes\"\n7,\"" + kP2 + "\"\n") == std::vector<std::string>{kP2});
  CHECK(read_text("a,b\n1,2\n") ==
        std::vector<std::string>{"ERR t.txt:1: CSV with no puzzle field and no header naming one (puzzle, quizzes or givens): 'a,b'",
                                 "ERR t.txt:2: CSV with no puzzle field and no header naming one (puzzle, quizzes or givens): '1,2'"});
}

TEST_CASE("reader: JSON as generate writes it, or a list of puzzles") {
  CHECK(read_file("generate.json") == std::vector<std::string>{kP1, kP2});
  CHECK(read_text("[\"" + kP1 + "\", {\"puzzle\": \"" + kP2 + "\"}]") == std::vector<std::string>{kP1, kP2});
  CHECK(read_text("{\"puzzles\": [1]}") == std::vector<std::string>{"ERR t.txt:1: puzzles[0]: no puzzle string"});
  CHECK(read_text("{\"puzzles\": [\n  \"123\"\n]}") == std::vector<std::string>{"ERR t.txt:2: 3 cells, expected 16"});
  CHECK(read_text("{\"puzzles\": ") ==
        std::vector<std::string>{"ERR t.txt:1: not valid JSON (input starting with '{' is read as JSON, as generate "
                                 "--format json writes it)"});
  // generate --variant x: each puzzle carries its rules.
  std::istringstream in("{\"puzzles\": [{\"puzzle\": \"" + kP1 + "\", \"variant\": \"x\"}]}");
  PuzzleReader reader(in, "v.json");
  auto item = reader.next();
  REQUIRE(item);
  REQUIRE(item->grid);
  REQUIRE(item->grid->board);
  CHECK(item->grid->board->variant == gp::Variant::kX);
}

TEST_CASE("reader: a UTF-8 byte order mark and CRLF line ends are not cells") {
  CHECK(read_file("bom.txt") == std::vector<std::string>{kP1, kP2});
}

TEST_CASE("reader: errors name the input and line and say what the line looked like") {
  CHECK(read_file("solo.txt") ==
        std::vector<std::string>{"ERR solo.txt:1: a game ID of Simon Tatham's Solo ('3x3:f6a4a7a5c8g7c24a3b4f...'), not "
                                 "a puzzle: give the grid instead (in Solo: Game > Copy)"});
  CHECK(read_text("\n" + std::string(80, '.') + "\n") == std::vector<std::string>{"ERR t.txt:2: 80 cells, expected 81"});
  CHECK(read_text("hello world\n") ==
        std::vector<std::string>{"ERR t.txt:1: not a puzzle: 'hello world' (11 characters) is neither a puzzle line "
                                 "(16, 36, 64, 81, 144 or 256 cells), a grid row (4 to 16 cells) nor CSV with a puzzle "
                                 "column"});
  // A short line alone is not a grid; the line after it is read afresh.
  CHECK(read_text("1234\n" + kP1 + "\n") ==
        std::vector<std::string>{"ERR t.txt:1: 4 cells: not a puzzle line (16, 36, 64, 81, 144 or 256 cells), nor the "
                                 "first of 4 grid rows",
                                 kP1});
  // A grid cut short, and a row of the wrong width.
  std::string text;
  for (const auto& r : rows_of(kP1)) text += r + "\n";
  CHECK(read_text(text.substr(0, 50)) ==
        std::vector<std::string>{"ERR t.txt:1: the input ended inside a grid of 9 columns, after 5 rows"});
  CHECK(read_text(text.substr(0, 20) + "12\n") ==
        std::vector<std::string>{"ERR t.txt:3: row 3 of the grid from line 1 should have 9 cells: '12'"});
  CHECK(read_text("\xFF\xFEx\n") ==
        std::vector<std::string>{"ERR t.txt:1: UTF-16 text; puzzle input is ASCII or UTF-8 (save the file as UTF-8)"});
}

TEST_CASE("reader: a line longer than the cap ends the input, the puzzles before it count") {
  std::string failure;
  CHECK(read_text(kP1 + "\n" + std::string(gp::input::kMaxInputLine + 1, '1') + "\n" + kP2 + "\n", &failure) ==
        std::vector<std::string>{kP1});
  CHECK(failure == "t.txt:2: longer than 65536 characters (not a puzzle file?)");
}
