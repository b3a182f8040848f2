// What `spec` and `book` check of a spec before any work, alike (issue 28 item 7); killer puzzles
// that need guessing (`guessing: never`); `windoku` as a spelling of hyper and the warning for
// samurai cells below 7 mm (issue 28 item 8).
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "book/run.hpp"
#include "book/sections.hpp"
#include "cli_support.hpp"
#include "core/grid.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "grader/killer.hpp"
#include "layout/layout.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

// The lines of `err` that name the spec file (the diagnostics, without the summary lines).
std::vector<std::string> diagnostics(const std::string& err, const std::string& file) {
  std::vector<std::string> out;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);)  // "FILE:LINE:..." (not the "FILE: 1 problem" count)
    if (line.rfind(file + ":", 0) == 0 && line.size() > file.size() + 1 &&
        std::isdigit(static_cast<unsigned char>(line[file.size() + 1])))
      out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("spec refuses what book refuses before any work, with the same messages at the same keys") {
  test::TempDir dir;
  struct Case {
    const char* what;
    std::string body;
    const char* expect;  // part of the message both give
  };
  const std::vector<Case> cases = {
      {"a custom band for a killer section", "bands: {gentle: [1.0, 1.8]}\nsections:\n  - {variant: killer, difficulty: gentle}\n",
       "killer difficulty is a band name (easy, medium, hard, expert or fiendish: it sets the cage sizes), not "
       "'gentle'"},
      {"a killer section with a clue count", "sections:\n  - {variant: killer, clues: 20}\n",
       "killer puzzles have no clue count"},
      {"a minimal killer section", "sections:\n  - {variant: killer, minimal: true}\n",
       "killer puzzles have no clues to make minimal"},
      {"a 4x4 section asking for hard", "sections:\n  - {grid: 4x4, difficulty: hard}\n",
       "every 4x4 puzzle is solved with hidden singles in boxes"},
      {"16x16 grids too small on the page", "sections:\n  - {grid: 16x16, per_page: 64}\n", "use fewer per page"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const std::string path = dir / "s.yaml";
    test::spit(path, "title: T\n" + c.body + "output: {path: s.pdf}\n");
    const test::Output s = test::gridpress("spec '" + path + "'", dir);
    const test::Output b = test::gridpress("book '" + path + "' -q", dir);
    INFO(s.err);
    INFO(b.err);
    CHECK(s.code == 2);
    CHECK(b.code == 2);
    CHECK(s.err.find(c.expect) != std::string::npos);
    CHECK(diagnostics(s.err, path) == diagnostics(b.err, path));
    CHECK_FALSE(diagnostics(s.err, path).empty());
    CHECK_FALSE(fs::exists(dir / "s.pdf"));
  }
  // The in-process check is the same.
  test::spit(dir / "k.yaml", "title: T\nbands: {gentle: [1.0, 1.8]}\nsections:\n  - {variant: killer, difficulty: gentle}\n");
  auto spec = spec::load_book_spec(dir / "k.yaml");
  REQUIRE(spec.ok());  // the loader alone cannot see it (the killer difficulties are the generator's)
  const Status checked = book::check_spec(*spec);
  REQUIRE_FALSE(checked.ok());
  CHECK(checked.error().to_string().find("k.yaml:4:35: ") != std::string::npos);
  // A spec book takes passes both.
  test::spit(dir / "ok.yaml", "title: T\nsections:\n  - {variant: killer, grid: 4x4, difficulty: easy, count: 2}\n");
  const test::Output ok = test::gridpress("spec '" + dir / "ok.yaml" + "'", dir);
  CHECK(ok.code == 0);
  CHECK(ok.out.find("ok.yaml: ok - 1 section, 2 puzzles") != std::string::npos);
}

TEST_CASE("guessing: never (the default in books) keeps only killer puzzles the ladder finishes") {
  // The killer ladder leaves a share of fiendish puzzles unfinished (docs/killer.md: they need
  // guessing). The same request with guessing allowed shows such a puzzle, so the check can fail.
  gen::Request r;
  r.variant = Variant::kKiller;
  r.difficulty = "fiendish";
  r.rating = *grader::killer_rating_range("fiendish");
  r.budget_seconds = 600;
  auto finished = [](const Puzzle& p) {
    grader::GradeOptions go;
    go.assume_unique = true;
    return grader::grade(p.givens, go).solved;
  };
  r.no_guessing = false;
  auto allowed = gen::generate_batch(r, 12, 6);
  REQUIRE(allowed.ok());
  int unfinished = 0;
  for (const Puzzle& p : *allowed) unfinished += finished(p) ? 0 : 1;
  CHECK(unfinished > 0);
  r.no_guessing = true;
  auto never = gen::generate_batch(r, 12, 6);
  REQUIRE(never.ok());
  REQUIRE(never->size() == 6);
  for (const Puzzle& p : *never) {
    CHECK(finished(p));
    CHECK(p.rating < 10.0);
    CHECK(p.hardest != "unfinished");
  }
  // Without a difficulty a killer puzzle is graded for it, and labelled from its grade.
  gen::Request plain;
  plain.variant = Variant::kKiller;
  plain.shape = Shape{2, 3};
  plain.no_guessing = true;
  auto six = gen::generate_batch(plain, 3, 3);
  REQUIRE(six.ok());
  for (const Puzzle& p : *six) {
    CHECK(finished(p));
    CHECK(p.rating >= 1.0);
  }

  // The spec: never by default, `allowed` on request, anything else refused at the key; the
  // book's request carries it.
  test::TempDir dir;
  test::spit(dir / "g.yaml", "title: T\nsections:\n  - {variant: killer, difficulty: hard}\n"
                             "  - {variant: killer, difficulty: hard, guessing: allowed}\n");
  auto spec = spec::load_book_spec(dir / "g.yaml");
  REQUIRE(spec.ok());
  CHECK(spec->sections[0].guessing == "never");
  CHECK(spec->sections[1].guessing == "allowed");
  CHECK(book::make_request(*spec, 0)->no_guessing);
  CHECK_FALSE(book::make_request(*spec, 1)->no_guessing);
  CHECK(spec::to_yaml(*spec).find("guessing: allowed") != std::string::npos);
  test::spit(dir / "bad.yaml", "title: T\nsections:\n  - {variant: killer, guessing: sometimes}\n");
  auto bad = spec::load_book_spec(dir / "bad.yaml");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().to_string().find("bad.yaml:3:33: sections[0].guessing: unknown value 'sometimes'") !=
        std::string::npos);
}

