// Internal to the chain techniques (chains.cpp, chains_multi.cpp): potentials, their instances
// and runs, the per-thread work space, and the best hint so far.
//
// Vocabulary: a candidate (cell, value) gives two "potentials" (nodes): on (the cell holds the
// value) and off (it does not). Implications between potentials:
//   on  -> off : the other candidates of the cell (only when bivalue-cell "Y" links are enabled)
//                and the same value in the cell's box, row and column (in that order), then in
//                its extra units (diagonals, windows) on a variant board;
//   off -> on  : a cell left with one candidate (Y links) or a unit left with one position for the
//                value (conjugate "X" links), in box, row, column, extra units order.
// Static searches evaluate these on the state as given; dynamic ones remove every candidate that
// is switched off as the search goes, so later implications see the reduced grid.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "grader/state.hpp"

namespace gp::grader::chaining {

// Arrays are sized for the largest board (state.hpp: kMaxCells, kMaxUnits); bind() and restore()
// touch only the part the bound board uses.
// Population count of a 16-bit mask by table (std::popcount is a library call without -mpopcnt).
struct PopTable {
  std::uint8_t t[1 << 16];
  constexpr PopTable() : t{} {
    for (int i = 1; i < (1 << 16); ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1));
  }
};
inline constexpr PopTable kPop{};
inline int pc(Mask m) { return kPop.t[m & 0xFFFFu]; }
inline constexpr int kMaxNodes = kMaxCells * kMaxN * 2;
inline constexpr int kCauseNone = -1;  // the assumption, or an off potential
inline constexpr int kCauseCell = -2;  // on because the cell has one candidate left
// Most links from one potential: the other values of its cell and its value in every unit of it.
inline constexpr int kMaxLinks = kMaxN * (4 + kMaxCellExtras);
// 64-bit words of a set of cells.
inline constexpr int kCellWords = (kMaxCells + 63) / 64;

// One derived potential. Off potentials of cycle searches may occur several times with different
// parents (SE keeps every instance); everywhere else each node has one instance.
struct Inst {
  int node = 0;        // candidate * 2 + (on ? 1 : 0), candidate = cell * n + value - 1
  int parent = -1;     // instance index of the main parent, -1 for the assumption
  int clock = 0;       // candidates switched off (dynamic searches) when this was derived
  int depth = 0;
  int adv_begin = 0;   // extra parents (advanced rules): Run::adv[adv_begin, adv_begin + adv_count)
  int adv_count = 0;
  int cause = kCauseNone;  // kCauseCell, or the unit whose last position this is
};

struct Run {
  std::vector<Inst> arena;
  std::vector<int> inst_of;        // per node: first instance, -1 if absent
  std::vector<int> off_clock;      // per candidate: when switched off (dynamic), 0 if not
  std::vector<int> nodes;          // nodes in insertion order
  std::vector<int> offed;          // candidates with off_clock set
  std::vector<int> adv;
  int absurd_on = -1;
  int absurd_off = -1;

  void prepare(int node_count) {
    if (static_cast<int>(inst_of.size()) < node_count) {
      inst_of.assign(static_cast<std::size_t>(node_count), -1);
      off_clock.assign(static_cast<std::size_t>(node_count / 2), 0);
      nodes.clear();
      offed.clear();
    }
    for (int nd : nodes) inst_of[static_cast<std::size_t>(nd)] = -1;
    for (int c : offed) off_clock[static_cast<std::size_t>(c)] = 0;
    nodes.clear();
    offed.clear();
    arena.clear();
    adv.clear();
    absurd_on = absurd_off = -1;
  }
  bool has(int node) const { return inst_of[static_cast<std::size_t>(node)] >= 0; }
  int inst(int node) const { return inst_of[static_cast<std::size_t>(node)]; }
  // Adds an instance; registers it as the node's instance if the node is new.
  int add(const Inst& in) {
    const int id = static_cast<int>(arena.size());
    arena.push_back(in);
    if (!has(in.node)) {
      inst_of[static_cast<std::size_t>(in.node)] = id;
      nodes.push_back(in.node);
    }
    return id;
  }
};

