// Small text helpers every output shares, so a rating or a CSV field is written one way everywhere.
#pragma once

#include <concepts>
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

// A name as a safe ASCII file-name part: lower case letters and digits, words joined by '-'
// ("Zoë O'Neil" -> "zoe-oneil", "Ana-María  Núñez" -> "ana-maria-nunez"): Latin letters with
// accents lose them (ß -> ss, æ -> ae, ø -> o, ł -> l, ...), apostrophes join (O'Neil -> oneil),
// any other run of characters is one '-', none at either end; at most 60 characters (cut at a
// '-' when there is one). "" when nothing is left (a name in another script, "???").
std::string ascii_slug(std::string_view name);

// One CSV record (RFC 4180): the one writer of every CSV gridpress makes (manifests, generate,
// grade, catalogue list and check). Each field goes through csv_field, so one holding a comma, a
// double quote, CR or LF is quoted (its quotes doubled) and any other stays bare.
//   out += CsvRow().add(e.section).add(e.number).add(e.givens).quoted(e.hardest).line();
class CsvRow {
 public:
  CsvRow& add(std::string_view field) { return put(csv_field(field)); }
  CsvRow& add(const std::string& field) { return add(std::string_view(field)); }
  CsvRow& add(const char* field) { return add(std::string_view(field)); }
  template <std::integral T>
  CsvRow& add(T value) {
    return put(std::to_string(value));
  }
  // Quoted even when it needs not be (columns that some outputs always quote).
  CsvRow& quoted(std::string_view field) { return put(csv_field(field, true)); }
  // The record, ended by "\n".
  std::string line() const { return text_ + "\n"; }

 private:
  CsvRow& put(const std::string& field) {
    if (!first_) text_ += ',';
    first_ = false;
    text_ += field;
    return *this;
  }
  std::string text_;
  bool first_ = true;
};

}  // namespace gp
