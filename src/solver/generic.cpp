#include "solver/generic.hpp"

#include <algorithm>
#include <vector>

#include "solver/candidates.hpp"
#include "solver/propagators.hpp"

namespace gp::solver::generic {

namespace {

// The pairs of units of a board that share two cells or more, each in both orders: unit `a`, unit
// `b`, and in `cells` from `shared`: the shared cells, then (from `a_rest`) the rest of `a`, then
// (from `b_rest` to `end`) the rest of `b`. Used for locked candidates on jigsaw boards with extra
// units (jigsaw+x: a region with a row, a column or a diagonal), where the rectangular-box pass
// does not apply. Only there: the plain jigsaw, x, hyper and samurai searches keep the branches
// and node counts tests/data/golden pins.
struct UnitPairs {
  struct Pair {
    int a, b, shared, a_rest, b_rest, end;
  };
  std::vector<Pair> pairs;
  std::vector<int> cells;
  // What the pairs were built from: a board's units (a jigsaw board is made per puzzle, so a
  // pointer alone could name a new board at a freed one's address).
  std::vector<std::vector<int>> units;
};

// The pairs of `board` (one board kept per thread: a dig searches one board many times).
const UnitPairs& unit_pairs(const Board& board) {
  thread_local UnitPairs up;
  if (up.units == board.units) return up;
  up.pairs.clear();
  up.cells.clear();
  up.units = board.units;
  const int units = static_cast<int>(board.units.size());
  std::vector<char> in_a(static_cast<size_t>(board.cells));
  for (int a = 0; a < units; ++a) {
    const auto& ua = board.units[static_cast<size_t>(a)];
    std::fill(in_a.begin(), in_a.end(), 0);
    for (int c : ua) in_a[static_cast<size_t>(c)] = 1;
    for (int b = 0; b < units; ++b) {
      if (b == a) continue;
      const auto& ub = board.units[static_cast<size_t>(b)];
      int common = 0;
      for (int c : ub) common += in_a[static_cast<size_t>(c)];
      if (common < 2 || common == static_cast<int>(ub.size())) continue;
      UnitPairs::Pair p{a, b, static_cast<int>(up.cells.size()), 0, 0, 0};
      for (int c : ub)
        if (in_a[static_cast<size_t>(c)]) up.cells.push_back(c);
      p.a_rest = static_cast<int>(up.cells.size());
      std::vector<char> in_b(static_cast<size_t>(board.cells), 0);
      for (int c : ub) in_b[static_cast<size_t>(c)] = 1;
      for (int c : ua)
        if (!in_b[static_cast<size_t>(c)]) up.cells.push_back(c);
      p.b_rest = static_cast<int>(up.cells.size());
      for (int c : ub)
        if (!in_a[static_cast<size_t>(c)]) up.cells.push_back(c);
      p.end = static_cast<int>(up.cells.size());
      up.pairs.push_back(p);
    }
  }
  return up;
}

// One search state is `cells` words, bits 0..n-1 the candidates of the cell, kAssigned marking a
// cell whose single candidate has already been eliminated from its peers (solver/candidates.hpp);
// then one word per unit, the values of its assigned cells (a unit whose values are all assigned
// is skipped by the hidden singles).
//
// kRules: the board has rules (core/rules.hpp) besides its units; each rule's propagator
// (solver/propagators.hpp) runs inside the fixed point. Without rules the engine compiles to the
// units-only search, with no watch flags and no rule pass.
template <bool kRules>
class Engine {
 public:
  // `rules` (kRules only): the rules to propagate, those of the board first; `extra`: per cell
  // the peers the rules add that the board's `peers` do not hold yet (empty when the rules are the
  // board's own), or null.
  Engine(const Board& board, const std::vector<const Rule*>* rules, const std::vector<std::vector<int>>* extra,
         const Request& req)
      : geo_(board), req_(req), n_(board.n), cells_(board.cells), all_(board.shape.all()),
        locked_(!kRules && n_ >= 9 && req.rng == nullptr && board.classic()),
        stride_(static_cast<size_t>(cells_) + board.units.size()),
        pairs_(!kRules && n_ >= 9 && req.rng == nullptr && board.jigsaw() && board.has_extras() ? &unit_pairs(board)
                                                                                            : nullptr),
        extra_(extra), cand_(board, queue_) {
    if constexpr (kRules) {
      Watches& w = watches();
      w.reset();
      contexts_.clear();
      for (const Rule* r : *rules) contexts_.push_back(make_rule_context(*r, board, w));
      w.finish(cells_);
      cand_.set_watches(w);
    }
  }