TEST_CASE("windoku is read as hyper, in the spec and on the command line") {
  CHECK(*parse_variant("windoku") == Variant::kHyper);
  CHECK(variant_name(*parse_variant("windoku")) == std::string_view("hyper"));
  test::TempDir dir;
  test::spit(dir / "w.yaml", "title: T\nsections:\n  - {name: Windoku, variant: windoku, count: 2}\n");
  auto spec = spec::load_book_spec(dir / "w.yaml");
  REQUIRE(spec.ok());
  CHECK(spec->sections[0].variant == "hyper");
  const std::string resolved = spec::to_yaml(*spec);
  CHECK(resolved.find("variant: hyper") != std::string::npos);
  CHECK(resolved.find("windoku") == std::string::npos);
  // On a 6x6 grid the message is hyper's.
  test::spit(dir / "w6.yaml", "title: T\nsections:\n  - {grid: 6x6, variant: windoku}\n");
  auto six = spec::load_book_spec(dir / "w6.yaml");
  REQUIRE_FALSE(six.ok());
  CHECK(six.error().to_string().find("w6.yaml:3:26: sections[0].variant: hyper needs a 9x9 grid") != std::string::npos);
  // generate --variant windoku makes exactly what --variant hyper makes.
  const test::Output w = test::gridpress("generate --variant windoku --count 2 --seed 5 --format json", dir);
  const test::Output h = test::gridpress("generate --variant hyper --count 2 --seed 5 --format json", dir);
  INFO(w.err);
  CHECK(w.code == 0);
  CHECK(w.out == h.out);
  CHECK(w.out.find("\"variant\": \"hyper\"") != std::string::npos);
  const test::Output typo = test::gridpress("generate --variant windoko --count 1", dir);
  CHECK(typo.code == 2);
}

TEST_CASE("a samurai section whose cells come out below 7 mm is warned about at its variant key") {
  test::TempDir dir;
  render::PangoTextMeasure measure;
  auto warnings = [&](const std::string& profile) {
    test::spit(dir / "sam.yaml", "title: T\nprofile: " + profile + "\nsections:\n  - name: Samurai\n    variant: samurai\n"
                                 "    count: 2\n");
    auto spec = spec::load_book_spec(dir / "sam.yaml");
    REQUIRE(spec.ok());
    auto plan = layout::plan_book(*spec, {2}, measure, layout::options_for(*spec));
    REQUIRE(plan.ok());
    INFO(plan->fits[0].cell_mm);
    return book::small_samurai_cells(*spec, *plan);
  };
  const std::vector<std::string> small = warnings("kdp-6x9");
  REQUIRE(small.size() == 1);
  CHECK(small[0].find(dir / "sam.yaml" + ":5:14: sections[0]: samurai cells come out at ") == 0);
  CHECK(small[0].find(" mm on this page, below the 7 mm a pencilled digit needs") != std::string::npos);
  CHECK(warnings("kdp-8.5x11").empty());
}
