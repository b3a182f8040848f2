// `gridpress book SPEC.yaml` on a spec with `newspaper:` enabled: a run of dated puzzles, each
// written as its own file (and its solution's) at the exact column width, in every format asked,
// plus a manifest that later runs can exclude. See docs/newspaper.md.
#pragma once

#include <optional>
#include <string>

#include "spec/book_spec.hpp"

namespace gp::cli {

struct NewspaperOptions {
  std::string format;               // --format: write only this format (empty = newspaper.formats)
  int jobs = 0;                     // days generated at once; 0 = one per core (output is the same)
  std::optional<int> start_number;  // --start-number: overrides newspaper.start_number
  bool quiet = false;               // no summary line
};

// Runs a newspaper spec (spec.output.path already holds -o): generates one puzzle per day
// (section), lays each out with layout::lay_out_single_puzzle at spec.newspaper.width, and writes,
// in the folder of output.path, for each day and format the puzzle file and the solution file
// named from newspaper.file_name / solution_file_name (+ ".ext"), then NAME.json and NAME.csv
// (NAME = output.path's stem) listing every file, date, number, label and canonical form.
//
// Guarantees: puzzle N of a run is made from mix_seed(spec.seed, N) (its printed number), so a
// number is the same puzzle whatever the run's length; no puzzle's canonical form is in an
// `exclude` manifest or repeats within the run. Every file is rendered under a hidden temporary
// name first and all are renamed into place together at the end; on any failure the temporaries
// are removed and files of earlier runs are left untouched.
// Prints errors (and a summary line unless quiet) and returns the exit code: 0 ok, 1 generation
// or writing failed, 2 a bad spec or command line (including --start-number without newspaper:).
int run_newspaper(spec::BookSpec& spec, const NewspaperOptions& options);

}  // namespace gp::cli
