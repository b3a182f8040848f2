#include "generator/kenken.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "solver/solver.hpp"

namespace gp::gen {

KenKenProfile kenken_profile(std::string_view difficulty, int n) {
  KenKenProfile p;
  if (difficulty == "easy") {
    p.sizes = {2, 2, 2, 2, 3};
    p.max_size = 3;
  } else if (difficulty == "hard") {
    p.sizes = {2, 3, 3, 4};
    p.max_size = 4;
    p.merges = 4;
  } else if (difficulty == "expert" || difficulty == "fiendish") {
    p.sizes = {2, 3, 4, 4};
    p.max_size = 4;
    p.merges = 8;
  } else {  // medium, and no difficulty
    p.sizes = {2, 2, 3, 3, 4};
    p.max_size = 4;
  }
  for (int& s : p.sizes) s = std::min(s, n - 1);
  p.max_size = std::min(p.max_size, n - 1);
  return p;
}

namespace {

// A proof that runs over this many branches fails the attempt (a fresh square is cheaper).
constexpr std::int64_t kKenKenNodeBudget = 4000;
// Rounds of breaking second solutions before an attempt gives up.
constexpr int kKenKenRounds = 80;

// The cages being shaped on the solution: per cell its cage id; per cage id its cells and operation
// (ids may be sparse while cages come and go: an empty cell list is no cage).
class KenKenLayout {
 public:
  KenKenLayout(const Grid& solution, const KenKenProfile& profile, Rng& rng)
      : sol_(solution), n_(solution.n()), cells_(solution.size()), profile_(profile), rng_(rng),
        cage_of_(static_cast<size_t>(cells_), -1) {}

  void grow() {
    std::vector<int> order(static_cast<size_t>(cells_));
    for (int c = 0; c < cells_; ++c) order[static_cast<size_t>(c)] = c;
    rng_.shuffle(order);
    for (int start : order) {
      if (cage_of_[static_cast<size_t>(start)] >= 0) continue;
      const int id = new_cage();
      add(id, start);
      const int size = profile_.sizes[rng_.below(static_cast<std::uint32_t>(profile_.sizes.size()))];
      while (static_cast<int>(cells_of_[static_cast<size_t>(id)].size()) < size) {
        std::vector<int> free = free_neighbours(id);
        if (free.empty()) break;
        add(id, free[rng_.below(static_cast<std::uint32_t>(free.size()))]);
      }
    }
    // A cell left alone joins a neighbouring cage that has room (else it stays a one-cell cage).
    for (int id = 0; id < static_cast<int>(cells_of_.size()); ++id) {
      if (cells_of_[static_cast<size_t>(id)].size() != 1) continue;
      std::vector<int> near = neighbour_cages(id, profile_.max_size - 1);
      if (near.empty()) continue;
      const int to = near[rng_.below(static_cast<std::uint32_t>(near.size()))];
      add(to, cells_of_[static_cast<size_t>(id)].front());
      cells_of_[static_cast<size_t>(id)].clear();
    }
    for (int id = 0; id < static_cast<int>(cells_of_.size()); ++id)
      if (!cells_of_[static_cast<size_t>(id)].empty()) choose_op(id);
  }

  // The rule of the current cages (cells sorted, cages by first cell), into `rule`.
  void build(ArithmeticCageRule& rule) const {
    rule.cages.clear();
    for (int id = 0; id < static_cast<int>(cells_of_.size()); ++id) {
      const auto& cells = cells_of_[static_cast<size_t>(id)];
      if (cells.empty()) continue;
      ArithmeticCage cage;
      cage.cells = cells;
      std::sort(cage.cells.begin(), cage.cells.end());
      cage.op = op_[static_cast<size_t>(id)];
      cage.target = target(cage.op, cage.cells);
      rule.cages.push_back(std::move(cage));
    }
    std::sort(rule.cages.begin(), rule.cages.end(),
              [](const ArithmeticCage& a, const ArithmeticCage& b) { return a.cells.front() < b.cells.front(); });
    rule.cage_of.assign(static_cast<size_t>(cells_), -1);
    for (size_t i = 0; i < rule.cages.size(); ++i)
      for (int c : rule.cages[i].cells) rule.cage_of[static_cast<size_t>(c)] = static_cast<int>(i);
  }

