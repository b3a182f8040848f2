// The book's cover, as the pipeline makes it (book/run.hpp, stage 4): which puzzle the front shows
// (cover.sample, or a representative one), and the cover's preflight on the PDF just drawn.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "layout/cover.hpp"
#include "layout/layout.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// A puzzle of the book: its section and its index in the section.
struct PuzzleAt {
  int section = 0, index = 0;
};

// The puzzle the front cover shows, from the plan (before any puzzle is made):
// - cover.sample: N > 0: the puzzle numbered N in the book (its printed {number}; the first one
//   when a class list repeats the numbers);
// - otherwise a representative puzzle of the book's main variant: the main variant is the one
//   with the most puzzles (at a tie, the one whose first section comes first), and of its
//   puzzles, in book order, the middle one (the ((k + 1) / 2)-th of k). Books rise in
//   difficulty, so it is neither the warm-up nor the hardest; it depends on the plan alone (not
//   on grades, threads or the manifest), so the same spec gives the same cover.
// Practice grids (blank sections) are never shown; nullopt when the book has no other puzzle.
// Errors (at cover.sample): no puzzle has that number, or it is a practice grid.
Result<std::optional<PuzzleAt>> cover_sample(const spec::BookSpec& spec, const layout::BookPlan& plan);

// The KDP cover preflight (book::kdp_cover_rules) of the cover PDF at `path`, drawn for a book of
// `book_pages` pages with the spec's trim and paper: the findings' messages, "" = passed.
// Errors: the file cannot be read.
Result<std::vector<std::string>> check_cover_file(const std::string& path, const spec::BookSpec& spec, int book_pages,
                                                  layout::Paper paper);

}  // namespace gp::book
