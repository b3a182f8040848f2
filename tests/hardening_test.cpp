// Hostile input, round 3 (issue 31, part B), through the readers and the real binary: manifest
// entries that contradict themselves, read errors, variant data that fails to parse, standard input
// that is a folder, minified JSON, and the bounds on work and search. Each case is a clear refusal
// naming the file and place, with a non-zero exit, in bounded time.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "catalogue/sources.hpp"
#include "cli_support.hpp"
#include "core/codec.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"
#include "pdfcheck_support.hpp"
#include "solver/solver.hpp"

namespace fs = std::filesystem;
using gp::test::gridpress;
using gp::test::Output;
using gp::test::slurp;
using gp::test::spit;
using gp::test::TempDir;

namespace {

const std::string kData = GRIDPRESS_TEST_DATA;
const std::string kP1 = "6..4.7.5...8.......7...24.3..4......7..2..3.....19..2....73.1...6.8.....58.....4.";
// A jigsaw puzzle and its regions (tests/data/solver_cli_jigsaw.txt).
const std::string kJigsaw = "....3.....1......3....1.2.4....5.6.2..........21....9.6...2.............7...8..4.";
const std::string kRegions = "111222222111112324551333324556633344556663444755668844757688889777688989777999999";

// A manifest of one puzzle object (its JSON members given as text).
std::string manifest(const std::string& members) {
  return "{\"title\": \"T\", \"puzzles\": [{" + members + "}]}\n";
}

std::string read_error(const std::string& path) {
  auto src = gp::catalogue::read_source(path);
  return src ? std::string() : src.error().to_string();
}

// Each item of `text` as its puzzle line (and " jigsaw"/" killer" for those boards), or "ERR " and
// the error text; the reader's failure, if any, last as "FAIL ...".
std::vector<std::string> read_text(const std::string& text) {
  std::istringstream in(text);
  gp::input::PuzzleReader reader(in, "t.txt");
  std::vector<std::string> out;
  while (auto item = reader.next()) {
    if (!item->grid) {
      out.push_back("ERR " + item->grid.error().to_string());
      continue;
    }
    out.push_back(gp::format_line(*item->grid) +
                  (item->grid->variant() == gp::Variant::kClassic ? "" : " " + std::string(gp::variant_name(item->grid->variant()))));
  }
  if (reader.failed()) out.push_back("FAIL " + reader.failure().to_string());
  return out;
}

}  // namespace

