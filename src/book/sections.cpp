// Generator requests from a book spec (see book/sections.hpp).
#include "book/sections.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/codec.hpp"
#include "core/variants.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace gp::book {

// The spec's bands (label -> SE range) as the grader's ordered list, each with its own floor. The
// last band keeps its cap unless it reaches the top of the scale (the default fiendish, 12.0):
// then it is open-ended, as the grader's own default bands.
grader::Bands make_bands(const spec::BookSpec& spec) {
  if (spec.bands.empty()) return {};
  std::vector<std::pair<std::pair<double, double>, std::string>> by_max;
  for (const auto& [name, range] : spec.bands) by_max.push_back({{range.second, range.first}, name});
  std::sort(by_max.begin(), by_max.end());
  grader::Bands bands;
  bands.bands.clear();
  for (const auto& [range, name] : by_max) bands.bands.push_back({name, range.first, range.second});
  if (bands.bands.back().max >= kDefaultBands.back().hi) bands.bands.back().max = std::numeric_limits<double>::infinity();
  return bands;
}

std::optional<ClueRange> auto_clues(const spec::BookSpec& spec, const spec::SectionSpec& sec) {
  // The clue ranges were measured on classic puzzles; a variant keeps the count its dig reaches.
  if (sec.variant != "classic") return std::nullopt;
  if (sec.rating || sec.difficulty.empty()) return sec.rating ? std::nullopt : default_unrated_clues(sec.shape.n());
  if (const auto own = spec.band_clues.find(sec.difficulty); own != spec.band_clues.end())
    return ClueRange{own->second.first, own->second.second};
  // A default band's clue range fits only the band's own ratings: a band renamed to another range
  // keeps the range of clues the dig reaches.
  const auto range = spec.bands.find(sec.difficulty);
  for (const DifficultyBand& d : kDefaultBands)
    if (d.name == sec.difficulty && (range == spec.bands.end() || range->second == std::pair{d.lo, d.hi}))
      return default_band_clues(sec.difficulty, sec.shape.n());
  return std::nullopt;
}

bool default_band(const gen::Request& r) {
  if (!r.rating) return false;
  const grader::RatingRange band = *r.rating;
  for (const DifficultyBand& d : kDefaultBands)
    if (d.name == r.difficulty && std::abs(band.lo - d.lo) < 1e-9 &&
        (std::abs(band.hi - d.hi) < 1e-9 || (std::isinf(band.hi) && &d == &kDefaultBands.back())))
      return true;
  return false;
}

std::vector<grader::RatingRange> spread_slices(const spec::SectionSpec& sec, const gen::Request& r) {
  return spread_slices(sec.spread, sec.count, r);
}

std::vector<grader::RatingRange> spread_slices(const std::string& spread, int count, const gen::Request& r) {
  const VariantDef& def = variant_def(r.variant);
  if (spread != "even" || !r.rating || count < 2 || def.own_scale) return {};
  const int n = r.shape.n();
  if (n != 8 && n != 9) return {};  // measured there only (docs/difficulty.md)
  if (def.multi_grid) return {};  // not measured on several grids (their clue counts are not one grid's)
  std::vector<double> cuts;
  const grader::RatingRange band = *r.rating;
  const bool is_default = default_band(r);
  if (is_default) {
    cuts = default_spread_cuts(r.difficulty);
  } else {
    // Thirds of the range up to 9.0 (ratings above are rare enough to take minutes each).
    const double top = std::min(band.hi, 9.0);
    if (top - band.lo >= 0.9) cuts = {band.lo + (top - band.lo) / 3, band.lo + 2 * (top - band.lo) / 3};
  }
  if (cuts.empty() || static_cast<int>(cuts.size()) + 1 > count) return {};
  std::vector<grader::RatingRange> out;
  double lo = band.lo;
  bool lo_exclusive = band.lo_exclusive;
  for (double cut : cuts) {
    out.push_back({lo, cut, lo_exclusive});
    lo = cut;
    lo_exclusive = true;
  }
  out.push_back({lo, band.hi, true});
  return out;
}

