#include "grader/killer_rules.hpp"

#include <algorithm>
#include <bitset>
#include <map>
#include <utility>

namespace gp::grader {
namespace {

constexpr int kMaxRuleCells = 4;  // innies or outies of more cells are not derived
constexpr int kMaxMixedCells = 3; // an innie-outie difference: at most this many cells in all

// Every set of different digits 1..9, by size and sum.
const std::vector<Mask>& digit_sets(int size, int sum) {
  static const auto table = [] {
    std::array<std::array<std::vector<Mask>, 46>, 10> t;
    for (Mask m = 0; m < 512; ++m) {
      int s = 0;
      for (int v = 1; v <= 9; ++v)
        if (m & bit(v)) s += v;
      t[static_cast<std::size_t>(std::popcount(m))][static_cast<std::size_t>(s)].push_back(m);
    }
    return t;
  }();
  static const std::vector<Mask> none;
  if (size < 0 || size > 9 || sum < 0 || sum > 45) return none;
  return table[static_cast<std::size_t>(size)][static_cast<std::size_t>(sum)];
}

std::string digits_text(Mask m) {
  std::string out;
  for (; m; m &= m - 1) append_value(out, lowest_value(m));
  return out;
}

std::string cage_name(const State& s, const Cage& cage) {
  return "cage " + std::to_string(cage.sum) + "/" + std::to_string(cage.cells.size()) + " at " +
         s.cell_name(cage.cells.front());
}

// The placed digits of a cage (mask and sum) and its empty cells.
struct CageNow {
  Mask placed = 0;
  int placed_sum = 0;
  Mask cand_union = 0;
  std::array<int, kMaxN> empty{};
  int empties = 0;
};

CageNow cage_now(const State& s, const Cage& cage) {
  CageNow c;
  for (int cell : cage.cells) {
    const int v = s.value(cell);
    if (v) {
      c.placed |= bit(v);
      c.placed_sum += v;
    } else {
      c.cand_union |= s.cand(cell);
      c.empty[static_cast<std::size_t>(c.empties++)] = cell;
    }
  }
  return c;
}

// Appends the eliminations of every candidate of the cage's empty cells outside keep[i].
bool eliminate_outside(const State& s, const CageNow& c, const std::array<Mask, kMaxN>& keep, Step& out) {
  const auto before = out.eliminations.size();
  for (int i = 0; i < c.empties; ++i) {
    const int cell = c.empty[static_cast<std::size_t>(i)];
    for (Mask m = s.cand(cell) & ~keep[static_cast<std::size_t>(i)]; m; m &= m - 1)
      out.eliminations.push_back({cell, lowest_value(m)});
  }
  return out.eliminations.size() > before;
}

void describe_eliminations(const State& s, Step& out) {
  out.description += ":";
  for (const CellValue& e : out.eliminations) {
    out.description += " " + s.cell_name(e.cell) + "<>";
    append_value(out.description, e.value);
  }
  for (const CellValue& p : out.placements) {
    out.description += " " + s.cell_name(p.cell) + "=";
    append_value(out.description, p.value);
  }
}

// The combinations of a cage that hold its placed digits and whose other digits are still
// candidates of its empty cells; their union and intersection (without the placed digits).
struct Feasible {
  Mask any = 0;
  Mask all = ~Mask{0};
  int count = 0;
};

Feasible feasible_sets(const std::vector<Mask>& combos, const CageNow& c) {
  Feasible f;
  for (Mask set : combos) {
    if ((set & c.placed) != c.placed) continue;
    const Mask rest = set & ~c.placed;
    if ((rest & ~c.cand_union) != 0) continue;
    f.any |= rest;
    f.all &= rest;
    ++f.count;
  }
  if (f.count == 0) f.all = 0;
  return f;
}

std::string span_name(const char* one, const char* many, int first, int count) {
  if (count == 1) return std::string(one) + " " + std::to_string(first + 1);
  return std::string(many) + " " + std::to_string(first + 1) + "-" + std::to_string(first + count);
}

}  // namespace

CageContext::CageContext(const Board& b) : board(b), n(b.n), house_sum(b.n * (b.n + 1) / 2) {
  const int cells = b.cells;
  const Mask all = b.shape.all();
  for (const Cage& cage : b.cages()) {
    std::vector<Mask> sets;
    for (Mask set : digit_sets(static_cast<int>(cage.cells.size()), cage.sum))
      if ((set & ~all) == 0) sets.push_back(set);
    combos.push_back(std::move(sets));
  }
  conflict.assign(static_cast<std::size_t>(cells * cells), 0);
  for (int a = 0; a < cells; ++a)
    for (int p : b.peers[static_cast<std::size_t>(a)]) conflict[static_cast<std::size_t>(a * cells + p)] = 1;

  // Regions: bands of 1..n-1 neighbouring rows and columns, each box, each pair of boxes that
  // share an edge; fewest houses first.
  using Cells = std::bitset<kMaxCells>;
  struct Region {
    Cells cells;
    int houses;
    std::string where;
  };
  std::vector<Region> regions;
  for (int h = 1; h < n; ++h) {
    for (int first = 0; first + h <= n; ++first) {
      Cells rows, cols;
      for (int i = first; i < first + h; ++i)
        for (int j = 0; j < n; ++j) {
          rows.set(static_cast<std::size_t>(i * n + j));
          cols.set(static_cast<std::size_t>(j * n + i));
        }
      regions.push_back({rows, h, span_name("row", "rows", first, h)});
      regions.push_back({cols, h, span_name("column", "columns", first, h)});
    }
    if (h > 2) continue;
    for (int x = 0; x < n; ++x) {
      Cells bx;
      for (int c : b.units[static_cast<std::size_t>(2 * n + x)]) bx.set(static_cast<std::size_t>(c));
      if (h == 1) {
        regions.push_back({bx, 1, "box " + std::to_string(x + 1)});
        continue;
      }
      for (int y = x + 1; y < n; ++y) {
        bool touch = false;
        for (int c : b.units[static_cast<std::size_t>(2 * n + y)]) {
          const int r = c / n, col = c % n;
          if ((r > 0 && bx.test(static_cast<std::size_t>(c - n))) || (r + 1 < n && bx.test(static_cast<std::size_t>(c + n))) ||
              (col > 0 && bx.test(static_cast<std::size_t>(c - 1))) || (col + 1 < n && bx.test(static_cast<std::size_t>(c + 1))))
            touch = true;
        }
        if (!touch) continue;
        Cells two = bx;
        for (int c : b.units[static_cast<std::size_t>(2 * n + y)]) two.set(static_cast<std::size_t>(c));
        regions.push_back({two, 2, "boxes " + std::to_string(x + 1) + "+" + std::to_string(y + 1)});
      }
    }
  }

  std::map<std::pair<std::vector<int>, std::vector<int>>, bool> seen;
  auto add = [&](std::vector<int> plus, std::vector<int> minus, int sum, const Region& r, const char* kind) {
    if (plus.empty() && minus.empty()) return;
    auto key = std::make_pair(plus, minus);
    if (seen.count(key)) return;
    seen[key] = true;
    bool all_see = minus.empty();
    for (std::size_t i = 0; all_see && i < plus.size(); ++i)
      for (std::size_t j = i + 1; all_see && j < plus.size(); ++j) all_see = conflicts(plus[i], plus[j]);
    rules.push_back({std::move(plus), std::move(minus), sum, r.houses, r.where, kind, all_see});
  };
  for (const Region& r : regions) {
    int inside_sum = 0, partial_sum = 0;
    std::vector<int> innies, outies;
    for (const Cage& cage : b.cages()) {
      int in = 0;
      for (int c : cage.cells) in += r.cells.test(static_cast<std::size_t>(c)) ? 1 : 0;
      if (in == 0) continue;
      if (in == static_cast<int>(cage.cells.size())) {
        inside_sum += cage.sum;
        continue;
      }
      partial_sum += cage.sum;
      for (int c : cage.cells) (r.cells.test(static_cast<std::size_t>(c)) ? innies : outies).push_back(c);
    }
    std::sort(innies.begin(), innies.end());
    std::sort(outies.begin(), outies.end());
    const int total = r.houses * house_sum;
    const int innie_sum = total - inside_sum;
    // Cells that all see each other take different digits: a sum over them is a cage of its own
    // (any size); other sums are searched cell by cell (at most kMaxRuleCells cells).
    auto distinct = [&](const std::vector<int>& cs) {
      for (std::size_t i = 0; i < cs.size(); ++i)
        for (std::size_t j = i + 1; j < cs.size(); ++j)
          if (!conflicts(cs[i], cs[j])) return false;
      return true;
    };
    const auto small = [](const std::vector<int>& cs) { return !cs.empty() && static_cast<int>(cs.size()) <= kMaxRuleCells; };
    // (Innies that fill the whole region say nothing: no cage lies inside it.)
    if (static_cast<int>(innies.size()) == r.houses * n) innies.clear();
    if (small(innies) || (!innies.empty() && distinct(innies))) add(innies, {}, innie_sum, r, "innies");
    if (small(outies) || (!outies.empty() && distinct(outies)))
      add(outies, {}, partial_sum - innie_sum, r, "outies");
    if (!innies.empty() && !outies.empty() && static_cast<int>(innies.size() + outies.size()) <= kMaxMixedCells)
      add(innies, outies, 2 * innie_sum - partial_sum, r, "innies-outies");  // innies - (partial - innies)
  }
}

void CageContext::init_memo(Memo& memo, std::size_t items, std::size_t widest) const {
  memo.seen.assign(items * (widest + 1), 0);
  memo.offset.resize(items);
  for (std::size_t i = 0; i < items; ++i) memo.offset[i] = static_cast<std::uint32_t>(i * (widest + 1));
  memo.valid.assign(items, 0);
}

bool CageContext::unchanged(Memo& memo, std::size_t i, const std::vector<int>& cells, const std::vector<int>& more,
                              const State& s, Mask extra) const {
  if (!memo.valid[i]) return false;
  const Mask* p = memo.seen.data() + memo.offset[i];
  for (int c : cells)
    if (*p++ != s.cand(c)) return false;
  for (int c : more)
    if (*p++ != s.cand(c)) return false;
  return *p == extra;
}

void CageContext::remember(Memo& memo, std::size_t i, const std::vector<int>& cells, const std::vector<int>& more,
                             const State& s, Mask extra) const {
  Mask* p = memo.seen.data() + memo.offset[i];
  for (int c : cells) *p++ = s.cand(c);
  for (int c : more) *p++ = s.cand(c);
  *p = extra;
  memo.valid[i] = 1;
}

bool CageContext::match(int i, Mask used) {
  if (i == m) return true;
  auto& st = stamp[static_cast<std::size_t>(i)][used];
  auto& res = ok[static_cast<std::size_t>(i)][used];
  if (st == generation) return res != 0;
  st = generation;
  bool any = false;
  for (Mask a = allowed[static_cast<std::size_t>(i)] & ~used; a; a &= a - 1) {
    const Mask b = a & (~a + 1);
    if (match(i + 1, used | b)) {
      support[static_cast<std::size_t>(i)] |= b;
      any = true;
    }
  }
  res = any ? 1 : 0;
  return any;
}

bool find_cage_last_cell(const State& s, CageContext& k, Step& out) {
  for (const Cage& cage : k.board.cages()) {
    const CageNow c = cage_now(s, cage);
    if (c.empties != 1) continue;
    const int cell = c.empty[0];
    const int v = cage.sum - c.placed_sum;
    if (v < 1 || v > k.n || !s.has(cell, v)) continue;
    out.technique = "Cage: last cell";
    out.placements.push_back({cell, v});
    if (out.describe) {
      out.description = "Cage: last cell of " + cage_name(s, cage);
      describe_eliminations(s, out);
    }
    return true;
  }
  return false;
}

bool find_cage_one_combination(const State& s, CageContext& k, Step& out) {
  for (std::size_t q = 0; q < k.board.cages().size(); ++q) {
    if (k.combos[q].size() != 1) continue;
    const Cage& cage = k.board.cages()[q];
    const CageNow c = cage_now(s, cage);
    std::array<Mask, kMaxN> keep;
    keep.fill(k.combos[q].front());
    if (!eliminate_outside(s, c, keep, out)) continue;
    out.technique = "Cage: one combination";
    if (out.describe) {
      out.description = "Cage: one combination: " + cage_name(s, cage) + " holds " + digits_text(k.combos[q].front());
      describe_eliminations(s, out);
    }
    return true;
  }
  return false;
}

bool find_cage_combinations(const State& s, CageContext& k, Step& out) {
  auto& memo = k.memos[0];
  if (memo.valid.size() != k.board.cages().size()) k.init_memo(memo, k.board.cages().size(), static_cast<std::size_t>(k.n));
  static const std::vector<int> none;
  for (std::size_t q = 0; q < k.board.cages().size(); ++q) {
    const Cage& cage = k.board.cages()[q];
    if (k.unchanged(memo, q, cage.cells, none, s, 0)) continue;
    const CageNow c = cage_now(s, cage);
    const Feasible f = feasible_sets(k.combos[q], c);
    std::array<Mask, kMaxN> keep;
    keep.fill(f.any);
    if (c.empties == 0 || f.count == 0 || !eliminate_outside(s, c, keep, out)) {
      k.remember(memo, q, cage.cells, none, s, 0);
      continue;
    }
    out.technique = "Cage combinations";
    if (out.describe) {
      out.description = "Cage combinations: " + cage_name(s, cage) + " can only use " + digits_text(f.any | c.placed);
      describe_eliminations(s, out);
    }
    return true;
  }
  return false;
}

bool find_cage_confinement(const State& s, CageContext& k, Step& out) {
  for (std::size_t q = 0; q < k.board.cages().size(); ++q) {
    const Cage& cage = k.board.cages()[q];
    const CageNow c = cage_now(s, cage);
    if (c.empties < 2) continue;
    const Feasible f = feasible_sets(k.combos[q], c);
    for (Mask need = f.all; need; need &= need - 1) {
      const int v = lowest_value(need);
      std::array<int, 3> shared{-1, -1, -1};
      bool first = true;
      for (int i = 0; i < c.empties; ++i) {
        const int cell = c.empty[static_cast<std::size_t>(i)];
        if (!s.has(cell, v)) continue;
        const auto& us = s.units_of(cell);
        for (std::size_t kind = 0; kind < 3; ++kind) {
          if (first) shared[kind] = us[kind];
          else if (shared[kind] != us[kind]) shared[kind] = -1;
        }
        first = false;
      }
      if (first) continue;
      for (std::size_t kind = 0; kind < 3; ++kind) {
        const int u = shared[kind];
        if (u < 0) continue;
        for (int cell : s.unit(u))
          if (k.board.cage_of()[static_cast<std::size_t>(cell)] != static_cast<int>(q) && s.has(cell, v))
            out.eliminations.push_back({cell, v});
        if (out.eliminations.empty()) continue;
        out.technique = "Cage confinement";
        if (out.describe) {
          out.description = "Cage confinement: " + cage_name(s, cage) + " needs ";
          append_value(out.description, v);
          out.description += ", inside " + s.unit_name(u);
          describe_eliminations(s, out);
        }
        return true;
      }
    }
  }
  return false;
}

bool find_hidden_cage_combination(const State& s, CageContext& k, Step& out) {
  const int cages = static_cast<int>(k.board.cages().size());
  // Digits a house can only place inside one cage: that cage must hold them.
  std::array<Mask, kMaxCells> required{};
  for (int u = 0; u < 3 * k.n; ++u) {
    const auto& cells = s.unit(u);
    for (int v = 1; v <= k.n; ++v) {
      Mask places = s.places(u, v);
      if (places == 0) continue;
      const int q = k.board.cage_of()[static_cast<std::size_t>(cells[static_cast<std::size_t>(lowest_value(places) - 1)])];
      bool one = true;
      for (Mask p = places; p; p &= p - 1)
        if (k.board.cage_of()[static_cast<std::size_t>(cells[static_cast<std::size_t>(lowest_value(p) - 1)])] != q) one = false;
      if (one) required[static_cast<std::size_t>(q)] |= bit(v);
    }
  }
  auto& memo = k.memos[1];
  if (static_cast<int>(memo.valid.size()) != cages) k.init_memo(memo, static_cast<std::size_t>(cages), static_cast<std::size_t>(k.n));
  static const std::vector<int> none;
  for (int q = 0; q < cages; ++q) {
    const Cage& cage = k.board.cages()[static_cast<std::size_t>(q)];
    const Mask need = required[static_cast<std::size_t>(q)];
    if (k.unchanged(memo, static_cast<std::size_t>(q), cage.cells, none, s, need)) continue;
    const CageNow c = cage_now(s, cage);
    if (c.empties < 2) {
      k.remember(memo, static_cast<std::size_t>(q), cage.cells, none, s, need);
      continue;
    }
    std::array<Mask, kMaxN> keep{};
    Mask used_sets = 0;
    int dropped_by_house = 0;
    k.m = c.empties;
    for (Mask set : k.combos[static_cast<std::size_t>(q)]) {
      if ((set & c.placed) != c.placed) continue;
      const Mask rest = set & ~c.placed;
      if ((rest & ~c.cand_union) != 0) continue;
      if ((set & need) != need) {
        ++dropped_by_house;
        continue;
      }
      ++k.generation;
      for (int i = 0; i < c.empties; ++i) {
        k.allowed[static_cast<std::size_t>(i)] = s.cand(c.empty[static_cast<std::size_t>(i)]) & rest;
        k.support[static_cast<std::size_t>(i)] = 0;
      }
      if (!k.match(0, 0)) continue;
      used_sets |= rest;
      for (int i = 0; i < c.empties; ++i) keep[static_cast<std::size_t>(i)] |= k.support[static_cast<std::size_t>(i)];
    }
    if (used_sets == 0 || !eliminate_outside(s, c, keep, out)) {
      k.remember(memo, static_cast<std::size_t>(q), cage.cells, none, s, need);
      continue;
    }
    out.technique = "Hidden cage combination";
    if (out.describe) {
      out.description = "Hidden cage combination: " + cage_name(s, cage);
      if (dropped_by_house) {
        out.description += " must hold ";
        out.description += digits_text(need);
        out.description += " (a house places them nowhere else),";
      }
      out.description += " places fit only " + digits_text(used_sets | c.placed);
      describe_eliminations(s, out);
    }
    return true;
  }
  return false;
}

bool find_rule45(const State& s, CageContext& k, Step& out, int houses, bool single) {
  const std::size_t slot = static_cast<std::size_t>(2 + (houses - 1) * 2 + (single ? 0 : 1));
  auto& memo = k.memos[slot];
  if (memo.valid.size() != k.rules.size()) k.init_memo(memo, k.rules.size(), kMaxN);
  for (std::size_t r = 0; r < k.rules.size(); ++r) {
    const SumRule& rule = k.rules[r];
    if (houses < 3 ? rule.houses != houses : rule.houses < 3) continue;
    if (k.unchanged(memo, r, rule.plus, rule.minus, s, 0)) continue;
    // The empty cells (sign +1 / -1) and what the placed ones leave of the sum.
    std::array<int, kMaxN> cells{};
    std::array<int, kMaxN> sign{};
    int count = 0, target = rule.sum;
    for (int c : rule.plus) {
      if (s.value(c)) target -= s.value(c);
      else cells[static_cast<std::size_t>(count)] = c, sign[static_cast<std::size_t>(count++)] = 1;
    }
    for (int c : rule.minus) {
      if (s.value(c)) target += s.value(c);
      else cells[static_cast<std::size_t>(count)] = c, sign[static_cast<std::size_t>(count++)] = -1;
    }
    if (count == 0 || (single != (count == 1))) {
      if (count == 0) k.remember(memo, r, rule.plus, rule.minus, s, 0);
      continue;
    }
    // Every assignment of candidates (different digits where cells share a unit or cage) that
    // makes the sum: the digits each cell takes in some assignment.
    std::array<Mask, kMaxN> support{};
    std::array<int, kMaxN> val{};
    auto fits = [&](int i, int v) {
      if (v < 1 || v > k.n || !s.has(cells[static_cast<std::size_t>(i)], v)) return false;
      for (int j = 0; j < i; ++j)
        if (val[static_cast<std::size_t>(j)] == v &&
            k.conflicts(cells[static_cast<std::size_t>(i)], cells[static_cast<std::size_t>(j)]))
          return false;
      return true;
    };
    auto walk = [&](auto&& self, int i, int partial) -> void {
      const auto ui = static_cast<std::size_t>(i);
      if (i == count - 1) {
        const int v = sign[ui] * (target - partial);
        if (!fits(i, v)) return;
        val[ui] = v;
        for (int j = 0; j < count; ++j) support[static_cast<std::size_t>(j)] |= bit(val[static_cast<std::size_t>(j)]);
        return;
      }
      for (Mask m = s.cand(cells[ui]); m; m &= m - 1) {
        const int v = lowest_value(m);
        if (!fits(i, v)) continue;
        val[ui] = v;
        self(self, i + 1, partial + sign[ui] * v);
      }
    };
    if (rule.distinct) {
      // Different digits: the digit sets of `count` digits adding to the target, without the
      // digits placed in the rule's cells, each fitted to the cells' candidates.
      Mask placed = 0, cand_union = 0;
      for (int c : rule.plus) placed |= s.value(c) ? bit(s.value(c)) : 0;
      for (int i = 0; i < count; ++i) cand_union |= s.cand(cells[static_cast<std::size_t>(i)]);
      k.m = count;
      for (Mask set : digit_sets(count, target)) {
        if ((set & placed) != 0 || (set & ~cand_union) != 0) continue;
        ++k.generation;
        for (int i = 0; i < count; ++i) {
          k.allowed[static_cast<std::size_t>(i)] = s.cand(cells[static_cast<std::size_t>(i)]) & set;
          k.support[static_cast<std::size_t>(i)] = 0;
        }
        if (!k.match(0, 0)) continue;
        for (int i = 0; i < count; ++i) support[static_cast<std::size_t>(i)] |= k.support[static_cast<std::size_t>(i)];
      }
    } else {
      walk(walk, 0, 0);
    }
    bool any = false;
    for (int i = 0; i < count; ++i) {
      const Mask sup = support[static_cast<std::size_t>(i)];
      if (sup == 0) {  // no assignment at all: an earlier step was wrong; never deduce from it
        out.clear();
        any = false;
        break;
      }
      if (single) {
        out.placements.push_back({cells[0], lowest_value(sup)});
        any = true;
        break;
      }
      for (Mask m = s.cand(cells[static_cast<std::size_t>(i)]) & ~sup; m; m &= m - 1) {
        out.eliminations.push_back({cells[static_cast<std::size_t>(i)], lowest_value(m)});
        any = true;
      }
    }
    if (!any) {
      k.remember(memo, r, rule.plus, rule.minus, s, 0);
      continue;
    }
    out.technique = houses == 1 ? "45 rule (one house)" : houses == 2 ? "45 rule (two houses)" : "45 rule (three or more houses)";
    if (single) out.technique += ": one cell";
    if (out.describe) {
      out.description = out.technique + ": " + rule.kind + " of " + rule.where + ": ";
      bool first = true;
      for (int c : rule.plus) out.description += (first ? "" : "+") + s.cell_name(c), first = false;
      for (int c : rule.minus) out.description += "-" + s.cell_name(c);
      out.description += " = " + std::to_string(rule.sum);
      describe_eliminations(s, out);
    }
    return true;
  }
  return false;
}

}  // namespace gp::grader
