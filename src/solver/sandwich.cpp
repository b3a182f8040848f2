#include "solver/sandwich.hpp"

#include <algorithm>
#include <bit>
#include <mutex>

namespace gp::solver {

const std::vector<std::vector<Mask>>& sandwich_sets(int n) {
  static std::once_flag once[10];
  static std::vector<std::vector<Mask>> tables[10];
  const int at = std::clamp(n, 0, 9);
  std::call_once(once[at], [at] {
    auto& t = tables[at];
    t.assign(static_cast<size_t>(9 * kSandwichSums), {});
    if (at < 3) return;
    const Mask middle = ((Mask{1} << at) - 1) & ~Mask{1} & ~(Mask{1} << (at - 1));  // digits 2..n-1
    for (Mask m = 0; m <= middle; ++m) {
      if (m & ~middle) continue;
      int sum = 0;
      for (int d = 2; d < at; ++d)
        if (m & (Mask{1} << (d - 1))) sum += d;
      t[static_cast<size_t>(std::popcount(m) * kSandwichSums + sum)].push_back(m);
    }
  });
  return tables[at];
}

SandwichContext make_context(const SandwichRule& rule, const Board& board, Watches& watches) {
  SandwichContext ctx;
  ctx.rule = &rule;
  const int n = board.n;
  ctx.sets = &sandwich_sets(n);
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      const int clue = (side ? rule.cols : rule.rows)[static_cast<size_t>(i)];
      if (clue == kNoSandwich) continue;
      SandwichLine line;
      line.clue = clue;
      for (int j = 0; j < n; ++j) line.cells[static_cast<size_t>(j)] = side ? j * n + i : i * n + j;
      const int flag = watches.new_flag();
      if (ctx.lines.empty()) ctx.first_flag = flag;
      for (int j = 0; j < n; ++j) watches.watch(line.cells[static_cast<size_t>(j)], flag);
      ctx.lines.push_back(line);
    }
  return ctx;
}

bool propagate(const SandwichRule&, SandwichContext& ctx, Candidates& cands, bool& changed) {
  const int n = cands.n();
  const Mask all = cands.all(), one = 1, top = Mask{1} << (n - 1), middle = all & ~one & ~top;
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  const auto& sets = *ctx.sets;
  for (size_t i = 0; i < ctx.lines.size(); ++i) {
    if (raised[i] == Flag::kLow) continue;
    const SandwichLine& line = ctx.lines[i];
    Mask m[9], keep[9] = {};
    for (int j = 0; j < n; ++j) m[j] = cands.word(line.cells[static_cast<size_t>(j)]) & all;
    for (int p = 0; p < n; ++p) {
      if (!(m[p] & one)) continue;
      for (int q = 0; q < n; ++q) {
        if (q == p || !(m[q] & top)) continue;
        const int lo = std::min(p, q), hi = std::max(p, q), k = hi - lo - 1;
        if (line.clue >= kSandwichSums) continue;
        for (const Mask set : sets[static_cast<size_t>(k * kSandwichSums + line.clue)]) {
          const Mask rest = middle & ~set;
          Mask in = 0, out = 0;
          bool ok = true;
          for (int j = 0; j < n && ok; ++j) {
            if (j == p || j == q) continue;
            const Mask want = (j > lo && j < hi) ? set : rest;
            const Mask x = m[j] & want;
            ok = x != 0;
            ((j > lo && j < hi) ? in : out) |= x;
          }
          if (!ok || in != set || out != rest) continue;
          keep[p] |= one;
          keep[q] |= top;
          for (int j = 0; j < n; ++j)
            if (j != p && j != q) keep[j] |= m[j] & ((j > lo && j < hi) ? set : rest);
        }
      }
    }
    for (int j = 0; j < n; ++j) {
      const Mask gone = m[j] & ~keep[j];
      if (!gone) continue;
      if (!cands.eliminate(line.cells[static_cast<size_t>(j)], gone)) return false;
      changed = true;
    }
    raised[i] = Flag::kLow;
  }
  return true;
}

}  // namespace gp::solver
