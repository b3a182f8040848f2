// Chain techniques rated on Sudoku Explainer 1.2.1's scale. See chains.hpp for the contract and
// docs/grader-chains.md for the conventions (what a "potential" is, how complexity is counted).
//
// Vocabulary: a candidate (cell, value) gives two "potentials" (nodes): on (the cell holds the
// value) and off (it does not). Implications between potentials:
//   on  -> off : the other candidates of the cell (only when bivalue-cell "Y" links are enabled)
//                and the same value in the cell's box, row and column (in that order);
//   off -> on  : a cell left with one candidate (Y links) or a unit left with one position for the
//                value (conjugate "X" links), in box, row, column order.
// Static searches evaluate these on the state as given; dynamic ones remove every candidate that
// is switched off as the search goes, so later implications see the reduced grid.
#include "grader/chains.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "solver/solver.hpp"

namespace gp::grader {

int chain_length_tenths(int complexity) {
  int added = 0;
  int ceil = 4;
  bool odd = false;
  const int length = complexity - 2;
  while (length > ceil) {
    ++added;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

namespace {

constexpr int kMaxCells = kMaxN * kMaxN;

// Population count of a 16-bit mask by table (std::popcount is a library call without -mpopcnt).
struct PopTable {
  std::uint8_t t[1 << 16];
  constexpr PopTable() : t{} {
    for (int i = 1; i < (1 << 16); ++i) t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1));
  }
};
constexpr PopTable kPop{};
inline int pc(Mask m) { return kPop.t[m & 0xFFFFu]; }
constexpr int kMaxNodes = kMaxCells * kMaxN * 2;
constexpr int kCauseNone = -1;  // the assumption, or an off potential
constexpr int kCauseCell = -2;  // on because the cell has one candidate left

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
  int n = 0;
  int cells = 0;
  int node_count = 0;
  std::array<Mask, kMaxCells> orig{};
  std::array<Mask, kMaxCells> cur{};
  // Positions of each value in each unit (bit i = the unit's i-th cell), index u * n + v - 1:
  // pos0 for `orig`, pos kept in step with `cur`.
  std::array<Mask, 3 * kMaxN * kMaxN> pos0{};
  std::array<Mask, 3 * kMaxN * kMaxN> pos{};
  std::array<std::array<std::uint8_t, 3>, kMaxCells> idx{};  // index of a cell in its row, column, box
  int clock = 0;
  std::vector<std::uint32_t> seen;   // per node, ancestor walks
  std::uint32_t seen_gen = 0;
  std::vector<std::uint32_t> mark_a; // per candidate, eliminations of cycles
  std::vector<std::uint32_t> mark_b;
  std::uint32_t mark_gen = 0;
  std::vector<std::uint32_t> proc;   // per node: cycle search processed stamp
  std::vector<std::uint8_t> proc_src;
  std::uint32_t proc_gen = 0;
  std::vector<int> stack;
  std::vector<int> qon, qoff, qnext;
  std::vector<int> path;
  Run unary;
  std::vector<Run> value_runs;   // cell forcing: one per value
  Run off_run;
  std::vector<Run> pos_runs;     // region forcing: one per position
  int nested_budget = 0;

  void bind(const State& st) {
    s = &st;
    n = st.n();
    cells = st.cells();
    node_count = cells * n * 2;
    if (static_cast<int>(seen.size()) < kMaxNodes) {
      seen.assign(kMaxNodes, 0);
      mark_a.assign(kMaxNodes / 2, 0);
      mark_b.assign(kMaxNodes / 2, 0);
      proc.assign(kMaxNodes, 0);
      proc_src.assign(kMaxNodes, 0);
      value_runs.resize(kMaxN);
      pos_runs.resize(kMaxN);
    }
    for (int c = 0; c < cells; ++c) orig[static_cast<std::size_t>(c)] = st.cand(c);
    cur = orig;
    std::fill(pos0.begin(), pos0.begin() + 3 * n * n, 0);
    for (int u = 0; u < 3 * n; ++u) {
      const auto& cs = st.unit(u);
      const int kind = u < n ? 0 : (u < 2 * n ? 1 : 2);
      for (int i = 0; i < n; ++i) {
        const int cell = cs[static_cast<std::size_t>(i)];
        idx[static_cast<std::size_t>(cell)][static_cast<std::size_t>(kind)] = static_cast<std::uint8_t>(i);
        for (Mask m = orig[static_cast<std::size_t>(cell)]; m; m &= m - 1)
          pos0[static_cast<std::size_t>(u * n + lowest_value(m) - 1)] |= Mask{1} << i;
      }
    }
    pos = pos0;
  }
  Mask& pos_of(int u, int v) { return pos[static_cast<std::size_t>(u * n + v - 1)]; }
  Mask pos_of(int u, int v) const { return pos[static_cast<std::size_t>(u * n + v - 1)]; }
  // Switches candidate (cell, v) off in `cur` and `pos`.
  void remove(int cell, int v) {
    cur[static_cast<std::size_t>(cell)] &= ~bit(v);
    const auto& us = s->units_of(cell);
    for (std::size_t k = 0; k < 3; ++k) pos_of(us[k], v) &= ~(Mask{1} << idx[static_cast<std::size_t>(cell)][k]);
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
  std::uint32_t next_proc() {
    if (++proc_gen == 0) {
      std::fill(proc.begin(), proc.end(), 0);
      proc_gen = 1;
    }
    return proc_gen;
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
thread_local int t_depth = 0;
Work& work() {
  thread_local Work ws[2];
  return ws[t_depth];
}

bool is_parent(const Run& r, int id, int node) {
  for (int i = r.arena[static_cast<std::size_t>(id)].parent; i >= 0; i = r.arena[static_cast<std::size_t>(i)].parent)
    if (r.arena[static_cast<std::size_t>(i)].node == node) return true;
  return false;
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

void finish(Step& out, const std::string& name, int tenths) {
  out.technique = name;
  out.rating = tenths / 10.0;
}

// Eliminations making "cell = v" true: every other candidate of the cell.
void eliminate_others(const Work& w, Step& out, int cell, int v) {
  Mask m = w.s->cand(cell) & ~bit(v);
  while (m) {
    out.eliminations.push_back({cell, lowest_value(m)});
    m &= m - 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Forcing chains and cycles (SE's Chaining(false, false, false)).

struct UnarySearch {
  Work& w;
  Step& out;
  Best best;

  // Cycles from "cell = v" (SE doCycles): breadth-first, off potentials kept once per parent.
  void cycles(int cell, int v, bool y, bool x) {
    const int base = (x && y) ? 70 : 65;
    const int key = (x && y) ? 4 : (y ? 3 : 2);
    Run& r = w.unary;
    r.prepare(w.node_count);
    const int src_node = w.node_of(cell, v, true);
    w.qon.clear();
    w.qoff.clear();
    w.qon.push_back(r.add({src_node, -1, 0, 0, 0, 0, kCauseNone}));
    const std::uint32_t pg = w.next_proc();
    Link links[4 * kMaxN];
    int length = 0;
    while (!w.qon.empty() || !w.qoff.empty()) {
      ++length;
      // A cycle closes at an even length >= 4 with that many potentials.
      const int next_len = std::max(length + 1, 4);
      if (!best.beats(base + chain_length_tenths(next_len), next_len, key)) return;
      for (int p : w.qon) {
        const Inst& pi = r.arena[static_cast<std::size_t>(p)];
        const int k = w.on_to_off(w.cell_of_node(pi.node), w.value_of_node(pi.node), y, links);
        for (int j = 0; j < k; ++j) {
          if (is_parent(r, p, links[j].node)) continue;
          const int depth = r.arena[static_cast<std::size_t>(p)].depth + 1;
          w.qoff.push_back(r.add({links[j].node, p, 0, depth, 0, 0, kCauseNone}));
        }
      }
      w.qon.clear();
      ++length;
      for (std::size_t qi = 0; qi < w.qoff.size(); ++qi) {
        const int p = w.qoff[qi];
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const bool done = w.proc[static_cast<std::size_t>(pnode)] == pg;
        if (done) {
          // Same implications as the first instance; only a return to the start is new.
          if (length >= 4 && w.proc_src[static_cast<std::size_t>(pnode)]) close_cycle(r, p, src_node, length, base, key, x, y);
          continue;
        }
        w.proc[static_cast<std::size_t>(pnode)] = pg;
        w.proc_src[static_cast<std::size_t>(pnode)] = 0;
        const int k = w.off_to_on(w.cell_of_node(pnode), w.value_of_node(pnode), y, x, links);
        for (int j = 0; j < k; ++j) {
          if (links[j].node == src_node) {
            w.proc_src[static_cast<std::size_t>(pnode)] = 1;
            if (length >= 4) close_cycle(r, p, src_node, length, base, key, x, y);
          }
          if (!r.has(links[j].node)) {
            const int depth = r.arena[static_cast<std::size_t>(p)].depth + 1;
            w.qon.push_back(r.add({links[j].node, p, 0, depth, 0, 0, links[j].cause}));
          }
        }
      }
      w.qoff.clear();
    }
  }

  void close_cycle(Run& r, int parent, int src_node, int length, int base, int key, bool x, bool y) {
    const int tenths = base + chain_length_tenths(length);
    if (!best.beats(tenths, length, key)) return;
    const int dst = r.add({src_node, parent, 0, length, 0, 0, kCauseNone});
    const int complexity = w.ancestors(r, dst);
    if (!best.beats(tenths, complexity, key)) return;
    // Cells of the loop, then candidates outside it seeing an on and an off potential of the loop
    // with the same value (SE: they are off in both directions of the loop).
    const std::uint32_t g = w.next_mark();
    std::uint32_t cells_mark[kMaxCells / 32 + 1] = {};
    int selected = 0;
    for (int i = dst; r.arena[static_cast<std::size_t>(i)].parent >= 0; i = r.arena[static_cast<std::size_t>(i)].parent) {
      const int cell = w.cell_of_node(r.arena[static_cast<std::size_t>(i)].node);
      if (!(cells_mark[cell / 32] & (1u << (cell % 32)))) ++selected;
      cells_mark[cell / 32] |= 1u << (cell % 32);
    }
    std::size_t elim_count = 0;
    static thread_local std::vector<CellValue> elims;
    elims.clear();
    for (int i = dst; r.arena[static_cast<std::size_t>(i)].parent >= 0; i = r.arena[static_cast<std::size_t>(i)].parent) {
      const int node = r.arena[static_cast<std::size_t>(i)].node;
      const int cell = w.cell_of_node(node);
      const int v = w.value_of_node(node);
      for (int o : w.s->peers(cell)) {
        if ((cells_mark[o / 32] & (1u << (o % 32))) || !w.s->has(o, v)) continue;
        const int cand = w.cand_of(o, v);
        if (Work::is_on(node)) {
          if (w.mark_a[static_cast<std::size_t>(cand)] == g) continue;
          w.mark_a[static_cast<std::size_t>(cand)] = g;
          if (w.mark_b[static_cast<std::size_t>(cand)] == g) elims.push_back({o, v});
        } else {
          if (w.mark_b[static_cast<std::size_t>(cand)] == g) continue;
          w.mark_b[static_cast<std::size_t>(cand)] = g;
          if (w.mark_a[static_cast<std::size_t>(cand)] == g) elims.push_back({o, v});
        }
      }
    }
    elim_count = elims.size();
    if (elim_count == 0) return;
    best.set(tenths, complexity, key);
    out.clear();
    std::sort(elims.begin(), elims.end(), [](const CellValue& a, const CellValue& b) {
      return a.cell != b.cell ? a.cell < b.cell : a.value < b.value;
    });
    out.eliminations.assign(elims.begin(), elims.end());
    std::string name;
    if (x && y) name = "Bidirectional Cycle";
    else if (y) name = "Bidirectional Y-Cycle";
    else name = selected == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    finish(out, name, tenths);
    out.description = name + ": ";
    w.append_path(out.description, r, dst);
    out.description += " (loop of " + std::to_string(complexity) + " candidates)";
  }

  // Forcing chain from one potential to its negation (SE doForcingChains); the first is shortest.
  void forcing(int cell, int v, bool src_on, bool y) {
    const bool xy = y;
    const int base = xy ? 70 : 66;
    const int key = xy ? 4 : 2;
    Run& r = w.unary;
    r.prepare(w.node_count);
    const int src_node = w.node_of(cell, v, src_on);
    const int target_node = w.node_of(cell, v, !src_on);
    w.qon.clear();
    w.qoff.clear();
    const int src = r.add({src_node, -1, 0, 0, 0, 0, kCauseNone});
    (src_on ? w.qon : w.qoff).push_back(src);
    Link links[4 * kMaxN];
    while (!w.qon.empty() || !w.qoff.empty()) {
      // Every later conclusion lies at least one step beyond the shallowest pending potential.
      int depth = 1 << 20;
      if (!w.qon.empty()) depth = r.arena[static_cast<std::size_t>(w.qon.front())].depth;
      if (!w.qoff.empty()) depth = std::min(depth, r.arena[static_cast<std::size_t>(w.qoff.front())].depth);
      if (!best.beats(base + chain_length_tenths(depth + 2), depth + 2, key)) return;
      for (int p : w.qon) {
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int pdepth = r.arena[static_cast<std::size_t>(p)].depth;
        const int k = w.on_to_off(w.cell_of_node(pnode), w.value_of_node(pnode), y, links);
        for (int j = 0; j < k; ++j) {
          if (links[j].node == target_node) {
            found(r, r.add({target_node, p, 0, pdepth + 1, 0, 0, kCauseNone}), cell, v, src_on, xy, base, key);
            return;
          }
          if (!is_parent(r, p, links[j].node) && !r.has(links[j].node))
            w.qoff.push_back(r.add({links[j].node, p, 0, pdepth + 1, 0, 0, kCauseNone}));
        }
      }
      w.qon.clear();
      for (std::size_t qi = 0; qi < w.qoff.size(); ++qi) {
        const int p = w.qoff[qi];
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int pdepth = r.arena[static_cast<std::size_t>(p)].depth;
        const int k = w.off_to_on(w.cell_of_node(pnode), w.value_of_node(pnode), y, true, links);
        for (int j = 0; j < k; ++j) {
          if (links[j].node == target_node) {
            found(r, r.add({target_node, p, 0, pdepth + 1, 0, 0, links[j].cause}), cell, v, src_on, xy, base, key);
            return;
          }
          if (!r.has(links[j].node)) w.qon.push_back(r.add({links[j].node, p, 0, pdepth + 1, 0, 0, links[j].cause}));
        }
      }
      w.qoff.clear();
    }
  }

  void found(Run& r, int target, int cell, int v, bool src_on, bool xy, int base, int key) {
    const int complexity = w.ancestors(r, target);
    const int tenths = base + chain_length_tenths(complexity);
    if (!best.beats(tenths, complexity, key)) return;
    best.set(tenths, complexity, key);
    out.clear();
    std::string name = xy ? "Forcing Chain" : (complexity == 6 ? "Turbot Fish" : "Forcing X-Chain");
    finish(out, name, tenths);
    out.description = name + ": ";
    w.append_path(out.description, r, target);
    out.description += ", so ";
    out.description += w.s->cell_name(cell);
    if (src_on) {
      out.eliminations.push_back({cell, v});
      out.description += "<>";
    } else {
      eliminate_others(w, out, cell, v);
      out.description += "=";
    }
    append_value(out.description, v);
  }

  void pass(bool y, bool x) {
    const int cycle_base = (x && y) ? 70 : 65;
    const int forcing_base = (x && y) ? 70 : 66;
    if (best.found && best.tenths < std::min(cycle_base, x ? forcing_base : cycle_base)) return;
    for (int cell = 0; cell < w.cells; ++cell) {
      const Mask m0 = w.s->cand(cell);
      const int card = pc(m0);
      if (w.s->value(cell) != 0 || card < 2) continue;
      if (card > 2 && !x) continue;  // Y-cycles start from bivalue cells only
      for (Mask m = m0; m; m &= m - 1) {
        const int v = lowest_value(m);
        cycles(cell, v, y, x);
        if (x) {
          forcing(cell, v, true, y);
          forcing(cell, v, false, y);
        }
      }
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Multiple, Nishio and dynamic forcing chains (SE's Chaining(multiple, dynamic, nishio, level)).

bool advanced_offs(Work& w, Run& r, const Mode& m, std::vector<int>& added);

struct MultiSearch {
  Work& w;
  Step& out;
  Mode mode;
  Best best;
  int base = 80;

  // Full propagation from the instances already in `r` (queued in w.qon / w.qoff by the caller).
  // Returns true on a contradiction (r.absurd_on / absurd_off). SE doChaining: one "on" at a time
  // while there are any, else one "off"; dynamic searches switch each processed "off" out of the
  // grid, and level >= 1 adds advanced implications when both queues are empty.
  bool propagate(Run& r, std::vector<int>& qon, std::vector<int>& qoff) {
    w.cur = w.orig;
    w.pos = w.pos0;
    w.clock = 0;
    std::size_t hon = 0;
    std::size_t hoff = 0;
    Link links[4 * kMaxN];
    static thread_local std::vector<int> added;
    while (true) {
      if (hon < qon.size()) {
        const int p = qon[hon++];
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int k = w.on_to_off(w.cell_of_node(pnode), w.value_of_node(pnode), mode.y, links);
        for (int j = 0; j < k; ++j) {
          const int nd = links[j].node;
          if (r.has(nd | 1)) {
            r.absurd_on = r.inst(nd | 1);
            r.absurd_off = r.add({nd, p, w.clock, 0, 0, 0, kCauseNone});
            return true;
          }
          if (!r.has(nd)) qoff.push_back(r.add({nd, p, w.clock, 0, 0, 0, kCauseNone}));
        }
      } else if (hoff < qoff.size()) {
        const int p = qoff[hoff++];
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int cell = w.cell_of_node(pnode);
        const int v = w.value_of_node(pnode);
        const int k = (w.cur[static_cast<std::size_t>(cell)] & bit(v)) ? w.off_to_on(cell, v, mode.y, true, links) : 0;
        if (mode.dynamic && (w.cur[static_cast<std::size_t>(cell)] & bit(v))) {
          w.remove(cell, v);
          const int cand = pnode / 2;
          r.off_clock[static_cast<std::size_t>(cand)] = ++w.clock;
          r.offed.push_back(cand);
        }
        for (int j = 0; j < k; ++j) {
          const int nd = links[j].node;
          if (r.has(nd & ~1)) {
            r.absurd_on = r.add({nd, p, w.clock - (mode.dynamic ? 1 : 0), 0, 0, 0, links[j].cause});
            r.absurd_off = r.inst(nd & ~1);
            return true;
          }
          if (!r.has(nd)) qon.push_back(r.add({nd, p, w.clock - (mode.dynamic ? 1 : 0), 0, 0, 0, links[j].cause}));
        }
      } else {
        if (mode.level == 0) return false;
        added.clear();
        if (!advanced_offs(w, r, mode, added)) return false;
        for (int id : added) {
          const int nd = r.arena[static_cast<std::size_t>(id)].node;
          if (r.has(nd | 1)) {
            r.absurd_on = r.inst(nd | 1);
            r.absurd_off = id;
            return true;
          }
          qoff.push_back(id);
        }
      }
    }
  }

  void start(Run& r, int node, std::vector<int>& qon, std::vector<int>& qoff) {
    r.prepare(w.node_count);
    qon.clear();
    qoff.clear();
    const int id = r.add({node, -1, 0, 0, 0, 0, kCauseNone});
    (Work::is_on(node) ? qon : qoff).push_back(id);
  }

  std::string prefix() const {
    if (mode.level > 0) return "Dynamic ";
    if (mode.nishio) return "Nishio ";
    if (mode.dynamic) return "Dynamic ";
    return "";
  }
  std::string suffix() const {
    switch (mode.level) {
      case 0: return " Chains";
      case 1: return " Chains (+)";
      default: return " Chains (+ Forcing Chains)";
    }
  }

  // Offers a hint concluding `target_node` with the given complexity. Returns true if it became
  // the best (the caller then writes the description).
  bool offer(int target_node, int complexity, int key) {
    const int tenths = base + chain_length_tenths(complexity);
    if (!best.beats(tenths, complexity, key)) return false;
    const int cell = w.cell_of_node(target_node);
    const int v = w.value_of_node(target_node);
    if (Work::is_on(target_node)) {
      if (w.s->value(cell) != 0 || !w.s->has(cell, v) || pc(w.s->cand(cell)) < 2) return false;
    } else if (!w.s->has(cell, v)) {
      return false;
    }
    best.set(tenths, complexity, key);
    out.clear();
    if (Work::is_on(target_node)) eliminate_others(w, out, cell, v);
    else out.eliminations.push_back({cell, v});
    return true;
  }

  void conclude(std::string& d, int target_node) const {
    d += ", so ";
    w.append_node(d, target_node);
  }

  void binary_hints(int cell, int v, Run& on_run, bool on_absurd, Run& off_run, bool off_absurd,
                    bool do_double, bool do_contradiction) {
    if (do_contradiction && on_absurd) {
      const int cx = w.ancestors(on_run, on_run.absurd_on) + w.ancestors(on_run, on_run.absurd_off);
      if (offer(w.node_of(cell, v, false), cx, 7)) describe_absurd(on_run, w.node_of(cell, v, false));
    }
    if (do_contradiction && off_absurd) {
      const int cx = w.ancestors(off_run, off_run.absurd_on) + w.ancestors(off_run, off_run.absurd_off);
      if (offer(w.node_of(cell, v, true), cx, 7)) describe_absurd(off_run, w.node_of(cell, v, true));
    }
    if (!do_double) return;
    for (int nd : on_run.nodes) {
      if (!Work::is_on(nd) || !off_run.has(nd)) continue;
      const int cx = w.ancestors(on_run, on_run.inst(nd)) + w.ancestors(off_run, off_run.inst(nd));
      if (offer(nd, cx, 1)) describe_double(on_run, off_run, nd, cell, v);
    }
    for (int nd : on_run.nodes) {
      if (Work::is_on(nd) || !off_run.has(nd)) continue;
      const int cx = w.ancestors(on_run, on_run.inst(nd)) + w.ancestors(off_run, off_run.inst(nd));
      if (offer(nd, cx, 1)) describe_double(on_run, off_run, nd, cell, v);
    }
  }

  void describe_absurd(const Run& r, int conclusion) {
    const std::string name = prefix() + (mode.nishio ? "Forcing" : "Contradiction Forcing") + suffix();
    finish(out, name, best.tenths);
    std::string& d = out.description;
    d = name + ": if ";
    w.append_node(d, r.arena[0].node);
    d += " then ";
    w.append_node(d, r.arena[static_cast<std::size_t>(r.absurd_on)].node);
    d += " (";
    w.append_path(d, r, r.absurd_on);
    d += ") and ";
    w.append_node(d, r.arena[static_cast<std::size_t>(r.absurd_off)].node);
    d += " (";
    w.append_path(d, r, r.absurd_off);
    d += ")";
    conclude(d, conclusion);
  }

  void describe_double(Run& on_run, Run& off_run, int nd, int cell, int v) {
    const std::string name = prefix() + "Double Forcing" + suffix();
    finish(out, name, best.tenths);
    std::string& d = out.description;
    d = name + ": ";
    d += w.s->cell_name(cell) + "=";
    append_value(d, v);
    d += " and " + w.s->cell_name(cell) + "<>";
    append_value(d, v);
    d += " both imply ";
    w.append_node(d, nd);
    d += " (";
    w.append_path(d, on_run, on_run.inst(nd));
    d += "; ";
    w.append_path(d, off_run, off_run.inst(nd));
    d += ")";
  }

  // Region forcing chains for value v of `cell` (SE doRegionChainings).
  void region_chains(int cell, int v, Run& cell_run) {
    for (int u : w.se_units(cell)) {
      int count = 0;
      int first = -1;
      for (int o : w.s->unit(u)) {
        if (!w.s->has(o, v)) continue;
        if (first < 0) first = o;
        ++count;
      }
      if (!(count == 2 || (mode.multiple && count > 2)) || first != cell) continue;
      int runs = 0;
      Run* rs[kMaxN];
      for (int o : w.s->unit(u)) {
        if (!w.s->has(o, v)) continue;
        if (o == cell) {
          rs[runs++] = &cell_run;
          continue;
        }
        Run& pr = w.pos_runs[static_cast<std::size_t>(runs)];
        start(pr, w.node_of(o, v, true), w.qon, w.qoff);
        propagate(pr, w.qon, w.qoff);
        rs[runs++] = &pr;
      }
      for (int pass = 0; pass < 2; ++pass) {
        for (int nd : cell_run.nodes) {
          if (Work::is_on(nd) != (pass == 0)) continue;
          bool all = true;
          for (int i = 0; i < runs && all; ++i) all = rs[i]->has(nd);
          if (!all) continue;
          int cx = 0;
          for (int i = 0; i < runs; ++i) cx += w.ancestors(*rs[i], rs[i]->inst(nd));
          if (!offer(nd, cx, 3)) continue;
          const std::string name = prefix() + "Region Forcing" + suffix();
          finish(out, name, best.tenths);
          std::string& d = out.description;
          d = name + ": each position of ";
          append_value(d, v);
          d += " in " + w.s->unit_name(u) + " implies ";
          w.append_node(d, nd);
          d += " (";
          for (int i = 0; i < runs; ++i) {
            if (i) d += "; ";
            w.append_path(d, *rs[i], rs[i]->inst(nd));
          }
          d += ")";
        }
      }
    }
  }

  void run_all() {
    const bool do_contradiction = mode.dynamic || mode.nishio;
    for (int cell = 0; cell < w.cells; ++cell) {
      if (w.s->value(cell) != 0) continue;
      const Mask m0 = w.s->cand(cell);
      const int card = pc(m0);
      if (!(card > 2 || (card > 1 && mode.dynamic))) continue;
      const bool do_double = card >= 3 && !mode.nishio && mode.dynamic;
      int values = 0;
      int vals[kMaxN];
      for (Mask m = m0; m; m &= m - 1) {
        const int v = lowest_value(m);
        Run& on_run = w.value_runs[static_cast<std::size_t>(values)];
        vals[values++] = v;
        start(on_run, w.node_of(cell, v, true), w.qon, w.qoff);
        const bool on_absurd = propagate(on_run, w.qon, w.qoff);
        bool off_absurd = false;
        if (do_contradiction || do_double) {
          start(w.off_run, w.node_of(cell, v, false), w.qon, w.qoff);
          off_absurd = propagate(w.off_run, w.qon, w.qoff);
        }
        binary_hints(cell, v, on_run, on_absurd, w.off_run, off_absurd, do_double, do_contradiction);
        if (!mode.nishio) region_chains(cell, v, on_run);
      }
      if (mode.nishio || !(card == 2 || (mode.multiple && card > 2))) continue;
      for (int pass = 0; pass < 2; ++pass) {
        Run& r0 = w.value_runs[0];
        for (int nd : r0.nodes) {
          if (Work::is_on(nd) != (pass == 0)) continue;
          bool all = true;
          for (int i = 1; i < values && all; ++i) all = w.value_runs[static_cast<std::size_t>(i)].has(nd);
          if (!all) continue;
          int cx = 0;
          for (int i = 0; i < values; ++i) {
            Run& ri = w.value_runs[static_cast<std::size_t>(i)];
            cx += w.ancestors(ri, ri.inst(nd));
          }
          if (!offer(nd, cx, 2)) continue;
          const std::string name = prefix() + "Cell Forcing" + suffix();
          finish(out, name, best.tenths);
          std::string& d = out.description;
          d = name + ": each candidate of " + w.s->cell_name(cell) + " implies ";
          w.append_node(d, nd);
          d += " (";
          for (int i = 0; i < values; ++i) {
            if (i) d += "; ";
            Run& ri = w.value_runs[static_cast<std::size_t>(i)];
            w.append_path(d, ri, ri.inst(nd));
          }
          d += ")";
          (void)vals;
        }
      }
    }
  }
};

// Removed candidates (switched off in this run) of value v in unit u, as parent instances.
void unit_parents(Work& w, Run& r, int u, Mask values) {
  for (int o : w.s->unit(u)) {
    Mask m = w.orig[static_cast<std::size_t>(o)] & ~w.cur[static_cast<std::size_t>(o)] & values;
    while (m) {
      const int v = lowest_value(m);
      m &= m - 1;
      const int id = r.inst(w.node_of(o, v, false));
      if (id >= 0) r.adv.push_back(id);
    }
  }
}
void cell_parents(Work& w, Run& r, int cell) {
  Mask m = w.orig[static_cast<std::size_t>(cell)] & ~w.cur[static_cast<std::size_t>(cell)];
  while (m) {
    const int v = lowest_value(m);
    m &= m - 1;
    const int id = r.inst(w.node_of(cell, v, false));
    if (id >= 0) r.adv.push_back(id);
  }
}

// Adds the eliminations `elims` (cell, value) as off potentials whose parents are
// r.adv[begin, end) (SE: the candidates switched off that made the pattern appear). Skipped if
// the pattern needs none of them (it existed before the chain).
void add_advanced(Work& w, Run& r, std::size_t begin, const CellValue* elims, int count, std::vector<int>& added) {
  const std::size_t end = r.adv.size();
  if (end == begin) return;
  for (int i = 0; i < count; ++i) {
    const int nd = w.node_of(elims[i].cell, elims[i].value, false);
    if (r.has(nd)) continue;
    Inst in{nd, -1, w.clock, 0, static_cast<int>(begin), static_cast<int>(end - begin), kCauseNone};
    added.push_back(r.add(in));
  }
}

// Level >= 1 implications on the reduced grid (SE getAdvancedPotentials): the first of locked
// candidates, hidden pairs, naked pairs, X-wings that yields anything (all its instances). Level 2
// adds, as a last rule, one nested forcing chain / cycle step on the reduced grid.
bool advanced_offs(Work& w, Run& r, const Mode& m, std::vector<int>& added) {
  const int n = w.n;
  const State& s = *w.s;
  CellValue elims[kMaxN * kMaxN];
  auto pos_mask = [&](int u, int v) { return w.pos_of(u, v); };
  // Locked candidates: pointing (box -> line), then claiming (line -> box).
  for (int v = 1; v <= n; ++v) {
    for (int b = 2 * n; b < 3 * n; ++b) {
      const auto& cs = s.unit(b);
      int row = -1, col = -1, cnt = 0;
      bool same_row = true, same_col = true;
      for (int cell : cs) {
        if (!(w.cur[static_cast<std::size_t>(cell)] & bit(v))) continue;
        const int rr = cell / n, cc = cell % n;
        if (cnt == 0) { row = rr; col = cc; }
        same_row = same_row && rr == row;
        same_col = same_col && cc == col;
        ++cnt;
      }
      if (cnt < 2) continue;
      for (int line_kind = 0; line_kind < 2; ++line_kind) {
        if (line_kind == 0 ? !same_row : !same_col) continue;
        const int line = line_kind == 0 ? row : n + col;
        int k = 0;
        for (int o : s.unit(line))
          if ((w.cur[static_cast<std::size_t>(o)] & bit(v)) && s.units_of(o)[2] != b) elims[k++] = {o, v};
        if (k == 0) continue;
        const std::size_t begin = r.adv.size();
        unit_parents(w, r, b, bit(v));
        add_advanced(w, r, begin, elims, k, added);
      }
    }
    for (int line = 0; line < 2 * n; ++line) {
      int box = -1;
      bool one = true;
      int cnt = 0;
      for (int cell : s.unit(line)) {
        if (!(w.cur[static_cast<std::size_t>(cell)] & bit(v))) continue;
        const int bx = s.units_of(cell)[2];
        if (cnt == 0) box = bx;
        one = one && bx == box;
        ++cnt;
      }
      if (cnt < 2 || !one) continue;
      int k = 0;
      for (int o : s.unit(box))
        if ((w.cur[static_cast<std::size_t>(o)] & bit(v)) && s.units_of(o)[0] != line && s.units_of(o)[1] != line) elims[k++] = {o, v};
      if (k == 0) continue;
      const std::size_t begin = r.adv.size();
      unit_parents(w, r, line, bit(v));
      add_advanced(w, r, begin, elims, k, added);
    }
  }
  if (!added.empty()) return true;
  // Hidden pairs.
  for (int u = 0; u < 3 * n; ++u) {
    for (int a = 1; a <= n; ++a) {
      const Mask pa = pos_mask(u, a);
      if (pc(pa) != 2) continue;
      for (int b = a + 1; b <= n; ++b) {
        if (pos_mask(u, b) != pa) continue;
        int k = 0;
        const Mask keep = bit(a) | bit(b);
        for (int i = 0; i < n; ++i) {
          if (!(pa & (Mask{1} << i))) continue;
          const int cell = s.unit(u)[static_cast<std::size_t>(i)];
          Mask extra = w.cur[static_cast<std::size_t>(cell)] & ~keep;
          while (extra) {
            elims[k++] = {cell, lowest_value(extra)};
            extra &= extra - 1;
          }
        }
        if (k == 0) continue;
        const std::size_t begin = r.adv.size();
        unit_parents(w, r, u, keep);
        add_advanced(w, r, begin, elims, k, added);
      }
    }
  }
  if (!added.empty()) return true;
  // Naked pairs.
  for (int u = 0; u < 3 * n; ++u) {
    const auto& cs = s.unit(u);
    for (int i = 0; i < n; ++i) {
      const int c1 = cs[static_cast<std::size_t>(i)];
      const Mask m1 = w.cur[static_cast<std::size_t>(c1)];
      if (s.value(c1) != 0 || pc(m1) != 2) continue;
      for (int j = i + 1; j < n; ++j) {
        const int c2 = cs[static_cast<std::size_t>(j)];
        if (s.value(c2) != 0 || w.cur[static_cast<std::size_t>(c2)] != m1) continue;
        int k = 0;
        for (int o : cs) {
          if (o == c1 || o == c2) continue;
          Mask hit = w.cur[static_cast<std::size_t>(o)] & m1;
          while (hit) {
            elims[k++] = {o, lowest_value(hit)};
            hit &= hit - 1;
          }
        }
        if (k == 0) continue;
        const std::size_t begin = r.adv.size();
        cell_parents(w, r, c1);
        cell_parents(w, r, c2);
        add_advanced(w, r, begin, elims, k, added);
      }
    }
  }
  if (!added.empty()) return true;
  // X-wings: rows as base, then columns.
  for (int v = 1; v <= n; ++v) {
    for (int kind = 0; kind < 2; ++kind) {
      const int off = kind == 0 ? 0 : n;
      const int cover_off = kind == 0 ? n : 0;
      for (int l1 = 0; l1 < n; ++l1) {
        const Mask p1 = pos_mask(off + l1, v);
        if (pc(p1) != 2) continue;
        for (int l2 = l1 + 1; l2 < n; ++l2) {
          if (pos_mask(off + l2, v) != p1) continue;
          int k = 0;
          for (int i = 0; i < n; ++i) {
            if (!(p1 & (Mask{1} << i))) continue;
            for (int o : s.unit(cover_off + i)) {
              const int line = kind == 0 ? o / n : o % n;
              if (line != l1 && line != l2 && (w.cur[static_cast<std::size_t>(o)] & bit(v))) elims[k++] = {o, v};
            }
          }
          if (k == 0) continue;
          const std::size_t begin = r.adv.size();
          unit_parents(w, r, off + l1, bit(v));
          unit_parents(w, r, off + l2, bit(v));
          add_advanced(w, r, begin, elims, k, added);
        }
      }
    }
  }
  if (!added.empty()) return true;
  if (m.level < 2 || w.nested_budget <= 0) return false;
  // Nested: one forcing chain / cycle step on the reduced grid. Its parents are approximated by
  // the candidates switched off in the cells of its conclusion and in their units.
  --w.nested_budget;
  State inner = s;
  for (int cell = 0; cell < w.cells; ++cell) {
    Mask gone = w.orig[static_cast<std::size_t>(cell)] & ~w.cur[static_cast<std::size_t>(cell)];
    while (gone) {
      inner.eliminate(cell, lowest_value(gone));
      gone &= gone - 1;
    }
  }
  if (inner.contradiction()) return false;
  Step nested;
  ++t_depth;
  const bool ok = find_chains(inner, nested);
  --t_depth;
  if (!ok) return false;
  int k = 0;
  for (const CellValue& e : nested.eliminations)
    if (k < kMaxN * kMaxN && (w.cur[static_cast<std::size_t>(e.cell)] & bit(e.value))) elims[k++] = e;
  if (k == 0) return false;
  const std::size_t begin = r.adv.size();
  for (int i = 0; i < k; ++i) cell_parents(w, r, elims[i].cell);
  if (r.adv.size() == begin && !r.offed.empty()) r.adv.push_back(r.inst(r.offed.back() * 2));
  add_advanced(w, r, begin, elims, k, added);
  return !added.empty();
}

bool run_multi(const State& s, Step& out, Mode mode, int base) {
  Work& w = work();
  w.bind(s);
  if (mode.level >= 2) w.nested_budget = 60;
  MultiSearch ms{w, out, mode, Best{}, base};
  ms.run_all();
  return ms.best.found;
}

// ---------------------------------------------------------------------------------------------
// Aligned exclusion (SE's AlignedExclusion, degree 2 and 3).

// Base cells: empty cells with 2+ candidates that have at least one "excluder" (a peer with 2 to
// `degree` candidates), in a state without pending naked singles. For `degree` base cells with at
// least two common excluders, a combination of their candidates is impossible if two cells that
// see each other get the same value, or if it uses every candidate of a common excluder. A
// candidate of a base cell that appears in no possible combination is eliminated.
bool aligned_exclusion(const State& s, Step& out, int degree) {
  const int cells = s.cells();
  for (int c = 0; c < cells; ++c)
    if (s.value(c) == 0 && pc(s.cand(c)) == 1) return false;  // naked single pending
  // Peer sets as bits, and each base cell's excluders.
  thread_local std::array<std::array<std::uint64_t, 4>, kMaxCells> peer_bits;
  thread_local std::array<std::array<int, 3 * kMaxN>, kMaxCells> excl;
  thread_local std::array<int, kMaxCells> nexcl;
  auto excluder = [&](int c) {
    const int k = pc(s.cand(c));
    return s.value(c) == 0 && k >= 2 && k <= degree;
  };
  auto sees = [&](int a, int b) { return (peer_bits[static_cast<std::size_t>(a)][static_cast<std::size_t>(b >> 6)] >> (b & 63)) & 1u; };
  int base[kMaxCells];
  int nb = 0;
  for (int c = 0; c < cells; ++c) {
    auto& pb = peer_bits[static_cast<std::size_t>(c)];
    pb = {0, 0, 0, 0};
    int& ne = nexcl[static_cast<std::size_t>(c)];
    ne = 0;
    for (int p : s.peers(c)) {
      pb[static_cast<std::size_t>(p >> 6)] |= std::uint64_t{1} << (p & 63);
      if (excluder(p)) excl[static_cast<std::size_t>(c)][static_cast<std::size_t>(ne++)] = p;
    }
    if (s.value(c) == 0 && pc(s.cand(c)) >= 2 && ne > 0) base[nb++] = c;
  }
  int set[3];
  int common[3 * kMaxN];
  auto common_of = [&](int count, int* outc) {
    int nc = 0;
    const int c0 = set[0];
    for (int e = 0; e < nexcl[static_cast<std::size_t>(c0)]; ++e) {
      const int p = excl[static_cast<std::size_t>(c0)][static_cast<std::size_t>(e)];
      bool all = true;
      for (int i = 1; i < count && all; ++i) all = p != set[i] && sees(p, set[i]);
      if (all) outc[nc++] = p;
    }
    return nc;
  };
  auto try_set = [&]() {
    const int nc = common_of(degree, common);
    if (nc < 2) return false;
    Mask allowed[3] = {0, 0, 0};
    Mask cand[3] = {0, 0, 0};
    for (int i = 0; i < degree; ++i) cand[i] = s.cand(set[i]);
    bool seen[3][3] = {};
    for (int i = 0; i < degree; ++i)
      for (int j = 0; j < degree; ++j) seen[i][j] = i != j && sees(set[i], set[j]);
    Mask excl_cand[3 * kMaxN];
    for (int e = 0; e < nc; ++e) excl_cand[e] = s.cand(common[e]);
    // Every combination of one candidate per base cell.
    for (Mask m0 = cand[0]; m0; m0 &= m0 - 1) {
      const int a = lowest_value(m0);
      for (Mask m1 = cand[1]; m1; m1 &= m1 - 1) {
        const int b = lowest_value(m1);
        if (a == b && seen[0][1]) continue;
        const Mask ab = bit(a) | bit(b);
        for (Mask m2 = degree == 3 ? cand[2] : Mask{1}; m2; m2 &= m2 - 1) {
          const int c = degree == 3 ? lowest_value(m2) : 0;
          if (degree == 3 && ((c == a && seen[0][2]) || (c == b && seen[1][2]))) continue;
          const Mask used = degree == 3 ? (ab | bit(c)) : ab;
          bool ok = true;
          for (int e = 0; e < nc && ok; ++e) ok = (excl_cand[e] & ~used) != 0;
          if (!ok) continue;
          allowed[0] |= bit(a);
          allowed[1] |= bit(b);
          if (degree == 3) allowed[2] |= bit(c);
        }
      }
    }
    bool any = false;
    for (int i = 0; i < degree; ++i) any = any || allowed[i] != cand[i];
    if (!any) return false;
    out.clear();
    for (int i = 0; i < degree; ++i)
      for (Mask m = cand[i] & ~allowed[i]; m; m &= m - 1) out.eliminations.push_back({set[i], lowest_value(m)});
    std::sort(out.eliminations.begin(), out.eliminations.end(), [](const CellValue& x, const CellValue& y) {
      return x.cell != y.cell ? x.cell < y.cell : x.value < y.value;
    });
    out.technique = degree == 2 ? "Aligned Pair Exclusion" : "Aligned Triplet Exclusion";
    out.rating = degree == 2 ? 6.2 : 7.5;
    std::string& d = out.description;
    d = out.technique + ": base cells";
    for (int i = 0; i < degree; ++i) d += (i ? ", " : " ") + s.cell_name(set[i]);
    d += "; every combination that uses all candidates of one of";
    for (int e = 0; e < nc; ++e) d += (e ? ", " : " ") + s.cell_name(common[e]);
    d += " is impossible; remove";
    for (const CellValue& e : out.eliminations) {
      d += " " + s.cell_name(e.cell) + "<>";
      append_value(d, e.value);
    }
    return true;
  };
  int pair_common[3 * kMaxN];
  for (int i = 0; i < nb; ++i) {
    for (int j = i + 1; j < nb; ++j) {
      set[0] = base[i];
      set[1] = base[j];
      if (common_of(2, pair_common) < 2) continue;  // a triplet's common excluders are a subset
      if (degree == 2) {
        if (try_set()) return true;
        continue;
      }
      // Third cell: a base cell that is an excluder of one of the first two.
      for (int k = 0; k < nb; ++k) {
        const int c = base[k];
        if (c == set[0] || c == set[1] || !excluder(c)) continue;
        if (!sees(c, set[0]) && !sees(c, set[1])) continue;
        set[2] = c;
        if (try_set()) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool find_aligned_pair_exclusion(const State& s, Step& out) { return aligned_exclusion(s, out, 2); }

bool find_aligned_triplet_exclusion(const State& s, Step& out) { return aligned_exclusion(s, out, 3); }

bool find_chains(const State& s, Step& out) {
  Work& w = work();
  w.bind(s);
  UnarySearch us{w, out, Best{}};
  us.pass(false, true);  // X-cycles, forcing X-chains
  us.pass(true, false);  // Y-cycles
  us.pass(true, true);   // cycles and forcing chains mixing both
  return us.best.found;
}

bool find_nishio(const State& s, Step& out) {
  Mode m;
  m.y = false;
  m.dynamic = true;
  m.nishio = true;
  return run_multi(s, out, m, 75);
}

bool find_multiple_chains(const State& s, Step& out) {
  Mode m;
  m.multiple = true;
  return run_multi(s, out, m, 80);
}

bool find_dynamic_chains(const State& s, Step& out) {
  Mode m;
  m.multiple = true;
  m.dynamic = true;
  return run_multi(s, out, m, 85);
}

bool find_dynamic_chains_plus(const State& s, Step& out) {
  Mode m;
  m.multiple = true;
  m.dynamic = true;
  m.level = 1;
  return run_multi(s, out, m, 90);
}

bool find_nested_chains(const State& s, Step& out) {
  Mode m;
  m.multiple = true;
  m.dynamic = true;
  m.level = 2;
  if (run_multi(s, out, m, 95)) return true;
  // Exhaustive contradiction: the first candidate (row by row) whose placement leaves the grid
  // without any solution. Found through the unique solution of the current values when there is
  // one, and always verified by a solution count of 0.
  const Grid g = s.to_grid();
  Grid sol;
  const int count = solver::count_solutions(g, 2, &sol);
  if (count == 0) return false;
  for (int cell = 0; cell < s.cells(); ++cell) {
    if (s.value(cell) != 0) continue;
    for (Mask m2 = s.cand(cell); m2; m2 &= m2 - 1) {
      const int v = lowest_value(m2);
      if (count == 1 && sol.cells[static_cast<std::size_t>(cell)] == v) continue;
      Grid trial = g;
      trial.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(v);
      if (solver::count_solutions(trial, 1) != 0) continue;
      out.clear();
      out.eliminations.push_back({cell, v});
      out.technique = "Nested Forcing Chains (exhaustive)";
      out.rating = 11.5;
      out.description = "Nested Forcing Chains (exhaustive): " + s.cell_name(cell) + "=";
      append_value(out.description, v);
      out.description += " leaves the grid without a solution, so " + s.cell_name(cell) + "<>";
      append_value(out.description, v);
      return true;
    }
  }
  return false;
}

}  // namespace gp::grader
