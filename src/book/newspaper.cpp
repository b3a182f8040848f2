// Newspaper runs, one pass per stage:
//   1. check everything that can be checked before generating: requests, fonts, the column width,
//      the excluded files, and with a catalogue the numbers and dates (bad_input)
//   2. generate one puzzle per day, days in parallel, never one in an excluded file, the catalogue
//      or an earlier day of the run (failed when the generator gives up); days in a row with the
//      same request take their puzzles in order of rating, so ratings do not fall through the week;
//      reserve them in the catalogue
//   3. name the files from the templates (solutions for the day they run); lay out and render each
//      puzzle and solution in every format under hidden temporary names, with the copies under
//      fixed link names and the website's daily JSON files (failed)
//   4. the manifest (JSON, CSV), also staged; then every file is renamed into place together, and
//      the catalogue records the run
#include "book/newspaper.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>
#include <unordered_set>
#include <type_traits>
#include <variant>
#include <vector>

#include "book/daily.hpp"
#include "book/record.hpp"
#include "book/sections.hpp"
#include "catalogue/sources.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/numbering.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "generator/generator.hpp"
#include "layout/calendar.hpp"
#include "layout/layout.hpp"
#include "layout/single.hpp"
#include "render/atomic_file.hpp"
#include "render/canvas.hpp"
#include "render/staging.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"
#include "core/variants.hpp"