TEST_CASE("hardening: every manifest entry goes through one checked path (variant, length, regions, cages)") {
  TempDir dir("gridpress-hardening");
  const std::string m = dir / "m.json";
  // The review's crash: "variant" samurai on 81 givens (the board has 369 cells).
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"variant\": \"samurai\""));
  CHECK(read_error(m) == m + ": puzzles[0]: \"variant\": \"samurai\" does not fit givens of 81 cells (9x9): a samurai "
                             "board is 441 characters, '#' off the board");
  // And with a canonical form given (the board was not built then, the entry kept as it was).
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"canonical\": \"x\", \"variant\": \"samurai\""));
  CHECK(read_error(m).find(m + ": puzzles[0]: \"variant\": \"samurai\" does not fit givens of 81 cells") == 0);
  // A variant the size cannot have, an unknown one, a 16-cell line under hyper.
  spit(m, manifest("\"givens\": \"1..4.3..2..1...3\", \"variant\": \"hyper\""));
  CHECK(read_error(m).find(m + ": puzzles[0]: hyper") == 0);
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"variant\": \"hypr\""));
  CHECK(read_error(m).find(m + ": puzzles[0]: \"variant\": unknown variant 'hypr'") == 0);
  // A samurai board under another variant.
  std::string samurai(441, '#');
  for (int r = 0; r < 21; ++r)
    for (int c = 0; c < 21; ++c)
      if ((r < 9 || r >= 12 || (c >= 6 && c < 15)) && (c < 9 || c >= 12 || (r >= 6 && r < 15))) samurai[static_cast<size_t>(r * 21 + c)] = '.';
  spit(m, manifest("\"givens\": \"" + samurai + "\", \"variant\": \"x\""));
  CHECK(read_error(m) == m + ": puzzles[0]: a samurai board (441 characters with '#') needs \"variant\": \"samurai\", not x");
  // A solution of another size.
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"solution\": \"1234341221434321\""));
  CHECK(read_error(m) == m + ": puzzles[0]: \"solution\" is not a full grid of the givens' 81 cells");
  // Regions and cages: read, checked, and only on their variant.
  spit(m, manifest("\"givens\": \"" + kJigsaw + "\", \"variant\": \"jigsaw\", \"regions\": \"" + kRegions + "\""));
  auto src = gp::catalogue::read_source(m);
  REQUIRE(src.ok());
  CHECK(src->entries.at(0).canonical.size() > 81);  // the digits and the region map
  spit(m, manifest("\"givens\": \"" + kJigsaw + "\", \"variant\": \"jigsaw\", \"regions\": \"" + kRegions.substr(1) + "\""));
  CHECK(read_error(m) == m + ": puzzles[0]: jigsaw regions: 80 characters, expected 81");
  spit(m, manifest("\"givens\": \"" + kJigsaw + "\", \"variant\": \"jigsaw\""));
  CHECK(read_error(m) == m + ": puzzles[0]: a jigsaw puzzle without its \"regions\"");
  spit(m, manifest("\"givens\": \"" + kJigsaw + "\", \"regions\": \"" + kRegions + "\""));
  CHECK(read_error(m) == m + ": puzzles[0]: \"regions\" belong to a jigsaw puzzle, not to variant classic");
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"variant\": \"killer\", \"cages\": [{\"sum\": 3, \"cells\": [0, 1]}]"));
  CHECK(read_error(m).find(m + ": puzzles[0]: killer cages: ") == 0);
  spit(m, manifest("\"givens\": \"" + kP1 + "\", \"variant\": \"killer\", \"cages\": [{\"sum\": 3, \"cells\": [0, 99999]}]"));
  CHECK(read_error(m) == m + ": puzzles[0]: \"cages\" [0]: a cell that is not a cell number");

  // CSV manifests: the variant and regions columns are read (they were ignored: a jigsaw was
  // read as classic), through the same checks, errors by line.
  const std::string c = dir / "m.csv";
  spit(c, "section,number,givens,variant,regions\nA,1," + kJigsaw + ",jigsaw," + kRegions + "\nA,2," + kP1 + ",samurai,\n");
  CHECK(read_error(c) == c + ": line 3: \"variant\": \"samurai\" does not fit givens of 81 cells (9x9): a samurai board "
                             "is 441 characters, '#' off the board");
  spit(c, "section,number,givens,variant,regions\nA,1," + kJigsaw + ",jigsaw," + kRegions + "\n");
  auto csv = gp::catalogue::read_source(c);
  REQUIRE(csv.ok());
  spit(m, manifest("\"givens\": \"" + kJigsaw + "\", \"variant\": \"jigsaw\", \"regions\": \"" + kRegions + "\""));
  CHECK(csv->entries.at(0).canonical == gp::catalogue::read_source(m)->entries.at(0).canonical);
}

TEST_CASE("hardening: catalogue import, exclude and newspaper.exclude refuse a contradicting manifest entry") {
  TempDir dir("gridpress-hardening");
  spit(dir / "bad.json", manifest("\"givens\": \"" + kP1 + "\", \"variant\": \"samurai\""));
  Output r = gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "bad.json" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err.find(dir / "bad.json" + ": puzzles[0]: \"variant\": \"samurai\" does not fit givens of 81 cells") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "c.db"));

  spit(dir / "s.yaml", "title: S\nseed: 1\npage: { size: 6x9 }\nexclude: bad.json\n"
                       "sections:\n  - { count: 2, grid: 4x4, layout: 1x2 }\noutput: { path: s.pdf }\n");
  r = gridpress("book '" + dir / "s.yaml" + "' -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("exclude: " + dir / "bad.json" + ": puzzles[0]: \"variant\": \"samurai\"") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "s.pdf"));

  spit(dir / "n.yaml", slurp(kData + "/newspaper/week.yaml"));
  std::string n = slurp(dir / "n.yaml");
  REQUIRE(n.find("newspaper:") != std::string::npos);
  n.replace(n.find("newspaper:"), 10, "newspaper:\n  exclude: bad.json");
  spit(dir / "n.yaml", n);
  r = gridpress("book '" + dir / "n.yaml" + "' -q --format svg -o '" + dir / "out/week.json" + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find(dir / "bad.json" + ": puzzles[0]: \"variant\": \"samurai\"") != std::string::npos);
}