struct Link {
  int node;
  int cause;
};

enum class Family { kNishio, kMultiple, kDynamic };

struct Mode {
  bool y = true;        // bivalue-cell links
  bool dynamic = false;
  int level = 0;        // 0: plain; 1: + locked candidates, pairs, X-wing; 2: + nested chains
  bool nishio = false;
  bool multiple = false;
};

// Per-thread work space, reused across calls.
struct Work {
  const State* s = nullptr;
  bool extras = false;  // the board has extra units (s->has_extras())
  int n = 0;
  int cells = 0;
  int node_count = 0;
  std::array<Mask, kMaxCells> orig{};
  std::array<Mask, kMaxCells> cur{};
  // Positions of each value in each unit (bit i = the unit's i-th cell), index u * n + v - 1:
  // pos0 for `orig`, pos kept in step with `cur`.
  std::array<Mask, kMaxUnits * kMaxN> pos0{};
  std::array<Mask, kMaxUnits * kMaxN> pos{};
  std::array<std::array<std::uint8_t, 3>, kMaxCells> idx{};  // index of a cell in its row, column, box
  int clock = 0;
  std::vector<std::uint32_t> seen;   // per node, ancestor walks
  std::uint32_t seen_gen = 0;
  std::vector<std::uint32_t> mark_a; // per candidate, eliminations of cycles
  std::vector<std::uint32_t> mark_b;
  std::uint32_t mark_gen = 0;
  // chains.cpp's cycle search: per node its parent in the search (valid where `seen` is stamped),
  // and kClosesLoop / kNegation marks on the few potentials the search watches for.
  std::vector<int> par;
  std::vector<std::uint8_t> flag;
  std::vector<int> loop;             // a cycle's potentials, from its end back to the start
  std::vector<int> bfs;              // chains.cpp: a search's potentials, each once (kMaxNodes)
  // Cell sets of `cell_words` words (bind_cell_bits; the peers' are the State's, peer_bits):
  // each value's cells that have it as a candidate.
  std::size_t cell_words = 0;
  std::vector<std::uint64_t> cand_bits;
  std::vector<int> stack;
  std::vector<int> qon, qoff;
  // The static searches' links (chains.cpp): the pass's, and those through units, made once per
  // call (the state as bound does not change while the searches run).
  struct LinkTable {
    std::vector<int> begin, end;  // per potential of a candidate: its links pool[begin, end)
    std::vector<Link> pool;
  };
  LinkTable links;
  LinkTable unit_links;  // the links through units only (no bivalue-cell links), for every pass
  std::vector<int> path;
  Run unary;
  std::vector<Run> value_runs;   // cell forcing: one per value
  Run off_run;
  std::vector<Run> pos_runs;     // region forcing: one per position
  int nested_budget = 0;

