// The order of a book's puzzle pages (the spec's top-level `order`, docs/book.md "Mixed order"):
// the scale `order: rising` compares puzzles of every variant on.
#pragma once

#include <vector>

#include "core/puzzle_store.hpp"
#include "spec/book_spec.hpp"

namespace gp::book {

// A rating's place on the common scale of `order: rising`. Each rating scale is cut into its five
// bands, easy .. fiendish: the Sudoku Explainer scale (every variant rated on it) at its default
// cuts 1.5, 2.5, 4.0, 6.0 (top 12.0), the killer scale (variants with their own scale) at 2.2, 2.8,
// 3.4, 5.4 (floor 1.0, top 10.0). The place is the band's rank (0 = easy .. 4 = fiendish) plus how
// far into the band the rating lies (0 .. 1): a killer at the top of killer easy (2.2) is at 1.0,
// as a classic at the top of SE easy (1.5). An unrated puzzle (rating < 0) is at +infinity.
double difficulty_key(double rating, bool own_scale);

// difficulty_key of every puzzle, per section (keys[s][i] for puzzle i of section s); a practice
// (blank) section's at +infinity. What layout::plan_book takes for `order: rising`.
std::vector<std::vector<double>> difficulty_keys(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles);

}  // namespace gp::book
