// Chain techniques rated on Sudoku Explainer 1.2.1's scale. See chains.hpp for the contract,
// chain_work.hpp for the vocabulary and docs/grader-chains.md for the conventions (what a
// "potential" is, how complexity is counted). This file: the forcing chains and cycles (static
// implications); chains_multi.cpp: Nishio, multiple, dynamic and nested forcing chains.
#include "grader/chains.hpp"

#include <cassert>

#include "grader/chain_work.hpp"

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

using namespace chaining;

// ---------------------------------------------------------------------------------------------
// Forcing chains and cycles (SE's Chaining(false, false, false)).

struct UnarySearch {
  Work& w;
  Step& out;
  Best best;
  bool links_y = false, links_x = false;  // the pass's link kinds (its link table holds those)
  bool units_ready = false;                // w.unit_links made for this call (link_table)
  const Work::LinkTable* table = nullptr;  // the pass's links (link_table)

  // The links of a potential as on_to_off / off_to_on give them for this pass (link_table).
  const Link* on_links(int node, int& k) const { return links_of(node, k); }
  const Link* off_links(int node, int& k) const { return links_of(node, k); }
  const Link* links_of(int node, int& k) const {
    const auto nd = static_cast<std::size_t>(node);
    const int b = table->begin[nd];
    k = table->end[nd] - b;
    return table->pool.data() + b;
  }
  // Every potential's links for the pass's link kinds (the potentials of the state's candidates;
  // no other is ever reached): the bivalue-cell ("Y") links first when the pass has them, then
  // the links through units (the same in every pass, made once a call: units_ready).
  void link_table(bool y, bool x) {
    Work::LinkTable& u = w.unit_links;
    if (!units_ready) {
      units_ready = true;
      u.begin.resize(static_cast<std::size_t>(w.node_count));
      u.end.resize(static_cast<std::size_t>(w.node_count));
      u.pool.clear();
      Link buf[kMaxLinks];
      for (int cell = 0; cell < w.cells; ++cell) {
        for (Mask m = w.c(cell); m; m &= m - 1) {
          const int v = lowest_value(m);
          const auto off = static_cast<std::size_t>(w.node_of(cell, v, false));
          u.begin[off] = static_cast<int>(u.pool.size());
          int k = w.off_to_on(cell, v, false, true, buf);
          u.pool.insert(u.pool.end(), buf, buf + k);
          u.end[off] = u.begin[off + 1] = static_cast<int>(u.pool.size());
          k = w.on_to_off(cell, v, false, buf);
          u.pool.insert(u.pool.end(), buf, buf + k);
          u.end[off + 1] = static_cast<int>(u.pool.size());
        }
      }
    }
    if (!y) {  // x links only: the table through units is the pass's
      table = &u;
      assert(mirrored());
      return;
    }
    table = &w.links;
    Work::LinkTable& t = w.links;
    t.begin.resize(static_cast<std::size_t>(w.node_count));
    t.end.resize(static_cast<std::size_t>(w.node_count));
    t.pool.resize(u.pool.size() + static_cast<std::size_t>(w.node_count) * static_cast<std::size_t>(w.n));
    Link* dst = t.pool.data();
    int at = 0;
    const Link* from = u.pool.data();
    auto units = [&](std::size_t node) {
      for (int b = u.begin[node], e = u.end[node]; b < e; ++b) dst[at++] = from[b];
    };
    for (int cell = 0; cell < w.cells; ++cell) {
      const Mask cm = w.c(cell);
      const bool bivalue = pc(cm) == 2;
      for (Mask m = cm; m; m &= m - 1) {
        const int v = lowest_value(m);
        const auto off = static_cast<std::size_t>(w.node_of(cell, v, false));
        t.begin[off] = at;  // off_to_on's order
        if (bivalue) dst[at++] = {w.node_of(cell, lowest_value(cm & ~bit(v)), true), kCauseCell};
        if (x) units(off);
        t.end[off] = t.begin[off + 1] = at;  // on_to_off's
        for (Mask o = cm & ~bit(v); o; o &= o - 1) dst[at++] = {w.node_of(cell, lowest_value(o), false), kCauseNone};
        units(off + 1);
        t.end[off + 1] = at;
      }
    }
    assert(mirrored());
  }

  // Whether every link a -> b of the pass's table has its contrapositive !b -> !a (half_chain
  // relies on it). For assertions.
  bool mirrored() const {
    for (int cell = 0; cell < w.cells; ++cell)
      for (Mask m = w.c(cell); m; m &= m - 1)
        for (const bool on : {false, true}) {
          const int a = w.node_of(cell, lowest_value(m), on);
          int k = 0;
          const Link* links = links_of(a, k);
          for (int j = 0; j < k; ++j) {
            int kb = 0;
            const Link* back = links_of(links[j].node ^ 1, kb);
            bool found = false;
            for (int i = 0; i < kb && !found; ++i) found = back[i].node == (a ^ 1);
            if (!found) return false;
          }
        }
    return true;
  }

