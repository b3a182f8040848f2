// The book command end to end (the real binary on tests/data/books/*.yaml), checked with pdfinfo,
// pdffonts and qpdf; determinism across runs and --jobs; errors and atomic output; the manifest.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_support.hpp"
#include "core/codec.hpp"
#include "layout/layout.hpp"
#include "render/manifest.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

const std::string kBooks = std::string(GRIDPRESS_TEST_DATA) + "/books";

using Run = test::Output;
using test::TempDir;
using test::slurp;

Run run(const std::string& command, const TempDir& dir) { return test::shell(command, dir); }

using test::gridpress;

std::string field(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  if (at == std::string::npos) return "";
  const auto end = text.find('\n', at);
  std::string v = text.substr(at + key.size(), end - at - key.size());
  v.erase(0, v.find_first_not_of(' '));
  return v;
}

}  // namespace

TEST_CASE("book: a small book is a valid PDF with embedded fonts and the planned pages") {
  TempDir dir;
  const Run r = test::book_ok(kBooks + "/small.yaml", dir / "small.pdf", dir, "--jobs 2");
  CHECK(r.out.empty());  // the summary goes to stderr; not a terminal: no progress
  CHECK(r.err.rfind("wrote " + (dir / "small.pdf") + ": ", 0) == 0);
  CHECK(r.err.find(" puzzles in ") != std::string::npos);
  CHECK(r.err.find('\r') == std::string::npos);

  // The page count the layout plans for this spec.
  auto spec = spec::load_book_spec(kBooks + "/small.yaml");
  REQUIRE(spec.ok());
  std::vector<int> counts;
  for (const auto& s : spec->sections) counts.push_back(s.count);
  render::PangoTextMeasure measure;
  auto plan = layout::plan_book(*spec, counts, measure);
  REQUIRE(plan.ok());
  CHECK(r.err.find(": " + std::to_string(plan->book_pages) + " pages, 10 puzzles") != std::string::npos);

  for (const char* tool : {"pdfinfo", "pdffonts", "qpdf"}) test::require_tool(tool);
  const Run info = run("pdfinfo '" + (dir / "small.pdf") + "'", dir);
  REQUIRE(info.code == 0);
  CHECK(field(info.out, "Pages:") == std::to_string(plan->book_pages));
  CHECK(field(info.out, "Page size:") == "432 x 648 pts");  // 6 x 9 in
  CHECK(field(info.out, "Title:") == "Test Book");
  CHECK(field(info.out, "Author:") == "A. Setter");
  CHECK(field(info.out, "Creator:") == "gridpress 0.1.0");
  CHECK(field(info.out, "CreationDate:") == "Sat Jan  1 00:00:00 2000 UTC");

  const Run fonts = run("pdffonts '" + (dir / "small.pdf") + "'", dir);
  REQUIRE(fonts.code == 0);
  std::istringstream lines(fonts.out);
  std::string line;
  int font_rows = 0;
  std::getline(lines, line);  // header
  std::getline(lines, line);  // ----
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    ++font_rows;
    INFO(line);
    // Columns: name type encoding emb sub uni object ID; "emb" is 5th from the end.
    std::istringstream cols(line);
    std::vector<std::string> c;
    for (std::string w; cols >> w;) c.push_back(w);
    REQUIRE(c.size() >= 7);
    CHECK(c[c.size() - 5] == "yes");
    CHECK(line.find("DejaVu") != std::string::npos);
  }
  CHECK(font_rows >= 2);

  const Run check = run("qpdf --check '" + (dir / "small.pdf") + "'", dir);
  INFO(check.out);
  CHECK(check.code == 0);
  CHECK(check.out.find("No syntax or stream encoding errors found") != std::string::npos);
}

