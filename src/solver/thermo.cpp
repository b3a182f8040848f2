#include "solver/thermo.hpp"

#include <bit>

namespace gp::solver {

ThermoContext make_context(const ThermoRule& rule, const Board&, Watches& watches) {
  ThermoContext ctx;
  ctx.rule = &rule;
  for (size_t i = 0; i < rule.thermos.size(); ++i) {
    const int flag = watches.new_flag();
    if (i == 0) ctx.first_flag = flag;
    for (int c : rule.thermos[i]) watches.watch(c, flag);
  }
  return ctx;
}

bool propagate(const ThermoRule& rule, ThermoContext& ctx, Candidates& cands, bool& changed) {
  const Mask all = cands.all();
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  for (size_t i = 0; i < rule.thermos.size(); ++i) {
    if (raised[i] == Flag::kLow) continue;
    const std::vector<int>& t = rule.thermos[i];
    // Up from the bulb: above the smallest candidate of the cell before.
    int floor = 0;  // digits up to `floor` are out
    for (int c : t) {
      const Mask m = cands.word(c) & all;
      const Mask low = floor >= 32 ? ~Mask{0} : (Mask{1} << floor) - 1;
      if (m & low) {
        if (!cands.eliminate(c, m & low)) return false;
        changed = true;
      }
      floor = std::countr_zero(cands.word(c) & all) + 1;
    }
    // Down from the tip: below the largest candidate of the cell after.
    int ceiling = cands.n() + 1;  // digits from `ceiling` up are out
    for (auto it = t.rbegin(); it != t.rend(); ++it) {
      const int c = *it;
      const Mask m = cands.word(c) & all;
      const Mask high = all & ~((Mask{1} << (ceiling - 1)) - 1);
      if (m & high) {
        if (!cands.eliminate(c, m & high)) return false;
        changed = true;
      }
      ceiling = 32 - std::countl_zero(cands.word(c) & all);
    }
    // Both passes together reach this thermo's fixed point: its own eliminations need no new look.
    raised[i] = Flag::kLow;
  }
  return true;
}

}  // namespace gp::solver
