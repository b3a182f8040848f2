// Reading puzzles that were published or generated elsewhere, for `catalogue import`, `catalogue
// check`, the `exclude` lists of specs and generate --exclude: the one reader of manifests.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "core/result.hpp"

namespace gp::catalogue {

// The largest manifest read (256 MiB, some 600,000 puzzles). Like a spec, it must be a regular
// file (a folder, FIFO or device is refused without blocking).
inline constexpr std::size_t kMaxManifestBytes = std::size_t{256} << 20;

// What a source file is.
enum class SourceKind {
  manifest,   // NAME.json / NAME.csv written by gridpress book (a book or newspaper run)
  generated,  // gridpress generate --format json
  puzzles,    // any puzzle file the puzzle reader knows (lines, grids, CSV with a puzzle column)
  catalogue,  // another catalogue (an SQLite file)
};

struct Source {
  SourceKind kind = SourceKind::puzzles;
  std::string title;           // the manifest's title, if any
  std::vector<Entry> entries;  // every puzzle, each with its canonical form
};

// Reads `path`: a catalogue (by its SQLite header), a .json file (a manifest with a "puzzles"
// list of objects with "givens" or "canonical", or generate's JSON), a .csv file with a "givens"
// or "canonical" column (a manifest), or any other puzzle file (input/puzzle_reader.hpp). Entries
// keep what the file says (title, section, number, date, file, seed, rating, label, solution) and
// always have a canonical form (computed from the givens when the file has none; variants from
// the "variant" field). Errors name the file and the place: "PATH: puzzles[3]: no \"canonical\"
// or \"givens\"", "PATH: line 7: ...", "PATH: not a gridpress manifest (no \"puzzles\" list)".
Result<Source> read_source(const std::string& path);

}  // namespace gp::catalogue
