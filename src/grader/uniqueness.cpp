// Uniqueness techniques (they assume the puzzle has exactly one solution, which grade() checks):
// unique rectangles and loops types 1-4 and the bivalue universal grave (BUG) types 1-4, rated as
// Sudoku Explainer 1.2.1 rates them:
//   loop base: 4 cells 4.5, 6 cells 4.6, 8 cells 4.7, 10 or more 5.0;
//   types 1, 2, 4: base; type 3 with a naked set of k values: base + (k-1)/10; with a hidden set
//   of k values: base + (k-2)/10;
//   BUG type 1: 5.6, types 2 and 4: 5.7, type 3 with a naked set of k values: 5.7 + (k-1)/10.
// Among all unique loops present the easiest is reported (then the lowest type), as SE does.
// On a variant board both stay sound: a loop counts only if every unit it touches (diagonals and
// windows included) holds one even and one odd loop cell, and the BUG test counts every unit. The
// loop walk and the units types 3 and 4 and BUG types 3 and 4 look in are rows, columns and boxes
// (a cell's units_of: on a board of several grids those of its first grid).
#include <array>
#include <bit>
#include <bitset>

#include "grader/techniques.hpp"

namespace gp::grader {
namespace {

constexpr int kMaxLoop = 12;          // longest loop searched (SE has no bound; longer ones are rare)
constexpr int kMaxElims = kMaxCells;

int se_unit_kind(int i) { return i == 0 ? 2 : i - 1; }  // box, row, column

struct LoopSearch {
  const State& s;
  int v1 = 0;
  int v2 = 0;
  Mask pair = 0;
  std::array<int, kMaxLoop + 1> loop{};
  int len = 0;
  std::array<std::uint8_t, kMaxUnits> unit_count{};  // per unit: loop cells in it (units_of only)
  int lone_units = 0;  // units holding exactly one loop cell
  // Best hint so far.
  Step& out;
  double best_rating = 1e9;
  int best_type = 9;
  std::array<CellValue, kMaxElims> scratch{};
  int scratch_n = 0;

  LoopSearch(const State& st, Step& o) : s(st), out(o) {}

  bool in_loop(int c) const {
    for (int i = 0; i < len; ++i)
      if (loop[static_cast<std::size_t>(i)] == c) return true;
    return false;
  }

  void push(int c) {
    loop[static_cast<std::size_t>(len++)] = c;
    for (int u : s.units_of(c)) {
      const int now = ++unit_count[static_cast<std::size_t>(u)];
      lone_units += now == 1 ? 1 : now == 2 ? -1 : 0;
    }
  }
  void pop() {
    const int c = loop[static_cast<std::size_t>(--len)];
    for (int u : s.units_of(c)) {
      const int now = --unit_count[static_cast<std::size_t>(u)];
      lone_units += now == 1 ? 1 : now == 0 ? -1 : 0;
    }
  }

  // Every unit visited by the loop is visited once by an even-indexed and once by an odd-indexed
  // cell (SE's validity test). Every unit of the board counts, extra units included: then swapping
  // v1 and v2 on the loop keeps every unit whole, so the loop is a deadly pattern on any board
  // (a diagonal or window holding one loop cell makes it harmless, and it is rejected).
  bool valid() const {
    std::array<std::uint8_t, kMaxUnits> even{}, odd{};
    for (int i = 0; i < len; ++i) {
      const int c = loop[static_cast<std::size_t>(i)];
      auto& slots = i % 2 == 0 ? even : odd;
      for (int u : s.units_of(c)) {
        auto& slot = slots[static_cast<std::size_t>(u)];
        if (slot) return false;
        slot = 1;
      }
      for (int k = 0; k < s.extra_count(c); ++k) {
        auto& slot = slots[static_cast<std::size_t>(s.extra_unit(c, k))];
        if (slot) return false;
        slot = 1;
      }
    }
    return even == odd;
  }

  double base() const {
    double r = 4.5;
    if (len >= 10) r += 0.3;
    if (len >= 8) r += 0.2;
    else if (len >= 6) r += 0.1;
    return r;
  }

