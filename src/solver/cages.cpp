#include "solver/cages.hpp"

#include <utility>

namespace gp::solver {

namespace {

constexpr int kMaxDigits = 9;
constexpr int kMaxSum = 45;

// combos[k][sum]: the masks of k different digits 1..9 adding up to sum.
struct Table {
  std::array<std::array<std::vector<Mask>, kMaxSum + 1>, kMaxDigits + 1> combos;
  Table() {
    for (Mask m = 0; m < (Mask{1} << kMaxDigits); ++m) {
      int sum = 0;
      for (int v = 1; v <= kMaxDigits; ++v)
        if (m & bit(v)) sum += v;
      combos[static_cast<size_t>(popcount(m))][static_cast<size_t>(sum)].push_back(m);
    }
  }
};

const Table& table() {
  static const Table t;
  return t;
}

const std::vector<Mask> kNone;

void add_cell(CageContext::Group& g, int c) { g.set[static_cast<size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }

}  // namespace

const std::vector<Mask>& combinations(int k, int sum) {
  if (k < 0 || k > kMaxDigits || sum < 0 || sum > kMaxSum) return kNone;
  return table().combos[static_cast<size_t>(k)][static_cast<size_t>(sum)];
}

CageContext make_context(const CageRule& rule, const Board& board, Watches& watches) {
  CageContext ctx;
  ctx.rule = &rule;
  const int n = board.n;
  ctx.supported = n <= kMaxDigits && board.cells <= 128 && rule.cage_of.size() == static_cast<size_t>(board.cells);
  if (!ctx.supported) return ctx;
  // Per cage a group: its cells and sum, and the rows, columns and boxes that hold all of it.
  const auto& cages = rule.cages;
  const size_t k = cages.size();
  ctx.groups.resize(k);
  for (size_t i = 0; i < k; ++i) {
    CageContext::Group& g = ctx.groups[i];
    g.cells = &cages[i].cells;
    g.sum = cages[i].sum;
    for (int c : *g.cells) add_cell(g, c);
    for (size_t j = 0; j < 3; ++j) {
      const int u = board.unit_of[static_cast<size_t>(g.cells->front())][j];
      bool all = true;
      for (int c : *g.cells) all = all && board.unit_of[static_cast<size_t>(c)][j] == u;
      if (all) g.units[j] = u;
    }
  }
  // The 45 rule (see the header).
  const int total = n * (n + 1) / 2;
  std::vector<char> inside(k, 0);
  for (int u = 0; u < 3 * n; ++u) {
    std::vector<int> rest;
    int sum = total;
    for (size_t i = 0; i < k; ++i) inside[i] = ctx.groups[i].units[static_cast<size_t>(u / n)] == u;
    for (int c : board.units[static_cast<size_t>(u)]) {
      const int cage = rule.cage_of[static_cast<size_t>(c)];
      if (!inside[static_cast<size_t>(cage)]) rest.push_back(c);
    }
    for (size_t i = 0; i < k; ++i)
      if (inside[i]) sum -= ctx.groups[i].sum;
    if (rest.empty() || static_cast<int>(rest.size()) >= n) continue;
    ctx.owned.push_back(std::move(rest));
    CageContext::Group g;
    g.sum = sum;
    g.units = {u, -1, -1};
    g.always = true;
    ctx.groups.push_back(g);
  }
  for (size_t i = k, j = 0; i < ctx.groups.size(); ++i, ++j) {
    ctx.groups[i].cells = &ctx.owned[j];
    for (int c : ctx.owned[j]) add_cell(ctx.groups[i], c);
  }
  // Cage i is looked at again when a cell of it changes.
  ctx.first_flag = k ? watches.new_flag() : 0;
  for (size_t i = 1; i < k; ++i) watches.new_flag();
  for (int c = 0; c < board.cells; ++c) watches.watch(c, ctx.first_flag + rule.cage_of[static_cast<size_t>(c)]);
  return ctx;
}

bool propagate(const CageRule&, CageContext& ctx, Candidates& cands, bool& changed) {
  if (!ctx.supported) return false;
  const auto& t = table();
  const Board& board = cands.board();
  const Mask all = cands.all();
  // The state (narrowed through cands only; read here).
  const std::uint32_t* const s = cands.state();
  Flag* const raised = cands.raised_flags() + ctx.first_flag;
  for (size_t i = 0; i < ctx.groups.size(); ++i) {
    const CageContext::Group& group = ctx.groups[i];
    if (!group.always) {
      // A cage none of whose cells changed since its last pass has nothing new to give.
      if (raised[i] == Flag::kLow) continue;
      raised[i] = Flag::kLow;
    }
    const std::vector<int>& cells = *group.cells;
    int left = group.sum, k = 0;
    Mask open_union = 0;
    for (int c : cells) {
      const std::uint32_t m = s[c];
      if (m & kAssigned) {
        left -= lowest_value(m & all);
      } else {
        open_union |= m;
        ++k;
      }
    }
    if (left < 0 || left > kMaxSum) return false;
    if (k == 0) {
      if (left != 0) return false;
      continue;
    }
    Mask allowed = 0, required = all;
    for (Mask combo : t.combos[static_cast<size_t>(k)][static_cast<size_t>(left)]) {
      if (combo & ~open_union) continue;
      Mask covered = 0;
      bool fits = true;
      for (int c : cells) {
        const std::uint32_t m = s[c];
        if (m & kAssigned) continue;
        const Mask here = m & combo;
        if (!here) {
          fits = false;
          break;
        }
        covered |= here;
      }
      if (!fits || covered != combo) continue;
      allowed |= combo;
      required &= combo;
    }
    if (!allowed) return false;
    if (open_union & ~allowed) {
      for (int c : cells) {
        const std::uint32_t m = s[c];
        if ((m & kAssigned) || !(m & ~allowed)) continue;
        if (!cands.eliminate(c, m & ~allowed)) return false;
        changed = true;
      }
    }
    if (!required) continue;
    // A digit every combination holds is in this cage: not elsewhere in a unit holding it.
    for (int u : group.units) {
      if (u < 0) continue;
      for (int c : board.units[static_cast<size_t>(u)]) {
        if (((group.set[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1) || !(s[c] & required)) continue;
        if (!cands.eliminate(c, required)) return false;
        changed = true;
      }
    }
  }
  return true;
}

}  // namespace gp::solver
