// The worked examples of the techniques page (`front_matter.techniques`): the book's puzzles are
// graded step by step, and for each technique they need a real step of one of them becomes a
// diagram (layout/techniques.hpp), handed to layout as plain data.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
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

// The examples of the techniques pages (layout::technique_page_variants: a page a variant).
// The classic page's, in priority order: a hidden single first, then the techniques the most sampled
// puzzles need (locked candidates, naked and hidden pairs and triples, X-wing, swordfish), a
// naked single last; at most `limit`. Puzzles are sampled across the sections (up to 24 from
// each, in book order; classic grids up to 9x9 only), each technique illustrated by its most compact
// suitable step (fewest cells drawn, then fewest rows; the first among equals). A suitable hidden
// single or naked single is one the digits already placed explain on their own. When no puzzle of the book can be drawn (every one a variant or larger than
// 9x9), a 9x9 hard puzzle generated from `seed` stands in.
// A variant's page (diagram.variant its name): its 6 easiest puzzles (by rating; cheap to grade)
// graded up to 6.0 (chains are not drawn, so the page's cost stays bounded), and of the steps that
// are the variant's own (a hidden single in one of its own units, a diagonal, a window or a jigsaw
// region, or one a digit a knight's move or king's step away explains; then its rules' techniques,
// by rating) the one touching the fewest cells of each technique: at most 3, drawn on the whole grid
// with the variant's marks, each explained in words and by what it does ("strike 3 and 4 from
// r1c8"). `progress(done, total)` after each puzzle graded. Deterministic.
std::vector<TechniqueExample> technique_examples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                                 const layout::BookPlan& plan, std::size_t limit = 4,
                                                 const std::function<void(long, long)>& progress = {});

// Whether a step of the grader is a single (a full house, a hidden or a naked single): the steps
// hints pass over and worked solutions list in runs.
bool is_single(const std::string& technique);

// "a", "a and b", "a, b and c": a list in words (the pages' texts).
std::string word_list(const std::vector<std::string>& items);

// The techniques pages' diagram of one step (its state `before`, a grader state on `givens`): on a
// classic grid up to 9x9, for the techniques the classic page draws (singles, locked candidates,
// pairs, triples, X-wing, swordfish); on a variant's grid up to 9x9, for the steps its page draws
// (a single in its own units or by a move, its rules' techniques), on the whole grid with its
// marks; none for any other step or grid. Its text explains the step in words.
std::optional<layout::TechniqueDiagram> step_diagram(const Grid& givens, const grader::State& before,
                                                     const grader::Step& step);

}  // namespace gp::book
