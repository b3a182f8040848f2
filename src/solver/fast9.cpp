#include "solver/fast9.hpp"

#include <array>
#include <bit>

namespace gp::solver::fast9 {

namespace {

// Cells are numbered 0..80 row by row. Band b holds rows 3b..3b+2; inside a band, position
// p = 9 * (row % 3) + column (0..26).
constexpr std::uint32_t kBandAll = (1u << 27) - 1;
constexpr std::uint32_t kBox0 = 0x1C0E07;  // the first box of a band (columns 0-2 of its 3 rows)

// Tables over 9-bit "row x box" (or "band x column") incidence matrices: bit 3 * i + j.
struct Tables {
  std::array<std::uint16_t, 512> row_boxes{};  // a row's 9 cells -> which of its 3 boxes have one
  std::array<std::uint16_t, 512> matched{};    // matrix -> union of the perfect matchings inside it
  std::array<std::uint32_t, 512> expand{};     // (row, box) matrix -> the band cells it covers
  std::array<std::uint16_t, 512> single{};     // a row's 9 cells -> the same if exactly one, else 0
  std::array<std::uint32_t, 9> column{};       // column -> its three cells in a band
  std::array<std::uint8_t, 512> count{};       // population count of 9 bits (no popcnt instruction
                                               // is assumed: the build targets baseline x86-64)
};

constexpr Tables make_tables() {
  Tables t;
  for (int x = 0; x < 512; ++x) {
    int boxes = 0;
    for (int k = 0; k < 3; ++k)
      if ((x >> (3 * k)) & 7) boxes |= 1 << k;
    t.row_boxes[x] = static_cast<std::uint16_t>(boxes);

    constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int m = 0;
    for (const auto& p : perms) {
      const int pairs = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((x & pairs) == pairs) m |= pairs;
    }
    t.matched[x] = static_cast<std::uint16_t>(m);

    std::uint32_t cells = 0;
    for (int i = 0; i < 9; ++i)
      if ((x >> i) & 1) cells |= 7u << (9 * (i / 3) + 3 * (i % 3));
    t.expand[x] = cells;
  }
  for (int x = 0; x < 512; ++x) {
    t.single[x] = static_cast<std::uint16_t>(x && !(x & (x - 1)) ? x : 0);
    t.count[x] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(x)));
  }
  for (int c = 0; c < 9; ++c) t.column[c] = (1u << c) | (1u << (c + 9)) | (1u << (c + 18));
  return t;
}

constexpr Tables kT = make_tables();

inline int count27(std::uint32_t x) { return kT.count[x & 511] + kT.count[(x >> 9) & 511] + kT.count[x >> 18]; }

// Boards are indexed [band * 9 + digit]: the nine digits of a band are contiguous.
struct State {
  std::uint32_t f[27];         // cells where the digit may be (or is placed)
  std::uint32_t seen[27];      // f as the band rule last left it: f != seen means "look again"
  std::uint32_t stacked[27];   // f as the stack rule last saw it
  std::uint32_t unsolved[3];   // per band: cells not yet placed
  std::uint32_t dirty;         // bit i: board i may differ from seen[i]
};

// Puts digit d at band position p: only the row is restricted here; the band rule then sees a row
// with one cell and does the rest (box, column, other digits), as for every placement.
inline void place(State& s, int d, int b, int p) {
  std::uint32_t& f = s.f[b * 9 + d];
  f = (f & ~(511u << (9 * (p / 9)))) | (1u << p);
  s.dirty |= 1u << (b * 9 + d);
}

// Cells of a band board that are alone in their row.
inline std::uint32_t single_rows(std::uint32_t f) {
  return kT.single[f & 511] | (std::uint32_t{kT.single[(f >> 9) & 511]} << 9) |
         (std::uint32_t{kT.single[f >> 18]} << 18);
}

// Band rule for digit d in band b: keep cells on a perfect row/box matching. Cells left alone in
// their row and not yet placed become placed: their column is cleared in the digit's other bands
// and their cell in every other digit's board.
inline bool band_rule(State& s, int b, int d, std::uint32_t& dirty) {
  const int i = b * 9 + d;
  const std::uint32_t old = s.f[i];
  const int m = kT.row_boxes[old & 511] | (kT.row_boxes[(old >> 9) & 511] << 3) | (kT.row_boxes[old >> 18] << 6);
  const int a = kT.matched[static_cast<size_t>(m)];
  if (!a) return false;
  std::uint32_t f = old & kT.expand[static_cast<size_t>(a)];
  s.seen[i] = f;
  const std::uint32_t placed = single_rows(f) & s.unsolved[b];
  if (placed) {
    if ((placed & (placed >> 9)) | (placed & (placed >> 18)) | ((placed >> 9) & (placed >> 18)))
      return false;  // two placements in one column
    const std::uint32_t c9 = (placed | (placed >> 9) | (placed >> 18)) & 511;
    const std::uint32_t cols = c9 | (c9 << 9) | (c9 << 18);
    s.unsolved[b] &= ~placed;
    std::uint32_t* band = s.f + b * 9;
    for (int e = 0; e < 9; ++e) band[e] &= ~placed;
    for (int b2 = 0; b2 < 3; ++b2) s.f[b2 * 9 + d] &= ~cols;
    dirty |= (511u << (9 * b)) | (0x40201u << d);
    f = (f & ~cols) | placed;  // differs from seen[i] if the columns removed more: looked at again
  }
  s.f[i] = f;
  return true;
}

