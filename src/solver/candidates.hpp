// The exact engine's search state as its rule propagators see it (solver/propagators.hpp).
//
// A state is one word per cell: bits 0..n-1 are the cell's candidates, kAssigned marks a cell
// whose single candidate has already been eliminated from its peers. A propagator narrows the
// state only through Candidates::eliminate, which queues the cells it leaves with one candidate
// (the engine assigns them) and raises the watch flags of the cells it changes, so each rule looks
// again only at what changed. Internal to the solver layer.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/grid.hpp"

namespace gp::solver {

inline constexpr std::uint32_t kAssigned = 1u << 31;

// A watch flag (raised or not). Not a character type: a store to a flag aliases no state word or
// pointer, so the compiler keeps those in registers across eliminations.
enum class Flag : std::uint8_t { kLow, kRaised };

// Watch flags: a rule's context takes flags (new_flag) and asks for one to be raised whenever the
// candidates of a cell shrink (watch). The engine raises every flag when a node's propagation
// starts (a state copied from its parent was propagated with other flags) and then on each change;
// a propagator lowers the flags it has dealt with. Built once per search (finish: per cell, its
// flags), into buffers the engine reuses.
class Watches {
 public:
  void reset() {
    pairs_.clear();
    count_ = 0;
  }
  int new_flag() { return count_++; }
  void watch(int cell, int flag) { pairs_.emplace_back(cell, flag); }
  // Per cell its flags, in the order watched; every flag raised.
  void finish(int cells) {
    begin_.assign(static_cast<size_t>(cells) + 1, 0);
    for (const auto& p : pairs_) ++begin_[static_cast<size_t>(p.first) + 1];
    for (int c = 0; c < cells; ++c) begin_[static_cast<size_t>(c) + 1] += begin_[static_cast<size_t>(c)];
    flag_of_.resize(pairs_.size());
    next_.assign(begin_.begin(), begin_.end() - 1);
    for (const auto& p : pairs_) flag_of_[static_cast<size_t>(next_[static_cast<size_t>(p.first)]++)] = p.second;
    raised_.assign(static_cast<size_t>(count_), Flag::kRaised);
  }
  void raise_all() { std::fill(raised_.begin(), raised_.end(), Flag::kRaised); }
  bool empty() const { return pairs_.empty(); }

  const int* begin() const { return begin_.data(); }
  const int* flag_of() const { return flag_of_.data(); }
  Flag* raised() { return raised_.data(); }

 private:
  std::vector<std::pair<int, int>> pairs_;  // (cell, flag) as watched
  std::vector<int> begin_;                  // per cell, its first entry in flag_of_ (cells + 1)
  std::vector<int> flag_of_;
  std::vector<int> next_;
  std::vector<Flag> raised_;  // per flag
  int count_ = 0;
};

// One search state and the means to narrow it. The engine points `s` at the state of the node
// being propagated; a propagator reads words and eliminates candidates.
class Candidates {
 public:
  Candidates(const Board& board, std::vector<int>& queue) : board_(board), all_(board.shape.all()), queue_(queue) {}

  const Board& board() const { return board_; }
  int n() const { return board_.n; }
  Mask all() const { return all_; }
  // A cell's word: its candidates, and kAssigned once its value has left its peers.
  std::uint32_t word(int c) const { return s_[c]; }
  bool assigned(int c) const { return (s_[c] & kAssigned) != 0; }

  // Removes `m` from cell c and queues c when one candidate is left. False on a contradiction
  // (no candidate left, or an assigned cell's value removed).
  bool eliminate(int c, Mask m) { return eliminate_impl<true>(c, m); }
  // The watch flags (Watches): a propagator reads and lowers its own.
  Flag* raised_flags() { return raised_; }

  // --- the engine's side ---
  template <bool kWatch>
  bool eliminate_impl(int c, Mask m) {
    if (!(s_[c] & m)) return true;
    if (s_[c] & kAssigned) return false;
    s_[c] &= ~m;
    if constexpr (kWatch) touched(c);
    const std::uint32_t left = s_[c];
    if (!left) return false;
    if (!(left & (left - 1))) queue_[static_cast<size_t>(tail_++)] = c;
    return true;
  }
  // Raises the flags watching cell c.
  void touched(int c) {
    for (int i = watch_begin_[c], e = watch_begin_[c + 1]; i < e; ++i) raised_[watch_flag_[i]] = Flag::kRaised;
  }
  void set_watches(Watches& w) {
    watch_begin_ = w.begin();
    watch_flag_ = w.flag_of();
    raised_ = w.raised();
  }
  void point(std::uint32_t* s) { s_ = s; }
  std::uint32_t* state() { return s_; }
  void push(int c) { queue_[static_cast<size_t>(tail_++)] = c; }
  bool queued() const { return head_ < tail_; }
  int pop() { return queue_[static_cast<size_t>(head_++)]; }
  void clear_queue() { head_ = tail_ = 0; }

 private:
  const Board& board_;
  const Mask all_;
  std::vector<int>& queue_;  // cells left with one candidate, waiting to be assigned
  int head_ = 0, tail_ = 0;
  std::uint32_t* s_ = nullptr;
  const int* watch_begin_ = nullptr;
  const int* watch_flag_ = nullptr;
  Flag* raised_ = nullptr;
};

}  // namespace gp::solver