  // Searches from the givens `given` (cells bytes). The first solution goes to `first` (a grid on
  // `board`) when it is not null, every solution to `found` (cells bytes each, appended) when it is
  // not null.
  Outcome run(const std::uint8_t* given, Grid* first, const std::shared_ptr<const Board>& board,
              std::vector<std::uint8_t>* found) {
    Outcome out;
    // Every state is written before it is read (state 0 below, deeper ones copied from their
    // parent), so the reused buffers need no clearing.
    const size_t depths = static_cast<size_t>(cells_) + 1;
    if (pool_.size() < stride_ * depths) pool_.resize(stride_ * depths);
    if (queue_.size() < static_cast<size_t>(cells_) * 4) queue_.resize(static_cast<size_t>(cells_) * 4);
    if (branched_.size() < depths) branched_.resize(depths);
    std::uint32_t* s0 = pool_.data();
    for (int c = 0; c < cells_; ++c) {
      const int v = given[c];
      if (v > n_) return out;
      s0[c] = v ? bit(v) : all_;
    }
    std::fill(s0 + cells_, s0 + stride_, 0u);
    if (req_.exclude_cell >= 0 && req_.exclude_cell < cells_ && req_.exclude_value >= 1 &&
        req_.exclude_value <= n_)
      s0[req_.exclude_cell] &= ~bit(req_.exclude_value);

    // branched_[d]: the cell branched on at depth d, the one cell of state d (and of state d + 1)
    // that differs from a propagated state; -1 for the root, where every cell is new.
    branched_[0] = -1;
    int depth = 0;
    while (depth >= 0) {
      std::uint32_t* s = state(depth);
      if (!propagate(s, branched_[static_cast<size_t>(depth)])) {
        --depth;
        continue;
      }
      const int c = choose_cell(s);
      if (c < 0) {  // every cell assigned: a solution
        if (++out.count == 1 && first) {
          *first = Grid(geo_.shape);
          first->cells.resize(static_cast<size_t>(cells_));
          first->board = board;
          for (int i = 0; i < cells_; ++i)
            first->cells[static_cast<size_t>(i)] = static_cast<std::uint8_t>(lowest_value(s[i] & all_));
        }
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
      Mask pick = m & (~m + 1);  // lowest candidate
      if (req_.rng) {
        int k = static_cast<int>(req_.rng->below(static_cast<std::uint32_t>(popcount(m))));
        Mask rest = m;
        while (k-- > 0) rest &= rest - 1;
        pick = rest & (~rest + 1);
      }
      // Binary branch: the deeper state tries c = pick, this one keeps c != pick for later.
      std::uint32_t* next = state(depth + 1);
      std::copy(s, s + stride_, next);
      next[c] = pick;
      s[c] &= ~pick;
      branched_[static_cast<size_t>(depth)] = branched_[static_cast<size_t>(depth) + 1] = c;
      ++depth;
    }
    return out;
  }

 private:
  std::uint32_t* state(int depth) { return pool_.data() + static_cast<size_t>(depth) * stride_; }

  // Removes `m` from cell c; queues it when one candidate is left. False on a contradiction.
  bool eliminate(std::uint32_t*, int c, Mask m) { return cand_.template eliminate_impl<kRules>(c, m); }

  // Eliminates the single candidate of `c` from its peers. False on a contradiction.
  bool assign(std::uint32_t* s, int c) {
    const Mask b = s[c] & all_;
    s[c] |= kAssigned;
    std::uint32_t* placed = s + cells_;
    for (int u : geo_.unit_of[static_cast<size_t>(c)]) placed[u] |= b;
    for (int u : geo_.extra_of[static_cast<size_t>(c)]) placed[u] |= b;
    for (int p : geo_.peers[static_cast<size_t>(c)])
      if (!eliminate(s, p, b)) return false;
    if constexpr (kRules)
      if (extra_)
        for (int p : (*extra_)[static_cast<size_t>(c)])
          if (!eliminate(s, p, b)) return false;
    return true;
  }

  // Assigns every queued single. False on a contradiction.
  bool drain(std::uint32_t* s) {
    while (cand_.queued()) {
      const int c = cand_.pop();
      if (!(s[c] & kAssigned) && !assign(s, c)) return false;
    }
    cand_.clear_queue();
    return true;
  }

  // Hidden singles in every unit; `changed` set if any was found. False on a contradiction.
  bool hidden_singles(std::uint32_t* s, bool& changed) {
    const std::uint32_t* placed = s + cells_;
    const int units = static_cast<int>(geo_.units.size());
    for (int u = 0; u < units; ++u) {
      if (placed[u] == all_) continue;  // every value assigned
      const auto& unit = geo_.units[static_cast<size_t>(u)];
      // An assigned value is in its cell only (assign() took it from the peers), so counting the
      // assigned cells too leaves the values seen once outside placed[u] as they were.
      Mask once = 0, twice = 0;
      for (int c : unit) {
        const Mask m = s[c] & all_;
        twice |= once & m;
        once |= m;
      }
      if (once != all_) return false;  // a value has no place left in this unit
      for (Mask hidden = once & ~twice & ~placed[u]; hidden; hidden &= hidden - 1) {
        const Mask b = hidden & (~hidden + 1);
        for (int c : unit) {
          if ((s[c] & kAssigned) || !(s[c] & b)) continue;
          // A cell that is the only place of two values keeps one; the unit check on the next
          // pass finds the other without a place.
          if (s[c] & ~b) {
            s[c] = b;
            if constexpr (kRules) cand_.touched(c);
            cand_.push(c);
            changed = true;
          }
          break;
        }
      }
    }
    return true;
  }

  // Candidates of the unassigned cells in rows [r0, r1) x columns [c0, c1).
  Mask block(const std::uint32_t* s, int r0, int r1, int c0, int c1) const {
    Mask m = 0;
    for (int r = r0; r < r1; ++r)
      for (int c = c0; c < c1; ++c) {
        const std::uint32_t x = s[r * n_ + c];
        if (!(x & kAssigned)) m |= x;
      }
    return m;
  }

  // Removes `m` from rows [r0, r1) x columns [c0, c1) except rows [sr0, sr1) x columns [sc0, sc1).
  bool eliminate_block(std::uint32_t* s, Mask m, int r0, int r1, int c0, int c1, int sr0, int sr1, int sc0,
                       int sc1, bool& changed) {
    for (int r = r0; r < r1; ++r)
      for (int c = c0; c < c1; ++c) {
        if (r >= sr0 && r < sr1 && c >= sc0 && c < sc1) continue;
        const int cell = r * n_ + c;
        if (s[cell] & m) {
          if (!eliminate(s, cell, m)) return false;
          changed = true;
        }
      }
    return true;
  }

  // Locked candidates: a value confined to one line inside a box leaves the rest of the line
  // (pointing); confined to one box inside a line, it leaves the rest of the box (claiming).
  bool locked_candidates(std::uint32_t* s, bool& changed) {
    const int br = geo_.shape.box_rows, bc = geo_.shape.box_cols;
    Mask seg[kMaxN];
    for (int top = 0; top < n_; top += br) {
      for (int left = 0; left < n_; left += bc) {
        // Pointing along rows, then along columns.
        for (int i = 0; i < br; ++i) seg[i] = block(s, top + i, top + i + 1, left, left + bc);
        for (int i = 0; i < br; ++i) {
          Mask others = 0;
          for (int j = 0; j < br; ++j)
            if (j != i) others |= seg[j];
          if (const Mask only = seg[i] & ~others)
            if (!eliminate_block(s, only, top + i, top + i + 1, 0, n_, top + i, top + i + 1, left, left + bc, changed))
              return false;
        }
        for (int i = 0; i < bc; ++i) seg[i] = block(s, top, top + br, left + i, left + i + 1);
        for (int i = 0; i < bc; ++i) {
          Mask others = 0;
          for (int j = 0; j < bc; ++j)
            if (j != i) others |= seg[j];
          if (const Mask only = seg[i] & ~others)
            if (!eliminate_block(s, only, 0, n_, left + i, left + i + 1, top, top + br, left + i, left + i + 1, changed))
              return false;
        }
      }
    }
    // Claiming: row r split into n / bc box segments; column c into n / br segments.
    for (int r = 0; r < n_; ++r) {
      const int k = n_ / bc, top = r - r % br;
      for (int i = 0; i < k; ++i) seg[i] = block(s, r, r + 1, i * bc, i * bc + bc);
      for (int i = 0; i < k; ++i) {
        Mask others = 0;
        for (int j = 0; j < k; ++j)
          if (j != i) others |= seg[j];
        if (const Mask only = seg[i] & ~others)
          if (!eliminate_block(s, only, top, top + br, i * bc, i * bc + bc, r, r + 1, i * bc, i * bc + bc, changed))
            return false;
      }
    }
    for (int c = 0; c < n_; ++c) {
      const int k = n_ / br, left = c - c % bc;
      for (int i = 0; i < k; ++i) seg[i] = block(s, i * br, i * br + br, c, c + 1);
      for (int i = 0; i < k; ++i) {
        Mask others = 0;
        for (int j = 0; j < k; ++j)
          if (j != i) others |= seg[j];
        if (const Mask only = seg[i] & ~others)
          if (!eliminate_block(s, only, i * br, i * br + br, left, left + bc, i * br, i * br + br, c, c + 1, changed))
            return false;
      }
    }
    return true;
  }

  // Naked and hidden singles to a fixed point, then locked candidates (when they pay for
  // themselves: n >= 9 and not a random fill, where they rarely fire), again until nothing
  // changes. False on a contradiction. `changed_cell` is the one cell that differs from a propagated
  // state, or -1 to look at every cell.
  //
  // With rules, every rule's propagator runs after the queued singles are assigned and before the
  // unit passes (on a killer without givens the cages do most of the work), and every watch flag is
  // raised first: the flags were left by another node.
  bool propagate(std::uint32_t* s, int changed_cell) {
    cand_.point(s);
    cand_.clear_queue();
    if constexpr (kRules) watches().raise_all();
    const int first = changed_cell < 0 ? 0 : changed_cell;
    const int last = changed_cell < 0 ? cells_ : changed_cell + 1;
    for (int c = first; c < last; ++c) {
      const std::uint32_t m = s[c];
      if (m & kAssigned) continue;
      if (!m) return false;
      if (!(m & (m - 1))) cand_.push(c);
    }
    for (;;) {
      if (!drain(s)) return false;
      bool changed = false;
      if constexpr (kRules) {
        for (RuleContext& ctx : contexts_)
          if (!propagate_rule(ctx, cand_, changed)) return false;
        if (changed) continue;
      }
      if (!hidden_singles(s, changed)) return false;
      if (changed) continue;
      if (locked_ && !locked_candidates(s, changed)) return false;
      if (pairs_ && !changed && !pair_locked(s, changed)) return false;
      if (!changed) return true;
    }
  }

  // Locked candidates between any two units sharing two cells or more (UnitPairs): a value whose
  // places in unit `a` all lie in the shared cells leaves the rest of unit `b`.
  bool pair_locked(std::uint32_t* s, bool& changed) {
    const std::uint32_t* placed = s + cells_;
    const UnitPairs& up = *pairs_;
    for (const UnitPairs::Pair& p : up.pairs) {
      if (placed[p.a] == all_) continue;
      Mask in = 0, out = 0;
      for (int i = p.shared; i < p.a_rest; ++i)
        if (const std::uint32_t m = s[up.cells[static_cast<size_t>(i)]]; !(m & kAssigned)) in |= m;
      for (int i = p.a_rest; i < p.b_rest; ++i)
        if (const std::uint32_t m = s[up.cells[static_cast<size_t>(i)]]; !(m & kAssigned)) out |= m;
      const Mask only = in & ~out & all_ & ~placed[p.a];
      if (!only) continue;
      for (int i = p.b_rest; i < p.end; ++i) {
        const int c = up.cells[static_cast<size_t>(i)];
        if (s[c] & only) {
          if (!eliminate(s, c, only & s[c])) return false;
          changed = true;
        }
      }
    }
    return true;
  }

  // The first unassigned cell with at most two candidates, else the first with the fewest; -1 if
  // all are assigned.
  int choose_cell(const std::uint32_t* s) const {
    int best = -1, best_count = 1 << 30;
    for (int c = 0; c < cells_; ++c) {
      const std::uint32_t m = s[c];
      if (m & kAssigned) continue;
      if (const std::uint32_t rest = m & (m - 1); !(rest & (rest - 1))) return c;  // no count needed
      const int k = popcount(m);
      if (k < best_count) {
        best = c;
        best_count = k;
      }
    }
    return best;
  }

  const Board& geo_;
  const Request& req_;
  const int n_;
  const int cells_;
  const Mask all_;
  const bool locked_;
  const size_t stride_;  // words per state: the cells, then the units
  const UnitPairs* pairs_;  // locked candidates between any two units (jigsaw boards with extra units), or null
  // Per-thread buffers, reused by every search of the thread (a search never starts another):
  // the generator calls this engine thousands of times a second on small grids, where allocating
  // and clearing the states cost as much as the search.
  struct Buffers {
    std::vector<std::uint32_t> pool;
    std::vector<int> queue;
    std::vector<int> branched;
    Watches watches;
    std::vector<RuleContext> contexts;
  };
  static Buffers& buffers() {
    thread_local Buffers b;
    return b;
  }
  static Watches& watches() { return buffers().watches; }
  std::vector<std::uint32_t>& pool_ = buffers().pool;
  std::vector<int>& queue_ = buffers().queue;  // cells left with one candidate, waiting to be assigned
  std::vector<int>& branched_ = buffers().branched;  // per depth, see run()
  std::vector<RuleContext>& contexts_ = buffers().contexts;  // per rule, its propagator's context
  const std::vector<std::vector<int>>* extra_;
  Candidates cand_;
};

// Per thread: the rules of the search being set up, and the peers they add.
struct RuleBuffers {
  std::vector<const Rule*> rules;
  std::vector<std::vector<int>> extra;
};
RuleBuffers& rule_buffers() {
  thread_local RuleBuffers b;
  return b;
}

}  // namespace

Outcome search(const Grid& g, const Request& req, Grid* first) {
  if (g.shape.n() < 1 || g.shape.n() > kMaxN || g.size() != (g.board ? g.board->cells : g.shape.cells())) return {};
  const Board& board = board_of(g);
  if (board.cells != g.size()) return {};
  if (board.rules.empty()) return Engine<false>(board, nullptr, nullptr, req).run(g.cells.data(), first, g.board, nullptr);
  auto& rb = rule_buffers();
  rb.rules.clear();
  for (const Rule& r : board.rules) rb.rules.push_back(&r);
  return Engine<true>(board, &rb.rules, nullptr, req).run(g.cells.data(), first, g.board, nullptr);
}

Outcome search(const Board& base, const std::vector<Rule>& rules, const std::uint8_t* cells, const Request& req,
               std::vector<std::uint8_t>* found) {
  if (base.n < 1 || base.n > kMaxN) return {};
  static const std::shared_ptr<const Board> kNoBoard;
  if (base.rules.empty() && rules.empty())
    return Engine<false>(base, nullptr, nullptr, req).run(cells, nullptr, kNoBoard, found);
  auto& rb = rule_buffers();
  rb.rules.clear();
  for (const Rule& r : base.rules) rb.rules.push_back(&r);
  for (const Rule& r : rules) rb.rules.push_back(&r);
  // The peers `rules` add (the base's own rules are in its peers already).
  rb.extra.resize(static_cast<size_t>(base.cells));
  for (auto& e : rb.extra) e.clear();
  for (const Rule& r : rules) std::visit([&](const auto& rule) { add_peers(rule, rb.extra); }, r);
  return Engine<true>(base, &rb.rules, rules.empty() ? nullptr : &rb.extra, req).run(cells, nullptr, kNoBoard, found);
}

}  // namespace gp::solver::generic
