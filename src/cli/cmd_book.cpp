// gridpress book SPEC.yaml: load the spec and apply the command line, run the book pipeline
// (book/run.hpp: checks and plan, generation, layout and rendering, cover, manifest, print
// checks), then print the findings and a one-line summary and choose the exit code.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <unistd.h>

#include "book/newspaper.hpp"
#include "book/run.hpp"
#include "cli/commands.hpp"
#include "core/numbering.hpp"
#include "cli/progress.hpp"
#include "core/numbering.hpp"
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
  std::optional<std::int64_t> start_number;  // newspaper runs only
  std::string catalogue;  // --catalogue: overrides the spec's catalogue (relative to the working directory)
  bool force = false;     // --force: replace files the catalogue lists as published (books only)
  bool replace_published = false;  // --replace-published: also a newspaper's published files, each named
  bool quiet = false;
  bool keep_partial = false;        // --keep-partial
  bool strict = false;              // --strict: print.strict on
  bool reprint = false;             // --reprint: rebuild the published run at the output, its puzzles kept
};

// A fresh folder under $TMPDIR (or /tmp), removed with everything in it when this goes away.
struct TempFolder {
  std::string path;
  TempFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/gridpress-stdout.XXXXXX";
    if (::mkdtemp(templ.data())) path = templ;
  }
  ~TempFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
};

// `-o -`: the book was made in a temporary folder; its one file goes to standard output.
int copy_to_stdout(const book::BookRun& run) {
  if (run.files.size() != 1) {
    std::cerr << "error: -o - writes one file to standard output, and this book is " << run.files.size()
              << " files (pages as files, or a separate answer document): give a file name instead\n";
    return kExitUsage;
  }
  std::ifstream in(run.book_path, std::ios::binary);
  if (!(std::cout << in.rdbuf())) {
    std::cerr << "error: cannot copy the book to standard output\n";
    return kExitFailure;
  }
  return kExitOk;
}

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

std::string seconds(double s) { return one_decimal(s) + " s"; }

// A newspaper run (book/newspaper.hpp), then its summary line.
int run_newspaper(spec::BookSpec& spec, const BookOptions& opt, std::chrono::steady_clock::time_point start) {
  const book::NewspaperRun run =
      book::run_newspaper(spec, {opt.format, opt.jobs, opt.start_number, opt.force, opt.replace_published,
                                  opt.keep_partial});
  for (const std::string& w : run.warnings) std::cerr << "warning: " << w << '\n';
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
    std::cerr << "wrote " << run.files << " files (" << fmts << ") for "
              << count_of(static_cast<long long>(run.puzzles), "puzzle", "puzzles") << " in "
              << seconds(elapsed) << ": No. " << first.number << " " << first.date << " .. No. " << last.number
              << " " << last.date << ", to " << run.out_dir << "/";
    if (!run.manifest_path.empty()) std::cerr << "; manifest " << run.manifest_path;
    if (run.recorded > 0)
      std::cerr << "; recorded in " << spec.catalogue << " (the next run continues from No. "
                << last.number + 1 << ")\n";
    else
      std::cerr << "; next run: --start-number " << last.number + 1 << "\n";
  }
  return kExitOk;
}

