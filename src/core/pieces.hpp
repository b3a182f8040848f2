// Orthogonally connected pieces of cells on an n x n grid (jigsaw regions, killer cages, the free
// pockets a region layout leaves).
#pragma once

#include <vector>

namespace gp {

// Marks in `seen` (n*n entries) the piece of cells for which in(cell) holds that joins `start`
// side by side, and returns its size. Cells already marked are not entered again, so calling it
// from each unmarked cell visits every piece once. `stack` is scratch space (kept to reuse its
// memory). Requires in(start) and !seen[start].
template <class In>
int grow_piece(int start, int n, In&& in, std::vector<char>& seen, std::vector<int>& stack) {
  int size = 0;
  stack.assign(1, start);
  seen[static_cast<size_t>(start)] = 1;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    ++size;
    const int row = c / n, col = c % n;
    for (int d : {row > 0 ? c - n : -1, row + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1, col + 1 < n ? c + 1 : -1})
      if (d >= 0 && !seen[static_cast<size_t>(d)] && in(d)) {
        seen[static_cast<size_t>(d)] = 1;
        stack.push_back(d);
      }
  }
  return size;
}

}  // namespace gp
