// Aligned exclusion (SE's AlignedExclusion, degree 2 and 3): not a chain technique, but rated
// among them (6.2 and 7.5). See techniques.hpp.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "grader/techniques.hpp"

namespace gp::grader {

namespace {

// Peer sets as bits: words of 64 cells, enough for the largest board, rounded up to a power of
// two (a row of the table is then found by a shift).
constexpr int kPeerWords = static_cast<int>(std::bit_ceil(static_cast<unsigned>((kMaxCells + 63) / 64)));
// Most peers a cell can have: its row, column and box, and its extra units.
constexpr int kMaxPeers = (3 + kMaxCellExtras) * kMaxN;

// Base cells: empty cells with 2+ candidates that have at least one "excluder" (a peer with 2 to
// `degree` candidates), in a state without pending naked singles. For `degree` base cells with at
// least two common excluders, a combination of their candidates is impossible if two cells that
// see each other get the same value, or if it uses every candidate of a common excluder. A
// candidate of a base cell that appears in no possible combination is eliminated.
bool aligned_exclusion(const State& s, Step& out, int degree) {
  const int cells = s.cells();
  for (int c = 0; c < cells; ++c)
    if (s.value(c) == 0 && bit_count(s.cand(c)) == 1) return false;  // naked single pending
  // The excluders as a set of cells (the board's peer sets are the State's, as bits).
  const auto words = static_cast<std::size_t>(s.cell_words());
  auto excluder = [&](int c) {
    const int k = bit_count(s.cand(c));
    return s.value(c) == 0 && k >= 2 && k <= degree;
  };
  auto sees = [&](int a, int b) { return (s.peer_bits(a)[static_cast<std::size_t>(b >> 6)] >> (b & 63)) & 1u; };
  std::uint64_t excluders[kPeerWords] = {};
  for (int c = 0; c < cells; ++c)
    if (excluder(c)) excluders[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63);
  int base[kMaxCells];
  int nb = 0;
  for (int c = 0; c < cells; ++c) {
    if (s.value(c) != 0 || bit_count(s.cand(c)) < 2) continue;
    const std::uint64_t* pb = s.peer_bits(c);
    std::uint64_t any = 0;
    for (std::size_t i = 0; i < words; ++i) any |= pb[i] & excluders[i];
    if (any) base[nb++] = c;
  }
  int set[3];
  int common[kMaxPeers];
  // The common excluders of set[0] and set[1] (excluders seeing both), ascending as the peer
  // lists are; fewer than two: 0.
  auto pair_common_of = [&](int* outc) {
    const std::uint64_t* p0 = s.peer_bits(set[0]);
    const std::uint64_t* p1 = s.peer_bits(set[1]);
    std::uint64_t both[kPeerWords];
    bool one = false, two = false;
    for (std::size_t i = 0; i < words; ++i) {
      both[i] = p0[i] & p1[i] & excluders[i];
      if (both[i]) {
        two = two || one || (both[i] & (both[i] - 1));
        one = true;
      }
    }
    if (!two) return 0;
    int nc = 0;
    for (std::size_t i = 0; i < words; ++i)
      for (std::uint64_t m = both[i]; m; m &= m - 1) outc[nc++] = static_cast<int>(i * 64) + std::countr_zero(m);
    return nc;
  };
  // The common excluders of the set, and whether it eliminates anything. `pair_nc` common
  // excluders of its first two cells are in `pair_common` (a triplet's are those of them that
  // see the third cell, in the same order).
  int pair_common[kMaxPeers];
  int pair_nc = 0;
  auto try_set = [&]() {
    int nc = 0;
    if (degree == 2) {
      std::copy_n(pair_common, pair_nc, common);
      nc = pair_nc;
    } else {
      for (int e = 0; e < pair_nc; ++e)
        if (pair_common[e] != set[2] && sees(pair_common[e], set[2])) common[nc++] = pair_common[e];
    }
    if (nc < 2) return false;
    Mask allowed[3] = {0, 0, 0};
    Mask cand[3] = {0, 0, 0};
    for (int i = 0; i < degree; ++i) cand[i] = s.cand(set[i]);
    bool seen[3][3] = {};
    for (int i = 0; i < degree; ++i)
      for (int j = 0; j < degree; ++j) seen[i][j] = i != j && sees(set[i], set[j]);
    Mask excl_cand[kMaxPeers];
    for (int e = 0; e < nc; ++e) excl_cand[e] = s.cand(common[e]);
    if (degree == 2) {
      // A pair's excluders have two candidates: a combination (a, b) is impossible when a == b in
      // cells that see each other, or when {a, b} is an excluder's candidates. killed[a]: the b
      // that (a, b) cannot take.
      Mask killed[kMaxN + 1] = {};
      for (Mask m = cand[0] & cand[1]; seen[0][1] && m; m &= m - 1) killed[lowest_value(m)] |= m & (~m + 1);
      for (int e = 0; e < nc; ++e) {
        const int x = lowest_value(excl_cand[e]);
        const int y = lowest_value(excl_cand[e] & (excl_cand[e] - 1));
        if ((cand[0] & bit(x)) && (cand[1] & bit(y))) killed[x] |= bit(y);
        if ((cand[0] & bit(y)) && (cand[1] & bit(x))) killed[y] |= bit(x);
      }
      for (Mask m0 = cand[0]; m0; m0 &= m0 - 1) {
        const int a = lowest_value(m0);
        if (cand[1] & ~killed[a]) {
          allowed[0] |= bit(a);
          allowed[1] |= cand[1] & ~killed[a];
        }
      }
    }
    // Every combination of one candidate per base cell.
    for (Mask m0 = degree == 3 ? cand[0] : Mask{0}; m0; m0 &= m0 - 1) {
      const int a = lowest_value(m0);
      for (Mask m1 = cand[1]; m1; m1 &= m1 - 1) {
        const int b = lowest_value(m1);
        if (a == b && seen[0][1]) continue;
        const Mask ab = bit(a) | bit(b);
        for (Mask m2 = degree == 3 ? cand[2] : Mask{1}; m2; m2 &= m2 - 1) {
          const int c = degree == 3 ? lowest_value(m2) : 0;
          if (degree == 3 && ((c == a && seen[0][2]) || (c == b && seen[1][2]))) continue;
          const Mask used = degree == 3 ? (ab | bit(c)) : ab;
          bool ok = true;
          for (int e = 0; e < nc && ok; ++e) ok = (excl_cand[e] & ~used) != 0;
          if (!ok) continue;
          allowed[0] |= bit(a);
          allowed[1] |= bit(b);
          if (degree == 3) allowed[2] |= bit(c);
          // Every candidate allowed: nothing to eliminate, whatever the other combinations.
          if (allowed[0] == cand[0] && allowed[1] == cand[1] && allowed[2] == cand[2]) return false;
        }
      }
    }
    bool any = false;
    for (int i = 0; i < degree; ++i) any = any || allowed[i] != cand[i];
    if (!any) return false;
    out.clear();
    for (int i = 0; i < degree; ++i)
      for (Mask m = cand[i] & ~allowed[i]; m; m &= m - 1) out.eliminations.push_back({set[i], lowest_value(m)});
    std::sort(out.eliminations.begin(), out.eliminations.end(), [](const CellValue& x, const CellValue& y) {
      return x.cell != y.cell ? x.cell < y.cell : x.value < y.value;
    });
    out.technique = degree == 2 ? "Aligned Pair Exclusion" : "Aligned Triplet Exclusion";
    out.rating = degree == 2 ? 6.2 : 7.5;
    std::string& d = out.description;
    d = out.technique + ": base cells";
    for (int i = 0; i < degree; ++i) d += (i ? ", " : " ") + s.cell_name(set[i]);
    d += "; every combination that uses all candidates of one of";
    for (int e = 0; e < nc; ++e) d += (e ? ", " : " ") + s.cell_name(common[e]);
    d += " is impossible; remove";
    for (const CellValue& e : out.eliminations) {
      d += " " + s.cell_name(e.cell) + "<>";
      append_value(d, e.value);
    }
    return true;
  };
  bool base_excluder[kMaxCells];
  for (int i = 0; i < nb; ++i) base_excluder[i] = excluder(base[i]);
  for (int i = 0; i < nb; ++i) {
    for (int j = i + 1; j < nb; ++j) {
      set[0] = base[i];
      set[1] = base[j];
      pair_nc = pair_common_of(pair_common);
      if (pair_nc < 2) continue;  // a triplet's common excluders are a subset
      if (degree == 2) {
        if (try_set()) return true;
        continue;
      }
      // Third cell: a base cell that is an excluder of one of the first two.
      for (int k = 0; k < nb; ++k) {
        const int c = base[k];
        if (c == set[0] || c == set[1] || !base_excluder[k]) continue;
        if (!sees(c, set[0]) && !sees(c, set[1])) continue;
        set[2] = c;
        if (try_set()) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool find_aligned_pair_exclusion(const State& s, Step& out) { return aligned_exclusion(s, out, 2); }

bool find_aligned_triplet_exclusion(const State& s, Step& out) { return aligned_exclusion(s, out, 3); }

}  // namespace gp::grader
