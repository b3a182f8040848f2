// Internal to the generator: a checked request ready to run (Plan), the progress shared by every
// thread working on one call (Shared), and the number formats of its messages.
#pragma once

#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "generator/fill.hpp"
#include "generator/killer.hpp"
#include "generator/generator.hpp"
#include "generator/symmetry.hpp"

namespace gp::gen {

using Clock = std::chrono::steady_clock;

// 1234567 -> "1,234,567".
std::string with_commas(long long v);
// A number as %g ("60", "0.5").
std::string number(double v);

// A validated request, ready to run.
struct Plan {
  Request req;
  Shape shape;
  std::shared_ptr<const Board> board;  // the variant's board; null for classic
  // A grown variant's board before its marks (killer+x: the x board the cages grow on; frame_board);
  // null when it has a regions part (grown with each puzzle) or none but the classic boxes.
  std::shared_ptr<const Board> frame;
  Symmetry sym = Symmetry::kNone;
  Fill fill = Fill::kRandom;
  int cells = 0;
  int lo = 0;             // clue floor
  int hi = 0;             // clue ceiling (cells when unbounded)
  bool has_upper = false; // clues_max > 0
  std::vector<std::vector<int>> classes;
  std::vector<int> targets;  // reachable counts in [lo, hi] (only when has_upper)
  KillerProfile killer;      // killer: the cage profile of the difficulty
};

// Requires check_request(r) to have passed.
Plan make_plan(const Request& r);

// Progress shared by everything working on one call (all threads of a batch).
struct Shared {
  Clock::time_point deadline;
  std::atomic<bool> stop{false};
  std::atomic<int> best{INT_MAX};     // fewest clues reached by any unique puzzle on the way
  std::atomic<long long> tries{0};    // fresh grids dug
  std::atomic<int> rated_low{-1};     // best rating (x10) reached below the target band

  bool expired() {
    if (stop.load(std::memory_order_relaxed)) return true;
    if (Clock::now() >= deadline) {
      stop = true;
      return true;
    }
    return false;
  }
  void note_count(int c) {
    int cur = best.load(std::memory_order_relaxed);
    while (c < cur && !best.compare_exchange_weak(cur, c)) {
    }
  }
  void note_rating(double rating) {
    const int v = static_cast<int>(std::lround(rating * 10));
    int cur = rated_low.load(std::memory_order_relaxed);
    while (v > cur && !rated_low.compare_exchange_weak(cur, v)) {
    }
  }
};

}  // namespace gp::gen