TEST_CASE("book: manifest lists every puzzle with its pages, givens and solution") {
  TempDir dir;
  const Run r = test::book_ok(kBooks + "/small.yaml", dir / "b.pdf", dir, "--quiet");
  CHECK(r.out.empty());  // --quiet: no summary
  CHECK(r.err.empty());

  const auto doc = nlohmann::json::parse(slurp(dir / "b.json"));
  CHECK(doc["title"] == "Test Book");
  CHECK(doc["book"] == "b.pdf");
  CHECK(doc["seed"] == 7);
  const auto& puzzles = doc["puzzles"];
  REQUIRE(puzzles.size() == 10);
  for (size_t i = 0; i < puzzles.size(); ++i) {
    const auto& p = puzzles[i];
    INFO(p.dump());
    CHECK(p["number"] == static_cast<int>(i) + 1);
    CHECK(p["section"] == (i < 4 ? "Warm-up" : "Small grids"));
    CHECK(p["grid"] == (i < 4 ? "9x9" : "6x6"));
    const std::string givens = p["givens"], solution = p["solution"];
    auto g = parse_line(givens);
    auto s = parse_line(solution);
    REQUIRE(g.ok());
    REQUIRE(s.ok());
    CHECK(s->complete());
    for (int c = 0; c < g->size(); ++c)
      if (g->cells[static_cast<size_t>(c)] != 0) CHECK(g->cells[static_cast<size_t>(c)] == s->cells[static_cast<size_t>(c)]);
    CHECK(p["clues"] == g->clue_count());
    if (i < 4) CHECK(p["clues"] == 30);
    CHECK(p["page"].get<int>() > 0);
    CHECK(p["answer_page"].get<int>() > p["page"].get<int>());
    CHECK(p["answer_file"] == "b.pdf");
    CHECK(p["rating"].is_number());  // graded
    CHECK(p["label"].is_string());
  }
  const std::string csv = slurp(dir / "b.csv");
  CHECK(csv.rfind("section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest\n", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 11);
}

TEST_CASE("book: the same spec gives identical bytes, for any --jobs") {
  TempDir dir;
  fs::create_directories(dir.path / "a");
  fs::create_directories(dir.path / "b");
  test::pipeline_ok(kBooks + "/small.yaml", {dir / "a/book.pdf", "", {}, ""}, 1);
  test::pipeline_ok(kBooks + "/small.yaml", {dir / "b/book.pdf", "", {}, ""}, 2);
  const std::string pdf = slurp(dir / "a/book.pdf");
  CHECK(pdf.size() > 10000);
  CHECK(pdf == slurp(dir / "b/book.pdf"));
  CHECK(slurp(dir / "a/book.json") == slurp(dir / "b/book.json"));
  CHECK(slurp(dir / "a/book.csv") == slurp(dir / "b/book.csv"));

  // A different seed gives a different book.
  test::pipeline_ok(kBooks + "/small.yaml", {dir / "c.pdf", "", 8, ""});
  CHECK(slurp(dir / "c.json") != slurp(dir / "a/book.json"));
}

TEST_CASE("book: SVG and PNG pages, one file per page") {
  TempDir dir;
  const book::BookRun run = test::pipeline_ok(kBooks + "/small.yaml", {dir / "p.svg", "", {}, ""});
  CHECK(run.files.size() == static_cast<size_t>(run.book_pages));
  const auto doc = nlohmann::json::parse(slurp(dir / "p.json"));
  const int pages = doc["pages"];
  REQUIRE(pages > 2);
  CHECK(doc["files"].size() == static_cast<size_t>(pages));
  CHECK(doc["files"][0] == "p-001.svg");
  for (int i = 1; i <= pages; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "p-%03d.svg", i);
    CHECK(fs::exists(dir / name));
  }
  CHECK(slurp(dir / "p-001.svg").find("width=\"432pt\" height=\"648pt\"") != std::string::npos);

  // Pages of an earlier, longer book under the same names go once the new one is in place (only
  // the consecutive run after the last page).
  char stale[2][32];
  for (int i = 0; i < 2; ++i) {
    std::snprintf(stale[i], sizeof stale[i], "p-%03d.svg", pages + 1 + 2 * i);  // p-N+1, p-N+3
    test::spit(dir / stale[i], "old page");
  }
  test::pipeline_ok(kBooks + "/small.yaml", {dir / "p.svg", "", {}, ""});
  CHECK_FALSE(fs::exists(dir / stale[0]));
  CHECK(fs::exists(dir / stale[1]));

  test::pipeline_ok(kBooks + "/small.yaml", {dir / "q.png", "", {}, ""});
  const std::string bytes = slurp(dir / "q-001.png");
  REQUIRE(bytes.size() > 24);
  CHECK(bytes.substr(1, 3) == "PNG");
  // IHDR width/height at 150 dpi (the spec default): 6 x 9 in -> 900 x 1350 px.
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  CHECK(be32(16) == 900);
  CHECK(be32(20) == 1350);
}

