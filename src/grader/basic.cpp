// Singles, direct variants, locked candidates, naked/hidden subsets and basic fish.
// Scan order follows Sudoku Explainer: boxes, then rows, then columns; values ascending. A board's
// extra units (diagonals, windows) are houses too: scanned after the classic ones, so a classic
// board is graded exactly as before. Fish stay on rows and columns.
#include <array>
#include <utility>

#include "grader/techniques.hpp"

namespace gp::grader {
namespace {

// The i-th unit in SE's scan order: boxes, rows, columns, then the extra units.
int se_unit(int i, int n) {
  if (i < n) return 2 * n + i;
  if (i >= 3 * n) return i;
  return i - n;  // rows 0..n-1 then columns n..2n-1
}

int only_bit_index(Mask m) { return std::countr_zero(m); }

void add_cells(const State& s, std::string& d, Mask positions, int u) {
  bool first = true;
  for (Mask m = positions; m; m &= m - 1) {
    if (!first) d += ',';
    first = false;
    d += s.cell_name(s.unit(u)[static_cast<std::size_t>(only_bit_index(m))]);
  }
}

void add_values(std::string& d, Mask values) {
  bool first = true;
  for (Mask m = values; m; m &= m - 1) {
    if (!first) d += ',';
    first = false;
    append_value(d, lowest_value(m));
  }
}

void set_place(const State& s, Step& out, const char* technique, double rating, int cell, int v) {
  out.technique = technique;
  out.rating = rating;
  out.placements.push_back({cell, v});
  if (!out.describe) return;
  out.description += ": ";
  out.description += s.cell_name(cell);
  out.description += " = ";
  append_value(out.description, v);
}

bool hidden_single_in(const State& s, Step& out, int u, double rating) {
  const int n = s.n();
  for (int v = 1; v <= n; ++v) {
    const Mask p = s.places(u, v);
    if (!p || several(p)) continue;
    if (out.describe) {
      out.description = "Hidden single in " + s.unit_name(u);
      out.units.push_back(u);
    }
    set_place(s, out, "Hidden single", rating, s.unit(u)[static_cast<std::size_t>(only_bit_index(p))], v);
    return true;
  }
  return false;
}

// Unit groups for locked candidates: rows, columns, boxes (or regions), the extra units.
constexpr int kRows = 0, kColumns = 1, kBoxes = 2, kExtras = 3;

// The units of group g: [first, last).
std::pair<int, int> group_units(const State& s, int g) {
  const int n = s.n();
  return g == kExtras ? std::pair{3 * n, s.unit_count()} : std::pair{g * n, (g + 1) * n};
}

// The units of group g holding `cell` (one for rows, columns and boxes; 0 or more extras).
int units_in_group(const State& s, int cell, int g, std::array<int, kMaxCellExtras>& out) {
  if (g != kExtras) {
    out[0] = s.units_of(cell)[static_cast<std::size_t>(g)];
    return 1;
  }
  const int count = s.extra_count(cell);
  for (int i = 0; i < count; ++i) out[static_cast<std::size_t>(i)] = s.extra_unit(cell, i);
  return count;
}

// True if `cell` is in unit u of group g.
// On a board of several grids a cell's row, column or box in another grid than its first is one
// of its extra units: membership is then asked of every unit of the cell.
bool in_group_unit(const State& s, int cell, int u, int g) {
  return g == kExtras || s.multi_grid() ? s.in_unit(cell, u) : s.units_of(cell)[static_cast<std::size_t>(g)] == u;
}

// The unit of kind `kind` (0 row, 1 column, 2 box) holding `cell` in grid g (the cell is in grid
// g); on a single-grid board (kMulti false) grid 0 and the cell's own row, column or box.
template <bool kMulti>
int kind_unit(const State& s, int g, int cell, int kind) {
  if constexpr (kMulti) {
    return s.unit_in_grid(cell, g, kind);
  } else {
    (void)g;
    return s.units_of(cell)[static_cast<std::size_t>(kind)];
  }
}

// The (base group, cover group) pairs locked candidates scan, in order. SE's classic order comes
// first: pointing box -> column, box -> row; claiming column -> box, row -> box. A board with extra
// units then adds the pairs that involve them; a base box is "pointing" (2.6), any other base
// (line, diagonal, window) "claiming" (2.8), as SE rates a locking by whether its base is a block.
struct Pass {
  int base;
  int cover;
};
constexpr std::array<Pass, 1> kPointingExtra{{{kBoxes, kExtras}}};
constexpr std::array<Pass, 6> kClaimingExtra{
    {{kRows, kExtras}, {kColumns, kExtras}, {kExtras, kBoxes}, {kExtras, kRows}, {kExtras, kColumns}, {kExtras, kExtras}}};

// Direct locked candidates: after removing v from cover minus base, a unit `other` left with one
// place for v outside the eliminated cells gives a hidden single: that cell, or -1.
int single_after(const State& s, int v, int other, int base, int cover, const Pass& pass) {
  if (other == base || other == cover) return -1;
  const Mask p3 = s.places(other, v);
  if (!several(p3)) return -1;
  int remain = 0;
  int cell = -1;
  bool crosses = false;
  for (Mask m = p3; m; m &= m - 1) {
    const int c = s.unit(other)[static_cast<std::size_t>(only_bit_index(m))];
    if (in_group_unit(s, c, cover, pass.cover) && !in_group_unit(s, c, base, pass.base)) {
      crosses = true;  // v goes from c
    } else {
      ++remain;
      cell = c;
    }
  }
  return crosses && remain == 1 ? cell : -1;
}

// The extra units' part of the direct search (after the units of the base's kind); on a board of
// several grids every unit of the board (the other grids' units are extra units, and the first
// grid's may be another grid than the base's).
int extra_single_after(const State& s, int v, int base, int cover, const Pass& pass, int& other_out) {
  for (int other = s.multi_grid() ? 0 : 3 * s.n(); other < s.unit_count(); ++other) {
    if (const int c = single_after(s, v, other, base, cover, pass); c >= 0) return other_out = other, c;
  }
  return -1;
}

// Fills `out` with the direct step (the hidden single in `other`) or the plain one.
bool locked_step(const State& s, Step& out, bool pointing, bool direct, int v, int base, int cover, int other,
                 int cell) {
  if (direct) {
    const char* name = pointing ? "Direct pointing" : "Direct claiming";
    if (out.describe) {
      out.description = name;
      out.description += " ";
      append_value(out.description, v);
      out.description += " in " + s.unit_name(base) + " and " + s.unit_name(cover) + ", hidden single in " +
                         s.unit_name(other);
    }
    set_place(s, out, name, pointing ? 1.7 : 1.9, cell, v);
    return true;
  }
  out.technique = pointing ? "Pointing" : "Claiming";
  out.rating = pointing ? 2.6 : 2.8;
  if (!out.describe) return true;
  out.units = {base, cover};
  for (int c : s.unit(base))
    if (s.has(c, v) && s.in_unit(c, cover)) out.cells.push_back(c);
  out.description = out.technique + " ";
  append_value(out.description, v);
  out.description += " in " + s.unit_name(base) + " and " + s.unit_name(cover) + ": removes ";
  append_value(out.description, v);
  out.description += " from " + std::to_string(out.eliminations.size()) + " cell(s)";
  return true;
}

// Locked candidates between rows/columns and boxes, scanned as SE does: values outermost;
// pointing = box -> column, then box -> row; claiming = column -> box, then row -> box. In direct
// mode the step is a hidden single the eliminations create in another unit of the base's kind
// crossing the cover unit (then, on a board with extra units, in an extra unit).
// On a board of several grids (kMulti) this runs per grid: grid g's boxes with grid g's rows and
// columns (a shared box is a box of both its grids). A single grid (kMulti false, g = 0) reads its
// units by number and each cell's units_of, as before there were grids.
template <bool kMulti>
bool locked_classic(const State& s, Step& out, bool pointing, bool direct, int g) {
  const int n = s.n();
  const int* gu = s.grid_units(g);  // grid g's rows, columns, boxes
  for (int pass = 0; pass < 2; ++pass) {
    // kind index into units_of: 0 row, 1 column, 2 box.
    const int line_kind = pass == 0 ? 1 : 0;
    const int base_kind = pointing ? 2 : line_kind;
    const int cover_kind = pointing ? line_kind : 2;
    const int base0 = base_kind * n;
    // The i-th unit of the base's kind in grid g.
    auto base_unit = [&](int i) { return kMulti ? gu[base0 + i] : base0 + i; };
    for (int v = 1; v <= n; ++v) {
      for (int i = 0; i < n; ++i) {
        const int base = base_unit(i);
        const Mask pos = s.places(base, v);
        if (!several(pos)) continue;
        const auto& cells = s.unit(base);
        const int cover = kind_unit<kMulti>(s, g, cells[static_cast<std::size_t>(only_bit_index(pos))], cover_kind);
        bool all = true;
        for (Mask m = pos & (pos - 1); m && all; m &= m - 1)
          all = kind_unit<kMulti>(s, g, cells[static_cast<std::size_t>(only_bit_index(m))], cover_kind) == cover;
        if (!all) continue;
        // The cover's cells with v inside the base are exactly `pos`: anything more is outside.
        if (bit_count(s.places(cover, v)) == bit_count(pos)) continue;
        bool any = false;
        for (int c : s.unit(cover)) {
          if (!s.has(c, v) || kind_unit<kMulti>(s, g, c, base_kind) == base) continue;
          any = true;
          if (!direct) out.eliminations.push_back({c, v});
        }
        if (!any) continue;
        if (!direct) return locked_step(s, out, pointing, false, v, base, cover, -1, -1);
        // Another unit of the base's kind crossing the cover: v left in one place outside it?
        for (int j = 0; j < n; ++j) {
          const int other = base_unit(j);
          if (other == base) continue;
          const Mask p3 = s.places(other, v);
          if (!several(p3)) continue;
          int remain = 0;
          int cell = -1;
          bool crosses = false;
          for (Mask m = p3; m; m &= m - 1) {
            const int c = s.unit(other)[static_cast<std::size_t>(only_bit_index(m))];
            if (kind_unit<kMulti>(s, g, c, cover_kind) == cover) {
              crosses = true;
            } else {
              ++remain;
              cell = c;
            }
          }
          if (!crosses || remain != 1) continue;
          return locked_step(s, out, pointing, true, v, base, cover, other, cell);
        }
        if (!s.has_extras()) continue;
        int other = -1;
        const int cell = extra_single_after(s, v, base, cover, Pass{base_kind, cover_kind}, other);
        if (cell >= 0) return locked_step(s, out, pointing, true, v, base, cover, other, cell);
      }
    }
  }
  return false;
}

// Locked candidates involving a board's extra units (see Pass), after the classic pairs: per
// pass, values, then base units, then the cover units of the base's first place.
template <std::size_t K>
bool locked_extra(const State& s, Step& out, const std::array<Pass, K>& passes, bool pointing, bool direct) {
  const int n = s.n();
  std::array<int, kMaxCellExtras> covers{};
  for (const Pass& pass : passes) {
    const auto [first, last] = group_units(s, pass.base);
    for (int v = 1; v <= n; ++v) {
      for (int base = first; base < last; ++base) {
        const Mask pos = s.places(base, v);
        if (!several(pos)) continue;
        const auto& cells = s.unit(base);
        const int first_cell = cells[static_cast<std::size_t>(only_bit_index(pos))];
        const int ncovers = units_in_group(s, first_cell, pass.cover, covers);
        for (int ci = 0; ci < ncovers; ++ci) {
          const int cover = covers[static_cast<std::size_t>(ci)];
          if (cover == base) continue;
          bool all = true;
          for (Mask m = pos & (pos - 1); m && all; m &= m - 1)
            all = in_group_unit(s, cells[static_cast<std::size_t>(only_bit_index(m))], cover, pass.cover);
          if (!all) continue;
          if (bit_count(s.places(cover, v)) == bit_count(pos)) continue;
          bool any = false;
          for (int c : s.unit(cover)) {
            if (!s.has(c, v) || in_group_unit(s, c, base, pass.base)) continue;
            any = true;
            if (!direct) out.eliminations.push_back({c, v});
          }
          if (!any) continue;
          if (!direct) return locked_step(s, out, pointing, false, v, base, cover, -1, -1);
          // A hidden single in a unit of the base's group, then in an extra unit.
          int other = -1;
          int cell = -1;
          const auto [gfirst, glast] = group_units(s, pass.base);
          for (int o = gfirst; o < glast && cell < 0; ++o)
            if ((cell = single_after(s, v, o, base, cover, pass)) >= 0) other = o;
          if (cell < 0 && pass.base != kExtras) cell = extra_single_after(s, v, base, cover, pass, other);
          if (cell >= 0) return locked_step(s, out, pointing, true, v, base, cover, other, cell);
        }
      }
    }
  }
  return false;
}

bool locked(const State& s, Step& out, bool pointing, bool direct) {
  if (!s.multi_grid()) {
    if (locked_classic<false>(s, out, pointing, direct, 0)) return true;
  } else {
    for (int g = 0; g < s.grids(); ++g)
      if (locked_classic<true>(s, out, pointing, direct, g)) return true;
  }
  // A board of several grids has no diagonals or windows: its extra units are the other grids'
  // rows, columns and boxes, done above grid by grid.
  if (!s.has_extras() || s.multi_grid()) return false;
  return pointing ? locked_extra(s, out, kPointingExtra, true, direct) : locked_extra(s, out, kClaimingExtra, false, direct);
}

// Subsets scan units as SE does: boxes, columns, rows; then the extra units.
int subset_unit(int i, int n) {
  if (i < n) return 2 * n + i;
  if (i < 2 * n) return i;  // columns n..2n-1
  if (i >= 3 * n) return i;
  return i - 2 * n;         // rows
}

const char* subset_name(int k) { return k == 2 ? "pair" : k == 3 ? "triple" : "quad"; }

// "<name> <values> in <unit> (<cells>)", the description of a naked or hidden subset.
// Writes nothing when the caller does not want descriptions.
void describe_subset(const State& s, Step& out, const std::string& name, Mask values, int u, Mask where) {
  if (!out.describe) return;
  out.units.push_back(u);
  for (Mask m = where; m; m &= m - 1) out.cells.push_back(s.unit(u)[static_cast<std::size_t>(only_bit_index(m))]);
  std::string& d = out.description;
  d = name + " ";
  add_values(d, values);
  d += " in " + s.unit_name(u) + " (";
  add_cells(s, d, where, u);
  d += ")";
}

// Naked subset of size k in any unit (SE order).
bool naked_subset(const State& s, Step& out, int k, double rating) {
  const int n = s.n();
  std::array<int, kMaxN> pick{};  // unit indices of cells with 2..k candidates
  for (int i = 0, units = s.unit_count(); i < units; ++i) {
    const int u = subset_unit(i, n);
    const auto& cells = s.unit(u);
    int count = 0;
    int empty = 0;
    for (int j = 0; j < n; ++j) {
      const int pc = bit_count(s.cand(cells[static_cast<std::size_t>(j)]));
      if (pc > 0) ++empty;
      if (pc >= 2 && pc <= k) pick[static_cast<std::size_t>(count++)] = j;
    }
    if (empty < 2 * k) continue;  // SE: a smaller complementary hidden subset exists instead
    const bool found = each_combination(count, k, [&](const std::array<int, kMaxN>& idx) {
      Mask values = 0;
      Mask where = 0;
      for (int a = 0; a < k; ++a) {
        const int j = pick[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])];
        values |= s.cand(cells[static_cast<std::size_t>(j)]);
        where |= Mask{1} << j;
      }
      if (bit_count(values) != k) return false;
      for (int j = 0; j < n; ++j) {
        if (where & (Mask{1} << j)) continue;
        const int c = cells[static_cast<std::size_t>(j)];
        for (Mask m = s.cand(c) & values; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
      }
      if (out.eliminations.empty()) return false;
      out.technique = std::string("Naked ") + subset_name(k);
      out.rating = rating;
      describe_subset(s, out, out.technique, values, u, where);
      return true;
    });
    if (found) return true;
  }
  return false;
}

// Hidden subset of size k in any unit. In direct mode the step is the hidden single it creates
// among the other values of the unit.
bool hidden_subset(const State& s, Step& out, int k, double rating, bool direct) {
  const int n = s.n();
  std::array<Mask, kMaxN + 1> pos{};  // per value: its places in the unit
  std::array<int, kMaxN> pick{};      // values with 1..k places
  for (int i = 0, units = s.unit_count(); i < units; ++i) {
    const int u = subset_unit(i, n);
    const auto& cells = s.unit(u);
    int count = 0;
    const int empty = s.empty_in(u);
    // SE: a hidden subset needs more than 2k empty cells (else the naked complement is found
    // first); the direct variant only needs more than k.
    if (!(empty > 2 * k || (direct && empty > k))) continue;
    for (int v = 1; v <= n; ++v) {
      pos[static_cast<std::size_t>(v)] = s.places(u, v);
      const int pc = bit_count(pos[static_cast<std::size_t>(v)]);
      if (pc >= 1 && pc <= k) pick[static_cast<std::size_t>(count++)] = v;
    }
    const bool found = each_combination(count, k, [&](const std::array<int, kMaxN>& idx) {
      Mask where = 0;
      Mask values = 0;
      for (int a = 0; a < k; ++a) {
        const int v = pick[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])];
        where |= pos[static_cast<std::size_t>(v)];
        values |= bit(v);
      }
      if (bit_count(where) != k) return false;
      bool removes = false;
      for (Mask m = where; m; m &= m - 1)
        if (s.cand(cells[static_cast<std::size_t>(only_bit_index(m))]) & ~values) removes = true;
      if (!removes) return false;
      const std::string name = std::string(direct ? "Direct hidden " : "Hidden ") + subset_name(k);
      if (direct) {
        for (int w = 1; w <= n; ++w) {
          if (values & bit(w)) continue;
          const Mask p = pos[static_cast<std::size_t>(w)];
          if (bit_count(p) < 2) continue;
          const Mask left = p & ~where;
          if (bit_count(left) != 1) continue;
          describe_subset(s, out, name, values, u, where);
          set_place(s, out, name.c_str(), rating, cells[static_cast<std::size_t>(only_bit_index(left))], w);
          return true;
        }
        return false;
      }
      for (Mask m = where; m; m &= m - 1) {
        const int c = cells[static_cast<std::size_t>(only_bit_index(m))];
        for (Mask r = s.cand(c) & ~values; r; r &= r - 1) out.eliminations.push_back({c, lowest_value(r)});
      }
      out.technique = name;
      out.rating = rating;
      describe_subset(s, out, name, values, u, where);
      return true;
    });
    if (found) return true;
  }
  return false;
}

