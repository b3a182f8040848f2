// Nishio, multiple (cell and region), dynamic and nested forcing chains, rated on Sudoku Explainer
// 1.2.1's scale (see chains.hpp and chain_work.hpp).
#include "grader/chain_work.hpp"
#include "grader/chains.hpp"
#include "solver/solver.hpp"

namespace gp::grader {

namespace {

using namespace chaining;

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
    w.restore();
    w.clock = 0;
    std::size_t hon = 0;
    std::size_t hoff = 0;
    Link links[kMaxLinks];
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
    for (int u : w.se_units(cell)) region_chains_in(cell, v, cell_run, u);
    for (int e = 0; w.extras && e < w.s->extra_count(cell); ++e) region_chains_in(cell, v, cell_run, w.s->extra_unit(cell, e));
  }

  // Region forcing chains for value v of `cell` in unit u (one unit of SE doRegionChainings).
  void region_chains_in(int cell, int v, Run& cell_run, int u) {
    {
      int count = 0;
      int first = -1;
      for (int o : w.s->unit(u)) {
        if (!w.s->has(o, v)) continue;
        if (first < 0) first = o;
        ++count;
      }
      if (!(count == 2 || (mode.multiple && count > 2)) || first != cell) return;
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

// One locked-candidates implication: value v in unit `source` is confined to where it crosses
// unit `target`, so v is off in target's cells that `outside` accepts (those not in source), each
// with source's places of v as its parents.
template <class Outside>
void lock_offs(Work& w, Run& r, int source, int target, int v, Outside outside, CellValue* elims,
               std::vector<int>& added) {
  int k = 0;
  for (int o : w.s->unit(target))
    if ((w.cur[static_cast<std::size_t>(o)] & bit(v)) && outside(o)) elims[k++] = {o, v};
  if (k == 0) return;
  const std::size_t begin = r.adv.size();
  unit_parents(w, r, source, bit(v));
  add_advanced(w, r, begin, elims, k, added);
}

// Level-1 locked candidates on a single-grid board: boxes (or regions) with rows and columns.
void single_grid_locked_offs(Work& w, Run& r, CellValue* elims, std::vector<int>& added) {
  const int n = w.n;
  const State& s = *w.s;
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
        lock_offs(w, r, b, line, v, [&](int o) { return s.units_of(o)[2] != b; }, elims, added);
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
      lock_offs(w, r, line, box, v, [&](int o) { return s.units_of(o)[0] != line && s.units_of(o)[1] != line; }, elims,
                added);
    }
  }
}

// The same on a board of several grids: every box with the rows and columns that cross it in
// each of its grids (a shared box with both grids' lines), then every row and column with its
// box. Units are told apart by kind (the other grids' units are extra units).
void multi_grid_locked_offs(Work& w, Run& r, CellValue* elims, std::vector<int>& added) {
  const int n = w.n;
  const State& s = *w.s;
  const int units = s.unit_count();
  for (int v = 1; v <= n; ++v) {
    for (int b = 0; b < units; ++b) {
      if (s.unit_kind(b) != 2) continue;
      int first = -1, cnt = 0;
      for (int cell : s.unit(b))
        if (w.cur[static_cast<std::size_t>(cell)] & bit(v)) {
          if (first < 0) first = cell;
          ++cnt;
        }
      if (cnt < 2) continue;
      // The lines through the first cell: its first grid's row and column, then its extra units
      // (another grid's row and column).
      int lines[2 + kMaxCellExtras];
      int nl = 0;
      lines[nl++] = s.units_of(first)[0];
      lines[nl++] = s.units_of(first)[1];
      for (int e = 0; e < s.extra_count(first); ++e) lines[nl++] = s.extra_unit(first, e);
      for (int li = 0; li < nl; ++li) {
        const int line = lines[li];
        bool all = true;
        for (int cell : s.unit(b))
          if ((w.cur[static_cast<std::size_t>(cell)] & bit(v)) && !s.in_unit(cell, line)) all = false;
        if (!all) continue;
        lock_offs(w, r, b, line, v, [&](int o) { return s.units_of(o)[2] != b; }, elims, added);
      }
    }
    for (int line = 0; line < units; ++line) {
      if (s.unit_kind(line) > 1) continue;  // rows and columns
      int box = -1;
      bool one = true;
      int cnt = 0;
      for (int cell : s.unit(line)) {
        if (!(w.cur[static_cast<std::size_t>(cell)] & bit(v))) continue;
        const int bx = s.units_of(cell)[2];  // a cell's only box (a shared box is one unit)
        if (cnt == 0) box = bx;
        one = one && bx == box;
        ++cnt;
      }
      if (cnt < 2 || !one) continue;
      lock_offs(w, r, line, box, v, [&](int o) { return !s.in_unit(o, line); }, elims, added);
    }
  }
}

// Level >= 1 implications on the reduced grid (SE getAdvancedPotentials): the first of locked
// candidates, hidden pairs, naked pairs, X-wings that yields anything (all its instances). Level 2
// adds, as a last rule, one nested forcing chain / cycle step on the reduced grid. Locked
// candidates here are between boxes (or regions) and rows/columns, X-wings on rows/columns (on a
// board of several grids: every grid's); the pairs are looked for in every unit, a variant's
// extra units included.
bool advanced_offs(Work& w, Run& r, const Mode& m, std::vector<int>& added) {
  const int n = w.n;
  const State& s = *w.s;
  CellValue elims[kMaxCells];
  auto pos_mask = [&](int u, int v) { return w.pos_of(u, v); };
  // Locked candidates: pointing (box -> line), then claiming (line -> box).
  if (s.multi_grid()) {
    multi_grid_locked_offs(w, r, elims, added);
  } else {
    single_grid_locked_offs(w, r, elims, added);
  }
  if (!added.empty()) return true;
  // Hidden pairs.
  for (int u = 0; u < s.unit_count(); ++u) {
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
  for (int u = 0; u < s.unit_count(); ++u) {
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
  // X-wings: rows as base, then columns; grid by grid on a board of several grids (a grid's rows
  // with its columns). The j-th cell of a grid's column is in the grid's j-th row, and the other
  // way round.
  for (int g = 0; g < s.grids(); ++g) {
    const int* gu = s.grid_units(g);
    for (int v = 1; v <= n; ++v) {
      for (int kind = 0; kind < 2; ++kind) {
        const int* base = gu + (kind == 0 ? 0 : n);
        const int* cover = gu + (kind == 0 ? n : 0);
        for (int l1 = 0; l1 < n; ++l1) {
          const Mask p1 = pos_mask(base[l1], v);
          if (pc(p1) != 2) continue;
          for (int l2 = l1 + 1; l2 < n; ++l2) {
            if (pos_mask(base[l2], v) != p1) continue;
            int k = 0;
            for (int i = 0; i < n; ++i) {
              if (!(p1 & (Mask{1} << i))) continue;
              const auto& cs = s.unit(cover[i]);
              for (int line = 0; line < n; ++line) {
                const int o = cs[static_cast<std::size_t>(line)];
                if (line != l1 && line != l2 && (w.cur[static_cast<std::size_t>(o)] & bit(v))) elims[k++] = {o, v};
              }
            }
            if (k == 0) continue;
            const std::size_t begin = r.adv.size();
            unit_parents(w, r, base[l1], bit(v));
            unit_parents(w, r, base[l2], bit(v));
            add_advanced(w, r, begin, elims, k, added);
          }
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
    if (k < kMaxCells && (w.cur[static_cast<std::size_t>(e.cell)] & bit(e.value))) elims[k++] = e;
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

}  // namespace

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
