// A deliberately simple solution counter for the solver tests: plain backtracking over row, column
// and box masks, branching on the empty cell with the fewest legal values. No propagation, no
// shared code with src/solver, so it serves as an independent check.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/grid.hpp"

namespace naive {

struct Counter {
  int n, br, bc, limit, count = 0;
  std::vector<std::uint32_t> row, col, box;
  std::vector<int> cells;
  gp::Grid first;

  explicit Counter(const gp::Grid& g, int lim)
      : n(g.n()), br(g.shape.box_rows), bc(g.shape.box_cols), limit(lim),
        row(static_cast<size_t>(n)), col(static_cast<size_t>(n)), box(static_cast<size_t>(n)),
        cells(g.cells.begin(), g.cells.end()) {}

  int box_of(int r, int c) const { return (r / br) * (n / bc) + c / bc; }

  bool init() {
    for (int i = 0; i < n * n; ++i) {
      const int v = cells[static_cast<size_t>(i)];
      if (!v) continue;
      if (v > n) return false;
      const std::uint32_t b = 1u << v;
      const int r = i / n, c = i % n, x = box_of(r, c);
      if ((row[r] | col[c] | box[x]) & b) return false;
      row[r] |= b, col[c] |= b, box[x] |= b;
    }
    return true;
  }

  void run() {
    if (count >= limit) return;
    int best = -1, best_count = n + 1;
    std::uint32_t best_free = 0;
    for (int i = 0; i < n * n; ++i) {
      if (cells[static_cast<size_t>(i)]) continue;
      const int r = i / n, c = i % n;
      std::uint32_t free = 0;
      int k = 0;
      for (int v = 1; v <= n; ++v)
        if (!((row[r] | col[c] | box[box_of(r, c)]) & (1u << v))) free |= 1u << v, ++k;
      if (k < best_count) best = i, best_count = k, best_free = free;
    }
    if (best < 0) {
      if (++count == 1) {
        first = gp::Grid(gp::Shape{br, bc});
        for (int i = 0; i < n * n; ++i) first.cells[static_cast<size_t>(i)] = static_cast<std::uint8_t>(cells[static_cast<size_t>(i)]);
      }
      return;
    }
    const int r = best / n, c = best % n, x = box_of(r, c);
    for (int v = 1; v <= n && count < limit; ++v) {
      const std::uint32_t b = 1u << v;
      if (!(best_free & b)) continue;
      cells[static_cast<size_t>(best)] = v;
      row[r] |= b, col[c] |= b, box[x] |= b;
      run();
      row[r] &= ~b, col[c] &= ~b, box[x] &= ~b;
      cells[static_cast<size_t>(best)] = 0;
    }
  }
};

// Number of solutions of g up to `limit`; `first` receives the first one found.
inline int count(const gp::Grid& g, int limit, gp::Grid* first = nullptr) {
  Counter k(g, limit);
  if (!k.init()) return 0;
  k.run();
  if (first && k.count) *first = k.first;
  return k.count;
}

// The rows (units 0..n-1) and columns (n..2n-1) of an n x n grid, cells row by row.
inline std::vector<std::vector<int>> line_units(int n) {
  std::vector<std::vector<int>> units;
  for (int r = 0; r < n; ++r) {
    units.emplace_back();
    for (int c = 0; c < n; ++c) units.back().push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    units.emplace_back();
    for (int r = 0; r < n; ++r) units.back().push_back(r * n + c);
  }
  return units;
}

// Plain backtracking over a list of units (any variant: the units are given, written out by the
// test from the variant's definition): the first empty cell with the fewest legal values, no
// propagation. Counts solutions up to `limit`.
struct UnitCounter {
  int n;
  std::vector<std::vector<int>> units;
  std::vector<std::vector<int>> of;  // per cell: its units
  std::vector<int> cells;
  std::vector<std::uint32_t> used;   // per unit: values placed
  int count = 0, limit = 2;

  UnitCounter(const gp::Grid& g, std::vector<std::vector<int>> u)
      : n(g.n()), units(std::move(u)), of(g.cells.size()), cells(g.cells.begin(), g.cells.end()),
        used(units.size(), 0) {
    for (size_t k = 0; k < units.size(); ++k)
      for (int c : units[k]) of[static_cast<size_t>(c)].push_back(static_cast<int>(k));
  }
  std::uint32_t taken(int c) const {
    std::uint32_t m = 0;
    for (int k : of[static_cast<size_t>(c)]) m |= used[static_cast<size_t>(k)];
    return m;
  }
  bool place(int c, int v, bool on) {
    for (int k : of[static_cast<size_t>(c)]) {
      if (on && (used[static_cast<size_t>(k)] >> v & 1)) return false;
    }
    for (int k : of[static_cast<size_t>(c)]) used[static_cast<size_t>(k)] ^= 1u << v;
    return true;
  }
  bool init() {
    for (int c = 0; c < n * n; ++c)
      if (cells[static_cast<size_t>(c)] && !place(c, cells[static_cast<size_t>(c)], true)) return false;
    return true;
  }
  void run() {
    if (count >= limit) return;
    int best = -1, best_k = n + 1;
    for (int c = 0; c < n * n; ++c) {
      if (cells[static_cast<size_t>(c)]) continue;
      int k = 0;
      for (int v = 1; v <= n; ++v) k += !(taken(c) >> v & 1);
      if (k < best_k) best = c, best_k = k;
    }
    if (best < 0) {
      ++count;
      return;
    }
    for (int v = 1; v <= n && count < limit; ++v) {
      if (taken(best) >> v & 1) continue;
      place(best, v, true);
      cells[static_cast<size_t>(best)] = v;
      run();
      cells[static_cast<size_t>(best)] = 0;
      place(best, v, false);
    }
  }
};

// Number of solutions of g's cells under `units`, up to `limit`.
inline int count_units(const gp::Grid& g, std::vector<std::vector<int>> units, int limit = 2) {
  UnitCounter k(g, std::move(units));
  k.limit = limit;
  if (!k.init()) return 0;
  k.run();
  return k.count;
}

}  // namespace naive