  void add(int c, int v) {
    if (s.has(c, v)) scratch[static_cast<std::size_t>(scratch_n++)] = {c, v};
  }

  // Offers a hint whose eliminations are in scratch.
  void offer(double rating, int type, const std::string& what) {
    if (scratch_n == 0) return;
    if (rating > best_rating + 1e-9) return;
    if (rating > best_rating - 1e-9 && type >= best_type) return;
    best_rating = rating;
    best_type = type;
    out.clear();
    out.technique = len == 4 ? "Unique rectangle" : "Unique loop";
    out.rating = rating;
    for (int i = 0; i < scratch_n; ++i) out.eliminations.push_back(scratch[static_cast<std::size_t>(i)]);
    if (!out.describe) return;
    out.description = out.technique + " type " + std::to_string(type) + " on ";
    append_value(out.description, v1);
    out.description += ",";
    append_value(out.description, v2);
    out.description += " (";
    for (int i = 0; i < len; ++i) {
      if (i) out.description += ',';
      out.description += s.cell_name(loop[static_cast<std::size_t>(i)]);
    }
    out.description += ")";
    if (!what.empty()) out.description += ": " + what;
  }

  void type2(const int* extra, int count, int z) {
    scratch_n = 0;
    for (int c = 0; c < s.cells(); ++c) {
      if (!s.has(c, z)) continue;
      bool all = true;
      for (int i = 0; i < count && all; ++i) all = extra[i] != c && s.sees(c, extra[i]);
      if (all) add(c, z);
    }
    offer(base(), 2, {});
  }

