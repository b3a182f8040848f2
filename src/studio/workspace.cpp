#include "studio/workspace.hpp"

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "book/daily.hpp"
#include "book/sections.hpp"
#include "book/techniques.hpp"
#include "generator/generator.hpp"
#include "layout/layout.hpp"
#include "layout/single.hpp"
#include "render/atomic_file.hpp"
#include "render/canvas.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace gp::studio {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

bool is_within(const fs::path& root, const fs::path& p) {
  auto r = root.begin(), q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (q == p.end() || *r != *q) return false;
  }
  return true;
}

fs::path canonical_of(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? fs::path() : c;
}

std::string clues_text(const spec::SectionSpec& s) {
  if (s.clues_auto) return "auto";
  if (s.clues_min == 0 && s.clues_max == 0) return "any";
  if (s.clues_min == s.clues_max) return std::to_string(s.clues_min);
  return "[" + std::to_string(s.clues_min) + ", " + std::to_string(s.clues_max) + "]";
}

// The common keys' values, for the page's form (the spec with its profile and defaults applied).
json form_of(const spec::BookSpec& b) {
  json f;
  f["title"] = b.title;
  f["subtitle"] = b.subtitle;
  f["author"] = b.author;
  f["seed"] = std::to_string(b.seed);
  f["profile"] = b.profile;
  f["answers"] = {{"enabled", b.answers.enabled},
                  {"placement", b.answers.placement},
                  {"layout", std::to_string(b.answers.columns) + "x" + std::to_string(b.answers.rows)}};
  f["names"] = b.worksheet.names;
  f["newspaper"] = {{"enabled", b.newspaper.enabled},
                    {"days", b.newspaper.days},
                    {"start_date", b.newspaper.start_date}};
  json sections = json::array();
  // A class list or a newspaper run repeats the spec's sections; the form shows the spec's own.
  for (const auto& s : b.sections) {
    if (s.child > 0) break;
    if (b.newspaper.enabled && !sections.empty()) break;
    const int n = s.shape.n();
    sections.push_back({{"name", s.name},
                        {"variant", s.variant},
                        {"count", s.count},
                        {"difficulty", s.difficulty},
                        {"grid", std::to_string(n) + "x" + std::to_string(n)},
                        {"clues", clues_text(s)}});
  }
  f["sections"] = sections;
  return f;
}

// What makes a section's puzzles: the request and the section keys the generator reads.
std::string section_key(const spec::BookSpec& spec, int s, const gen::Request& r) {
  const spec::SectionSpec& sec = spec.sections[static_cast<size_t>(s)];
  std::ostringstream k;
  k.precision(17);
  k << s << '|' << sec.count << '|' << sec.blank << '|' << sec.spread << '|' << sec.order << '|' << sec.number << '|'
    << r.shape.box_rows << 'x' << r.shape.box_cols << '|' << static_cast<int>(r.variant) << '|' << r.symmetric_regions
    << '|' << r.some_givens << '|' << r.clues_min << '-' << r.clues_max << '|' << r.symmetry << '|' << r.fill << '|'
    << r.minimal << '|' << r.difficulty << '|' << r.budget_seconds << '|';
  if (r.rating) k << r.rating->lo << (r.rating->lo_exclusive ? "(" : "[") << r.rating->hi;
  return k.str();  // the bands are the spec's (book_key)
}

std::string book_key(const spec::BookSpec& spec) {
  std::ostringstream k;
  k.precision(17);
  k << spec.seed << '|' << spec.dedup << '|';
  for (const auto& [name, range] : spec.bands) k << name << ':' << range.first << '-' << range.second << ',';
  for (const auto& [name, range] : spec.band_clues) k << name << ':' << range.first << '-' << range.second << ',';
  return k.str();
}

// A page sink that renders the pages numbered [first, last] (1-based, counted over every sink
// sharing `counter`) to SVG text, and stops the layout after `last`.
struct PageCollector {
  int first = 1, last = 1;
  int counter = 0;
  json pages = json::array();
  std::function<bool()> stale;
  static constexpr const char* kEnough = "studio: enough pages";

