// The worked examples of the techniques page (`front_matter.techniques`): the book's puzzles are
// graded step by step, and for each technique they need a real step of one of them becomes a
// diagram (layout/techniques.hpp), handed to layout as plain data.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/puzzle_store.hpp"
#include "grader/state.hpp"
#include "layout/layout.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// One example: the diagram and where its step comes from.
struct TechniqueExample {
  layout::TechniqueDiagram diagram;
  int section = -1;  // the puzzle's section and index in it; -1 = the fallback puzzle (see below)
  int index = 0;
  int number = 0;    // its printed number (0 for the fallback puzzle)
  std::string technique;  // the grader's name of the step ("Pointing", "X-wing", ...)
};

// The examples, in priority order: a hidden single first, then the techniques the most sampled
// puzzles need (locked candidates, naked and hidden pairs and triples, X-wing, swordfish), a
// naked single last; at most `limit`. Puzzles are sampled across the sections (up to 24 from
// each, in book order; classic grids up to 9x9 only), each technique illustrated by its most compact
// suitable step (fewest cells drawn, then fewest rows; the first among equals). A suitable hidden
// single or naked single is one the digits already placed explain on their own. When no puzzle of the book can be drawn (every one a variant or larger than
// 9x9), a 9x9 hard puzzle generated from `seed` stands in. Deterministic.
std::vector<TechniqueExample> technique_examples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                                 const layout::BookPlan& plan, std::size_t limit = 4);

// The techniques page's diagram of one step (its state `before`, a grader state on `givens`): for
// the techniques the page draws (singles, locked candidates, pairs, triples, X-wing, swordfish) on
// a classic grid up to 9x9 without marks; none for any other step or grid. Its text explains the
// step in words.
std::optional<layout::TechniqueDiagram> step_diagram(const Grid& givens, const grader::State& before,
                                                     const grader::Step& step);

}  // namespace gp::book
