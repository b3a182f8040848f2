// `gridpress book SPEC.yaml` on a spec with `newspaper:` enabled: a run of dated puzzles, each
// written as its own file (and its solution's) at the exact column width, in every format asked,
// plus a manifest that later runs can exclude. See docs/newspaper.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "book/outcome.hpp"
#include "catalogue/sources.hpp"
#include "core/result.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

struct NewspaperOptions {
  std::string format;               // --format: write only this format (empty = newspaper.formats)
  int jobs = 0;                     // days generated at once; 0 = one per core (output is the same)
  std::optional<std::int64_t> start_number;  // --start-number (1 .. kMaxPuzzleNumber): overrides newspaper.start_number
  bool force = false;               // --force: never replaces a published puzzle's file (see below)
  // --replace-published: with a catalogue, replace files it lists as published (each is named in
  // the run's warnings); without it such a run is refused, --force or not.
  bool replace_published = false;
  // A day that runs out of its budget ends the run there instead of failing it: the days before it
  // are written (a warning names the day and where the next run starts), the later ones are not.
  bool keep_partial = false;
};

// What a newspaper run wrote.
struct NewspaperRun {
  Outcome outcome = Outcome::ok;
  Error error;                       // the problems when outcome != ok, each a line as printed
  std::vector<std::string> formats;  // the extensions written ("eps", "pdf")
  size_t files = 0;                  // puzzle and solution files written
  size_t puzzles = 0;
  std::string out_dir;               // the folder written to ("." for the working directory)
  std::string manifest_path;         // NAME.json, "" when output.manifest is false
  std::vector<std::string> warnings;  // for the user, e.g. a run the catalogue repaired
  size_t recorded = 0;                // puzzles recorded in the catalogue
};

// Runs a newspaper spec (spec.output.path already holds -o): generates one puzzle per day
// (section), lays each out with layout::lay_out_single_puzzle at spec.newspaper.width, and writes,
// in the folder of output.path, for each day and format the puzzle file and the solution file
// named from newspaper.file_name / solution_file_name (+ ".ext"), then NAME.json and NAME.csv
// (NAME = output.path's stem) listing every file, date, number, label and canonical form.
//
// With newspaper.solution_runs = next_day the solution files are named with the next day's date
// and weekday; link_name / solution_link_name add a copy of each file under a fixed name, and
// feed_file_name one JSON file per day for a website (book/daily.hpp, feed_text).
//
// Guarantees: puzzle N of a run is made from mix_seed(spec.seed, N) (its printed number); then
// each stretch of consecutive days with the same request takes its puzzles in order of rating
// (book/daily.hpp, rise_by_rating), so ratings do not fall from day to day within a band. No
// puzzle's canonical form is in an `exclude` manifest or repeats within the run. Every file is rendered under a hidden temporary
// name first and all are renamed into place together at the end; on any failure the temporaries
// are removed and files of earlier runs are left untouched.
// With a catalogue (spec.catalogue): the run takes the number after the catalogue's last under
// this title when neither --start-number nor newspaper.start_number is given, and the day after
// its last day when newspaper.start_date is not given; a number already published is refused;
// no puzzle it lists is used; a day it lists is refused whatever the number; files it lists as
// published (puzzle, solution and feed files) are refused unless options.replace_published; the
// puzzles are reserved before and recorded after the commit (book/record.hpp).
// With options.keep_partial a day that runs out of its budget (and every later day) is left out
// when at least the first day was made; `spec` then comes back with only the days written.
// Never prints. Outcome: ok; failed (generation or writing failed); bad_input (a bad spec or
// option, including --start-number without newspaper:). `spec` comes back with the numbers and
// dates the run used.
NewspaperRun run_newspaper(spec::BookSpec& spec, const NewspaperOptions& options);

// The largest manifest an `exclude` entry may name (catalogue/sources.hpp).
inline constexpr std::size_t kMaxManifestBytes = catalogue::kMaxManifestBytes;

}  // namespace gp::book