// Basic fish of size k in grid g (see fish).
bool fish_in_grid(const State& s, Step& out, int k, double rating, const char* name, int g) {
  const int n = s.n();
  const int* gu = s.grid_units(g);  // grid g's rows, then its columns
  std::array<Mask, kMaxN> pos{};  // per base line: places of v
  std::array<int, kMaxN> pick{};  // base lines with 2..k places
  for (int orient = 0; orient < 2; ++orient) {
    const int* base0 = gu + (orient == 0 ? 0 : n);
    const int* cover0 = gu + (orient == 0 ? n : 0);
    for (int v = 1; v <= n; ++v) {
      int count = 0;
      for (int l = 0; l < n; ++l) {
        pos[static_cast<std::size_t>(l)] = s.places(base0[l], v);
        const int pc = bit_count(pos[static_cast<std::size_t>(l)]);
        if (pc >= 2 && pc <= k) pick[static_cast<std::size_t>(count++)] = l;
      }
      const bool found = each_combination(count, k, [&](const std::array<int, kMaxN>& idx) {
        Mask covers = 0;
        Mask bases = 0;
        for (int a = 0; a < k; ++a) {
          const int l = pick[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])];
          covers |= pos[static_cast<std::size_t>(l)];
          bases |= Mask{1} << l;
        }
        if (bit_count(covers) != k) return false;
        for (Mask m = covers; m; m &= m - 1) {
          const auto& cells = s.unit(cover0[only_bit_index(m)]);
          for (int j = 0; j < n; ++j) {
            if (bases & (Mask{1} << j)) continue;  // index j in a cover line = base line j
            const int c = cells[static_cast<std::size_t>(j)];
            if (s.has(c, v)) out.eliminations.push_back({c, v});
          }
        }
        if (out.eliminations.empty()) return false;
        out.technique = name;
        out.rating = rating;
        if (!out.describe) return true;
        for (Mask m = bases; m; m &= m - 1) {
          const int base = base0[only_bit_index(m)];
          out.units.push_back(base);
          for (Mask c = covers; c; c &= c - 1) {
            const int cell = s.unit(base)[static_cast<std::size_t>(only_bit_index(c))];
            if (s.has(cell, v)) out.cells.push_back(cell);
          }
        }
        for (Mask m = covers; m; m &= m - 1) out.units.push_back(cover0[only_bit_index(m)]);
        out.description = std::string(name) + " on ";
        append_value(out.description, v);
        if (s.multi_grid()) {  // "X-wing on 5 in row 2 of the centre grid, row 7 of the centre grid; ..."
          out.description += " in ";
          for (Mask m = bases; m; m &= m - 1)
            out.description += s.unit_name(base0[only_bit_index(m)]) + (m & (m - 1) ? ", " : "; ");
          for (Mask m = covers; m; m &= m - 1)
            out.description += s.unit_name(cover0[only_bit_index(m)]) + (m & (m - 1) ? ", " : "");
          return true;
        }
        out.description += orient == 0 ? " in rows " : " in columns ";
        for (Mask m = bases; m; m &= m - 1) out.description += std::to_string(only_bit_index(m) + 1);
        out.description += orient == 0 ? ", columns " : ", rows ";
        for (Mask m = covers; m; m &= m - 1) out.description += std::to_string(only_bit_index(m) + 1);
        return true;
      });
      if (found) return true;
    }
  }
  return false;
}

