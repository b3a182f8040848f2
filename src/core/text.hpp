// Small text helpers every output shares, so a rating or a CSV field is written one way everywhere.
#pragma once

#include <string>
#include <string_view>

namespace gp {

// One decimal place ("%.1f"): 2.6, 7.0, 10.0. Ratings, sizes and seconds in every text output.
std::string one_decimal(double v);

// A rating as every output states it: rounded to one decimal (the value one_decimal prints), for
// JSON numbers.
double rounded_rating(double v);

// A CSV field (RFC 4180): wrapped in double quotes when it holds a comma, a double quote, CR or LF
// (or always, when `always_quote`), with each double quote doubled.
std::string csv_field(std::string_view s, bool always_quote = false);

}  // namespace gp
