// PuzzleStore: a compact, append-only list of puzzles, for holding a whole book's puzzles between
// generation and layout (the answer key needs every one of them at the end). A gp::Puzzle takes
// about 500 bytes on the heap and inline; a stored 9x9 puzzle takes about 70 and its canonical
// form: the solution packed two cells a byte, the givens as one bit a cell, the texts (symmetry,
// fill, label, hardest technique) kept once in a table and referred to by number, and the canonical
// form the generator computed as its characters (82 for a classic 9x9). So a 10,000-puzzle book
// holds its puzzles in about 2 MB, and nothing downstream computes a canonical form again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace gp {

class PuzzleStore {
 public:
  PuzzleStore() = default;

  // Appends a copy of `p`, its canonical form included (empty when it was not computed).
  // Requires: p.solution is complete, p.givens has the same shape and every given equals the
  // solution's value in its cell (as for every generated puzzle).
  void add(const Puzzle& p);

  // Puzzle i as it was added. Requires: i < size().
  Puzzle get(std::size_t i) const;

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // Bytes held (capacity of the internal arrays and the text table): for tests and benchmarks.
  std::size_t memory_bytes() const;

 private:
  struct Entry {
    std::uint64_t seed = 0;
    double rating = -1.0;
    std::uint32_t offset = 0;         // into bytes_: solution nibbles, then the givens bitmap
    std::uint8_t box_rows = 3, box_cols = 3;
    std::uint16_t symmetry = 0, fill = 0, label = 0, hardest = 0;  // into texts_
    std::uint8_t board = 0;  // 0: classic; kJigsaw; else 1 + index into boards_ (the variant's board)
    std::uint32_t canonical = 0;      // into bytes_: the canonical form's characters
    std::uint32_t canonical_size = 0;
  };
  // A jigsaw puzzle: its region map is stored after the givens (a nibble a cell) and its board
  // built again by get() (boards are per puzzle, and a stored map is 41 bytes, a board kilobytes).
  static constexpr std::uint8_t kJigsaw = 0xFF;
  // A puzzle on a board with rules (killer cages, even-odd marks: a board per puzzle): its board
  // is kept as it is, in killers_, its index (4 bytes) after the givens.
  static constexpr std::uint8_t kKiller = 0xFE;
  std::uint16_t intern(const std::string& text);

  std::vector<Entry> entries_;
  std::vector<std::uint8_t> bytes_;
  std::vector<std::string> texts_;
  std::vector<std::shared_ptr<const Board>> boards_;  // the variant boards met (a few at most)
  std::vector<std::shared_ptr<const Board>> killers_;  // the boards with rules, one a puzzle
};

}  // namespace gp
