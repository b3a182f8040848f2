// Newspaper runs end to end (the real binary): one file per day and format at the exact column
// width (pdfinfo, the SVG's width, PNG pixels, the EPS header and bounding box), captions, the
// weekday ramp, numbering (spec and --start-number), file names from the templates, the manifest,
// no repeats across runs with `exclude`, atomic output, and spec errors with their place.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace gp::test;

namespace {

const std::string kData = std::string(GRIDPRESS_TEST_DATA) + "/newspaper";
constexpr double kColumnPt = 11.5 * 12;  // the newspaper profile's width, 11.5 pc

// A short run written into `dir` as NAME.yaml: `days` days from Monday 2026-03-02, pdf only, into
// the folder NAME; `extra` adds newspaper keys.
std::string short_spec(const TempDir& dir, const std::string& name, const std::string& extra, int days = 3) {
  const std::string path = dir / (name + ".yaml");
  spit(path,
       "profile: newspaper\nseed: 11\nnewspaper:\n  start_date: 2026-03-02\n  days: " + std::to_string(days) +
           "\n  formats: [pdf]\n" + extra + "output: {path: " + name + "/run.json}\n");
  return path;
}

json manifest(const std::string& path) {
  return json::parse(slurp(path));
}

std::set<std::string> canonical_forms(const json& m) {
  std::set<std::string> out;
  for (const auto& p : m["puzzles"]) out.insert(p["canonical"].get<std::string>());
  return out;
}

// The first number after `key` in `text` ("%%BoundingBox: 0 0 138 170" with key "0 0 " ...).
double number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  if (at == std::string::npos) return -1;
  return std::atof(text.c_str() + at + key.size());
}

}  // namespace

TEST_CASE("newspaper: a week in pdf, eps, svg and png at the exact column width") {
  TempDir dir("gridpress-newspaper-test");
  const Output r = book_ok(kData + "/week.yaml", dir / "week.json", dir, "--jobs 2");
  CHECK(r.out.empty());  // the summary goes to stderr
  // The time varies: everything before and after it is exact.
  const std::string head = "wrote 56 files (pdf, eps, svg, png) for 7 puzzles in ";
  REQUIRE(r.err.rfind(head, 0) == 0);
  const std::size_t secs_end = r.err.find(" s: ", head.size());
  REQUIRE(secs_end != std::string::npos);
  CHECK(r.err.substr(secs_end) == " s: No. 1201 2026-03-02 .. No. 1207 2026-03-08, to " + dir.path.string() +
                                      "/; manifest " + (dir / "week.json") + "; next run: --start-number 1208\n");

  // Exactly the files of the run (names from the templates) and the manifest; no temporaries.
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path)) names.insert(e.path().filename().string());
  std::set<std::string> expected{"week.json", "week.csv", "stdout.txt", "stderr.txt"};
  const char* dates[] = {"2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05",
                         "2026-03-06", "2026-03-07", "2026-03-08"};
  for (const char* date : dates)
    for (const char* ext : {"pdf", "eps", "svg", "png"}) {
      expected.insert(std::string("sudoku-") + date + "." + ext);
      expected.insert(std::string("sudoku-") + date + "-solution." + ext);
    }
  CHECK(names == expected);

  // The manifest: every file, date, number, weekday ramp, canonical forms.
  const json m = manifest(dir / "week.json");
  CHECK(m["kind"] == "newspaper");
  CHECK(m["start_number"] == 1201);
  CHECK(m["next_number"] == 1208);
  CHECK(m["files"].size() == 56);
  REQUIRE(m["puzzles"].size() == 7);
  const char* weekdays[] = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
  const char* labels[] = {"easy", "easy", "medium", "medium", "hard", "hard", "expert"};
  for (int d = 0; d < 7; ++d) {
    const json& p = m["puzzles"][static_cast<size_t>(d)];
    CHECK(p["date"] == dates[d]);
    CHECK(p["weekday"] == weekdays[d]);
    CHECK(p["number"] == 1201 + d);
    CHECK(p["label"] == labels[d]);
    CHECK(p["canonical"].get<std::string>().size() == 81);
    CHECK(p["files"][0] == std::string("sudoku-") + dates[d] + ".pdf");
    CHECK(p["solution_files"][1] == std::string("sudoku-") + dates[d] + "-solution.eps");
    CHECK(p["caption"] ==
          "No. " + std::to_string(1201 + d) + " - " + weekdays[d] + " " + dates[d] + " - " + labels[d]);
  }
  CHECK(canonical_forms(m).size() == 7);
  const std::string csv = slurp(dir / "week.csv");
  CHECK(csv.rfind("date,weekday,number,label,rating,hardest,clues,grid,givens,solution,canonical,seed,files,"
                  "solution_files\n"
                  "2026-03-02,Monday,1201,easy,",
                  0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 8);

  // SVG: the width asked for (in pt), and greys only: every colour is rgb(g%, g%, g%).
  const std::string svg = slurp(dir / "sudoku-2026-03-04.svg");
  const std::string svg_tag =
      svg.substr(svg.find("<svg"), svg.find('>', svg.find("<svg")) - svg.find("<svg"));
  CHECK(number_after(svg_tag, " width=\"") == Approx(kColumnPt));
  CHECK(svg_tag.find(" width=\"138pt\"") != std::string::npos);
  const std::string svgs = svg + slurp(dir / "sudoku-2026-03-04-solution.svg");  // with grey digits
  int colours = 0;
  for (auto at = svgs.find("rgb("); at != std::string::npos; at = svgs.find("rgb(", at + 1), ++colours) {
    char* end = nullptr;
    const double red = std::strtod(svgs.c_str() + at + 4, &end);
    const double green = std::strtod(end + 2, &end);  // skips "%,"
    const double blue = std::strtod(end + 2, &end);
    CHECK(red == green);
    CHECK(green == blue);
  }
  CHECK(colours > 0);

  // EPS: the EPS header on the first line and a bounding box exactly the column wide.
  const std::string eps = slurp(dir / "sudoku-2026-03-08-solution.eps");
  CHECK(eps.substr(0, eps.find('\n')) == "%!PS-Adobe-3.0 EPSF-3.0");
  CHECK(eps.find("%%BoundingBox: 0 0 138 ") != std::string::npos);
  CHECK(number_after(eps, "%%HiResBoundingBox: 0 0 ") == Approx(kColumnPt));

  // PNG: width x dpi pixels (IHDR width, big-endian, at byte 16).
  const std::string png = slurp(dir / "sudoku-2026-03-02.png");
  REQUIRE(png.size() > 24);
  const auto byte = [&](size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(png[i])); };
  const unsigned px = byte(16) << 24 | byte(17) << 16 | byte(18) << 8 | byte(19);
  CHECK(px == static_cast<unsigned>(std::lround(kColumnPt / 72 * 100)));

  gp::test::require_tool("pdfinfo");
  for (const char* date : dates) {
    for (const char* suffix : {"", "-solution"}) {
      const Output info =
          shell("pdfinfo '" + (dir / (std::string("sudoku-") + date + suffix + ".pdf")) + "'", dir);
      REQUIRE(info.code == 0);
      CHECK(number_after(info.out, "Pages:") == 1);
      CHECK(number_after(info.out, "Page size:") == Approx(kColumnPt).margin(0.01));
    }
  }
}

