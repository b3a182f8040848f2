// The grid model: sizes and box shapes, cell values, candidate bitsets and unit geometry.
// Plain data only; every other layer builds on these types.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace gp {

// Candidate set: bit (v-1) set means value v (1..n) is possible. n <= 16 fits.
using Mask = std::uint32_t;
inline constexpr int kMaxN = 16;

inline int popcount(Mask m) { return std::popcount(m); }
// Value of the lowest set bit (1-based). Requires m != 0.
inline int lowest_value(Mask m) { return std::countr_zero(m) + 1; }
inline constexpr Mask bit(int value) { return Mask{1} << (value - 1); }

// A grid's size: n = box_rows * box_cols, boxes are box_rows tall and box_cols wide.
struct Shape {
  int box_rows = 3;
  int box_cols = 3;

  constexpr int n() const { return box_rows * box_cols; }
  constexpr int cells() const { return n() * n(); }
  constexpr Mask all() const { return n() >= 32 ? ~Mask{0} : (Mask{1} << n()) - 1; }
  friend constexpr bool operator==(const Shape&, const Shape&) = default;

  // "9x9", "6x6 (2x3 boxes)".
  std::string name() const;
};

// The standard box for a size: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4, 16 -> 4x4.
// Returns an error for any other n.
Result<Shape> standard_shape(int n);

// Parses a grid size such as "9x9" or "9" with an optional box override "RxC" (rows x cols of a
// box). The box must tile the grid (box_rows * box_cols == n). Errors say what is accepted.
Result<Shape> parse_shape(std::string_view grid, std::string_view box = {});

// A puzzle or solution: n*n cells row by row, 0 = empty, otherwise 1..n.
struct Grid {
  Shape shape;
  std::vector<std::uint8_t> cells;

  Grid() : cells(81, 0) {}
  explicit Grid(Shape s) : shape(s), cells(static_cast<size_t>(s.cells()), 0) {}

  int n() const { return shape.n(); }
  int size() const { return static_cast<int>(cells.size()); }
  int at(int row, int col) const { return cells[static_cast<size_t>(row * n() + col)]; }
  void set(int row, int col, int v) { cells[static_cast<size_t>(row * n() + col)] = static_cast<std::uint8_t>(v); }
  int clue_count() const;
  bool complete() const;  // no empty cell
  friend bool operator==(const Grid&, const Grid&) = default;
};

// Unit and peer tables for one shape, computed once and shared (thread-safe, never freed).
// Units are numbered: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1.
struct Geometry {
  Shape shape;
  int n = 0;
  int cells = 0;
  std::vector<std::vector<int>> units;          // 3n units of n cells each
  std::vector<std::array<int, 3>> unit_of;      // per cell: {row unit, col unit, box unit}
  std::vector<std::vector<int>> peers;          // per cell: the distinct cells sharing a unit

  int row(int cell) const { return cell / n; }
  int col(int cell) const { return cell % n; }
  int box(int cell) const { return unit_of[static_cast<size_t>(cell)][2] - 2 * n; }
};
const Geometry& geometry(Shape shape);

// Checks the givens against the rules (each value once per row, column and box; values in
// range). Returns the first conflict as an error such as "digit 5 twice in row 2".
Status check_givens(const Grid& g);

}  // namespace gp
