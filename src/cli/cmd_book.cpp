// gridpress book SPEC.yaml: the whole pipeline, one pass per stage.
//   1. load the spec (all problems at once, exit 2)
//   2. check every section's request with the generator, fonts, and plan the pages (exit 2)
//   3. generate each section (stream = section index), graded to fill rating and label
//   4. lay out and render page by page (PDF, or SVG/PNG/EPS one file per page), atomically
//   5. write the manifest (NAME.json, NAME.csv) and a one-line summary
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "cli/book_common.hpp"
#include "cli/commands.hpp"
#include "cli/newspaper.hpp"
#include "core/codec.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "layout/layout.hpp"
#include "render/canvas.hpp"
#include "render/manifest.hpp"
#include "render/text.hpp"
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

void print_error(const Error& e) {
  for (const Diagnostic& d : e.diagnostics) std::cerr << d.to_string() << '\n';
}

std::string stem_of(const std::string& path) {
  fs::path p(path);
  return (p.parent_path() / p.stem()).string();
}

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

// "book.pdf" -> "book-answers.pdf": the separate answer document.
std::string answers_path(const std::string& path) {
  fs::path p(path);
  return (p.parent_path() / (p.stem().string() + "-answers" + p.extension().string())).string();
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
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
  if (opt.seed) spec.seed = *opt.seed;
  if (!opt.output.empty()) {
    spec.output.path = opt.output;
    // -o book.svg without --format means SVG.
    if (opt.format.empty()) {
      const std::string ext = fs::path(opt.output).extension().string();
      if (auto f = render::parse_format(ext.empty() ? "" : ext.substr(1))) spec.output.format = ext.substr(1);
    }
  }
  if (!opt.format.empty()) spec.output.format = opt.format;
  auto format = render::parse_format(spec.output.format);
  if (!format) {
    print_error(format.error());
    return kExitUsage;
  }
  if (spec.newspaper.enabled || opt.start_number)
    return run_newspaper(spec, {opt.format, opt.jobs, opt.start_number, opt.quiet});

  // 2. Everything that can be checked before generating: requests, fonts, the page plan.
  std::vector<Diagnostic> problems;
  std::vector<gen::Request> requests;
  for (int s = 0; s < static_cast<int>(spec.sections.size()); ++s) {
    auto r = make_request(spec, s);
    if (r) requests.push_back(*r);
    else for (const auto& d : r.error().diagnostics) problems.push_back(d);
  }
  const std::pair<const char*, const std::string*> fonts[] = {
      {"theme.font", &spec.theme.font}, {"theme.digit_font", &spec.theme.digit_font},
      {"theme.title_font", &spec.theme.title_font}};
  std::set<std::string> checked;
  for (const auto& [key, family] : fonts) {
    if (!checked.insert(*family).second) continue;
    if (Status st = render::check_font_family(*family); !st)
      problems.push_back({spec.source_file, 0, 0, std::string(key) + ": " + st.error().to_string()});
  }
  render::PangoTextMeasure measure;
  std::vector<int> counts;
  for (const auto& sec : spec.sections) counts.push_back(sec.count);
  std::optional<layout::BookPlan> plan;
  if (problems.empty()) {
    auto planned = layout::plan_book(spec, counts, measure);
    if (planned) plan = std::move(*planned);
    else
      for (Diagnostic d : planned.error().diagnostics) {
        if (d.file.empty()) d.file = spec.source_file;  // layout places what it can in the spec
        problems.push_back(std::move(d));
      }
  }
  if (!problems.empty()) {
    print_error(Error(problems));
    return kExitUsage;
  }

  // 3. Generate. Sections exclude each other's puzzles, so no puzzle appears twice in a book.
  const int jobs = opt.jobs > 0 ? opt.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  std::vector<PuzzleStore> puzzles;
  std::unordered_set<std::string> seen;
  int total_puzzles = 0;
  for (int s = 0; s < static_cast<int>(spec.sections.size()); ++s) {
    const auto& sec = spec.sections[static_cast<size_t>(s)];
    auto store = generate_section(spec, s, requests[static_cast<size_t>(s)], jobs, seen, [&](int done, int total) {
      progress.show("generating " + sec.name + ": " + std::to_string(done) + "/" + std::to_string(total));
    });
    if (!store) {
      progress.clear();
      std::cerr << spec::section_location(spec, s) << ": section '" << sec.name
                << "': " << store.error().to_string() << '\n';
      return kExitFailure;
    }
    total_puzzles += static_cast<int>(store->size());
    puzzles.push_back(std::move(*store));
  }
  seen = {};  // only generation needs it

  // 4. Lay out and render, page by page.
  std::error_code ec;
  const fs::path out_dir = fs::path(spec.output.path).parent_path();
  if (!out_dir.empty()) fs::create_directories(out_dir, ec);  // a missing folder is made; errors surface on open
  render::OutputOptions out;
  out.format = *format;
  out.path = spec.output.path;
  out.dpi = spec.output.png_dpi;
  out.info.title = spec.title;
  out.info.subject = spec.subtitle;
  out.info.author = spec.author;
  out.info.keywords = "sudoku";
  out.info.creator = std::string("gridpress ") + GRIDPRESS_VERSION;
  out.info.creation_date = spec.output.creation_date;
  auto book_canvas = render::open_canvas(out);
  if (!book_canvas) {
    print_error(book_canvas.error());
    return kExitFailure;
  }
  std::unique_ptr<render::Canvas> answer_canvas;
  const bool separate = plan->answer_pages > 0;
  if (separate) {
    render::OutputOptions aout = out;
    aout.path = answers_path(out.path);
    aout.info.title = spec.title + " - answers";
    auto c = render::open_canvas(aout);
    if (!c) {
      print_error(c.error());
      return kExitFailure;
    }
    answer_canvas = std::move(*c);
  }
  const int total_pages = plan->book_pages + plan->answer_pages;
  int pages_done = 0;
  auto sink_to = [&](render::Canvas& canvas) {
    return [&](layout::Page&& page) -> Status {
      ++pages_done;
      progress.show("rendering page " + std::to_string(pages_done) + "/" + std::to_string(total_pages));
      return render::render_page(canvas, page);
    };
  };
  layout::PageSinks sinks;
  sinks.book = sink_to(**book_canvas);
  if (answer_canvas) sinks.answers = sink_to(*answer_canvas);
  Status laid = layout::lay_out_book(spec, *plan, puzzles, measure, sinks);
  if (laid) laid = (*book_canvas)->finish();
  if (laid && answer_canvas) laid = answer_canvas->finish();
  progress.clear();
  if (!laid) {
    std::cerr << "error: " << laid.error().to_string() << '\n';
    return kExitFailure;
  }

  // 5. Manifest and summary.
  std::vector<std::string> files = (*book_canvas)->files();
  if (answer_canvas)
    for (const auto& f : answer_canvas->files()) files.push_back(f);
  if (spec.output.manifest) {
    // Entries are made as they are written: memory does not grow with the manifest's text.
    auto entry_at = [&](int i) {
      const layout::PuzzleRecord& rec = plan->records[static_cast<size_t>(i)];
      const Puzzle p = puzzles[static_cast<size_t>(rec.section)].get(static_cast<size_t>(rec.index));
      render::ManifestEntry e;
      e.section = spec.sections[static_cast<size_t>(rec.section)].name;
      e.section_index = rec.section;
      e.number = rec.number;
      e.page = rec.page;
      e.answer_page = rec.answer_page;
      if (rec.answer_page > 0) e.answer_file = file_name(rec.answer_document == 1 ? answers_path(out.path) : out.path);
      e.grid = p.givens.shape.name();
      e.givens = format_line(p.givens);
      e.solution = format_line(p.solution);
      e.clues = p.givens.clue_count();
      e.symmetry = p.symmetry;
      e.seed = p.seed;
      e.rating = p.rating;
      e.label = p.label;
      e.hardest = p.hardest;
      return e;
    };
    render::ManifestInfo info;
    info.title = spec.title;
    info.book_file = file_name(out.path);
    for (const auto& f : files) info.files.push_back(file_name(f));
    info.seed = spec.seed;
    info.pages = plan->book_pages;
    info.generator = std::string("gridpress ") + GRIDPRESS_VERSION;
    if (Status st = render::write_manifest(stem_of(out.path), info, static_cast<int>(plan->records.size()), entry_at); !st) {
      print_error(st.error());
      return kExitFailure;
    }
  }
  if (!opt.quiet) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string where = out.path;
    if (render::one_file_per_page(out.format) && !files.empty())
      where = files.front() + " .. " + file_name(files.back());
    std::cout << "wrote " << where << ": " << plan->book_pages << " pages, " << total_puzzles << " puzzles in "
              << seconds(elapsed);
    if (answer_canvas)
      std::cout << "; answers: " << answers_path(out.path) << ", " << plan->answer_pages << " pages";
    std::cout << '\n';
  }
  return kExitOk;
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
  cmd->add_option("--seed", opt->seed, "Book seed (overrides the spec's seed)");
  cmd->add_option("--start-number", opt->start_number,
                  "Newspaper runs: number of the first puzzle (overrides newspaper.start_number)")
      ->check(CLI::Range(1, 999999999));
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress and no summary line");
  cmd->footer(
      "Writes the book and, next to it, NAME.json and NAME.csv listing every puzzle (page, answer page,\n"
      "givens, solution, seed, rating). The same spec and seed give byte-identical output.\n"
      "Files appear only when complete: a failed run leaves the previous book untouched.\n"
      "Exit code: 0 ok, 1 generation or writing failed, 2 bad spec or command line.");
  cmd->callback([opt, &run] { run = [opt] { return run_book(*opt); }; });
}

}  // namespace gp::cli
