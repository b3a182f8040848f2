// gridpress book SPEC.yaml: load the spec and apply the command line, run the book pipeline
// (book/run.hpp: checks and plan, generation, layout and rendering, cover, manifest, print
// checks), then print the findings and a one-line summary and choose the exit code.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "book/newspaper.hpp"
#include "book/run.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "render/canvas.hpp"
#include "spec/spec.hpp"

namespace gp::cli {
namespace {

namespace fs = std::filesystem;

struct BookOptions {
  std::string spec_path;
  std::string output;   // -o: overrides output.path (relative to the working directory)
  std::string format;   // --format: overrides output.format
  int jobs = 0;         // 0 = one per core
  std::optional<std::uint64_t> seed;
  std::optional<int> start_number;  // newspaper runs only
  bool quiet = false;
};

// Progress on stderr, only when it is a terminal and not --quiet: one line, rewritten in place.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  ~Progress() { clear(); }
  void show(const std::string& text) {
    if (!enabled_) return;
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
    shown_ = true;
  }
  void clear() {
    if (enabled_ && shown_) std::fprintf(stderr, "\r\033[K");
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
};

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

std::string seconds(double s) { return one_decimal(s) + " s"; }

// A newspaper run (book/newspaper.hpp), then its summary line.
int run_newspaper(spec::BookSpec& spec, const BookOptions& opt, std::chrono::steady_clock::time_point start) {
  const book::NewspaperRun run = book::run_newspaper(spec, {opt.format, opt.jobs, opt.start_number});
  if (run.outcome != book::Outcome::ok) {
    print_error(run.error);
    return exit_code(run.outcome);
  }
  if (!opt.quiet) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string fmts;
    for (const auto& f : run.formats) fmts += (fmts.empty() ? "" : ", ") + f;
    const auto& first = spec.sections.front();
    const auto& last = spec.sections.back();
    std::cout << "wrote " << run.files << " files (" << fmts << ") for "
              << count_of(static_cast<long long>(run.puzzles), "puzzle", "puzzles") << " in "
              << seconds(elapsed) << ": No. " << first.number << " " << first.date << " .. No. " << last.number
              << " " << last.date << ", to " << run.out_dir << "/";
    if (!run.manifest_path.empty()) std::cout << "; manifest " << run.manifest_path;
    std::cout << "; next run: --start-number " << last.number + 1 << "\n";
  }
  return kExitOk;
}

int run_book(const BookOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  Progress progress(!opt.quiet && ::isatty(STDERR_FILENO));

  // 1. The spec.
  auto loaded = spec::load_book_spec(opt.spec_path);
  if (!loaded) {
    print_error(loaded.error());
    return kExitUsage;
  }
  spec::BookSpec& spec = *loaded;
  auto format = book::apply_overrides(spec, {opt.output, opt.format, opt.seed});
  if (!format) {
    print_error(format.error());
    return kExitUsage;
  }
  if (spec.newspaper.enabled || opt.start_number) return run_newspaper(spec, opt, start);

  // 2. The pipeline.
  book::BookRunOptions ro;
  ro.jobs = opt.jobs;
  ro.progress = [&progress](const std::string& line) { progress.show(line); };
  const book::BookRun run = book::run_book_stages(spec, *format, ro);
  progress.clear();
  if (run.outcome != book::Outcome::ok) {
    print_error(run.error);
    return exit_code(run.outcome);
  }

  // 3. Findings of the print checks: a list on stderr; with print.strict they fail the command.
  if (!run.findings.empty()) {
    std::cerr << (spec.print.strict ? "error" : "warning") << ": " << file_name(run.book_path)
              << " does not meet the print rules (" << spec.print.rules << "):\n";
    for (const std::string& f : run.findings) std::cerr << "  " << f << '\n';
    if (spec.print.strict) {
      std::cerr << "the book was written to " << run.book_path
                << "; print.strict is true, so these problems fail the command\n";
    }
  }

  // 4. Summary.
  if (!opt.quiet) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string where = run.book_path;
    if (render::one_file_per_page(*format) && !run.files.empty())
      where = run.files.front() + " .. " + file_name(run.files[static_cast<size_t>(run.book_pages) - 1]);
    std::cout << "wrote " << where << ": " << count_of(run.book_pages, "page", "pages") << ", "
              << count_of(run.puzzles, "puzzle", "puzzles") << " in " << seconds(elapsed);
    if (!run.answers_path.empty())
      std::cout << "; answers: " << run.answers_path << ", " << count_of(run.answer_pages, "page", "pages");
    if (!run.cover_path.empty()) std::cout << "; cover: " << run.cover_path;
    if (run.preflighted && run.findings.empty()) std::cout << "; preflight passed";
    std::cout << '\n';
  }
  return run.findings.empty() || !spec.print.strict ? kExitOk : kExitFailure;
}

}  // namespace

void add_book_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<BookOptions>();
  CLI::App* cmd = app.add_subcommand("book", "Make a print-ready book from a YAML spec");
  cmd->add_option("spec", opt->spec_path, "The book spec (YAML)")->required();
  cmd->add_option("-o,--output", opt->output, "Output file (overrides output.path; pages of svg/png/eps are FILE-001.ext ...)");
  cmd->add_option("--format", opt->format, "Output format (overrides output.format)")
      ->check(CLI::IsMember({"pdf", "svg", "png", "eps"}));
  cmd->add_option("--jobs", opt->jobs, "Generator threads (default: one per core; output is the same for any value)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", opt->seed, "Book seed (overrides the spec's seed)")->check(seed_check());
  cmd->add_option("--start-number", opt->start_number,
                  "Newspaper runs: number of the first puzzle (overrides newspaper.start_number)")
      ->check(CLI::Range(1, 999999999));
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress and no summary line");
  cmd->footer(
      "Writes the book and, next to it, NAME.json and NAME.csv listing every puzzle (page, answer page,\n"
      "givens, solution, seed, rating). The same spec and seed give byte-identical output.\n"
      "Files appear only when complete, all together: a failed run leaves the previous book, its\n"
      "answers, cover and manifest untouched.\n"
      "With cover: on, NAME-cover.pdf (or cover.path) is the full-wrap cover for the final page count.\n"
      "With print.rules: kdp the pages and the PDF are checked against the KDP rules and problems are\n"
      "listed on stderr (docs/print-on-demand.md); print.strict: true makes them fail the command.\n"
      "Exit code: 0 ok, 1 generation or writing failed (or print problems with print.strict),\n"
      "2 bad spec or command line.");
  cmd->callback([opt, &run] { run = [opt] { return run_book(*opt); }; });
}

}  // namespace gp::cli
