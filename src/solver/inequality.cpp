#include "solver/inequality.hpp"

#include <bit>

namespace gp::solver {

InequalityContext make_context(const InequalityRule& rule, const Board&, Watches&) {
  InequalityContext ctx;
  ctx.rule = &rule;
  return ctx;
}

bool propagate(const InequalityRule& rule, InequalityContext&, Candidates& cands, bool& changed) {
  const Mask all = cands.all();
  for (const auto& [a, b] : rule.signs) {
    const Mask ma = cands.word(a) & all, mb = cands.word(b) & all;
    if (!ma || !mb) return false;
    // a > min(b): a loses 1..min(b); b < max(a): b loses max(a)..n.
    const int low = std::countr_zero(mb) + 1, high = 32 - std::countl_zero(ma);
    const Mask not_above = (Mask{1} << low) - 1;            // digits 1..low
    const Mask not_below = all & ~((Mask{1} << (high - 1)) - 1);  // digits high..n
    if (ma & not_above) {
      if (!cands.eliminate(a, not_above)) return false;
      changed = true;
    }
    if (cands.word(b) & not_below & all) {
      if (!cands.eliminate(b, not_below)) return false;
      changed = true;
    }
  }
  return true;
}

}  // namespace gp::solver