TEST_CASE("hardening: a read error in a puzzle reader is reported with the input and line, never thrown") {
  TempDir dir("gridpress-hardening");
  // A folder opened as a file: the first read fails (EISDIR); libstdc++'s file buffer throws.
  std::ifstream folder(dir.path);
  REQUIRE(folder.is_open());
  gp::input::PuzzleReader reader(folder, "dir");
  CHECK_FALSE(reader.next().has_value());
  CHECK(reader.failure().to_string() == "dir:1: read error (Is a directory)");

  // /proc/self/mem is a regular file of size 0 whose first page cannot be read (EIO).
  Output r = gridpress("solve /proc/self/mem", dir);
  CHECK(r.code == 1);
  CHECK(r.err == "/proc/self/mem:1: read error (Input/output error)\n");
  r = gridpress("grade /proc/self/mem", dir);
  CHECK(r.code == 1);
  CHECK(r.err == "/proc/self/mem:1: read error (Input/output error)\n");
  r = gridpress("catalogue import -c '" + dir / "c.db" + "' /proc/self/mem", dir);
  CHECK(r.code == 1);
  CHECK(r.err.find("/proc/self/mem:1: read error (Input/output error)") != std::string::npos);

  // Standard input that is a folder: an error, not an empty answer with exit 0.
  for (const std::string cmd : {"solve", "grade", "solve -"}) {
    r = gridpress(cmd + " < '" + dir.path.string() + "'", dir);
    CHECK(r.code == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "<stdin>: is a directory, not a puzzle file\n");
  }
}

TEST_CASE("hardening: variant data on a puzzle line that fails to parse is an error with the line, never dropped") {
  const std::string p = kJigsaw;
  // Good: regions and cages taken.
  CHECK(read_text(p + " " + kRegions + "\n") == std::vector<std::string>{p + " jigsaw"});
  // A region map one character short, one too long, a 0-based map: errors on their line.
  std::string zero = kRegions;
  for (char& ch : zero) ch = static_cast<char>(ch - 1);
  CHECK(read_text("# x\n" + p + " " + kRegions.substr(1) + "\n") ==
        std::vector<std::string>{"ERR t.txt:2: jigsaw regions: 80 characters, expected 81"});
  CHECK(read_text(p + " " + kRegions + "9\n") ==
        std::vector<std::string>{"ERR t.txt:1: jigsaw regions: 82 characters, expected 81"});
  CHECK(read_text(p + " " + zero + "\n").at(0).find("ERR t.txt:1: jigsaw regions: ") == 0);
  // Cages not starting with a digit's cell, or without their sums.
  CHECK(read_text(p + " 0+1;2+3\n").at(0).find("ERR t.txt:1: killer cages: ") == 0);
  CHECK(read_text(p + " +0+1=3\n").at(0).find("ERR t.txt:1: killer cages: ") == 0);
  // What stays ignored after the puzzle: a solution, a note, a rating, a clue count.
  const std::string solution = "295431678714856923863719254549168732327945186186327495658273149431592867972684351";
  CHECK(read_text(kP1 + " " + solution + "\n") == std::vector<std::string>{kP1});
  CHECK(read_text(kP1 + " 3.4 hard\n" + kP1 + " 27\n" + kP1 + " #12345\n") == std::vector<std::string>(3, kP1));

  // JSON: a "variant" that is not a name.
  CHECK(read_text("{\"puzzles\": [{\"puzzle\": \"" + kP1 + "\", \"variant\": 5}]}") ==
        std::vector<std::string>{"ERR t.txt:1: puzzles[0]: \"variant\" is not a name (classic, x, hyper, jigsaw, samurai or killer): 5"});

  // Through the binary: exit 1 and the line, not a classic answer.
  TempDir dir("gridpress-hardening");
  spit(dir / "j.txt", p + " " + kRegions.substr(1) + "\n");
  const Output r = gridpress("solve '" + dir / "j.txt" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err == dir / "j.txt" + ":1: jigsaw regions: 80 characters, expected 81\n");
  CHECK(r.out == "error\n");
}

