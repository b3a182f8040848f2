#include "input/puzzle_reader.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <string_view>
#include <utility>

#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/variants.hpp"
#include "input/source.hpp"

namespace gp::input {

namespace {

constexpr int kSides[] = {4, 6, 8, 9, 12, 16};  // grid sides; puzzles have side * side cells

// A Latin square's sides (futoshiki, read with the variant known: PuzzleReader::set_variant).
bool is_latin_side(std::size_t n) { return n >= 4 && n <= 9; }

bool is_side(std::size_t n, bool latin = false) {
  return latin ? is_latin_side(n) : std::find(std::begin(kSides), std::end(kSides), static_cast<int>(n)) != std::end(kSides);
}

bool is_puzzle_size(std::size_t cells, bool latin = false) {
  if (latin) {
    for (std::size_t n = 4; n <= 9; ++n)
      if (n * n == cells) return true;
    return false;
  }
  return std::any_of(std::begin(kSides), std::end(kSides), [&](int n) { return static_cast<std::size_t>(n * n) == cells; });
}

bool is_blank_char(char c) { return c == '.' || c == '0' || c == '*' || c == '-' || c == 'x' || c == 'X' || c == '_'; }

bool is_cell_char(char c) { return is_blank_char(c) || char_value(c) > 0; }

bool all_cells(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_cell_char); }

// Blanks written any of the accepted ways become '.', which parse_line reads.
std::string normalized(std::string_view cells) {
  std::string out(cells);
  for (char& c : out)
    if (is_blank_char(c)) c = '.';
  return out;
}

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::string_view first_token(std::string_view s) { return s.substr(0, s.find_first_of(" \t")); }

// The cells of a grid row: blanks and the '|' / '+' between boxes dropped.
std::string row_cells(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '|' && c != '+') out += c;
  return out;
}

// A line drawn between boxes or around a grid: '-', '=', '+', '|', '*' and blanks only, with a '-'
// or '='. Such a line is a row of empty cells instead when it has `width` cells (a side when not
// in a grid), no '+' or '=', and is not framed by '*' (.ss borders) - nor, outside a grid, by '|'.
bool is_rule(std::string_view s) {
  return !s.empty() && s.find_first_not_of("-=+|* \t") == std::string_view::npos && s.find_first_of("-=") != std::string_view::npos;
}
bool rule_is_row(std::string_view s, std::size_t width, bool latin = false) {
  if (s.find_first_of("+=") != std::string_view::npos || (s.front() == '*' && s.back() == '*')) return false;
  const std::size_t cells = row_cells(s).size();
  return width > 0 ? cells == width : is_side(cells, latin) && s.find('|') == std::string_view::npos;
}

// An .sdk section line such as "[Puzzle]".
bool is_section(std::string_view s) {
  return s.size() >= 2 && s.front() == '[' && s.back() == ']' &&
         std::all_of(s.begin() + 1, s.end() - 1, [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == ' '; });
}

// Simon Tatham's Solo writes game IDs such as "3x3:a2b3c..." (and "3x3dj:...", "2x2x3:...").
bool is_solo_id(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0) return false;
  while (i < s.size() && std::isalnum(static_cast<unsigned char>(s[i]))) ++i;
  return i + 1 < s.size() && s[i] == ':';
}

// What a line looked like: its first 24 characters, others than printable ASCII as '?'.
std::string excerpt(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 24)) out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  return "'" + out + (s.size() > 24 ? "...'" : "'");
}

// A second token that is a jigsaw region map rather than a solution ("PUZZLE REGIONS", as generate
// writes jigsaw lines): n*n region characters with some two side-by-side cells alike. Regions of
// n >= 2 cells always have such a pair; a solution never does (they would share a row or column).
bool is_region_token(std::string_view token) {
  if (!is_puzzle_size(token.size())) return false;
  int n = 1;
  while (static_cast<std::size_t>(n * n) < token.size()) ++n;
  if (std::any_of(token.begin(), token.end(), [](char c) { return char_value(c) <= 0; })) return false;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if ((i + 1) % static_cast<std::size_t>(n) != 0 && token[i] == token[i + 1]) return true;
    if (i + static_cast<std::size_t>(n) < token.size() && token[i] == token[i + static_cast<std::size_t>(n)]) return true;
  }
  return false;
}

