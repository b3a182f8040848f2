// The one reader of puzzle input for every command (solve, grade, generate --exclude). It reads, in
// any mix from line to line:
//   - one puzzle a line: n*n cells row by row (the first blank-separated token; the rest of the
//     line is ignored), as `generate` writes it and qqwing --one-line; a jigsaw puzzle is
//     'PUZZLE REGIONS', the second token naming each cell's region (1-9, A-G), told from a
//     solution by two side-by-side cells of one region (cells of a solution never repeat so);
//     CSV takes a "regions" column, JSON a "regions" key, and a grid the "# regions MAP" line
//     before it (generate --format grid); a killer puzzle is 'PUZZLE CAGES', the second token its
//     cages (core/codec.hpp format_cages: "0+1=10;2+11=7;..."), CSV a "cages" column, JSON a
//     "cages" list of {"sum": S, "cells": [...]}, and a grid the "# cages CAGES" line before it;
//   - grids of n rows, with or without separators: `generate --format grid`, qqwing's default and
//     --compact output, .sdk and .ss files ('|', '+', '*' and lines of '-' or '=' are separators);
//   - CSV: the column named puzzle, puzzles, quiz, quizzes or givens in a header (generate's,
//     grade's, qqwing --csv), or without a header the first field that holds a puzzle;
//   - JSON as `generate --format json` (and grade) write it: {"puzzles": [{"puzzle": ...}]}, or a
//     list of puzzle strings or objects; read whole up to 64 MiB, minified on one line or not (the
//     other forms are read line by line, each line at most 64 KiB);
// with empty cells written as '.', '0', '*', '-', 'x', 'X' or '_'; values 1-9 then A-G (10-16).
// A UTF-8 byte order mark, blank lines, lines starting with '#' and .sdk section lines ([Puzzle])
// are skipped, and so is the grid after a "# solution" line (generate --format grid
// --with-solution). Each error names the input and line ("puzzles.txt:12: ...") and says what the
// line looked like (a Solo game ID is named as one).
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"

namespace gp::input {

struct PuzzleItem {
  int line = 0;                 // the line where the puzzle starts (1-based)
  Result<Grid> grid = Error();  // the puzzle, or why not: one Diagnostic {input name, line, message}
};

class PuzzleReader {
 public:
  // `name` is how errors name the input (a path, or "<stdin>").
  PuzzleReader(std::istream& in, std::string name);

  // The next puzzle, or nothing at the end of the input. Reads no further than the puzzle's own
  // last line (JSON excepted), so a command reading a pipe can answer each puzzle as it arrives.
  // A bad puzzle comes back as an error and reading goes on after it; input that cannot be read
  // on (a line longer than kMaxInputLine, JSON too large, a read error such as EIO or EISDIR) ends
  // the input, with failure() set ("NAME:LINE: read error (Input/output error)").
  std::optional<PuzzleItem> next();

  // Why reading stopped early (empty Error list when it did not).
  const Error& failure() const { return failure_; }
  bool failed() const { return !failure_.diagnostics.empty(); }

  // An error about item `line` (e.g. "digit 5 twice in row 2" found later): "NAME:LINE: message".
  Error error_at(int line, const std::string& message) const;

  // Puts the rules a command's --variant names on item `line`'s grid: x and hyper take their board
  // (an error for a size they cannot have); jigsaw needs the regions the line gave; a line that
  // gave regions is jigsaw whatever --variant says, and contradicting it is an error.
  void apply_variant(Result<Grid>& grid, int line, Variant variant) const;

  // The variant a command asked for (--variant), told before reading: a Latin variant's puzzles
  // (futoshiki) are read as Latin squares, Shape{1, n} of 4x4 to 9x9 (lines of 16 to 81 cells, 25
  // and 49 included; grid rows of 4 to 9 cells), so that 'PUZZLE SIGNS' is theirs. Other variants
  // read as before. A JSON entry naming a Latin variant ("variant": "futoshiki") is read so
  // whatever was told.
  void set_variant(Variant variant);

  // The largest JSON input read (JSON is read whole).
  static constexpr std::size_t kMaxJson = std::size_t{64} << 20;

 private:
  bool read_line(std::string& line);
  PuzzleItem bad(int line, const std::string& message) const { return {line, error_at(line, message)}; }
  // One puzzle's cells, row by row; as a Latin square (Shape{1, n}) of variant `latin` when given.
  PuzzleItem cells(int line, std::string_view text, std::string_view latin) const;
  PuzzleItem cells(int line, std::string_view text) const {
    return cells(line, text, latin_ ? std::string_view(latin_name_) : std::string_view());
  }
  // `item` on the board its `key` data `token` gives (codec/board_codec.hpp: a jigsaw's regions,
  // a killer's cages), or an error when the data does not fit the grid ("jigsaw regions: ...").
  PuzzleItem with_data(PuzzleItem item, std::string_view key, std::string_view token) const;
  std::optional<PuzzleItem> from_csv(std::string_view s);
  std::optional<PuzzleItem> read_json(const std::string& first_line);

  std::istream& in_;
  std::string name_;
  int line_no_ = 0;
  bool seen_content_ = false;  // a line other than blanks and comments was read
  bool next_is_solution_ = false;  // "# solution" came before the next grid: read it, skip it
  struct Comment {
    std::string_view key;  // a codec::data_keys() key; empty: none
    std::string token;
    bool empty() const { return key.empty(); }
  };
  Comment grid_data_;  // "# KEY TOKEN" (e.g. "# regions MAP") came before the next grid: its data
  std::optional<std::string> pending_;  // a line read but not used yet (read_line gives it again)
  int csv_column_ = -1;        // the puzzle column of a CSV input; -1 until a header or first row
  // The data columns a CSV header names (codec::data_keys(): regions, cages), in key order.
  std::vector<std::pair<std::string_view, int>> csv_data_;
  Error failure_;
  bool json_read_ = false;
  bool json_continues_ = false;  // read_line stopped inside a long first line of JSON: it reads on
  std::vector<PuzzleItem> json_items_;  // the puzzles of a JSON input, handed out in order
  std::size_t json_next_ = 0;
  bool latin_ = false;  // set_variant named a Latin variant
  std::string latin_name_;  // its name, for messages
};

}  // namespace gp::input
