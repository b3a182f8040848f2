#include "generator/regions.hpp"

#include <algorithm>

#include "core/pieces.hpp"
#include "solver/solver.hpp"

namespace gp::gen {

namespace {

// Grows one layout. Cells are -1 while free.
class Grower {
 public:
  Grower(int n, bool symmetric, Rng& rng)
      : n_(n), cells_(n * n), symmetric_(symmetric), rng_(rng), region_(static_cast<size_t>(cells_), -1) {}

  // One layout, or false when a region could not be grown (the caller starts over).
  bool run() {
    int id = 0;
    if (symmetric_ && n_ % 2 == 1) {  // the centre region is its own half-turn image
      if (!grow_with_retries(id, id, cells_ / 2)) return false;
      ++id;
    }
    for (int start = 0; start < cells_; ++start) {
      if (region_[static_cast<size_t>(start)] >= 0) continue;
      const int partner = symmetric_ ? id + 1 : id;
      if (!grow_with_retries(id, partner, start)) return false;
      id = partner + 1;
    }
    return true;
  }

  // The map with regions renumbered in order of first appearance.
  std::vector<int> map() const {
    std::vector<int> label(static_cast<size_t>(n_), -1), out(region_.size());
    int next = 0;
    for (size_t c = 0; c < region_.size(); ++c) {
      int& l = label[static_cast<size_t>(region_[c])];
      if (l < 0) l = next++;
      out[c] = l;
    }
    return out;
  }

 private:
  static constexpr int kTries = 8;  // regrowths of one region before the layout starts over

  int rot(int c) const { return cells_ - 1 - c; }
  bool is_free(int c) const { return region_[static_cast<size_t>(c)] < 0; }

  void assign(int c, int id) {
    region_[static_cast<size_t>(c)] = id;
    placed_.push_back(c);
  }

  bool grow_with_retries(int id, int partner, int start) {
    for (int t = 0; t < kTries; ++t) {
      placed_.clear();
      if (grow(id, partner, start) && pockets_ok()) return true;
      for (int c : placed_) region_[static_cast<size_t>(c)] = -1;
    }
    return false;
  }

  // Grows region `id` from `start` to n cells by random free neighbours (a cell next to several of
  // the region's cells is likelier, which keeps regions compact); with a symmetric layout each
  // cell's half-turn image joins `partner` at the same time (partner == id for the centre region).
  bool grow(int id, int partner, int start) {
    assign(start, id);
    if (partner != id) assign(rot(start), partner);
    int size = 1;
    std::vector<int> members{start};
    while (size < n_) {
      frontier_.clear();
      for (int m : members) {
        const int r = m / n_, c = m % n_;
        for (int d : {r > 0 ? m - n_ : -1, r + 1 < n_ ? m + n_ : -1, c > 0 ? m - 1 : -1, c + 1 < n_ ? m + 1 : -1}) {
          if (d < 0 || !is_free(d)) continue;
          if (symmetric_ && (rot(d) == d || !is_free(rot(d)))) continue;
          frontier_.push_back(d);
        }
      }
      if (frontier_.empty()) return false;
      const int d = frontier_[rng_.below(static_cast<std::uint32_t>(frontier_.size()))];
      assign(d, id);
      members.push_back(d);
      ++size;
      if (symmetric_) {
        assign(rot(d), partner);
        if (partner == id) {
          members.push_back(rot(d));
          ++size;
        }
      }
    }
    return true;
  }

  // Every pocket of free cells can still be cut into regions: its size is a multiple of n.
  bool pockets_ok() {
    seen_.assign(static_cast<size_t>(cells_), 0);
    auto free = [&](int c) { return is_free(c); };
    for (int s = 0; s < cells_; ++s)
      if (is_free(s) && !seen_[static_cast<size_t>(s)] && grow_piece(s, n_, free, seen_, stack_) % n_ != 0)
        return false;
    return true;
  }

  const int n_, cells_;
  const bool symmetric_;
  Rng& rng_;
  std::vector<int> region_;
  std::vector<int> placed_, frontier_, stack_;
  std::vector<char> seen_;
};

}  // namespace

std::optional<std::vector<int>> grow_regions(int n, bool symmetric, Rng& rng) {
  for (int run = 0; run < kMaxLayoutRuns; ++run) {
    Grower g(n, symmetric, rng);
    if (g.run()) return g.map();
  }
  return std::nullopt;
}

std::optional<Grid> fill_jigsaw(Shape shape, bool symmetric, Rng& rng, int layouts, Variant variant) {
  for (int k = 0; k < layouts; ++k) {
    const auto layout = grow_regions(shape.n(), symmetric, rng);
    if (!layout) return std::nullopt;
    auto board = jigsaw_board(shape, *layout, variant);  // a combination's other units on the regions
    if (!board) continue;  // cannot happen: grown layouts are valid
    const Grid empty(*board);
    solver::Request req;
    req.limit = 1;
    req.rng = &rng;
    // A layout with solutions is usually filled within a few hundred branches; one that needs
    // more (or has none) is cheaper to replace than to search to the end. Two restarts with a
    // fresh random order, as solve_random does, save layouts that were only unlucky.
    req.node_budget = 4LL * shape.cells();
    for (int restart = 0; restart < 3; ++restart, req.node_budget *= 2) {
      Grid solution;
      const solver::Outcome out = solver::search(empty, req, &solution);
      if (out.count > 0) return solution;
      if (!out.exhausted_budget) break;  // no filled grid at all
    }
  }
  return std::nullopt;
}

}  // namespace gp::gen