  // Cycles from "cell = v" (SE doCycles) and, in a pass with x links, the probe of the forcing
  // chain from the same potential to its negation (see forcing below): one breadth-first search.
  // Returns the probe's depth: -1 when the search ran out of potentials without linking to the
  // negation (there is no such chain), -2 when it stopped before (not known).
  //
  // SE's cycle search keeps an off potential once per parent: a loop closes at length L (even,
  // >= 4) at each instance, at depth L - 1, of an off potential that implies the start, made by an
  // on potential at depth L - 2 that is not its descendant; the first such loop (in the order the
  // instances are made) with an elimination is the source's cycle. Every other instance only
  // repeats its node's implications, which its first instance already queued, so the nodes and
  // their first parents are those of a plain breadth-first search: this search keeps each node
  // once (its parent in `par`) and looks, at each link from an on potential, whether the link
  // closes a loop. The order of the loops, and so the cycle chosen, is the instances' order.
  int cycles(int cell, int v, bool y, bool x) {
    const int base = (x && y) ? 70 : 65;
    const int key = (x && y) ? 4 : (y ? 3 : 2);
    assert(y == links_y && x == links_x);  // the table holds this pass's links
    constexpr std::uint8_t kClosesLoop = 1, kNegation = 2;
    const int src = w.node_of(cell, v, true);
    const int neg = src ^ 1;
    // The off potentials implying the start: by contraposition, the negations of the on
    // potentials its negation implies.
    int sk = 0;
    const Link* strong = off_links(neg, sk);
    for (int j = 0; j < sk; ++j) w.flag[static_cast<std::size_t>(strong[j].node ^ 1)] = kClosesLoop;
    if (x) w.flag[static_cast<std::size_t>(neg)] |= kNegation;
    const std::uint32_t g = w.next_seen();
    w.seen[static_cast<std::size_t>(src)] = g;
    // The search's potentials in the order reached, each once: level by level, the current level
    // q[lb, le).
    int* q = w.bfs.data();
    int tail = 0;
    q[tail++] = src;
    int lb = 0, le = 1;
    bool cyc = sk > 0;  // no loop can close without a potential implying the start
    bool frc = x;
    int reach = -2;
    // Whether the search goes on to the on potentials at depth d: a loop closing at d + 2 could
    // still beat the best (loops only get longer, and the best only better, so a "no" stays
    // "no"). The negation met on the way gives the forcing chain's depth.
    auto alive = [&](int d) {
      const int len = std::max(d + 2, 4);
      if (cyc && !best.beats(base + chain_length_tenths(len), len, key)) cyc = false;
      return cyc;
    };
    for (int d = 0; alive(d); d += 2) {
      for (int i = lb; i < le; ++i) {
        const int p = q[i];
        int k = 0;
        const Link* links = on_links(p, k);
        for (int j = 0; j < k; ++j) {
          const int nd = links[j].node;
          const auto ndi = static_cast<std::size_t>(nd);
          const bool fresh = w.seen[ndi] != g;
          if (w.flag[ndi]) {
            if ((w.flag[ndi] & kNegation) && frc) {
              reach = d;
              frc = false;
            }
            if ((w.flag[ndi] & kClosesLoop) && cyc && d + 2 >= 4 && (fresh || !descends(p, nd, src)))
              close_cycle(p, nd, src, d + 2, base, key, x, y);
          }
          if (fresh) {
            w.seen[ndi] = g;
            w.par[ndi] = p;
            q[tail++] = nd;
          }
        }
      }
      lb = le;
      le = tail;
      if (lb == le) {
        if (frc) reach = -1;  // every potential reached: the negation is not among them
        break;
      }
      if (!alive(d + 2)) break;
      for (int i = lb; i < le; ++i) {
        const int p = q[i];
        int k = 0;
        const Link* links = off_links(p, k);
        for (int j = 0; j < k; ++j) {
          const auto ndi = static_cast<std::size_t>(links[j].node);
          if (w.seen[ndi] == g) continue;
          w.seen[ndi] = g;
          w.par[ndi] = p;
          q[tail++] = links[j].node;
        }
      }
      lb = le;
      le = tail;
      if (lb == le) {
        if (frc) reach = -1;
        break;
      }
    }
    for (int j = 0; j < sk; ++j) w.flag[static_cast<std::size_t>(strong[j].node ^ 1)] = 0;
    w.flag[static_cast<std::size_t>(neg)] = 0;
    return reach;
  }