  layout::PageSink sink() {
    return [this](layout::Page&& page) -> Status {
      if (stale && stale()) return Error("studio: cancelled");
      const int number = ++counter;
      if (number < first) return Ok{};
      if (number > last) return Error(kEnough);
      render::OutputOptions out;
      out.format = render::Format::svg;
      std::string svg;
      out.page_bytes = [&svg](int, std::string&& bytes) -> Status {
        svg = std::move(bytes);
        return Ok{};
      };
      auto canvas = render::open_canvas(out);
      if (!canvas) return canvas.error();
      if (Status st = render::render_page(**canvas, page); !st) return st;
      if (Status st = (*canvas)->finish(); !st) return st;
      pages.push_back({{"number", number}, {"svg", std::move(svg)}});
      return number == last ? Status(Error(kEnough)) : Status(Ok{});
    };
  }
  static bool enough(const Status& st) {
    return !st && st.error().diagnostics.size() == 1 && st.error().diagnostics.front().message == kEnough;
  }
};

json cancelled() { return {{"ok", false}, {"cancelled", true}}; }

}  // namespace

Workspace::Workspace(std::string folder, std::string templates, int jobs)
    : folder_(canonical_of(folder).string()), templates_(templates.empty() ? std::string() : canonical_of(templates).string()),
      jobs_(jobs > 0 ? jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()))) {}

bool Workspace::good_spec_name(const std::string& name) {
  if (name.empty() || name.size() > 200 || name.front() == '.') return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  const fs::path p(name);
  return p.extension() == ".yaml" || p.extension() == ".yml";
}

std::optional<std::string> Workspace::inside(const std::string& relative) const {
  if (relative.empty() || fs::path(relative).is_absolute()) return std::nullopt;
  const fs::path c = canonical_of(fs::path(folder_) / relative);
  if (c.empty() || c == fs::path(folder_) || !is_within(folder_, c)) return std::nullopt;
  return c.string();
}

std::string Workspace::relative(const std::string& path) const {
  const fs::path c = canonical_of(path);
  if (c.empty() || !is_within(folder_, c)) return path;
  return c.lexically_relative(folder_).generic_string();
}

Loaded Workspace::load(const std::string& name, std::string_view yaml) const {
  Loaded out;
  spec::LoadOptions lo;
  lo.use_environment = false;  // profiles: FOLDER and the program's own templates only
  // Nothing outside FOLDER (or, for reading, the program's templates) is even opened: the loader
  // asks before it reads a profile, a class list or a cover picture.
  lo.may_read = [this](const std::string& file) {
    const fs::path c = canonical_of(file);
    if (c.empty()) return false;
    return (is_within(folder_, c) && c != fs::path(folder_)) || (!templates_.empty() && is_within(templates_, c));
  };
  const std::string path = (fs::path(folder_) / name).string();
  auto parsed = spec::parse_book_spec(yaml, path, lo);
  if (!parsed) {
    out.problems = parsed.error().diagnostics;
    return out;
  }
  const spec::BookSpec& b = *parsed;
  // Every file the spec names must be in FOLDER (or, for reading profiles and images, in the
  // program's templates).
  auto check = [&](const std::string& file, std::string_view key, bool templates_too) {
    if (file.empty()) return;
    const fs::path c = canonical_of(file);
    if (!c.empty() && is_within(folder_, c) && c != fs::path(folder_)) return;
    if (templates_too && !templates_.empty() && !c.empty() && is_within(templates_, c)) return;
    out.problems.push_back(spec::key_diagnostic(
        b, {key}, "'" + file + "' is outside the studio's folder " + folder_ +
                      (templates_too ? " and the program's templates" : "")));
  };
  check(b.output.path, "output.path", false);
  if (b.cover.enabled) check(b.cover.path.empty() ? b.output.path : b.cover.path, "cover.path", false);
  check(b.cover.image, "cover.image", true);
  check(b.profile_file, "profile", true);
  check(b.worksheet.names_file, "worksheet.names_file", false);
  check(b.catalogue, "catalogue", false);
  for (const auto& f : b.exclude) check(f, "exclude", false);
  for (const auto& f : b.newspaper.exclude) check(f, "newspaper.exclude", false);
  for (const auto& s : b.sections)
    for (const auto& f : s.exclude) check(f, "exclude", false);
  if (out.problems.empty()) out.spec = std::move(*parsed);
  return out;
}

