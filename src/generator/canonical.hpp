// Sudoku equivalence: the validity-preserving transforms (relabelling the digits, permuting rows
// within a band, bands, columns within a stack, stacks, and transposing when boxes are square) and
// a canonical form, so that equivalent puzzles can be recognised as one.
#pragma once

#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// One element of the Sudoku symmetry group of a shape.
// Output cell (r, c) takes the value of source cell (rows[r], cols[c]) of the (possibly transposed)
// source, relabelled: value v becomes relabel[v] (relabel[0] == 0).
struct Transform {
  bool transpose = false;  // only for square boxes (box_rows == box_cols)
  std::vector<int> rows;
  std::vector<int> cols;
  std::vector<int> relabel;
};

// The identity transform of `shape`.
Transform identity_transform(Shape shape);
// A uniformly random element of the group (every band/stack/row/column/label permutation equally
// likely; transpose with probability 1/2 when boxes are square). Deterministic in the rng state.
Transform random_transform(Shape shape, Rng& rng);
// Applies `t` to `g`. Requires t built for g.shape. Valid grids stay valid; clue count is preserved.
Grid apply_transform(const Transform& t, const Grid& g);

// The canonical form of a puzzle (or a full grid) as a line of text (core/codec.hpp format).
// Guarantees: two grids have the same canonical form if and only if one is a transform of the other.
// Definition: among all transforms, first the lexicographically smallest pattern of givens (read row
// by row, empty before filled), then among those the smallest text after relabelling the digits in
// order of first appearance. Computed by branch and bound over row orders (the best column order
// for a given row order is found by sorting), typically tens of microseconds for 9x9.
// Variants (a grid with a board): "x:" or "hyper:" and the smallest relabelled text under the
// symmetries of the square that keep their units (rotations and reflections; no transposition when
// boxes are not square), so they never equal a classic form. Jigsaw: "jigsaw:" with the digits,
// ':' and the region map (regions renumbered), the smallest under the eight symmetries of the
// square applied to both (equal forms: the same puzzle on the same regions). Killer: "killer:"
// with the digits (not relabelled: the sums fix them), ':' and the cages (core/codec.hpp
// format_cages), the smallest under the symmetries of the square that keep the boxes. Thread-safe.
std::string canonical_form(const Grid& g);

}  // namespace gp::gen