// Basic fish of size k: rows as base (cover columns), then columns as base (cover rows). On a
// board of several grids, grid by grid: a grid's rows with the same grid's columns (the i-th cell
// of a grid's column is in the grid's i-th row).
bool fish(const State& s, Step& out, int k, double rating, const char* name) {
  for (int g = 0; g < s.grids(); ++g)
    if (fish_in_grid(s, out, k, rating, name, g)) return true;
  return false;
}

}  // namespace

bool find_full_house(const State& s, Step& out) {
  const int n = s.n();
  for (int i = 0, units = s.unit_count(); i < units; ++i) {
    const int u = se_unit(i, n);
    if (s.empty_in(u) != 1) continue;
    for (int c : s.unit(u)) {
      if (s.value(c) != 0) continue;
      const Mask m = s.cand(c);
      if (!m || several(m)) break;
      if (out.describe) {
        out.description = "Full house in " + s.unit_name(u);
        out.units.push_back(u);
      }
      set_place(s, out, "Full house", 1.0, c, lowest_value(m));
      return true;
    }
  }
  return false;
}

// On a board of several grids the boxes (lines) are every grid's, in unit order: the other grids'
// are extra units.
bool find_hidden_single_box(const State& s, Step& out) {
  const int n = s.n();
  if (s.multi_grid()) {
    for (int u = 0; u < s.unit_count(); ++u)
      if (s.unit_kind(u) == kBoxes && hidden_single_in(s, out, u, 1.2)) return true;
    return false;
  }
  // A Latin square has no boxes: its units 2n..3n-1 are its rows again, whose singles rate as
  // lines (1.5), as its columns' do (a row is no easier to scan than a column).
  if (s.geo().latin()) return false;
  for (int b = 0; b < n; ++b)
    if (hidden_single_in(s, out, 2 * n + b, 1.2)) return true;
  return false;
}