TEST_CASE("hardening: minified JSON longer than a line's cap is read whole") {
  // 1,200 puzzles on one line: about 110 KB, past the 64 KiB a line may hold.
  nlohmann::json doc;
  doc["puzzles"] = nlohmann::json::array();
  for (int i = 0; i < 1200; ++i) doc["puzzles"].push_back({{"puzzle", kP1}, {"rating", 1.5}});
  const std::string text = doc.dump();
  REQUIRE(text.size() > gp::input::kMaxInputLine);
  const auto items = read_text(text);
  REQUIRE(items.size() == 1200);
  CHECK(items.front() == kP1);
  CHECK(items.back() == kP1);
  // With a byte order mark, and as a bare list.
  CHECK(read_text("\xEF\xBB\xBF" + text).size() == 1200);
  CHECK(read_text(doc["puzzles"].dump()).size() == 1200);
  // A long line that is not JSON is still refused at the cap.
  CHECK(read_text(std::string(70000, '1')) ==
        std::vector<std::string>{"FAIL t.txt:1: longer than 65536 characters (not a puzzle file?)"});
  // And a long JSON line after other content is not JSON input.
  CHECK(read_text(kP1 + "\n" + text).back() == "FAIL t.txt:2: longer than 65536 characters (not a puzzle file?)");

  TempDir dir("gridpress-hardening");
  spit(dir / "min.json", text);
  const Output r = gridpress("solve --count '" + dir / "min.json" + "'", dir);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1200);
}

TEST_CASE("hardening: one bound on the puzzles of a run, checked by spec and book with the place") {
  TempDir dir("gridpress-hardening");
  // 1,000 sections of 100,000 puzzles: each section within its own cap, 100,000,000 in all.
  std::string big = "title: Big\nsections:\n";
  for (int i = 0; i < 1000; ++i) big += "  - { count: 100000, grid: 4x4 }\n";
  spit(dir / "big.yaml", big);
  for (const std::string cmd : {"spec", "book"}) {
    const Output r = gridpress(cmd + " '" + dir / "big.yaml" + "'", dir);
    CHECK(r.code == 2);
    CHECK(r.err.find(dir / "big.yaml" + ":4:14: sections[1].count: the 1000 sections make 100000000 puzzles; a run "
                                         "makes at most 100000 puzzles") != std::string::npos);
    CHECK(r.out.find("ok") == std::string::npos);
  }
  // Exactly the bound is fine: two sections of 50,000.
  spit(dir / "edge.yaml", "title: Edge\nsections:\n  - { count: 50000, grid: 4x4 }\n  - { count: 50000, grid: 4x4 }\n");
  Output r = gridpress("spec '" + dir / "edge.yaml" + "'", dir);
  CHECK(r.code == 0);
  // A class list multiplies: 300 names x 400 puzzles.
  std::string names;
  for (int i = 0; i < 300; ++i) names += "Pupil " + std::to_string(i) + "\n";
  spit(dir / "class.txt", names);
  spit(dir / "class.yaml", "title: Class\nworksheet:\n  names_file: class.txt\nsections:\n  - { count: 400, grid: 4x4 }\n");
  r = gridpress("spec '" + dir / "class.yaml" + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find(dir / "class.yaml" + ":3:15: worksheet.names_file: 300 names x 400 puzzles each make 120000 puzzles; a run "
                                         "makes at most 100000 puzzles") != std::string::npos);
}

TEST_CASE("hardening: preflight's content walk has work limits (form fan-out, compression bombs)") {
  namespace pt = pdfcheck_test;
  pt::TempDir dir;
  // Forms 5..20, each drawing the next 8 times: 8^15 walks of the last one without a limit.
  std::vector<std::string> forms;
  for (int k = 0; k < 16; ++k) {
    const int self = 5 + k;
    std::string content, resources;
    if (k < 15) {
      resources = "/Resources << /XObject << /N " + std::to_string(self + 1) + " 0 R >> >>";
      for (int i = 0; i < 8; ++i) content += "/N Do ";
    } else {
      content = "1 w 0 0 m 10 10 l S";
    }
    forms.push_back(pt::stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400] " + resources, content));
  }
  pt::write_file(dir / "fan.pdf", pt::one_page_pdf("/F Do", "/XObject << /F 5 0 R >>", forms));
  CHECK(pt::messages(pt::checked(dir / "fan.pdf", pt::only_content())) ==
        pt::Strings{"page 1: gave up after 50000 form drawings: preflight's work limit for one page (forms drawing forms "
                    "many times over?)"});
  // A form drawn a few times over is walked each time, within the limits.
  pt::write_file(dir / "few.pdf", pt::one_page_pdf("/F Do /F Do", "/XObject << /F 5 0 R >>",
                                                   {pt::stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400]",
                                                               "0.2 w 0 0 m 10 0 l S")}));
  CHECK(pt::messages(pt::checked(dir / "few.pdf", pt::only_content())) ==
        pt::Strings{"page 1: a line 0.20 pt wide (the minimum is 0.75 pt)"});

  // 40 KB of Flate that decodes to 20 MiB: measured before it is parsed, refused past 16 MiB.
  CHECK(pt::messages(pt::checked(kData + "/hostile/flate_bomb.pdf", pt::only_content())) ==
        pt::Strings{"page 1: the page's content decodes to more than 16 MiB: preflight's limit for one content stream"});
  CHECK(pt::messages(pt::checked(kData + "/hostile/flate_bomb.pdf", pt::only_content()), "work-limit").size() == 1);
  // The command: the page was not checked, so exit 1 even without --strict.
  TempDir tmp("gridpress-hardening");
  const Output r = gridpress("preflight --rules none '" + kData + "/hostile/flate_bomb.pdf'", tmp);
  CHECK(r.code == 1);
  CHECK(r.out.find("page 1: the page's content decodes to more than 16 MiB") != std::string::npos);
}

