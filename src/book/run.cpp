#include "book/run.hpp"

#include <stdlib.h>  // mkdtemp
#include <unistd.h>  // unlink

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <thread>
#include <tuple>
#include <unordered_set>
#include <utility>

#include "book/cover.hpp"
#include "book/explained.hpp"
#include "book/hints.hpp"
#include "book/kdp.hpp"
#include "book/order.hpp"
#include "book/record.hpp"
#include "book/sections.hpp"
#include "book/techniques.hpp"
#include "catalogue/sources.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/files.hpp"
#include "core/puzzle_store.hpp"
#include "core/text.hpp"
#include "core/variants.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "layout/cover.hpp"
#include "layout/layout.hpp"
#include "layout/print_rules.hpp"
#include "pdfcheck/pdfcheck.hpp"
#include "render/manifest.hpp"
#include "render/staging.hpp"
#include "render/svg.hpp"
#include "render/text.hpp"
#include "spec/limits.hpp"
#include "spec/spec.hpp"

namespace gp::book {
namespace {

// The solved example of each variant a book with variants explains (layout::example_variants), for
// its how-to-play pages and section heading pages: a small puzzle made with a fixed seed, so every
// book shows the same one; a board of several grids (samurai) as its empty board. A variant whose
// example cannot be made is left out (its rules are still printed).
std::vector<layout::VariantExample> variant_examples(const spec::BookSpec& spec) {
  std::vector<layout::VariantExample> out;
  const bool wanted = spec.front.how_to_play ||
                      std::any_of(spec.sections.begin(), spec.sections.end(), [](const auto& s) { return s.heading_page; });
  if (!wanted) return out;
  for (const std::string& name : layout::example_variants(spec)) {
    const VariantDef* def = find_variant_def(name);
    if (!def) continue;
    const Shape shape = layout::example_shape(name);
    if (def->multi_grid) {
      if (auto board = variant_board(shape, def->variant)) out.push_back({name, Grid(*board), Grid(*board)});
      continue;
    }
    gen::Request r;
    r.shape = shape;
    r.variant = def->variant;
    r.budget_seconds = 10;
    if (auto p = gen::generate_one(r, 1)) out.push_back({name, p->givens, p->solution});
  }
  return out;
}

namespace fs = std::filesystem;

std::string stem_of(const std::string& path) {
  fs::path p(path);
  return (p.parent_path() / p.stem()).string();
}

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

BookRun failed(BookRun run, Outcome outcome, Error error) {
  run.outcome = outcome;
  run.error = std::move(error);
  return run;
}

// Stage 1: everything that can be checked before generating. Problems are diagnostics in the spec.
Result<layout::BookPlan> check_and_plan(const spec::BookSpec& spec, const layout::TextMeasure& measure,
                                        std::vector<gen::Request>& requests) {
  std::vector<Diagnostic> problems;
  check_sections(spec, /*title_font=*/true, requests, problems);
  if (!problems.empty()) return Error(std::move(problems));
  std::vector<int> counts;
  for (const auto& sec : spec.sections) counts.push_back(sec.count);
  // The plan fixes the page count before any geometry (pages hold a fixed number of puzzles), and
  // then takes the gutter from that final count: one pass is enough.
  auto planned = layout::plan_book(spec, counts, measure, layout::options_for(spec));
  if (planned) return planned;
  for (Diagnostic d : planned.error().diagnostics) {
    if (d.file.empty()) d.file = spec.source_file;  // layout places what it can in the spec
    problems.push_back(std::move(d));
  }
  return Error(std::move(problems));
}

// The cover's options (with an SVG image's size) and the puzzle it shows, checked before any
// puzzle is made: the full wrap within PDF's page limit, text that fits, a cover.sample the book
// has. Nothing to check without a cover.
struct CoverPlan {
  layout::CoverOptions options;
  std::optional<PuzzleAt> sample_at;
};

Result<CoverPlan> plan_cover(const spec::BookSpec& spec, const layout::BookPlan& plan,
                             const layout::TextMeasure& measure) {
  CoverPlan out;
  out.options = layout::cover_options(spec);
  layout::CoverOptions& cover = out.options;
  if (!spec.cover.enabled) return out;
  if (!cover.image.empty() && render::is_svg_path(cover.image)) {
    auto size = render::svg_size(cover.image);  // librsvg lives in render: layout gets the size as data
    if (!size) return Error(spec::key_diagnostic(spec, {"cover.image"}, size.error().diagnostics.front().message));
    std::tie(cover.image_width, cover.image_height) = *size;
  }
  // The full wrap is two pages and the spine wide: it can pass PDF's limit.
  const double wide = layout::cover_geometry(spec.page, plan.book_pages, cover.paper).width;
  if (auto problem = spec::page_side_problem(wide))
    return Error(Diagnostic::keyed(spec.source_file, 0, 0, "cover", "the full-wrap cover " + *problem));
  // Text that cannot fit the cover fails here, before any puzzle is made (it does not depend on them).
  if (auto probe = layout::lay_out_cover(spec, plan.book_pages, cover, measure); !probe) return probe.error();
  // The puzzle the front shows (cover.sample, or a representative one): a sample the book does
  // not have fails here too.
  auto at = cover_sample(spec, plan);
  if (!at) return at.error();
  out.sample_at = *at;
  return out;
}

// The pages of the child's file `part` (worksheet.split: per_child).
int part_pages(const layout::BookPlan& plan, int part) {
  return static_cast<int>(std::count_if(plan.pages.begin(), plan.pages.end(),
                                        [&](const layout::PlannedPage& p) { return p.document == 0 && p.part == part; }));
}

// Every file the run would write, page files included.
std::vector<render::NamedPath> planned_outputs(const spec::BookSpec& spec, render::Format format,
                                               const layout::BookPlan& plan) {
  std::vector<render::NamedPath> outputs;
  auto document = [&](const std::string& path, render::Format f, int pages, const std::string& role) {
    if (!render::one_file_per_page(f)) {
      outputs.push_back({path, role});
      return;
    }
    for (int i = 0; i < pages; ++i)
      outputs.push_back({render::default_page_path(path, f, i), "page " + std::to_string(i + 1) + " of " + role});
  };
  if (plan.parts.empty()) {
    document(spec.output.path, format, plan.book_pages, "the book");
  } else {  // worksheet.split: per_child
    const std::vector<std::string> paths = child_paths(spec.output.path, plan.parts);
    for (size_t k = 0; k < paths.size(); ++k)
      document(paths[k], format, part_pages(plan, static_cast<int>(k)), "the sheets of " + plan.parts[k]);
  }
  if (plan.answer_pages > 0) document(answers_path(spec.output.path), format, plan.answer_pages, "the answers");
  if (spec.cover.enabled) outputs.push_back({cover_path(spec, spec.output.path), "the cover"});
  if (spec.output.manifest) {
    outputs.push_back({stem_of(spec.output.path) + ".json", "the JSON manifest"});
    outputs.push_back({stem_of(spec.output.path) + ".csv", "the CSV manifest"});
  }
  return outputs;
}

// Refuses, before any work, outputs that would replace the spec, its profile, its catalogue or one
// another, and outputs that are not regular files.
Status check_outputs(const spec::BookSpec& spec, const std::vector<render::NamedPath>& outputs) {
  std::vector<render::NamedPath> inputs{{spec.source_file, "the spec"}};
  if (!spec.catalogue.empty()) inputs.push_back({spec.catalogue, "the catalogue"});
  for (const std::string& path : spec.exclude) inputs.push_back({path, "an excluded file"});
  for (const auto& sec : spec.sections)
    for (const std::string& path : sec.exclude) inputs.push_back({path, "an excluded file"});
  if (!spec.profile_file.empty()) inputs.push_back({spec.profile_file, "the profile"});
  return render::check_output_paths(outputs, inputs);
}

// One document of the book's group (book, answers, cover), drawn into staged files.
struct StagedDocument {
  std::unique_ptr<render::Canvas> canvas;
  std::string path;  // the final path (PDF) or the one the final page names derive from
  render::Format format = render::Format::pdf;

