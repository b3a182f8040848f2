// The basic techniques of the ladder (singles .. quads, wings, uniqueness), each following the
// technique contract in state.hpp. Ratings are Sudoku Explainer 1.2.1's. Chains live in chains.hpp.
#pragma once

#include "grader/state.hpp"

namespace gp::grader {

// 1.0 "Full house": the last empty cell of a unit (SE's "last value in region").
bool find_full_house(const State& s, Step& out);
// 1.2 "Hidden single" in a box (boxes scanned first, as SE does).
bool find_hidden_single_box(const State& s, Step& out);
// 1.5 "Hidden single" in a row or column.
bool find_hidden_single_line(const State& s, Step& out);
// 1.7 "Direct pointing": a box's candidates for v lie in one line; removing v from the rest of the
// line leaves a hidden single for v in some unit. The step places that single.
bool find_direct_pointing(const State& s, Step& out);
// 1.9 "Direct claiming": a line's candidates for v lie in one box; removing v from the rest of the
// box leaves a hidden single for v. The step places that single.
bool find_direct_claiming(const State& s, Step& out);
// 2.0 / 2.5 "Direct hidden pair/triple": a hidden subset in a unit whose cells, once cleared of
// other values, leave a hidden single for another value in that unit. The step places that single.
bool find_direct_hidden_pair(const State& s, Step& out);
bool find_direct_hidden_triple(const State& s, Step& out);
// 2.3 "Naked single": a cell with one candidate.
bool find_naked_single(const State& s, Step& out);
// 2.6 "Pointing", 2.8 "Claiming" (locked candidates).
bool find_pointing(const State& s, Step& out);
bool find_claiming(const State& s, Step& out);
// Naked subsets: pair 3.0, triple 3.6, quad 5.0.
bool find_naked_pair(const State& s, Step& out);
bool find_naked_triple(const State& s, Step& out);
bool find_naked_quad(const State& s, Step& out);
// Hidden subsets: pair 3.4, triple 4.0, quad 5.4.
bool find_hidden_pair(const State& s, Step& out);
bool find_hidden_triple(const State& s, Step& out);
bool find_hidden_quad(const State& s, Step& out);
// Basic fish: X-wing 3.2, swordfish 3.8, jellyfish 5.2 (rows as base, then columns).
bool find_x_wing(const State& s, Step& out);
bool find_swordfish(const State& s, Step& out);
bool find_jellyfish(const State& s, Step& out);
// 4.2 "XY-wing", 4.4 "XYZ-wing".
bool find_xy_wing(const State& s, Step& out);
bool find_xyz_wing(const State& s, Step& out);
// Uniqueness (assumes one solution): unique rectangles and loops types 1-4, 4.5-4.8+ (SE's
// "Unique loop" rule), and the bivalue universal grave types 1-4 (5.6+).
bool find_unique_rectangle(const State& s, Step& out);
bool find_bug(const State& s, Step& out);

// Aligned exclusion as SE does it. Base cells: empty cells with 2+ candidates having a peer with
// 2..k candidates (an "excluder"); nothing is found while a naked single is pending. For k base
// cells (pairs: any two; triplets: the third is an excluder of one of the first two) with at least
// two common excluders, a combination of one candidate per base cell is impossible if two base
// cells that see each other get the same value, or if it covers every candidate of a common
// excluder. Candidates in no possible combination are eliminated.
// "Aligned Pair Exclusion" 6.2 (k = 2, excluders are bivalue cells);
// "Aligned Triplet Exclusion" 7.5 (k = 3, excluders have 2 or 3 candidates).
bool find_aligned_pair_exclusion(const State& s, Step& out);
bool find_aligned_triplet_exclusion(const State& s, Step& out);

}  // namespace gp::grader
