#include "core/puzzle_store.hpp"

#include <algorithm>

namespace gp {

std::uint16_t PuzzleStore::intern(const std::string& text) {
  // Books use a handful of distinct texts (symmetries, labels, technique names): a linear scan
  // over a short table is both small and fast.
  const auto it = std::find(texts_.begin(), texts_.end(), text);
  if (it != texts_.end()) return static_cast<std::uint16_t>(it - texts_.begin());
  texts_.push_back(text);
  return static_cast<std::uint16_t>(texts_.size() - 1);
}

void PuzzleStore::add(const Puzzle& p) {
  Entry e;
  e.seed = p.seed;
  e.rating = p.rating;
  e.offset = static_cast<std::uint32_t>(bytes_.size());
  e.box_rows = static_cast<std::uint8_t>(p.solution.shape.box_rows);
  e.box_cols = static_cast<std::uint8_t>(p.solution.shape.box_cols);
  if (p.givens.board && p.givens.board->variant == Variant::kJigsaw) {  // a combination keeps its board (below)
    e.board = kJigsaw;  // its region map follows the givens in bytes_
  } else if (p.givens.board && (!p.givens.board->rules.empty() || p.givens.board->jigsaw())) {
    // A board of its own (cages, marks; a combination's regions): its index into killers_ follows the givens.
    e.board = kKiller;
  } else if (p.givens.board) {
    auto it = std::find(boards_.begin(), boards_.end(), p.givens.board);
    if (it == boards_.end()) it = boards_.insert(boards_.end(), p.givens.board);
    e.board = static_cast<std::uint8_t>(1 + (it - boards_.begin()));
  }
  e.symmetry = intern(p.symmetry);
  e.fill = intern(p.fill);
  e.label = intern(p.label);
  e.hardest = intern(p.hardest);
  const std::size_t cells = p.solution.cells.size();
  // Values 1..16 fit a nibble as value - 1.
  for (std::size_t c = 0; c < cells; c += 2) {
    const int lo = p.solution.cells[c] - 1;
    const int hi = c + 1 < cells ? p.solution.cells[c + 1] - 1 : 0;
    bytes_.push_back(static_cast<std::uint8_t>(lo | (hi << 4)));
  }
  for (std::size_t c = 0; c < cells; c += 8) {
    std::uint8_t bits = 0;
    for (std::size_t k = 0; k < 8 && c + k < cells; ++k)
      if (p.givens.cells[c + k] != 0) bits = static_cast<std::uint8_t>(bits | (1u << k));
    bytes_.push_back(bits);
  }
  if (e.board == kJigsaw) {
    const auto& region = p.givens.board->region;
    for (std::size_t c = 0; c < cells; c += 2)
      bytes_.push_back(static_cast<std::uint8_t>(region[c] | (c + 1 < cells ? region[c + 1] << 4 : 0)));
  }
  if (e.board == kKiller) {
    const auto k = static_cast<std::uint32_t>(killers_.size());
    killers_.push_back(p.givens.board);
    for (int b = 0; b < 4; ++b) bytes_.push_back(static_cast<std::uint8_t>(k >> (8 * b)));
  }
  e.canonical = static_cast<std::uint32_t>(bytes_.size());
  e.canonical_size = static_cast<std::uint32_t>(p.canonical.size());
  bytes_.insert(bytes_.end(), p.canonical.begin(), p.canonical.end());
  entries_.push_back(e);
}

Puzzle PuzzleStore::get(std::size_t i) const {
  const Entry& e = entries_[i];
  const Shape shape{e.box_rows, e.box_cols};
  Puzzle p;
  p.solution = Grid(shape);
  p.givens = Grid(shape);
  if (e.board && e.board != kJigsaw && e.board != kKiller && boards_[e.board - 1u]->multi_grid())  // samurai: its cells
    p.solution = p.givens = Grid(boards_[e.board - 1u]);
  const std::size_t cells = p.solution.cells.size();
  const std::uint8_t* at = bytes_.data() + e.offset;
  if (e.board == kJigsaw) {
    const std::uint8_t* packed = at + (cells + 1) / 2 + (cells + 7) / 8;
    std::vector<int> region(cells);
    for (std::size_t c = 0; c < cells; ++c) region[c] = (packed[c / 2] >> (4 * (c % 2))) & 0xF;
    p.solution.board = p.givens.board = *jigsaw_board(shape, region);  // checked when it was made
  } else if (e.board == kKiller) {
    const std::uint8_t* k = at + (cells + 1) / 2 + (cells + 7) / 8;
    const std::uint32_t index = k[0] | (k[1] << 8) | (k[2] << 16) | (static_cast<std::uint32_t>(k[3]) << 24);
    p.solution.board = p.givens.board = killers_[index];
  } else if (e.board) {
    p.solution.board = p.givens.board = boards_[e.board - 1u];
  }
  for (std::size_t c = 0; c < cells; ++c) {
    const int nibble = (at[c / 2] >> (4 * (c % 2))) & 0xF;
    p.solution.cells[c] = static_cast<std::uint8_t>(nibble + 1);
  }
  const std::uint8_t* givens = at + (cells + 1) / 2;
  for (std::size_t c = 0; c < cells; ++c)
    if (givens[c / 8] >> (c % 8) & 1u) p.givens.cells[c] = p.solution.cells[c];
  p.seed = e.seed;
  p.rating = e.rating;
  p.symmetry = texts_[e.symmetry];
  p.fill = texts_[e.fill];
  p.label = texts_[e.label];
  p.hardest = texts_[e.hardest];
  p.canonical.assign(reinterpret_cast<const char*>(bytes_.data()) + e.canonical, e.canonical_size);
  return p;
}

std::size_t PuzzleStore::memory_bytes() const {
  std::size_t n = entries_.capacity() * sizeof(Entry) + bytes_.capacity();
  for (const auto& t : texts_) n += sizeof(t) + t.capacity();
  return n;
}

}  // namespace gp