// A second token meant as kenken cages: only cell numbers, targets, '+', '-', '*', '/', '=', ':',
// '.' and ';', with a ':' right after an operation ("12+:0.1.9;5=:4"). Told before killer cages
// (whose tokens hold no ':') and arrows (a digit before each ':').
bool looks_like_kenken(std::string_view token) {
  const std::size_t colon = token.find(':');
  return colon != std::string_view::npos && colon > 0 && std::string_view("+-*/=").find(token[colon - 1]) != std::string_view::npos &&
         token.find_first_not_of("0123456789+-*/=:.;") == std::string_view::npos;
}

// A puzzle line of a Latin square's side that no grid with boxes has (5x5: 25 cells, 7x7: 49): read
// only with data that makes it one (kenken cages).
int latin_only_side(std::size_t cells) {
  for (int n : {5, 7})
    if (static_cast<std::size_t>(n * n) == cells) return n;
  return 0;
}

// A second token meant as killer cages that is_cages_token does not take (e.g. not starting with a
// digit): only cell numbers and '+', '=', ';' with one of those signs. parse_cages says what is wrong.
bool looks_like_cages(std::string_view token) {
  return token.find_first_of("+=;") != std::string_view::npos &&
         token.find_first_not_of("0123456789+=;") == std::string_view::npos;
}

// A second token meant as even-odd parity marks: only 'E', 'O' and '.' (some mark among them),
// within one row's length of the puzzle's `cells` (a wrong length is an error, never dropped: the
// line would be solved as classic). No puzzle, region map or cage list is made of these alone.
bool looks_like_parity(std::string_view token, std::size_t cells) {
  if (token.find_first_of("EO") == std::string_view::npos || token.find_first_not_of("EO.") != std::string_view::npos)
    return false;
  std::size_t n = 1;
  while (n * n < cells) ++n;
  return token.size() + n >= cells && token.size() <= cells + n;
}

// A second token meant as thermos: only cell numbers, '<' and ';', with a '<' ("0<1<2;9<10").
bool looks_like_thermos(std::string_view token) {
  return token.find('<') != std::string_view::npos && token.find_first_not_of("0123456789<;") == std::string_view::npos;
}

// A second token meant as arrows: only cell numbers, ':', '+' and ';', with a ':' ("40:41+42;10:19").
bool looks_like_arrows(std::string_view token) {
  return token.find(':') != std::string_view::npos && token.find_first_not_of("0123456789:+;") == std::string_view::npos;
}

// A second token meant as greater-than signs: digits, '>' and ';' only, with some '>' (no puzzle,
// region map, cage list or parity marks holds a '>').
bool looks_like_signs(std::string_view token) {
  return token.find('>') != std::string_view::npos && token.find_first_not_of("0123456789>;") == std::string_view::npos;
}

// A second token meant as dots (consecutive or kropki): "C:", "K:" or "KN:" and the dots.
bool looks_like_dots(std::string_view token) {
  return token.starts_with("C:") || token.starts_with("K:") || token.starts_with("KN:");
}

// A second token meant as sandwich clues: "S:" and the row and column clues.
bool looks_like_sandwich(std::string_view token) { return token.starts_with("S:"); }

// A second token meant as a jigsaw region map that is_region_token does not take: region
// characters (and '0') only, within one row's length of the puzzle's `cells`, and not a solution
// (one of exactly `cells` values 1-n, which has no two side-by-side cells alike). Shorter tokens
// (a clue count, a rating, an id) stay ignored.
bool looks_like_regions(std::string_view token, std::size_t cells) {
  if (token.empty() || !std::all_of(token.begin(), token.end(), [](char c) { return char_value(c) >= 0 && c != '.'; }))
    return false;
  std::size_t n = 1;
  while (n * n < cells) ++n;
  if (token.size() + n < cells || token.size() > cells + n) return false;
  return token.size() != cells || token.find('0') != std::string_view::npos || is_region_token(token);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// CSV fields (RFC 4180 on one line): a quoted field may hold commas and doubled quotes.
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  for (auto& f : fields) f = std::string(trim(f));
  return fields;
}

// "a killer", "an even-odd".
std::string article(Variant v) {
  const std::string name(variant_name(v));
  return (name.find_first_of("aeiou") == 0 ? "an " : "a ") + name;
}
// What a variant's data is called in messages: "regions", "cages", "parity marks".
std::string data_words(Variant v) {
  const VariantDef& d = variant_def(v);
  return std::string(d.marks.empty() ? d.data_key : d.marks);
}
std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (auto blank = s.rfind(' '); blank != std::string::npos) s.erase(0, blank + 1);  // "PARITY MARKS" -> "MARKS"
  return s;
}