  // Breaks the second solution `alt`: a cell where it differs gets its cage another operation that
  // `alt` does not reach (tried for each such cell, in random order), else one such cell is split
  // off into a one-cell cage. Returns whether it split.
  bool break_alternative(const std::vector<std::uint8_t>& alt) {
    std::vector<int> differ;
    for (int c = 0; c < cells_; ++c)
      if (alt[static_cast<size_t>(c)] != sol_.cells[static_cast<size_t>(c)]) differ.push_back(c);
    rng_.shuffle(differ);
    for (int c : differ) {
      const int id = cage_of_[static_cast<size_t>(c)];
      const auto& cells = cells_of_[static_cast<size_t>(id)];
      std::vector<CageOp> ops = ops_for(cells);
      rng_.shuffle(ops);
      for (CageOp op : ops) {
        if (op == op_[static_cast<size_t>(id)]) continue;
        std::vector<int> d;
        for (int x : cells) d.push_back(alt[static_cast<size_t>(x)]);
        if (arithmetic_holds(op, target(op, cells), d.data(), static_cast<int>(d.size()))) continue;
        op_[static_cast<size_t>(id)] = op;
        return false;
      }
    }
    // Split: a differing cell of a cage of two or more leaves it as a one-cell cage (its target is
    // its digit, which `alt` does not have there).
    for (int c : differ) {
      const int id = cage_of_[static_cast<size_t>(c)];
      if (cells_of_[static_cast<size_t>(id)].size() < 2) continue;
      split_off(id, c);
      return true;
    }
    return false;  // every differing cell already alone: cannot happen (its '=' would refute `alt`)
  }

  // Each one-cell cage joins a neighbouring cage with room when the puzzle stays unique
  // (`unique` proves the current layout); kept alone otherwise.
  template <class Unique>
  void absorb_singles(Unique&& unique) {
    for (int id = 0; id < static_cast<int>(cells_of_.size()); ++id) {
      if (cells_of_[static_cast<size_t>(id)].size() != 1) continue;
      std::vector<int> near = neighbour_cages(id, profile_.max_size - 1);
      rng_.shuffle(near);
      for (int to : near) {
        if (try_merge(to, id, unique)) break;
      }
    }
  }

  // Up to `tries` merges of two neighbouring cages (at most max_size cells together), each kept
  // when the puzzle stays unique.
  template <class Unique>
  void merge(int tries, Unique&& unique) {
    for (int t = 0; t < tries; ++t) {
      std::vector<int> ids;
      for (int id = 0; id < static_cast<int>(cells_of_.size()); ++id)
        if (!cells_of_[static_cast<size_t>(id)].empty()) ids.push_back(id);
      const int from = ids[rng_.below(static_cast<std::uint32_t>(ids.size()))];
      const int room = profile_.max_size - static_cast<int>(cells_of_[static_cast<size_t>(from)].size());
      std::vector<int> near = neighbour_cages(from, room);
      if (near.empty()) continue;
      try_merge(near[rng_.below(static_cast<std::uint32_t>(near.size()))], from, unique);
    }
  }

  int singles() const {
    int k = 0;
    for (const auto& cells : cells_of_) k += cells.size() == 1;
    return k;
  }

 private:
  int digit(int c) const { return sol_.cells[static_cast<size_t>(c)]; }

  int new_cage() {
    cells_of_.emplace_back();
    op_.push_back(CageOp::kEq);
    return static_cast<int>(cells_of_.size()) - 1;
  }
  void add(int id, int c) {
    cells_of_[static_cast<size_t>(id)].push_back(c);
    cage_of_[static_cast<size_t>(c)] = id;
  }

  std::vector<int> side_cells(int c) const {
    std::vector<int> out;
    if (c >= n_) out.push_back(c - n_);
    if (c + n_ < cells_) out.push_back(c + n_);
    if (c % n_) out.push_back(c - 1);
    if (c % n_ + 1 < n_) out.push_back(c + 1);
    return out;
  }

