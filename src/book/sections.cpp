// Generator requests from a book spec (see book/sections.hpp).
#include "book/sections.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "render/text.hpp"
#include "spec/spec.hpp"

namespace gp::book {

// The spec's bands (label -> SE range) as the grader's ordered list; the last is open-ended.
grader::Bands make_bands(const spec::BookSpec& spec) {
  if (spec.bands.empty()) return {};
  std::vector<std::pair<double, std::string>> by_max;
  for (const auto& [name, range] : spec.bands) by_max.emplace_back(range.second, name);
  std::sort(by_max.begin(), by_max.end());
  grader::Bands bands;
  bands.bands.clear();
  for (const auto& [max, name] : by_max) bands.bands.push_back({name, max});
  bands.bands.back().max = std::numeric_limits<double>::infinity();
  return bands;
}

// The generator request for a section; errors name the key at fault.
Result<gen::Request> make_request(const spec::BookSpec& spec, int s) {
  const spec::SectionSpec& sec = spec.sections[static_cast<size_t>(s)];
  gen::Request r;
  r.shape = sec.shape;
  r.variant = *parse_variant(sec.variant);  // the spec loader checked the name
  r.clues_min = sec.clues_min;
  r.clues_max = sec.clues_max;
  r.symmetry = sec.symmetry;
  r.fill = sec.fill;
  r.minimal = sec.minimal;
  r.bands = make_bands(spec);
  if (sec.rating) {
    r.rating = grader::RatingRange{sec.rating->first, sec.rating->second, false};
  } else if (!sec.difficulty.empty()) {
    auto range = grader::band_range(sec.difficulty, r.bands);
    if (!range) return Error(spec::section_diagnostic(spec, s, range.error().to_string(), "difficulty"));
    r.rating = *range;
    r.difficulty = sec.difficulty;
  }
  // One budget per section batch: generous, growing with the count, but never unbounded.
  r.budget_seconds = 60.0 + 0.5 * sec.count;
  if (Status st = gen::check_request(r); !st) {
    const std::string msg = st.error().to_string();
    std::string key;
    if (msg.find("clue") != std::string::npos) key = "clues";
    else if (msg.find("symmetry") != std::string::npos) key = "symmetry";
    else if (msg.find("fill") != std::string::npos) key = "fill";
    else if (msg.find("variant") != std::string::npos || msg.find("hyper") != std::string::npos) key = "variant";
    return Error(spec::section_diagnostic(spec, s, "sections[" + std::to_string(s) + "]: " + msg, key));
  }
  return r;
}

void check_sections(const spec::BookSpec& spec, bool title_font, std::vector<gen::Request>& requests,
                    std::vector<Diagnostic>& problems) {
  for (int s = 0; s < static_cast<int>(spec.sections.size()); ++s) {
    auto r = make_request(spec, s);
    if (r)
      requests.push_back(*r);
    else
      for (const auto& d : r.error().diagnostics) problems.push_back(d);
  }
  const std::pair<const char*, const std::string*> fonts[] = {
      {"theme.font", &spec.theme.font}, {"theme.digit_font", &spec.theme.digit_font},
      {"theme.title_font", title_font ? &spec.theme.title_font : nullptr}};
  std::set<std::string> checked;
  for (const auto& [key, family] : fonts) {
    if (family == nullptr || !checked.insert(*family).second) continue;
    if (Status st = render::check_font_family(*family); !st)
      problems.push_back({spec.source_file, 0, 0, std::string(key) + ": " + st.error().to_string()});
  }
}

Result<PuzzleStore> generate_section(const spec::BookSpec& spec, int s, const gen::Request& request, int jobs,
                                     std::unordered_set<std::string>& seen,
                                     const std::function<void(int done, int total)>& progress,
                                     const std::function<bool(const std::string&)>& excluded,
                                     std::vector<std::string>* canonicals) {
  using Clock = std::chrono::steady_clock;
  const int count = spec.sections[static_cast<std::size_t>(s)].count;
  const auto deadline = Clock::now() + std::chrono::duration<double>(request.budget_seconds);
  PuzzleStore store;
  for (int first = 0; first < count; first += kSectionChunk) {
    const int n = std::min(kSectionChunk, count - first);
    gen::Request chunk = request;  // the section's budget covers all of its chunks
    chunk.budget_seconds = std::max(0.001, std::chrono::duration<double>(deadline - Clock::now()).count());
    gen::BatchOptions bo;
    bo.jobs = jobs;
    bo.stream = static_cast<std::uint64_t>(s);
    bo.first = static_cast<std::uint64_t>(first);
    bo.exclude = &seen;
    bo.excluded = excluded;
    bo.grade = true;
    if (progress) bo.progress = [&](int done, int) { progress(first + done, count); };
    auto batch = gen::generate_batch(chunk, spec.seed, n, bo);
    if (!batch) {
      if (first == 0) return batch.error();
      return Error(batch.error().kind, "after " + std::to_string(first) + " of " + std::to_string(count) +
                                            " puzzles: " + batch.error().to_string());
    }
    for (Puzzle& p : *batch) {
      if (canonicals) canonicals->push_back(p.canonical);
      seen.insert(std::move(p.canonical));
      store.add(p);
    }
  }
  return store;
}

}  // namespace gp::book
