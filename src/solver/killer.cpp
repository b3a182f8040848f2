#include "solver/killer.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace gp::solver::killer {

namespace {

constexpr int kMaxDigits = 9;
constexpr int kMaxSum = 45;

// combos[k][sum]: the masks of k different digits 1..9 adding up to sum.
struct Table {
  std::array<std::array<std::vector<Mask>, kMaxSum + 1>, kMaxDigits + 1> combos;
  Table() {
    for (Mask m = 0; m < (Mask{1} << kMaxDigits); ++m) {
      int sum = 0;
      for (int v = 1; v <= kMaxDigits; ++v)
        if (m & bit(v)) sum += v;
      combos[static_cast<size_t>(popcount(m))][static_cast<size_t>(sum)].push_back(m);
    }
  }
};

const Table& table() {
  static const Table t;
  return t;
}

const std::vector<Mask> kNone;

// As in the generic engine: bits 0..n-1 are a cell's candidates, kAssigned marks a cell whose
// single candidate has been eliminated from its peers.
constexpr std::uint32_t kAssigned = 1u << 31;

class Engine {
 public:
  Engine(const Board& board, const std::vector<Cage>& cages, const std::vector<int>& cage_of, const Request& req)
      : geo_(board), cages_(cages), cage_of_(cage_of), req_(req), n_(board.n), cells_(board.cells),
        all_(board.shape.all()) {
    // Per cage a group: its cells and sum, and the rows, columns and boxes that hold all of it.
    const size_t k = cages.size();
    groups_.resize(k);
    for (size_t i = 0; i < k; ++i) {
      Group& g = groups_[i];
      g.cells = &cages[i].cells;
      g.sum = cages[i].sum;
      for (int c : *g.cells) g.set[static_cast<size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63);
      for (size_t j = 0; j < 3; ++j) {
        const int u = board.unit_of[static_cast<size_t>(g.cells->front())][j];
        bool all = true;
        for (int c : *g.cells) all = all && board.unit_of[static_cast<size_t>(c)][j] == u;
        if (all) g.units[j] = u;
      }
    }
    // The 45 rule: in each row, column and box, the cells of the cages that cross its border add
    // up to the unit's total less the cages inside it; such cells (fewer than n) are a group too.
    const int total = n_ * (n_ + 1) / 2;
    for (int u = 0; u < 3 * n_; ++u) {
      std::vector<int> rest;
      int sum = total;
      std::vector<char> inside(k, 0);
      for (size_t i = 0; i < k; ++i) inside[i] = groups_[i].units[static_cast<size_t>(u / n_)] == u;
      for (int c : board.units[static_cast<size_t>(u)]) {
        const int cage = cage_of[static_cast<size_t>(c)];
        if (!inside[static_cast<size_t>(cage)]) rest.push_back(c);
      }
      for (size_t i = 0; i < k; ++i)
        if (inside[i]) sum -= groups_[i].sum;
      if (rest.empty() || static_cast<int>(rest.size()) >= n_) continue;
      owned_.push_back(std::move(rest));
      Group g;
      g.sum = sum;
      g.units = {u, -1, -1};
      g.always = true;
      groups_.push_back(g);
    }
    for (size_t i = k, j = 0; i < groups_.size(); ++i, ++j) {
      groups_[i].cells = &owned_[j];
      for (int c : owned_[j]) groups_[i].set[static_cast<size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63);
    }
    dirty_.assign(groups_.size(), 1);
  }

