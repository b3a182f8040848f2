#include "core/symmetry.hpp"

#include <algorithm>
#include <array>

namespace gp {

namespace {

struct Named {
  Symmetry sym;
  std::string_view name;
};
constexpr std::array<Named, 8> kNames = {{{Symmetry::kNone, "none"},
                                          {Symmetry::kRotate180, "rotate180"},
                                          {Symmetry::kRotate90, "rotate90"},
                                          {Symmetry::kMirror, "mirror"},
                                          {Symmetry::kFlip, "flip"},
                                          {Symmetry::kDiagonal, "diagonal"},
                                          {Symmetry::kAntidiagonal, "antidiagonal"},
                                          {Symmetry::kDihedral, "dihedral"}}};

// The eight maps of the square, as (r, c) -> (r', c') on an n x n array.
enum class Map { kRot90, kRot180, kMirror, kFlip, kDiagonal, kAntidiagonal };

int apply(Map m, int n, int cell) {
  const int r = cell / n, c = cell % n;
  switch (m) {
    case Map::kRot90: return c * n + (n - 1 - r);
    case Map::kRot180: return (n - 1 - r) * n + (n - 1 - c);
    case Map::kMirror: return r * n + (n - 1 - c);
    case Map::kFlip: return (n - 1 - r) * n + c;
    case Map::kDiagonal: return c * n + r;
    case Map::kAntidiagonal: return (n - 1 - c) * n + (n - 1 - r);
  }
  return cell;
}

// Generators of the group for each symmetry; the orbits of the generated group are the classes.
std::vector<Map> generators(Symmetry s) {
  switch (s) {
    case Symmetry::kNone: return {};
    case Symmetry::kRotate180: return {Map::kRot180};
    case Symmetry::kRotate90: return {Map::kRot90};
    case Symmetry::kMirror: return {Map::kMirror};
    case Symmetry::kFlip: return {Map::kFlip};
    case Symmetry::kDiagonal: return {Map::kDiagonal};
    case Symmetry::kAntidiagonal: return {Map::kAntidiagonal};
    case Symmetry::kDihedral: return {Map::kRot90, Map::kMirror};
  }
  return {};
}

}  // namespace

std::string_view symmetry_name(Symmetry s) {
  for (const auto& n : kNames)
    if (n.sym == s) return n.name;
  return "none";
}

Result<Symmetry> parse_symmetry(std::string_view name) {
  for (const auto& n : kNames)
    if (n.name == name) return n.sym;
  return Error("unknown symmetry '" + std::string(name) +
               "': expected none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal or dihedral");
}

const std::vector<Symmetry>& all_symmetries() {
  static const std::vector<Symmetry> all = [] {
    std::vector<Symmetry> v;
    for (const auto& n : kNames) v.push_back(n.sym);
    return v;
  }();
  return all;
}

namespace {

// The orbits of the positions of an n x n array.
std::vector<std::vector<int>> orbits(int n, Symmetry s) {
  const int cells = n * n;
  const auto gens = generators(s);
  std::vector<int> owner(static_cast<size_t>(cells), -1);
  std::vector<std::vector<int>> classes;
  for (int start = 0; start < cells; ++start) {
    if (owner[static_cast<size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(classes.size());
    std::vector<int> orbit{start};
    owner[static_cast<size_t>(start)] = id;
    for (size_t i = 0; i < orbit.size(); ++i)
      for (Map m : gens) {
        const int t = apply(m, n, orbit[i]);
        if (owner[static_cast<size_t>(t)] < 0) {
          owner[static_cast<size_t>(t)] = id;
          orbit.push_back(t);
        }
      }
    std::sort(orbit.begin(), orbit.end());
    classes.push_back(std::move(orbit));
  }
  return classes;
}

}  // namespace

std::vector<std::vector<int>> symmetry_classes(Shape shape, Symmetry s) { return orbits(shape.n(), s); }

std::vector<std::vector<int>> board_symmetry_classes(const Board& board, Symmetry s) {
  if (!board.multi_grid()) return orbits(board.n, s);
  // The layout is square and maps onto itself under every symmetry: an orbit of positions is all
  // on the board or all off it.
  std::vector<std::vector<int>> classes;
  for (const auto& orbit : orbits(board.layout_cols, s)) {
    if (board.cell_at[static_cast<size_t>(orbit.front())] < 0) continue;
    std::vector<int> cells;
    for (int p : orbit) cells.push_back(board.cell_at[static_cast<size_t>(p)]);
    std::sort(cells.begin(), cells.end());
    classes.push_back(std::move(cells));
  }
  std::sort(classes.begin(), classes.end());
  return classes;
}

bool is_symmetric(const Grid& g, Symmetry s) {
  for (const auto& cls : board_symmetry_classes(board_of(g), s)) {
    const bool first = g.cells[static_cast<size_t>(cls.front())] != 0;
    for (int c : cls)
      if ((g.cells[static_cast<size_t>(c)] != 0) != first) return false;
  }
  return true;
}

std::vector<bool> reachable_counts(Shape shape, Symmetry s) { return board_reachable_counts(classic_board(shape), s); }

std::vector<bool> board_reachable_counts(const Board& board, Symmetry s) {
  std::vector<bool> can(static_cast<size_t>(board.cells) + 1, false);
  can[0] = true;
  for (const auto& cls : board_symmetry_classes(board, s)) {
    const size_t k = cls.size();
    for (size_t t = can.size(); t-- > k;)
      if (can[t - k]) can[t] = true;
  }
  return can;
}

}  // namespace gp
