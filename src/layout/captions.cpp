// Caption templates and the "how to play" text.
#include <algorithm>
#include <array>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "core/codec.hpp"
#include "core/variants.hpp"
#include "layout/calendar.hpp"
#include "layout/layout.hpp"

namespace gp::layout {
namespace {

constexpr std::array<const char*, 16> kPlaceholders = {"number", "label", "rating",  "clues",
                                                       "section", "grid",  "page",    "answer_page",
                                                       "date",   "weekday", "stars", "level",
                                                       "yyyy",   "mm",      "dd",      "variant"};

std::string field_value(const std::string& name, const CaptionFields& f) {
  if (name.rfind("date:", 0) == 0) return format_date(f.date, name.substr(5), f.locale);
  if (name == "stars") {
    std::string s;
    for (int i = 0; i < f.stars; ++i) s += "\u2605";
    return s;
  }
  if (name == "number") return std::to_string(f.number);
  if (name == "label") return f.label;
  if (name == "level") return f.level;
  if (name == "variant") return f.variant;
  if (name == "rating") {
    if (f.rating < 0) return {};
    return one_decimal(f.rating);
  }
  if (name == "clues") return std::to_string(f.clues);
  if (name == "section") return f.section;
  if (name == "grid") return f.grid;
  if (name == "page") return f.page > 0 ? std::to_string(f.page) : std::string();
  if (name == "date") return f.date;
  if (name == "yyyy") return f.date.size() >= 10 ? f.date.substr(0, 4) : std::string();  // file-name folders
  if (name == "mm") return f.date.size() >= 10 ? f.date.substr(5, 2) : std::string();
  if (name == "dd") return f.date.size() >= 10 ? f.date.substr(8, 2) : std::string();
  if (name == "weekday") return f.weekday;
  if (name == "answer_page") return f.answer_page > 0 ? std::to_string(f.answer_page) : std::string();
  return {};
}

bool is_known(const std::string& name) {
  if (name.rfind("date:", 0) == 0) return unknown_date_directive(name.substr(5)).empty();
  return std::any_of(kPlaceholders.begin(), kPlaceholders.end(), [&](const char* k) { return name == k; });
}

bool is_separator(const std::string& token) {
  static const std::set<std::string> kSeps = {"-", "--", "\u2013", "\u2014", "\u00b7", "|", "/",
                                              ",", ":", ";", "\u2022"};
  return kSeps.count(token) != 0;
}

// Drops "()" and "[]" holding nothing but spaces.
std::string drop_empty_brackets(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(' || s[i] == '[') {
      const char close = s[i] == '(' ? ')' : ']';
      std::size_t j = i + 1;
      while (j < s.size() && s[j] == ' ') ++j;
      if (j < s.size() && s[j] == close) {
        i = j;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace

std::string unknown_placeholder(const std::string& tmpl) {
  std::size_t pos = 0;
  while ((pos = tmpl.find('{', pos)) != std::string::npos) {
    const std::size_t end = tmpl.find('}', pos);
    if (end == std::string::npos) break;
    const std::string name = tmpl.substr(pos + 1, end - pos - 1);
    if (!is_known(name)) return "{" + name + "}";
    pos = end + 1;
  }
  return {};
}

std::string expand_caption(const std::string& tmpl, const CaptionFields& fields) {
  std::string text;
  std::size_t pos = 0;
  while (pos < tmpl.size()) {
    const std::size_t open = tmpl.find('{', pos);
    if (open == std::string::npos) {
      text += tmpl.substr(pos);
      break;
    }
    const std::size_t close = tmpl.find('}', open);
    if (close == std::string::npos) {
      text += tmpl.substr(pos);
      break;
    }
    text += tmpl.substr(pos, open - pos);
    const std::string name = tmpl.substr(open + 1, close - open - 1);
    text += is_known(name) ? field_value(name, fields) : tmpl.substr(open, close - open + 1);
    pos = close + 1;
  }
  text = drop_empty_brackets(text);

  // Tokens on spaces; a separator token is kept only between two kept words.
  std::vector<std::string> tokens;
  std::string cur;
  for (char c : text + " ") {
    if (c == ' ' || c == '\t' || c == '\n') {
      if (!cur.empty()) {
        if (!(is_separator(cur) && (tokens.empty() || is_separator(tokens.back())))) tokens.push_back(cur);
        cur.clear();
      }
    } else {
      cur += c;
    }
  }
  while (!tokens.empty() && is_separator(tokens.back())) tokens.pop_back();
  if (!tokens.empty()) {
    std::string& last = tokens.back();
    while (!last.empty() && (last.back() == ',' || last.back() == ';' || last.back() == ':')) last.pop_back();
    if (last.empty()) tokens.pop_back();
  }
  std::string out;
  for (const std::string& t : tokens) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

namespace {

std::string symbols_phrase(int n) {
  if (n <= 9) return "the digits 1 to " + std::to_string(n);
  return std::string("the digits 1 to 9 and the letters A to ") + value_char(n);
}

std::string box_phrase(const Shape& s) {
  const std::string r = std::to_string(s.box_rows), c = std::to_string(s.box_cols);
  if (s.box_rows == s.box_cols) return "boxes of " + r + "x" + c + " cells";
  return "boxes of " + r + "x" + c + " cells (" + r + " rows by " + c + " columns)";
}

}  // namespace

std::vector<std::string> how_to_play_paragraphs(const std::vector<Shape>& shapes_in) {
  std::vector<Shape> shapes;
  bool latin = false;  // Latin squares (futoshiki, kenken): no boxes; their variants' paragraphs say the rest
  for (const Shape& s : shapes_in) {
    latin = latin || s.latin();
    if (!s.latin() && std::find(shapes.begin(), shapes.end(), s) == shapes.end()) shapes.push_back(s);
  }
  if (shapes.empty() && latin) {
    std::set<int> sizes;
    for (const Shape& s : shapes_in) sizes.insert(s.n());
    std::string which;
    for (int n : sizes) which += (which.empty() ? "" : n == *sizes.rbegin() ? " or " : ", ") + std::to_string(n);
    return {"Each puzzle is a square grid of " + which + " rows and as many columns, with no boxes. Fill in the "
            "empty cells so that every row and every column contains each digit from 1 to the grid's size exactly "
            "once.",
            "Every puzzle has exactly one solution, and it can be found by reasoning alone, without guessing.",
            "A good way to start: pick a row or column that is nearly full, and look for the one place where a "
            "missing digit can go."};
  }
  std::sort(shapes.begin(), shapes.end(), [](const Shape& a, const Shape& b) {
    return a.n() != b.n() ? a.n() < b.n() : a.box_rows < b.box_rows;
  });
  std::vector<std::string> paras;
  if (shapes.size() == 1) {
    const Shape& s = shapes.front();
    const std::string n = std::to_string(s.n());
    paras.push_back("Each puzzle is a grid of " + n + " rows and " + n + " columns, divided into " +
                    box_phrase(s) + ". Some cells are already filled in. Fill in the empty cells so "
                    "that every row, every column and every box contains each of " +
                    symbols_phrase(s.n()) + " exactly once.");
  } else {
    paras.push_back("Each puzzle is a square grid divided into boxes. Some cells are already filled "
                    "in. Fill in the empty cells so that every row, every column and every box "
                    "contains each symbol exactly once. The symbols depend on the size of the grid:");
    for (const Shape& s : shapes) {
      const std::string n = std::to_string(s.n());
      paras.push_back(n + "x" + n + " grids: " + symbols_phrase(s.n()) + ", in " + box_phrase(s) + ".");
    }
  }
  paras.push_back("The numbers are symbols, not sums: no arithmetic is needed. Every puzzle has "
                  "exactly one solution, and it can be found by reasoning alone, without guessing.");
  paras.push_back("A good way to start: pick a row, column or box that is nearly full, and look for "
                  "the one place where a missing symbol can go.");
  return paras;
}

std::vector<std::string> variant_paragraphs(const std::vector<std::string>& variants) {
  // The variant table's how-to-play paragraphs, in their rank order, of the variants present.
  // A combination brings its parts' paragraphs (killer+x: killer's and x's).
  std::vector<std::string> names;
  for (const std::string& v : variants) {
    names.push_back(v);
    if (const VariantDef* d = find_variant_def(v); d && d->combination())
      for (Variant part : d->parts) names.emplace_back(variant_name(part));
  }
  std::vector<const VariantDef*> rows;
  for (const VariantDef& d : variant_defs())
    if (!d.how_to_play.empty() && std::find(names.begin(), names.end(), d.name) != names.end())
      rows.push_back(&d);
  std::sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return a->how_to_play_rank < b->how_to_play_rank; });
  std::vector<std::string> out;
  for (const VariantDef* d : rows) out.emplace_back(d->how_to_play);
  return out;
}

std::string instruction_line(const std::string& variant, const Shape& shape) {
  const std::string box = std::to_string(shape.box_rows) + "x" + std::to_string(shape.box_cols) + " box";
  const VariantDef* d = find_variant_def(variant);
  std::string rule(d ? d->instruction : variant_def(Variant::kClassic).instruction);
  if (const auto at = rule.find("{box}"); at != std::string::npos) rule.replace(at, 5, box);
  return "Place " + symbols_phrase(shape.n()) + " once in every " + rule;
}

}  // namespace gp::layout
