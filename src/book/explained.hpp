// The worked solutions of a book (`answers.explained`): for the puzzles asked for, the grader's path
// as numbered steps in words (the singles in runs), with the techniques page's diagram for its
// hardest steps.
#pragma once

#include <vector>

#include "core/puzzle_store.hpp"
#include "core/result.hpp"
#include "layout/layout.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// At most this many diagrams a solution: its hardest drawable steps (the first among equals).
inline constexpr int kWorkedDiagrams = 3;

// One puzzle's worked solution (section and index left 0).
layout::WorkedSolution worked_solution(const Grid& givens);

// The worked solutions the spec asks for, in book order: the first `answers.explained` puzzles of
// each section (practice grids have none), or the puzzles of the numbers in
// `answers.explained_numbers` (their printed numbers in `plan`). Error: a listed number no puzzle
// of the book has.
Result<std::vector<layout::WorkedSolution>> worked_solutions(const spec::BookSpec& spec,
                                                             const std::vector<PuzzleStore>& puzzles,
                                                             const layout::BookPlan& plan);

}  // namespace gp::book
