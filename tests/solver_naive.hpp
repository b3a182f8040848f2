// A deliberately simple solution counter for the solver tests: plain backtracking over row, column
// and box masks, branching on the empty cell with the fewest legal values. No propagation, no
// shared code with src/solver, so it serves as an independent check.
#pragma once

#include <cstdint>
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

}  // namespace naive
