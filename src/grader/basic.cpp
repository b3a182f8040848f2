// Singles, direct variants, locked candidates, naked/hidden subsets and basic fish.
// Scan order follows Sudoku Explainer: boxes, then rows, then columns; values ascending.
#include <array>

#include "grader/techniques.hpp"

namespace gp::grader {
namespace {

// The i-th unit in SE's scan order: boxes, rows, columns.
int se_unit(int i, int n) {
  if (i < n) return 2 * n + i;
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
    if (out.describe) out.description = "Hidden single in " + s.unit_name(u);
    set_place(s, out, "Hidden single", rating, s.unit(u)[static_cast<std::size_t>(only_bit_index(p))], v);
    return true;
  }
  return false;
}

// Locked candidates, scanned as SE does: values outermost; pointing = box -> column, then box ->
// row; claiming = column -> box, then row -> box. In direct mode the step is a hidden single the
// eliminations create in another unit of the base's kind crossing the cover unit.
bool locked(const State& s, Step& out, bool pointing, bool direct) {
  const int n = s.n();
  for (int pass = 0; pass < 2; ++pass) {
    // kind index into units_of: 0 row, 1 column, 2 box.
    const int line_kind = pass == 0 ? 1 : 0;
    const int base_kind = pointing ? 2 : line_kind;
    const int cover_kind = pointing ? line_kind : 2;
    const int base0 = base_kind == 0 ? 0 : base_kind == 1 ? n : 2 * n;
    for (int v = 1; v <= n; ++v) {
      for (int i = 0; i < n; ++i) {
        const int base = base0 + i;
        const Mask pos = s.places(base, v);
        if (!several(pos)) continue;
        const auto& cells = s.unit(base);
        const int cover = s.units_of(cells[static_cast<std::size_t>(only_bit_index(pos))])[static_cast<std::size_t>(cover_kind)];
        bool all = true;
        for (Mask m = pos & (pos - 1); m && all; m &= m - 1)
          all = s.units_of(cells[static_cast<std::size_t>(only_bit_index(m))])[static_cast<std::size_t>(cover_kind)] == cover;
        if (!all) continue;
        // The cover's cells with v inside the base are exactly `pos`: anything more is outside.
        if (bit_count(s.places(cover, v)) == bit_count(pos)) continue;
        bool any = false;
        for (int c : s.unit(cover)) {
          if (!s.has(c, v) || s.units_of(c)[static_cast<std::size_t>(base_kind)] == base) continue;
          any = true;
          if (!direct) out.eliminations.push_back({c, v});
        }
        if (!any) continue;
        if (direct) {
          // Another unit of the base's kind crossing the cover: v left in one place outside it?
          for (int j = 0; j < n; ++j) {
            const int other = base0 + j;
            if (other == base) continue;
            const Mask p3 = s.places(other, v);
            if (!several(p3)) continue;
            int remain = 0;
            int cell = -1;
            bool crosses = false;
            for (Mask m = p3; m; m &= m - 1) {
              const int c = s.unit(other)[static_cast<std::size_t>(only_bit_index(m))];
              if (s.units_of(c)[static_cast<std::size_t>(cover_kind)] == cover) {
                crosses = true;
              } else {
                ++remain;
                cell = c;
              }
            }
            if (!crosses || remain != 1) continue;
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
          continue;
        }
        out.technique = pointing ? "Pointing" : "Claiming";
        out.rating = pointing ? 2.6 : 2.8;
        if (!out.describe) return true;
        out.description = out.technique + " ";
        append_value(out.description, v);
        out.description += " in " + s.unit_name(base) + " and " + s.unit_name(cover) + ": removes ";
        append_value(out.description, v);
        out.description += " from " + std::to_string(out.eliminations.size()) + " cell(s)";
        return true;
      }
    }
  }
  return false;
}

// Subsets scan units as SE does: boxes, columns, rows.
int subset_unit(int i, int n) {
  if (i < n) return 2 * n + i;
  if (i < 2 * n) return i;  // columns n..2n-1
  return i - 2 * n;         // rows
}

const char* subset_name(int k) { return k == 2 ? "pair" : k == 3 ? "triple" : "quad"; }

// "<name> <values> in <unit> (<cells>)", the description of a naked or hidden subset.
// Writes nothing when the caller does not want descriptions.
void describe_subset(const State& s, Step& out, const std::string& name, Mask values, int u, Mask where) {
  if (!out.describe) return;
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
  for (int i = 0; i < 3 * n; ++i) {
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
  for (int i = 0; i < 3 * n; ++i) {
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

// Basic fish of size k: rows as base (cover columns), then columns as base (cover rows).
bool fish(const State& s, Step& out, int k, double rating, const char* name) {
  const int n = s.n();
  std::array<Mask, kMaxN> pos{};  // per base line: places of v
  std::array<int, kMaxN> pick{};  // base lines with 2..k places
  for (int orient = 0; orient < 2; ++orient) {
    const int base0 = orient == 0 ? 0 : n;
    const int cover0 = orient == 0 ? n : 0;
    for (int v = 1; v <= n; ++v) {
      int count = 0;
      for (int l = 0; l < n; ++l) {
        pos[static_cast<std::size_t>(l)] = s.places(base0 + l, v);
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
          const auto& cells = s.unit(cover0 + only_bit_index(m));
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
        out.description = std::string(name) + " on ";
        append_value(out.description, v);
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

}  // namespace

bool find_full_house(const State& s, Step& out) {
  const int n = s.n();
  for (int i = 0; i < 3 * n; ++i) {
    const int u = se_unit(i, n);
    if (s.empty_in(u) != 1) continue;
    for (int c : s.unit(u)) {
      if (s.value(c) != 0) continue;
      const Mask m = s.cand(c);
      if (!m || several(m)) break;
      if (out.describe) out.description = "Full house in " + s.unit_name(u);
      set_place(s, out, "Full house", 1.0, c, lowest_value(m));
      return true;
    }
  }
  return false;
}

bool find_hidden_single_box(const State& s, Step& out) {
  const int n = s.n();
  for (int b = 0; b < n; ++b)
    if (hidden_single_in(s, out, 2 * n + b, 1.2)) return true;
  return false;
}

bool find_hidden_single_line(const State& s, Step& out) {
  const int n = s.n();
  for (int u = 0; u < 2 * n; ++u)
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
      if (out.describe) out.description = "Naked single";
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
