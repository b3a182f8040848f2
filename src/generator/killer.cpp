#include "generator/killer.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "solver/solver.hpp"

namespace gp::gen {

bool killer_difficulty(std::string_view d) {
  return d == "easy" || d == "medium" || d == "hard" || d == "expert" || d == "fiendish";
}

KillerProfile killer_profile(std::string_view difficulty, int n) {
  KillerProfile p;
  // Larger cages come from merges of proven-unique smaller ones: grown at once, large cages
  // leave many second solutions to break, each costly to find.
  if (difficulty == "easy") {
    p = {{2, 2, 2, 3}, 3, 0};
  } else if (difficulty == "hard") {
    p = {{2, 3, 3, 4}, 5, 6};
  } else if (difficulty == "expert") {
    p = {{2, 3, 3, 4}, 6, 12};
  } else if (difficulty == "fiendish") {
    p = {{2, 3, 4}, 6, 24};
  } else {  // medium, and the default
    p = {{2, 2, 3, 3, 4}, 4, 0};
  }
  if (n < 9) {
    p.max_size = std::min(p.max_size, n - 1);
    for (int& s : p.sizes) s = std::min(s, p.max_size);
  }
  return p;
}

namespace {

// Measured on 200 puzzles: 2,000 took up to 2.5 times the CPU of 500 (long proofs of layouts
// that are then dropped anyway), with the same cage counts per profile.
constexpr std::int64_t kKillerNodeBudget = 500;

// The cages being shaped: per cell its cage id (ids may be sparse while cages come and go).
class Layout {
 public:
  Layout(const Grid& solution, const KillerProfile& profile, Rng& rng)
      : sol_(solution), profile_(profile), rng_(rng), n_(solution.n()), cells_(solution.size()),
        owner_(static_cast<size_t>(cells_), -1) {}

  // Random connected cages of the profile's sizes, no digit twice in a cage; single cells then
  // join a neighbouring cage where they can.
  void grow() {
    std::vector<int> order(static_cast<size_t>(cells_));
    for (int c = 0; c < cells_; ++c) order[static_cast<size_t>(c)] = c;
    rng_.shuffle(order);
    std::vector<int> frontier;
    for (int start : order) {
      if (owner(start) >= 0) continue;
      const int id = next_id_++;
      const int target = profile_.sizes[rng_.below(static_cast<std::uint32_t>(profile_.sizes.size()))];
      owner_[static_cast<size_t>(start)] = id;
      members_.assign(1, start);
      Mask digits = digit(start);
      while (static_cast<int>(members_.size()) < target) {
        frontier.clear();
        for (int m : members_)
          for_neighbours(m, [&](int d) {
            if (owner(d) < 0 && !(digits & digit(d)) &&
                std::find(frontier.begin(), frontier.end(), d) == frontier.end())
              frontier.push_back(d);
          });
        if (frontier.empty()) break;
        const int d = frontier[rng_.below(static_cast<std::uint32_t>(frontier.size()))];
        owner_[static_cast<size_t>(d)] = id;
        members_.push_back(d);
        digits |= digit(d);
      }
    }
    for (int c : order)
      if (size_of(owner(c)) == 1) join_neighbour(c, profile_.max_size);
  }

  // The cages as killer_board and the solver take them (ids made dense, cells ascending).
  void build(std::vector<Cage>& cages, std::vector<int>& cage_of) const {
    std::vector<int> dense(static_cast<size_t>(next_id_), -1);
    cages.clear();
    cage_of.assign(static_cast<size_t>(cells_), -1);
    for (int c = 0; c < cells_; ++c) {
      int& d = dense[static_cast<size_t>(owner(c))];
      if (d < 0) {
        d = static_cast<int>(cages.size());
        cages.push_back({});
      }
      cages[static_cast<size_t>(d)].cells.push_back(c);
      cages[static_cast<size_t>(d)].sum += sol_.cells[static_cast<size_t>(c)];
      cage_of[static_cast<size_t>(c)] = d;
    }
  }