int run_book(const BookOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  Progress progress(opt.quiet);

  // 1. The spec.
  auto loaded = spec::load_book_spec(opt.spec_path);
  if (!loaded) {
    print_error(loaded.error());
    return kExitUsage;
  }
  spec::BookSpec& spec = *loaded;
  const bool to_stdout = opt.output == "-";
  auto format = book::apply_overrides(
      spec, {to_stdout ? std::string() : opt.output, opt.format, opt.seed, opt.catalogue});
  if (!format) {
    print_error(format.error());
    return kExitUsage;
  }
  if (opt.strict) spec.print.strict = true;
  std::optional<TempFolder> temp;  // -o -: where the book is made before it is copied
  if (to_stdout) {
    if (spec.newspaper.enabled || spec.cover.enabled) {
      std::cerr << "error: -o - writes one file to standard output, and " << (spec.newspaper.enabled ? "a newspaper run" : "a book with a cover")
                << " writes several: give a " << (spec.newspaper.enabled ? "folder" : "file name") << " instead\n";
      return kExitUsage;
    }
    temp.emplace();
    if (temp->path.empty()) {
      std::cerr << "error: -o -: cannot make a temporary folder (" << std::strerror(errno) << ")\n";
      return kExitFailure;
    }
    spec.output.path = temp->path + "/book." + spec.output.format;
  }
  if (opt.reprint && (spec.newspaper.enabled || opt.start_number || to_stdout)) {
    std::cerr << "error: --reprint rebuilds a published book in its own files: "
              << (to_stdout ? "not to standard output (-o -)" : "not a newspaper run") << "\n";
    return kExitUsage;
  }
  if (spec.newspaper.enabled || opt.start_number) return run_newspaper(spec, opt, start);

  // 2. The pipeline.
  book::BookRunOptions ro;
  ro.jobs = opt.jobs;
  ro.force = opt.force || opt.replace_published;
  ro.keep_partial = opt.keep_partial;
  ro.reprint = opt.reprint;
  ro.progress = [&progress](const std::string& what, long done, long total) { progress.count(what, done, total); };
  const book::BookRun run = book::run_book_stages(spec, *format, ro);
  progress.clear();
  // Sections cut short by their budget (--keep-partial), runs the catalogue repaired, a reused seed.
  for (const std::string& w : run.warnings) std::cerr << "warning: " << w << '\n';
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

  // The cover's preflight (with print.strict its problems have already failed the run).
  if (!run.cover_findings.empty()) {
    std::cerr << "warning: " << file_name(run.cover_path) << " does not pass the cover preflight:\n";
    for (const std::string& f : run.cover_findings) std::cerr << "  " << f << '\n';
  }

  if (to_stdout) {
    if (const int code = copy_to_stdout(run); code != kExitOk) return code;
  }

  // 4. Summary, on stderr (standard output stays free for data).
  if (!opt.quiet) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string where = to_stdout ? std::string("standard output") : run.book_path;
    if (render::one_file_per_page(*format) && !run.files.empty())
      where = run.files.front() + " .. " + file_name(run.files[static_cast<size_t>(run.book_pages) - 1]);
    if (run.child_files.size() > 1)  // worksheet.split: per_child
      where = "a file for each of " + std::to_string(run.child_files.size()) + " children (" + run.child_files.front() +
              " .. " + file_name(run.child_files.back()) + ")";
    std::cerr << "wrote " << where << ": " << count_of(run.book_pages, "page", "pages") << ", "
              << count_of(run.puzzles, "puzzle", "puzzles") << " in " << seconds(elapsed);
    if (!run.answers_path.empty())
      std::cerr << "; answers: " << run.answers_path << ", " << count_of(run.answer_pages, "page", "pages");
    if (!run.cover_path.empty()) std::cerr << "; cover: " << run.cover_path;
    if (run.preflighted && run.findings.empty() && run.cover_findings.empty()) std::cerr << "; preflight passed";
    else if (!run.preflighted && run.cover_checked && run.cover_findings.empty()) std::cerr << "; cover preflight passed";
    if (run.recorded > 0) std::cerr << "; recorded in " << spec.catalogue;
    if (run.reprinted)
      std::cerr << "; a reprint of '" << run.reprint_of << "' (recorded " << run.reprint_recorded
                << "), the same puzzles, in " << spec.catalogue;
    std::cerr << '\n';
  }
  return run.findings.empty() || !spec.print.strict ? kExitOk : kExitFailure;
}

}  // namespace

