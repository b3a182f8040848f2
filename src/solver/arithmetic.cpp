#include "solver/arithmetic.hpp"

#include <algorithm>
#include <array>

namespace gp::solver {

ArithmeticContext make_context(const ArithmeticCageRule& rule, const Board&, Watches& watches) {
  ArithmeticContext ctx;
  ctx.rule = &rule;
  for (size_t i = 0; i < rule.cages.size(); ++i) {
    const int flag = watches.new_flag();
    if (i == 0) ctx.first_flag = flag;
    for (int c : rule.cages[i].cells) watches.watch(c, flag);
  }
  return ctx;
}

bool propagate(const ArithmeticCageRule& rule, ArithmeticContext& ctx, Candidates& cands, bool& changed) {
  const Mask all = cands.all();
  const int n = cands.n();
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  for (size_t i = 0; i < rule.cages.size(); ++i) {
    if (raised[i] == Flag::kLow) continue;
    raised[i] = Flag::kLow;
    const ArithmeticCage& cage = rule.cages[i];
    const int k = static_cast<int>(cage.cells.size());
    std::array<std::uint32_t, kMaxArithmeticCage> allowed{};
    for (int j = 0; j < k; ++j) allowed[static_cast<size_t>(j)] = cands.word(cage.cells[static_cast<size_t>(j)]) & all;
    const CageSupport support = arithmetic_support(cage, n, allowed.data(), k > 1);
    if (!support.any()) return false;
    for (int j = 0; j < k; ++j) {
      const Mask gone = allowed[static_cast<size_t>(j)] & ~support.cell[static_cast<size_t>(j)];
      if (!gone) continue;
      if (!cands.eliminate(cage.cells[static_cast<size_t>(j)], gone)) return false;
      changed = true;
    }
    // A digit every tuple places in the cage's cells of a line is not elsewhere in that line.
    for (int l = 0; l < support.lines; ++l) {
      const Mask must = support.must[static_cast<size_t>(l)] & all;
      if (!must) continue;
      const int id = support.line[static_cast<size_t>(l)];
      for (int x = 0; x < n; ++x) {
        const int c = id < n ? id * n + x : x * n + (id - n);
        if (rule.cage_of[static_cast<size_t>(c)] == static_cast<int>(i)) continue;
        if (!(cands.word(c) & must)) continue;
        if (!cands.eliminate(c, must)) return false;
        changed = true;
      }
    }
    // Our own eliminations raised our flag again; the tuples left are already this cage's fixed point.
    raised[i] = Flag::kLow;
  }
  return true;
}

}  // namespace gp::solver
