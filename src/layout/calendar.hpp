// Dates in captions: weekday and month names in a few languages, from our own tables (system
// locales need not be installed), and a small strftime-like format for {date:FORMAT}.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gp::layout {

// The languages with tables: "en", "de", "fr", "es", "it", "nl".
const std::vector<std::string>& caption_locales();

// Formats an ISO date "YYYY-MM-DD" with `format` in `locale`. Directives: %d day (02), %e day (2),
// %m month (03), %B month name, %A weekday name, %Y year (2026), %y year (26), %% a percent sign;
// anything else is copied. An unknown locale is English; a date that does not parse gives "".
std::string format_date(std::string_view iso_date, std::string_view format, std::string_view locale);

// The first directive of `format` that format_date does not know ("%q"), or "" when all are known.
std::string unknown_date_directive(std::string_view format);

}  // namespace gp::layout