  std::vector<int> free_neighbours(int id) const {
    std::vector<int> out;
    for (int c : cells_of_[static_cast<size_t>(id)])
      for (int d : side_cells(c))
        if (cage_of_[static_cast<size_t>(d)] < 0 && std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
    return out;
  }

  // The cages touching cage `id` side by side with at most `most` cells (ascending ids).
  std::vector<int> neighbour_cages(int id, int most) const {
    std::vector<int> out;
    for (int c : cells_of_[static_cast<size_t>(id)])
      for (int d : side_cells(c)) {
        const int other = cage_of_[static_cast<size_t>(d)];
        if (other < 0 || other == id || static_cast<int>(cells_of_[static_cast<size_t>(other)].size()) > most) continue;
        if (std::find(out.begin(), out.end(), other) == out.end()) out.push_back(other);
      }
    std::sort(out.begin(), out.end());
    return out;
  }

  int target(CageOp op, const std::vector<int>& cells) const {
    switch (op) {
      case CageOp::kEq: return digit(cells.front());
      case CageOp::kSub: return std::abs(digit(cells[0]) - digit(cells[1]));
      case CageOp::kDiv: return std::max(digit(cells[0]), digit(cells[1])) / std::min(digit(cells[0]), digit(cells[1]));
      case CageOp::kAdd: {
        int s = 0;
        for (int c : cells) s += digit(c);
        return s;
      }
      case CageOp::kMul: {
        int p = 1;
        for (int c : cells) p *= digit(c);
        return p;
      }
    }
    return 0;
  }

  // The operations a cage of these cells can take on the solution.
  std::vector<CageOp> ops_for(const std::vector<int>& cells) const {
    if (cells.size() == 1) return {CageOp::kEq};
    const bool product_fits = target(CageOp::kMul, cells) < 1000;  // a label that fits a cell (choose_op)
    if (cells.size() > 2) return product_fits ? std::vector<CageOp>{CageOp::kAdd, CageOp::kMul} : std::vector<CageOp>{CageOp::kAdd};
    std::vector<CageOp> out{CageOp::kAdd, CageOp::kMul, CageOp::kSub};
    const int a = std::max(digit(cells[0]), digit(cells[1])), b = std::min(digit(cells[0]), digit(cells[1]));
    if (a % b == 0) out.push_back(CageOp::kDiv);
    return out;
  }

  // As published puzzles choose: '/' for most divisible pairs, '-' for most other pairs, else
  // '+' or '*' (more cells: '+' or '*').
  void choose_op(int id) {
    const auto& cells = cells_of_[static_cast<size_t>(id)];
    CageOp& op = op_[static_cast<size_t>(id)];
    if (cells.size() == 1) {
      op = CageOp::kEq;
      return;
    }
    if (cells.size() == 2) {
      const int a = std::max(digit(cells[0]), digit(cells[1])), b = std::min(digit(cells[0]), digit(cells[1]));
      if (a % b == 0 && rng_.below(4) != 0) {
        op = CageOp::kDiv;
        return;
      }
      if (rng_.below(4) != 0) {
        op = CageOp::kSub;
        return;
      }
    }
    op = rng_.below(2) ? CageOp::kAdd : CageOp::kMul;
    // Products of four digits run past 1000 on large grids: their labels would not fit a cell.
    if (op == CageOp::kMul && target(op, cells) >= 1000) op = CageOp::kAdd;
  }

  // Cell c leaves cage id as a one-cell cage; the rest is re-cut into its side-by-side pieces,
  // each a cage with an operation chosen afresh.
  void split_off(int id, int c) {
    std::vector<int> rest;
    for (int x : cells_of_[static_cast<size_t>(id)])
      if (x != c) rest.push_back(x);
    cells_of_[static_cast<size_t>(id)].clear();
    const int alone = new_cage();
    add(alone, c);
    for (int x : rest) cage_of_[static_cast<size_t>(x)] = -2;  // unplaced
    for (int x : rest) {
      if (cage_of_[static_cast<size_t>(x)] != -2) continue;
      const int piece = new_cage();
      std::vector<int> stack{x};
      cage_of_[static_cast<size_t>(x)] = piece;
      while (!stack.empty()) {
        const int y = stack.back();
        stack.pop_back();
        cells_of_[static_cast<size_t>(piece)].push_back(y);
        for (int z : side_cells(y))
          if (cage_of_[static_cast<size_t>(z)] == -2) {
            cage_of_[static_cast<size_t>(z)] = piece;
            stack.push_back(z);
          }
      }
      choose_op(piece);
    }
  }

  // Cage `from` joins cage `to`, its operation chosen afresh; undone unless `unique` holds.
  template <class Unique>
  bool try_merge(int to, int from, Unique&& unique) {
    const auto before_to = cells_of_[static_cast<size_t>(to)];
    const auto before_from = cells_of_[static_cast<size_t>(from)];
    const CageOp op_to = op_[static_cast<size_t>(to)], op_from = op_[static_cast<size_t>(from)];
    for (int c : before_from) add(to, c);
    cells_of_[static_cast<size_t>(from)].clear();
    choose_op(to);
    if (unique()) return true;
    cells_of_[static_cast<size_t>(to)] = before_to;
    cells_of_[static_cast<size_t>(from)] = before_from;
    for (int c : before_from) cage_of_[static_cast<size_t>(c)] = from;
    op_[static_cast<size_t>(to)] = op_to;
    op_[static_cast<size_t>(from)] = op_from;
    return false;
  }

  const Grid& sol_;
  const int n_, cells_;
  const KenKenProfile& profile_;
  Rng& rng_;
  std::vector<int> cage_of_;
  std::vector<std::vector<int>> cells_of_;
  std::vector<CageOp> op_;
};

}  // namespace

std::optional<Grid> make_kenken(const Grid& solution, const KenKenProfile& profile, Rng& rng,
                                const std::function<bool()>& stopped, Variant variant, KenKenStats* stats) {
  KenKenStats local;
  KenKenStats& st = stats ? *stats : local;
  st = {};
  const int cells = solution.size();
  const Board& base = board_of(solution);
  KenKenLayout layout(solution, profile, rng);
  layout.grow();
  std::vector<Rule> rules{ArithmeticCageRule{}};
  ArithmeticCageRule& rule = std::get<ArithmeticCageRule>(rules.front());
  const std::vector<std::uint8_t> empty(static_cast<size_t>(cells), 0);
  std::vector<std::uint8_t> found;
  solver::Request req;
  req.limit = 2;
  req.node_budget = kKenKenNodeBudget;
  bool over = false;
  // Whether the current cages have one solution (proven within the budget); if not, `found` ends
  // with another one unless `over`.
  auto unique = [&] {
    layout.build(rule);
    found.clear();
    ++st.proofs;
    const solver::Outcome o = solver::search(base, rules, empty.data(), req, &found);
    over = o.exhausted_budget;
    return o.count == 1 && !over;
  };
  bool ok = false;
  for (int round = 0; round < kKenKenRounds; ++round) {
    if (stopped()) return std::nullopt;
    if (unique()) {
      ok = true;
      break;
    }
    if (over || found.size() < 2 * static_cast<size_t>(cells)) return std::nullopt;
    std::vector<std::uint8_t> alt(found.begin(), found.begin() + cells);
    if (alt == solution.cells) alt.assign(found.begin() + cells, found.begin() + 2 * cells);
    ++st.repairs;
    st.splits += layout.break_alternative(alt);
  }
  if (!ok) return std::nullopt;
  layout.absorb_singles(unique);
  if (profile.merges > 0) layout.merge(profile.merges, unique);
  layout.build(rule);
  st.singles = layout.singles();
  auto made = make_arithmetic_cage_rule(solution.shape, rule.cages);
  if (!made) return std::nullopt;
  Grid out(with_rules(base, variant, {std::move(*made)}));
  return out;
}

std::optional<Grid> kenken_cell_alone(const Grid& puzzle, const Grid& solution, int cell) {
  const auto* rule = board_of(puzzle).rule<ArithmeticCageRule>();
  if (!rule) return std::nullopt;
  const int n = puzzle.n();
  const int q = rule->cage_of[static_cast<size_t>(cell)];
  const ArithmeticCage& old = rule->cages[static_cast<size_t>(q)];
  if (old.cells.size() < 2) return std::nullopt;
  auto digit = [&](int c) { return static_cast<int>(solution.cells[static_cast<size_t>(c)]); };
  std::vector<ArithmeticCage> cages;
  for (size_t i = 0; i < rule->cages.size(); ++i)
    if (static_cast<int>(i) != q) cages.push_back(rule->cages[i]);
  cages.push_back({digit(cell), CageOp::kEq, {cell}});
  // The rest in side-by-side pieces (the cage's cells but `cell`).
  std::vector<int> rest;
  for (int c : old.cells)
    if (c != cell) rest.push_back(c);
  std::vector<char> done(rest.size(), 0);
  for (size_t start = 0; start < rest.size(); ++start) {
    if (done[start]) continue;
    std::vector<int> piece{rest[start]};
    done[start] = 1;
    for (size_t k = 0; k < piece.size(); ++k)
      for (size_t j = 0; j < rest.size(); ++j) {
        const int a = piece[k], b = rest[j];
        if (done[j] || !((a / n == b / n && std::abs(a - b) == 1) || std::abs(a - b) == n)) continue;
        done[j] = 1;
        piece.push_back(b);
      }
    std::sort(piece.begin(), piece.end());
    ArithmeticCage part{0, piece.size() == 1 ? CageOp::kEq : old.op, piece};
    if (part.op == CageOp::kEq) part.target = digit(piece.front());
    else if (part.op == CageOp::kAdd) for (int c : piece) part.target += digit(c);
    else {
      part.target = 1;
      for (int c : piece) part.target *= digit(c);
    }
    cages.push_back(std::move(part));
  }
  std::sort(cages.begin(), cages.end(),
            [](const ArithmeticCage& a, const ArithmeticCage& b) { return a.cells.front() < b.cells.front(); });
  auto made = make_arithmetic_cage_rule(puzzle.shape, std::move(cages));
  auto base = latin_board(n, puzzle.variant());
  if (!made || !base) return std::nullopt;
  Grid out(with_rules(**base, puzzle.variant(), {std::move(*made)}));
  out.cells = puzzle.cells;
  return out;
}

}  // namespace gp::gen