  // The final names of the files written, in page order.
  std::vector<std::string> files() const {
    std::vector<std::string> out;
    const size_t n = canvas->files().size();
    for (size_t i = 0; i < n; ++i)
      out.push_back(render::one_file_per_page(format) ? render::default_page_path(path, format, static_cast<int>(i))
                                                      : path);
    return out;
  }
};

// Opens a canvas for `out` whose files are staged in `staging`: a PDF as one staged file, the
// page files of the other formats one by one (the planned `pages` are added at once, so a folder
// that cannot be written fails here, by the final name).
Result<StagedDocument> open_staged(render::OutputOptions out, int pages, render::Staging& staging) {
  StagedDocument doc{nullptr, out.path, out.format};
  if (!render::one_file_per_page(out.format)) {
    auto staged = staging.add(out.path);
    if (!staged) return staged.error();
    out.path = *staged;
  } else {
    for (int i = 0; i < pages; ++i)
      if (auto staged = staging.add(render::default_page_path(out.path, out.format, i)); !staged)
        return staged.error();
    out.page_path = [&staging, path = out.path, format = out.format](int i) {
      // Added already (the same name again) unless the layout made more pages than planned. Such
      // a late add fails only if the folder has stopped taking files; the canvas then fails on the
      // empty name.
      auto staged = staging.add(render::default_page_path(path, format, i));
      return staged ? *staged : std::string();
    };
  }
  auto canvas = render::open_canvas(out);
  if (!canvas) return canvas.error();
  doc.canvas = std::move(*canvas);
  return doc;
}

// After the group is in place: page files numbered after the last page, left by an earlier and
// longer book under the same names, would mix two books; the consecutive run of them is removed.
void remove_stale_pages(const StagedDocument& doc) {
  if (!render::one_file_per_page(doc.format)) return;
  for (int i = static_cast<int>(doc.canvas->files().size());; ++i)
    if (::unlink(render::default_page_path(doc.path, doc.format, i).c_str()) != 0) break;
}

// The puzzles of the spec's `exclude` files: the book's, and each section's own.
struct Exclusions {
  std::unordered_set<std::string> book;
  std::vector<std::unordered_set<std::string>> section;
};

Result<Exclusions> read_excluded_files(const spec::BookSpec& spec) {
  Exclusions out;
  std::vector<Diagnostic> problems;
  auto read = [&](const std::string& path, const std::string& key, std::unordered_set<std::string>& into) {
    auto source = catalogue::read_source(path);
    if (!source) {
      problems.push_back({spec.source_file, 0, 0, key + ": " + source.error().to_string()});
      return;
    }
    for (catalogue::Entry& e : source->entries) into.insert(std::move(e.canonical));
  };
  for (const std::string& path : spec.exclude) read(path, "exclude", out.book);
  out.section.resize(spec.sections.size());
  for (size_t s = 0; s < spec.sections.size(); ++s)
    for (const std::string& path : spec.sections[s].exclude)
      read(path, "sections[" + std::to_string(s) + "].exclude", out.section[s]);
  if (!problems.empty()) return Error(std::move(problems));
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

// 60, 0.5, 1e+03 -> "1000": a number of seconds or a rate in messages.
std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

int job_count(const BookRunOptions& options) {
  return options.jobs > 0 ? options.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

// Whether the book can grade its unrated puzzles beside the rendering instead of before it: only
// the manifest reads their grades then (no caption shows a label, rating, level or stars, no
// section is ordered by rating, no techniques page, no catalogue records them before the
// drawing, no second run from kept puzzles), and a second thread is allowed.
bool grades_can_wait(const spec::BookSpec& spec, const BookRunOptions& options) {
  if (job_count(options) < 2 || options.keep_partial || !spec.catalogue.empty() || spec.front.techniques) return false;
  for (const std::string* tmpl : {&spec.theme.caption, &spec.theme.answer_caption})
    for (const char* field : {"{label", "{rating", "{level", "{stars"})
      if (tmpl->find(field) != std::string::npos) return false;
  if (spec.order == "rising") return false;  // the pages' order reads the grades
  for (const auto& sec : spec.sections)
    if (sec.order == "rating") return false;
  return true;
}

// The grades of the unrated sections (those gen::batch_grades names, blank ones excepted), made
// on background threads while the pages are drawn; apply() waits for them and puts them into the
// stores, so the manifest reads what a graded batch gives. Destroyed early (a failed run), it
// stops the threads after their current puzzle.
class BackgroundGrades {
 public:
  BackgroundGrades(const spec::BookSpec& spec, const std::vector<gen::Request>& requests,
                   const std::vector<PuzzleStore>& stores, int threads)
      : stores_(stores), requests_(requests), grades_(stores.size()) {
    for (std::size_t s = 0; s < stores.size(); ++s) {
      if (spec.sections[s].blank || !gen::batch_grades(requests[s])) continue;
      grades_[s].resize(stores[s].size());
      for (std::size_t i = 0; i < stores[s].size(); ++i) items_.push_back({s, i});
    }
    for (int t = 0; t < threads && !items_.empty(); ++t) threads_.emplace_back([this] { work(); });
  }
  BackgroundGrades(const BackgroundGrades&) = delete;
  BackgroundGrades& operator=(const BackgroundGrades&) = delete;
  ~BackgroundGrades() {
    stop_ = true;
    join();
  }

  void apply(std::vector<PuzzleStore>& stores) {
    join();
    for (std::size_t s = 0; s < stores.size(); ++s) {
      if (grades_[s].empty()) continue;
      PuzzleStore graded;
      for (std::size_t i = 0; i < stores[s].size(); ++i) {
        Puzzle p = stores[s].get(i);
        const Graded& g = grades_[s][i];
        p.rating = g.rating;
        p.hardest = g.hardest;
        p.label = g.label;
        graded.add(p);
      }
      stores[s] = std::move(graded);
    }
  }

 private:
  struct Item {
    std::size_t section, index;
  };
  struct Graded {  // what grade_into sets (not whole Puzzles: a 10,000-puzzle book keeps memory flat)
    double rating = -1.0;
    std::string hardest, label;
  };
  void work() {
    for (std::size_t k = 0; !stop_ && (k = next_++) < items_.size();) {
      const Item it = items_[k];
      Puzzle p = stores_[it.section].get(it.index);
      gen::grade_into(p, requests_[it.section].bands);
      Graded& out = grades_[it.section][it.index];  // one thread writes each slot; read after join
      out.rating = p.rating;
      out.hardest = std::move(p.hardest);
      out.label = std::move(p.label);
    }
  }
  void join() {
    for (auto& t : threads_) t.join();
    threads_.clear();
  }

  const std::vector<PuzzleStore>& stores_;
  const std::vector<gen::Request>& requests_;
  std::vector<std::vector<Graded>> grades_;
  std::vector<Item> items_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stop_{false};
  std::vector<std::thread> threads_;
};

// Stage 2: the puzzles, in compact stores. Sections exclude each other's puzzles, so no puzzle
// appears twice. With keep_partial a section that runs out of budget keeps what was made (the
// warning goes to `warnings`) and the later sections are still made, each with its own budget.
Result<std::vector<PuzzleStore>> generate(const spec::BookSpec& spec, const std::vector<gen::Request>& requests,
                                          const BookRunOptions& options, std::vector<std::string>& warnings,
                                          const std::function<bool(const std::string&)>& listed,
                                          const Exclusions& exclusions, bool grade) {
  using Clock = std::chrono::steady_clock;
  const int jobs = job_count(options);
  std::vector<PuzzleStore> puzzles;
  std::unordered_set<std::string> seen;
  for (int s = 0; s < static_cast<int>(spec.sections.size()); ++s) {
    const auto& sec = spec.sections[static_cast<size_t>(s)];
    const double budget = requests[static_cast<size_t>(s)].budget_seconds;
    // The progress line names the budget, so a run that will not fit in it shows so early.
    const std::string what = "generating " + sec.name + " (budget " + short_number(budget) + " s)";
    int made = 0;
    const auto start = Clock::now();
    std::function<void(int, int)> progress = [&](int done, int total) {
      made = done;
      if (options.progress) options.progress(what, done, total);
    };
    Error ran_out;
    const std::unordered_set<std::string>& own = exclusions.section[static_cast<size_t>(s)];
    std::function<bool(const std::string&)> excluded;
    if (listed || !exclusions.book.empty() || !own.empty())
      excluded = [&](const std::string& c) {
        return exclusions.book.count(c) || own.count(c) || (listed && listed(c));
      };
    auto store = generate_section(spec, s, requests[static_cast<size_t>(s)], jobs, seen, progress,
                                  options.keep_partial ? &ran_out : nullptr, excluded, grade);
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    // At the rate reached, what the whole section would need (only when some were made).
    std::string estimate;
    if (made > 0 && made < sec.count && took > 0) {
      const double need = took * sec.count / made;
      estimate = "at " + short_number(std::round(made / took * 100) / 100) + " puzzles/s the " +
                 std::to_string(sec.count) + " puzzles need about " + short_number(std::ceil(need)) + " s";
    }
    if (!store) {
      std::string msg = spec::section_location(spec, s) + ": section '" + sec.name + "': " + store.error().to_string();
      if (store.error().kind == ErrorKind::budget)
        msg += (estimate.empty() ? std::string("; ") : "; " + estimate + ": ") +
               "give the section a larger `budget`, or keep what was made with --keep-partial";
      return Error(store.error().kind, msg);
    }
    if (static_cast<int>(store->size()) < sec.count)
      warnings.push_back(spec::section_location(spec, s) + ": section '" + sec.name + "': kept " +
                         std::to_string(store->size()) + " of " + std::to_string(sec.count) + " puzzles (" +
                         ran_out.to_string() + (estimate.empty() ? "" : "; " + estimate) + ")");
    puzzles.push_back(std::move(*store));
  }
  return puzzles;
}

// Stage 5: NAME.json and NAME.csv, written to `stem`.json and .csv (staged names). Entries are made
// as they are written: memory does not grow with the manifest's text.
Status write_manifest(const std::string& stem, const spec::BookSpec& spec, const layout::BookPlan& plan,
                      const std::vector<PuzzleStore>& puzzles, const BookRun& run) {
  auto entry_at = [&](int i) {
    const layout::PuzzleRecord& rec = plan.records[static_cast<size_t>(i)];
    const Puzzle p = puzzles[static_cast<size_t>(rec.section)].get(static_cast<size_t>(rec.index));
    render::ManifestEntry e;
    e.section = spec.sections[static_cast<size_t>(rec.section)].name;
    e.section_index = rec.section;
    e.pupil = spec.sections[static_cast<size_t>(rec.section)].pupil;
    if (rec.part >= 0 && static_cast<size_t>(rec.part) < run.child_files.size())
      e.file = file_name(run.child_files[static_cast<size_t>(rec.part)]);
    e.number = rec.number;
    e.page = rec.page;
    e.answer_page = rec.answer_page;
    if (rec.answer_page > 0) e.answer_file = file_name(rec.answer_document == 1 ? run.answers_path : run.book_path);
    e.grid = p.givens.shape.name();
    e.givens = format_line(p.givens);
    e.solution = format_line(p.solution);
    e.clues = p.givens.clue_count();
    e.symmetry = p.symmetry;
    e.variant = std::string(variant_name(p.givens.variant()));
    e.board = p.givens.board;
    e.seed = p.seed;
    e.rating = p.rating;
    e.label = p.label;
    e.hardest = p.hardest;
    return e;
  };
  render::ManifestInfo info;
  info.title = spec.title;
  info.book_file = file_name(run.book_path);
  std::vector<Variant> variants;
  for (const auto& s : spec.sections)
    if (auto v = parse_variant(s.variant)) variants.push_back(*v);
  info.data_columns = codec::manifest_columns(variants);
  for (const auto& f : run.files) info.files.push_back(file_name(f));
  info.seed = spec.seed;
  info.pages = plan.book_pages;
  info.generator = std::string("gridpress ") + GRIDPRESS_VERSION;
  // In book order (a book in mixed order keeps its records section by section).
  const std::vector<std::size_t> order = plan.book_order();
  return render::write_manifest(stem, info, static_cast<int>(plan.records.size()),
                                [&](int i) { return entry_at(static_cast<int>(order[static_cast<size_t>(i)])); });
}

// The catalogue's entries for the book's puzzles, in book order.
std::vector<catalogue::Entry> book_entries(const spec::BookSpec& spec, const layout::BookPlan& plan,
                                           const std::vector<PuzzleStore>& puzzles) {
  std::vector<catalogue::Entry> out;
  out.reserve(plan.records.size());
  std::error_code ec;
  const std::string file = fs::absolute(spec.output.path, ec).lexically_normal().string();
  std::vector<std::string> child_files;  // worksheet.split: per_child
  for (const std::string& path : child_paths(spec.output.path, plan.parts))
    child_files.push_back(fs::absolute(path, ec).lexically_normal().string());
  for (const std::size_t at : plan.book_order()) {
    const layout::PuzzleRecord& rec = plan.records[at];
    Puzzle p = puzzles[static_cast<size_t>(rec.section)].get(static_cast<size_t>(rec.index));
    if (p.canonical.empty()) p.canonical = gen::canonical_form(p.givens);  // a puzzle made without one
    catalogue::Entry e = catalogue::entry_of(p, "book");
    e.title = spec.title;
    e.section = spec.sections[static_cast<size_t>(rec.section)].name;
    e.number = rec.number;
    e.file = rec.part >= 0 && static_cast<size_t>(rec.part) < child_files.size()
                 ? child_files[static_cast<size_t>(rec.part)]
                 : file;
    out.push_back(std::move(e));
  }
  return out;
}

// book --reprint: the book run the catalogue published at the book's first output, checked against
// the spec's keys that the stored run shows (seed; sections by name: puzzles, variant, grid). What
// the store does not show (difficulty, clues, ...) is checked on the puzzles made (same_puzzles).
Result<catalogue::Catalogue::PublishedRun> find_reprint(const spec::BookSpec& spec, CatalogueRun& cat,
                                                         const std::vector<render::NamedPath>& outputs) {
  if (!cat.active())
    return Error(spec.source_file + ": --reprint rebuilds a run the catalogue published, and this book names no "
                                    "catalogue: give catalogue: in the spec, or --catalogue");
  const std::string& book = outputs.front().path;
  auto file = cat.catalogue().published_file(book);
  if (!file) return file.error();
  if (!*file)
    return Error(cat.catalogue().path() + ": nothing to reprint: no book was published at '" + book +
                 "' (a reprint writes over the files of the run it rebuilds: give the published book's -o or "
                 "output.path)");
  if ((*file)->kind != "book")
    return Error(cat.catalogue().path() + ": '" + book + "' was published by a " + (*file)->kind +
                 " run; --reprint rebuilds books");
  auto published = cat.catalogue().published_run((*file)->run);
  if (!published) return published.error();
  if (!*published || (*published)->entries.empty())
    return Error(cat.catalogue().path() + ": nothing to reprint: the run that published '" + book +
                 "' holds no puzzles");
  catalogue::Catalogue::PublishedRun run = std::move(**published);
  const std::string was = "the published run '" + run.info.title + "' (recorded " + run.recorded + ")";
  std::vector<Diagnostic> problems;
  if (run.info.seed && *run.info.seed != spec.seed)
    problems.push_back(spec::key_diagnostic(spec, {"seed"}, "is " + std::to_string(spec.seed) + ", but " + was +
                                                                " was made from seed " + std::to_string(*run.info.seed) +
                                                                " (the seed chooses the puzzles)"));
  // The sections by name, in order of first appearance: puzzles, variant and grid.
  struct Part {
    std::string name, variant, grid;
    int count = 0, section = -1;
  };
  auto tally = [](std::vector<Part>& parts, const std::string& name, const std::string& variant,
                  const std::string& grid, int count, int section) {
    auto it = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.name == name; });
    if (it == parts.end()) it = parts.insert(parts.end(), Part{name, variant, grid, 0, section});
    it->count += count;
  };
  std::vector<Part> before, now;
  for (const catalogue::Entry& e : run.entries) tally(before, e.section, e.variant, e.grid, 1, -1);
  for (size_t s = 0; s < spec.sections.size(); ++s) {
    const spec::SectionSpec& sec = spec.sections[s];
    const VariantDef* def = find_variant_def(sec.variant);
    tally(now, sec.name, def ? std::string(def->name) : sec.variant, def && def->multi_grid ? "" : sec.shape.name(),
          sec.count, static_cast<int>(s));
  }
  auto names = [](const std::vector<Part>& parts) {
    std::string out;
    for (const Part& p : parts) out += (out.empty() ? "'" : ", '") + p.name + "' (" + std::to_string(p.count) + ")";
    return out;
  };
  bool same_names = before.size() == now.size();
  for (size_t i = 0; same_names && i < now.size(); ++i) same_names = before[i].name == now[i].name;
  if (!same_names) {
    problems.push_back(spec::key_diagnostic(spec, {"sections"}, "are " + names(now) + ", but " + was + " has " +
                                                                    names(before) + " (sections by name, with their puzzles)"));
  } else {
    for (size_t i = 0; i < now.size(); ++i) {
      const Part &b = before[i], &n = now[i];
      if (b.count != n.count)
        problems.push_back(spec::section_diagnostic(spec, n.section,
                                                    "sections[" + std::to_string(n.section) + "].count: '" + n.name +
                                                        "' asks for " + std::to_string(n.count) + " puzzles, but " + was +
                                                        " has " + std::to_string(b.count) + " in it",
                                                    "count"));
      if (b.variant != n.variant)
        problems.push_back(spec::section_diagnostic(spec, n.section,
                                                    "sections[" + std::to_string(n.section) + "].variant: '" + n.name + "' is " +
                                                        n.variant + ", but in " + was + " it is " + b.variant,
                                                    "variant"));
      else if (!n.grid.empty() && b.grid != n.grid)
        problems.push_back(spec::section_diagnostic(spec, n.section,
                                                    "sections[" + std::to_string(n.section) + "].grid: '" + n.name +
                                                        "' has " + n.grid + " grids, but in " + was + " they are " + b.grid,
                                                    "grid"));
    }
  }
  if (!problems.empty()) {
    problems.push_back({spec.source_file, 0, 0,
                        "--reprint keeps a published run's puzzles, so the keys that choose them must be as they were "
                        "(the title, cover and text may change); nothing was written"});
    return Error(std::move(problems));
  }
  return run;
}

// After generation, for a reprint: the book's puzzles must be the published run's, each under its
// number. A section that makes other puzzles had a key changed that shapes them.
Status same_puzzles(const spec::BookSpec& spec, const layout::BookPlan& plan,
                    const catalogue::Catalogue::PublishedRun& run, const std::vector<catalogue::Entry>& made) {
  std::map<std::int64_t, std::string> by_number;
  std::unordered_set<std::string> forms;
  for (const catalogue::Entry& e : run.entries) {
    by_number[e.number] = e.canonical;
    forms.insert(e.canonical);
  }
  const std::vector<std::size_t> order = plan.book_order();
  std::map<int, int> other;  // section -> first number whose puzzle is not the run's
  bool numbered_alike = true;
  for (size_t k = 0; k < made.size() && k < order.size(); ++k) {
    const layout::PuzzleRecord& rec = plan.records[order[k]];
    if (!forms.count(made[k].canonical)) {
      other.emplace(rec.section, rec.number);
    } else if (auto it = by_number.find(made[k].number); it == by_number.end() || it->second != made[k].canonical) {
      numbered_alike = false;
    }
  }
  std::vector<Diagnostic> problems;
  const std::string was = "the published run '" + run.info.title + "'";
  for (const auto& [section, number] : other)
    problems.push_back(spec::section_diagnostic(
        spec, section,
        "sections[" + std::to_string(section) + "]: '" + spec.sections[static_cast<size_t>(section)].name +
            "' makes other puzzles than " + was + " (first: No. " + std::to_string(number) +
            "): a key that shapes its puzzles changed since it was published (difficulty, rating, clues, symmetry, fill, "
            "minimal, spread, its variant's keys, exclude, dedup) or this gridpress makes them differently"));
  if (problems.empty() && !numbered_alike)
    problems.push_back(spec::key_diagnostic(spec, {"order"}, "the puzzles are " + was +
                                                                 "'s, but numbered otherwise: the book's order (the "
                                                                 "top-level order, or a section's) changed since"));
  if (problems.empty()) return Ok{};
  problems.push_back({spec.source_file, 0, 0,
                      "--reprint keeps a published run's puzzles: restore the keys as they were; nothing was written"});
  return Error(std::move(problems));
}

// Without a catalogue, a book whose manifest is already there, made from the same seed under
// another title, is most likely a copied spec: the same puzzles again. Says so.
std::optional<std::string> reused_seed(const spec::BookSpec& spec) {
  if (!spec.catalogue.empty() || !spec.output.manifest) return std::nullopt;
  const std::string path = stem_of(spec.output.path) + ".json";
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  auto body = read_regular_file(path, "manifest", std::size_t{64} << 20);
  if (!body) return std::nullopt;
  const nlohmann::json doc = nlohmann::json::parse(*body, nullptr, false);
  if (!doc.is_object() || !doc.contains("seed") || !doc["seed"].is_number_unsigned() ||
      !doc.contains("title") || !doc["title"].is_string())
    return std::nullopt;
  const std::string title = doc["title"].get<std::string>();
  if (doc["seed"].get<std::uint64_t>() != spec.seed || title == spec.title) return std::nullopt;
  return path + " was made from the same seed (" + std::to_string(spec.seed) + ") under the title '" + title +
         "': this book has the same puzzles. Give it a new seed, or name a catalogue "
         "(catalogue: or --catalogue) so that no puzzle is repeated";
}


// Removes a temporary folder and everything in it when it goes out of scope.
class TempDir {
 public:
  static Result<TempDir> make() {
    std::error_code ec;
    fs::path base = fs::temp_directory_path(ec);
    if (ec) base = "/tmp";
    std::string tmpl = (base / "gridpress-preflight-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) return Error("cannot make a temporary folder in " + base.string());
    TempDir d;
    d.path_ = tmpl;
    return d;
  }
  TempDir() = default;
  TempDir(TempDir&& o) noexcept : path_(std::exchange(o.path_, std::string())) {}
  TempDir& operator=(TempDir&&) = delete;
  TempDir(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

std::string answers_path(const std::string& path) {
  fs::path p(path);
  return (p.parent_path() / (p.stem().string() + "-answers" + p.extension().string())).string();
}

std::string default_cover_path(const std::string& book_path) { return stem_of(book_path) + "-cover.pdf"; }

std::vector<std::string> child_paths(const std::string& book_path, const std::vector<std::string>& names) {
  const fs::path p(book_path);
  const std::string stem = p.stem().string(), ext = p.extension().string();
  // The answers file and the default cover are "STEM-answers" and "STEM-cover": no child takes them.
  std::set<std::string> taken{"answers", "cover"};
  std::vector<std::string> out;
  out.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    std::string base = ascii_slug(names[i]);
    if (base.empty()) base = "child-" + std::to_string(i + 1);
    std::string slug = base;
    for (int k = 2; !taken.insert(slug).second; ++k) slug = base + "-" + std::to_string(k);
    out.push_back((p.parent_path() / (stem + "-" + slug + ext)).string());
  }
  return out;
}

Result<render::Format> apply_overrides(spec::BookSpec& spec, const Overrides& o) {
  if (o.seed) spec.seed = *o.seed;
  if (!o.output.empty()) {
    if (spec.cover.path == default_cover_path(spec.output.path)) spec.cover.path.clear();
    spec.output.path = o.output;
    if (o.format.empty()) {
      // The extension names the format, in any case (book.PNG); one that names none is refused
      // rather than given a PDF under its name.
      std::string ext = fs::path(o.output).extension().string();
      for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (ext.size() > 1 && render::parse_format(ext.substr(1))) {
        spec.output.format = ext.substr(1);
      } else if (ext.size() > 1 && !spec.newspaper.enabled) {  // a newspaper run's -o names its manifest
        return Error("-o " + o.output + ": '" + fs::path(o.output).extension().string() +
                     "' is not a format gridpress writes: name the file .pdf, .svg, .png or .eps, or give --format");
      }
    }
  }
  if (!o.format.empty()) spec.output.format = o.format;
  if (!o.catalogue.empty()) spec.catalogue = o.catalogue;
  return render::parse_format(spec.output.format);
}

std::string cover_path(const spec::BookSpec& spec, const std::string& book_path) {
  return spec.cover.path.empty() ? default_cover_path(book_path) : spec.cover.path;
}

namespace {

// The stages for `spec`; `made` not null: the puzzles are already made (a run again with the
// section counts cut to what a generation out of budget kept), and `warnings` says so.
BookRun run_stages(const spec::BookSpec& spec, render::Format format, const BookRunOptions& options,
                   std::vector<PuzzleStore>* made, std::vector<std::string> warnings) {
  BookRun run;
  run.warnings = std::move(warnings);
  auto progress = [&](const std::string& what, long done, long total) {
    if (options.progress) options.progress(what, done, total);
  };

  // 1. Checks and the page plan.
  render::PangoTextMeasure measure;
  std::vector<gen::Request> requests;
  auto plan = check_and_plan(spec, measure, requests);
  if (!plan) return failed(std::move(run), Outcome::bad_input, plan.error());
  const std::vector<render::NamedPath> outputs = planned_outputs(spec, format, *plan);
  if (Status st = check_outputs(spec, outputs); !st)
    return failed(std::move(run), Outcome::bad_input, st.error());
  auto exclusions = read_excluded_files(spec);
  if (!exclusions) return failed(std::move(run), Outcome::bad_input, exclusions.error());
  auto cat = CatalogueRun::open(spec.catalogue);
  if (!cat)
    return failed(std::move(run), cat.error().kind == ErrorKind::io ? Outcome::failed : Outcome::bad_input,
                  cat.error());
  if (!made) {  // once, not again when the book is made from kept puzzles
    for (const std::string& r : cat->repairs()) run.warnings.push_back(r);
    if (auto warning = reused_seed(spec)) run.warnings.push_back(*warning);
    for (std::string& w : small_samurai_cells(spec, *plan)) run.warnings.push_back(std::move(w));
  }
  // book --reprint: the published run to rebuild, checked against the spec; its files may be replaced.
  std::optional<catalogue::Catalogue::PublishedRun> reprint;
  if (options.reprint) {
    auto found = find_reprint(spec, *cat, outputs);
    if (!found)
      return failed(std::move(run), found.error().kind == ErrorKind::io ? Outcome::failed : Outcome::bad_input,
                    found.error());
    reprint = std::move(*found);
  }
  {
    std::vector<std::string> paths;
    for (const auto& o : outputs) {
      if (reprint) {
        auto f = cat->catalogue().published_file(o.path);
        if (!f) return failed(std::move(run), Outcome::failed, f.error());
        if (*f && (*f)->run == reprint->id) continue;  // the run's own file, rebuilt
      }
      paths.push_back(o.path);
    }
    if (Status st = cat->check_outputs(paths, options.force); !st)
      return failed(std::move(run), Outcome::bad_input, st.error());
  }
  // What generation must not pick: the catalogue's puzzles, but for a reprint its own run's.
  std::function<bool(const std::string&)> listed = cat->excluded();
  if (reprint) {
    auto own = std::make_shared<std::unordered_set<std::string>>();
    for (const catalogue::Entry& e : reprint->entries) own->insert(e.canonical);
    listed = [base = listed, own](const std::string& c) { return !own->count(c) && base(c); };
  }
  auto cover_plan = plan_cover(spec, *plan, measure);
  if (!cover_plan) return failed(std::move(run), Outcome::bad_input, cover_plan.error());
  const layout::CoverOptions& cover = cover_plan->options;
  std::optional<PuzzleAt> sample_at = cover_plan->sample_at;
  const layout::LayoutOptions layout_options = layout::options_for(spec);
  run.book_pages = plan->book_pages;
  run.answer_pages = plan->answer_pages;
  run.trim_width_pt = layout::mm_to_pt(plan->book_geometry.trim_width());
  run.trim_height_pt = layout::mm_to_pt(plan->book_geometry.trim_height());
  run.strict = spec.print.strict;

  // 2. Generate. The unrated puzzles' grades are made beside the drawing when nothing drawn needs them.
  const bool defer_grades = !made && !cat->active() && grades_can_wait(spec, options);
  std::vector<PuzzleStore> generated;
  if (made) {
    generated = std::move(*made);
  } else {
    std::vector<std::string> cut;  // sections cut short (keep_partial)
    auto got = generate(spec, requests, options, cut, listed, *exclusions, !defer_grades);
    if (!got) return failed(std::move(run), Outcome::failed, got.error());
    generated = std::move(*got);
    run.warnings.insert(run.warnings.end(), cut.begin(), cut.end());
    if (!cut.empty()) {
      // Some section kept fewer puzzles than asked: plan the book again with the counts it has (a
      // section with none is left out).
      spec::BookSpec kept = spec;
      kept.sections.clear();
      std::vector<PuzzleStore> stores;
      for (size_t s = 0; s < spec.sections.size(); ++s) {
        if (generated[s].empty()) continue;
        kept.sections.push_back(spec.sections[s]);
        kept.sections.back().count = static_cast<int>(generated[s].size());
        stores.push_back(std::move(generated[s]));
      }
      if (kept.sections.empty())
        return failed(std::move(run), Outcome::failed, Error(ErrorKind::budget, join_lines(cut)));
      return run_stages(kept, format, options, &stores, std::move(run.warnings));
    }
  }
  std::vector<PuzzleStore>* puzzles = &generated;
  // A book in rising order: the pages' order comes from the puzzles' grades, so the plan is made
  // again with them (the same pages and page count, in another order; numbers, answers and the
  // cover's sample follow).
  // Worked solutions (answers.explained) are made from the puzzles under their numbers, and the
  // plan is made again with their pages (after every puzzle page: numbers and puzzle pages stay).
  std::vector<layout::WorkedSolution> worked;
  const bool explained = spec.answers.explained > 0 || !spec.answers.explained_numbers.empty();
  auto replan = [&]() -> Status {
    if (spec.order != "rising" && !explained) return Ok{};
    std::vector<int> counts;
    for (const auto& store : *puzzles) counts.push_back(static_cast<int>(store.size()));
    const std::vector<std::vector<double>> keys =
        spec.order == "rising" ? difficulty_keys(spec, *puzzles) : std::vector<std::vector<double>>{};
    auto again = layout::plan_book(spec, counts, measure, layout::options_for(spec), keys);
    if (!again) return again.error();
    *plan = std::move(*again);
    if (explained) {
      auto solutions = worked_solutions(spec, *puzzles, *plan);
      if (!solutions) return solutions.error();
      worked = std::move(*solutions);
      auto with_worked = layout::plan_book(spec, counts, measure, layout::options_for(spec), keys, worked);
      if (!with_worked) return with_worked.error();
      *plan = std::move(*with_worked);
    }
    if (spec.cover.enabled) {
      auto at = cover_sample(spec, *plan);
      if (!at) return at.error();
      sample_at = *at;
    }
    return Ok{};
  };
  if (Status st = replan(); !st) return failed(std::move(run), Outcome::failed, st.error());
  run.book_pages = plan->book_pages;  // worked solutions add pages
  run.answer_pages = plan->answer_pages;
  // A reprint: exactly the published run's puzzles, each under its number, or nothing is written.
  // It reserves nothing: its puzzles are the run's already.
  if (reprint)
    if (Status st = same_puzzles(spec, *plan, *reprint, book_entries(spec, *plan, *puzzles)); !st)
      return failed(std::move(run), Outcome::bad_input, st.error());
  // With a catalogue, reserve the puzzles; when another run took some meanwhile, generate again
  // (its lookups now see them). A book made again from kept puzzles (keep_partial) cannot.
  for (int tries = 1; cat->active() && !reprint; ++tries) {
    catalogue::RunInfo info{"book", spec.title, spec.source_file, spec.seed};
    auto reserved = cat->reserve(info, book_entries(spec, *plan, *puzzles));
    if (!reserved) return failed(std::move(run), Outcome::failed, reserved.error());
    if (*reserved) break;
    std::vector<std::string> cut;
    auto again = made || tries == kReserveTries
                     ? Result<std::vector<PuzzleStore>>(Error(ErrorKind::io, "other runs kept taking its puzzles"))
                     : generate(spec, requests, options, cut, listed, *exclusions, !defer_grades);
    if (!again || !cut.empty())
      return failed(std::move(run), Outcome::failed,
                    Error(ErrorKind::io, spec.catalogue +
                                             ": other runs took this book's puzzles at the same time; run it again"));
    generated = std::move(*again);
    if (Status st = replan(); !st) return failed(std::move(run), Outcome::failed, st.error());
  }
  for (const auto& sec : *puzzles) run.puzzles += static_cast<int>(sec.size());
  std::optional<BackgroundGrades> grades;
  // Without a manifest nothing reads them: then they are not made at all.
  if (defer_grades && spec.output.manifest) grades.emplace(spec, requests, *puzzles, std::max(1, job_count(options) - 1));

  // 3. Open every document first: a folder that cannot be written fails before any drawing.
  // Missing folders are made; errors surface when the files are opened. The documents and the
  // manifest are written under staged names and replace the earlier ones together at the end.
  for (const std::string& file : {spec.output.path, spec.cover.enabled ? cover_path(spec, spec.output.path) : ""}) {
    std::error_code ec;
    if (const fs::path dir = fs::path(file).parent_path(); !dir.empty()) fs::create_directories(dir, ec);
  }
  render::Staging staging;  // declared before the documents: their canvases close first
  render::OutputOptions out;
  out.format = format;
  out.path = spec.output.path;
  out.dpi = spec.output.png_dpi;
  out.gray = spec.output.color == "gray";
  out.page_boxes = spec.page.bleed;
  out.text_engine = measure.engine();  // what the layout measured is drawn without shaping it again  // TrimBox and BleedBox on every page of a bleed book
  out.info.title = spec.title;
  out.info.subject = spec.subtitle;
  out.info.author = spec.author;
  out.info.keywords = "sudoku";
  out.info.creator = std::string("gridpress ") + GRIDPRESS_VERSION;
  out.info.creation_date = spec.output.creation_date;
  // The book: one document, or one a child (worksheet.split: per_child), each with its pages.
  std::vector<StagedDocument> books;
  {
    std::vector<std::pair<render::OutputOptions, int>> wanted;
    if (plan->parts.empty()) {
      wanted.emplace_back(out, plan->book_pages);
    } else {
      const std::vector<std::string> paths = child_paths(out.path, plan->parts);
      for (size_t k = 0; k < paths.size(); ++k) {
        render::OutputOptions child = out;
        child.path = paths[k];
        child.info.title = spec.title + " - " + plan->parts[k];
        wanted.emplace_back(child, part_pages(*plan, static_cast<int>(k)));
      }
    }
    for (const auto& [o, pages] : wanted) {
      auto d = open_staged(o, pages, staging);
      if (!d) return failed(std::move(run), Outcome::failed, staging.user_names(d.error()));
      books.push_back(std::move(*d));
    }
  }
  run.book_path = books.front().path;
  for (const StagedDocument& d : books)
    if (!plan->parts.empty()) run.child_files.push_back(d.path);
  std::optional<StagedDocument> answers, cover_doc;
  if (plan->answer_pages > 0) {
    render::OutputOptions aout = out;
    aout.path = answers_path(out.path);
    aout.info.title = spec.title + " - answers";
    auto d = open_staged(aout, plan->answer_pages, staging);
    if (!d) return failed(std::move(run), Outcome::failed, staging.user_names(d.error()));
    answers = std::move(*d);
    run.answers_path = aout.path;
  }
  if (spec.cover.enabled) {
    render::OutputOptions cover_out = out;
    cover_out.format = render::Format::pdf;  // the cover is always one PDF page
    cover_out.page_boxes = false;            // the cover keeps its MediaBox only
    cover_out.path = cover_path(spec, out.path);
    cover_out.info.title = spec.title + " - cover";
    auto d = open_staged(cover_out, 1, staging);
    if (!d) return failed(std::move(run), Outcome::failed, staging.user_names(d.error()));
    cover_doc = std::move(*d);
    run.cover_path = cover_out.path;
  }

  // Lay out and render page by page; KDP books are checked on the way.
  const bool check = spec.print.rules == "kdp" || options.always_check;
  const layout::PageGeometry& geometry = plan->book_geometry;
  std::optional<layout::Preflight> preflight;
  if (check) preflight.emplace(layout::kdp_rules(geometry.trim_width(), geometry.trim_height(), cover.paper), geometry);
  const int total_pages = plan->book_pages + plan->answer_pages;
  int pages_done = 0;
  auto sink_to = [&](render::Canvas& canvas) {
    return [&](layout::Page&& page) -> Status {
      ++pages_done;
      progress("rendering pages", pages_done, total_pages);
      return render::render_page(canvas, page);
    };
  };
  // Each book page to its document: the one book, or the child's file the plan gives it. A
  // child's file is finished when the next child's first page comes (pages come in order).
  std::vector<int> page_part;
  for (const layout::PlannedPage& p : plan->pages)
    if (p.document == 0) page_part.push_back(std::max(0, p.part));
  std::vector<bool> book_done(books.size(), false);
  size_t book_page = 0;
  int current_book = 0;
  auto book_sink = [&](layout::Page&& page) -> Status {
    const int part = book_page < page_part.size() ? page_part[book_page] : current_book;
    ++book_page;
    if (part != current_book) {
      book_done[static_cast<size_t>(current_book)] = true;
      if (Status st = books[static_cast<size_t>(current_book)].canvas->finish(); !st) return st;
      current_book = part;
    }
    ++pages_done;
    progress("rendering pages", pages_done, total_pages);
    return render::render_page(*books[static_cast<size_t>(part)].canvas, page);
  };
  layout::PageSinks sinks;
  sinks.book = preflight ? preflight->wrap(book_sink) : layout::PageSink(book_sink);
  if (answers) sinks.answers = sink_to(*answers->canvas);
  std::vector<layout::TechniqueDiagram> techniques;
  if (spec.front.techniques)
    for (TechniqueExample& e : technique_examples(spec, *puzzles, *plan, 4, [&](long done, long total) {
           progress("grading for the techniques pages", done, total);
         }))
      techniques.push_back(std::move(e.diagram));
  std::vector<std::vector<layout::PuzzleHint>> hints;
  if (spec.answers.hints)
    hints = puzzle_hints(spec, *puzzles, job_count(options),
                         [&](long done, long total) { progress("writing hints", done, total); });
  Status laid = layout::lay_out_book(spec, *plan, *puzzles, measure, sinks, layout_options, techniques,
                                     variant_examples(spec), hints, worked);
  if (laid && preflight && preflight->pages() != plan->book_pages) {
    // The gutter was chosen for plan->book_pages; a different count would need another layout.
    laid = Error("layout: the plan has " + std::to_string(plan->book_pages) + " pages but " +
                 std::to_string(preflight->pages()) + " were laid out");
  }

  // 4. The cover, for the final page count, with its sample puzzle on the front.
  if (laid && cover_doc) {
    std::optional<Puzzle> sample;
    if (sample_at && static_cast<size_t>(sample_at->section) < puzzles->size() &&
        static_cast<size_t>(sample_at->index) < (*puzzles)[static_cast<size_t>(sample_at->section)].size())
      sample = (*puzzles)[static_cast<size_t>(sample_at->section)].get(static_cast<size_t>(sample_at->index));
    auto page = layout::lay_out_cover(spec, plan->book_pages, cover, measure, sample ? &*sample : nullptr);
    laid = page ? render::render_page(*cover_doc->canvas, *page) : Status(page.error());
  }
  for (size_t k = 0; laid && k < books.size(); ++k)
    if (!book_done[k]) laid = books[k].canvas->finish();
  if (laid && answers) laid = answers->canvas->finish();
  if (laid && cover_doc) laid = cover_doc->canvas->finish();
  if (!laid) return failed(std::move(run), Outcome::failed, staging.user_names(laid.error()));
  // The cover's preflight, on the staged file, whenever there is a cover: with print.strict a
  // cover that fails it fails the run here, before any file is replaced.
  if (cover_doc) {
    const std::vector<std::string> staged = cover_doc->canvas->files();
    auto found = staged.empty() ? Result<std::vector<std::string>>(Error(ErrorKind::io, "the cover was not written"))
                                : check_cover_file(staged.front(), spec, plan->book_pages, cover.paper);
    if (!found) return failed(std::move(run), Outcome::failed, staging.user_names(found.error()));
    run.cover_checked = true;
    for (const std::string& f : *found) run.cover_findings.push_back(f);
    if (!run.cover_findings.empty() && spec.print.strict) {
      std::string msg = run.cover_path + " does not pass the cover preflight:";
      for (const std::string& f : run.cover_findings) msg += "\n  " + f;
      msg += "\nprint.strict is true, so nothing was written (the earlier files are as they were)";
      return failed(std::move(run), Outcome::failed, Error(msg));
    }
  }
  run.files.clear();
  for (const StagedDocument& d : books)
    for (const auto& f : d.files()) run.files.push_back(f);
  for (const auto* d : {&answers, &cover_doc})
    if (*d)
      for (const auto& f : (*d)->files()) run.files.push_back(f);

  // 5. The manifest, staged like the documents; then every file into place at once.
  if (grades) grades->apply(*puzzles);
  if (spec.output.manifest) {
    const std::string stem = stem_of(spec.output.path);
    auto json_file = staging.add(stem + ".json");
    auto csv_file = staging.add(stem + ".csv");
    Status st = !json_file ? Status(json_file.error())
                : !csv_file ? Status(csv_file.error())
                            : write_manifest(stem_of(*json_file), spec, *plan, *puzzles, run);
    if (!st) return failed(std::move(run), Outcome::failed, staging.user_names(st.error()));
  }
  if (cat->active()) {
    std::vector<std::string> manifests;
    if (spec.output.manifest)
      for (const char* ext : {".json", ".csv"}) manifests.push_back(stem_of(spec.output.path) + ext);
    if (Status st = cat->attach(staging, run.files, manifests); !st)
      return failed(std::move(run), Outcome::failed, staging.user_names(st.error()));
  }
  if (Status st = staging.commit(); !st) return failed(std::move(run), Outcome::failed, st.error());
  if (options.after_commit) options.after_commit();
  if (Status st = cat->publish(); !st)
    run.warnings.push_back(st.error().to_string() + " (the next run with this catalogue records it)");
  else if (cat->active() && !reprint)
    run.recorded = run.puzzles;
  if (reprint) {
    // The same run, in its new files: its title and their fingerprints follow.
    std::vector<catalogue::Catalogue::RunFile> files;
    for (const std::string& f : run.files) files.push_back({f, f, false});
    if (spec.output.manifest)
      for (const char* ext : {".json", ".csv"}) {
        const std::string m = stem_of(spec.output.path) + ext;
        files.push_back({m, m, true});
      }
    if (Status st = cat->catalogue().record_reprint(reprint->id, spec.title, files); !st)
      run.warnings.push_back(st.error().to_string() + " (the files are written; the catalogue still names the run '" +
                             reprint->info.title + "')");
    run.reprinted = true;
    run.reprint_of = reprint->info.title;
    run.reprint_recorded = reprint->recorded;
  }
  for (const StagedDocument& d : books) remove_stale_pages(d);
  if (answers) remove_stale_pages(*answers);

  // 6. Findings: the laid-out pages', then the written PDF's.
  if (preflight) {
    run.preflighted = true;
    run.findings = grouped_messages(preflight->finish());
    if (format == render::Format::pdf) {
      pdfcheck::Rules rules = kdp_pdf_rules(std::pair{run.trim_width_pt, run.trim_height_pt}, spec.page.bleed);
      rules.max_pages = layout::kdp_max_pages(geometry.trim_width(), geometry.trim_height(), cover.paper);
      // The layout check names the item at fault; the file check repeats the rules it shares (sizes,
      // margins, page count) in its own words. After layout findings keep only what the file alone
      // can see, so each problem is listed once. A class split per child: each child's file.
      const bool layout_found = !run.findings.empty();
      const std::vector<std::string> checked =
          run.child_files.empty() ? std::vector<std::string>{run.book_path} : run.child_files;
      for (const std::string& pdf : checked) {
        auto report = pdfcheck::check_pdf(pdf, rules);
        if (!report) return failed(std::move(run), Outcome::failed, report.error());
        for (const pdfcheck::Finding& f : report->findings) {
          const bool file_only = f.rule == "fonts-embedded" || f.rule == "outlines" || f.rule == "annotations" ||
                                 f.rule == "page-size" || f.rule == "content" || f.rule == "work-limit" ||
                                 f.rule == "page-boxes" || f.rule == "image-resolution";
          if (!layout_found || file_only)
            run.findings.push_back((checked.size() > 1 ? file_name(pdf) + ": " : std::string()) + f.message);
        }
      }
    }
  }
  return run;
}

}  // namespace

std::vector<std::string> small_samurai_cells(const spec::BookSpec& spec, const layout::BookPlan& plan) {
  std::vector<std::string> out;
  for (size_t s = 0; s < spec.sections.size() && s < plan.fits.size(); ++s) {
    const double cell = plan.fits[s].cell_mm;
    if (spec.sections[s].variant != "samurai" || spec.sections[s].blank || cell <= 0 || cell >= kMinSamuraiCellMm)
      continue;
    char mm[32];
    std::snprintf(mm, sizeof mm, "%.1f", cell);
    const std::string msg = "sections[" + std::to_string(s) + "]: samurai cells come out at " + mm +
                            " mm on this page, below the 7 mm a pencilled digit needs: a larger trim (8x10 or 8.5x11 in) "
                            "gives larger cells (docs/board.md, Samurai on the page)";
    out.push_back(spec::section_diagnostic(spec, static_cast<int>(s), msg, "variant").to_string());
  }
  return out;
}

Status check_spec(const spec::BookSpec& spec) {
  if (spec.newspaper.enabled) return Ok{};  // a newspaper run is checked by its own pipeline
  render::PangoTextMeasure measure;
  std::vector<gen::Request> requests;
  auto plan = check_and_plan(spec, measure, requests);
  if (!plan) return plan.error();
  if (auto cover = plan_cover(spec, *plan, measure); !cover) return cover.error();
  return Ok{};
}

BookRun run_book_stages(const spec::BookSpec& spec, render::Format format, const BookRunOptions& options) {
  return run_stages(spec, format, options, nullptr, {});
}

BookRun preflight_spec(const std::string& spec_path, const BookRunOptions& options) {
  BookRun run;
  auto loaded = spec::load_book_spec(spec_path);
  if (!loaded) return failed(std::move(run), Outcome::bad_input, loaded.error());
  auto dir = TempDir::make();
  if (!dir) return failed(std::move(run), Outcome::failed, dir.error());
  spec::BookSpec& spec = *loaded;
  spec.output.path = (fs::path(dir->path()) / fs::path(spec_path).stem()).string() + ".pdf";
  spec.output.manifest = false;
  if (spec.cover.enabled) spec.cover.path = (fs::path(dir->path()) / "cover.pdf").string();  // checked too
  spec.catalogue.clear();  // a trial book in a temporary folder: nothing is published
  const bool strict = spec.print.strict;
  spec.print.strict = false;  // the cover's findings come back as findings (the command applies strict)
  BookRunOptions o = options;
  o.always_check = true;
  BookRun checked = run_book_stages(spec, render::Format::pdf, o);
  checked.strict = strict;
  return checked;
}

}  // namespace gp::book
