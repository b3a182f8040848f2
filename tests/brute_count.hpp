// An independent solution counter for certifying the variants' puzzles in tests. It shares no code
// with src/ (not the board, the rules, the solver or the grader): a test states the units as lists of
// cells and each rule as a predicate over a partial grid, written in the test from the rule's words.
//
// The search is plain backtracking: a cell's candidates are the values not yet in any of its units
// that every predicate accepts with the cell set to them; it branches on the empty cell with the
// fewest candidates. A predicate sees the grid (0 = empty) right after `cell` was set and says
// whether the rule can still hold; it may look only at filled cells (a weak check is still sound:
// complete grids are checked in full).
#pragma once

#include <functional>
#include <utility>
#include <vector>

namespace brute {

// A partial grid's check after `cell` was set: false when the rule is already broken.
using Check = std::function<bool(const std::vector<int>& cells, int cell)>;

struct Problem {
  int n = 9;                            // values 1..n
  int cells = 81;                       // cells 0..cells-1
  std::vector<std::vector<int>> units;  // each holds every value at most once
  std::vector<Check> checks;            // the rules besides the units
};

// Rows and columns of an n x n grid (a Latin square).
inline std::vector<std::vector<int>> latin_units(int n) {
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

// Rows, columns and boxes (box_rows x box_cols) of an n x n grid, n = box_rows * box_cols.
inline std::vector<std::vector<int>> sudoku_units(int box_rows, int box_cols) {
  const int n = box_rows * box_cols;
  auto units = latin_units(n);
  for (int br = 0; br < n; br += box_rows)
    for (int bc = 0; bc < n; bc += box_cols) {
      units.emplace_back();
      for (int r = br; r < br + box_rows; ++r)
        for (int c = bc; c < bc + box_cols; ++c) units.back().push_back(r * n + c);
    }
  return units;
}

// The two main diagonals of an n x n grid (x variants).
inline std::vector<std::vector<int>> diagonal_units(int n) {
  std::vector<std::vector<int>> units(2);
  for (int i = 0; i < n; ++i) {
    units[0].push_back(i * n + i);
    units[1].push_back(i * n + (n - 1 - i));
  }
  return units;
}

class Counter {
 public:
  // `givens`: one value per cell, 0 = empty.
  Counter(Problem problem, std::vector<int> givens) : p_(std::move(problem)), cells_(std::move(givens)) {
    units_of_.resize(static_cast<size_t>(p_.cells));
    for (size_t u = 0; u < p_.units.size(); ++u)
      for (int c : p_.units[u]) units_of_[static_cast<size_t>(c)].push_back(static_cast<int>(u));
  }

  // Whether the givens break no unit and no rule.
  bool consistent() const {
    for (const auto& unit : p_.units) {
      std::vector<bool> seen(static_cast<size_t>(p_.n + 1), false);
      for (int c : unit) {
        const int v = cells_[static_cast<size_t>(c)];
        if (!v) continue;
        if (v < 1 || v > p_.n || seen[static_cast<size_t>(v)]) return false;
        seen[static_cast<size_t>(v)] = true;
      }
    }
    for (int c = 0; c < p_.cells; ++c)
      if (cells_[static_cast<size_t>(c)])
        for (const Check& check : p_.checks)
          if (!check(cells_, c)) return false;
    return true;
  }

  // The number of solutions, counting up to `limit`; 0 when the givens are inconsistent.
  int count(int limit) {
    found_ = 0;
    first_.clear();
    if (!consistent()) return 0;
    search(limit);
    return found_;
  }

  // The first solution found by the last count() (empty if none).
  const std::vector<int>& first() const { return first_; }

 private:
  bool fits(int c, int v) {
    for (int u : units_of_[static_cast<size_t>(c)])
      for (int o : p_.units[static_cast<size_t>(u)])
        if (o != c && cells_[static_cast<size_t>(o)] == v) return false;
    cells_[static_cast<size_t>(c)] = v;
    bool ok = true;
    for (const Check& check : p_.checks)
      if (!check(cells_, c)) {
        ok = false;
        break;
      }
    cells_[static_cast<size_t>(c)] = 0;
    return ok;
  }

  void search(int limit) {
    int best = -1;
    std::vector<int> best_values;
    for (int c = 0; c < p_.cells; ++c) {
      if (cells_[static_cast<size_t>(c)]) continue;
      std::vector<int> values;
      for (int v = 1; v <= p_.n; ++v)
        if (fits(c, v)) values.push_back(v);
      if (values.empty()) return;
      if (best < 0 || values.size() < best_values.size()) {
        best = c;
        best_values = std::move(values);
        if (best_values.size() == 1) break;
      }
    }
    if (best < 0) {
      if (++found_ == 1) first_ = cells_;
      return;
    }
    for (int v : best_values) {
      if (found_ >= limit) return;
      cells_[static_cast<size_t>(best)] = v;
      search(limit);
      cells_[static_cast<size_t>(best)] = 0;
    }
  }

  Problem p_;
  std::vector<int> cells_;
  std::vector<std::vector<int>> units_of_;
  int found_ = 0;
  std::vector<int> first_;
};

}  // namespace brute