json Workspace::diagnostics_json(const std::string& name, const std::vector<Diagnostic>& problems) const {
  const std::string path = (fs::path(folder_) / name).string();
  json list = json::array();
  for (const Diagnostic& d : problems) {
    Diagnostic shown = d;
    shown.file = d.file.empty() ? std::string() : d.file == path ? name : relative(d.file);
    list.push_back({{"file", shown.file},
                    {"line", d.line},
                    {"column", d.col},
                    {"key", d.key},
                    {"message", d.message},
                    {"text", shown.to_string()}});
  }
  const auto n = problems.size();
  return {{"ok", problems.empty()},
          {"diagnostics", list},
          {"summary", name + ": " + std::to_string(n) + (n == 1 ? " problem" : " problems")}};
}

json Workspace::check(const std::string& name, std::string_view yaml) const {
  Loaded l = load(name, yaml);
  if (!l.spec) return diagnostics_json(name, l.problems);
  const spec::BookSpec& b = *l.spec;
  long long puzzles = 0;
  for (const auto& s : b.sections) puzzles += s.count;
  json out = diagnostics_json(name, {});
  // The same summary as `gridpress spec` (run in FOLDER).
  out["summary"] = name + ": ok - " + std::to_string(b.sections.size()) +
                   (b.sections.size() == 1 ? " section, " : " sections, ") + std::to_string(puzzles) +
                   (puzzles == 1 ? " puzzle" : " puzzles") + ", page " + b.page.size_name +
                   (b.profile.empty() ? std::string() : ", profile " + b.profile) + " -> " + relative(b.output.path);
  out["form"] = form_of(b);
  return out;
}

json Workspace::preview(const std::string& name, std::string_view yaml, int first, int count, std::uint64_t ticket) {
  const auto start = Clock::now();
  Loaded l = load(name, yaml);
  if (!l.spec) return diagnostics_json(name, l.problems);
  std::lock_guard lock(preview_mu_);
  if (stale(ticket)) return cancelled();
  Result<json> out = l.spec->newspaper.enabled ? preview_newspaper(*l.spec, first, count, ticket)
                                               : preview_book(*l.spec, first, count, ticket);
  // Problems found after loading (a section's request, fonts, the page plan, the budget).
  if (!out) return diagnostics_json(name, out.error().diagnostics);
  if (out->value("ok", false)) (*out)["ms"] = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return std::move(*out);
}

namespace {

Error problems_json(std::vector<Diagnostic> problems) { return Error(std::move(problems)); }

}  // namespace

