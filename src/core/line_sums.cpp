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

// Per cage touching the band: the sums its tuples put inside the band.
struct LineSumCage {
  int index = 0;            // the cage's index in the rule
  std::uint64_t sums = 0;  // bit s: some tuple puts s inside the band (a cage of 6 cells: at most 54)
};

// The tuples of one cage: cells in order, each an allowed digit that no earlier cell of its row or
// column holds; the tuples that reach the target are recorded by the sum of their cells inside
// the band (`sums`) and, when `support` is given, the digits each cell takes for each sum
// ([sum][cell]).
struct LineSumWalk {
  const ArithmeticCage& cage;
  const std::uint32_t* allowed = nullptr;  // per cell of the grid
  std::uint64_t sums = 0;
  std::array<std::array<std::uint32_t, kMaxArithmeticCage>, 64>* support = nullptr;
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
      sums |= std::uint64_t{1} << in_sum;
      if (support) {
        auto& row = (*support)[static_cast<size_t>(in_sum)];
        for (int j = 0; j < k; ++j) row[static_cast<size_t>(j)] |= bit(digit[static_cast<size_t>(j)]);
      }
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

// The sums a cage's tuples put inside a band, remembered per thread (the grader asks for every
// band at every step, and a step changes few cells). They depend on the operation, the target,
// the cells' candidates, which cells share a row and which a column, and which cells are inside
// the band. Grids of up to 9x9 (candidate masks of 9 bits); a direct-mapped table.
struct LineSumKey {
  std::uint64_t a = 0, b = 0, c = 0;  // a == 0: an empty slot (a key has bit 63 of a set)
  friend bool operator==(const LineSumKey&, const LineSumKey&) = default;
};
struct LineSumMemo {
  LineSumKey key;
  std::uint64_t sums = 0;
};
constexpr int kLineSumMemoBits = 14;

bool line_sum_key(const LineSumWalk& w, LineSumKey& key) {
  std::uint64_t a = 0, rows = 0, cols = 0, inside = 0;
  int pair = 0;
  for (int i = 0; i < w.k; ++i) {
    const int x = w.cage.cells[static_cast<size_t>(i)];
    const std::uint32_t m = w.allowed[x];
    if ((m >> 9) != 0) return false;
    a |= std::uint64_t{m} << (9 * i);
    inside |= std::uint64_t{w.inside[static_cast<size_t>(i)]} << i;
    for (int j = 0; j < i; ++j, ++pair) {
      const int y = w.cage.cells[static_cast<size_t>(j)];
      rows |= std::uint64_t{x / w.n == y / w.n} << pair;
      cols |= std::uint64_t{x % w.n == y % w.n} << pair;
    }
  }
  key.a = a | std::uint64_t(w.k - 1) << 54 | std::uint64_t{static_cast<unsigned char>(w.cage.op)} << 57 |
          std::uint64_t{1} << 63;
  key.b = std::uint64_t{static_cast<std::uint32_t>(w.cage.target)} | rows << 32 | cols << 47;
  key.c = inside;
  return true;
}

// The walk's sums, from the table when it has them.
std::uint64_t line_sum_sums(LineSumWalk& w) {
  LineSumKey key;
  if (!line_sum_key(w, key)) {
    w.go(0, w.cage.op == CageOp::kMul ? 1 : 0, 0);
    return w.sums;
  }
  thread_local std::vector<LineSumMemo> memo;
  if (memo.empty()) memo.resize(std::size_t{1} << kLineSumMemoBits);
  const std::uint64_t h = key.a * 0x9E3779B97F4A7C15ull ^ (key.b + (key.b >> 29)) * 0xC2B2AE3D27D4EB4Full ^
                          (key.c + 1) * 0xD6E8FEB86659FD93ull;
  LineSumMemo& slot = memo[static_cast<size_t>(h >> (64 - kLineSumMemoBits))];
  if (slot.key == key) return slot.sums;
  w.go(0, w.cage.op == CageOp::kMul ? 1 : 0, 0);
  slot.key = key;
  slot.sums = w.sums;
  return w.sums;
}

LineSums shifted_by(const LineSums& have, std::uint64_t sums) {
  LineSums out;
  for (; sums; sums &= sums - 1) out |= have << static_cast<size_t>(std::countr_zero(sums));
  return out;
}

// Whether core's arithmetic_support enumerates the same tuples as the walk: a '+' or '*' cage, a
// '-' or '/' cage of two cells, a '=' cage of one (arithmetic_support reads the first two cells
// of a '-', '/' or '=' cage; a cage of the rule always has these sizes).
bool holds_on_all_cells(const ArithmeticCage& cage) {
  const size_t k = cage.cells.size();
  switch (cage.op) {
    case CageOp::kAdd:
    case CageOp::kMul: return true;
    case CageOp::kSub:
    case CageOp::kDiv: return k == 2;
    case CageOp::kEq: return k == 1;
  }
  return false;
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
  // A walk over `cage`'s tuples in this band.
  auto prepare = [&](LineSumWalk& walk, const ArithmeticCage& cage) {
    walk.allowed = allowed;
    walk.n = n;
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
    return true;
  };
  thread_local std::vector<LineSumCage> cages;
  cages.clear();
  for (size_t q = 0; q < rule.cages.size(); ++q) {
    if (!touched[q]) continue;
    const ArithmeticCage& cage = rule.cages[q];
    LineSumCage& lc = cages.emplace_back();
    lc.index = static_cast<int>(q);
    LineSumWalk walk{cage};
    if (!prepare(walk, cage)) return false;
    lc.sums = line_sum_sums(walk);
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
    const int k = static_cast<int>(cage.cells.size());
    std::array<std::uint32_t, kMaxArithmeticCage> d{};
    if (kept == cages[i].sums && holds_on_all_cells(cage)) {
      // Every tuple stays: each cell keeps the digits some tuple gives it, core's
      // arithmetic_support (the same tuples; remembered there).
      std::array<std::uint32_t, kMaxArithmeticCage> mine{};
      for (int j = 0; j < k; ++j) mine[static_cast<size_t>(j)] = allowed[cage.cells[static_cast<size_t>(j)]];
      d = arithmetic_support(cage, n, mine.data()).cell;
    } else {
      // The digits of the tuples of each sum kept, from a walk that records them.
      std::array<std::array<std::uint32_t, kMaxArithmeticCage>, 64> support{};
      LineSumWalk walk{cage};
      prepare(walk, cage);
      walk.support = &support;
      walk.go(0, cage.op == CageOp::kMul ? 1 : 0, 0);
      for (std::uint64_t s = kept; s; s &= s - 1)
        for (int j = 0; j < k; ++j) d[static_cast<size_t>(j)] |= support[static_cast<size_t>(std::countr_zero(s))][static_cast<size_t>(j)];
    }
    for (int j = 0; j < k; ++j) keep[cage.cells[static_cast<size_t>(j)]] &= d[static_cast<size_t>(j)];
  }
  if (info) {
    info->cages = static_cast<int>(m);
    info->open_before = open_before;
  }
  return true;
}

}  // namespace gp
