// The grader's ladder for boards of several grids (samurai): singles only, on the board's units
// and peers (any number of cells; the State's fixed arrays serve single grids).
#include <cmath>
#include <string>
#include <vector>

#include "grader/grader.hpp"
#include "grader/state.hpp"

namespace gp::grader {

namespace {

constexpr double kMultiEps = 1e-9;

// "r7c15": a cell's layout position, 1-based.
std::string layout_name(const Board& b, int cell) {
  const int p = b.position[static_cast<std::size_t>(cell)];
  return "r" + std::to_string(p / b.layout_cols + 1) + "c" + std::to_string(p % b.layout_cols + 1);
}

}  // namespace

Grade grade_multi_grid(const Grid& puzzle, const GradeOptions& options, Grade g) {
  const Board& b = board_of(puzzle);
  const Mask all = b.shape.all();
  std::vector<int> value(puzzle.cells.begin(), puzzle.cells.end());
  std::vector<Mask> cand(static_cast<std::size_t>(b.cells), all);
  int empty = 0;
  for (int c = 0; c < b.cells; ++c) {
    const int v = value[static_cast<std::size_t>(c)];
    if (!v) {
      ++empty;
      continue;
    }
    cand[static_cast<std::size_t>(c)] = 0;
    for (int p : b.peers[static_cast<std::size_t>(c)]) cand[static_cast<std::size_t>(p)] &= ~bit(v);
  }
  g.rating = 0.0;
  while (empty > 0) {
    // The ladder's first rungs, easiest first: full house, hidden single in a box, in a row or
    // column, naked single.
    int cell = -1, v = 0, unit = -1;
    const char* technique = nullptr;
    double rating = 0;
    for (int rung = 0; rung < 3 && cell < 0; ++rung) {
      for (int u = 0; u < static_cast<int>(b.units.size()) && cell < 0; ++u) {
        const bool box = b.kinds[static_cast<std::size_t>(u)] == UnitKind::kBox;
        if ((rung == 1 && !box) || (rung == 2 && box)) continue;
        // Per value: seen once, seen twice or more among the unit's empty cells; values placed.
        Mask once = 0, twice = 0, placed = 0;
        int open = 0, last = -1;
        for (int c : b.units[static_cast<std::size_t>(u)]) {
          if (const int x = value[static_cast<std::size_t>(c)]) {
            placed |= bit(x);
            continue;
          }
          ++open;
          last = c;
          const Mask m = cand[static_cast<std::size_t>(c)];
          twice |= once & m;
          once |= m;
        }
        if (rung == 0) {
          if (open != 1) continue;
          cell = last;
          v = lowest_value(all & ~placed);
          technique = "Full house";
          rating = 1.0;
        } else if (const Mask hidden = once & ~twice & ~placed) {
          v = lowest_value(hidden);
          for (int c : b.units[static_cast<std::size_t>(u)])
            if (!value[static_cast<std::size_t>(c)] && (cand[static_cast<std::size_t>(c)] & bit(v))) cell = c;
          technique = box ? "Hidden single (box)" : "Hidden single (row/column)";
          rating = box ? 1.2 : 1.5;
        }
        if (cell >= 0) unit = u;
      }
    }
    if (cell < 0)
      for (int c = 0; c < b.cells && cell < 0; ++c)
        if (!value[static_cast<std::size_t>(c)] && popcount(cand[static_cast<std::size_t>(c)]) == 1) {
          cell = c;
          v = lowest_value(cand[static_cast<std::size_t>(c)]);
          technique = "Naked single";
          rating = 2.3;
        }
    if (cell < 0) break;  // singles are stuck: not rated
    if (rating > options.max_rating + kMultiEps) {
      g.capped = true;
      break;
    }
    if (rating > g.rating + kMultiEps || g.hardest.empty()) {
      g.hardest = technique;
      g.rating = rating;
    }
    ++g.counts[technique];
    if (options.record_path) {
      Step step;
      step.technique = technique;
      step.rating = rating;
      step.placements.push_back({cell, v});
      std::string where = unit >= 0 ? " in " + b.unit_name(unit) : "";
      step.description = std::string(technique) + where + ": " + layout_name(b, cell) + " = ";
      append_value(step.description, v);
      g.path.push_back(std::move(step));
    }
    value[static_cast<std::size_t>(cell)] = v;
    cand[static_cast<std::size_t>(cell)] = 0;
    for (int p : b.peers[static_cast<std::size_t>(cell)]) cand[static_cast<std::size_t>(p)] &= ~bit(v);
    --empty;
  }
  g.solved = empty == 0;
  if (g.solved) g.label = label_for(g.rating, options.bands);
  // Beyond singles: above any cap a caller set (the generator's digs then keep the clue, or put
  // clues back), and without one not rated at all (no rating "so far").
  if (!g.solved && !g.capped) {
    if (std::isfinite(options.max_rating)) {
      g.capped = true;
    } else {
      g.rating = -1.0;
      g.hardest.clear();
    }
  }
  return g;
}

}  // namespace gp::grader