bool find_hidden_single_line(const State& s, Step& out) {
  const int n = s.n();
  if (s.multi_grid()) {
    for (int u = 0; u < s.unit_count(); ++u)
      if (s.unit_kind(u) != kBoxes && hidden_single_in(s, out, u, 1.5)) return true;
    return false;
  }
  for (int u = 0; u < 2 * n; ++u)
    if (hidden_single_in(s, out, u, 1.5)) return true;
  for (int u = 3 * n; u < s.unit_count(); ++u)  // diagonals, windows: rated as lines
    if (hidden_single_in(s, out, u, 1.5)) return true;
  return false;
}

bool find_direct_pointing(const State& s, Step& out) { return locked(s, out, true, true); }
bool find_direct_claiming(const State& s, Step& out) { return locked(s, out, false, true); }
bool find_direct_hidden_pair(const State& s, Step& out) { return hidden_subset(s, out, 2, 2.0, true); }
bool find_direct_hidden_triple(const State& s, Step& out) { return hidden_subset(s, out, 3, 2.5, true); }

bool find_naked_single(const State& s, Step& out) {
  for (int c = 0; c < s.cells(); ++c) {
    const Mask m = s.cand(c);
    if (m && !several(m)) {
      if (out.describe) {
        out.description = "Naked single";
        for (int u : s.units_of(c)) out.units.push_back(u);
      }
      set_place(s, out, "Naked single", 2.3, c, lowest_value(m));
      return true;
    }
  }
  return false;
}

bool find_pointing(const State& s, Step& out) { return locked(s, out, true, false); }
bool find_claiming(const State& s, Step& out) { return locked(s, out, false, false); }
bool find_naked_pair(const State& s, Step& out) { return naked_subset(s, out, 2, 3.0); }
bool find_naked_triple(const State& s, Step& out) { return naked_subset(s, out, 3, 3.6); }
bool find_naked_quad(const State& s, Step& out) { return naked_subset(s, out, 4, 5.0); }
bool find_hidden_pair(const State& s, Step& out) { return hidden_subset(s, out, 2, 3.4, false); }
bool find_hidden_triple(const State& s, Step& out) { return hidden_subset(s, out, 3, 4.0, false); }
bool find_hidden_quad(const State& s, Step& out) { return hidden_subset(s, out, 4, 5.4, false); }
bool find_x_wing(const State& s, Step& out) { return fish(s, out, 2, 3.2, "X-wing"); }
bool find_swordfish(const State& s, Step& out) { return fish(s, out, 3, 3.8, "Swordfish"); }
bool find_jellyfish(const State& s, Step& out) { return fish(s, out, 4, 5.2, "Jellyfish"); }

}  // namespace gp::grader