TEST_CASE("newspaper: numbering from the spec and from --start-number; same seed, same puzzles") {
  TempDir dir("gridpress-newspaper-test");
  const std::string spec = short_spec(dir, "a", "  start_number: 40\n");
  Output r = book_ok(spec, "", dir, "-q");
  CHECK(r.out.empty());
  const json first = manifest(dir / "a/run.json");
  CHECK(first["puzzles"][0]["number"] == 40);
  CHECK(first["puzzles"][2]["number"] == 42);

  // --start-number continues the series: other numbers, other puzzles (a number and its day's
  // request decide the puzzle; each weekday has a rating slice of its own, so No. 41 made on a
  // Monday is not the No. 41 made on a Tuesday).
  book_ok(spec, dir / "b/run.json", dir, "--start-number 41 -q");
  const json second = manifest(dir / "b/run.json");
  CHECK(second["start_number"] == 41);
  CHECK(second["puzzles"][0]["number"] == 41);
  CHECK(second["puzzles"][0]["caption"] == "No. 41 - Monday 2026-03-02 - easy");
  for (int d : {0, 1, 2}) CHECK(canonical_forms(first).count(second["puzzles"][d]["canonical"]) == 0);
  // The same numbers on the same days again: the same puzzles.
  book_ok(spec, dir / "c/run.json", dir, "--start-number 40 -q");
  CHECK(canonical_forms(manifest(dir / "c/run.json")) == canonical_forms(first));
  CHECK(second["next_number"] == 44);

  // --start-number needs a newspaper spec.
  spit(dir / "book.yaml", "sections:\n  - count: 1\n");
  r = gridpress("book '" + (dir / "book.yaml") + "' --start-number 3", dir);
  CHECK(r.code == 2);
  CHECK(r.err ==
        dir / "book.yaml" + ": --start-number is for newspaper runs (the spec has no newspaper: mapping)\n");
}

