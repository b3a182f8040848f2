#include "solver/parity.hpp"

namespace gp::solver {

ParityContext make_context(const ParityRule& rule, const Board& board, Watches&) {
  ParityContext ctx;
  ctx.rule = &rule;
  const Mask odd = parity_digits(board.n, false), even = parity_digits(board.n, true);
  for (int c = 0; c < board.cells; ++c) {
    if (rule.even(c)) ctx.marked.emplace_back(c, odd);
    if (rule.odd(c)) ctx.marked.emplace_back(c, even);
  }
  return ctx;
}

bool propagate(const ParityRule&, ParityContext& ctx, Candidates& cands, bool& changed) {
  for (const auto& [c, forbidden] : ctx.marked) {
    if (!(cands.word(c) & forbidden)) continue;
    if (!cands.eliminate(c, forbidden)) return false;
    changed = true;
  }
  return true;
}

}  // namespace gp::solver
