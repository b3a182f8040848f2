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

bool newspaper_skips(const NewspaperSpec& np, const std::string& date) {
  auto day = detail::parse_day(date);
  if (!day) return false;
  const std::string wd = detail::weekday_names()[std::chrono::weekday{std::chrono::sys_days{*day}}.c_encoding()];
  for (const std::string& s : np.skip)
    if (s == date || s == wd) return true;
  return false;
}

std::string publishing_day_from(const NewspaperSpec& np, const std::string& date) {
  std::string day = date;
  // The spec refuses a skip list of all seven weekdays, so a publishing day comes within a week
  // plus the dates listed.
  for (size_t guard = 0; !day.empty() && newspaper_skips(np, day) && guard <= np.skip.size() + 7; ++guard)
    day = next_day(day);
  return day;
}

std::string next_publishing_day(const NewspaperSpec& np, const std::string& date) {
  return publishing_day_from(np, next_day(date));
}

Status date_newspaper_days(BookSpec& spec, const std::string& start_date, int start_number) {
  auto start = detail::parse_day(publishing_day_from(spec.newspaper, start_date));
  if (!start)
    return Error(Diagnostic::keyed(spec.source_file, 0, 0, "newspaper.start_date",
                                   "'" + start_date + "' is not a date (YYYY-MM-DD)"));
  NewspaperSpec& np = spec.newspaper;
  np.start_date = publishing_day_from(np, start_date);
  np.start_number = start_number;
  std::chrono::sys_days day = std::chrono::sys_days{*start};
  for (size_t i = 0; i < spec.sections.size(); ++i) {
    if (i > 0) day = std::chrono::sys_days{*detail::parse_day(next_publishing_day(np, day_text(day)))};
    const std::string wd = detail::weekday_names()[std::chrono::weekday{day}.c_encoding()];
    SectionSpec& s = spec.sections[i];
    if (auto t = np.weekdays.find(wd); t != np.weekdays.end()) {  // newspaper.weekdays: its own section
      s = t->second;
      s.count = 1;
      s.heading_page = false;
    } else {
      const Mark mark = s.mark;
      s = spec.section_defaults;
      s.key_marks.clear();
      s.mark = mark;
      s.count = 1;
      s.heading_page = false;
      if (auto it = np.weekday_difficulty.find(wd); it != np.weekday_difficulty.end()) {
        s.difficulty = it->second;
        s.rating.reset();
      }
    }
    s.date = day_text(day);
    s.weekday = wd;
    s.weekday[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s.weekday[0])));
    s.number = start_number + static_cast<int>(i);
    s.name = s.weekday + " " + s.date;
  }
  return Ok{};
}

}  // namespace gp::spec