  // Changes the cages so that `alt` (another solution of the current cages) no longer fits: a
  // cell x where alt differs leaves its cage C for a neighbouring one (C without x then sums
  // differently under alt); when no cage can take it, x is split off on its own.
  void break_alternative(const std::vector<std::uint8_t>& alt) {
    struct Move {
      int cell, to;
    };
    std::vector<Move> good, fair;
    std::vector<int> differ;
    for (int x = 0; x < cells_; ++x) {
      if (alt[static_cast<size_t>(x)] == sol_.cells[static_cast<size_t>(x)]) continue;
      differ.push_back(x);
      const int from = owner(x);
      const int size = size_of(from);
      if (size < 2 || !connected_without(from, x)) continue;
      for_neighbour_cages(x, [&](int to) {
        if (size_of(to) < profile_.max_size && !(digits_of(to) & digit(x))) (size >= 3 ? good : fair).push_back({x, to});
      });
    }
    const auto& pool = good.empty() ? fair : good;
    if (!pool.empty()) {
      const Move m = pool[rng_.below(static_cast<std::uint32_t>(pool.size()))];
      owner_[static_cast<size_t>(m.cell)] = m.to;
      return;
    }
    const int x = differ[rng_.below(static_cast<std::uint32_t>(differ.size()))];
    split_off(x);
  }

  // Every single-cell cage joins a neighbouring cage if the puzzle stays unique (`unique` tests
  // the current cages). False when one cannot.
  template <class Unique>
  bool absorb_singles(Unique&& unique) {
    for (int c = 0; c < cells_; ++c) {
      if (size_of(owner(c)) != 1) continue;
      const int own = owner(c);
      std::vector<int> options;
      for_neighbour_cages(c, [&](int to) {
        if (size_of(to) < profile_.max_size && !(digits_of(to) & digit(c))) options.push_back(to);
      });
      rng_.shuffle(options);
      bool done = false;
      for (int to : options) {
        owner_[static_cast<size_t>(c)] = to;
        if (unique()) {
          done = true;
          break;
        }
        owner_[static_cast<size_t>(c)] = own;
      }
      if (!done) return false;
    }
    return true;
  }

  // Up to `tries` merges of two neighbouring cages (digits all different, within the largest
  // size), each kept if the puzzle stays unique.
  template <class Unique>
  void merge(int tries, Unique&& unique) {
    for (int t = 0; t < tries; ++t) {
      const int c = static_cast<int>(rng_.below(static_cast<std::uint32_t>(cells_)));
      const int a = owner(c);
      std::vector<int> options;
      const Mask da = digits_of(a);
      const int sa = size_of(a);
      for (int m = 0; m < cells_; ++m)
        if (owner(m) == a)
          for_neighbour_cages(m, [&](int b) {
            if (sa + size_of(b) <= profile_.max_size && !(digits_of(b) & da) &&
                std::find(options.begin(), options.end(), b) == options.end())
              options.push_back(b);
          });
      if (options.empty()) continue;
      const int b = options[rng_.below(static_cast<std::uint32_t>(options.size()))];
      const auto saved = owner_;
      for (int& o : owner_)
        if (o == b) o = a;
      if (!unique()) owner_ = saved;
    }
  }

 private:
  int owner(int c) const { return owner_[static_cast<size_t>(c)]; }
  Mask digit(int c) const { return bit(sol_.cells[static_cast<size_t>(c)]); }

  template <class F>
  void for_neighbours(int c, F&& f) const {
    const int r = c / n_, k = c % n_;
    if (r > 0) f(c - n_);
    if (r + 1 < n_) f(c + n_);
    if (k > 0) f(c - 1);
    if (k + 1 < n_) f(c + 1);
  }
  // The distinct cages beside cell c, other than its own.
  template <class F>
  void for_neighbour_cages(int c, F&& f) const {
    std::array<int, 4> seen{};
    int k = 0;
    for_neighbours(c, [&](int d) {
      const int o = owner(d);
      if (o == owner(c) || std::find(seen.begin(), seen.begin() + k, o) != seen.begin() + k) return;
      seen[static_cast<size_t>(k++)] = o;
      f(o);
    });
  }
  int size_of(int id) const { return static_cast<int>(std::count(owner_.begin(), owner_.end(), id)); }
  Mask digits_of(int id) const {
    Mask m = 0;
    for (int c = 0; c < cells_; ++c)
      if (owner(c) == id) m |= digit(c);
    return m;
  }

  // Whether cage `id` stays in one piece without cell x.
  bool connected_without(int id, int x) {
    members_.clear();
    int start = -1, total = 0;
    for (int c = 0; c < cells_; ++c)
      if (owner(c) == id && c != x) {
        ++total;
        if (start < 0) start = c;
      }
    if (start < 0) return false;
    members_.push_back(start);
    std::vector<bool> seen(static_cast<size_t>(cells_), false);
    seen[static_cast<size_t>(start)] = true;
    for (size_t i = 0; i < members_.size(); ++i)
      for_neighbours(members_[i], [&](int d) {
        if (d != x && owner(d) == id && !seen[static_cast<size_t>(d)]) {
          seen[static_cast<size_t>(d)] = true;
          members_.push_back(d);
        }
      });
    return static_cast<int>(members_.size()) == total;
  }