TEST_CASE("hardening: solve and grade give a search up at its node budget, deterministically") {
  // Count-based: the same grid and budget give the same outcome every time.
  const gp::Grid empty16(*gp::standard_shape(16));
  const gp::solver::Outcome a = gp::solver::count_solutions_within(empty16, 2, 5000);
  CHECK(a.count == 2);  // an empty grid has many solutions, two found well within 5000 nodes
  CHECK_FALSE(a.exhausted_budget);
  CHECK(gp::solver::count_solutions_within(empty16, 2, 10).exhausted_budget);
  auto hard = gp::parse_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
  REQUIRE(hard.ok());
  const gp::solver::Outcome full = gp::solver::count_solutions_within(*hard, 2, 1 << 30);
  CHECK(full.count == 1);
  CHECK_FALSE(full.exhausted_budget);
  REQUIRE(full.nodes > 2);
  const gp::solver::Outcome cut = gp::solver::count_solutions_within(*hard, 2, full.nodes / 2);
  CHECK(cut.exhausted_budget);
  CHECK(cut.nodes == full.nodes / 2);
  const gp::solver::Outcome again = gp::solver::count_solutions_within(*hard, 2, full.nodes / 2);
  CHECK(again.count == cut.count);
  CHECK(again.nodes == cut.nodes);

  TempDir dir("gridpress-hardening");
  spit(dir / "hard.txt", "# a hard one\n" + gp::format_line(*hard) + "\n" + kP1 + "\n");
  const std::string budget = std::to_string(full.nodes / 2);
  Output r = gridpress("solve --max-nodes " + budget + " '" + dir / "hard.txt" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.out.substr(0, 6) == "error\n");
  CHECK(r.out.size() == 6 + 82);  // the next puzzle is still solved
  CHECK(r.err.find(dir / "hard.txt" + ":2: gave up after " + budget + " search nodes") == 0);
  r = gridpress("grade --max-nodes " + budget + " '" + dir / "hard.txt" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err.find(dir / "hard.txt" + ":2: gave up after " + budget + " search nodes") == 0);
  CHECK(r.err.find("(not rated)") != std::string::npos);
  // The review's case: a 9x9 jigsaw whose regions make the search exponential (it ran past 600 s).
  // With the default budget it stops after 2,000,000 nodes (about 2 s); here a smaller one.
  spit(dir / "jigsaw.txt", std::string(81, '.') +
                               " 122222233112224333111114333155444463555444666555777666858777966888777999888899999\n");
  r = gridpress("solve --max-nodes 20000 '" + dir / "jigsaw.txt" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.out == "error\n");
  CHECK(r.err == dir / "jigsaw.txt" + ":1: gave up after 20000 search nodes without finding a solution (raise "
                                       "--max-nodes to search longer)\n");
  r = gridpress("grade --max-nodes 20000 '" + dir / "jigsaw.txt" + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err == dir / "jigsaw.txt" + ":1: gave up after 20000 search nodes without finding a solution (raise "
                                       "--max-nodes to search longer) (not rated)\n");
  // With the default budget both answer.
  r = gridpress("solve '" + dir / "hard.txt" + "'", dir);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
}
