#include "solver/dots.hpp"

#include <algorithm>
#include <bit>

namespace gp::solver {

DotContext make_context(const DotRule& rule, const Board& board, Watches& watches) {
  DotContext ctx;
  ctx.rule = &rule;
  const int n = board.n;
  for (int x = 1; x <= n; ++x)
    for (int y = 1; y <= n; ++y) {
      if (x == y) continue;
      const bool w = white_pair(x, y), b = black_pair(x, y);
      const auto at = static_cast<size_t>(x);
      if (w) ctx.allows[DotContext::kWhite][at] |= bit(y);
      if (b) ctx.allows[DotContext::kBlack][at] |= bit(y);
      if (!w) ctx.allows[DotContext::kNotWhite][at] |= bit(y);
      if (!w && !b) ctx.allows[DotContext::kNeither][at] |= bit(y);
    }
  ctx.links.assign(static_cast<size_t>(board.cells), {});
  auto link = [&](int a, int b, DotContext::Relation r) {
    ctx.links[static_cast<size_t>(a)].push_back({b, r});
    ctx.links[static_cast<size_t>(b)].push_back({a, r});
  };
  std::vector<char> dotted(static_cast<size_t>(board.cells) * 2, 0);
  for (const Dot& d : rule.dots) {
    dotted[static_cast<size_t>(d.a) * 2 + (d.b == d.a + 1 ? 0 : 1)] = 1;
    link(d.a, d.b, d.black ? DotContext::kBlack : DotContext::kWhite);
  }
  if (rule.negative)
    for (int a = 0; a < board.cells; ++a) {
      if ((a + 1) % n != 0 && !dotted[static_cast<size_t>(a) * 2])
        link(a, a + 1, rule.kropki ? DotContext::kNeither : DotContext::kNotWhite);
      if (a + n < board.cells && !dotted[static_cast<size_t>(a) * 2 + 1])
        link(a, a + n, rule.kropki ? DotContext::kNeither : DotContext::kNotWhite);
    }
  ctx.first_flag = board.cells ? watches.new_flag() : 0;
  for (int c = 1; c < board.cells; ++c) watches.new_flag();
  for (int c = 0; c < board.cells; ++c) watches.watch(c, ctx.first_flag + c);
  return ctx;
}

bool propagate(const DotRule&, DotContext& ctx, Candidates& cands, bool& changed) {
  const Mask all = cands.all();
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  const int cells = static_cast<int>(ctx.links.size());
  for (int c = 0; c < cells; ++c) {
    if (raised[c] == Flag::kLow) continue;
    raised[c] = Flag::kLow;
    const auto& links = ctx.links[static_cast<size_t>(c)];
    if (links.empty()) continue;
    const Mask here = cands.word(c) & all;
    for (const DotContext::Link& l : links) {
      Mask support = 0;
      if (l.relation == DotContext::kNotWhite) {
        // Not 1 apart (non-consecutive, consecutive's pairs without a dot): a digit y is left
        // without support only when every candidate here is y or 1 away from it, so only when the
        // candidates span at most 3 digits, lo..hi; then y runs from hi - 1 to lo + 1. The mask
        // the table gives, without a pass over the candidates.
        const int lo = std::countr_zero(here), hi = 31 - std::countl_zero(here);
        support = here ? all : 0;
        if (here && hi - lo <= 2) {
          const int from = std::max(hi - 1, 0), to = lo + 1;  // bit indices, from <= to
          support &= ~((Mask{2} << to) - (Mask{1} << from));
        }
      } else {
        const auto& allows = ctx.allows[l.relation];
        for (Mask m = here; m; m &= m - 1) support |= allows[static_cast<size_t>(lowest_value(m))];
      }
      const Mask drop = cands.word(l.other) & all & ~support;
      if (!drop) continue;
      if (!cands.eliminate(l.other, drop)) return false;
      changed = true;
    }
  }
  return true;
}

}  // namespace gp::solver