TEST_CASE("book: spec problems are all reported, exit 2, nothing written") {
  TempDir dir;
  const std::string out = dir / "book.pdf";
  {
    std::ofstream(out) << "previous book";
  }
  fs::copy_file(kBooks + "/bad.yaml", dir / "bad.yaml");
  const Run r = gridpress("book '" + (dir / "bad.yaml") + "' -o '" + out + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  const std::string f = dir / "bad.yaml";
  CHECK(r.err == f + ":6:12: sections[0].clues: a 9x9 puzzle with 12 clues cannot have a unique solution (17 is the proven minimum)\n" +
                     f + ":8:12: sections[1].count: expected a whole number, got 'two'\n" +
                     f + ":9:5: sections[1].symetry: unknown key; did you mean 'symmetry'?\n");
  CHECK(slurp(out) == "previous book");
  CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 4);  // + stdout/stderr

  // Problems found after parsing (a missing font) are reported the same way.
  fs::copy_file(kBooks + "/bad_font.yaml", dir / "bad_font.yaml");
  const Run font = gridpress("book '" + (dir / "bad_font.yaml") + "' -o '" + out + "'", dir);
  CHECK(font.code == 2);
  CHECK(font.err == (dir / "bad_font.yaml") +
                        ": theme.font: font 'No Such Font Qwxz' is not installed (fontconfig would use 'DejaVu Sans' instead)\n");
  CHECK(slurp(out) == "previous book");
}

TEST_CASE("book: answers in a separate document") {
  TempDir dir;
  const Run r = test::book_ok(kBooks + "/separate.yaml", dir / "w.pdf", dir);
  CHECK(r.err.find("; answers: " + (dir / "w-answers.pdf") + ", ") != std::string::npos);
  CHECK(fs::exists(dir / "w-answers.pdf"));
  const auto doc = nlohmann::json::parse(slurp(dir / "w.json"));
  CHECK(doc["files"] == nlohmann::json::array({"w.pdf", "w-answers.pdf"}));
  for (const auto& p : doc["puzzles"]) {
    CHECK(p["answer_file"] == "w-answers.pdf");
    CHECK(p["answer_page"] == 1);
  }
  test::require_tool("pdfinfo");
  const Run info = run("pdfinfo '" + (dir / "w-answers.pdf") + "'", dir);
  CHECK(field(info.out, "Pages:") == "1");
  CHECK(field(info.out, "Title:") == "Worksheet - answers");
  CHECK(field(info.out, "Page size:") == "595.276 x 841.89 pts (A4)");
}

TEST_CASE("book: the book, its answers, cover and manifest replace the earlier ones together or not at all") {
  TempDir dir;
  const std::string spec = dir / "w.yaml", pdf = dir / "w.pdf";
  test::spit(spec, slurp(kBooks + "/separate.yaml") + "cover: true\n");
  test::book_ok(spec, pdf, dir, "-q");
  const char* const names[] = {"w.pdf", "w-answers.pdf", "w-cover.pdf", "w.json", "w.csv"};
  std::map<std::string, std::string> before;
  for (const char* name : names) before[name] = slurp(dir / name);
  const auto hidden_files = [&] {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir.path)) n += e.path().filename().string()[0] == '.';
    return n;
  };

  // A folder where the cover goes (the last document): refused before any work; every earlier
  // file is as it was, byte for byte, and no temporary is left. (A rename that fails part way
  // through the group is tested on render::Staging itself.)
  fs::remove(dir / "w-cover.pdf");
  fs::create_directory(dir / "w-cover.pdf");
  const std::string again = "book '" + spec + "' -o '" + pdf + "' -q --seed 5";
  Run r = gridpress(again, dir);
  CHECK(r.code == 2);
  CHECK(r.err == "cannot write '" + (dir / "w-cover.pdf") + "': it is a folder, not a regular file\n");
  for (const char* name : names)
    if (name != std::string("w-cover.pdf")) CHECK(slurp(dir / name) == before[name]);
  CHECK(hidden_files() == 0);

  // The same with the answers in the way: no cover appears either.
  fs::remove(dir / "w-cover.pdf");
  fs::remove(dir / "w-answers.pdf");
  fs::create_directory(dir / "w-answers.pdf");
  r = gridpress(again, dir);
  CHECK(r.code == 2);
  CHECK(r.err == "cannot write '" + (dir / "w-answers.pdf") + "': it is a folder, not a regular file\n");
  CHECK(slurp(pdf) == before["w.pdf"]);
  CHECK(slurp(dir / "w.json") == before["w.json"]);
  CHECK_FALSE(fs::exists(dir / "w-cover.pdf"));
  CHECK(hidden_files() == 0);

  // With the way clear the same command replaces all five (seed 5 is another book).
  fs::remove(dir / "w-answers.pdf");
  test::book_ok(spec, pdf, dir, "-q --seed 5");
  for (const char* name : names) CHECK(slurp(dir / name) != before[name]);
  CHECK(hidden_files() == 0);
}

