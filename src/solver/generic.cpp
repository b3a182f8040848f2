#include "solver/generic.hpp"

#include <vector>

namespace gp::solver::generic {

namespace {

// One search state is `cells` words: bits 0..n-1 are the candidates of the cell, kAssigned marks a
// cell whose single candidate has already been eliminated from its peers.
constexpr std::uint32_t kAssigned = 1u << 31;

class Engine {
 public:
  Engine(const Geometry& geo, const Request& req)
      : geo_(geo), req_(req), n_(geo.n), cells_(geo.cells), all_(geo.shape.all()) {}

  Outcome run(const Grid& g, Grid* first) {
    Outcome out;
    pool_.assign(static_cast<size_t>(cells_) * static_cast<size_t>(cells_ + 1), 0);
    std::uint32_t* s0 = pool_.data();
    for (int c = 0; c < cells_; ++c) {
      const int v = g.cells[static_cast<size_t>(c)];
      if (v > n_) return out;
      s0[c] = v ? bit(v) : all_;
    }
    if (req_.exclude_cell >= 0 && req_.exclude_cell < cells_ && req_.exclude_value >= 1 &&
        req_.exclude_value <= n_)
      s0[req_.exclude_cell] &= ~bit(req_.exclude_value);

    int depth = 0;
    while (depth >= 0) {
      std::uint32_t* s = state(depth);
      if (!propagate(s)) {
        --depth;
        continue;
      }
      const int c = choose_cell(s);
      if (c < 0) {  // every cell assigned: a solution
        if (++out.count == 1 && first) {
          *first = Grid(geo_.shape);
          for (int i = 0; i < cells_; ++i)
            first->cells[static_cast<size_t>(i)] = static_cast<std::uint8_t>(lowest_value(s[i] & all_));
        }
        if (out.count >= req_.limit) return out;
        --depth;
        continue;
      }
      if (req_.node_budget >= 0 && out.nodes >= req_.node_budget) {
        out.exhausted_budget = true;
        return out;
      }
      ++out.nodes;
      const Mask m = s[c] & all_;
      Mask pick = m & (~m + 1);  // lowest candidate
      if (req_.rng) {
        int k = static_cast<int>(req_.rng->below(static_cast<std::uint32_t>(popcount(m))));
        Mask rest = m;
        while (k-- > 0) rest &= rest - 1;
        pick = rest & (~rest + 1);
      }
      // Binary branch: the deeper state tries c = pick, this one keeps c != pick for later.
      std::uint32_t* next = state(depth + 1);
      std::copy(s, s + cells_, next);
      next[c] = pick;
      s[c] &= ~pick;
      ++depth;
    }
    return out;
  }

 private:
  std::uint32_t* state(int depth) { return pool_.data() + static_cast<size_t>(depth) * static_cast<size_t>(cells_); }

  // Eliminates the single candidate of `c` from its peers. False on a contradiction.
  bool assign(std::uint32_t* s, int c) const {
    const Mask b = s[c] & all_;
    s[c] |= kAssigned;
    for (int p : geo_.peers[static_cast<size_t>(c)]) {
      if (!(s[p] & b)) continue;
      if (s[p] & kAssigned) return false;
      s[p] &= ~b;
      if (!(s[p] & all_)) return false;
    }
    return true;
  }

  // Naked and hidden singles to a fixed point. False on a contradiction.
  bool propagate(std::uint32_t* s) const {
    for (;;) {
      bool changed = false;
      for (int c = 0; c < cells_; ++c) {
        const std::uint32_t m = s[c];
        if (m & kAssigned) continue;
        if (!m) return false;
        if (!(m & (m - 1))) {
          if (!assign(s, c)) return false;
          changed = true;
        }
      }
      if (changed) continue;
      for (const auto& unit : geo_.units) {
        Mask once = 0, twice = 0, placed = 0;
        for (int c : unit) {
          const std::uint32_t m = s[c];
          if (m & kAssigned) {
            placed |= m & all_;
          } else {
            twice |= once & m;
            once |= m;
          }
        }
        if ((once | placed) != all_) return false;  // a value has no place left in this unit
        Mask hidden = once & ~twice & ~placed;
        while (hidden) {
          const Mask b = hidden & (~hidden + 1);
          hidden &= hidden - 1;
          for (int c : unit) {
            if ((s[c] & kAssigned) || !(s[c] & b)) continue;
            if (s[c] & ~b & all_) {
              s[c] = b;
              changed = true;
            }
            break;
          }
        }
      }
      // A cell that became the only place of two values is left with one of them and is found
      // empty of the other by the unit check on the next pass.
      if (!changed) return true;
    }
  }

  // An unassigned cell with the fewest candidates, or -1 if all are assigned.
  int choose_cell(const std::uint32_t* s) const {
    int best = -1, best_count = 1 << 30;
    for (int c = 0; c < cells_; ++c) {
      if (s[c] & kAssigned) continue;
      const int k = popcount(s[c]);
      if (k < best_count) {
        best = c;
        best_count = k;
        if (k <= 2) break;
      }
    }
    return best;
  }

  const Geometry& geo_;
  const Request& req_;
  const int n_;
  const int cells_;
  const Mask all_;
  std::vector<std::uint32_t> pool_;
};

}  // namespace

Outcome search(const Grid& g, const Request& req, Grid* first) {
  if (g.shape.n() < 1 || g.shape.n() > kMaxN || g.size() != g.shape.cells()) return {};
  Engine engine(geometry(g.shape), req);
  return engine.run(g, first);
}

}  // namespace gp::solver::generic