void add_book_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<BookOptions>();
  CLI::App* cmd = app.add_subcommand("book", "Make a print-ready book from a YAML spec");
  cmd->add_option("spec", opt->spec_path, "The book spec (YAML); - reads it from standard input")->required();
  cmd->add_option("-o,--output", opt->output, "Output file (overrides output.path; pages of svg/png/eps are FILE-001.ext ...); - writes a "
                  "one-file book to standard output");
  cmd->add_option("--format", opt->format, "Output format (overrides output.format)")
      ->check(CLI::IsMember({"pdf", "svg", "png", "eps"}));
  cmd->add_option("-j,--jobs", opt->jobs, "Generator threads (default: one per core; output is the same for any value)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--seed", opt->seed, "Book seed (overrides the spec's seed)")->check(seed_check());
  cmd->add_option("--start-number", opt->start_number,
                  "Newspaper runs: number of the first puzzle (overrides newspaper.start_number)")
      ->check(CLI::Range(std::int64_t{1}, kMaxPuzzleNumber));
  cmd->add_option("--catalogue", opt->catalogue,
                  "Catalogue of published puzzles (overrides the spec's catalogue): no puzzle it lists is "
                  "picked, and this "
                  "run's are recorded in it");
  cmd->add_flag("--force", opt->force,
                "Books: replace files the catalogue lists as published (their puzzles stay listed); never a "
                "newspaper's published puzzle or solution file");
  cmd->add_flag("--replace-published", opt->replace_published,
                "Replace files the catalogue lists as published, a newspaper's too; each one replaced is named");
  cmd->add_flag("--reprint", opt->reprint,
                "Rebuild the book the catalogue published at the output with exactly its puzzles (a new title, "
                "cover or text); refused when nothing was published there or a key that chooses the puzzles changed");
  cmd->add_flag("-q,--quiet", opt->quiet, "No progress and no summary line");
  cmd->add_flag("--strict", opt->strict,
                "Print problems fail the command (as print.strict: true): the book's, and the cover's, which then "
                "leave every earlier file as it was");
  cmd->add_flag("--keep-partial", opt->keep_partial,
                "A section that runs out of its budget keeps the puzzles made so far (a warning says how many) "
                "instead of failing the book; in a newspaper run, the days before a day that runs out are written");
  cmd->footer(
      "Writes the book and, next to it, NAME.json and NAME.csv listing every puzzle (page, answer page,\n"
      "givens, solution, seed, rating). The same spec and seed give byte-identical output.\n"
      "Files appear only when complete, all together: a failed run leaves the previous book, its\n"
      "answers, cover and manifest untouched. The summary line ('wrote ...') goes to stderr.\n"
      "SPEC - reads the spec from standard input (relative paths in it: from the working folder).\n"
      "-o - writes the book to standard output when it is one file (a PDF, or one page of svg, png or\n"
      "eps, with the answers inside and no cover); no manifest is kept.\n"
      "With a catalogue (catalogue: PATH in the spec, or --catalogue), no puzzle it lists is used, the "
      "run's\n"
      "puzzles are recorded in it once the files are in place, and files it lists as published are not\n"
      "replaced without --force (a book) or --replace-published (a newspaper: --force never replaces a\n"
      "published puzzle's file; each file replaced is named) (docs/catalogue.md). --reprint rebuilds the\n"
      "published book at the output with the same puzzles (a cover or typo fix): the same run, not repeats.\n"
      "With cover: on, NAME-cover.pdf (or cover.path) is the full-wrap cover for the final page count;\n"
      "it is checked as 'gridpress preflight COVER --cover' checks it, and with print.strict (or --strict)\n"
      "a cover that fails the check fails the command before any file is replaced.\n"
      "With print.rules: kdp the pages and the PDF are checked against the KDP rules and problems are\n"
      "listed on stderr (docs/print-on-demand.md); print.strict: true makes them fail the command.\n"
      "Exit code: 0 ok, 1 generation or writing failed (or print problems with print.strict),\n"
      "2 bad spec or command line.");
  cmd->callback([opt, &run] { run = [opt] { return run_book(*opt); }; });
}

}  // namespace gp::cli
