#include "core/codec.hpp"

#include <algorithm>
#include <cstdlib>

namespace gp {

char value_char(int v) {
  if (v <= 0) return '.';
  if (v <= 9) return static_cast<char>('0' + v);
  return static_cast<char>('A' + v - 10);
}

int char_value(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'G') return c - 'A' + 10;
  if (c >= 'a' && c <= 'g') return c - 'a' + 10;
  return -1;
}

std::string format_regions(const std::vector<int>& region) {
  std::string out;
  out.reserve(region.size());
  for (int r : region) out += value_char(r + 1);
  return out;
}

Result<std::vector<int>> parse_regions(std::string_view text, int n) {
  if (static_cast<int>(text.size()) != n * n)
    return Error("regions: " + std::to_string(text.size()) + " characters, expected " + std::to_string(n * n));
  std::vector<int> out(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const int v = text[i] == '0' || text[i] == '.' ? -1 : char_value(text[i]);
    if (v < 0)
      return Error(std::string("regions: bad character '") + text[i] + "' at column " + std::to_string(i + 1) +
                   " (regions are named 1-9, then A-G)");
    if (v > n)
      return Error("regions: region " + std::to_string(v) + " at column " + std::to_string(i + 1) + " on a " +
                   std::to_string(n) + "x" + std::to_string(n) + " grid (regions are 1-" + std::string(1, value_char(n)) + ")");
    out[i] = v - 1;
  }
  return out;
}

std::string format_cages(const std::vector<Cage>& cages) {
  std::string out;
  for (size_t i = 0; i < cages.size(); ++i) {
    if (i) out += ';';
    for (size_t k = 0; k < cages[i].cells.size(); ++k) {
      if (k) out += '+';
      out += std::to_string(cages[i].cells[k]);
    }
    out += '=' + std::to_string(cages[i].sum);
  }
  return out;
}

