// Chain techniques of the grader, rated the way Sudoku Explainer 1.2.1 (SE) rates them.
//
// Every function follows the technique contract of grader/state.hpp: it looks for ONE step, never
// modifies the state, fills `out` (technique name, SE rating, eliminations/placements, a
// description of the chain) and returns true; false when nothing applies. Each returns the EASIEST
// step it can find (lowest rating, then shortest chain, then first in scan order: cells row by
// row, values ascending), because SE applies the easiest hint of a chaining producer.
// All work for every shape (4x4..16x16); work buffers are thread_local and reused, so there is no
// heap allocation per call once a thread has warmed up (besides growing `out`).
//
// Where the ladder calls them (SE 1.2.1 order), after BUG (5.6+):
//   (6.2       find_aligned_pair_exclusion, techniques.hpp)
//   6.5 .. 7.x find_chains                  (cycles, X-chains, XY-chains, forcing chains)
//   (7.5       find_aligned_triplet_exclusion, techniques.hpp)
//   7.5 .. 8.x find_nishio
//   8.0 .. 8.x find_multiple_chains         (cell and region forcing chains)
//   8.5 .. 9.x find_dynamic_chains
//   9.0 .. 9.x find_dynamic_chains_plus
//   9.5 ..     find_nested_chains           (last resort: never fails on a solvable state)
// Like SE, the ladder takes the first of these that finds a step, even when that step is rated
// above the base rating of the next function (e.g. a 7.6 forcing chain is taken before Nishio).
//
// Length rule (SE's ChainingHint.getLengthDifficulty): a chain's "complexity" is the number of
// distinct candidates ("potentials", on or off) in its implication graph, summed over the chains
// of a multiple/binary hint. With L = complexity - 2, the rating is base + 0.1 for each ceiling
// in 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, ... (alternately x3/2 and x4/3) that L exceeds.
#pragma once

#include "grader/state.hpp"

namespace gp::grader {

// SE's length increment for a chain of the given complexity, in tenths (0 for complexity <= 6,
// 1 for 7..8, 2 for 9..10, 3 for 11..14, 4 for 15..18, ...).
int chain_length_tenths(int complexity);

// SE's "forcing chains and cycles" producer (static implications only):
//   "Bidirectional X-Cycle"  6.5 + length   single digit, alternating conjugate/weak links
//                                            ("Generalized X-Wing" when 4 cells)
//   "Bidirectional Y-Cycle"  6.5 + length   loop of bivalue cells (XY-cycle)
//   "Bidirectional Cycle"    7.0 + length   loop mixing both kinds of strong link (AIC loop)
//   "Forcing X-Chain"        6.6 + length   single-digit chain from a candidate to its negation
//                                            ("Turbot Fish" for the 6-candidate case: skyscraper,
//                                            2-string kite)
//   "Forcing Chain"          7.0 + length   alternating inference chain using both bivalue cells
//                                            and conjugate pairs; XY-chains are rated here, as SE
//                                            does (an XY-wing-sized XY-chain is 7.1)
// Cycles eliminate every candidate outside the loop that sees a candidate of the loop of the same
// digit in both of its two colourings; forcing chains eliminate their start candidate (or place it
// when its negation implies it).
bool find_chains(const State& s, Step& out);

// "Nishio Forcing Chains" 7.5 + length: assuming a candidate true (or false) leads, with dynamic
// single-digit implications only, to a candidate that must be both true and false.
bool find_nishio(const State& s, Step& out);

// "Cell Forcing Chains" / "Region Forcing Chains" 8.0 + length (static implications): every
// candidate of a cell with 3+ candidates (or every position of a digit in a unit) implies the
// same conclusion.
bool find_multiple_chains(const State& s, Step& out);

// "Dynamic ..." forcing chains 8.5 + length: contradiction, double (candidate on and off imply the
// same), cell and region forcing chains, with implications evaluated on the grid as it is reduced
// along the chain.
bool find_dynamic_chains(const State& s, Step& out);

// "Dynamic Forcing Chains (+)" 9.0 + length: dynamic chains whose implications also use locked
// candidates, naked/hidden pairs and X-wings on the reduced grid.
bool find_dynamic_chains_plus(const State& s, Step& out);

// Nested forcing chains, SE level 2 ("Dynamic ... Forcing Chains (+ Forcing Chains)", 9.5 + length):
// dynamic chains whose implications may also use one forcing chain / cycle step found on the
// reduced grid (at most 60 such inner searches per call; the inner step's own chain is not added
// to the complexity, so ratings can be a little lower than SE's). SE's levels 3..5 are not
// searched. The last resort of the ladder: on a state that still has a solution it always returns
// a step; when level 2 finds nothing it proves an elimination by exhaustive search (the solver
// finds no solution with the candidate placed): "Nested Forcing Chains (exhaustive)", rated 11.5.
bool find_nested_chains(const State& s, Step& out);

}  // namespace gp::grader