  // Whether the loop in w.loop eliminates anything (close_cycle's eliminations, by bit sets):
  // for some value, a candidate outside the loop's cells that sees a cell of an on potential of
  // the loop with that value and one of an off potential.
  bool loop_eliminates() const {
    const std::size_t words = w.cell_words;
    std::uint64_t cells[kCellWords] = {};
    std::uint64_t on[kMaxN][kCellWords];
    std::uint64_t off[kMaxN][kCellWords];
    Mask used = 0;
    for (int node : w.loop) {
      const int cell = w.cell_of_node(node);
      const int v = w.value_of_node(node);
      cells[cell / 64] |= std::uint64_t{1} << (cell % 64);
      if (!(used & bit(v))) {
        used |= bit(v);
        std::fill_n(on[v - 1], words, 0);
        std::fill_n(off[v - 1], words, 0);
      }
      std::uint64_t* acc = Work::is_on(node) ? on[v - 1] : off[v - 1];
      const std::uint64_t* pb = w.s->peer_bits(cell);
      for (std::size_t i = 0; i < words; ++i) acc[i] |= pb[i];
    }
    for (Mask m = used; m; m &= m - 1) {
      const int v = lowest_value(m);
      const std::uint64_t* cb = &w.cand_bits[static_cast<std::size_t>(v - 1) * words];
      for (std::size_t i = 0; i < words; ++i)
        if (on[v - 1][i] & off[v - 1][i] & cb[i] & ~cells[i]) return true;
    }
    return false;
  }

  // Whether `node` is among the parents of `p` (up to the start `src`).
  bool descends(int p, int node, int src) const {
    for (int i = w.par[static_cast<std::size_t>(p)]; i != src; i = w.par[static_cast<std::size_t>(i)])
      if (i == node) return true;
    return false;
  }

