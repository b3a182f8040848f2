// Publishing-day rules of a newspaper run (daily.hpp).
#include "book/daily.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <tuple>

#include "core/codec.hpp"
#include "core/text.hpp"

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
  if (puzzle.givens.variant() == Variant::kJigsaw) doc["regions"] = format_regions(puzzle.givens.board->region);
  if (puzzle.givens.variant() == Variant::kKiller) {
    doc["cages"] = nlohmann::ordered_json::array();
    for (const Cage& c : puzzle.givens.board->cages()) doc["cages"].push_back({{"sum", c.sum}, {"cells", c.cells}});
  }
  doc["solution"] = format_line(puzzle.solution);
  doc["solution_date"] = day.solution_date;
  doc["caption"] = day.caption;
  return doc.dump(2) + "\n";
}

}  // namespace gp::book
