// Greater-than (and futoshiki) puzzles: signs taken from a filled grid, then givens (and, when
// asked, signs) taken away while the puzzle keeps one solution. Every draw comes from the rng, so
// (seed, attempt) rebuilds the same puzzle.
#pragma once

#include <functional>
#include <optional>

#include "core/grid.hpp"
#include "core/rng.hpp"

namespace gp::gen {

// Which signs a puzzle starts from and which parts are taken away.
struct SignPlan {
  // Signs only between neighbours of one box (published greater-than Sudoku: twelve a 3x3 box),
  // or between every two orthogonal neighbours (futoshiki).
  bool boxes_only = true;
  // Signs taken away too (after the givens, each in a random order: few givens are left, as
  // futoshiki gives), or every sign kept.
  bool dig_signs = false;
};

// A puzzle of `variant` on the filled grid `solution` (its board `base`: the classic board of
// greater-than, the Latin square of futoshiki), with its board attached:
//   1. a sign between every two neighbours `plan` names, pointing to the smaller digit, every
//      cell given;
//   2. in a random order, each given (and with plan.dig_signs then each sign, in a random order)
//      taken away when the rest still has one solution (a sign is needed exactly when the puzzle with it turned round still
//      has a solution).
// Without `cap` the result is minimal in what step 2 takes away: no given (and with dig_signs no
// sign) can go without a second solution; greater-than keeps every sign of its boxes, as published
// ones do. With `cap` (a difficulty's top rating) a part goes only when the ladder still solves the
// puzzle with no step rated above `cap` (which proves it unique: the ladder has no uniqueness
// technique), so the result is minimal among the puzzles the ladder solves within the cap.
// Nullopt when `stopped` says so.
std::optional<Grid> make_inequality_puzzle(const Grid& solution, const Board& base, Variant variant,
                                           const SignPlan& plan, Rng& rng, const std::function<bool()>& stopped,
                                           std::optional<double> cap = std::nullopt);

}  // namespace gp::gen