  void type3(int c1, int c2, Mask extra) {
    const int n = s.n();
    const int max_degree = std::min(7, n - 2);
    for (int degree = bit_count(extra); degree <= max_degree; ++degree) {
      for (int k = 0; k < 3; ++k) {
        const int kind = se_unit_kind(k);
        const int u = s.units_of(c1)[static_cast<std::size_t>(kind)];
        if (u != s.units_of(c2)[static_cast<std::size_t>(kind)]) continue;
        const auto& cells = s.unit(u);
        std::array<int, kMaxN> others{};
        int count = 0;
        int empty = 0;
        for (int c : cells) {
          if (s.value(c) != 0) continue;
          ++empty;
          if (c != c1 && c != c2) others[static_cast<std::size_t>(count++)] = c;
        }
        // Naked set: extra (as one pseudo cell) with degree-1 other cells.
        if (degree * 2 <= empty) {
          each_combination(count, degree - 1, [&](const std::array<int, kMaxN>& idx) {
            Mask values = extra;
            for (int a = 0; a < degree - 1; ++a) values |= s.cand(others[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])]);
            if (bit_count(values) != degree) return false;
            scratch_n = 0;
            for (int j = 0; j < count; ++j) {
              bool member = false;
              for (int a = 0; a < degree - 1; ++a) member |= idx[static_cast<std::size_t>(a)] == j;
              if (member) continue;
              for (Mask m = s.cand(others[static_cast<std::size_t>(j)]) & values; m; m &= m - 1)
                add(others[static_cast<std::size_t>(j)], lowest_value(m));
            }
            std::string what = "naked set ";
            for (Mask m = values; m; m &= m - 1) append_value(what, lowest_value(m));
            what += " in " + s.unit_name(u);
            offer(base() + 0.1 * (degree - 1), 3, what);
            return false;
          });
        }
        // Hidden set: v1, v2 and degree-2 other values confined (ignoring c2) to degree cells.
        if (degree * 2 < empty && degree >= 2) {
          std::array<int, kMaxN> rem{};
          int nrem = 0;
          std::array<Mask, kMaxN + 1> pos{};
          for (int v = 1; v <= n; ++v) {
            Mask p = 0;
            for (int j = 0; j < n; ++j) {
              const int c = cells[static_cast<std::size_t>(j)];
              if (c != c2 && s.has(c, v)) p |= Mask{1} << j;
            }
            pos[static_cast<std::size_t>(v)] = p;
            if (v != v1 && v != v2 && !(extra & bit(v)) && p) rem[static_cast<std::size_t>(nrem++)] = v;
          }
          each_combination(nrem, degree - 2, [&](const std::array<int, kMaxN>& idx) {
            Mask values = pair;
            Mask where = pos[static_cast<std::size_t>(v1)] | pos[static_cast<std::size_t>(v2)];
            for (int a = 0; a < degree - 2; ++a) {
              const int v = rem[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])];
              values |= bit(v);
              where |= pos[static_cast<std::size_t>(v)];
            }
            if (bit_count(where) != degree) return false;
            scratch_n = 0;
            for (Mask m = where; m; m &= m - 1) {
              const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
              if (c == c1 || c == c2) continue;
              for (Mask r = s.cand(c) & ~values; r; r &= r - 1) add(c, lowest_value(r));
            }
            std::string what = "hidden set ";
            for (Mask m = values; m; m &= m - 1) append_value(what, lowest_value(m));
            what += " in " + s.unit_name(u);
            offer(base() + 0.1 * (degree - 2), 3, what);
            return false;
          });
        }
      }
    }
  }

  void type4(int c1, int c2) {
    int lock = 0;
    int rem = 0;
    int region = -1;
    int r1 = -1, r2 = -1;
    for (int k = 0; k < 3; ++k) {
      const int kind = se_unit_kind(k);
      const int u = s.units_of(c1)[static_cast<std::size_t>(kind)];
      if (u != s.units_of(c2)[static_cast<std::size_t>(kind)]) continue;
      bool has1 = false, has2 = false;
      for (int c : s.unit(u)) {
        if (c == c1 || c == c2) continue;
        has1 |= s.has(c, v1);
        has2 |= s.has(c, v2);
      }
      if (!has1) r1 = u;
      if (!has2) r2 = u;
    }
    if (r1 >= 0) {
      region = r1, lock = v1, rem = v2;
    } else if (r2 >= 0) {
      region = r2, lock = v2, rem = v1;
    } else {
      return;
    }
    scratch_n = 0;
    add(c1, rem);
    add(c2, rem);
    std::string what;
    append_value(what, lock);
    what += " locked in " + s.unit_name(region);
    offer(base(), 4, what);
  }

  void evaluate() {
    if (!valid()) return;
    std::array<int, kMaxLoop> extra{};
    int ne = 0;
    Mask extra_values = 0;
    for (int i = 0; i < len; ++i) {
      const int c = loop[static_cast<std::size_t>(i)];
      if (bit_count(s.cand(c)) > 2) {
        extra[static_cast<std::size_t>(ne++)] = c;
        extra_values |= s.cand(c) & ~pair;
      }
    }
    if (ne == 1) {
      scratch_n = 0;
      add(extra[0], v1);
      add(extra[0], v2);
      offer(base(), 1, {});
    } else if (ne > 2) {
      if (bit_count(extra_values) == 1) type2(extra.data(), ne, lowest_value(extra_values));
    } else if (ne == 2) {
      if (bit_count(extra_values) == 1) {
        type2(extra.data(), ne, lowest_value(extra_values));
      } else if (bit_count(extra_values) >= 2) {
        type3(extra[0], extra[1], extra_values);
      }
      type4(extra[0], extra[1]);
    }
  }

  // SE's loop walk: from `cell`, through a unit of a different kind than the last link.
  void walk(int cell, int last_kind, int allowed_ex, Mask ex_values) {
    push(cell);
    // A loop passes valid() only if every unit it visits holds two of its cells. Each cell still
    // to add gives a second cell to at most its 3 units, so with too many units holding one cell
    // no loop through this path can be valid: skip it (the loops found are the same).
    if (lone_units > 3 * (kMaxLoop - len)) {
      pop();
      return;
    }
    for (int k = 0; k < 3; ++k) {
      const int kind = se_unit_kind(k);
      if (kind == last_kind) continue;
      const int u = s.units_of(cell)[static_cast<std::size_t>(kind)];
      const auto& cells = s.unit(u);
      // Only cells holding both values can be on the loop (the start cell is one of them).
      for (Mask both = s.places(u, v1) & s.places(u, v2); both; both &= both - 1) {
        const int next = cells[static_cast<std::size_t>(std::countr_zero(both))];
        if (next == loop[0] && len >= 4) {
          evaluate();
        } else if (!in_loop(next)) {
          const Mask m = s.cand(next);
          ex_values |= m & ~pair;  // accumulates over siblings, as SE does
          const int card = bit_count(m);
          if (!(card == 2 || bit_count(ex_values) == 1 || allowed_ex > 0)) continue;
          if (len >= kMaxLoop) continue;
          bool full = false;  // a unit already holding two loop cells cannot take a third
          for (int uu : s.units_of(next)) full |= unit_count[static_cast<std::size_t>(uu)] >= 2;
          if (full) continue;
          walk(next, kind, card > 2 ? allowed_ex - 1 : allowed_ex, ex_values);
        }
      }
    }
    pop();
  }
};

}  // namespace

