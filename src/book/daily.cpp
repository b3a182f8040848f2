// Publishing-day rules of a newspaper run (daily.hpp).
#include "book/daily.hpp"
#include "book/sections.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <tuple>

#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/difficulty.hpp"
#include "core/text.hpp"
#include "core/variants.hpp"

namespace gp::book {

bool same_request(const gen::Request& a, const gen::Request& b) {
  const auto range = [](const gen::Request& r) {
    return r.rating ? std::tuple{true, r.rating->lo, r.rating->hi, r.rating->lo_exclusive}
                    : std::tuple{false, 0.0, 0.0, false};
  };
  return a.shape == b.shape && a.variant == b.variant && a.clues_min == b.clues_min &&
         a.clues_max == b.clues_max && a.symmetry == b.symmetry && a.fill == b.fill &&
         a.minimal == b.minimal && range(a) == range(b);
}

namespace {

constexpr std::array<const char*, 7> kWeek = {"monday", "tuesday", "wednesday", "thursday",
                                               "friday", "saturday", "sunday"};

// The band a weekday's days ask for by name ("" when a rating range of its own replaces it).
std::string weekday_band(const spec::NewspaperSpec& np, const std::string& wd) {
  if (auto t = np.weekdays.find(wd); t != np.weekdays.end()) return t->second.rating ? "" : t->second.difficulty;
  if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) return it->second;
  return "";
}

}  // namespace

std::optional<grader::RatingRange> ramp_slice(const gen::Request& r, int j, int k) {
  if (k < 2 || j < 0 || j >= k || !r.rating) return std::nullopt;
  const int n = r.shape.n();
  const VariantDef& def = variant_def(r.variant);
  if ((n != 8 && n != 9) || def.own_scale || def.multi_grid) return std::nullopt;
  const grader::RatingRange band = *r.rating;
  if (!default_band(r)) return std::nullopt;
  const std::vector<double> all = default_spread_cuts(r.difficulty);
  if (all.empty()) return std::nullopt;
  // k days and m slices: up to m days take the first k - 1 cuts (one slice a day); more days share
  // the m slices in order.
  const int m = static_cast<int>(all.size()) + 1;
  std::vector<double> cuts = all;
  int slice = j;
  if (k <= m) {
    cuts.resize(static_cast<std::size_t>(k - 1));
  } else {
    slice = j * m / k;
  }
  grader::RatingRange out = band;
  if (slice > 0) {
    out.lo = cuts[static_cast<std::size_t>(slice - 1)];
    out.lo_exclusive = true;
  }
  if (slice < static_cast<int>(cuts.size())) out.hi = cuts[static_cast<std::size_t>(slice)];
  return out;
}

void ramp_by_weekday(const spec::BookSpec& spec, std::vector<gen::Request>& requests) {
  const spec::NewspaperSpec& np = spec.newspaper;
  for (std::size_t d = 0; d < requests.size() && d < spec.sections.size(); ++d) {
    std::string wd = spec.sections[d].weekday;
    for (char& c : wd) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto at = std::find(kWeek.begin(), kWeek.end(), wd);
    if (at == kWeek.end()) continue;
    const int i = static_cast<int>(at - kWeek.begin());
    const std::string band = weekday_band(np, wd);
    if (band.empty() || band != requests[d].difficulty) continue;
    int first = i, last = i;
    while (first > 0 && weekday_band(np, kWeek[static_cast<std::size_t>(first - 1)]) == band) --first;
    while (last < 6 && weekday_band(np, kWeek[static_cast<std::size_t>(last + 1)]) == band) ++last;
    // A band on all seven weekdays is a paper of one difficulty, not a ramp: its days stay one
    // request (rise_by_rating orders the whole run).
    if (first == 0 && last == 6) continue;
    if (auto slice = ramp_slice(requests[d], i - first, last - first + 1)) requests[d].rating = *slice;
  }
}

void rise_by_rating(const std::vector<gen::Request>& requests, std::vector<Puzzle>& puzzles) {
  const std::size_t days = std::min(requests.size(), puzzles.size());
  for (std::size_t first = 0; first < days;) {
    std::size_t end = first + 1;
    while (end < days && same_request(requests[first], requests[end])) ++end;
    std::stable_sort(puzzles.begin() + static_cast<std::ptrdiff_t>(first),
                     puzzles.begin() + static_cast<std::ptrdiff_t>(end),
                     [](const Puzzle& x, const Puzzle& y) { return x.rating < y.rating; });
    first = end;
  }
}

int rating_falls(const std::vector<Puzzle>& puzzles) {
  int falls = 0;
  for (std::size_t d = 1; d < puzzles.size(); ++d)
    if (puzzles[d].rating < puzzles[d - 1].rating) ++falls;
  return falls;
}

std::string day_after(const std::string& iso_date) {
  int y = 0;
  unsigned m = 0, d = 0;
  if (std::sscanf(iso_date.c_str(), "%4d-%2u-%2u", &y, &m, &d) != 3) return {};
  const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}};
  if (!ymd.ok()) return {};
  const std::chrono::year_month_day next{std::chrono::sys_days{ymd} + std::chrono::days{1}};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(next.year()),
                static_cast<unsigned>(next.month()), static_cast<unsigned>(next.day()));
  return text;
}

std::string feed_text(const FeedDay& day, const Puzzle& puzzle) {
  nlohmann::ordered_json doc;
  doc["format"] = "gridpress-daily";
  doc["version"] = 1;
  doc["title"] = day.title;
  doc["number"] = day.number;
  doc["date"] = day.date;
  doc["weekday"] = day.weekday;
  doc["grid"] = puzzle.givens.shape.name();
  doc["variant"] = std::string(variant_name(puzzle.givens.variant()));
  doc["label"] = puzzle.label;
  doc["rating"] = rounded_rating(puzzle.rating);
  doc["stars"] = day.stars;
  doc["clues"] = puzzle.givens.clue_count();
  doc["puzzle"] = format_line(puzzle.givens);
  // The puzzle's own rule data, spelt as `gridpress generate --format json` spells it.
  codec::put_json(doc, puzzle.givens.board.get());
  doc["solution"] = format_line(puzzle.solution);
  doc["solution_date"] = day.solution_date;
  doc["caption"] = day.caption;
  return doc.dump(2) + "\n";
}

}  // namespace gp::book
