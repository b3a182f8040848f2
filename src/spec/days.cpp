// Dating a newspaper run's days after loading: a run with a catalogue may continue from the
// catalogue's last number and day (book/newspaper.cpp), which the loader cannot know.
#include <chrono>
#include <cstdio>

#include "spec/reader.hpp"
#include "spec/spec.hpp"

namespace gp::spec {
namespace {

std::string day_text(std::chrono::sys_days day) {
  const std::chrono::year_month_day ymd{day};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return text;
}

}  // namespace

std::string next_day(const std::string& date) {
  auto day = detail::parse_day(date);
  if (!day) return "";
  return day_text(std::chrono::sys_days{*day} + std::chrono::days{1});
}

Status date_newspaper_days(BookSpec& spec, const std::string& start_date, int start_number) {
  auto start = detail::parse_day(start_date);
  if (!start)
    return Error(Diagnostic{spec.source_file, 0, 0,
                            "newspaper.start_date: '" + start_date + "' is not a date (YYYY-MM-DD)"});
  NewspaperSpec& np = spec.newspaper;
  np.start_date = start_date;
  np.start_number = start_number;
  for (size_t i = 0; i < spec.sections.size(); ++i) {
    const std::chrono::sys_days day = std::chrono::sys_days{*start} + std::chrono::days{static_cast<int>(i)};
    const std::string wd = detail::weekday_names()[std::chrono::weekday{day}.c_encoding()];
    SectionSpec& s = spec.sections[i];
    s.date = day_text(day);
    s.weekday = wd;
    s.weekday[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s.weekday[0])));
    s.number = start_number + static_cast<int>(i);
    s.name = s.weekday + " " + s.date;
    s.difficulty = spec.section_defaults.difficulty;
    s.rating = spec.section_defaults.rating;
    if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) {
      s.difficulty = it->second;
      s.rating.reset();
    }
  }
  return Ok{};
}

}  // namespace gp::spec