  void bind(const State& st) {
    s = &st;
    extras = st.has_extras();
    n = st.n();
    cells = st.cells();
    node_count = cells * n * 2;
    if (static_cast<int>(seen.size()) < kMaxNodes) {
      seen.assign(kMaxNodes, 0);
      mark_a.assign(kMaxNodes / 2, 0);
      mark_b.assign(kMaxNodes / 2, 0);
      par.assign(kMaxNodes, -1);
      bfs.assign(kMaxNodes, 0);
      flag.assign(kMaxNodes, 0);
      value_runs.resize(kMaxN);
      pos_runs.resize(kMaxN);
    }
    for (int c = 0; c < cells; ++c) orig[static_cast<std::size_t>(c)] = st.cand(c);
    std::copy_n(orig.begin(), cells, cur.begin());
    std::fill(pos0.begin(), pos0.begin() + st.unit_count() * n, 0);
    for (int u = 0; u < st.unit_count(); ++u) {
      const auto& cs = st.unit(u);
      const int kind = u < n ? 0 : (u < 2 * n ? 1 : 2);
      for (int i = 0; i < n; ++i) {
        const int cell = cs[static_cast<std::size_t>(i)];
        if (u < 3 * n) idx[static_cast<std::size_t>(cell)][static_cast<std::size_t>(kind)] = static_cast<std::uint8_t>(i);
        for (Mask m = orig[static_cast<std::size_t>(cell)]; m; m &= m - 1)
          pos0[static_cast<std::size_t>(u * n + lowest_value(m) - 1)] |= Mask{1} << i;
      }
    }
    // On a board of several grids a cell's row, column and box (units_of) need not be units below
    // 3n: take its positions from the state's table.
    if (st.multi_grid())
      for (int c = 0; c < cells; ++c)
        for (int k = 0; k < 3; ++k)
          idx[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(st.index_in(c, k));
    std::copy_n(pos0.begin(), st.unit_count() * n, pos.begin());
  }
  // cand_bits for the state as bound.
  void bind_cell_bits() {
    cell_words = static_cast<std::size_t>(s->cell_words());
    cand_bits.assign(static_cast<std::size_t>(n) * cell_words, 0);
    for (int c = 0; c < cells; ++c) {
      for (Mask m = orig[static_cast<std::size_t>(c)]; m; m &= m - 1)
        cand_bits[static_cast<std::size_t>(lowest_value(m) - 1) * cell_words + static_cast<std::size_t>(c / 64)] |=
            std::uint64_t{1} << (c % 64);
    }
  }
  // Back to the state as bound: `cur` and `pos` from `orig` and `pos0` (the used part only).
  void restore() {
    std::copy_n(orig.begin(), cells, cur.begin());
    std::copy_n(pos0.begin(), s->unit_count() * n, pos.begin());
  }
  Mask& pos_of(int u, int v) { return pos[static_cast<std::size_t>(u * n + v - 1)]; }
  Mask pos_of(int u, int v) const { return pos[static_cast<std::size_t>(u * n + v - 1)]; }
  // Switches candidate (cell, v) off in `cur` and `pos`.
  void remove(int cell, int v) {
    cur[static_cast<std::size_t>(cell)] &= ~bit(v);
    const auto& us = s->units_of(cell);
    for (std::size_t k = 0; k < 3; ++k) pos_of(us[k], v) &= ~(Mask{1} << idx[static_cast<std::size_t>(cell)][k]);
    if (!extras) return;
    for (int i = 0; i < s->extra_count(cell); ++i) pos_of(s->extra_unit(cell, i), v) &= ~(Mask{1} << s->extra_index(cell, i));
  }
  std::uint32_t next_seen() {
    if (++seen_gen == 0) {
      std::fill(seen.begin(), seen.end(), 0);
      seen_gen = 1;
    }
    return seen_gen;
  }
  std::uint32_t next_mark() {
    if (++mark_gen == 0) {
      std::fill(mark_a.begin(), mark_a.end(), 0);
      std::fill(mark_b.begin(), mark_b.end(), 0);
      mark_gen = 1;
    }
    return mark_gen;
  }

  int cand_of(int cell, int v) const { return cell * n + v - 1; }
  int node_of(int cell, int v, bool on) const { return (cell * n + v - 1) * 2 + (on ? 1 : 0); }
  int cell_of_node(int node) const { return node / 2 / n; }
  int value_of_node(int node) const { return node / 2 % n + 1; }
  static bool is_on(int node) { return (node & 1) != 0; }
  Mask c(int cell) const { return cur[static_cast<std::size_t>(cell)]; }
  // Units of a cell in SE's order: box, row, column.
  std::array<int, 3> se_units(int cell) const {
    const auto& u = s->units_of(cell);
    return {u[2], u[0], u[1]};
  }

  // on (cell, v) -> off potentials.
  int on_to_off(int cell, int v, bool y, Link* out) const {
    int k = 0;
    if (y) {
      Mask m = c(cell) & ~bit(v);
      while (m) {
        const int w = lowest_value(m);
        m &= m - 1;
        out[k++] = {node_of(cell, w, false), kCauseNone};
      }
    }
    const auto units = se_units(cell);
    const int box = s->units_of(cell)[2];
    for (int i = 0; i < 3; ++i) {
      const auto& cs = s->unit(units[static_cast<std::size_t>(i)]);
      for (Mask m = pos_of(units[static_cast<std::size_t>(i)], v); m; m &= m - 1) {
        const int o = cs[static_cast<std::size_t>(std::countr_zero(m))];
        if (o == cell) continue;
        if (i > 0 && s->units_of(o)[2] == box) continue;  // already listed with the box
        out[k++] = {node_of(o, v, false), kCauseNone};
      }
    }
    if (extras) k = extra_on_to_off(cell, v, out, k);
    return k;
  }

  // The extra units' part of on_to_off: v in the cell's diagonals or windows (on a samurai board
  // its second grid's row and column), skipping cells already listed (those sharing the cell's
  // row, column, box or an earlier extra unit). Kept out of line: the searches that inline
  // on_to_off stay as lean on a classic board as they were.
  [[gnu::noinline]] int extra_on_to_off(int cell, int v, Link* out, int k) const {
    const auto& us = s->units_of(cell);
    for (int e = 0; e < s->extra_count(cell); ++e) {
      const int u = s->extra_unit(cell, e);
      const auto& cs = s->unit(u);
      for (Mask m = pos_of(u, v); m; m &= m - 1) {
        const int o = cs[static_cast<std::size_t>(std::countr_zero(m))];
        if (o == cell) continue;
        const auto& uo = s->units_of(o);
        if (uo[0] == us[0] || uo[1] == us[1] || uo[2] == us[2]) continue;
        bool listed = false;
        for (int f = 0; f < e && !listed; ++f) listed = s->in_unit(o, s->extra_unit(cell, f));
        if (!listed) out[k++] = {node_of(o, v, false), kCauseNone};
      }
    }
    return k;
  }

  // off (cell, v) -> on potentials. Requires (cell, v) still a candidate in `cur`.
  int off_to_on(int cell, int v, bool y, bool x, Link* out) const {
    int k = 0;
    if (y && pc(c(cell)) == 2) {
      const int w = lowest_value(c(cell) & ~bit(v));
      out[k++] = {node_of(cell, w, true), kCauseCell};
    }
    if (x) {
      static constexpr std::size_t kKind[3] = {2, 0, 1};  // se_units order: box, row, column
      const auto units = se_units(cell);
      for (std::size_t i = 0; i < 3; ++i) {
        const int u = units[i];
        const Mask pm = pos_of(u, v);
        if (pc(pm) != 2) continue;
        const Mask rest = pm & ~(Mask{1} << idx[static_cast<std::size_t>(cell)][kKind[i]]);
        if (rest == pm) continue;
        const int other = s->unit(u)[static_cast<std::size_t>(std::countr_zero(rest))];
        const int nd = node_of(other, v, true);
        bool dup = false;
        for (int j = 0; j < k; ++j) dup = dup || out[j].node == nd;
        if (!dup) out[k++] = {nd, u};
      }
      for (int e = 0; extras && e < s->extra_count(cell); ++e) {  // conjugates in diagonals and windows
        const int u = s->extra_unit(cell, e);
        const Mask pm = pos_of(u, v);
        if (pc(pm) != 2) continue;
        const Mask rest = pm & ~(Mask{1} << s->extra_index(cell, e));
        if (rest == pm) continue;
        const int nd = node_of(s->unit(u)[static_cast<std::size_t>(std::countr_zero(rest))], v, true);
        bool dup = false;
        for (int j = 0; j < k; ++j) dup = dup || out[j].node == nd;
        if (!dup) out[k++] = {nd, u};
      }
    }
    return k;
  }

  // Number of distinct potentials among the ancestors of instance `id` (itself included), with
  // the hidden parents of dynamic searches: the candidates switched off earlier in the same cell
  // (cell cause) or in the same unit (unit cause).
  int ancestors(const Run& r, int id) {
    const std::uint32_t g = next_seen();
    stack.clear();
    stack.push_back(id);
    int count = 0;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      const Inst& in = r.arena[static_cast<std::size_t>(i)];
      if (seen[static_cast<std::size_t>(in.node)] == g) continue;
      seen[static_cast<std::size_t>(in.node)] = g;
      ++count;
      if (in.parent >= 0) stack.push_back(in.parent);
      for (int j = 0; j < in.adv_count; ++j) stack.push_back(r.adv[static_cast<std::size_t>(in.adv_begin + j)]);
      if (in.cause == kCauseNone || r.offed.empty()) continue;
      const int cell = cell_of_node(in.node);
      const int v = value_of_node(in.node);
      auto hidden = [&](int hc, int hv) {
        const int cand = cand_of(hc, hv);
        const int t = r.off_clock[static_cast<std::size_t>(cand)];
        if (t != 0 && t <= in.clock) stack.push_back(r.inst(cand * 2));
      };
      if (in.cause == kCauseCell) {
        Mask m = orig[static_cast<std::size_t>(cell)] & ~bit(v);
        while (m) {
          hidden(cell, lowest_value(m));
          m &= m - 1;
        }
      } else {
        for (int o : s->unit(in.cause))
          if (o != cell && (orig[static_cast<std::size_t>(o)] & bit(v))) hidden(o, v);
      }
    }
    return count;
  }

