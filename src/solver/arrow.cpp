#include "solver/arrow.hpp"

#include <bit>

namespace gp::solver {

ArrowContext make_context(const ArrowRule& rule, const Board&, Watches& watches) {
  ArrowContext ctx;
  ctx.rule = &rule;
  for (size_t i = 0; i < rule.arrows.size(); ++i) {
    const int flag = watches.new_flag();
    if (i == 0) ctx.first_flag = flag;
    watches.watch(rule.arrows[i].circle, flag);
    for (int c : rule.arrows[i].path) watches.watch(c, flag);
  }
  return ctx;
}

namespace {

int low(Mask m) { return std::countr_zero(m) + 1; }
int high(Mask m) { return 32 - std::countl_zero(m); }
// The digits lo..hi as a mask (empty when lo > hi).
Mask span(int lo, int hi, Mask all) {
  if (lo < 1) lo = 1;
  if (hi > 31) hi = 31;
  if (lo > hi) return 0;
  return all & (((Mask{1} << hi) - 1) & ~((Mask{1} << (lo - 1)) - 1));
}

// Keeps in cell c only `keep`; false on a contradiction.
bool restrict(Candidates& cands, int c, Mask keep, bool& changed, bool& again) {
  const Mask m = cands.word(c) & cands.all();
  if (!(m & ~keep)) return true;
  if (!cands.eliminate(c, m & ~keep)) return false;
  changed = again = true;
  return true;
}

}  // namespace

bool propagate(const ArrowRule& rule, ArrowContext& ctx, Candidates& cands, bool& changed) {
  const Mask all = cands.all();
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  for (size_t i = 0; i < rule.arrows.size(); ++i) {
    if (raised[i] == Flag::kLow) continue;
    const Arrow& a = rule.arrows[i];
    if (a.path.size() == 1) {
      const Mask both = cands.word(a.circle) & cands.word(a.path[0]) & all;
      bool again = false;
      if (!restrict(cands, a.circle, both, changed, again) || !restrict(cands, a.path[0], both, changed, again))
        return false;
      raised[i] = Flag::kLow;
      continue;
    }
    for (bool again = true; again;) {
      again = false;
      int lo = 0, hi = 0;
      for (int c : a.path) {
        const Mask m = cands.word(c) & all;
        lo += low(m);
        hi += high(m);
      }
      if (!restrict(cands, a.circle, span(lo, hi, all), changed, again)) return false;
      const Mask circle = cands.word(a.circle) & all;
      const int cl = low(circle), ch = high(circle);
      for (int c : a.path) {
        const Mask m = cands.word(c) & all;
        // The rest of the path makes lo - low(m) .. hi - high(m); the circle cl .. ch.
        if (!restrict(cands, c, span(cl - (hi - high(m)), ch - (lo - low(m)), all), changed, again)) return false;
      }
    }
    raised[i] = Flag::kLow;
  }
  return true;
}

}  // namespace gp::solver