// Stack rule for digit d: in each stack, keep (band, column) pairs on a perfect matching.
inline bool stack_rule(State& s, int d, std::uint32_t& dirty) {
  std::uint32_t fold[3];
  for (int b = 0; b < 3; ++b) {
    const std::uint32_t f = s.f[b * 9 + d];
    s.stacked[b * 9 + d] = f;
    fold[b] = (f | (f >> 9) | (f >> 18)) & 511;
  }
  for (int st = 0; st < 3; ++st) {
    const int sh = 3 * st;
    const int m = static_cast<int>(((fold[0] >> sh) & 7) | (((fold[1] >> sh) & 7) << 3) | (((fold[2] >> sh) & 7) << 6));
    const int a = kT.matched[static_cast<size_t>(m)];
    if (!a) return false;
    for (int drop = m & ~a; drop; drop &= drop - 1) {
      const int k = std::countr_zero(static_cast<unsigned>(drop));
      s.f[(k / 3) * 9 + d] &= ~kT.column[sh + k % 3];
      dirty |= 1u << ((k / 3) * 9 + d);
    }
  }
  return true;
}

// Places cells left with one digit. Returns -1 on a contradiction, else whether it placed any.
inline int naked_singles(State& s) {
  int found = 0;
  for (int b = 0; b < 3; ++b) {
    const std::uint32_t* band = s.f + b * 9;
    std::uint32_t one = 0, two = 0;
    for (int d = 0; d < 9; ++d) {
      two |= one & band[d];
      one |= band[d];
    }
    const std::uint32_t u = s.unsolved[b];
    if (u & ~one) return -1;
    for (std::uint32_t singles = u & ~two; singles; singles &= singles - 1) {
      const int p = std::countr_zero(singles);
      const std::uint32_t bp = 1u << p;
      int d = 0;
      while (d < 9 && !(band[d] & bp)) ++d;
      if (d == 9) return -1;  // an earlier single of this pass took its last digit
      place(s, d, b, p);
      found = 1;
    }
  }
  return found;
}

// Rules to a fixed point: band rules while any board changed, then naked singles, then the stack
// rule for digits whose boards changed since it last ran. False on a contradiction.
bool propagate(State& s) {
  std::uint32_t dirty = s.dirty;
  s.dirty = 0;
  for (;;) {
    while (dirty) {  // sweeps in board order; boards changed meanwhile wait for the next sweep
      std::uint32_t work = dirty;
      dirty = 0;
      do {
        const int i = std::countr_zero(work);
        work &= work - 1;
        if (s.f[i] != s.seen[i] && !band_rule(s, i / 9, i % 9, dirty)) return false;
      } while (work);
    }
    const int r = naked_singles(s);
    if (r < 0) return false;
    if (r > 0) {
      dirty = s.dirty;
      s.dirty = 0;
      continue;
    }
    for (int d = 0; d < 9; ++d) {
      if (s.f[d] == s.stacked[d] && s.f[9 + d] == s.stacked[9 + d] && s.f[18 + d] == s.stacked[18 + d]) continue;
      if (!stack_rule(s, d, dirty)) return false;
    }
    if (!dirty) return true;
  }
}

// The cell to branch on (band, position); false if every cell is solved. A cell with two
// candidates if there is one: with `score`, the one with the most unsolved cells in its row,
// column and box (its placement reaches furthest: on the hard lists this halves the branch
// count), else the first. Without a two-candidate cell, a three-candidate one, else any.
bool choose_cell(const State& s, bool score, int& band, int& pos) {
  if (!(s.unsolved[0] | s.unsolved[1] | s.unsolved[2])) return false;
  std::uint32_t pairs[3], triples = 0;
  int triple_band = -1;
  for (int b = 0; b < 3; ++b) {
    const std::uint32_t* f = s.f + b * 9;
    std::uint32_t one = 0, two = 0, three = 0, four = 0;  // cells with at least k candidates
    for (int d = 0; d < 9; ++d) {
      four |= three & f[d];
      three |= two & f[d];
      two |= one & f[d];
      one |= f[d];
    }
    const std::uint32_t u = s.unsolved[b];
    pairs[b] = u & two & ~three;
    if (pairs[b] && !score) {
      band = b;
      pos = std::countr_zero(pairs[b]);
      return true;
    }
    if (triple_band < 0 && (u & three & ~four)) {
      triple_band = b;
      triples = u & three & ~four;
    }
  }
  if (!(pairs[0] | pairs[1] | pairs[2])) {
    if (triple_band >= 0) {
      band = triple_band;
      pos = std::countr_zero(triples);
    } else {
      band = s.unsolved[0] ? 0 : s.unsolved[1] ? 1 : 2;
      pos = std::countr_zero(s.unsolved[band]);
    }
    return true;
  }
  int best = -1;
  for (int b = 0; b < 3; ++b) {
    const std::uint32_t u = s.unsolved[b];
    for (std::uint32_t x = pairs[b]; x; x &= x - 1) {
      const int p = std::countr_zero(x), r = p / 9, c = p % 9;
      const std::uint32_t col = kT.column[c];
      const int value = kT.count[(u >> (9 * r)) & 511] + count27(u & (kBox0 << (3 * (c / 3)))) +
                        count27(s.unsolved[0] & col) + count27(s.unsolved[1] & col) + count27(s.unsolved[2] & col);
      if (value > best) {
        best = value;
        band = b;
        pos = p;
      }
    }
  }
  return true;
}