  // "r2c7=5" / "r2c7<>5".
  void append_node(std::string& out, int node) const {
    out += s->cell_name(cell_of_node(node));
    out += is_on(node) ? "=" : "<>";
    append_value(out, value_of_node(node));
  }
  // The main-parent path from the assumption to instance `id`, joined by " -> ".
  void append_path(std::string& out, const Run& r, int id) {
    path.clear();
    for (int i = id; i >= 0; i = r.arena[static_cast<std::size_t>(i)].parent) path.push_back(i);
    for (std::size_t j = path.size(); j-- > 0;) {
      append_node(out, r.arena[static_cast<std::size_t>(path[j])].node);
      if (j > 0) out += " -> ";
    }
  }
};

// Nested chains run a forcing-chain search inside a dynamic one: each nesting depth has its own
// work space.
inline thread_local int t_depth = 0;
inline Work& work() {
  thread_local Work ws[2];
  return ws[t_depth];
}

// The best hint so far: lowest rating (tenths), then lowest complexity, then SE's sort key; the
// first found wins ties.
struct Best {
  bool found = false;
  int tenths = 0;
  int complexity = 0;
  int key = 0;
  bool beats(int t, int c, int k) const {
    if (!found) return true;
    if (t != tenths) return t < tenths;
    if (c != complexity) return c < complexity;
    return k < key;
  }
  void set(int t, int c, int k) {
    found = true;
    tenths = t;
    complexity = c;
    key = k;
  }
};

inline void finish(Step& out, const std::string& name, int tenths) {
  out.technique = name;
  out.rating = tenths / 10.0;
}

// Eliminations making "cell = v" true: every other candidate of the cell.
inline void eliminate_others(const Work& w, Step& out, int cell, int v) {
  Mask m = w.s->cand(cell) & ~bit(v);
  while (m) {
    out.eliminations.push_back({cell, lowest_value(m)});
    m &= m - 1;
  }
}

}  // namespace gp::grader::chaining
