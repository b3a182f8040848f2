// KenKen line sums (core/line_sums.hpp): every row and column of a Latin square holds
// 1..n once, so `count` whole lines add up to count * n(n+1)/2, and the cages touching them must
// make that total between them.
#include <array>
#include <bit>
#include <bitset>
#include <vector>

#include "core/line_sums.hpp"

namespace gp {
namespace {

// Sums inside a band: at most 8 lines of 45.
using LineSums = std::bitset<512>;

// Per cage touching the band: for each sum its tuples put inside the band, the digits each cell
// takes in them.
struct LineSumCage {
  int index = 0;            // the cage's index in the rule
  std::uint64_t sums = 0;  // bit s: some tuple puts s inside the band (a cage of 6 cells: at most 54)
  std::array<std::array<std::uint32_t, kMaxArithmeticCage>, 64> support{};  // [sum][cell]
};

// The tuples of one cage: cells in order, each an allowed digit that no earlier cell of its row or
// column holds; the tuples that reach the target are recorded by the sum of their cells inside
// the band.
struct LineSumWalk {
  const ArithmeticCage& cage;
  const std::uint32_t* allowed = nullptr;  // per cell of the grid
  LineSumCage* out = nullptr;
  int k = 0;
  int n = 0;
  std::array<bool, kMaxArithmeticCage> inside{};
  std::array<std::uint32_t, kMaxArithmeticCage> conflicts{};  // per cell, the earlier cells sharing a line
  std::array<int, kMaxArithmeticCage> digit{};

  void go(int i, long long acc, int in_sum) {
    if (i == k) {
      const bool holds = cage.op == CageOp::kAdd || cage.op == CageOp::kMul
                             ? acc == cage.target
                             : arithmetic_holds(cage.op, cage.target, digit.data(), k);
      if (!holds) return;
      out->sums |= std::uint64_t{1} << in_sum;
      auto& row = out->support[static_cast<size_t>(in_sum)];
      for (int j = 0; j < k; ++j) row[static_cast<size_t>(j)] |= bit(digit[static_cast<size_t>(j)]);
      return;
    }
    const bool add = cage.op == CageOp::kAdd, mul = cage.op == CageOp::kMul;
    for (std::uint32_t m = allowed[cage.cells[static_cast<size_t>(i)]]; m; m &= m - 1) {
      const int v = std::countr_zero(m) + 1;
      bool clash = false;
      for (std::uint32_t e = conflicts[static_cast<size_t>(i)]; e; e &= e - 1)
        if (digit[static_cast<size_t>(std::countr_zero(e))] == v) clash = true;
      if (clash) continue;
      long long next = acc;
      if (add) {
        next = acc + v;
        if (next + (k - 1 - i) > cage.target) break;  // digits ascend, and each later cell adds 1 or more
        if (next + static_cast<long long>(n) * (k - 1 - i) < cage.target) continue;  // and n at most
      } else if (mul) {
        next = acc * v;
        if (cage.target % next != 0) continue;
        long long most = next;
        for (int r = i + 1; r < k; ++r) most *= n;
        if (most < cage.target) continue;
      }
      digit[static_cast<size_t>(i)] = v;
      go(i + 1, next, in_sum + (inside[static_cast<size_t>(i)] ? v : 0));
    }
  }
};

LineSums shifted_by(const LineSums& have, std::uint64_t sums) {
  LineSums out;
  for (; sums; sums &= sums - 1) out |= have << static_cast<size_t>(std::countr_zero(sums));
  return out;
}

}  // namespace

bool line_sum_support(const ArithmeticCageRule& rule, int n, const std::uint32_t* allowed, LineBand band,
                      std::uint32_t* keep, LineSumInfo* info) {
  auto in_band = [&](int c) {
    const int line = band.columns ? c % n : c / n;
    return line >= band.first && line < band.first + band.count;
  };
  // The cages touching the band, in the rule's order.
  std::vector<char> touched(rule.cages.size(), 0);
  for (int x = band.first; x < band.first + band.count; ++x)
    for (int y = 0; y < n; ++y)
      touched[static_cast<size_t>(rule.cage_of[static_cast<size_t>(band.columns ? y * n + x : x * n + y)])] = 1;
  thread_local std::vector<LineSumCage> cages;
  cages.clear();
  for (size_t q = 0; q < rule.cages.size(); ++q) {
    if (!touched[q]) continue;
    const ArithmeticCage& cage = rule.cages[q];
    LineSumCage& lc = cages.emplace_back();
    lc.index = static_cast<int>(q);
    LineSumWalk walk{cage};
    walk.allowed = allowed;
    walk.n = n;
    walk.out = &lc;
    walk.k = static_cast<int>(cage.cells.size());
    if (walk.k < 1 || walk.k > kMaxArithmeticCage) return false;
    for (int i = 0; i < walk.k; ++i) {
      const int a = cage.cells[static_cast<size_t>(i)];
      walk.inside[static_cast<size_t>(i)] = in_band(a);
      for (int j = 0; j < i; ++j) {
        const int b = cage.cells[static_cast<size_t>(j)];
        if (a / n == b / n || a % n == b % n) walk.conflicts[static_cast<size_t>(i)] |= 1u << j;
      }
    }
    walk.go(0, cage.op == CageOp::kMul ? 1 : 0, 0);
    if (!lc.sums) return false;
  }
  // What the cages before and after each one make together; a sum s of a cage stays when the
  // others can make the total less s.
  const int total = band.count * n * (n + 1) / 2;
  const size_t m = cages.size();
  thread_local std::vector<LineSums> before, after;
  before.assign(m + 1, LineSums());
  after.assign(m + 1, LineSums());
  before[0].set(0);
  after[m].set(0);
  for (size_t i = 0; i < m; ++i) before[i + 1] = shifted_by(before[i], cages[i].sums);
  for (size_t i = m; i-- > 0;) after[i] = shifted_by(after[i + 1], cages[i].sums);
  if (total >= static_cast<int>(LineSums().size()) || !before[m].test(static_cast<size_t>(total))) return false;
  int open_before = 0;
  for (size_t i = 0; i < m; ++i) {
    open_before += std::popcount(cages[i].sums) > 1;
    LineSums others;
    for (int a = 0; a <= total; ++a)
      if (before[i].test(static_cast<size_t>(a))) others |= after[i + 1] << static_cast<size_t>(a);
    std::uint64_t kept = 0;
    for (std::uint64_t s = cages[i].sums; s; s &= s - 1) {
      const int v = std::countr_zero(s);
      if (v <= total && others.test(static_cast<size_t>(total - v))) kept |= std::uint64_t{1} << v;
    }
    const ArithmeticCage& cage = rule.cages[static_cast<size_t>(cages[i].index)];
    for (size_t j = 0; j < cage.cells.size(); ++j) {
      std::uint32_t d = 0;
      for (std::uint64_t s = kept; s; s &= s - 1) d |= cages[i].support[static_cast<size_t>(std::countr_zero(s))][j];
      keep[cage.cells[j]] &= d;
    }
  }
  if (info) {
    info->cages = static_cast<int>(m);
    info->open_before = open_before;
  }
  return true;
}

}  // namespace gp