  // Cell x becomes a cage of its own; what is left of its cage, if in pieces, one cage a piece.
  void split_off(int x) {
    const int id = owner(x);
    owner_[static_cast<size_t>(x)] = next_id_++;
    for (int c = 0; c < cells_; ++c) {
      if (owner(c) != id) continue;
      if (connected_without(id, -1)) return;
      // Relabel the piece holding c (members_ from the last walk holds it).
      const int piece = next_id_++;
      for (int m : members_) owner_[static_cast<size_t>(m)] = piece;
    }
  }

  // A single cell c joins a random neighbouring cage below `max` cells without its digit.
  void join_neighbour(int c, int max) {
    std::vector<int> options;
    for_neighbour_cages(c, [&](int to) {
      if (size_of(to) < max && !(digits_of(to) & digit(c))) options.push_back(to);
    });
    if (!options.empty()) owner_[static_cast<size_t>(c)] = options[rng_.below(static_cast<std::uint32_t>(options.size()))];
  }

  const Grid& sol_;
  const KillerProfile& profile_;
  Rng& rng_;
  const int n_, cells_;
  std::vector<int> owner_;
  std::vector<int> members_;
  int next_id_ = 0;
};

}  // namespace

std::optional<Grid> make_killer(const Grid& solution, const KillerProfile& profile, int givens, Rng& rng,
                                const std::function<bool()>& stopped, Variant variant) {
  const int cells = solution.size();
  std::vector<std::uint8_t> puzzle(static_cast<size_t>(cells), 0);
  if (givens > 0) {
    std::vector<int> order(static_cast<size_t>(cells));
    for (int c = 0; c < cells; ++c) order[static_cast<size_t>(c)] = c;
    rng.shuffle(order);
    for (int i = 0; i < std::min(givens, cells); ++i)
      puzzle[static_cast<size_t>(order[static_cast<size_t>(i)])] = solution.cells[static_cast<size_t>(order[static_cast<size_t>(i)])];
  }
  Layout layout(solution, profile, rng);
  layout.grow();
  // The cages of the current layout, as the rule the solver propagates (built in place, no Board
  // per try: the solver takes the classic board plus this rule).
  std::vector<Rule> rules{CageRule{}};
  CageRule& rule = std::get<CageRule>(rules.front());
  std::vector<Cage>& cages = rule.cages;
  std::vector<int>& cage_of = rule.cage_of;
  const Board& base = board_of(solution);
  std::vector<std::uint8_t> found;
  solver::Request req;
  req.limit = 2;
  // A proof that runs over this many branches counts as failed (the change is undone, or the
  // attempt dropped): large cages can make a proof long, and another layout is cheaper.
  req.node_budget = kKillerNodeBudget;
  bool over = false;
  // Whether the current cages have one solution (proven within the budget); if not, `found`
  // ends with another one unless `over`.
  auto unique = [&] {
    layout.build(cages, cage_of);
    found.clear();
    const solver::Outcome o = solver::search(base, rules, puzzle.data(), req, &found);
    over = o.exhausted_budget;
    return o.count == 1 && !over;
  };
  constexpr int kRounds = 60;
  bool ok = false;
  for (int round = 0; round < kRounds && !ok; ++round) {
    if (stopped()) return std::nullopt;
    if (unique()) {
      ok = true;
      break;
    }
    if (over || found.size() < 2 * static_cast<size_t>(cells)) return std::nullopt;
    std::vector<std::uint8_t> alt(found.begin(), found.begin() + cells);
    if (alt == solution.cells) alt.assign(found.begin() + cells, found.begin() + 2 * cells);
    layout.break_alternative(alt);
  }
  if (!ok || !layout.absorb_singles(unique)) return std::nullopt;
  if (profile.merges > 0) layout.merge(profile.merges, unique);
  layout.build(cages, cage_of);
  auto made = make_cage_rule(solution.shape, std::move(cages));
  if (!made) return std::nullopt;
  Grid out(with_rules(base, variant, {std::move(*made)}));
  out.cells = std::move(puzzle);
  return out;
}

}  // namespace gp::gen
