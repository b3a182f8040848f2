// book --reprint (issue 28 item 3): a published run rebuilt with exactly its puzzles, recognised
// by the catalogue as the same run; refused, naming what changed, when a key that chooses the
// puzzles changed, and with nothing to reprint; never a half-written file over the good one.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

const std::string kSections =
    "sections:\n"
    "  - {name: Warm-up, grid: 6x6, count: 4, difficulty: easy}\n"
    "  - {name: Killer, variant: killer, grid: 6x6, count: 2, difficulty: easy}\n";

std::string spec_text(const std::string& title, const std::string& seed = "7", const std::string& sections = kSections,
                      const std::string& extra = "") {
  return "title: " + title + "\nseed: " + seed + "\ncatalogue: c.db\noutput: {path: out/vol.pdf}\n" + extra + sections;
}

nlohmann::json puzzles_of(const std::string& manifest) {
  nlohmann::json doc = nlohmann::json::parse(test::slurp(manifest));
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : doc.at("puzzles"))
    out.push_back({p.at("number"), p.at("section"), p.at("givens"), p.at("solution"), p.at("page")});
  return out;
}

}  // namespace

TEST_CASE("book --reprint rebuilds a published run with its puzzles; the catalogue keeps one run") {
  test::TempDir dir("gridpress-reprint");
  const std::string spec = dir / "vol.yaml", pdf = dir / "out/vol.pdf", json = dir / "out/vol.json";
  test::spit(spec, spec_text("Volume One"));
  test::book_ok(spec, "", dir, "-q");
  const nlohmann::json published = puzzles_of(json);
  REQUIRE(published.size() == 6);
  const std::string stats_before = test::gridpress("catalogue stats -c '" + dir / "c.db" + "'", dir).out;

  // A typo fixed in the title, a cover added: without --reprint the published book is refused.
  test::spit(spec, spec_text("Volume 1", "7", kSections, "cover: {enabled: true, theme: paper}\n"));
  const test::Output refused = test::gridpress("book '" + spec + "' -q", dir);
  CHECK(refused.code == 2);
  CHECK(refused.err.find("give --force to replace it") != std::string::npos);

  const std::string old_pdf = test::slurp(pdf);
  const test::Output re = test::book_ok(spec, "", dir, "--reprint");
  CHECK(re.err.find("; a reprint of 'Volume One' (recorded ") != std::string::npos);
  CHECK(re.err.find("the same puzzles") != std::string::npos);
  CHECK(puzzles_of(json) == published);  // the same puzzles, numbers and pages
  CHECK(test::slurp(pdf) != old_pdf);     // in a new book: the new title
  CHECK(fs::exists(dir / "out/vol-cover.pdf"));
  const test::Output text = test::shell("pdftotext '" + pdf + "' -", dir);
  CHECK(text.out.find("Volume 1") != std::string::npos);
  // The same run: no run or puzzle added, under its new title.
  const std::string stats_after = test::gridpress("catalogue stats -c '" + dir / "c.db" + "'", dir).out;
  for (const char* line : {"puzzles: 6\n", "runs: 1 (0 pending)\n", "by kind: book 6;"}) {
    CHECK(stats_before.find(line) != std::string::npos);
    CHECK(stats_after.find(line) != std::string::npos);
  }
  CHECK(stats_before.find("files: 1\n") != std::string::npos);  // the book (manifests are not counted)
  CHECK(stats_after.find("files: 2\n") != std::string::npos);   // and now the run's cover
  const nlohmann::json listed =
      nlohmann::json::parse(test::gridpress("catalogue list -c '" + dir / "c.db" + "' --format json", dir).out);
  REQUIRE(listed.size() == 6);
  for (const auto& e : listed) CHECK(e.at("title") == "Volume 1");
  // A second reprint of it, and the new cover file is the run's own now.
  test::book_ok(spec, "", dir, "--reprint -q");
  CHECK(puzzles_of(json) == published);
  // The book with its new fingerprints is still protected from a plain run.
  CHECK(test::gridpress("book '" + spec + "' -q", dir).code == 2);
  // --force gives new puzzles (they stay taken), as before.
  test::book_ok(spec, "", dir, "--force -q");
  CHECK(puzzles_of(json) != published);
}

