// The manifest written next to a book: NAME.json and NAME.csv, one entry per puzzle, so a
// publisher can find any puzzle, check its answer, or regenerate it from its seed. Plain data in,
// text out; the book command fills the entries from the layout plan and the generated puzzles.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"

namespace gp::render {

struct ManifestEntry {
  std::string section;       // section name
  int section_index = 0;     // 0-based
  std::string pupil;         // the child the sheet is for (worksheet.names); "" = none, not written
  std::string file;          // worksheet.split: per_child: the child's file the puzzle is in ("" = the book, not written)
  int number = 0;            // printed puzzle number
  int page = 0;              // page of the puzzle in the book
  int answer_page = 0;       // page of its answer; 0 = no answer key
  std::string answer_file;   // where the answer page is (the book, or the separate answer document)
  std::string grid;          // "9x9", "6x6 (2x3 boxes)"
  std::string givens;        // line format (core/codec.hpp)
  std::string solution;      // line format
  int clues = 0;
  std::string symmetry;
  std::string variant = "classic";  // JSON: only when not classic (classic manifests unchanged)
  // The puzzle's board (null: classic): its data besides the cells (a jigsaw's "regions", a
  // killer's "cages": [{"sum", "cells"}]) written by the board codec (codec/board_codec.hpp).
  std::shared_ptr<const Board> board;

  std::uint64_t seed = 0;    // regenerates the puzzle (with the same request)
  double rating = -1;        // SE scale; < 0 = not rated
  std::string label;         // "" when not rated
  std::string hardest;       // hardest technique; "" when not rated
};

struct ManifestInfo {
  std::string title;
  std::string book_file;          // the book's file name (relative to the manifest's folder)
  std::vector<std::string> files; // every file written (pages for svg/png/eps)
  std::uint64_t seed = 0;         // the book seed
  int pages = 0;                  // pages in the book
  std::string generator;          // "gridpress 0.1.0"
  // The CSV's columns after its own (codec::manifest_columns): none in a book of classic puzzles
  // only (it keeps the columns it always had), else variant, regions and the other data keys the
  // book's variants carry (cages with killer puzzles).
  std::vector<std::string_view> data_columns;
};

// JSON document: {"title", "book", "files", "seed", "pages", "generator", "puzzles": [...]}, each
// puzzle an object with the ManifestEntry field names; rating/label/hardest are null when not rated.
// Seeds are exact unsigned 64-bit integers (as `gridpress generate --format json` writes them).
std::string manifest_json(const ManifestInfo& info, const std::vector<ManifestEntry>& entries);

// CSV (RFC 4180: CRLF-free, fields quoted when they contain , " or a newline) with a header row:
// section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest
// (then variant and `data_columns`, the board codec's tokens, when `data_columns` is not empty);
// rating is printed with one decimal ("" when not rated).
std::string manifest_csv(const std::vector<ManifestEntry>& entries, const std::vector<std::string_view>& data_columns = {});

// Writes both files atomically: `stem` + ".json" and `stem` + ".csv".
Status write_manifest(const std::string& stem, const ManifestInfo& info,
                      const std::vector<ManifestEntry>& entries);

// The same files, streamed: entry i (0 <= i < count) is asked for when it is written, so memory does
// not grow with the book (a 10,000-puzzle manifest is several MB of text). Output is identical to
// the vector version.
using ManifestSource = std::function<ManifestEntry(int index)>;
Status write_manifest(const std::string& stem, const ManifestInfo& info, int count,
                      const ManifestSource& entry_at);

}  // namespace gp::render
