// An independent solution counter for the rules of issue 27's anti-knight, anti-king and the
// combinations (tests only; nothing from src/): cells that must differ (every pair sharing a unit,
// the units given as cell lists, and the pairs a rule's words name), and cages (cells that differ
// and add up to a sum), counted by plain backtracking on the cell with the fewest candidates. A
// candidate must differ from the placed cells it must differ from and keep its cage's sum reachable.
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

namespace test {

struct PairCounter {
  int n = 0;
  std::vector<std::vector<int>> differ;  // per cell: the cells it must differ from
  struct Cage {
    int sum = 0;
    std::vector<int> cells;
  };
  std::vector<Cage> cages;
  std::vector<int> cage_of;  // per cell: its cage or -1

  explicit PairCounter(int size) : n(size), differ(static_cast<size_t>(size * size)), cage_of(static_cast<size_t>(size * size), -1) {}

  // Every cell of `unit` differs from every other.
  void add_unit(const std::vector<int>& unit) {
    for (int a : unit)
      for (int b : unit)
        if (a != b) differ[static_cast<size_t>(a)].push_back(b);
  }
  // Rows, columns and the boxes of br x bc (or the regions of `region`, per cell 0..n-1).
  void add_rows_columns() {
    for (int i = 0; i < n; ++i) {
      std::vector<int> row, col;
      for (int j = 0; j < n; ++j) {
        row.push_back(i * n + j);
        col.push_back(j * n + i);
      }
      add_unit(row);
      add_unit(col);
    }
  }
  void add_boxes(int br, int bc) {
    std::vector<std::vector<int>> boxes(static_cast<size_t>(n));
    for (int c = 0; c < n * n; ++c) boxes[static_cast<size_t>(c / n / br * (n / bc) + c % n / bc)].push_back(c);
    for (const auto& b : boxes) add_unit(b);
  }
  void add_regions(const std::vector<int>& region) {
    std::vector<std::vector<int>> units(static_cast<size_t>(n));
    for (int c = 0; c < n * n; ++c) units[static_cast<size_t>(region[static_cast<size_t>(c)])].push_back(c);
    for (const auto& u : units) add_unit(u);
  }
  void add_diagonals() {
    std::vector<int> main, anti;
    for (int i = 0; i < n; ++i) {
      main.push_back(i * n + i);
      anti.push_back(i * n + n - 1 - i);
    }
    add_unit(main);
    add_unit(anti);
  }
  // Cells a and b (a != b) differ when `apart(a, b)`.
  void add_pairs(const std::function<bool(int, int)>& apart) {
    for (int a = 0; a < n * n; ++a)
      for (int b = 0; b < n * n; ++b)
        if (a != b && apart(a, b)) differ[static_cast<size_t>(a)].push_back(b);
  }
  void add_cage(int sum, const std::vector<int>& cells) {
    for (int c : cells) cage_of[static_cast<size_t>(c)] = static_cast<int>(cages.size());
    cages.push_back({sum, cells});
    add_unit(cells);
  }

  // Whether the placed digits of `cells` keep every rule (a full grid: a solution).
  bool holds(const std::vector<int>& cells) const {
    for (int a = 0; a < n * n; ++a)
      for (int b : differ[static_cast<size_t>(a)])
        if (cells[static_cast<size_t>(a)] && cells[static_cast<size_t>(a)] == cells[static_cast<size_t>(b)]) return false;
    for (const Cage& k : cages)
      if (!cage_ok(cells, k)) return false;
    return true;
  }

  int count(std::vector<int> cells, int limit, std::vector<int>* first = nullptr) const {
    if (!holds(cells)) return 0;
    if (first) first->clear();
    return search(cells, limit, first);
  }

 private:
  // The placed digits of the cage leave its sum reachable by different digits in its empty cells.
  bool cage_ok(const std::vector<int>& cells, const Cage& k) const {
    int total = 0, empty = 0;
    for (int c : k.cells) {
      if (cells[static_cast<size_t>(c)]) total += cells[static_cast<size_t>(c)];
      else ++empty;
    }
    const int low = empty * (empty + 1) / 2, high = empty * (2 * n - empty + 1) / 2;
    return total + low <= k.sum && total + high >= k.sum;
  }
  int free(std::vector<int>& cells, int c) const {
    int used = 0;
    for (int b : differ[static_cast<size_t>(c)]) used |= 1 << cells[static_cast<size_t>(b)];
    int out = 0;
    for (int v = 1; v <= n; ++v) {
      if (used >> v & 1) continue;
      if (const int k = cage_of[static_cast<size_t>(c)]; k >= 0) {
        cells[static_cast<size_t>(c)] = v;
        const bool ok = cage_ok(cells, cages[static_cast<size_t>(k)]);
        cells[static_cast<size_t>(c)] = 0;
        if (!ok) continue;
      }
      out |= 1 << v;
    }
    return out;
  }
  int search(std::vector<int>& cells, int limit, std::vector<int>* first) const {
    int best = -1, best_free = 0, best_k = 99;
    for (int c = 0; c < n * n; ++c) {
      if (cells[static_cast<size_t>(c)]) continue;
      const int f = free(cells, c);
      const int k = __builtin_popcount(static_cast<unsigned>(f));
      if (k == 0) return 0;
      if (k < best_k) best = c, best_free = f, best_k = k;
    }
    if (best < 0) {
      if (first && first->empty()) *first = cells;
      return 1;
    }
    int found = 0;
    for (int v = 1; v <= n && found < limit; ++v) {
      if (!(best_free >> v & 1)) continue;
      cells[static_cast<size_t>(best)] = v;
      found += search(cells, limit - found, first);
    }
    cells[static_cast<size_t>(best)] = 0;
    return found;
  }
};

}  // namespace test
