#include "layout/calendar.hpp"

#include <array>
#include <chrono>
#include <cstdio>

namespace gp::layout {
namespace {

struct Names {
  const char* locale;
  std::array<const char*, 7> weekdays;  // Monday first
  std::array<const char*, 12> months;
};

// Weekday and month names as newspapers print them in running text (lower case in French,
// Spanish, Italian and Dutch).
constexpr std::array<Names, 6> kNames = {{
    {"en",
     {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"},
     {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December"}},
    {"de",
     {"Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"},
     {"Januar", "Februar", "M\u00e4rz", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
      "November", "Dezember"}},
    {"fr",
     {"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"},
     {"janvier", "f\u00e9vrier", "mars", "avril", "mai", "juin", "juillet", "ao\u00fbt", "septembre", "octobre",
      "novembre", "d\u00e9cembre"}},
    {"es",
     {"lunes", "martes", "mi\u00e9rcoles", "jueves", "viernes", "s\u00e1bado", "domingo"},
     {"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
      "noviembre", "diciembre"}},
    {"it",
     {"luned\u00ec", "marted\u00ec", "mercoled\u00ec", "gioved\u00ec", "venerd\u00ec", "sabato", "domenica"},
     {"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
      "novembre", "dicembre"}},
    {"nl",
     {"maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"},
     {"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
      "november", "december"}},
}};

const Names& names_for(std::string_view locale) {
  for (const Names& n : kNames)
    if (locale == n.locale) return n;
  return kNames.front();
}

bool known_directive(char c) {
  return c == 'd' || c == 'e' || c == 'm' || c == 'B' || c == 'A' || c == 'Y' || c == 'y' || c == '%';
}

}  // namespace

const std::vector<std::string>& caption_locales() {
  static const std::vector<std::string> locales = [] {
    std::vector<std::string> v;
    for (const Names& n : kNames) v.emplace_back(n.locale);
    return v;
  }();
  return locales;
}

std::string unknown_date_directive(std::string_view format) {
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    if (i + 1 >= format.size()) return "%";
    if (!known_directive(format[i + 1])) return std::string("%") + format[i + 1];
    ++i;
  }
  return {};
}

std::string format_date(std::string_view iso_date, std::string_view format, std::string_view locale) {
  int y = 0;
  unsigned m = 0, d = 0;
  if (iso_date.size() != 10 || std::sscanf(std::string(iso_date).c_str(), "%4d-%2u-%2u", &y, &m, &d) != 3)
    return {};
  const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{m}, std::chrono::day{d}};
  if (!ymd.ok()) return {};
  const unsigned weekday = std::chrono::weekday{std::chrono::sys_days{ymd}}.iso_encoding();  // 1 = Monday
  const Names& names = names_for(locale);
  std::string out;
  char buf[16];
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 >= format.size()) {
      out += format[i];
      continue;
    }
    switch (format[++i]) {
      case 'd': std::snprintf(buf, sizeof buf, "%02u", d); out += buf; break;
      case 'e': out += std::to_string(d); break;
      case 'm': std::snprintf(buf, sizeof buf, "%02u", m); out += buf; break;
      case 'B': out += names.months[m - 1]; break;
      case 'A': out += names.weekdays[weekday - 1]; break;
      case 'Y': out += std::to_string(y); break;
      case 'y': std::snprintf(buf, sizeof buf, "%02d", y % 100); out += buf; break;
      case '%': out += '%'; break;
      default: out += '%'; out += format[i]; break;
    }
  }
  return out;
}

}  // namespace gp::layout