  // Solutions go to `found` (cells bytes each, appended), when it is not null.
  Outcome run(const std::uint8_t* given, std::vector<std::uint8_t>* found) {
    Outcome out;
    const size_t pool_size = static_cast<size_t>(cells_) * static_cast<size_t>(cells_ + 1);
    if (pool_.size() < pool_size) pool_.resize(pool_size);
    if (queue_.size() < static_cast<size_t>(cells_) * 4) queue_.resize(static_cast<size_t>(cells_) * 4);
    std::uint32_t* s0 = pool_.data();
    for (int c = 0; c < cells_; ++c) {
      const int v = given[c];
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
      if (c < 0) {  // every cell assigned, every cage sum met (propagate checked them)
        ++out.count;
        if (found)
          for (int i = 0; i < cells_; ++i) found->push_back(static_cast<std::uint8_t>(lowest_value(s[i] & all_)));
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
      Mask pick = m & (~m + 1);
      if (req_.rng) {
        int k = static_cast<int>(req_.rng->below(static_cast<std::uint32_t>(popcount(m))));
        Mask rest = m;
        while (k-- > 0) rest &= rest - 1;
        pick = rest & (~rest + 1);
      }
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

  bool eliminate(std::uint32_t* s, int c, Mask m) {
    if (!(s[c] & m)) return true;
    if (s[c] & kAssigned) return false;
    s[c] &= ~m;
    dirty_[static_cast<size_t>(cage_of_[static_cast<size_t>(c)])] = 1;
    const std::uint32_t left = s[c];
    if (!left) return false;
    if (!(left & (left - 1))) queue_[tail_++] = c;
    return true;
  }

  bool assign(std::uint32_t* s, int c) {
    const Mask b = s[c] & all_;
    s[c] |= kAssigned;
    for (int p : geo_.peers[static_cast<size_t>(c)])
      if (!eliminate(s, p, b)) return false;
    for (int p : cages_[static_cast<size_t>(cage_of_[static_cast<size_t>(c)])].cells)
      if (p != c && !eliminate(s, p, b)) return false;
    return true;
  }

  bool drain(std::uint32_t* s) {
    while (head_ < tail_) {
      const int c = queue_[head_++];
      if (!(s[c] & kAssigned) && !assign(s, c)) return false;
    }
    head_ = tail_ = 0;
    return true;
  }

  bool hidden_singles(std::uint32_t* s, bool& changed) {
    for (const auto& unit : geo_.units) {
      Mask once = 0, twice = 0, placed = 0;
      for (int c : unit) {
        const std::uint32_t m = s[c];
        const Mask assigned = 0u - (m >> 31);
        const Mask open = m & ~assigned;
        placed |= m & assigned;
        twice |= once & open;
        once |= open;
      }
      placed &= all_;
      if ((once | placed) != all_) return false;
      for (Mask hidden = once & ~twice & ~placed; hidden; hidden &= hidden - 1) {
        const Mask b = hidden & (~hidden + 1);
        for (int c : unit) {
          if ((s[c] & kAssigned) || !(s[c] & b)) continue;
          if (s[c] & ~b) {
            s[c] = b;
            dirty_[static_cast<size_t>(cage_of_[static_cast<size_t>(c)])] = 1;
            queue_[tail_++] = c;
            changed = true;
          }
          break;
        }
      }
    }
    return true;
  }

  // Cage combinations (see the header). False on a contradiction.
  bool cages(std::uint32_t* s, bool& changed) {
    const auto& t = table();
    for (size_t i = 0; i < groups_.size(); ++i) {
      // A cage none of whose cells changed since its last pass has nothing new to give.
      const Group& group = groups_[i];
      if (!dirty_[i]) continue;
      dirty_[i] = group.always;
      const std::vector<int>& cells = *group.cells;
      int left = group.sum, k = 0;
      Mask open_union = 0;
      for (int c : cells) {
        const std::uint32_t m = s[c];
        if (m & kAssigned) {
          left -= lowest_value(m & all_);
        } else {
          open_union |= m;
          ++k;
        }
      }
      if (left < 0 || left > kMaxSum) return false;
      if (k == 0) {
        if (left != 0) return false;
        continue;
      }
      Mask allowed = 0, required = all_;
      for (Mask combo : t.combos[static_cast<size_t>(k)][static_cast<size_t>(left)]) {
        if (combo & ~open_union) continue;
        Mask covered = 0;
        bool fits = true;
        for (int c : cells) {
          if (s[c] & kAssigned) continue;
          const Mask here = s[c] & combo;
          if (!here) {
            fits = false;
            break;
          }
          covered |= here;
        }
        if (!fits || covered != combo) continue;
        allowed |= combo;
        required &= combo;
      }
      if (!allowed) return false;
      if (open_union & ~allowed) {
        for (int c : cells) {
          if ((s[c] & kAssigned) || !(s[c] & ~allowed)) continue;
          if (!eliminate(s, c, s[c] & ~allowed)) return false;
          changed = true;
        }
      }
      if (!required) continue;
      // A digit every combination holds is in this cage: not elsewhere in a unit holding it.
      for (int u : group.units) {
        if (u < 0) continue;
        for (int c : geo_.units[static_cast<size_t>(u)]) {
          if (((group.set[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1) || !(s[c] & required)) continue;
          if (!eliminate(s, c, required)) return false;
          changed = true;
        }
      }
    }
    return true;
  }

  bool propagate(std::uint32_t* s) {
    head_ = tail_ = 0;
    std::fill(dirty_.begin(), dirty_.end(), 1);
    for (int c = 0; c < cells_; ++c) {
      const std::uint32_t m = s[c];
      if (m & kAssigned) continue;
      if (!m) return false;
      if (!(m & (m - 1))) queue_[tail_++] = c;
    }
    for (;;) {
      if (!drain(s)) return false;
      bool changed = false;
      // Cage combinations first: on a killer without givens they do most of the work.
      if (!cages(s, changed)) return false;
      if (changed) continue;
      if (!hidden_singles(s, changed)) return false;
      if (!changed && head_ == tail_) return true;
    }
  }

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

  const Board& geo_;  // the classic board: rows, columns, boxes
  const std::vector<Cage>& cages_;
  const std::vector<int>& cage_of_;
  const Request& req_;
  const int n_;
  const int cells_;
  const Mask all_;
  // A cage, or the cells of a unit outside the cages inside it (the 45 rule): cells whose digits
  // are all different and add up to `sum`.
  struct Group {
    const std::vector<int>* cells = nullptr;
    int sum = 0;
    std::array<int, 3> units{-1, -1, -1};  // the rows, columns and boxes holding all of it
    std::array<std::uint64_t, 2> set{};     // its cells as bits (up to 9x9)
    bool always = false;                    // looked at on every pass (not tracked by dirty_)
  };
  std::vector<Group> groups_;               // the cages (by index), then the 45-rule groups
  std::vector<std::vector<int>> owned_;     // the 45-rule groups' cells
  std::vector<char> dirty_;  // per group: a cell of it changed since the group was last looked at
  struct Buffers {
    std::vector<std::uint32_t> pool;
    std::vector<int> queue;
  };
  static Buffers& buffers() {
    thread_local Buffers b;
    return b;
  }
  std::vector<std::uint32_t>& pool_ = buffers().pool;
  std::vector<int>& queue_ = buffers().queue;
  int head_ = 0, tail_ = 0;
};

}  // namespace

const std::vector<Mask>& combinations(int k, int sum) {
  if (k < 0 || k > kMaxDigits || sum < 0 || sum > kMaxSum) return kNone;
  return table().combos[static_cast<size_t>(k)][static_cast<size_t>(sum)];
}

Outcome search_cages(Shape shape, const std::vector<Cage>& cages, const std::vector<int>& cage_of,
                     const std::uint8_t* cells, const Request& req, std::vector<std::uint8_t>* found) {
  if (shape.n() < 1 || shape.n() > kMaxDigits || cage_of.size() != static_cast<size_t>(shape.cells())) return {};
  Engine engine(classic_board(shape), cages, cage_of, req);
  return engine.run(cells, found);
}

Outcome search(const Grid& g, const Request& req, Grid* first) {
  if (g.shape.n() < 1 || g.shape.n() > kMaxDigits || g.size() != g.shape.cells()) return {};
  const Board& board = board_of(g);
  if (!board.killer() || board.cells != g.size()) return {};
  std::vector<std::uint8_t> found;
  const Outcome out = search_cages(g.shape, board.cages(), board.cage_of(), g.cells.data(), req, first ? &found : nullptr);
  if (first && out.count > 0) {
    *first = Grid(g.shape);
    first->board = g.board;
    std::copy(found.begin(), found.begin() + g.size(), first->cells.begin());
  }
  return out;
}

}  // namespace gp::solver::killer