// The search behind search() and collect(): `first` receives the first solution, `all` (room for
// req.limit solutions) every solution found.
Outcome run(const std::uint8_t* cells, const Request& req, std::uint8_t* first, std::uint8_t* all) {
  Outcome out;
  State stack[82];
  State& s0 = stack[0];
  for (int i = 0; i < 27; ++i) {
    s0.f[i] = kBandAll;
    s0.seen[i] = 0;  // every board is looked at once
    s0.stacked[i] = 0;
  }
  for (auto& u : s0.unsolved) u = kBandAll;
  s0.dirty = kBandAll;
  for (int c = 0; c < 81; ++c) {
    const int v = cells[c];
    if (!v) continue;
    if (v > 9) return out;
    const int d = v - 1, b = c / 27, p = c % 27;
    if (!(s0.f[b * 9 + d] & (1u << p))) return out;  // clashes with an earlier given
    place(s0, d, b, p);
  }
  if (req.exclude_cell >= 0 && req.exclude_cell < 81 && req.exclude_value >= 1 && req.exclude_value <= 9) {
    const int c = req.exclude_cell, d = req.exclude_value - 1;
    if (cells[c] == req.exclude_value) return out;
    if (!cells[c]) s0.f[(c / 27) * 9 + d] &= ~(1u << (c % 27));  // every board is dirty already
  }

  int depth = 0;
  while (depth >= 0) {
    State& s = stack[depth];
    if (!propagate(s)) {
      --depth;
      continue;
    }
    int b = 0, p = 0;
    if (!choose_cell(s, req.rng == nullptr, b, p)) {
      std::uint8_t* dst = all ? all + 81 * out.count : out.count == 0 ? first : nullptr;
      ++out.count;
      if (dst) {
        for (int i = 0; i < 27; ++i)
          for (std::uint32_t x = s.f[i]; x; x &= x - 1)
            dst[(i / 9) * 27 + std::countr_zero(x)] = static_cast<std::uint8_t>(i % 9 + 1);
      }
      if (out.count >= req.limit) return out;
      --depth;
      continue;
    }
    if (req.node_budget >= 0 && out.nodes >= req.node_budget) {
      out.exhausted_budget = true;
      return out;
    }
    ++out.nodes;
    const std::uint32_t bp = 1u << p;
    int digits = 0;
    for (int d = 0; d < 9; ++d)
      if (s.f[b * 9 + d] & bp) digits |= 1 << d;
    if (req.rng) {
      int k = static_cast<int>(req.rng->below(kT.count[static_cast<size_t>(digits)]));
      while (k-- > 0) digits &= digits - 1;
    }
    const int d = std::countr_zero(static_cast<unsigned>(digits));
    // Binary branch: the deeper state tries d here, this one keeps "not d" for later.
    State& next = stack[depth + 1];
    next = s;
    place(next, d, b, p);
    s.f[b * 9 + d] &= ~bp;
    s.dirty |= 1u << (b * 9 + d);
    ++depth;
  }
  return out;
}

}  // namespace

Outcome search(const std::uint8_t* cells, const Request& req, std::uint8_t* first) {
  return run(cells, req, first, nullptr);
}

int collect(const std::uint8_t* cells, int limit, std::uint8_t* out) {
  Request req;
  req.limit = limit;
  return limit < 1 ? 0 : run(cells, req, nullptr, out).count;
}

int count(const std::uint8_t* cells, int limit, std::uint8_t* first) {
  Request req;
  req.limit = limit;
  return limit < 1 ? 0 : search(cells, req, first).count;
}

bool has_solution_excluding(const std::uint8_t* cells, int cell, int value) {
  Request req;
  req.limit = 1;
  req.exclude_cell = cell;
  req.exclude_value = value;
  return search(cells, req).count > 0;
}

}  // namespace gp::solver::fast9