TEST_CASE("newspaper: ratings never fall from one day to the next within a band") {
  // Two weeks of medium puzzles: one request every day, so the whole run is one stretch. Left as
  // the generator makes them, ratings from 1.5 to 2.5 would come in random order. (Easy puzzles
  // at the band's default clues, 36-40, nearly all rate 1.2: no order to test there.)
  TempDir dir("gridpress-newspaper-test");
  std::string every_day_easy = "  weekday_difficulty: {";
  for (const char* day : {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
    every_day_easy += std::string(day) + ": medium, ";
  every_day_easy += "}\n";
  const std::string spec = short_spec(dir, "easy", every_day_easy, 14);
  book_ok(spec, "", dir, "-q");
  const json m = manifest(dir / "easy/run.json");
  REQUIRE(m["puzzles"].size() == 14);
  std::set<double> seen;
  for (size_t d = 1; d < 14; ++d) {
    CHECK(m["puzzles"][d]["rating"].get<double>() >= m["puzzles"][d - 1]["rating"].get<double>());
    seen.insert(m["puzzles"][d]["rating"].get<double>());
  }
  CHECK(seen.size() >= 2);  // both ratings occur, so the order was not there by chance

}

TEST_CASE("newspaper: the default week rises in seven steps, Monday to Sunday") {
  // Each weekday has a rating slice of its band (Monday SE <= 1.2, Tuesday 1.2-1.5, ... Sunday
  // 4.0-6.0), so every day is rated strictly above the day before. Before the slices, Monday and
  // Tuesday (both easy) were rated alike in 47 of 52 weeks (docs/newspaper.md). Two weeks, two seeds.
  TempDir dir("gridpress-newspaper-test");
  book_ok(kData + "/week.yaml", dir / "week/week.json", dir, "--format svg -q");
  book_ok(short_spec(dir, "other", "", 7), "", dir, "-q");
  for (const char* path : {"week/week.json", "other/run.json"}) {
    INFO(path);
    const json week = manifest(dir / path);
    REQUIRE(week["puzzles"].size() == 7);
    CHECK(week["puzzles"][0]["weekday"] == "Monday");
    const char* labels[] = {"easy", "easy", "medium", "medium", "hard", "hard", "expert"};
    for (size_t d = 0; d < 7; ++d) {
      CHECK(week["puzzles"][d]["label"] == labels[d]);
      if (d > 0) CHECK(week["puzzles"][d]["rating"].get<double>() > week["puzzles"][d - 1]["rating"].get<double>());
    }
  }
}

TEST_CASE("newspaper: PDFs print on the black plate only; EPS ink sits exactly on its box") {
  gp::test::require_tool("gs");
  TempDir dir("gridpress-newspaper-test");
  spit(dir / "ink.yaml",
       "profile: newspaper\nseed: 11\nnewspaper: {start_date: 2026-03-02, days: 2, formats: [pdf, eps]}\n"
       "output: {path: ink/run.json}\n");
  book_ok(dir / "ink.yaml", "", dir, "-q");
  for (const char* name : {"sudoku-2026-03-02", "sudoku-2026-03-03-solution"}) {
    INFO(name);
    const auto ink = ink_coverage(dir / (std::string("ink/") + name + ".pdf"), dir);
    REQUIRE(ink.size() == 1);
    CHECK(ink[0][0] == 0);  // cyan
    CHECK(ink[0][1] == 0);  // magenta
    CHECK(ink[0][2] == 0);  // yellow
    CHECK(ink[0][3] > 0.01);

    // The ink of the EPS from the bottom edge (the grid's border) to at most the box's top.
    const std::string eps = dir / (std::string("ink/") + name + ".eps");
    const Output bbox = shell("gs -q -dNOPAUSE -dBATCH -sDEVICE=bbox '" + eps + "'", dir);  // box on stderr
    REQUIRE(bbox.code == 0);
    const double height = number_after(slurp(eps), "%%HiResBoundingBox: 0 0 138.000 ");
    REQUIRE(height > 100);
    const auto at = bbox.err.find("%%HiResBoundingBox: ");
    REQUIRE(at != std::string::npos);
    std::istringstream hires(bbox.err.substr(at + 20));
    double x0 = -1, y0 = -1, x1 = -1, y1 = -1;
    hires >> x0 >> y0 >> x1 >> y1;
    CHECK(x0 >= 0);
    CHECK(y0 == Approx(0).margin(0.05));
    CHECK(x1 <= kColumnPt + 0.01);
    CHECK(y1 <= height + 0.01);
    CHECK(y1 > height - 2);  // the caption's first line reaches (nearly) the top
  }

  // The same run without output.color: gray puts black on all four plates (what the rewrite fixes).
  spit(dir / "rgb.yaml",
       "profile: newspaper\nseed: 11\nnewspaper: {start_date: 2026-03-02, days: 1, formats: [pdf]}\n"
       "output: {path: rgb/run.json, color: rgb}\n");
  book_ok(dir / "rgb.yaml", "", dir, "-q");
  const auto rgb = ink_coverage(dir / "rgb/sudoku-2026-03-02.pdf", dir);
  REQUIRE(rgb.size() == 1);
  CHECK(rgb[0][0] > 0);
}

TEST_CASE("summary lines count one puzzle and one page in the singular") {
  TempDir dir("gridpress-newspaper-test");
  Output r = book_ok(short_spec(dir, "one", "", 1), "", dir);
  CHECK(r.err.rfind("wrote 2 files (pdf) for 1 puzzle in ", 0) == 0);
  spit(dir / "book.yaml",
       "front_matter: false\nanswers: false\nprint: {pad_even: false}\nsections:\n  - count: 1\n    grid: 4x4\n"
       "    per_page: 1\n    heading_page: false\noutput: {path: book.pdf}\n");
  r = book_ok(dir / "book.yaml", "", dir);
  CHECK(r.err.find(": 1 page, 1 puzzle in ") != std::string::npos);
}

TEST_CASE("newspaper: puzzles of earlier runs never repeat when their manifests are excluded") {
  TempDir dir("gridpress-newspaper-test");
  book_ok(short_spec(dir, "one", ""), "", dir, "-q");
  const std::set<std::string> first = canonical_forms(manifest(dir / "one/run.json"));
  REQUIRE(first.size() == 3);

  // The same run again, excluding the first one's manifest (JSON), then both (the second as CSV).
  book_ok(short_spec(dir, "two", "  exclude: one/run.json\n"), "", dir, "-q");
  const std::set<std::string> second = canonical_forms(manifest(dir / "two/run.json"));
  REQUIRE(second.size() == 3);
  for (const auto& c : second) CHECK_FALSE(first.count(c));
  book_ok(short_spec(dir, "three", "  exclude: [one/run.json, two/run.csv]\n"), "", dir, "-q");
  for (const auto& c : canonical_forms(manifest(dir / "three/run.json"))) {
    CHECK_FALSE(first.count(c));
    CHECK_FALSE(second.count(c));
  }

  // Without the exclusion the same spec gives the same puzzles again: it is the list that prevents
  // repeats.
  book_ok(short_spec(dir, "again", ""), "", dir, "-q");
  CHECK(canonical_forms(manifest(dir / "again/run.json")) == first);

  // An ordinary book's manifest (no canonical forms) excludes through its givens.
  spit(dir / "book.json", "{\"puzzles\": [{\"givens\": \"" +
                              manifest(dir / "one/run.json")["puzzles"][0]["givens"].get<std::string>() +
                              "\"}]}");
  // Monday's puzzle is replaced; Tuesday's comes back.
  book_ok(short_spec(dir, "four", "  exclude: book.json\n"), "", dir, "-q");
  const json four = manifest(dir / "four/run.json"), one = manifest(dir / "one/run.json");
  CHECK(four["puzzles"][0]["canonical"] != one["puzzles"][0]["canonical"]);
  CHECK(four["puzzles"][1]["canonical"] == one["puzzles"][1]["canonical"]);

  // A file that is not a manifest is refused, naming it.
  spit(dir / "notes.json", "[1, 2]");
  Output r = gridpress("book '" + short_spec(dir, "five", "  exclude: notes.json\n") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err ==
        "newspaper.exclude: " + (dir / "notes.json") + ": not a gridpress manifest (no \"puzzles\" list)\n");
  CHECK_FALSE(fs::exists(dir / "five"));
}

TEST_CASE("newspaper: file names from the templates; a failed run leaves the earlier files untouched") {
  TempDir dir("gridpress-newspaper-test");
  const std::string spec = short_spec(
      dir, "out", "  file_name: \"daily-{number}-{weekday}\"\n  solution_file_name: \"answer-{number}\"\n");
  book_ok(spec, "", dir, "-q");
  for (const char* name :
       {"daily-1-Monday.pdf", "daily-3-Wednesday.pdf", "answer-1.pdf", "answer-3.pdf", "run.json", "run.csv"})
    CHECK(fs::exists(dir / (std::string("out/") + name)));
  const std::string before = slurp(dir / "out/daily-1-Monday.pdf");

  // A solution would overwrite another day's puzzle (No. 1's puzzle and No. 11's solution are both
  // "11.pdf"): refused before anything is written.
  const std::string clash =
      short_spec(dir, "out", "  file_name: \"{number}1\"\n  solution_file_name: \"{number}\"\n", 11);
  Output r = gridpress("book '" + clash + "' --jobs 2", dir);
  CHECK(r.code == 2);
  CHECK(r.err ==
        dir / "out.yaml" + ":3:1: newspaper.solution_file_name: '" + (dir / "out/11.pdf") +
            "' would be written twice (for Monday 2026-03-02 and Thursday 2026-03-12); the file name "
            "templates must give every file of the run its own name\n");
  CHECK_FALSE(fs::exists(dir / "out/111.pdf"));

  // A folder in the way of the last file: refused before anything is written; the earlier run's
  // files are unchanged, and no temporaries are left behind.
  fs::create_directories(dir / "out/answer-7.pdf");
  r = gridpress("book '" +
                    short_spec(dir, "out",
                               "  file_name: \"daily-{number}-{weekday}\"\n  solution_file_name: "
                               "\"answer-{number}\"\n  start_number: 5\n") +
                    "'",
                dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("answer-7.pdf': it is a folder, not a regular file") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out/daily-5-Monday.pdf"));
  CHECK(slurp(dir / "out/daily-1-Monday.pdf") == before);
  CHECK(manifest(dir / "out/run.json")["start_number"] == 1);
  for (const auto& e : fs::directory_iterator(dir / "out"))
    CHECK(e.path().filename().string().rfind(".gp-stage", 0) != 0);
}

TEST_CASE("newspaper: solutions named for the day they run, fixed link names and the daily feed") {
  TempDir dir("gridpress-newspaper-test");
  const std::string spec = short_spec(dir, "out",
                                      "  start_number: 1201\n  solution_runs: next_day\n"
                                      "  link_name: \"sudoku-{weekday}\"\n"
                                      "  solution_link_name: \"solution-{weekday}\"\n"
                                      "  feed_file_name: \"feed-{date}\"\n");
  const Output r = book_ok(spec, "", dir, "");
  // 3 days: puzzle, solution, two links and the feed with its link: 6 files a day.
  CHECK(r.err.rfind("wrote 18 files (pdf) for 3 puzzles in ", 0) == 0);
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir / "out")) names.insert(e.path().filename().string());
  CHECK(names == std::set<std::string>{"sudoku-2026-03-02.pdf", "sudoku-2026-03-03.pdf", "sudoku-2026-03-04.pdf",
                                       // the solution of Monday's puzzle runs on Tuesday, ...
                                       "sudoku-2026-03-03-solution.pdf", "sudoku-2026-03-04-solution.pdf",
                                       "sudoku-2026-03-05-solution.pdf", "sudoku-Monday.pdf", "sudoku-Tuesday.pdf",
                                       "sudoku-Wednesday.pdf", "solution-Tuesday.pdf", "solution-Wednesday.pdf",
                                       "solution-Thursday.pdf", "feed-2026-03-02.json", "feed-2026-03-03.json",
                                       "feed-2026-03-04.json", "sudoku-Monday.json", "sudoku-Tuesday.json",
                                       "sudoku-Wednesday.json", "run.json", "run.csv"});
  // A link is a copy of its day's file.
  CHECK(slurp(dir / "out/sudoku-Tuesday.pdf") == slurp(dir / "out/sudoku-2026-03-03.pdf"));
  CHECK(slurp(dir / "out/solution-Tuesday.pdf") == slurp(dir / "out/sudoku-2026-03-03-solution.pdf"));
  CHECK(slurp(dir / "out/sudoku-Monday.json") == slurp(dir / "out/feed-2026-03-02.json"));
  CHECK(slurp(dir / "out/sudoku-Monday.pdf") != slurp(dir / "out/sudoku-Tuesday.pdf"));

  // The manifest names the day each solution runs, the links and the feed.
  const json m = manifest(dir / "out/run.json");
  const json& monday = m["puzzles"][0];
  CHECK(monday["solution_files"] == json::array({"sudoku-2026-03-03-solution.pdf"}));
  CHECK(monday["solution_date"] == "2026-03-03");
  CHECK(monday["links"] == json::array({"sudoku-Monday.pdf", "solution-Tuesday.pdf", "sudoku-Monday.json"}));
  CHECK(monday["feed"] == "feed-2026-03-02.json");
  CHECK(m["files"].size() == 18);
  // The solution file of Monday's puzzle says whose solution it is.
  gp::test::require_tool("pdftotext");
  const Output text = shell("pdftotext '" + (dir / "out/sudoku-2026-03-03-solution.pdf") + "' -", dir);
  CHECK(text.out.find("Solution: No. 1201") != std::string::npos);  // the caption wraps in the column
  CHECK(text.out.find("2026-03-02") != std::string::npos);

  // The feed: the puzzle, its solution, number, date and rating, as docs/newspaper.md describes.
  const json feed = json::parse(slurp(dir / "out/feed-2026-03-02.json"));
  CHECK(feed["format"] == "gridpress-daily");
  CHECK(feed["version"] == 1);
  CHECK(feed["number"] == 1201);
  CHECK(feed["date"] == "2026-03-02");
  CHECK(feed["weekday"] == "Monday");
  CHECK(feed["solution_date"] == "2026-03-03");
  CHECK(feed["grid"] == "9x9");
  CHECK(feed["label"] == "easy");
  CHECK(feed["stars"] == 1);
  CHECK(feed["rating"].get<double>() == Approx(monday["rating"].get<double>()).margin(0.05));
  CHECK(feed["puzzle"] == monday["givens"]);
  CHECK(feed["solution"] == monday["solution"]);
  CHECK(feed["caption"] == monday["caption"]);
  int clues = 0;
  for (char c : feed["puzzle"].get<std::string>()) clues += c != '.';
  CHECK(feed["clues"] == clues);

  // A run of one day gets the names a layout program links to once: today.pdf, today.json.
  book_ok(short_spec(dir, "today", "  link_name: today\n  feed_file_name: \"feed-{date}\"\n", 1), "", dir, "-q");
  CHECK(slurp(dir / "today/today.pdf") == slurp(dir / "today/sudoku-2026-03-02.pdf"));
  CHECK(slurp(dir / "today/today.json") == slurp(dir / "today/feed-2026-03-02.json"));

  // A fixed name for a run of several days is refused at its place, before anything is written.
  const std::string week = short_spec(dir, "week", "  link_name: today\n");
  const Output bad = gridpress("book '" + week + "'", dir);
  CHECK(bad.code == 2);
  CHECK(bad.err == week + ":7:14: newspaper.link_name: 'today' would name every day's file alike: use it with days: "
                          "1, or name the day (e.g. 'today-{weekday}')\n");
  CHECK_FALSE(fs::exists(dir / "week"));

  // The links are part of the run's group of files: a run that fails leaves the earlier links.
  const std::string before = slurp(dir / "out/sudoku-Monday.pdf");
  fs::remove(dir / "out/solution-Thursday.pdf");
  fs::create_directories(dir / "out/solution-Thursday.pdf");
  const Output failed =
      gridpress("book '" + short_spec(dir, "out",
                                      "  start_number: 1301\n  solution_runs: next_day\n"
                                      "  link_name: \"sudoku-{weekday}\"\n"
                                      "  solution_link_name: \"solution-{weekday}\"\n") +
                    "'",
                dir);
  CHECK(failed.code == 2);
  CHECK(failed.err.find("solution-Thursday.pdf': it is a folder, not a regular file") != std::string::npos);
  CHECK(slurp(dir / "out/sudoku-Monday.pdf") == before);
  CHECK(manifest(dir / "out/run.json")["start_number"] == 1201);
}

namespace {

// A newspaper run of `days` days of `variant` puzzles into dir/NAME with a feed; its manifest.
json variant_run(const TempDir& dir, const std::string& name, const std::string& variant, int days) {
  const std::string path = dir / (name + ".yaml");
  spit(path, "profile: newspaper\nseed: 11\nsection_defaults: {variant: " + variant +
                 "}\nnewspaper:\n  start_date: 2026-03-02\n  days: " + std::to_string(days) +
                 "\n  formats: [pdf]\n  feed_file_name: \"feed-{date}\"\noutput: {path: " + name + "/run.json}\n");
  book_ok(path, "", dir, "-q");
  return manifest(dir / (name + "/run.json"));
}

}  // namespace

TEST_CASE("newspaper: every feed names its variant; killer and jigsaw feeds carry their cages and regions") {
  TempDir dir("gridpress-newspaper-test");
  // Killer: the variant and the cages (as generate --format json writes them).
  variant_run(dir, "killer", "killer", 2);
  for (const char* date : {"2026-03-02", "2026-03-03"}) {
    const json feed = json::parse(slurp(dir / ("killer/feed-" + std::string(date) + ".json")));
    CHECK(feed["variant"] == "killer");
    CHECK(feed["puzzle"] == std::string(81, '.'));
    REQUIRE(feed["cages"].is_array());
    int cells = 0;
    for (const auto& c : feed["cages"]) {
      CHECK(c["sum"].is_number_integer());
      cells += static_cast<int>(c["cells"].size());
    }
    CHECK(cells == 81);  // the cages cover the grid
  }
  // Jigsaw: the regions.
  variant_run(dir, "jigsaw", "jigsaw", 1);
  const json jfeed = json::parse(slurp(dir / "jigsaw/feed-2026-03-02.json"));
  CHECK(jfeed["variant"] == "jigsaw");
  CHECK(jfeed["regions"].get<std::string>().size() == 81);
  // Samurai: the whole board (the page is drawn whole: layout_print_test checks its five grids).
  variant_run(dir, "samurai", "samurai", 1);
  const json sfeed = json::parse(slurp(dir / "samurai/feed-2026-03-02.json"));
  CHECK(sfeed["variant"] == "samurai");
  CHECK(sfeed["puzzle"].get<std::string>().size() == 441);
  CHECK(fs::file_size(dir / "samurai/sudoku-2026-03-02.pdf") > 0);
  // A classic day says so too.
  variant_run(dir, "classic", "classic", 1);
  CHECK(json::parse(slurp(dir / "classic/feed-2026-03-02.json"))["variant"] == "classic");
}

TEST_CASE("newspaper: the manifest keeps killer cages and jigsaw regions; catalogue import records killer with its cages") {
  TempDir dir("gridpress-newspaper-test");
  const json killer = variant_run(dir, "killer", "killer", 2);
  for (int day = 0; day < 2; ++day) {
    const json& m = killer["puzzles"][day];
    const std::string date = m["date"].get<std::string>();
    const json feed = json::parse(slurp(dir / ("killer/feed-" + date + ".json")));
    CHECK(m["variant"] == "killer");
    CHECK(m["cages"] == feed["cages"]);
    CHECK(m["canonical"].get<std::string>().rfind("killer:", 0) == 0);
  }
  const std::string csv = slurp(dir / "killer/run.csv");
  CHECK(csv.substr(0, csv.find('\n')).find(",solution_files,variant,regions,cages") != std::string::npos);

  // catalogue import of its manifests (JSON and CSV) records killer puzzles with their cages.
  for (const std::string file : {"run.json", "run.csv"}) {
    const std::string db = dir / ("killer-" + file + ".db");
    const Output imp = gridpress("catalogue import -c '" + db + "' '" + dir / ("killer/" + file) + "'", dir);
    INFO(imp.err);
    REQUIRE(imp.code == 0);
    const Output list = gridpress("catalogue list -c '" + db + "' --format json", dir);
    REQUIRE(list.code == 0);
    const json listed = json::parse(list.out);
    REQUIRE(listed.size() == 2);
    std::set<std::string> forms;
    for (const auto& e : listed) {
      CHECK(e["variant"] == "killer");
      forms.insert(e["canonical"].get<std::string>());
    }
    CHECK(forms == canonical_forms(killer));  // the canonical forms hold the cages
  }

  // Jigsaw: the regions in the manifest, as in the feed.
  const json jigsaw = variant_run(dir, "jigsaw", "jigsaw", 1);
  CHECK(jigsaw["puzzles"][0]["variant"] == "jigsaw");
  CHECK(jigsaw["puzzles"][0]["regions"].get<std::string>().size() == 81);
}

TEST_CASE("newspaper: a bad width or file name template is reported at its place in the spec") {
  TempDir dir("gridpress-newspaper-test");
  Output r = gridpress("book '" + kData + "/bad_width.yaml' -o '" + (dir / "x.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == kData +
                     "/bad_width.yaml:4:10: newspaper.width: must be between 20 mm and 400 mm (a column is "
                     "about 11-12 picas), got 12.7 mm\n");
  r = gridpress("book '" + kData + "/bad_template.yaml' -o '" + (dir / "x.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err ==
        kData +
            "/bad_template.yaml:5:14: newspaper.file_name: unknown placeholder {dat}; did you mean 'date'? "
            "(use {number} {label} {rating} {clues} {grid} {date} {weekday} {stars} {yyyy} {mm} {dd})\n" +
            kData +
            "/bad_template.yaml:5:14: newspaper.file_name: must contain {date} or {number} so that each "
            "day gets its own file\n");
  CHECK_FALSE(fs::exists(dir / "x.json"));

  // A font that is not installed is named by its key, as in a book (the title font is not drawn in
  // single-puzzle files, so it is not asked for).
  const std::string fonts = short_spec(dir, "out", "", 1) + ".fonts.yaml";
  spit(fonts, slurp(short_spec(dir, "out", "", 1)) +
                  "theme: {digit_font: No Such Font Qwxz, title_font: No Such Font Qwxz}\n");
  r = gridpress("book '" + fonts + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == fonts +
                     ": theme.digit_font: font 'No Such Font Qwxz' is not installed (fontconfig would use "
                     "'DejaVu Sans' instead)\n");
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("newspaper.weekdays: any section key per weekday, in one spec and one run") {
  TempDir dir("gridpress-newspaper-test");
  // A week: a killer on Saturday, an X-Sudoku on Sunday asked as hard (not the weekday's expert), a
  // 6x6 on Wednesday; the other days from section_defaults and weekday_difficulty.
  const std::string spec = short_spec(dir, "week",
                                      "  weekdays:\n"
                                      "    wednesday: {grid: 6x6}\n"
                                      "    saturday: {variant: killer, difficulty: easy}\n"
                                      "    sunday: {variant: x, difficulty: hard}\n",
                                      7);
  book_ok(spec, "", dir, "-q --jobs 2");
  const json m = manifest(dir / "week/run.json");
  REQUIRE(m["puzzles"].size() == 7);
  const auto& d = m["puzzles"];
  CHECK(d[0]["label"] == "easy");
  CHECK(d[0]["grid"] == "9x9");
  CHECK(d[2]["weekday"] == "Wednesday");
  CHECK(d[2]["grid"] == "6x6");
  CHECK(d[2]["label"] == "medium");  // the weekday's band still applies to its own keys
  CHECK(d[5]["weekday"] == "Saturday");
  CHECK(d[5]["canonical"].get<std::string>().rfind("killer:", 0) == 0);
  CHECK(d[5]["label"] == "easy");
  CHECK(d[6]["weekday"] == "Sunday");
  CHECK(d[6]["canonical"].get<std::string>().rfind("x:", 0) == 0);
  CHECK(d[6]["label"] == "hard");  // asked hard: never silently expert
  CHECK(fs::exists(dir / "week/sudoku-2026-03-08.pdf"));

  // `spec --resolved` writes the weekdays back, and the resolved spec reads back the same.
  const Output resolved = gridpress("spec --resolved '" + spec + "'", dir);
  REQUIRE(resolved.code == 0);
  CHECK(resolved.out.find("  weekdays:\n    wednesday: {grid: 6x6}\n    saturday: {variant: killer, difficulty: easy}\n"
                          "    sunday: {variant: x, difficulty: hard}\n") != std::string::npos);
  spit(dir / "resolved.yaml", resolved.out);
  const Output again = gridpress("spec --resolved '" + dir / "resolved.yaml" + "'", dir);
  CHECK(again.code == 0);
  CHECK(again.out == resolved.out);
}

TEST_CASE("newspaper.weekdays: a week with a Saturday killer and a Sunday samurai from one spec, end to end") {
  TempDir dir("gridpress-newspaper-test");
  // Captions without digits, so every digit in a file's text is a digit of its grid.
  const std::string spec = dir / "week.yaml";
  spit(spec, "profile: newspaper\nseed: 11\noutput: {path: week/run.json}\nnewspaper:\n"
             "  start_date: 2026-03-02\n  days: 7\n"
                                      "  formats: [pdf, svg]\n"
                                      "  caption: \"{weekday} {label}\"\n"
                                      "  feed_file_name: \"feed-{date}\"\n"
                                      "  weekdays:\n"
                                      "    saturday: {variant: killer, difficulty: hard}\n"
                                      "    sunday: {variant: samurai, difficulty: medium}\n");
  const Output r = book_ok(spec, "", dir, "--jobs 2");
  CHECK(r.err.rfind("wrote 35 files (pdf, svg) for 7 puzzles in ", 0) == 0);
  const char* dates[] = {"2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05",
                         "2026-03-06", "2026-03-07", "2026-03-08"};
  for (const char* date : dates)
    for (const std::string& name : {std::string("sudoku-") + date + ".pdf", std::string("sudoku-") + date + ".svg",
                                   std::string("sudoku-") + date + "-solution.pdf",
                                   std::string("sudoku-") + date + "-solution.svg", std::string("feed-") + date + ".json"}) {
      INFO(name);
      CHECK(fs::is_regular_file(dir / ("week/" + name)));
    }
  const json m = manifest(dir / "week/run.json");
  REQUIRE(m["puzzles"].size() == 7);
  CHECK(m["puzzles"][5]["label"] == "hard");
  CHECK(m["puzzles"][6]["label"] == "medium");  // asked medium: never silently expert

  // Saturday: a killer feed with its cages, which cover the grid.
  const json sat = json::parse(slurp(dir / "week/feed-2026-03-07.json"));
  CHECK(sat["variant"] == "killer");
  REQUIRE(sat["cages"].is_array());
  CHECK(sat["cages"].size() > 9);
  int caged = 0;
  for (const auto& c : sat["cages"]) caged += static_cast<int>(c["cells"].size());
  CHECK(caged == 81);

  // Sunday: the samurai feed has the 441-character board, and the files draw the whole 21x21
  // board: the solution shows all 369 cells' digits, in 21 rows, across the column's width
  // (only the top-left 9x9 would be 81 digits in 9 rows); the puzzle shows exactly its givens.
  const json sun = json::parse(slurp(dir / "week/feed-2026-03-08.json"));
  CHECK(sun["variant"] == "samurai");
  CHECK(sun["puzzle"].get<std::string>().size() == 441);
  gp::test::require_tool("pdftotext");
  const auto digits_of = [&](const std::string& pdf, std::set<long>* rows, double* left, double* right) {
    const Output t = shell("pdftotext -bbox '" + (dir / ("week/" + pdf)) + "' -", dir);
    REQUIRE(t.code == 0);
    int digits = 0;
    for (std::size_t at = t.out.find("<word "); at != std::string::npos; at = t.out.find("<word ", at + 1)) {
      const std::size_t open = t.out.find('>', at), close = t.out.find("</word>", at);
      const std::string word = t.out.substr(open + 1, close - open - 1);
      if (word.find_first_not_of("123456789") != std::string::npos) continue;  // caption words
      digits += static_cast<int>(word.size());
      const std::string tag = t.out.substr(at, open - at);
      if (rows) rows->insert(std::lround(number_after(tag, "yMin=\"") * 10));
      if (left) *left = std::min(*left, number_after(tag, "xMin=\""));
      if (right) *right = std::max(*right, number_after(tag, "xMax=\""));
    }
    return digits;
  };
  std::set<long> rows;
  double left = 1e9, right = -1;
  CHECK(digits_of("sudoku-2026-03-08-solution.pdf", &rows, &left, &right) == 369);
  int row_count = 0;  // rows of digits: tops more than 2 pt apart (a cell is 138 / 21 = 6.6 pt)
  long last_top = -1000;
  for (long top : rows) {
    if (top - last_top > 20) ++row_count;
    last_top = top;
  }
  CHECK(row_count == 21);
  CHECK(left < 10);                 // the first column of the left grids ...
  CHECK(right > kColumnPt - 10);    // ... to the last of the right grids
  CHECK(digits_of("sudoku-2026-03-08.pdf", nullptr, nullptr, nullptr) == sun["clues"].get<int>());
  // The page is the column's width.
  const Output info = shell("pdfinfo '" + (dir / "week/sudoku-2026-03-08.pdf") + "'", dir);
  CHECK(number_after(info.out, "Page size:") == Approx(kColumnPt).margin(0.01));
}

TEST_CASE("newspaper.weekdays: an unsupported combination is an error at its place, never a substitution") {
  TempDir dir("gridpress-newspaper-test");
  const auto refused = [&](const std::string& extra, const std::string& expected) {
    const std::string spec = short_spec(dir, "bad", extra, 7);
    const Output r = gridpress("book '" + spec + "'", dir);
    CHECK(r.code == 2);
    CHECK(r.err == spec + expected + "\n");
    CHECK_FALSE(fs::exists(dir / "bad"));
  };
  refused("  weekdays:\n    sunday: {variant: killer, rating: [2, 3]}\n",
          ":8:39: newspaper.weekdays.sunday.rating: killer sections take a difficulty name (easy ... fiendish: it "
          "sets the cage sizes), not an SE rating");
  refused("  weekdays:\n    sunday: {variant: x, givens: some}\n",
          ":8:34: newspaper.weekdays.sunday.givens: 'givens: some' is for killer sections only (a x puzzle's givens "
          "are its clues)");
  refused("  weekdays:\n    sunday: {count: 2}\n",
          ":8:21: newspaper.weekdays.sunday.count: is not for a newspaper day (each day is one puzzle in its own "
          "file, named by newspaper.file_name)");
  refused("  weekdays:\n    sundy: {variant: killer}\n",
          ":8:5: newspaper.weekdays.sundy: unknown key; did you mean 'sunday'?");
  // A band for every day in section_defaults was replaced by the weekday's: now it is refused.
  const std::string spec = short_spec(dir, "bad", "", 7);
  spit(spec, slurp(spec) + "section_defaults: {difficulty: hard}\n");
  const Output r = gridpress("book '" + spec + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == spec +
                     ":8:32: section_defaults.difficulty: a newspaper run takes each day's band from "
                     "newspaper.weekday_difficulty (Monday easy ... Sunday expert); give it there or for one "
                     "weekday in newspaper.weekdays (sunday: {difficulty: ...})\n");
}

TEST_CASE("newspaper.skip: no puzzle on the days the paper does not publish") {
  TempDir dir("gridpress-newspaper-test");
  // Five publishing days from Monday 2026-03-02 without Wednesday 03-04 and Sundays; a solution
  // runs in the next edition, so Saturday's runs on Monday.
  const std::string spec =
      short_spec(dir, "skip", "  skip: [sunday, 2026-03-04]\n  solution_runs: next_day\n", 5);
  book_ok(spec, "", dir, "-q --jobs 2");
  const json m = manifest(dir / "skip/run.json");
  REQUIRE(m["puzzles"].size() == 5);
  std::vector<std::string> dates, solution_dates;
  for (const auto& p : m["puzzles"]) {
    dates.push_back(p["date"]);
    solution_dates.push_back(p["solution_date"]);
  }
  CHECK(dates == std::vector<std::string>{"2026-03-02", "2026-03-03", "2026-03-05", "2026-03-06", "2026-03-07"});
  CHECK(solution_dates ==
        std::vector<std::string>{"2026-03-03", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-09"});
  CHECK(m["puzzles"][2]["number"] == m["puzzles"][1]["number"].get<int>() + 1);  // numbers run on
  CHECK(fs::exists(dir / "skip/sudoku-2026-03-09-solution.pdf"));
  CHECK_FALSE(fs::exists(dir / "skip/sudoku-2026-03-04.pdf"));

  const std::string bad = short_spec(dir, "bad", "  skip: [sundy]\n", 5);
  const Output r = gridpress("book '" + bad + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == bad + ":7:9: newspaper.skip: 'sundy' is neither a date (2026-12-25) nor a weekday; did you mean "
                       "'sunday'?\n");
}

TEST_CASE("newspaper: file name templates may name folders, which stay under the output folder") {
  TempDir dir("gridpress-newspaper-test");
  const std::string spec = short_spec(dir, "year",
                                      "  start_number: 1\n  file_name: \"{yyyy}/{mm}/sudoku-{date}\"\n"
                                      "  solution_file_name: \"{yyyy}/{mm}/solutions/sudoku-{date}\"\n",
                                      2);
  // Two days across a month's end: 2026-03-31 and 2026-04-01.
  std::string text = slurp(spec);
  text.replace(text.find("2026-03-02"), 10, "2026-03-31");
  spit(spec, text);
  book_ok(spec, "", dir, "-q");
  CHECK(fs::exists(dir / "year/2026/03/sudoku-2026-03-31.pdf"));
  CHECK(fs::exists(dir / "year/2026/03/solutions/sudoku-2026-03-31.pdf"));
  CHECK(fs::exists(dir / "year/2026/04/sudoku-2026-04-01.pdf"));
  CHECK(fs::exists(dir / "year/2026/04/solutions/sudoku-2026-04-01.pdf"));
  const json m = manifest(dir / "year/run.json");
  CHECK(m["puzzles"][1]["files"][0] == "2026/04/sudoku-2026-04-01.pdf");  // paths under the folder
  CHECK(m["puzzles"][1]["solution_files"][0] == "2026/04/solutions/sudoku-2026-04-01.pdf");

  for (const char* bad : {"../sudoku-{date}", "/tmp/sudoku-{date}", "{yyyy}//sudoku-{date}", "{yyyy}/./x-{date}"}) {
    const std::string b = short_spec(dir, "bad", std::string("  file_name: \"") + bad + "\"\n", 2);
    const Output r = gridpress("book '" + b + "'", dir);
    CHECK(r.code == 2);
    CHECK(r.err == b + ":7:14: newspaper.file_name: '" + bad +
                       "' must name a file under the folder of output.path: folders with '/' between names "
                       "({yyyy}/{mm}/sudoku-{date}), never '..', '.', '//' or a '/' at either end\n");
  }
  // A {date:FORMAT} with a '/' makes folders too; one that climbs out is refused before any work.
  const std::string climb = short_spec(dir, "climb", "  file_name: \"x{date:/../../%Y}-{date}\"\n", 2);
  const Output r = gridpress("book '" + climb + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("newspaper.file_name: '") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "climb"));
}

TEST_CASE("newspaper: the instruction line and the editor's weekly proof sheet") {
  gp::test::require_tool("pdftotext");
  gp::test::require_tool("pdfinfo");
  TempDir dir("gridpress-newspaper-test");
  const std::string spec = short_spec(dir, "week",
                                      "  start_number: 1201\n  instructions: true\n  proof: \"proofs/week-{date}\"\n"
                                      "  weekdays:\n    saturday: {variant: x}\n",
                                      7);
  book_ok(spec, "", dir, "-q --jobs 2");
  // The rules under each puzzle, the day's variant's; none under a solution.
  const auto words = [&](const std::string& pdf) {
    std::string t = shell("pdftotext '" + pdf + "' -", dir).out, out;
    for (char ch : t) {
      const char c = (ch == '\n' || ch == '\f') ? ' ' : ch;
      if (!(c == ' ' && !out.empty() && out.back() == ' ')) out += c;
    }
    return out;
  };
  CHECK(words(dir / "week/sudoku-2026-03-02.pdf").find("Place the digits 1 to 9 once in every row, column and 3x3 box.") !=
        std::string::npos);
  CHECK(words(dir / "week/sudoku-2026-03-07.pdf").find("every row, column, 3x3 box and long diagonal.") !=
        std::string::npos);
  CHECK(words(dir / "week/sudoku-2026-03-02-solution.pdf").find("Place the digits") == std::string::npos);

  // The proof: one A4 page with every day's puzzle and solution, captions as printed.
  const std::string proof = dir / "week/proofs/week-2026-03-02.pdf";
  REQUIRE(fs::exists(proof));
  const Output info = shell("pdfinfo '" + proof + "'", dir);
  CHECK(info.out.find("Pages:           1\n") != std::string::npos);
  CHECK(info.out.find("Page size:       595.276 x 841.89 pts (A4)") != std::string::npos);
  const std::string text = words(proof);
  CHECK(text.find("proof of No. 1201 .. No. 1207, 2026-03-02 .. 2026-03-08") != std::string::npos);
  for (int n = 1201; n <= 1207; ++n) {
    CHECK(text.find("No. " + std::to_string(n)) != std::string::npos);
    CHECK(text.find("Solution: No. " + std::to_string(n)) != std::string::npos);
  }
}