// The generator request for a section; errors name the key at fault.
Result<gen::Request> make_request(const spec::BookSpec& spec, int s) {
  const spec::SectionSpec& sec = spec.sections[static_cast<size_t>(s)];
  gen::Request r;
  r.shape = sec.shape;
  r.variant = *parse_variant(sec.variant);  // the spec loader checked the name
  r.symmetric_regions = sec.regions == "symmetric";
  // Marks that replace the givens (killer cages): the clue count and symmetry do not apply.
  const bool killer = variant_def(r.variant).marks_replace_givens;
  r.some_givens = sec.givens == "some";
  r.no_guessing = sec.guessing == "never";
  r.clues_min = sec.clues_min;
  r.clues_max = sec.clues_max;
  // Killer puzzles have no clues to place: the section's clue symmetry does not apply.
  r.symmetry = killer ? "none" : sec.symmetry;
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
  if (sec.clues_auto && !killer) {
    if (auto clues = auto_clues(spec, sec)) {
      r.clues_min = clues->lo;
      r.clues_max = clues->hi;
    }
  }
  // One budget per section batch: the section's own, or generous, growing with the count, but never
  // unbounded.
  r.budget_seconds = sec.budget > 0 ? sec.budget : 60.0 + 0.5 * sec.count;
  if (Status st = gen::check_request(r); !st) {
    // The request's checks name their key (a request key is the section key of that name; a
    // difficulty or a rating range reaches the request as one rating).
    const Diagnostic& d = st.error().diagnostics.front();
    const std::string key = d.key == "difficulty" && sec.rating ? "rating" : d.key;
    return Error(spec::section_diagnostic(spec, s, "sections[" + std::to_string(s) + "]: " + d.message, key));
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
                                     Error* out_of_budget,
                                     const std::function<bool(const std::string&)>& excluded, bool grade) {
  using Clock = std::chrono::steady_clock;
  const spec::SectionSpec& sec = spec.sections[static_cast<std::size_t>(s)];
  const int count = sec.count;
  // The section's puzzles easiest first: `order: rating`, or a book in rising order (its pages then
  // merge the sections' runs by difficulty, book/order.hpp).
  const bool by_rating = sec.order == "rating" || spec.order == "rising";
  const auto deadline = Clock::now() + std::chrono::duration<double>(request.budget_seconds);
  if (sec.blank) {  // practice grids: nothing to generate
    PuzzleStore store;
    Puzzle empty;
    empty.givens = empty.solution = Grid(request.shape);
    for (int i = 0; i < count; ++i) store.add(empty);
    return store;
  }
  // An even spread deals puzzle i to slice i mod m; each slice is a batch of its own (its own
  // stream), so the puzzles do not depend on the number of threads.
  const std::vector<grader::RatingRange> slices = spread_slices(sec, request);
  const int m = slices.empty() ? 1 : static_cast<int>(slices.size());
  // What counts as alike: the section's dedup, else the book's. An exact section records its
  // puzzles' givens and, marked, their canonical forms; a canonical section after one excludes
  // those forms too, so it never repeats an exact section's puzzle in any form.
  const bool exact = (sec.dedup.empty() ? spec.dedup : sec.dedup) == "exact";
  static const std::string kExactForm = std::string("\x01");
  std::unordered_set<std::string> with_exact;
  if (!exact) {
    for (const std::string& key : seen)
      if (key.rfind(kExactForm, 0) == 0) with_exact.insert(key.substr(kExactForm.size()));
    if (!with_exact.empty()) with_exact.insert(seen.begin(), seen.end());
  }
  const bool mixed = !with_exact.empty();
  std::vector<PuzzleStore> made(static_cast<std::size_t>(m));
  int done_before = 0;
  bool short_of_time = false;
  for (int k = 0; k < m && !short_of_time; ++k) {
    gen::Request slice = request;
    if (!slices.empty()) slice.rating = slices[static_cast<std::size_t>(k)];
    const int wanted = (count - k + m - 1) / m;
    const std::uint64_t stream =
        static_cast<std::uint64_t>(s) + (slices.empty() ? 0 : static_cast<std::uint64_t>(k + 1) << 32);
    for (int first = 0; first < wanted; first += kSectionChunk) {
      const int n = std::min(kSectionChunk, wanted - first);
      gen::Request chunk = slice;  // the section's budget covers all of its chunks and slices
      chunk.budget_seconds = k == 0 && first == 0  // messages then name the section's budget
                                 ? request.budget_seconds
                                 : std::max(0.001, std::chrono::duration<double>(deadline - Clock::now()).count());
      gen::BatchOptions bo;
      bo.jobs = jobs;
      bo.stream = stream;
      bo.first = static_cast<std::uint64_t>(first);
      bo.exclude = mixed ? &with_exact : &seen;
      bo.excluded = excluded;
      bo.grade = grade || by_rating;  // the order needs the ratings now
      bo.exact = exact;
      Error ran_out;
      if (out_of_budget) bo.out_of_budget = &ran_out;
      const int base = done_before + first;
      if (progress) bo.progress = [&](int done, int) { progress(base + done, count); };
      auto batch = gen::generate_batch(chunk, spec.seed, n, bo);
      const int made_before = done_before + first;
      // The generator describes the slice it was given: say how it relates to the section.
      const std::string slice_note =
          slices.empty() ? std::string()
                         : " [the even spread deals " + std::to_string(wanted) + " of the " + std::to_string(count) +
                               " puzzles to this slice, " + std::to_string(k + 1) + " of " + std::to_string(m) +
                               "; `spread: any` takes the whole band]";
      if (!batch) {
        if (made_before == 0) return Error(batch.error().kind, batch.error().to_string() + slice_note);
        return Error(batch.error().kind, "after " + std::to_string(made_before) + " of " + std::to_string(count) +
                                              " puzzles: " + batch.error().to_string() + slice_note);
      }
      if (!slice_note.empty() && static_cast<int>(batch->size()) < n)
        ran_out = Error(ran_out.kind, ran_out.to_string() + slice_note);
      for (Puzzle& p : *batch) {
        if (exact) {
          seen.insert(format_line(p.givens));
          seen.insert(kExactForm + p.canonical);
        } else {
          if (mixed) with_exact.insert(p.canonical);
          seen.insert(std::move(p.canonical));
        }
        made[static_cast<std::size_t>(k)].add(p);
      }
      if (static_cast<int>(batch->size()) < n) {  // only with out_of_budget
        *out_of_budget = std::move(ran_out);
        short_of_time = true;
        break;
      }
    }
    done_before += static_cast<int>(made[static_cast<std::size_t>(k)].size());
  }
  // Deal the slices back in turn (a slice cut short by the budget drops out).
  std::vector<Puzzle> order;
  std::vector<std::size_t> next(static_cast<std::size_t>(m), 0);
  for (bool any = true; any;) {
    any = false;
    for (int k = 0; k < m; ++k) {
      auto& at = next[static_cast<std::size_t>(k)];
      if (at >= made[static_cast<std::size_t>(k)].size()) continue;
      order.push_back(made[static_cast<std::size_t>(k)].get(at++));
      any = true;
    }
  }
  if (by_rating)
    std::stable_sort(order.begin(), order.end(), [](const Puzzle& a, const Puzzle& b) { return a.rating < b.rating; });
  if (m == 1 && !by_rating) return std::move(made.front());
  PuzzleStore store;
  for (const Puzzle& p : order) store.add(p);
  return store;
}

}  // namespace gp::book