TEST_CASE("book --reprint refuses, naming what changed, and leaves the published files as they were") {
  test::TempDir dir("gridpress-reprint");
  const std::string spec = dir / "vol.yaml", pdf = dir / "out/vol.pdf";
  test::spit(spec, spec_text("Volume One"));
  test::book_ok(spec, "", dir, "-q");
  const std::string pdf_bytes = test::slurp(pdf), json_bytes = test::slurp(dir / "out/vol.json");
  auto unchanged = [&] {
    CHECK(test::slurp(pdf) == pdf_bytes);
    CHECK(test::slurp(dir / "out/vol.json") == json_bytes);
    CHECK_FALSE(fs::exists(dir / "out/vol-cover.pdf"));
    for (const auto& e : fs::directory_iterator(dir / "out"))  // no staged file left behind
      CHECK(e.path().filename().string().rfind(".gp-", 0) != 0);
  };
  struct Case {
    const char* what;
    std::string text;
    std::string expect;
  };
  const std::vector<Case> cases = {
      {"another seed", spec_text("Volume One", "8"),
       "vol.yaml:2:1: seed: is 8, but the published run 'Volume One' (recorded "},
      {"another count",
       spec_text("Volume One", "7",
                 "sections:\n  - {name: Warm-up, grid: 6x6, count: 5, difficulty: easy}\n"
                 "  - {name: Killer, variant: killer, grid: 6x6, count: 2, difficulty: easy}\n"),
       "sections[0].count: 'Warm-up' asks for 5 puzzles, but the published run 'Volume One' (recorded "},
      {"a section renamed",
       spec_text("Volume One", "7",
                 "sections:\n  - {name: Starters, grid: 6x6, count: 4, difficulty: easy}\n"
                 "  - {name: Killer, variant: killer, grid: 6x6, count: 2, difficulty: easy}\n"),
       "sections: are 'Starters' (4), 'Killer' (2), but the published run 'Volume One'"},
      {"another difficulty",
       spec_text("Volume One", "7",
                 "sections:\n  - {name: Warm-up, grid: 6x6, count: 4, difficulty: medium}\n"
                 "  - {name: Killer, variant: killer, grid: 6x6, count: 2, difficulty: easy}\n"),
       "sections[0]: 'Warm-up' makes other puzzles than the published run 'Volume One' (first: No. 1)"},
      {"another order", spec_text("Volume One", "7", kSections, "order: interleave\n"),
       "order: the puzzles are the published run 'Volume One''s, but numbered otherwise"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    test::spit(dir / "vol.yaml", c.text + "cover: true\n");
    const test::Output r = test::gridpress("book '" + spec + "' --reprint -q", dir);
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find(c.expect) != std::string::npos);
    CHECK(r.err.find("nothing was written") != std::string::npos);
    unchanged();
  }
  // Nothing to reprint: another output, or no catalogue.
  test::spit(spec, spec_text("Volume One"));
  const test::Output elsewhere = test::gridpress("book '" + spec + "' -o '" + dir / "out/other.pdf" + "' --reprint -q", dir);
  CHECK(elsewhere.code == 2);
  CHECK(elsewhere.err.find("nothing to reprint: no book was published at '") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out/other.pdf"));
  test::spit(dir / "bare.yaml", "title: T\noutput: {path: out/vol.pdf}\n" + kSections);
  const test::Output bare = test::gridpress("book '" + dir / "bare.yaml" + "' --reprint -q", dir);
  CHECK(bare.code == 2);
  CHECK(bare.err.find("--reprint rebuilds a run the catalogue published, and this book names no catalogue") !=
        std::string::npos);
  unchanged();
}
