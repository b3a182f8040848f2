// Jigsaw region layouts: n connected regions of n cells grown at random, and the fill of a jigsaw
// grid (a layout that admits a solution, and that solution). Nothing comes from a fixed list: every
// layout is grown from the rng, so (seed, attempt) rebuilds the same one.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// A region map for an n x n grid (per cell, row by row, a region 0..n-1 numbered in order of first
// appearance), every region n cells joined side by side. Regions are grown one at a time from the
// first free cell (in reading order), adding a random free neighbour cell until it has n; a
// region that leaves free cells in a pocket whose size is not a multiple of n is grown again, and
// after a few such failures the whole layout starts over. With `symmetric` the layout maps onto
// itself under a half turn (regions grown in pairs, cell c with cell n*n-1-c; on odd sizes the
// centre region is its own partner). Requires 2 <= n <= 16. Deterministic in the rng state.
// Bounded: after kMaxLayoutRuns layouts started over it gives up (nullopt); real sizes need a few.
inline constexpr int kMaxLayoutRuns = 10000;
std::optional<std::vector<int>> grow_regions(int n, bool symmetric, Rng& rng);

// A filled jigsaw grid (its board attached): grows layouts and fills each with the randomised
// solver under a node budget; some layouts admit no filled grid at all (or only after a long
// search), and those are dropped for a fresh layout. Gives up (nullopt) after `layouts` layouts
// (or when grow_regions gives up): each fill is a search of at most 28 * n * n nodes.
// Requires variant_size_problem(kJigsaw, shape) to be empty. Deterministic in the rng state.
std::optional<Grid> fill_jigsaw(Shape shape, bool symmetric, Rng& rng, int layouts = 64,
                               Variant variant = Variant::kJigsaw);

}  // namespace gp::gen
