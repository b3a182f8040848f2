// Hostile and careless input through the real binary: outputs that would destroy the user's
// files, output that cannot be written, inputs that are folders, devices, FIFOs or endless, and
// command-line values the spec loader would refuse. Each case must be a clear refusal with the
// user's file named, and every existing file left as it was.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "book/newspaper.hpp"
#include "cli_support.hpp"

namespace fs = std::filesystem;
using gp::test::gridpress;
using gp::test::slurp;
using gp::test::spit;
using gp::test::TempDir;

namespace {

const std::string kData = GRIDPRESS_TEST_DATA;
const std::string kBooks = kData + "/books";

// A small spec in `dir` whose output is `output` (relative to the spec's folder), with `extra`
// YAML appended.
std::string small_spec(const TempDir& dir, const std::string& output, const std::string& extra = "") {
  const std::string spec = dir / "s.yaml";
  spit(spec,
       "title: Small\nseed: 3\npage: { size: 6x9 }\n"
       "sections:\n  - { name: A, count: 2, grid: 4x4, layout: 1x2 }\n"
       "output: { path: " + output + " }\n" + extra);
  return spec;
}

int hidden_files(const TempDir& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) n += e.path().filename().string()[0] == '.';
  return n;
}

}  // namespace

TEST_CASE("hostile: an output that is the spec, its profile or another output of the run is refused") {
  TempDir dir;
  // output.path is the spec itself.
  const std::string spec = small_spec(dir, "s.yaml");
  const std::string text = slurp(spec);
  auto r = gridpress("book '" + spec + "' --format pdf -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err == "cannot write the book to '" + (dir / "s.yaml") + "': it is the spec (writing there would replace it)\n");
  CHECK(slurp(spec) == text);

  // -o names the manifest's file: the book and its JSON manifest would be one file.
  spit(dir / "b.json", "keep me");
  r = gridpress("book '" + spec + "' --format pdf -q -o '" + (dir / "b.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == "cannot write the JSON manifest to '" + (dir / "b.json") + "': the book goes there too ('" +
                     (dir / "b.json") + "')\n");
  CHECK(slurp(dir / "b.json") == "keep me");

  // cover.path is the book; a link to the spec is the spec.
  const std::string cover = small_spec(dir, "c.pdf", "cover: { enabled: true, path: c.pdf }\n");
  r = gridpress("book '" + cover + "' -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("cannot write the cover to '" + (dir / "c.pdf") + "': the book goes there too") == 0);
  fs::create_symlink(dir / "s.yaml", dir / "link.pdf");
  r = gridpress("book '" + spec + "' -q -o '" + (dir / "link.pdf") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("it is the spec") != std::string::npos);
  CHECK(slurp(spec) == slurp(dir / "s.yaml"));
  CHECK(fs::is_symlink(dir / "link.pdf"));

  // The profile the spec uses.
  spit(dir / "prof.yaml", "page: { size: 6x9 }\n");
  const std::string with_profile = dir / "p.yaml";
  spit(with_profile, "profile: prof.yaml\nseed: 1\nsections:\n  - { count: 2, grid: 4x4 }\noutput: { path: prof.yaml }\n");
  r = gridpress("book '" + with_profile + "' -q --format pdf", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("it is the profile (writing there would replace it)") != std::string::npos);
  CHECK(slurp(dir / "prof.yaml") == "page: { size: 6x9 }\n");
  CHECK(hidden_files(dir) == 0);
}

TEST_CASE("hostile: an output that exists and is not a regular file is refused; a link is written through") {
  TempDir dir;
  const std::string spec = small_spec(dir, "fifo.pdf");
  REQUIRE(::mkfifo((dir / "fifo.pdf").c_str(), 0600) == 0);
  auto r = gridpress("book '" + spec + "' -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err == "cannot write '" + (dir / "fifo.pdf") + "': it is a FIFO, not a regular file\n");
  CHECK(fs::is_fifo(dir / "fifo.pdf"));
  // (A device such as /dev/null is refused the same way: tests/render_test.cpp checks it on
  // render::check_output_paths and Staging, never through a binary that, unfixed, would replace it.)

  // A link to a regular file stays a link; the file it names is replaced.
  fs::create_directory(dir / "real");
  spit(dir / "real/book.pdf", "old");
  fs::create_symlink(dir / "real/book.pdf", dir / "link.pdf");
  gp::test::book_ok(spec, dir / "link.pdf", dir, "-q");
  CHECK(fs::is_symlink(dir / "link.pdf"));
  CHECK(slurp(dir / "real/book.pdf").rfind("%PDF-", 0) == 0);
  CHECK(fs::exists(dir / "link.json"));
  CHECK(hidden_files(dir) == 0);
  // A link to nothing is refused.
  fs::create_symlink(dir / "nowhere.pdf", dir / "dangling.pdf");
  r = gridpress("book '" + spec + "' -q -o '" + (dir / "dangling.pdf") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("it is a symbolic link to a file that does not exist") != std::string::npos);
}

TEST_CASE("hostile: staged files of dead runs are removed by the next run in the folder") {
  TempDir dir;
  const std::string spec = small_spec(dir, "b.pdf");
  // PID 999999999 is above any Linux pid_max: never a live process.
  spit(dir / ".gp-stage-999999999-0-b.pdf", "half a book");
  spit(dir / "..gp-stage-999999999-0-b.pdf.Ab12Cd", "a canvas temporary");
  gp::test::book_ok(spec, "", dir, "-q");
  CHECK(hidden_files(dir) == 0);
}

TEST_CASE("hostile: commands fail when standard output cannot be written") {
  TempDir dir;
  for (const std::string& args : std::vector<std::string>{
           "generate --count 2", "solve '" + kData + "/solver_cli_good.txt'", "grade '" + kData + "/grader_cli_ok.txt'",
        "spec '" + kData + "/specs/good.yaml' --resolved", "preflight '" + kData + "/pdfcheck_planted.pdf'"}) {
    INFO(args);
    // The group's own redirections (stderr, the exit code) apply around the inner /dev/full.
    const auto r = gp::test::shell(std::string("{ '") + GRIDPRESS_BINARY + "' " + args + " >/dev/full; }", dir);
    CHECK(r.code == 1);
    CHECK(r.err.find("gridpress: cannot write standard output: No space left on device\n") != std::string::npos);
  }
}

TEST_CASE("hostile: puzzle inputs that are folders or endless lines are refused") {
  TempDir dir;
  for (const std::string cmd : {"solve", "grade"}) {
    const auto r = gridpress(cmd + " '" + dir.path.string() + "'", dir);
    CHECK(r.code == 1);
    CHECK(r.err == dir.path.string() + ": is a directory, not a puzzle file\n");
  }
  auto r = gridpress("generate --exclude '" + dir.path.string() + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err == "error: " + dir.path.string() + ": is a directory, not a puzzle file\n");

  // An endless line (/dev/zero) stops at the cap instead of filling memory; lines before it count.
  r = gridpress("solve /dev/zero", dir);
  CHECK(r.code == 1);
  CHECK(r.err == "/dev/zero:1: longer than 65536 characters (not a puzzle file?)\n");
  spit(dir / "long.txt", std::string(81, '.') + "\n" + std::string(70000, '1') + "\n" + std::string(81, '.') + "\n");
  r = gridpress("solve --count '" + (dir / "long.txt") + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.out == "2+\n");
  CHECK(r.err == (dir / "long.txt") + ":2: longer than 65536 characters (not a puzzle file?)\n");
  r = gridpress("generate --exclude '" + (dir / "long.txt") + "'", dir);
  CHECK(r.code == 1);
  CHECK(r.err == "error: " + (dir / "long.txt") + ":2: longer than 65536 characters (not a puzzle file?)\n");
}

TEST_CASE("hostile: generate refuses what the spec loader refuses") {
  TempDir dir;
  auto r = gridpress("generate --clues 81", dir);
  CHECK(r.code == 2);
  CHECK(r.err == "error: --clues 81: 81 clues do not fit a 9x9 grid (81 cells; at most 80 clues)\n");
  CHECK(gridpress("generate --grid 4x4 --clues 10-16", dir).code == 2);
  for (const char* seed : {"-1", "18446744073709551616", "1e3", "0x10", ""}) {
    r = gridpress(std::string("generate --seed '") + seed + "'", dir);
    INFO(seed);
    CHECK(r.code == 2);
    CHECK(r.err.find("expected a whole number from 0 to 18446744073709551615, got '" + std::string(seed) + "'") !=
          std::string::npos);
  }
  CHECK(gridpress("generate --seed 18446744073709551615 --grid 4x4", dir).code == 0);
  for (const char* budget : {"inf", "nan", "0", "-1", "1e9"}) {
    r = gridpress(std::string("generate --budget ") + budget, dir);
    INFO(budget);
    CHECK(r.code == 2);
    CHECK(r.err.find("expected a number of seconds above 0 and at most 31536000 (a year), got '" +
                     std::string(budget) + "'") != std::string::npos);
  }
  r = gridpress("book '" + kBooks + "/small.yaml' --seed -1", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("got '-1'") != std::string::npos);
}

TEST_CASE("hostile: spec files that are not regular files, or too large, are refused without reading them") {
  TempDir dir;
  auto r = gridpress("spec /dev/zero", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("/dev/zero: is a character device, not a regular file\n") == 0);
  REQUIRE(::mkfifo((dir / "f.yaml").c_str(), 0600) == 0);
  r = gp::test::shell("timeout 20 '" + std::string(GRIDPRESS_BINARY) + "' book '" + (dir / "f.yaml") + "'", dir);
  CHECK(r.code == 2);  // not 124: it did not wait for a writer
  CHECK(r.err.find(dir / "f.yaml" + ": is a FIFO, not a regular file\n") == 0);
  spit(dir / "big.yaml", "title: x\n" + std::string(1 << 20, '#'));
  r = gridpress("spec '" + (dir / "big.yaml") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find(dir / "big.yaml" + ": is 1048585 bytes; a spec file is at most 1048576 bytes (1 MiB)\n") == 0);
}

TEST_CASE("hostile: excluded manifests that are folders, FIFOs or too large are refused without reading them") {
  TempDir dir;
  fs::create_directories(dir.path / "old.json");
  REQUIRE(::mkfifo((dir / "fifo.json").c_str(), 0600) == 0);
  const auto spec = [&](const std::string& name, const std::string& exclude) {
    const std::string path = dir / (name + ".yaml");
    gp::test::spit(path, "profile: newspaper\nseed: 11\nnewspaper:\n  start_date: 2026-03-02\n  days: 2\n"
                         "  formats: [pdf]\n  exclude: " + exclude + "\noutput: {path: " + name + "/run.json}\n");
    return path;
  };
  auto r = gridpress("book '" + spec("a", "old.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == (dir / "a.yaml") + ":7:12: newspaper.exclude: '" + (dir / "old.json") +
                     "' is a folder, not a manifest file\n");
  // A FIFO would block a reader forever: refused at once.
  r = gp::test::shell("timeout 20 '" + std::string(GRIDPRESS_BINARY) + "' book '" + spec("b", "fifo.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == (dir / "b.yaml") + ":7:12: newspaper.exclude: '" + (dir / "fifo.json") +
                     "' is a FIFO, not a regular file\n");
  // A file over the cap is refused from its size, before it is read.
  {
    std::ofstream big(dir / "big.json", std::ios::binary);
    big.seekp(static_cast<std::streamoff>(gp::book::kMaxManifestBytes));
    big.put('\n');
  }
  r = gridpress("book '" + spec("c", "big.json") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err == "newspaper.exclude: " + (dir / "big.json") + ": is 268435457 bytes; a manifest file is at most " +
                     "268435456 bytes (256 MiB)\n");
  for (const char* out : {"a", "b", "c"}) CHECK_FALSE(fs::exists(dir.path / out));
}

TEST_CASE("hostile: a cover wider than a PDF page can be is refused before any work") {
  TempDir dir;
  const std::string spec = small_spec(dir, "w.pdf", "cover: true\n");
  std::string text = slurp(spec);
  text.replace(text.find("size: 6x9"), 9, "size: {width: 2600mm, height: 200mm}");
  spit(spec, text);
  const auto r = gridpress("book '" + spec + "' -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find(spec + ": cover: the full-wrap cover is 52") == 0);
  CHECK(r.err.find("mm; a PDF page is at most 5080 mm (200 in, 14,400 pt)\n") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "w.pdf"));
}