bool is_puzzle_header(const std::string& field) {
  const std::string f = lower(field);
  return f == "puzzle" || f == "puzzles" || f == "quiz" || f == "quizzes" || f == "givens";
}

// A 16-character token is a 4x4 puzzle line unless it holds a value above 4 (a 16x16 grid row).
// A Latin square's lines are 16 to 81 cells (no 16x16 grid to tell apart).
bool is_line_token(std::string_view token, bool latin = false) {
  if (!is_puzzle_size(token.size(), latin)) return false;
  if (token.size() != 16 || latin) return true;
  return std::none_of(token.begin(), token.end(), [](char c) { return char_value(c) > 4; });
}

// A line of `cells` cells that is neither a puzzle line nor, with no rows after it, a grid.
std::string not_a_line(std::size_t cells) {
  return std::to_string(cells) + " cells: not a puzzle line (16, 36, 64, 81, 144 or 256 cells), nor the first of " +
         std::to_string(cells) + " grid rows";
}

}  // namespace

PuzzleReader::PuzzleReader(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

void PuzzleReader::apply_variant(Result<Grid>& grid, int line, Variant variant) const {
  if (!grid) return;
  // The line's own form may name its variant: a multi-grid board by its layout ('#' off the board),
  // a grown board by its data (regions, cages). The variant asked for must then agree.
  const VariantDef& got = variant_def(grid->variant());
  const VariantDef& asked = variant_def(variant);
  const std::string asked_name(asked.name);
  if (grid->variant() != Variant::kClassic) {
    if (variant != Variant::kClassic && variant != grid->variant() && !got.multi_grid) {
      // The data the line gave may be the asked variant's (killer+x from 'PUZZLE CAGES').
      const auto fields = codec::fields(*grid);
      std::vector<std::string_view> keys;
      for (const auto& f : fields) keys.push_back(f.key);
      if (keys == codec::keys_of(variant)) {
        auto board = codec::board_from_fields(grid->shape, variant, fields);
        if (board) {
          grid->board = *board;
          return;
        }
        grid = error_at(line, board.error().to_string());
        return;
      }
    }
    if (variant != Variant::kClassic && variant != grid->variant())
      grid = error_at(line, article(grid->variant()) + " puzzle (" +
                                (got.multi_grid ? std::string("a 441-character line with '#'")
                                                : "it gives its " + data_words(grid->variant())) +
                                "), not " + asked_name);
  } else if (asked.multi_grid) {
    grid = error_at(line, "a " + asked_name + " puzzle is its 21x21 board on one line: 441 characters, '#' off the board");
  } else if (!asked.data_key.empty()) {
    grid = error_at(line, article(variant) + " puzzle needs its " + data_words(variant) + ": 'PUZZLE " +
                              upper(data_words(variant)) + "' on one line");
  } else if (variant != Variant::kClassic) {
    if (auto board = variant_board(grid->shape, variant))
      grid->board = *board;
    else
      grid = error_at(line, board.error().to_string());
  }
}

Error PuzzleReader::error_at(int line, const std::string& message) const {
  return Error(Diagnostic{name_, line, 0, message});
}

bool PuzzleReader::read_line(std::string& line) {
  if (pending_) {  // line_no_ is still its number
    line = std::move(*pending_);
    pending_.reset();
    return true;
  }
  auto more = read_input_line(in_, line, line_no_);
  if (!more) {
    // A long first line that starts JSON is minified JSON: read_json reads on from here (whole,
    // up to kMaxJson). Any other long line, or a read error, ends the input.
    const std::string_view s = trim(line);
    if (!seen_content_ && !json_read_ && line.size() > kMaxInputLine && (s.starts_with("{") || s.starts_with("[") ||
                                                          s.starts_with("\xEF\xBB\xBF{") || s.starts_with("\xEF\xBB\xBF["))) {
      if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
      json_continues_ = true;
      return true;
    }
    failure_ = error_at(more.error().diagnostics.front().line, more.error().diagnostics.front().message);
    return false;
  }
  if (!*more) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // a UTF-8 byte order mark
  return true;
}

void PuzzleReader::set_variant(Variant variant) {
  latin_ = variant_def(variant).latin;
  latin_name_ = std::string(variant_name(variant));
}

PuzzleItem PuzzleReader::cells(int line, std::string_view text, std::string_view latin) const {
  if (!latin.empty()) {  // a Latin square: n*n cells, 4 <= n <= 9, no boxes
    std::size_t n = 1;
    while (n * n < text.size()) ++n;
    if (n * n != text.size() || !is_latin_side(n))
      return bad(line, std::to_string(text.size()) + " cells: a " + std::string(latin) +
                           " line is 16, 25, 36, 49, 64 or 81 cells (4x4 to 9x9)");
    auto grid = parse_line(normalized(text), Shape{1, static_cast<int>(n)});
    if (!grid) return bad(line, grid.error().diagnostics.front().message);
    return {line, std::move(*grid)};
  }
  auto grid = parse_line(normalized(text));
  if (!grid) return bad(line, grid.error().diagnostics.front().message);
  return {line, std::move(*grid)};
}

PuzzleItem PuzzleReader::with_data(PuzzleItem item, std::string_view key, std::string_view token) const {
  if (!item.grid) return item;
  if (Status st = codec::put_token(*item.grid, key, token); !st) return bad(item.line, st.error().diagnostics.front().message);
  return item;
}

std::optional<PuzzleItem> PuzzleReader::from_csv(std::string_view s) {
  const auto fields = csv_fields(s);
  if (csv_column_ < 0) {
    for (std::size_t i = 0; i < fields.size() && csv_column_ < 0; ++i)
      if (is_puzzle_header(fields[i])) csv_column_ = static_cast<int>(i);
    if (csv_column_ >= 0) {  // the header line
      csv_data_.clear();
      for (std::string_view key : codec::data_keys())
        for (std::size_t i = 0; i < fields.size(); ++i)
          if (lower(fields[i]) == key) csv_data_.push_back({key, static_cast<int>(i)});
      return std::nullopt;
    }
    for (std::size_t i = 0; i < fields.size() && csv_column_ < 0; ++i)
      if (is_puzzle_size(fields[i].size(), latin_) && all_cells(fields[i])) csv_column_ = static_cast<int>(i);
    if (csv_column_ < 0)
      return bad(line_no_, "CSV with no puzzle field and no header naming one (puzzle, quizzes or givens): " + excerpt(s));
  }
  const auto c = static_cast<std::size_t>(csv_column_);
  if (c >= fields.size() || fields[c].empty())
    return bad(line_no_, "no puzzle in CSV column " + std::to_string(c + 1) + ": " + excerpt(s));
  // Every data column with a value (a combination's two: jigsaw+killer gives regions and cages).
  PuzzleItem item = cells(line_no_, fields[c]);
  if (latin_only_side(fields[c].size()) && all_cells(fields[c]))
    for (const auto& [key, column] : csv_data_)  // a 5x5 or 7x7 kenken puzzle: its cages make it one
      if (static_cast<std::size_t>(column) < fields.size() && looks_like_kenken(fields[static_cast<std::size_t>(column)]))
        item = cells(line_no_, fields[c], "kenken");
  for (const auto& [key, column] : csv_data_)
    if (item.grid && static_cast<std::size_t>(column) < fields.size() && !fields[static_cast<std::size_t>(column)].empty())
      item = with_data(std::move(item), key, fields[static_cast<std::size_t>(column)]);
  return item;
}

std::optional<PuzzleItem> PuzzleReader::next() {
  if (json_read_) {
    if (json_next_ >= json_items_.size()) return std::nullopt;
    return std::move(json_items_[json_next_++]);
  }
  std::string line, grid;  // grid: the cells of the rows read so far
  std::size_t width = 0;   // the row length of the grid being read (0: none)
  int rows = 0, start = 0;
  bool solution = false;   // the grid being read follows "# solution": read, not returned
  while (read_line(line)) {
    const std::string_view s = trim(line);
    if (width > 0) {  // inside a grid: rows up to `width`, separators and comments skipped
      const bool fits = !s.empty() && (s.front() == '#' || is_rule(s) || (all_cells(row_cells(s)) && row_cells(s).size() == width));
      if (rows == 1 && !fits) {
        // One short line alone is not a grid: say what it is, and read this line afresh.
        pending_ = line;
        return bad(start, not_a_line(grid.size()));
      }
      if (s.empty()) {
        return bad(start, "a grid of " + std::to_string(width) + " columns ended after " + std::to_string(rows) +
                              " rows (line " + std::to_string(line_no_) + " is blank)");
      }
      if (s.front() == '#' || (is_rule(s) && !rule_is_row(s, width))) continue;
      const std::string row = row_cells(s);
      if (!all_cells(row) || row.size() != width)
        return bad(line_no_, "row " + std::to_string(rows + 1) + " of the grid from line " + std::to_string(start) +
                                 " should have " + std::to_string(width) + " cells: " + excerpt(s));
      grid += row;
      if (++rows < static_cast<int>(width)) continue;
      if (!solution) {
        PuzzleItem item = cells(start, grid);
        if (grid_data_.empty()) return item;
        const Comment data = std::exchange(grid_data_, Comment());
        return with_data(std::move(item), data.key, data.token);
      }
      width = 0;
      grid.clear();
      continue;
    }
    if (s.empty() || is_section(s)) continue;
    // A samurai line that wrongly starts with '#' is a bad samurai line, not a comment.
    if (s.front() == '#' && s.size() > 21 && s.find_first_not_of('#') != std::string_view::npos &&
        std::all_of(s.begin(), s.end(), [](char c) { return c == '#' || is_cell_char(c); }))
      return cells(line_no_, s);
    if (s.front() == '#') {
      next_is_solution_ = s == "# solution";
      // "# KEY TOKEN" (generate --format grid): the next grid's data.
      for (std::string_view key : codec::data_keys())
        if (s.substr(1).starts_with(" " + std::string(key) + " ") && !trim(s.substr(key.size() + 3)).empty())
          grid_data_ = {key, std::string(trim(s.substr(key.size() + 3)))};
      continue;
    }
    solution = std::exchange(next_is_solution_, false);
    if (line_no_ == 1 && (s.starts_with("\xFF\xFE") || s.starts_with("\xFE\xFF")))
      return bad(line_no_, "UTF-16 text; puzzle input is ASCII or UTF-8 (save the file as UTF-8)");
    if (!seen_content_ && (s.front() == '{' || s.front() == '[')) return read_json(line);
    seen_content_ = true;
    const std::string_view token = first_token(s);
    // A samurai line: its board row by row, '#' off the board (parse_line checks the rest).
    if (token.size() > 21 && token.find('#') != std::string_view::npos && token.find(',') == std::string_view::npos)
      return cells(line_no_, token);
    // "# regions" belongs to the grid right after it: any other puzzle form drops it.
    if (!(all_cells(row_cells(s)) && is_side(row_cells(s).size(), latin_) && !is_line_token(token, latin_))) grid_data_ = Comment();
    // One puzzle a line (anything after the first blank ignored).
    if (token.find(',') == std::string_view::npos && is_line_token(token, latin_) &&
        (all_cells(token) || s.find('|') == std::string_view::npos)) {
      // The tokens after the puzzle that are its data: one, or a combination's two (jigsaw+killer:
      // 'PUZZLE REGIONS CAGES'), each told by its content.
      auto key_of = [&](std::string_view t) -> std::string_view {
        if (t.size() == token.size() && is_region_token(t)) return "regions";
        if (looks_like_kenken(t)) return "cages";
        if (is_cages_token(t) || looks_like_cages(t)) return "cages";
        if (looks_like_parity(t, token.size())) return "parity";
        if (looks_like_thermos(t)) return "thermos";
        if (looks_like_arrows(t)) return "arrows";
        if (looks_like_signs(t)) return "inequalities";
        if (looks_like_dots(t)) return "dots";
        if (looks_like_sandwich(t)) return "sandwich";
        // Meant as a region map but not one (a wrong length, a '0'): an error, never dropped (the
        // line would be solved as classic).
        if (looks_like_regions(t, token.size())) return "regions";
        return {};
      };
      PuzzleItem item = cells(line_no_, token);
      std::string_view rest = trim(s.substr(token.size()));
      for (int k = 0; k < 2 && item.grid; ++k) {
        const std::string_view t = first_token(rest);
        const std::string_view key = key_of(t);
        if (key.empty()) break;
        item = with_data(std::move(item), key, t);
        rest = trim(rest.substr(t.size()));
      }
      return item;
    }
    // A 5x5 or 7x7 Latin square's line: only with its kenken cages ('PUZZLE CAGES').
    if (latin_only_side(token.size()) && all_cells(token) && looks_like_kenken(first_token(trim(s.substr(token.size())))))
      return with_data(cells(line_no_, token, "kenken"), "cages", first_token(trim(s.substr(token.size()))));
    if (s.find(',') != std::string_view::npos) {
      if (auto item = from_csv(s)) return item;
      continue;
    }
    if (is_rule(s) && !rule_is_row(s, 0, latin_)) continue;
    // The first row of a grid.
    if (const std::string row = row_cells(s); all_cells(row) && is_side(row.size(), latin_)) {
      grid = row;
      width = row.size();
      rows = 1;
      start = line_no_;
      continue;
    }
    if (is_solo_id(s))
      return bad(line_no_, "a game ID of Simon Tatham's Solo (" + excerpt(s) +
                               "), not a puzzle: give the grid instead (in Solo: Game > Copy)");
    if (all_cells(token) && token.size() > 16) return cells(line_no_, token);  // "80 cells, expected 81"
    return bad(line_no_, "not a puzzle: " + excerpt(s) + " (" + std::to_string(s.size()) +
                             " characters) is neither a puzzle line (16, 36, 64, 81, 144 or 256 cells), a grid row "
                             "(4 to 16 cells) nor CSV with a puzzle column");
  }
  if (width > 0 && !failed() && rows == 1) return bad(start, not_a_line(grid.size()));
  if (width > 0 && !failed())
    return bad(start, "the input ended inside a grid of " + std::to_string(width) + " columns, after " +
                          std::to_string(rows) + " rows");
  return std::nullopt;
}

std::optional<PuzzleItem> PuzzleReader::read_json(const std::string& first_line) {
  json_read_ = true;
  const int start = line_no_;
  // The first line ends with its newline, unless read_line stopped inside it (a long line).
  std::string text = first_line + (std::exchange(json_continues_, false) ? "" : "\n");
  std::vector<char> buf(std::size_t{1} << 16);
  try {
    errno = 0;
    for (std::streamsize got; (got = in_.rdbuf()->sgetn(buf.data(), static_cast<std::streamsize>(buf.size()))) > 0;) {
      if (text.size() + static_cast<std::size_t>(got) > kMaxJson) {
        failure_ = error_at(start, "JSON input larger than " + std::to_string(kMaxJson >> 20) + " MiB");
        return std::nullopt;
      }
      text.append(buf.data(), static_cast<std::size_t>(got));
    }
    if (stdin_read_failed(in_)) {
      failure_ = error_at(start, read_error_text(errno));
      return std::nullopt;
    }
  } catch (const std::ios_base::failure& e) {
    failure_ = error_at(start, read_error_text(e.code().value() != 0 ? e.code().value() : errno));
    return std::nullopt;
  }
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) {
    json_items_.push_back(bad(start, "not valid JSON (input starting with '" + std::string(1, first_line.front()) +
                                         "' is read as JSON, as generate --format json writes it)"));
    return next();
  }
  const nlohmann::json* list = &doc;
  if (doc.is_object()) {
    const auto it = doc.find("puzzles");
    list = it == doc.end() ? nullptr : &*it;
  }
  if (!list || !list->is_array()) {
    json_items_.push_back(bad(start, "JSON without a \"puzzles\" list"));
    return next();
  }
  std::size_t from = 0;  // where the search for the next puzzle's line starts
  for (std::size_t i = 0; i < list->size(); ++i) {
    const nlohmann::json& e = (*list)[i];
    const nlohmann::json* p = e.is_object() && e.contains("puzzle") ? &e["puzzle"] : &e;
    if (!p->is_string()) {
      json_items_.push_back(bad(start, "puzzles[" + std::to_string(i) + "]: no puzzle string"));
      continue;
    }
    const std::string cells_text = p->get<std::string>();
    int line = start;  // the line of the puzzle's text, when it is found
    if (const auto at = text.find("\"" + cells_text + "\"", from); at != std::string::npos) {
      line = start + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
      from = at;
    }
    // An entry naming a Latin variant ("variant": "futoshiki" or "kenken") is a Latin square whatever --variant said.
    std::string_view latin = latin_ ? std::string_view(latin_name_) : std::string_view();
    if (e.is_object() && e.contains("variant") && e["variant"].is_string())
      if (const VariantDef* d = find_variant_def(e["variant"].get<std::string>())) latin = d->latin ? d->name : "";
    PuzzleItem item = cells(line, cells_text, latin);
    const std::string at = "puzzles[" + std::to_string(i) + "]: ";
    // The entry's own data (its first key, rules before regions) or the variant that needs some.
    std::string_view key;
    bool missing = false;
    if (e.is_object())
      for (auto k = codec::data_keys().rbegin(); k != codec::data_keys().rend() && key.empty(); ++k) {
        if (e.contains(*k)) key = *k;
        else if (item.grid && e.contains("variant") && e["variant"] == std::string(variant_name(codec::variant_of_key(*k))))
          key = *k, missing = true;
      }
    // A combination ("variant": "killer+x", "jigsaw+killer"): its parts' fields, all of them.
    const VariantDef* combination = nullptr;
    if (item.grid && e.is_object() && e.contains("variant") && e["variant"].is_string())
      if (const VariantDef* d = find_variant_def(e["variant"].get<std::string>()); d && d->combination()) combination = d;
    if (combination) {
      std::vector<codec::Field> fields;
      std::string why;
      const std::vector<std::string_view> keys = codec::keys_of(combination->variant);
      for (std::string_view k : codec::data_keys()) {
        const bool needed = std::find(keys.begin(), keys.end(), k) != keys.end();
        if (!e.contains(std::string(k))) {
          if (needed && why.empty()) why = "a " + std::string(combination->name) + " puzzle without its \"" + std::string(k) + "\"";
          continue;
        }
        if (!needed) {
          if (why.empty()) why = "\"" + std::string(k) + "\" belong to a " + std::string(variant_name(codec::variant_of_key(k))) +
                                 " puzzle, not to variant \"" + std::string(combination->name) + "\"";
          continue;
        }
        auto token = codec::token_from_json(k, e[std::string(k)]);
        if (!token) {
          if (why.empty()) why = token.error().diagnostics.front().message;
          continue;
        }
        fields.push_back({k, *token});
      }
      if (why.empty()) {
        auto board = codec::board_from_fields(item.grid->shape, combination->variant, fields);
        if (board)
          item.grid->board = *board;
        else
          why = board.error().diagnostics.front().message;
      }
      if (!why.empty()) item = bad(line, at + why);
    } else if (e.is_object() && e.contains("variant") && !e["variant"].is_string()) {
      // Never dropped: the puzzle would be solved as classic.
      item = bad(line, at + "\"variant\" is not a name (classic, x, hyper, jigsaw, samurai or killer): " +
                           e["variant"].dump().substr(0, 40));
    } else if (missing) {
      item = bad(line, at + article(codec::variant_of_key(key)) + " puzzle without its \"" +
                           std::string(key) + "\"");
    } else if (!key.empty()) {
      const std::string k(key);
      auto token = codec::token_from_json(key, e[k], &e);
      item = token ? with_data(std::move(item), key, *token) : bad(line, at + token.error().diagnostics.front().message);
      const std::string owner(variant_name(item.grid ? item.grid->variant() : codec::variant_of_key(key)));
      if (item.grid && e.contains("variant") && e["variant"] != owner)
        item = bad(line, at + "\"" + k + "\" belong to a " + owner + " puzzle, not to variant " + e["variant"].dump());
    } else if (item.grid && e.is_object() && e.contains("variant") &&
               (item.grid->variant() == Variant::kSamurai) != (e["variant"] == "samurai")) {
      item = bad(line, "puzzles[" + std::to_string(i) + "]: " +
                           (item.grid->variant() == Variant::kSamurai
                                ? std::string("a samurai board (441 characters with '#') needs \"variant\": \"samurai\"")
                                : std::string("\"variant\": \"samurai\" needs the 441-character board ('#' off the board)")));
    } else if (item.grid && e.is_object() && e.contains("variant") && e["variant"].is_string()) {
      auto variant = parse_variant(e["variant"].get<std::string>());
      auto board = variant ? variant_board(item.grid->shape, *variant) : Result<std::shared_ptr<const Board>>(variant.error());
      if (board)
        item.grid->board = (*board)->classic() ? nullptr : *board;
      else
        item = bad(line, board.error().diagnostics.front().message);
    }
    json_items_.push_back(std::move(item));
  }
  return next();
}

}  // namespace gp::input
