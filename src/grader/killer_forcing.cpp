// "Cage forcing chain": a candidate whose placement, followed by the easy killer and classic
// deductions (singles, a cage's last cell, cage combinations), leaves a cell, a house or a cage
// with no possibility is false. The search a person does with "if this cell were 3, ...".
#include <array>

#include "grader/killer_rules.hpp"

namespace gp::grader {
namespace {

constexpr int kMaxRounds = 64;  // propagation rounds per trial (each round places or removes something)

// One round of the easy deductions on `t`; false when `t` has become impossible. `changed` is set
// when the round placed or removed anything.
bool propagate_once(State& t, const CageContext& k, bool& changed) {
  const int n = t.n();
  for (int c = 0; c < t.cells(); ++c) {
    if (t.value(c)) continue;
    const Mask m = t.cand(c);
    if (m == 0) return false;
    if ((m & (m - 1)) == 0) {
      t.place(c, lowest_value(m));
      changed = true;
    }
  }
  for (int u = 0; u < 3 * n; ++u) {
    for (int v = 1; v <= n; ++v) {
      if (t.placed_in(u, v)) continue;
      const Mask p = t.places(u, v);
      if (p == 0) return false;
      if ((p & (p - 1)) == 0) {
        const int cell = t.unit(u)[static_cast<std::size_t>(lowest_value(p) - 1)];
        if (t.value(cell)) return false;
        t.place(cell, v);
        changed = true;
      }
    }
  }
  for (std::size_t q = 0; q < k.board.cages().size(); ++q) {
    const Cage& cage = k.board.cages()[q];
    Mask placed = 0, cand_union = 0;
    int placed_sum = 0, empties = 0;
    for (int cell : cage.cells) {
      const int v = t.value(cell);
      if (v) {
        if (placed & bit(v)) return false;
        placed |= bit(v);
        placed_sum += v;
      } else {
        cand_union |= t.cand(cell);
        ++empties;
      }
    }
    if (empties == 0) {
      if (placed_sum != cage.sum) return false;
      continue;
    }
    Mask any = 0;
    for (Mask set : k.combos[q]) {
      if ((set & placed) != placed) continue;
      const Mask rest = set & ~placed;
      if ((rest & ~cand_union) == 0) any |= rest;
    }
    if (any == 0) return false;
    for (int cell : cage.cells) {
      if (t.value(cell)) continue;
      for (Mask m = t.cand(cell) & ~any; m; m &= m - 1) {
        t.eliminate(cell, lowest_value(m));
        changed = true;
      }
    }
  }
  return true;
}

// Whether placing v in `cell` of `s` leads to an impossible grid by the easy deductions.
bool refutes(const State& s, const CageContext& k, int cell, int v) {
  State t = s;
  t.place(cell, v);
  for (int round = 0; round < kMaxRounds; ++round) {
    bool changed = false;
    if (!propagate_once(t, k, changed)) return true;
    if (!changed || t.solved()) return false;
  }
  return false;
}

}  // namespace

bool find_cage_forcing(const State& s, CageContext& k, Step& out, int min_candidates, int max_candidates) {
  for (int width = min_candidates; width <= max_candidates; ++width) {
    for (int cell = 0; cell < s.cells(); ++cell) {
      if (s.value(cell) || bit_count(s.cand(cell)) != width) continue;
      for (Mask m = s.cand(cell); m; m &= m - 1) {
        const int v = lowest_value(m);
        if (!refutes(s, k, cell, v)) continue;
        out.technique = width == 2 ? "Cage forcing chain (two candidates)" : "Cage forcing chain";
        out.eliminations.push_back({cell, v});
        if (out.describe) {
          out.description = out.technique + ": " + s.cell_name(cell) + "=";
          append_value(out.description, v);
          out.description += " leads, by singles and cage combinations, to a cell, house or cage with no digit left: " +
                             s.cell_name(cell) + "<>";
          append_value(out.description, v);
        }
        return true;
      }
    }
  }
  return false;
}

}  // namespace gp::grader
