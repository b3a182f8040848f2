// The hints page of a book (`answers.hints`): for each puzzle, from the grader's path, the technique
// and the place (a unit, or a cell) of its first step and of its first step beyond the singles. No
// digit is named: the hint says where to look and what to look for, the reader still finds it.
#pragma once

#include <functional>
#include <vector>

#include "core/puzzle.hpp"
#include "core/puzzle_store.hpp"
#include "layout/layout.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// One puzzle's hint, e.g. full "Hidden single in box 3, then pointing in box 4 and row 2." and brief
// "Hidden single, box 3; then pointing, box 4, row 2.". A puzzle the singles solve says so ("...;
// singles alone solve it."); one whose first step is beyond the singles says that ("Pointing in box
// 4 and row 2 (no single comes first)."); a path the grader could not finish gives what it has.
layout::PuzzleHint puzzle_hint(const Grid& givens);

// The hints of every puzzle, per section and puzzle (blank sections: none), graded on `jobs`
// threads; `progress(done, total)` after each. Deterministic (each hint depends on its puzzle only).
std::vector<std::vector<layout::PuzzleHint>> puzzle_hints(const spec::BookSpec& spec,
                                                          const std::vector<PuzzleStore>& puzzles, int jobs,
                                                          const std::function<void(long, long)>& progress = {});

}  // namespace gp::book
