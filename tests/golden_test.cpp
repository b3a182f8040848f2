// Golden files: what a given request and seed generate, and the bytes a small spec renders to, are
// pinned in tests/data/golden/, so an accidental change of output fails here. After an intended
// change, refresh them with GRIDPRESS_UPDATE_GOLDEN=1 build-ci/tests/golden_test and commit the
// diff with the change that caused it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "book/run.hpp"
#include "cli_support.hpp"
#include "golden_support.hpp"
#include "core/codec.hpp"
#include "generator/generator.hpp"
#include "render/canvas.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using gp::test::check_golden;
using gp::test::fingerprint;

namespace {

const std::string kBooks = std::string(GRIDPRESS_TEST_DATA) + "/books";

}  // namespace

TEST_CASE("golden: a request and a seed give the same puzzles in every version", "[golden]") {
  struct Case {
    std::string name;
    gp::gen::Request request;
    std::uint64_t seed;
    int count;
  };
  std::vector<Case> cases(4);
  cases[0].name = "9x9-24-none";
  cases[0].request.clues_min = cases[0].request.clues_max = 24;
  cases[0].seed = 3;
  cases[0].count = 4;
  cases[1].name = "9x9-any-rotate180";
  cases[1].request.symmetry = "rotate180";
  cases[1].seed = 2026;
  cases[1].count = 3;
  cases[2].name = "6x6-pattern";
  cases[2].request.shape = gp::Shape{2, 3};
  cases[2].request.fill = "pattern";
  cases[2].seed = 2;
  cases[2].count = 3;
  cases[3].name = "4x4-minimal";
  cases[3].request.shape = gp::Shape{2, 2};
  cases[3].request.minimal = true;
  cases[3].seed = 5;
  cases[3].count = 3;
  std::string out;
  for (const Case& c : cases) {
    auto puzzles = gp::gen::generate_batch(c.request, c.seed, c.count);
    INFO(c.name);
    REQUIRE(puzzles.ok());
    for (const auto& p : *puzzles)
      out += c.name + " " + std::to_string(p.seed) + " " + gp::format_line(p.givens) + " " +
             gp::format_line(p.solution) + "\n";
  }
  check_golden("puzzles.txt", out);
}

TEST_CASE("golden: a small spec renders to the same PDF and SVG bytes", "[golden]") {
  gp::test::TempDir dir("gridpress-golden");
  auto loaded = gp::spec::load_book_spec(kBooks + "/small.yaml");
  REQUIRE(loaded.ok());
  std::string out;
  for (const auto& [format, ext] : {std::pair{gp::render::Format::pdf, "pdf"}, std::pair{gp::render::Format::svg, "svg"}}) {
    gp::spec::BookSpec spec = *loaded;
    spec.output.path = (dir.path / (std::string("small.") + ext)).string();
    spec.output.format = ext;
    gp::book::BookRunOptions options;
    options.jobs = 2;
    const gp::book::BookRun run = gp::book::run_book_stages(spec, format, options);
    INFO(run.error.to_string());
    REQUIRE(run.outcome == gp::book::Outcome::ok);
    REQUIRE_FALSE(run.files.empty());
    for (const std::string& f : run.files)
      out += fs::path(f).filename().string() + " " + fingerprint(gp::test::slurp(f)) + "\n";
  }
  check_golden("small-book.txt", out);
}