namespace {

// A decimal number of 1 to 4 digits, or -1.
int small_number(std::string_view s) {
  if (s.empty() || s.size() > 4) return -1;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

bool is_cages_token(std::string_view text) {
  return !text.empty() && text.front() >= '0' && text.front() <= '9' && text.find('=') != std::string_view::npos;
}

Result<std::vector<Cage>> parse_cages(std::string_view text, int cells) {
  std::vector<Cage> out;
  if (text.empty()) return Error("cages: empty");
  size_t start = 0;
  for (int index = 1;; ++index) {
    const size_t end = std::min(text.find(';', start), text.size());
    const std::string_view part = text.substr(start, end - start);
    const std::string name = "cages: cage " + std::to_string(index);
    const size_t eq = part.find('=');
    if (eq == std::string_view::npos) return Error(name + " ('" + std::string(part) + "'): no '=SUM'");
    Cage cage;
    cage.sum = small_number(part.substr(eq + 1));
    if (cage.sum < 0) return Error(name + ": bad sum '" + std::string(part.substr(eq + 1)) + "'");
    const std::string_view list = part.substr(0, eq);
    size_t from = 0;
    for (;;) {
      const size_t plus = std::min(list.find('+', from), list.size());
      const std::string_view item = list.substr(from, plus - from);
      const int c = small_number(item);
      if (c < 0) return Error(name + ": bad cell number '" + std::string(item) + "'");
      if (c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + std::to_string(cells) + " cells (0-" +
                     std::to_string(cells - 1) + ")");
      cage.cells.push_back(c);
      if (plus == list.size()) break;
      from = plus + 1;
    }
    out.push_back(std::move(cage));
    if (end == text.size()) break;
    start = end + 1;
  }
  return out;
}

namespace {
constexpr int kSizes[] = {4, 6, 8, 9, 12, 16};

std::string_view trim_token(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  const auto end = s.find_first_of(" \t\r\n");
  return end == std::string_view::npos ? s : s.substr(0, end);
}
}  // namespace

namespace {

// A samurai line: the layout row by row, '#' off the board.
Result<Grid> parse_samurai(std::string_view text) {
  const auto board = samurai_board();
  const int side = board->layout_cols, len = static_cast<int>(text.size());
  if (len != board->layout_rows * side)
    return Error("samurai line: " + std::to_string(len) + " characters, expected " +
                 std::to_string(board->layout_rows * side) + " (the " + std::to_string(board->layout_rows) + "x" +
                 std::to_string(side) + " board row by row, '#' off the board)");
  Grid g(board);
  for (int i = 0; i < len; ++i) {
    const int cell = board->cell_at[static_cast<size_t>(i)];
    const std::string where = " at column " + std::to_string(i + 1) + " (row " + std::to_string(i / side + 1) +
                              ", column " + std::to_string(i % side + 1) + " of the board)";
    if (cell < 0) {
      if (text[i] != '#') return Error(std::string("samurai line: '") + text[i] + "'" + where + ", which is off the board: expected '#'");
      continue;
    }
    if (text[i] == '#') return Error("samurai line: '#'" + where + ", which is a cell of the board");
    const int v = char_value(text[i]);
    if (v < 0) return Error(std::string("bad character '") + text[i] + "'" + where);
    if (v > board->n) return Error("value " + std::string(1, text[i]) + " out of range for samurai" + where);
    g.cells[static_cast<size_t>(cell)] = static_cast<std::uint8_t>(v);
  }
  return g;
}

}  // namespace

Result<Grid> parse_line(std::string_view line, std::optional<Shape> shape) {
  const std::string_view text = trim_token(line);
  const int len = static_cast<int>(text.size());
  if (text.find('#') != std::string_view::npos) return parse_samurai(text);
  if (!shape) {
    int best = 9;
    for (int n : kSizes) {
      if (n * n == len) { best = n; break; }
      if (std::abs(n * n - len) < std::abs(best * best - len)) best = n;
    }
    shape = *standard_shape(best);
  }
  if (len != shape->cells())
    return Error(std::to_string(len) + " cells, expected " + std::to_string(shape->cells()));
  Grid g(*shape);
  for (int i = 0; i < len; ++i) {
    const int v = char_value(text[i]);
    if (v < 0) return Error(std::string("bad character '") + text[i] + "' at column " + std::to_string(i + 1));
    if (v > shape->n())
      return Error("value " + std::string(1, text[i]) + " out of range for " + std::to_string(shape->n()) + "x" +
                   std::to_string(shape->n()) + " at column " + std::to_string(i + 1));
    g.cells[i] = static_cast<std::uint8_t>(v);
  }
  return g;
}

std::string format_line(const Grid& g) {
  if (g.board && g.board->multi_grid()) {
    std::string out;
    for (int cell : g.board->cell_at) out += cell < 0 ? '#' : value_char(g.cells[static_cast<size_t>(cell)]);
    return out;
  }
  std::string out;
  out.reserve(g.cells.size());
  for (auto v : g.cells) out += value_char(v);
  return out;
}

std::string format_grid(const Grid& g) {
  if (g.board && g.board->multi_grid()) {  // the layout's rows, blank off the board
    const Board& b = *g.board;
    std::string out;
    for (int r = 0; r < b.layout_rows; ++r) {
      std::string row;
      for (int c = 0; c < b.layout_cols; ++c) {
        const int cell = b.cell_at[static_cast<size_t>(r * b.layout_cols + c)];
        if (c) row += ' ';
        row += cell < 0 ? ' ' : value_char(g.cells[static_cast<size_t>(cell)]);
      }
      out += row.substr(0, row.find_last_not_of(' ') + 1) + '\n';
    }
    return out;
  }
  const int n = g.n();
  // A Latin square (no boxes): no separators ("| " and "---" mark boxes).
  const int br = g.shape.latin() ? n : g.shape.box_rows, bc = g.shape.latin() ? n : g.shape.box_cols;
  std::string sep;
  for (int c = 0; c < n; ++c) {
    if (c && c % bc == 0) sep += "+-";
    sep += c + 1 == n || (c + 1) % bc == 0 ? "-" : "--";
    if ((c + 1) % bc == 0 && c + 1 < n) sep += "-";
  }
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r && r % br == 0) out += sep + '\n';
    for (int c = 0; c < n; ++c) {
      if (c) out += (c % bc == 0) ? " | " : " ";
      out += value_char(g.at(r, c));
    }
    out += '\n';
  }
  return out;
}

}  // namespace gp