Result<json> Workspace::preview_book(const spec::BookSpec& spec, int first, int count, std::uint64_t ticket) {
  render::PangoTextMeasure measure;
  std::vector<gen::Request> requests;
  std::vector<Diagnostic> problems;
  book::check_sections(spec, true, requests, problems);
  if (!problems.empty()) return problems_json(problems);
  std::vector<int> counts;
  for (const auto& s : spec.sections) counts.push_back(s.count);
  const layout::LayoutOptions options = layout::options_for(spec);
  auto plan = layout::plan_book(spec, counts, measure, options);
  if (!plan) return problems_json(plan.error().diagnostics);
  const int total = static_cast<int>(plan->pages.size());
  first = std::clamp(first, 1, std::max(1, total));
  const int last = std::min(total, first + count - 1);
  // The sections whose puzzles the pages up to `last` show (the layout walks every earlier page);
  // a techniques page samples them all. Later sections are never drawn: blank stand-ins.
  int needed = -1;
  for (int i = 0; i < last; ++i) {
    const layout::PlannedPage& p = plan->pages[static_cast<size_t>(i)];
    if (p.kind == layout::PageKind::techniques) needed = static_cast<int>(spec.sections.size()) - 1;
    needed = std::max(needed, p.section);
  }
  std::vector<PuzzleStore> puzzles;
  int generated = 0, reused = 0;
  const std::string base = book_key(spec);
  std::string key = base;
  std::unordered_set<std::string> seen;
  for (int s = 0; s < static_cast<int>(spec.sections.size()); ++s) {
    const auto& r = requests[static_cast<size_t>(s)];
    if (s > needed) {
      PuzzleStore stand_in;
      Puzzle blank;
      blank.givens = blank.solution = Grid(r.shape);
      for (int i = 0; i < spec.sections[static_cast<size_t>(s)].count; ++i) stand_in.add(blank);
      puzzles.push_back(std::move(stand_in));
      continue;
    }
    if (stale(ticket)) return cancelled();
    key += "#" + section_key(spec, s, r);
    const auto us = static_cast<size_t>(s);
    if (us < made_.size() && made_[us].key == key) {
      puzzles.push_back(made_[us].puzzles);
      seen = made_[us].seen;
      ++reused;
      continue;
    }
    made_.resize(us);  // this section and the later ones are made again
    auto store = book::generate_section(spec, s, r, jobs_, seen);
    if (!store) {
      Diagnostic d{{}, 0, 0,
                   spec::section_location(spec, s) + ": section '" + spec.sections[us].name + "': " +
                       store.error().to_string()};
      d.key = "sections[" + std::to_string(s) + "]";
      return problems_json({d});
    }
    ++generated;
    made_.push_back({key, *store, seen});
    puzzles.push_back(std::move(*store));
  }
  if (stale(ticket)) return cancelled();
  std::vector<layout::TechniqueDiagram> techniques;
  if (spec.front.techniques && needed == static_cast<int>(spec.sections.size()) - 1)
    for (book::TechniqueExample& e : book::technique_examples(spec, puzzles, *plan))
      techniques.push_back(std::move(e.diagram));
  PageCollector pages;
  pages.first = first;
  pages.last = last;
  pages.stale = [this, ticket] { return stale(ticket); };
  layout::PageSinks sinks;
  sinks.book = pages.sink();
  sinks.answers = pages.sink();
  Status laid = layout::lay_out_book(spec, *plan, puzzles, measure, sinks, options, techniques);
  if (stale(ticket)) return cancelled();
  if (!laid && !PageCollector::enough(laid)) return problems_json(laid.error().diagnostics);
  return json{{"ok", true},
          {"pages", std::move(pages.pages)},
          {"total_pages", total},
          {"book_pages", plan->book_pages},
          {"generated", generated},
          {"reused", reused}};
}

Result<json> Workspace::preview_newspaper(const spec::BookSpec& spec, int first, int count, std::uint64_t ticket) {
  render::PangoTextMeasure measure;
  std::vector<gen::Request> requests;
  std::vector<Diagnostic> problems;
  book::check_sections(spec, false, requests, problems);
  if (!problems.empty()) return problems_json(problems);
  const int days = static_cast<int>(spec.sections.size());
  const int total = 2 * days;  // each day: the puzzle, then its solution
  first = std::clamp(first, 1, std::max(1, total));
  const int last = std::min(total, first + count - 1);
  // Every day is made (the days' puzzles are ordered by rating across the run, as the run does).
  std::vector<Puzzle> made;
  std::unordered_set<std::string> seen;
  int generated = 0, reused = 0;
  std::string key = book_key(spec);
  for (int d = 0; d < days; ++d) {
    if (stale(ticket)) return cancelled();
    const auto ud = static_cast<size_t>(d);
    key += "#" + section_key(spec, d, requests[ud]);
    if (ud < made_.size() && made_[ud].key == key && made_[ud].puzzles.size() == 1) {
      made.push_back(made_[ud].puzzles.get(0));
      seen = made_[ud].seen;
      ++reused;
      continue;
    }
    made_.resize(ud);
    gen::BatchOptions bo;
    bo.stream = static_cast<std::uint64_t>(spec.sections[ud].number);
    bo.exclude = &seen;
    bo.grade = true;
    bo.jobs = jobs_;
    auto batch = gen::generate_batch(requests[ud], spec.seed, 1, bo);
    if (!batch) {
      Diagnostic e{{}, 0, 0,
                   spec::section_location(spec, d) + ": " + spec.sections[ud].name + " (No. " +
                       std::to_string(spec.sections[ud].number) + "): " + batch.error().to_string()};
      e.key = "sections[" + std::to_string(d) + "]";
      return problems_json({e});
    }
    ++generated;
    seen.insert(batch->front().canonical);
    PuzzleStore one;
    one.add(batch->front());
    made_.push_back({key, std::move(one), seen});
    made.push_back(std::move(batch->front()));
  }
  book::rise_by_rating(requests, made);
  const spec::Theme theme = layout::theme_for_column(spec.theme, spec.newspaper.width);
  layout::SingleOptions single;
  single.width_mm = spec.newspaper.width;
  json pages = json::array();
  for (int number = first; number <= last; ++number) {
    if (stale(ticket)) return cancelled();
    const int d = (number - 1) / 2;
    const auto ud = static_cast<size_t>(d);
    const layout::PuzzleRecord record{d, 0, spec.sections[ud].number, 0, 0, 0};
    const std::string caption = layout::expand_caption(spec.newspaper.caption, layout::caption_fields(spec, record, made[ud]));
    single.solution = number % 2 == 0;
    single.caption = caption.empty() ? "" : single.solution ? "Solution: " + caption : caption;
    auto page = layout::lay_out_single_puzzle(made[ud], theme, single, measure);
    if (!page) {
      Diagnostic e{{}, 0, 0, spec::section_location(spec, d) + ": newspaper.width: " + page.error().to_string()};
      e.key = "newspaper.width";
      return problems_json({e});
    }
    PageCollector one;
    one.first = one.last = 1;
    Status st = one.sink()(std::move(*page));
    if (!st && !PageCollector::enough(st)) return problems_json(st.error().diagnostics);
    json p = one.pages.front();
    p["number"] = number;
    pages.push_back(std::move(p));
  }
  return json{{"ok", true},   {"pages", std::move(pages)}, {"total_pages", total}, {"book_pages", total},
          {"generated", generated}, {"reused", reused}};
}

