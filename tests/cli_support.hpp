// Helpers for tests that run the book pipeline or the real gridpress binary: a scratch folder
// removed afterwards, file reading and writing, a command runner capturing exit code, stdout and
// stderr, and book runs that must succeed (in this process through the gp_book library, or
// through the binary when the command line itself is under test). Header-only; each test
// executable includes it once (after Catch2).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "book/run.hpp"
#include "spec/spec.hpp"

namespace gp::test {

// A fresh folder under the system temporary folder ("<prefix>-PID-N"), removed on destruction.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "gridpress-test") {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

struct Output {
  int code = -1;  // exit code; -1 when the command did not exit normally
  std::string out, err;
};

// Runs a shell command line, capturing stdout and stderr through files in `dir`.
inline Output shell(const std::string& command, const TempDir& dir) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const int status = std::system((command + " >" + out + " 2>" + err).c_str());
  Output r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

// Runs the gridpress binary under test with `args` (already quoted for the shell).
inline Output gridpress(const std::string& args, const TempDir& dir) {
  return shell(std::string("'") + GRIDPRESS_BINARY + "' " + args, dir);
}

// Runs `gridpress book 'SPEC' -o 'OUT' EXTRA` in `dir` (no -o when `out` is empty: the spec's
// output.path) and requires exit code 0, showing its stderr when it is not. Returns the output for
// further checks.
inline Output book_ok(const std::string& spec, const std::string& out, const TempDir& dir,
                      const std::string& extra = "") {
  std::string args = "book '" + spec + "'";
  if (!out.empty()) args += " -o '" + out + "'";
  if (!extra.empty()) args += " " + extra;
  const Output r = gridpress(args, dir);
  INFO(r.err);
  REQUIRE(r.code == 0);
  return r;
}

// Runs the book pipeline in this process, as `gridpress book SPEC -o OUT` would (the overrides
// applied the same way), and requires it to succeed. Returns what the run wrote.
inline book::BookRun pipeline_ok(const std::string& spec_path, const book::Overrides& overrides, int jobs = 1) {
  auto spec = spec::load_book_spec(spec_path);
  INFO(spec_path);
  REQUIRE(spec.ok());
  auto format = book::apply_overrides(*spec, overrides);
  REQUIRE(format.ok());
  book::BookRunOptions options;
  options.jobs = jobs;
  book::BookRun run = book::run_book_stages(*spec, *format, options);
  INFO(run.error.to_string());
  REQUIRE(run.outcome == book::Outcome::ok);
  return run;
}

inline bool have_tool(const char* tool) {
  return std::system((std::string("command -v ") + tool + " >/dev/null 2>&1").c_str()) == 0;
}

// Checks that use an outside program (poppler-utils, qpdf, ghostscript) fail when it is missing:
// scripts/setup.sh installs every one of them, so a missing tool is a broken set-up, not a skip.
inline void require_tool(const char* tool) {
  INFO(tool << " is not installed (scripts/setup.sh installs it)");
  REQUIRE(have_tool(tool));
}

// Ink coverage of each page of a PDF from ghostscript's inkcov device: {C, M, Y, K} per page.
inline std::vector<std::array<double, 4>> ink_coverage(const std::string& pdf, const TempDir& dir) {
  const Output r = shell("gs -q -o - -sDEVICE=inkcov '" + pdf + "'", dir);
  REQUIRE(r.code == 0);
  std::vector<std::array<double, 4>> pages;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::array<double, 4> cmyk{};
    std::istringstream in(line);
    if (in >> cmyk[0] >> cmyk[1] >> cmyk[2] >> cmyk[3]) pages.push_back(cmyk);
  }
  return pages;
}

}  // namespace gp::test