TEST_CASE("book: layout problems are reported with the spec's place, before generating") {
  TempDir dir;
  const Run r = gridpress("book '" + kBooks + "/tiny_cells.yaml' -o '" + (dir / "t.pdf") + "'", dir);
  CHECK(r.code == 2);
  const std::string f = kBooks + "/tiny_cells.yaml";
  CHECK(r.err.rfind(f + ":7:13: sections[0]: 16x16 grids at 4x4 per page would get ", 0) == 0);
  CHECK(r.err.find("cells; use fewer per page\n") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "t.pdf"));
}

TEST_CASE("book: an unwritable destination fails cleanly") {
  TempDir dir;
  const Run r = gridpress("book '" + kBooks + "/small.yaml' -o /proc/gridpress-no/book.pdf", dir);
  CHECK(r.code == 1);
  CHECK(r.err.find("cannot write '/proc/gridpress-no/book.pdf': ") == 0);
}

TEST_CASE("manifest text: CSV quoting, unrated puzzles") {
  render::ManifestEntry e;
  e.section = "Warm-up, \"easy\"";
  e.number = 3;
  e.page = 5;
  e.grid = "4x4";
  e.givens = "1...............";
  e.solution = "1234341221434321";
  e.clues = 1;
  e.symmetry = "none";
  e.seed = 18446744073709551615ull;
  CHECK(render::manifest_csv({e}) ==
        "section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest\n"
        "\"Warm-up, \"\"easy\"\"\",3,5,0,4x4,1...............,1234341221434321,1,none,18446744073709551615,,,\n");
  render::ManifestInfo info;
  info.title = "T";
  const auto doc = nlohmann::json::parse(render::manifest_json(info, {e}));
  CHECK(doc["puzzles"][0]["rating"].is_null());
  CHECK(doc["puzzles"][0]["seed"].get<std::uint64_t>() == 18446744073709551615ull);
  e.rating = 2.6;
  e.label = "hard";
  CHECK(render::manifest_csv({e}).find(",2.6,hard,\n") != std::string::npos);

  // Streamed JSON is laid out exactly as the whole document dumped at once.
  info.files = {"a.pdf"};
  for (const auto& entries : {std::vector<render::ManifestEntry>{}, std::vector<render::ManifestEntry>{e, e}}) {
    const std::string text = render::manifest_json(info, entries);
    CHECK(nlohmann::ordered_json::parse(text).dump(2) + "\n" == text);
  }
}

TEST_CASE("book: output.color gray gives PDFs on the black plate only, answers included") {
  test::require_tool("gs");
  TempDir dir;
  for (const char* color : {"gray", "rgb"}) {
    test::spit(dir / (std::string(color) + ".yaml"),
               std::string("profile: classroom\nseed: 3\nsections:\n  - count: 4\n    grid: 4x4\n"
                           "output: {path: ") + color + ".pdf, color: " + color + "}\n");
    test::book_ok(dir / (std::string(color) + ".yaml"), "", dir, "-q");
    for (const std::string& file : {std::string(color) + ".pdf", std::string(color) + "-answers.pdf"}) {
      INFO(file);
      const auto ink = test::ink_coverage(dir / file, dir);
      REQUIRE(ink.size() == 1);
      if (std::string(color) == "gray") {
        CHECK(ink[0][0] + ink[0][1] + ink[0][2] == 0);
        CHECK(ink[0][3] > 0.01);
      } else {
        CHECK(ink[0][0] > 0);  // Cairo's RGB black: rich black on all four plates
      }
    }
  }
}
