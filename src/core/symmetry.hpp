// Clue-pattern symmetries: which cells must be given together so that the pattern of givens is
// symmetric. Pure geometry on the n x n cell array; works for every shape. The one home of these
// rules: the spec loader checks a section's clues with them, the generator digs with them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"

namespace gp {

enum class Symmetry { kNone, kRotate180, kRotate90, kMirror, kFlip, kDiagonal, kAntidiagonal, kDihedral };

// "none", "rotate180", "rotate90", "mirror" (left-right), "flip" (top-bottom), "diagonal" (main
// diagonal, top-left to bottom-right), "antidiagonal", "dihedral" (all eight).
std::string_view symmetry_name(Symmetry s);
// Parses a name above. Error: "unknown symmetry 'x': expected none, rotate180, rotate90, mirror,
// flip, diagonal, antidiagonal or dihedral".
Result<Symmetry> parse_symmetry(std::string_view name);
// Every symmetry, in the order listed above.
const std::vector<Symmetry>& all_symmetries();

// The cells of `shape` partitioned into classes (orbits) that the symmetry maps onto each other.
// Guarantees: every cell is in exactly one class; each class is sorted ascending; classes are ordered
// by their smallest cell. With kNone every class has one cell.
std::vector<std::vector<int>> symmetry_classes(Shape shape, Symmetry s);
// The same for the cells of `board`; on a multi-grid board (samurai) the symmetry acts on its
// square layout (which it maps onto itself), classes ordered by their smallest cell.
std::vector<std::vector<int>> board_symmetry_classes(const Board& board, Symmetry s);

// True if the givens of `g` (which cells are filled, not their values) are invariant under `s`.
bool is_symmetric(const Grid& g, Symmetry s);

// Which clue counts 0..cells a symmetric pattern can have: result[k] is true if some union of classes
// has exactly k cells (e.g. rotate180 on an even size: even counts only).
std::vector<bool> reachable_counts(Shape shape, Symmetry s);
std::vector<bool> board_reachable_counts(const Board& board, Symmetry s);

}  // namespace gp