bool find_unique_rectangle(const State& s, Step& out) {
  LoopSearch search(s, out);
  for (int c = 0; c < s.cells(); ++c) {
    const Mask m = s.cand(c);
    if (bit_count(m) != 2) continue;
    search.v1 = lowest_value(m);
    search.v2 = lowest_value(m & (m - 1));
    search.pair = m;
    search.walk(c, -1, 2, 0);
  }
  return search.best_type < 9;
}

bool find_bug(const State& s, Step& out) {
  const int n = s.n();
  // Sized for the largest board; only the board's cells are set and read.
  std::array<Mask, kMaxCells> temp;
  std::array<Mask, kMaxCells> bug_values;  // per cell
  for (int c = 0; c < s.cells(); ++c) {
    temp[static_cast<std::size_t>(c)] = s.cand(c);
    bug_values[static_cast<std::size_t>(c)] = 0;
  }
  std::array<int, kMaxCells> bug_cells;  // the first nb are set
  int nb = 0;
  Mask all_bug_values = 0;
  std::bitset<kMaxCells> common;
  bool common_set = false;
  auto is_bug_cell = [&](int c) {
    for (int i = 0; i < nb; ++i)
      if (bug_cells[static_cast<std::size_t>(i)] == c) return true;
    return false;
  };
  for (int i = 0; i < s.unit_count(); ++i) {
    const int u = i < n ? 2 * n + i : i < 3 * n ? i - n : i;
    for (int v = 1; v <= n; ++v) {
      const Mask pos = s.places(u, v);
      const int card = bit_count(pos);
      if (card == 0 || card == 2) continue;
      int found = -1;
      int nfound = 0;
      for (Mask m = pos; m; m &= m - 1) {
        const int c = s.unit(u)[static_cast<std::size_t>(std::countr_zero(m))];
        if (bit_count(s.cand(c)) >= 3) {
          found = c;
          ++nfound;
        }
      }
      if (nfound == 0) return false;  // a value with 1 or 3+ places and no cell to blame
      if (nfound != 1) continue;
      if (!is_bug_cell(found)) bug_cells[static_cast<std::size_t>(nb++)] = found;
      bug_values[static_cast<std::size_t>(found)] |= bit(v);
      all_bug_values |= bit(v);
      temp[static_cast<std::size_t>(found)] &= ~bit(v);
      std::bitset<kMaxCells> seen;
      for (int p : s.peers(found)) seen.set(static_cast<std::size_t>(p));
      if (!common_set) {
        common = seen;
        common_set = true;
      } else {
        common &= seen;
      }
      for (int b = 0; b < nb; ++b) common.reset(static_cast<std::size_t>(bug_cells[static_cast<std::size_t>(b)]));
      if (nb > 1 && bit_count(all_bug_values) > 1 && common.none()) return false;
    }
  }
  if (nb == 0) return false;
  for (int c = 0; c < s.cells(); ++c)
    if (s.value(c) == 0 && bit_count(temp[static_cast<std::size_t>(c)]) != 2) return false;
  for (int u = 0; u < s.unit_count(); ++u) {  // every unit, extras included: the BUG argument needs them all
    for (int v = 1; v <= n; ++v) {
      int card = 0;
      for (int c : s.unit(u)) card += (temp[static_cast<std::size_t>(c)] & bit(v)) ? 1 : 0;
      if (card != 0 && card != 2) return false;
    }
  }
  auto describe = [&](int type) {
    out.technique = "BUG";
    out.description = "Bivalue universal grave type " + std::to_string(type) + " (";
    for (int i = 0; i < nb; ++i) {
      if (i) out.description += ',';
      out.description += s.cell_name(bug_cells[static_cast<std::size_t>(i)]);
    }
    out.description += ")";
  };
  if (nb == 1) {
    const int c = bug_cells[0];
    for (Mask m = s.cand(c) & ~all_bug_values; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
    if (out.eliminations.empty()) return false;
    describe(1);
    out.rating = 5.6;
    return true;
  }
  auto try_type4 = [&]() {
    if (nb != 2) return false;
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const Mask shared = s.cand(c1) & s.cand(c2) & ~all_bug_values;
    if (bit_count(shared) != 1) return false;
    for (int k = 0; k < 3; ++k) {
      const int kind = se_unit_kind(k);
      if (s.units_of(c1)[static_cast<std::size_t>(kind)] != s.units_of(c2)[static_cast<std::size_t>(kind)]) continue;
      for (int c : {c1, c2})
        for (Mask m = s.cand(c) & ~bug_values[static_cast<std::size_t>(c)] & ~shared; m; m &= m - 1)
          out.eliminations.push_back({c, lowest_value(m)});
      if (out.eliminations.empty()) return false;
      describe(4);
      out.rating = 5.7;
      return true;
    }
    return false;
  };
  if (bit_count(all_bug_values) == 1) {
    const int v = lowest_value(all_bug_values);
    for (int c = 0; c < s.cells(); ++c)
      if (common.test(static_cast<std::size_t>(c)) && s.has(c, v)) out.eliminations.push_back({c, v});
    if (!out.eliminations.empty()) {
      describe(2);
      out.rating = 5.7;
      return true;
    }
    return try_type4();
  }
  if (common.none()) return false;
  if (try_type4()) return true;
  out.eliminations.clear();
  // Type 3: the bug values act as one cell of a naked set with degree-1 common cells of a unit
  // shared by all bug cells.
  for (int k = 0; k < 3; ++k) {
    const int kind = se_unit_kind(k);
    const int u = s.units_of(bug_cells[0])[static_cast<std::size_t>(kind)];
    bool shared = true;
    for (int i = 1; i < nb; ++i) shared &= s.units_of(bug_cells[static_cast<std::size_t>(i)])[static_cast<std::size_t>(kind)] == u;
    if (!shared) continue;
    std::array<int, kMaxN> region{};
    int count = 0;
    for (int c : s.unit(u))
      if (common.test(static_cast<std::size_t>(c)) && s.value(c) == 0) region[static_cast<std::size_t>(count++)] = c;
    for (int degree = 2; degree <= 6; ++degree) {
      if (count < degree) continue;
      const bool found = each_combination(count, degree - 1, [&](const std::array<int, kMaxN>& idx) {
        Mask values = 0;
        for (int a = 0; a < degree - 1; ++a) values |= s.cand(region[static_cast<std::size_t>(idx[static_cast<std::size_t>(a)])]);
        if (bit_count(values) != degree || (all_bug_values & ~values)) return false;
        for (int j = 0; j < count; ++j) {
          bool member = false;
          for (int a = 0; a < degree - 1; ++a) member |= idx[static_cast<std::size_t>(a)] == j;
          if (member) continue;
          const int c = region[static_cast<std::size_t>(j)];
          for (Mask m = s.cand(c) & values; m; m &= m - 1) out.eliminations.push_back({c, lowest_value(m)});
        }
        if (out.eliminations.empty()) return false;
        describe(3);
        out.rating = 5.7 + 0.1 * (degree - 1);
        return true;
      });
      if (found) return true;
    }
  }
  return false;
}

}  // namespace gp::grader
