// The exchange search of plain 9x9 requests: {-2,+1} sweeps over pairs of clues, pruned by the
// pool of second solutions, and the walk over a plateau of puzzles with one clue too many.
#include <algorithm>
#include <bit>
#include <unordered_set>

#include "generator/engine.hpp"
#include "solver/fast9.hpp"

namespace gp::gen {

Engine::Cells Engine::diff_from_solution(const std::uint8_t* sol) const {
  Cells d{};
  for (int c = 0; c < 81; ++c)
    if (sol[c] != solution_.cells[static_cast<size_t>(c)]) set_bit(d, c);
  return d;
}

int Engine::pick(const Cells& set) {
  int n = 0;
  for (std::uint64_t w : set) n += std::popcount(w);
  int k = static_cast<int>(rng_->below(static_cast<std::uint32_t>(n)));
  for (int c = 0;; ++c)
    if ((set[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1 && k-- == 0) return c;
}

int Engine::repair(Cells need) {
  while (!empty_set(need)) {
    const int x = pick(need);
    Cells d;
    if (unique_with(x, d)) return x;
    intersect(need, d);
  }
  return -1;
}

bool Engine::unique_or_second(Cells& diff) {
  std::uint8_t two[2 * 81];
  if (solver::fast9::collect(puzzle_.cells.data(), 2, two) == 1) return true;
  diff = diff_from_solution(std::equal(two, two + 81, solution_.cells.begin()) ? two + 81 : two);
  remember(diff);
  return false;
}

bool Engine::unique_with(int x, Cells& diff) {
  puzzle_.cells[static_cast<size_t>(x)] = solution_.cells[static_cast<size_t>(x)];
  const bool unique = unique_or_second(diff);
  puzzle_.cells[static_cast<size_t>(x)] = 0;
  return unique;
}

int Engine::down_move(const std::vector<int>& clues) {
  const size_t n = clues.size();
  Cells empty_cells{};
  for (int c = 0; c < 81; ++c)
    if (!puzzle_.cells[static_cast<size_t>(c)]) set_bit(empty_cells, c);
  std::vector<int> index(81, -1);
  for (size_t k = 0; k < n; ++k) index[static_cast<size_t>(clues[k])] = static_cast<int>(k);
  // need[i * n + j] (i <= j): the intersection of the sets hit by exactly givens i and j (i == j:
  // by i alone); touched marks the entries some set reached.
  std::vector<Cells> need(n * n, empty_cells);
  std::vector<char> touched(n * n, 0);
  for (size_t k = 0; k < pool_used_; ++k) {
    Cells hit = pool_[k];
    intersect(hit, givens_);
    int found[3], m = 0;
    for (size_t w = 0; w < 4 && m < 3; ++w)
      for (std::uint64_t x = hit[w]; x && m < 3; x &= x - 1)
        found[m++] = static_cast<int>(w * 64) + std::countr_zero(x);
    if (m == 0 || m == 3) continue;
    const size_t a = static_cast<size_t>(index[static_cast<size_t>(found[0])]);
    const size_t b = static_cast<size_t>(index[static_cast<size_t>(found[m - 1])]);
    intersect(need[a * n + b], pool_[k]);
    touched[a * n + b] = 1;
  }
  std::vector<std::pair<int, int>> pairs;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) pairs.emplace_back(static_cast<int>(i), static_cast<int>(j));
  rng_->shuffle(pairs);
  for (const auto& [ii, jj] : pairs) {
    const size_t i = static_cast<size_t>(ii), j = static_cast<size_t>(jj);
    Cells want = need[i * n + j];
    intersect(want, need[i * n + i]);
    intersect(want, need[j * n + j]);
    if (empty_set(want)) continue;  // two known sets that one clue cannot both hit
    if (!(touched[i * n + j] | touched[i * n + i] | touched[j * n + j])) want = empty_cells;
    const int a = clues[i], b = clues[j];
    const std::uint8_t va = puzzle_.cells[static_cast<size_t>(a)], vb = puzzle_.cells[static_cast<size_t>(b)];
    puzzle_.cells[static_cast<size_t>(a)] = puzzle_.cells[static_cast<size_t>(b)] = 0;
    clear_bit(givens_, a);
    clear_bit(givens_, b);
    if (const int added = repair(want); added >= 0) return added;
    puzzle_.cells[static_cast<size_t>(a)] = va;
    puzzle_.cells[static_cast<size_t>(b)] = vb;
    set_bit(givens_, a);
    set_bit(givens_, b);
    if (stopped()) return -2;
  }
  return -1;
}

void Engine::load(const Cells& g) {
  for (int c = 0; c < 81; ++c) puzzle_.cells[static_cast<size_t>(c)] = has_bit(g, c) ? solution_.cells[static_cast<size_t>(c)] : 0;
  sync_givens();
}

void Engine::all_repairs(Cells want, std::vector<int>& out) {
  out.clear();
  while (!empty_set(want)) {
    const int x = pick(want);
    clear_bit(want, x);
    Cells d;
    if (unique_with(x, d))
      out.push_back(x);
    else
      intersect(want, d);
  }
}

bool Engine::plateau() {
  static constexpr size_t kPlateau = 1024;
  struct Hash {
    std::size_t operator()(const Cells& c) const {
      return std::hash<std::uint64_t>{}(c[0] * 0x9E3779B97F4A7C15ull ^ c[1]);
    }
  };
  std::unordered_set<Cells, Hash> seen{givens_};
  std::vector<Cells> todo{givens_};
  std::vector<int> fixes;
  while (!todo.empty() && !stopped()) {
    const size_t k = rng_->below(static_cast<std::uint32_t>(todo.size()));
    std::swap(todo[k], todo.back());
    const Cells node = todo.back();
    todo.pop_back();
    load(node);
    const std::vector<int> clues = given_cells();
    const int added = down_move(clues);
    if (added == -2) return false;
    if (added >= 0) {
      puzzle_.cells[static_cast<size_t>(added)] = solution_.cells[static_cast<size_t>(added)];
      sync_givens();
      return true;
    }
    // The neighbours: for each clue c, the cells whose clue makes the puzzle without c unique.
    for (int c : clues) {
      puzzle_.cells[static_cast<size_t>(c)] = 0;
      Cells want;  // where a second solution differs: a clue that repairs the puzzle is there
      if (unique_or_second(want)) {  // c was not needed
        sync_givens();
        return true;
      }
      clear_bit(givens_, c);
      all_repairs(want, fixes);
      set_bit(givens_, c);
      puzzle_.cells[static_cast<size_t>(c)] = solution_.cells[static_cast<size_t>(c)];
      for (int x : fixes) {
        Cells next = node;
        clear_bit(next, c);
        set_bit(next, x);
        if (seen.size() < kPlateau && seen.insert(next).second) todo.push_back(next);
      }
    }
  }
  return false;
}

}  // namespace gp::gen