  // The loop start -> ... -> p -> q -> start, of `length` potentials (all distinct: p's parents
  // are, and q is not one of them).
  void close_cycle(int p, int q, int src, int length, int base, int key, bool x, bool y) {
    const int tenths = base + chain_length_tenths(length);
    if (!best.beats(tenths, length, key)) return;
    std::vector<int>& loop = w.loop;
    loop.clear();
    loop.push_back(src);
    loop.push_back(q);
    for (int i = p; i != src; i = w.par[static_cast<std::size_t>(i)]) loop.push_back(i);
    assert(static_cast<int>(loop.size()) == length);
    const int complexity = length;
    if (!loop_eliminates()) return;
    // Cells of the loop, then candidates outside it seeing an on and an off potential of the loop
    // with the same value (SE: they are off in both directions of the loop).
    const std::uint32_t g = w.next_mark();
    std::uint32_t cells_mark[kMaxCells / 32 + 1] = {};
    int selected = 0;
    for (int node : loop) {
      const int cell = w.cell_of_node(node);
      if (!(cells_mark[cell / 32] & (1u << (cell % 32)))) ++selected;
      cells_mark[cell / 32] |= 1u << (cell % 32);
    }
    static thread_local std::vector<CellValue> elims;
    elims.clear();
    for (int node : loop) {
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
    if (elims.empty()) return;
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
    if (!out.describe) return;
    out.description = name + ": ";
    w.append_node(out.description, src);
    for (std::size_t j = loop.size(); j-- > 0;) {
      out.description += " -> ";
      w.append_node(out.description, loop[j]);
    }
    out.description += " (loop of " + std::to_string(complexity) + " candidates)";
  }

  // Forcing chain from one potential to its negation (SE doForcingChains); the first is shortest.
  // Searched with its instances only when its length, found by half_chain (or by the cycle search
  // from the same start: `reach`, the depth of its first potentials linking to the negation, -1
  // for none, -2 not known) makes it beat the best.
  void forcing(int cell, int v, bool src_on, bool y, int reach = -2) {
    const int base = y ? 70 : 66;
    const int key = y ? 4 : 2;
    assert(y == links_y && links_x);  // the table holds this pass's links
    if (reach == -2) {
      // Chains of complexity 2h cannot beat the best from h == limit on.
      int limit = best.found ? 1 : w.node_count;
      while (limit < w.node_count && best.beats(base + chain_length_tenths(2 * limit), 2 * limit, key)) ++limit;
      const int h = half_chain(w.node_of(cell, v, src_on), limit);
      reach = h < 0 ? -1 : 2 * h - 2;
    }
    forcing_found(cell, v, src_on, y, reach);
  }

  // The level h < limit of the breadth-first search from `src` at which it first reaches a
  // potential and its negation (-1: none), which tells the length of its forcing chain (the
  // shortest path from `src` to its negation), 2h - 1. By contraposition (every link a -> b has
  // its mirror !b -> !a), `src` links to its negation at distance k exactly when some potential m
  // has d(src, m) + d(src, !m) = k (the chain up to m, and the mirror of the rest): the search
  // h levels deep has met such a pair if k <= 2h (a shortest chain's middle potential), and not
  // if k > 2h - 1 (k = d + d' with both <= h, of opposite parities). So the search stops at half
  // the chain's length.
  int half_chain(int src, int limit) {
    const std::uint32_t g = w.next_seen();
    w.seen[static_cast<std::size_t>(src)] = g;
    int* q = w.bfs.data();  // as in cycles: the current level q[lb, le)
    int tail = 0;
    q[tail++] = src;
    int lb = 0, le = 1;
    for (int h = 1; h < limit && lb < le; ++h) {
      for (int i = lb; i < le; ++i) {
        int k = 0;
        const Link* links = links_of(q[i], k);
        for (int j = 0; j < k; ++j) {
          const auto nd = static_cast<std::size_t>(links[j].node);
          if (w.seen[nd] == g) continue;
          if (w.seen[nd ^ 1] == g) return h;
          w.seen[nd] = g;
          q[tail++] = links[j].node;
        }
      }
      lb = le;
      le = tail;
    }
    return -1;
  }

  // The same once the probe's depth `reach` is known.
  void forcing_found(int cell, int v, bool src_on, bool y, int reach) {
    const int base = y ? 70 : 66;
    const int key = y ? 4 : 2;
    if (reach < 0 || !best.beats(base + chain_length_tenths(reach + 2), reach + 2, key)) return;
    search_forcing(cell, v, src_on, y);
    // The search found the probe's chain (and made it the best).
    assert(best.found && best.complexity == reach + 2 && best.tenths == base + chain_length_tenths(reach + 2));
  }

  void search_forcing(int cell, int v, bool src_on, bool y) {
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
    while (!w.qon.empty() || !w.qoff.empty()) {
      // Every later conclusion lies at least one step beyond the shallowest pending potential.
      int depth = 1 << 20;
      if (!w.qon.empty()) depth = r.arena[static_cast<std::size_t>(w.qon.front())].depth;
      if (!w.qoff.empty()) depth = std::min(depth, r.arena[static_cast<std::size_t>(w.qoff.front())].depth);
      if (!best.beats(base + chain_length_tenths(depth + 2), depth + 2, key)) return;
      for (int p : w.qon) {
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int pdepth = r.arena[static_cast<std::size_t>(p)].depth;
        int k = 0;
        const Link* links = on_links(pnode, k);
        for (int j = 0; j < k; ++j) {
          if (links[j].node == target_node) {
            found(r, r.add({target_node, p, 0, pdepth + 1, 0, 0, kCauseNone}), cell, v, src_on, xy, base, key);
            return;
          }
          // A parent is in the run already (one instance per node here): has() alone decides.
          if (!r.has(links[j].node))
            w.qoff.push_back(r.add({links[j].node, p, 0, pdepth + 1, 0, 0, kCauseNone}));
        }
      }
      w.qon.clear();
      for (std::size_t qi = 0; qi < w.qoff.size(); ++qi) {
        const int p = w.qoff[qi];
        const int pnode = r.arena[static_cast<std::size_t>(p)].node;
        const int pdepth = r.arena[static_cast<std::size_t>(p)].depth;
        int k = 0;
        const Link* links = off_links(pnode, k);
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
    links_y = y;  // forcing chains search with x links, as the passes that run them do
    links_x = x;
    link_table(y, x);
    for (int cell = 0; cell < w.cells; ++cell) {
      const Mask m0 = w.s->cand(cell);
      const int card = pc(m0);
      if (w.s->value(cell) != 0 || card < 2) continue;
      if (card > 2 && !x) continue;  // Y-cycles start from bivalue cells only
      for (Mask m = m0; m; m &= m - 1) {
        const int v = lowest_value(m);
        const int reach = cycles(cell, v, y, x);
        if (x) {
          forcing(cell, v, true, y, reach);
          forcing(cell, v, false, y);
        }
      }
    }
  }
};

}  // namespace

bool find_chains(const State& s, Step& out) {
  Work& w = work();
  w.bind(s);
  w.bind_cell_bits();
  UnarySearch us{w, out, Best{}};
  us.pass(false, true);  // X-cycles, forcing X-chains
  us.pass(true, false);  // Y-cycles
  us.pass(true, true);   // cycles and forcing chains mixing both
  return us.best.found;
}

}  // namespace gp::grader