Status Workspace::save(const std::string& name, std::string_view yaml) const {
  if (!good_spec_name(name)) return Error("not a spec file name: '" + name + "' (a name ending in .yaml, no folder)");
  return render::write_file_atomically((fs::path(folder_) / name).string(), yaml);
}

namespace {

void put16(std::string& s, unsigned v) {
  s += static_cast<char>(v & 0xFF);
  s += static_cast<char>((v >> 8) & 0xFF);
}
void put32(std::string& s, unsigned long v) {
  put16(s, static_cast<unsigned>(v & 0xFFFF));
  put16(s, static_cast<unsigned>((v >> 16) & 0xFFFF));
}

}  // namespace

Status Workspace::write_zip(const std::string& zip_path, const std::vector<std::string>& files, const std::string& base) {
  // The zip format (PKWARE APPNOTE 6.3): a local header and the bytes of each file ("stored", no
  // compression), then the central directory and its end record. Fixed time stamp (1980-01-01).
  auto out = render::AtomicFile::create(zip_path);
  if (!out) return out.error();
  std::string central;
  unsigned long offset = 0;
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    if (!in && !in.eof()) return Error(ErrorKind::io, "cannot read '" + file + "'");
    const std::string data = buf.str();
    const std::string name = fs::path(file).lexically_relative(base).generic_string();
    if (data.size() > 0xFFFFFFF0UL || offset > 0xFFFFFFF0UL) return Error(ErrorKind::io, zip_path + ": too large for a zip");
    const unsigned long crc =
        crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size()));
    std::string local;
    put32(local, 0x04034b50);
    put16(local, 10);  // version needed: 1.0
    put16(local, 0x0800);  // names in UTF-8
    put16(local, 0);   // stored
    put16(local, 0);   // time
    put16(local, 0x21);  // date: 1980-01-01
    put32(local, crc);
    put32(local, data.size());
    put32(local, data.size());
    put16(local, static_cast<unsigned>(name.size()));
    put16(local, 0);
    local += name;
    out->write(local);
    out->write(data);
    put32(central, 0x02014b50);
    put16(central, 0x031E);  // made by: Unix, 3.0
    put16(central, 10);
    put16(central, 0x0800);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0x21);
    put32(central, crc);
    put32(central, data.size());
    put32(central, data.size());
    put16(central, static_cast<unsigned>(name.size()));
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put32(central, 0100644UL << 16);  // a regular file, rw-r--r--
    put32(central, offset);
    central += name;
    offset += local.size() + data.size();
  }
  std::string end;
  put32(end, 0x06054b50);
  put16(end, 0);
  put16(end, 0);
  put16(end, static_cast<unsigned>(files.size()));
  put16(end, static_cast<unsigned>(files.size()));
  put32(end, central.size());
  put32(end, offset);
  put16(end, 0);
  out->write(central);
  out->write(end);
  return out->commit();
}

}  // namespace gp::studio