namespace gp::book {
namespace {

namespace fs = std::filesystem;
using ordered = nlohmann::ordered_json;  // manifest keys in the order written

// ---- Exclusion manifests ----

// Adds the canonical form of every puzzle in `path` (a manifest of a book or newspaper run, a
// puzzle file or a catalogue: catalogue/sources.hpp) to `out`.
Status read_exclusions(const std::string& path, std::unordered_set<std::string>& out) {
  auto source = catalogue::read_source(path);
  if (!source) return source.error();
  for (catalogue::Entry& e : source->entries) out.insert(std::move(e.canonical));
  return Ok{};
}

// ---- Generation ----

// One puzzle per day. Day d uses stream = its number, so a number is the same puzzle in any run
// with the same seed; a puzzle equal to one in `excluded` or to an earlier day's is replaced (the
// generator's batch rule). Days run in parallel on the excluded set alone and are then checked in
// day order against the earlier days, regenerating the rare collision: the result is exactly that
// of generating the days one after another. With `cut` (keep_partial), a day that runs out of its
// budget ends the run: the days before it are returned and `cut` says so (none made: the error).
Result<std::vector<Puzzle>> generate_days(const spec::BookSpec& spec,
                                          const std::vector<gen::Request>& requests,
                                          const std::unordered_set<std::string>& excluded,
                                          const std::function<bool(const std::string&)>& listed, int jobs,
                                          std::string* cut) {
  const int days = static_cast<int>(spec.sections.size());
  const auto one_day = [&](int d, const std::unordered_set<std::string>& avoid) -> Result<Puzzle> {
    gen::BatchOptions bo;
    bo.stream = static_cast<std::uint64_t>(spec.sections[static_cast<size_t>(d)].number);
    bo.exclude = &avoid;
    bo.excluded = listed;  // the catalogue's lookup (thread-safe), or none
    bo.grade = true;
    auto batch = gen::generate_batch(requests[static_cast<size_t>(d)], spec.seed, 1, bo);
    if (!batch) return batch.error();
    return std::move(batch->front());
  };

  std::vector<std::optional<Result<Puzzle>>> made(static_cast<size_t>(days));
  std::atomic<int> next{0};
  const auto worker = [&] {
    for (int d = next++; d < days; d = next++) made[static_cast<size_t>(d)] = one_day(d, excluded);
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::min(jobs, days); ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();

  std::vector<Puzzle> out;
  std::unordered_set<std::string> seen = excluded;
  for (int d = 0; d < days; ++d) {
    Result<Puzzle> p = std::move(*made[static_cast<size_t>(d)]);
    if (p && seen.count(p->canonical)) p = one_day(d, seen);
    if (!p) {
      const auto& sec = spec.sections[static_cast<size_t>(d)];
      const std::string where = spec::section_location(spec, d) + ": " + sec.name + " (No. " + std::to_string(sec.number) +
                                "): " + p.error().to_string();
      if (cut == nullptr || d == 0 || p.error().kind != ErrorKind::budget)
        return Error(p.error().kind, where + (d > 0 && p.error().kind == ErrorKind::budget
                                                  ? "; give the days a larger `budget`, or write the days before it "
                                                    "with --keep-partial"
                                                  : ""));
      const auto& before = spec.sections[static_cast<size_t>(d - 1)];
      *cut = where + "; kept the " + std::to_string(d) + (d == 1 ? " day" : " days") + " before it (to No. " +
             std::to_string(before.number) + ", " + before.date + "), the run's later days are not made; the next run "
             "starts at No. " + std::to_string(sec.number);
      return out;
    }
    seen.insert(p->canonical);
    out.push_back(std::move(*p));
  }
  return out;
}

// ---- Files ----

struct DayFiles {
  std::string caption;                        // expanded newspaper.caption
  std::vector<std::string> puzzle, solution;  // final paths, one per format
  // Copies under the fixed link names, one per format (empty without link_name / solution_link_name).
  std::vector<std::string> puzzle_links, solution_links;
  std::string feed, feed_link;                // the website's JSON file and its copy ("" = none)
  std::string solution_date;                  // the day the solution runs
  int stars = 0;                              // {stars}, for the feed
};

// Every file of a day, each with the spec key that names it.
std::vector<std::pair<const char*, const std::string*>> named_files(const DayFiles& f) {
  std::vector<std::pair<const char*, const std::string*>> out;
  for (const auto& p : f.puzzle) out.emplace_back("file_name", &p);
  for (const auto& p : f.solution) out.emplace_back("solution_file_name", &p);
  for (const auto& p : f.puzzle_links) out.emplace_back("link_name", &p);
  for (const auto& p : f.solution_links) out.emplace_back("solution_link_name", &p);
  if (!f.feed.empty()) out.emplace_back("feed_file_name", &f.feed);
  if (!f.feed_link.empty()) out.emplace_back("link_name", &f.feed_link);
  return out;
}

// Copies the staged file `from` to `to` (also staged): a link name gets the bytes of its file.
Status copy_staged(const std::string& from, const std::string& to) {
  std::ifstream in(from, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in && !in.eof()) return Error(ErrorKind::io, "cannot read '" + from + "'");
  return render::write_file_atomically(to, bytes.str());
}

// Expands a file name template for a day and adds the extension.
std::string file_for(const std::string& tmpl, const layout::CaptionFields& f, render::Format format) {
  return layout::expand_caption(tmpl, f) + "." + std::string(render::extension(format));
}

// Renders one page to `path` (already a staged name) in `format`.
Status render_file(const layout::Page& page, render::Format format, const std::string& path,
                   const std::string& title, const spec::BookSpec& spec) {
  render::OutputOptions out;
  out.format = format;
  out.path = path;
  if (render::one_file_per_page(format)) out.page_path = [path](int) { return path; };
  out.dpi = spec.output.png_dpi;
  out.gray = spec.output.color == "gray";
  out.info.title = title;
  out.info.author = spec.author;
  out.info.keywords = "sudoku";
  out.info.creator = std::string("gridpress ") + GRIDPRESS_VERSION;
  out.info.creation_date = spec.output.creation_date;
  auto canvas = render::open_canvas(out);
  if (!canvas) return canvas.error();
  if (Status st = render::render_page(**canvas, page); !st) return st;
  return (*canvas)->finish();
}

// A file of the run as the manifest names it: its path under the output folder (the file name,
// or "2026/03/sudoku-2026-03-02.eps" when the templates name folders).
std::string in_run(const std::string& path, const fs::path& out_dir) {
  if (out_dir.empty()) return fs::path(path).lexically_normal().string();
  return fs::path(path).lexically_relative(out_dir).string();
}

std::string join_names(const std::vector<std::string>& paths, const char* sep, const fs::path& out_dir) {
  std::string s;
  for (const auto& p : paths) s += (s.empty() ? "" : sep) + in_run(p, out_dir);
  return s;
}

// ---- The editor's proof sheet (newspaper.proof) ----

// Moves every item of a page by (dx, dy) mm.
void shift(std::vector<layout::Item>& items, double dx, double dy) {
  for (layout::Item& item : items)
    std::visit(
        [&](auto& it) {
          using T = std::decay_t<decltype(it)>;
          if constexpr (std::is_same_v<T, layout::LineItem>) {
            it.x1 += dx, it.x2 += dx, it.y1 += dy, it.y2 += dy;
          } else if constexpr (std::is_same_v<T, layout::PathItem>) {
            for (auto& [x, y] : it.points) x += dx, y += dy;
          } else if constexpr (std::is_same_v<T, layout::ImageItem>) {
            it.placed.x += dx, it.placed.y += dy, it.clip.x += dx, it.clip.y += dy;
          } else {
            it.box.x += dx, it.box.y += dy;
          }
        },
        item);
}

constexpr double kProofWidthMm = 210, kProofHeightMm = 297, kProofMarginMm = 10, kProofGapMm = 5;

// The week on one A4 page: a heading, then each day's puzzle and its solution side by side, two
// days a row (four files across, each up to 43.75 mm wide, narrower when the rows need it), as the
// paper prints them (the same captions; no instruction line, which would take more room than the
// grid at this width). Error: the days do not fit.
Result<layout::Page> proof_page(const spec::BookSpec& spec, const std::vector<Puzzle>& puzzles,
                                const std::vector<std::string>& captions, const spec::Theme& theme,
                                const layout::TextMeasure& measure) {
  const double inner = kProofWidthMm - 2 * kProofMarginMm;
  const layout::Font head{theme.font, std::max(theme.caption_size, 9.0) + 2, true, false};
  const std::string heading = spec.title + ": proof of No. " + std::to_string(spec.sections.front().number) +
                              " .. No. " + std::to_string(spec.sections.back().number) + ", " +
                              spec.sections.front().date + " .. " + spec.sections.back().date;
  const double head_h = measure.measure(heading, head, inner).height;
  // Four files across at most; narrower when the rows would not fit the page's height.
  double width = (inner - 3 * kProofGapMm) / 4;
  for (int attempt = 0; attempt < 6; ++attempt) {
    layout::Page page;
    page.width = kProofWidthMm;
    page.height = kProofHeightMm;
    page.trim = layout::Box{0, 0, page.width, page.height};
    page.items.emplace_back(layout::text_item(layout::Box{kProofMarginMm, kProofMarginMm, inner, head_h}, heading,
                                              head, layout::HAlign::left, layout::VAlign::top, true));
    layout::SingleOptions single;
    single.width_mm = width;
    const double x0 = (kProofWidthMm - 4 * width - 3 * kProofGapMm) / 2;
    double y = kProofMarginMm + head_h + kProofGapMm, row_h = 0;
    for (size_t d = 0; d < puzzles.size(); ++d) {
      for (const bool solution : {false, true}) {
        single.caption = captions[d].empty() ? "" : solution ? "Solution: " + captions[d] : captions[d];
        single.solution = solution;
        auto one = layout::lay_out_single_puzzle(puzzles[d], theme, single, measure);
        if (!one) return one.error();
        const size_t slot = (d % 2) * 2 + (solution ? 1 : 0);
        shift(one->items, x0 + static_cast<double>(slot) * (width + kProofGapMm), y);
        for (auto& item : one->items) page.items.push_back(std::move(item));
        row_h = std::max(row_h, one->height);
      }
      if (d % 2 == 1 || d + 1 == puzzles.size()) {
        y += row_h + kProofGapMm;
        row_h = 0;
      }
    }
    const double used = y - kProofGapMm - (kProofMarginMm + head_h + kProofGapMm);
    const double room = kProofHeightMm - kProofMarginMm - (kProofMarginMm + head_h + kProofGapMm);
    if (used <= room + 1e-6) return page;
    width *= std::max(0.5, room / used * 0.98);  // the text does not shrink with the grid: try again
    if (width < 25) break;
  }
  return Error("newspaper.proof: " + std::to_string(puzzles.size()) +
               " days do not fit one A4 page (two days a row, files at least 25 mm wide); make the proof for at "
               "most a week");
}

// The run's manifest: JSON and CSV text.
std::pair<std::string, std::string> manifest_text(const spec::BookSpec& spec,
                                                  const std::vector<Puzzle>& puzzles,
                                                  const std::vector<DayFiles>& files,
                                                  const std::vector<render::Format>& formats) {
  const fs::path out_dir = fs::path(spec.output.path).parent_path();
  ordered doc;
  doc["kind"] = "newspaper";
  doc["title"] = spec.title;
  doc["generator"] = std::string("gridpress ") + GRIDPRESS_VERSION;
  doc["seed"] = spec.seed;
  doc["width_mm"] = std::round(spec.newspaper.width * 1000) / 1000;
  ordered fmts = ordered::array();
  for (auto f : formats) fmts.push_back(std::string(render::extension(f)));
  doc["formats"] = fmts;
  doc["start_number"] = spec.sections.front().number;
  doc["next_number"] = spec.sections.back().number + 1;
  ordered all = ordered::array(), list = ordered::array();
  // Variant puzzles carry their rule data as book manifests do (a run of classic days keeps the
  // columns it always had): JSON "variant", "regions" (jigsaw), "cages" (killer: [{"sum", "cells"}]);
  // CSV columns variant,regions and, with killer days, cages (the board codec's tokens).
  std::vector<Variant> variants;
  for (const Puzzle& p : puzzles) variants.push_back(p.givens.variant());
  const std::vector<std::string_view> columns = codec::manifest_columns(variants);
  std::string csv = "date,weekday,number,label,rating,hardest,clues,grid,givens,solution,canonical,seed,files,solution_files";
  if (!columns.empty()) csv += ",variant";
  for (std::string_view key : columns) csv += "," + std::string(key);
  csv += "\n";
  for (size_t d = 0; d < puzzles.size(); ++d) {
    const Puzzle& p = puzzles[d];
    const spec::SectionSpec& sec = spec.sections[d];
    ordered e;
    e["date"] = sec.date;
    e["weekday"] = sec.weekday;
    e["number"] = sec.number;
    e["label"] = p.label;
    e["rating"] = p.rating;
    e["hardest"] = p.hardest;
    e["clues"] = p.givens.clue_count();
    e["grid"] = p.givens.shape.name();
    e["givens"] = format_line(p.givens);
    e["solution"] = format_line(p.solution);
    const Variant variant = p.givens.variant();
    if (variant != Variant::kClassic) e["variant"] = std::string(variant_name(variant));
    codec::put_json(e, p.givens.board.get());
    e["canonical"] = p.canonical;
    e["seed"] = p.seed;
    ordered pf = ordered::array(), sf = ordered::array();
    for (const auto& f : files[d].puzzle) pf.push_back(in_run(f, out_dir));
    for (const auto& f : files[d].solution) sf.push_back(in_run(f, out_dir));
    for (const auto& f : pf) all.push_back(f);
    for (const auto& f : sf) all.push_back(f);
    e["files"] = pf;
    e["solution_files"] = sf;
    e["caption"] = files[d].caption;
    if (spec.newspaper.solution_runs != "same_day") e["solution_date"] = files[d].solution_date;
    ordered links = ordered::array();
    for (const auto* names : {&files[d].puzzle_links, &files[d].solution_links})
      for (const auto& f : *names) links.push_back(in_run(f, out_dir));
    if (!files[d].feed_link.empty()) links.push_back(in_run(files[d].feed_link, out_dir));
    for (const auto& f : links) all.push_back(f);
    if (!links.empty()) e["links"] = links;
    if (!files[d].feed.empty()) {
      e["feed"] = in_run(files[d].feed, out_dir);
      all.push_back(e["feed"]);
    }
    list.push_back(std::move(e));
    CsvRow row;
    row.add(sec.date)
        .add(sec.weekday)
        .add(sec.number)
        .add(p.label)
        .add(one_decimal(p.rating))
        .add(p.hardest)
        .add(p.givens.clue_count())
        .add(p.givens.shape.name())
        .add(format_line(p.givens))
        .add(format_line(p.solution))
        .add(p.canonical)
        .add(p.seed)
        .add(join_names(files[d].puzzle, ";", out_dir))
        .add(join_names(files[d].solution, ";", out_dir));
    if (!columns.empty()) row.add(variant_name(variant));
    for (std::string_view key : columns) row.add(codec::token(p.givens.board.get(), key));
    csv += row.line();
  }
  doc["files"] = all;
  doc["puzzles"] = list;
  return {doc.dump(2) + "\n", csv};
}

// The catalogue's entries for the run's puzzles, one per day, each with its puzzle file in
// `format` (absolute).
std::vector<catalogue::Entry> day_entries(const spec::BookSpec& spec, const std::vector<Puzzle>& puzzles,
                                         const fs::path& out_dir, render::Format format, CatalogueRun& cat) {
  std::vector<catalogue::Entry> out;
  for (size_t d = 0; d < puzzles.size(); ++d) {
    const spec::SectionSpec& sec = spec.sections[d];
    catalogue::Entry e = catalogue::entry_of(puzzles[d], "newspaper");
    e.title = spec.title;
    e.section = sec.name;
    e.number = sec.number;
    e.date = sec.date;
    const layout::PuzzleRecord record{static_cast<int>(d), 0, sec.number, 0, 0, 0};
    const fs::path file = out_dir / file_for(spec.newspaper.file_name,
                                             layout::caption_fields(spec, record, puzzles[d]), format);
    e.file = cat.catalogue().stored_path(file.string());  // relative to the catalogue's folder
    out.push_back(std::move(e));
  }
  return out;
}

// The run's numbers and dates: --start-number, else the spec's, else (with a catalogue) the number
// after the catalogue's last under this title; the spec's start_date, else the day after the
// catalogue's last. With a catalogue, a number already published is refused.
Status number_days(spec::BookSpec& spec, const NewspaperOptions& options, CatalogueRun& cat) {
  spec::NewspaperSpec& np = spec.newspaper;
  std::optional<catalogue::Catalogue::Numbering> last;
  if (cat.active()) {
    auto numbering = cat.catalogue().newspaper_numbering(spec.title);
    if (!numbering) return numbering.error();
    last = *numbering;
  }
  // Numbers from outside the spec are 64-bit and checked before any sum (core/numbering.hpp).
  if (last && (last->last_number < 0 || last->last_number > kMaxPuzzleNumber))
    return Error(Diagnostic{spec.catalogue, 0, 0,
                            "the last number of '" + spec.title + "', " + std::to_string(last->last_number) +
                                "," + past_max_number_text() + ": this catalogue's numbering cannot be continued"});
  std::int64_t start = np.start_number;
  std::string from = "newspaper.start_number";
  if (options.start_number) {
    start = *options.start_number;
    from = "--start-number";
  } else if (!np.start_number_given && last) {
    start = last->last_number + 1;
    from = "the number after the last of '" + spec.title + "' in " + spec.catalogue;
  }
  const std::int64_t end = start + static_cast<std::int64_t>(spec.sections.size()) - 1;
  if (start < 1 || end > kMaxPuzzleNumber)
    return Error(Diagnostic{spec.source_file, 0, 0,
                            "the run's numbers, from " + std::to_string(start) + " (" + from + ") to " +
                                std::to_string(end) + ", go past " + std::to_string(kMaxPuzzleNumber) +
                                ", the largest puzzle number gridpress prints"});
  const int first_number = static_cast<int>(start);  // checked above: fits
  std::string date = np.start_date;
  if (!np.start_date_given) {
    if (!last || last->last_date.empty())
      return Error(Diagnostic{spec.source_file, 0, 0,
                              "newspaper.start_date: missing, and the catalogue " + spec.catalogue +
                                  " has no earlier day of '" + spec.title + "' to continue from"});
    date = spec::next_publishing_day(np, last->last_date);
    if (date.empty())
      return Error(Diagnostic{spec.catalogue, 0, 0,
                              "the last date of '" + spec.title + "', '" + last->last_date +
                                  "', is not a date (YYYY-MM-DD), so the next day cannot follow it: give "
                                  "newspaper.start_date"});
  }
  if (!np.start_date_given) {
    if (Status st = spec::date_newspaper_days(spec, date, first_number); !st) return st;
  } else if (first_number != np.start_number) {  // the same days, numbered anew
    np.start_number = first_number;
    for (size_t d = 0; d < spec.sections.size(); ++d) spec.sections[d].number = first_number + static_cast<int>(d);
  }
  if (!cat.active()) return Ok{};
  // Published days are facts: a run that would print a day again is refused, whatever its numbers.
  std::vector<std::string> days_taken;
  std::optional<catalogue::Entry> first_day;
  for (const spec::SectionSpec& sec : spec.sections) {
    auto found = cat.catalogue().newspaper_date(spec.title, sec.date);
    if (!found) return found.error();
    if (auto& e = *found) {
      days_taken.push_back(sec.date);
      if (!first_day) first_day = std::move(e);
    }
  }
  if (!days_taken.empty()) {
    const std::string which = days_taken.size() == 1 ? "The day " + days_taken.front()
                                                     : "The days " + days_taken.front() + " .. " + days_taken.back() +
                                                           " (" + std::to_string(days_taken.size()) +
                                                           " days of this run)";
    const std::string next_day = last && !last->last_date.empty() ? spec::next_publishing_day(np, last->last_date) : "";
    return Error(Diagnostic{
        spec.source_file, 0, 0,
        which + " of '" + spec.title + "' " + (days_taken.size() == 1 ? "was" : "were") +
            " already published (" + first_day->date + " as No. " + std::to_string(first_day->number) +
            ", recorded " + first_day->recorded + " in " + spec.catalogue + "); a day is printed once, whatever " +
            "its number" +
            (next_day.empty() ? std::string()
                              : "; the next free day is " + next_day + " (No. " +
                                    std::to_string(last->last_number + 1) +
                                    "): leave out newspaper.start_date, newspaper.start_number and --start-number to "
                                    "continue from it")});
  }
  std::vector<std::int64_t> taken;
  std::optional<catalogue::Entry> first;
  for (const spec::SectionSpec& sec : spec.sections) {
    auto found = cat.catalogue().newspaper_number(spec.title, sec.number);
    if (!found) return found.error();
    if (auto& e = *found) {
      taken.push_back(sec.number);
      if (!first) first = std::move(e);
    }
  }
  if (taken.empty()) return Ok{};
  const std::string which = taken.size() == 1 ? "No. " + std::to_string(taken.front())
                                              : "Nos. " + std::to_string(taken.front()) + ".." +
                                                    std::to_string(taken.back()) + " (" +
                                                    std::to_string(taken.size()) + " numbers of this run)";
  return Error(Diagnostic{spec.source_file, 0, 0,
                          which + " of '" + spec.title + "' " + (taken.size() == 1 ? "was" : "were") +
                              " already published (No. " + std::to_string(first->number) + " on " +
                              first->date + ", recorded " + first->recorded + " in " + spec.catalogue +
                              "); the next free number is " +
                              std::to_string(last ? last->last_number + 1 : 1) +
                              ": leave out --start-number and newspaper.start_number to continue from it"});
}

// Folders made for a run's files: removed again (deepest first, only when empty) unless keep().
class FolderGuard {
 public:
  FolderGuard() = default;
  FolderGuard(const FolderGuard&) = delete;
  FolderGuard& operator=(const FolderGuard&) = delete;
  ~FolderGuard() {
    std::error_code ec;
    for (auto it = made_.rbegin(); it != made_.rend(); ++it) fs::remove(*it, ec);  // fails when not empty
  }
  // Makes `folder` and its missing parents (errors surface when a file is staged there).
  void make(const fs::path& folder) {
    if (folder.empty()) return;
    std::vector<fs::path> missing;
    std::error_code ec;
    for (fs::path p = folder; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it)
      if (fs::create_directory(*it, ec)) made_.push_back(*it);
  }
  void keep() { made_.clear(); }

 private:
  std::vector<fs::path> made_;  // in the order made: parents first
};

// A run that stopped: `message` is printed as it is.
NewspaperRun stopped(NewspaperRun run, Outcome outcome, Error error) {
  run.outcome = outcome;
  run.error = std::move(error);
  return run;
}

Error message(std::string text) { return Error(Diagnostic{{}, 0, 0, std::move(text)}); }

}  // namespace

NewspaperRun run_newspaper(spec::BookSpec& spec, const NewspaperOptions& options) {
  NewspaperRun run;
  spec::NewspaperSpec& np = spec.newspaper;
  if (!np.enabled)
    return stopped(std::move(run), Outcome::bad_input,
                   message(spec.source_file + ": --start-number is for newspaper runs (the spec has no newspaper: mapping)"));
  if (spec.sections.empty())  // the loader builds the days; guard the invariant all the same
    return stopped(std::move(run), Outcome::bad_input, message(spec.source_file + ": newspaper: no days to make"));
  auto cat = CatalogueRun::open(spec.catalogue);
  if (!cat)
    return stopped(std::move(run), cat.error().kind == ErrorKind::io ? Outcome::failed : Outcome::bad_input,
                   cat.error());
  run.warnings = cat->repairs();
  if (Status st = number_days(spec, options, *cat); !st)
    return stopped(std::move(run), st.error().kind == ErrorKind::io ? Outcome::failed : Outcome::bad_input,
                   st.error());

  // 1. Checks before generating.
  std::vector<render::Format> formats;
  std::vector<Diagnostic> problems;
  for (const std::string& name :
       options.format.empty() ? np.formats : std::vector<std::string>{options.format}) {
    auto f = render::parse_format(name);
    if (f)
      formats.push_back(*f);
    else
      problems.push_back(f.error().diagnostics.front());
  }
  std::vector<gen::Request> requests;
  check_sections(spec, /*title_font=*/false, requests, problems);  // no title in a newspaper file
  if (requests.size() == spec.sections.size()) ramp_by_weekday(spec, requests);  // a slice of its band a weekday
  render::PangoTextMeasure measure;
  const spec::Theme theme = layout::theme_for_column(spec.theme, np.width);
  layout::SingleOptions single;
  single.width_mm = np.width;
  if (!requests.empty()) {  // the width must hold the grid: try it on an empty one
    Puzzle blank;
    // (a board of several grids is drawn whole: its whole layout must fit)
    const gen::Request& r = requests.front();
    blank.givens = blank.solution = variant_def(r.variant).multi_grid
                                        ? Grid(*variant_board(r.shape, r.variant))
                                        : Grid(r.shape);
    if (auto page = layout::lay_out_single_puzzle(blank, theme, single, measure); !page) {
      Diagnostic d{{}, 0, 0, spec::section_location(spec, 0) + ": newspaper.width: " + page.error().to_string()};
      d.key = "newspaper.width";
      problems.push_back(std::move(d));
    }
  }
  std::unordered_set<std::string> excluded;
  for (const std::string& path : np.exclude)
    if (Status st = read_exclusions(path, excluded); !st)
      problems.push_back({{}, 0, 0, "newspaper.exclude: " + st.error().to_string()});
  for (const std::string& path : spec.exclude)
    if (Status st = read_exclusions(path, excluded); !st)
      problems.push_back({{}, 0, 0, "exclude: " + st.error().to_string()});
  for (const std::string& path : spec.section_defaults.exclude)  // every day's (they share them)
    if (Status st = read_exclusions(path, excluded); !st)
      problems.push_back({{}, 0, 0, "section_defaults.exclude: " + st.error().to_string()});
  if (!problems.empty()) return stopped(std::move(run), Outcome::bad_input, Error(problems));

  // 2. Generate, and with a catalogue reserve the puzzles (again when another run took some).
  const fs::path out_dir = fs::path(spec.output.path).parent_path();
  const int jobs =
      options.jobs > 0 ? options.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  // Each day's puzzle is final before it is reserved: the catalogue records it under its day's
  // number, date and file, so the order by rating comes first.
  const auto make_days = [&] {
    std::string cut;
    auto made = generate_days(spec, requests, excluded, cat->excluded(), jobs, options.keep_partial ? &cut : nullptr);
    if (made && made->size() < spec.sections.size()) {  // keep_partial: the run ends before the day that ran out
      spec.sections.resize(made->size());
      requests.resize(made->size());
      run.warnings.push_back(cut);
    }
    if (made) rise_by_rating(requests, *made);
    return made;
  };
  // 3. File names (templates may name the label, so only after generating), checked before the
  // puzzles are reserved (a refused run leaves the catalogue as it was) and again after (another
  // run may have taken some); then every file, staged.
  std::vector<DayFiles> files;
  std::string proof_path;  // newspaper.proof, named from the first day's fields
  const fs::path stem = fs::path(spec.output.path).parent_path() / fs::path(spec.output.path).stem();
  const std::string json_path = stem.string() + ".json", csv_path = stem.string() + ".csv";
  const auto name_files = [&](const std::vector<Puzzle>& made, bool final) -> Status {
  files.assign(made.size(), DayFiles{});
  proof_path.clear();
  std::map<std::string, std::string> owner;  // file -> the day that writes it
  for (size_t d = 0; d < made.size(); ++d) {
    const layout::PuzzleRecord record{static_cast<int>(d), 0, spec.sections[d].number, 0, 0, 0};
    const layout::CaptionFields fields = layout::caption_fields(spec, record, made[d]);
    files[d].caption = layout::expand_caption(np.caption, fields);
    files[d].stars = fields.stars;
    layout::CaptionFields runs = fields;  // the day the solution runs: its files are named for it
    if (np.solution_runs == "next_day") {
      runs.date = spec::next_publishing_day(np, fields.date);  // newspaper.skip: the next edition
      runs.weekday = layout::format_date(runs.date, "%A", runs.locale);
    }
    files[d].solution_date = runs.date;
    for (render::Format f : formats) {
      files[d].puzzle.push_back((out_dir / file_for(np.file_name, fields, f)).string());
      files[d].solution.push_back((out_dir / file_for(np.solution_file_name, runs, f)).string());
      if (!np.link_name.empty())
        files[d].puzzle_links.push_back((out_dir / file_for(np.link_name, fields, f)).string());
      if (!np.solution_link_name.empty())
        files[d].solution_links.push_back((out_dir / file_for(np.solution_link_name, runs, f)).string());
    }
    if (!np.feed_file_name.empty()) {
      files[d].feed = (out_dir / (layout::expand_caption(np.feed_file_name, fields) + ".json")).string();
      if (!np.link_name.empty())
        files[d].feed_link = (out_dir / (layout::expand_caption(np.link_name, fields) + ".json")).string();
    }
    for (const auto& [key, path] : named_files(files[d])) {
      // A template's folders stay under the output folder (the spec refuses '..'; a {date:FORMAT}
      // could still make one).
      const fs::path rel = fs::path(*path).lexically_relative(out_dir.empty() ? fs::path(".") : out_dir);
      const fs::path norm = (out_dir.empty() ? fs::path(*path) : rel).lexically_normal();
      if (norm.is_absolute() || norm.empty() || *norm.begin() == "..")
        return Status(message(spec::section_location(spec, 0) + ": newspaper." + key + ": '" + *path +
                               "' is not under the folder of output.path"));
      if (auto [it, fresh] = owner.emplace(*path, spec.sections[d].name); !fresh)
        return Status(message(spec::section_location(spec, 0) + ": newspaper." + key + ": '" + *path +
                               "' would be written twice (for " + it->second + " and " + spec.sections[d].name +
                               "); the file name templates must give every file of the run its own name"));
    }
  }
  if (!np.proof.empty()) {
    const layout::PuzzleRecord record{0, 0, spec.sections.front().number, 0, 0, 0};
    std::string name = layout::expand_caption(np.proof, layout::caption_fields(spec, record, made.front()));
    if (!name.ends_with(".pdf")) name += ".pdf";
    proof_path = (out_dir / name).string();
    const fs::path norm = fs::path(name).lexically_normal();
    if (norm.is_absolute() || *norm.begin() == ".." || owner.count(proof_path))
      return Status(message(spec::section_location(spec, 0) + ": newspaper.proof: '" + proof_path +
                             "' is not under the folder of output.path, or is another file of the run"));
  }
  // No file may replace the spec, its profile, a manifest it excludes, or another file of the run.
  {
    std::vector<render::NamedPath> outputs, inputs{{spec.source_file, "the spec"}};
    for (size_t d = 0; d < files.size(); ++d)
      for (const auto& [key, path] : named_files(files[d])) {
        const std::string what = std::string(key) == "file_name"            ? "the puzzle"
                                 : std::string(key) == "solution_file_name" ? "the solution"
                                 : std::string(key) == "feed_file_name"     ? "the feed file"
                                                                            : "the link";
        outputs.push_back({*path, what + " for " + spec.sections[d].name});
      }
    if (!proof_path.empty()) outputs.push_back({proof_path, "the proof sheet"});
    if (spec.output.manifest) {
      outputs.push_back({json_path, "the JSON manifest"});
      outputs.push_back({csv_path, "the CSV manifest"});
    }
    if (!spec.profile_file.empty()) inputs.push_back({spec.profile_file, "the profile"});
    if (!spec.catalogue.empty()) inputs.push_back({spec.catalogue, "the catalogue"});
    for (const std::string& path : np.exclude) inputs.push_back({path, "the excluded manifest"});
    for (const auto* list : {&spec.exclude, &spec.section_defaults.exclude})
      for (const std::string& path : *list) inputs.push_back({path, "an excluded file"});
    if (Status st = render::check_output_paths(outputs, inputs); !st)
      return Status(st.error());
    std::vector<std::string> paths;
    for (const auto& o : outputs)
      if (o.path != json_path && o.path != csv_path) paths.push_back(o.path);
    // --force never replaces a published puzzle's file; --replace-published does, naming each.
    std::vector<std::string> replaced;
    if (Status st = cat->check_outputs(paths, options.replace_published, "--replace-published", &replaced); !st)
      return Status(st.error());
    if (final)
      for (const std::string& path : replaced)
        run.warnings.push_back("replacing '" + path + "', a published file (--replace-published)");
  }
  return Ok{};
  };
  auto puzzles = make_days();
  if (puzzles && cat->active())
    if (Status st = name_files(*puzzles, false); !st) return stopped(std::move(run), Outcome::bad_input, st.error());
  for (int tries = 1; puzzles && cat->active(); ++tries) {
    auto reserved = cat->reserve({"newspaper", spec.title, spec.source_file, spec.seed},
                                 day_entries(spec, *puzzles, out_dir, formats.front(), *cat));
    if (!reserved) return stopped(std::move(run), Outcome::failed, reserved.error());
    if (*reserved) break;
    if (tries == kReserveTries)
      return stopped(std::move(run), Outcome::failed,
                     message(spec.catalogue + ": other runs kept taking this run's puzzles; run it again"));
    puzzles = make_days();
  }
  if (!puzzles) return stopped(std::move(run), Outcome::failed, puzzles.error());

  if (Status st = name_files(*puzzles, true); !st) return stopped(std::move(run), Outcome::bad_input, st.error());
  std::error_code ec;
  if (!out_dir.empty()) fs::create_directories(out_dir, ec);  // errors surface when writing
  // The folders the file name templates name ({yyyy}/{mm}/...); the ones this run made are removed
  // again, when still empty, if it fails.
  FolderGuard folders;
  for (const DayFiles& f : files)
    for (const auto& [key, path] : named_files(f)) folders.make(fs::path(*path).parent_path());
  render::Staging staging;  // render/staging.hpp: all files replace the earlier ones together
  for (size_t d = 0; d < puzzles->size(); ++d) {
    for (const bool solution : {false, true}) {
      single.caption = files[d].caption.empty() ? ""
                       : solution               ? "Solution: " + files[d].caption
                                                : files[d].caption;
      single.solution = solution;
      single.instruction = np.instructions && !solution
                               ? layout::instruction_line(spec.sections[d].variant, spec.sections[d].shape)
                               : std::string();
      auto page = layout::lay_out_single_puzzle((*puzzles)[d], theme, single, measure);
      if (!page)
        return stopped(std::move(run), Outcome::failed,
                       message(spec::section_location(spec, static_cast<int>(d)) +
                               ": newspaper.width: " + page.error().to_string()));
      for (size_t f = 0; f < formats.size(); ++f) {
        const std::string& path = solution ? files[d].solution[f] : files[d].puzzle[f];
        auto staged = staging.add(path);
        if (!staged) return stopped(std::move(run), Outcome::failed, staged.error());
        if (Status st = render_file(*page, formats[f], *staged, single.caption, spec); !st)
          return stopped(std::move(run), Outcome::failed,
                         message("error: " + path + ": " + staging.user_names(st.error()).to_string()));
        const auto& links = solution ? files[d].solution_links : files[d].puzzle_links;
        if (links.empty()) continue;
        auto staged_link = staging.add(links[f]);
        Status st = staged_link ? copy_staged(*staged, *staged_link) : Status(staged_link.error());
        if (!st) return stopped(std::move(run), Outcome::failed, staging.user_names(st.error()));
      }
    }
    if (files[d].feed.empty()) continue;
    FeedDay day;
    day.title = spec.title;
    day.number = spec.sections[d].number;
    day.date = spec.sections[d].date;
    day.weekday = layout::format_date(day.date, "%A", np.locale);
    day.solution_date = files[d].solution_date;
    day.caption = files[d].caption;
    day.stars = files[d].stars;
    const std::string feed = feed_text(day, (*puzzles)[d]);
    for (const std::string* path : {&files[d].feed, &files[d].feed_link}) {
      if (path->empty()) continue;
      auto staged = staging.add(*path);
      Status st = staged ? render::write_file_atomically(*staged, feed) : Status(staged.error());
      if (!st) return stopped(std::move(run), Outcome::failed, staging.user_names(st.error()));
    }
  }

  // The editor's proof sheet: the run's puzzles and solutions on one page.
  if (!proof_path.empty()) {
    std::vector<std::string> captions;
    for (const DayFiles& f : files) captions.push_back(f.caption);
    auto page = proof_page(spec, *puzzles, captions, spec.theme, measure);
    if (!page) return stopped(std::move(run), Outcome::failed, message(spec.source_file + ": " + page.error().to_string()));
    folders.make(fs::path(proof_path).parent_path());
    auto staged = staging.add(proof_path);
    Status st = staged ? render_file(*page, render::Format::pdf, *staged, spec.title + " proof", spec)
                       : Status(staged.error());
    if (!st) return stopped(std::move(run), Outcome::failed, staging.user_names(st.error()));
  }

  // 4. Manifest, then everything into place at once.
  if (spec.output.manifest) {
    const auto [json_text, csv_text] = manifest_text(spec, *puzzles, files, formats);
    for (const auto& [path, text] : {std::pair{json_path, &json_text}, std::pair{csv_path, &csv_text}}) {
      auto staged = staging.add(path);
      Status st = staged ? render::write_file_atomically(*staged, *text) : Status(staged.error());
      if (!st) return stopped(std::move(run), Outcome::failed, staging.user_names(st.error()));
    }
  }
  if (cat->active()) {
    std::vector<std::string> written, manifests;
    for (const DayFiles& f : files) {
      for (const auto* list : {&f.puzzle, &f.solution})
        written.insert(written.end(), list->begin(), list->end());
      if (!f.feed.empty()) written.push_back(f.feed);  // the website's file of a published puzzle
    }
    if (spec.output.manifest) manifests = {json_path, csv_path};
    if (Status st = cat->attach(staging, written, manifests); !st)
      return stopped(std::move(run), Outcome::failed, staging.user_names(st.error()));
  }
  if (Status st = staging.commit(); !st) return stopped(std::move(run), Outcome::failed, st.error());
  folders.keep();
  if (Status st = cat->publish(); !st)
    run.warnings.push_back(st.error().to_string() + " (the next run with this catalogue records it)");
  else if (cat->active())
    run.recorded = puzzles->size();

  for (auto f : formats) run.formats.emplace_back(render::extension(f));
  run.files = 0;
  for (const DayFiles& f : files) run.files += named_files(f).size();
  if (!proof_path.empty()) ++run.files;
  run.puzzles = puzzles->size();
  run.out_dir = out_dir.empty() ? std::string(".") : out_dir.string();
  if (spec.output.manifest) run.manifest_path = json_path;
  return run;
}

}  // namespace gp::book
