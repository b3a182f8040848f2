#include "book/techniques.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "grader/state.hpp"

namespace gp::book {
namespace {

using layout::CellMark;
using layout::TechniqueDiagram;

// The techniques the page can show, in the order they appear on it.
enum Kind { kHiddenSingle, kNakedSingle, kLocked, kNakedPair, kXWing, kHiddenPair, kNakedTriple, kSwordfish,
            kHiddenTriple, kKinds };

int kind_of(const std::string& technique) {
  static const std::array<const char*, kKinds + 1> names{"Hidden single", "Naked single", "Pointing",    "Naked pair",
                                                         "X-wing",        "Hidden pair",  "Naked triple", "Swordfish",
                                                         "Hidden triple", "Claiming"};
  for (int k = 0; k <= kKinds; ++k)
    if (technique == names[static_cast<std::size_t>(k)]) return k == kKinds ? kLocked : k;
  return -1;
}

constexpr std::size_t kSamplePerSection = 24;

std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string digit(int v) { return std::string(1, value_char(v)); }

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

std::string cell_list(const grader::State& s, const std::vector<int>& cells) {
  std::vector<std::string> names;
  for (int c : cells) names.push_back(s.cell_name(c));
  return list(names);
}

std::string value_list(Mask values) {
  std::vector<std::string> names;
  for (Mask m = values; m; m &= m - 1) names.push_back(digit(lowest_value(m)));
  return list(names);
}

// The diagram's grids and per-cell vectors for the state before the step.
TechniqueDiagram blank_diagram(const Grid& givens, const grader::State& s) {
  TechniqueDiagram d;
  d.givens = givens;
  d.values = s.to_grid();
  const std::size_t cells = static_cast<std::size_t>(s.cells());
  d.candidates.assign(cells, 0);
  d.removed.assign(cells, 0);
  d.marks.assign(cells, CellMark::none);
  return d;
}

void mark_unit(const grader::State& s, TechniqueDiagram& d, int u) {
  for (int c : s.unit(u))
    if (d.marks[static_cast<std::size_t>(c)] == CellMark::none) d.marks[static_cast<std::size_t>(c)] = CellMark::unit;
}

void mark_eliminations(TechniqueDiagram& d, const grader::Step& step) {
  for (const grader::CellValue& e : step.eliminations) d.removed[static_cast<std::size_t>(e.cell)] |= bit(e.value);
}

// A hidden single where every other empty cell of the unit sees the digit already placed (so the
// diagram tells the whole story), in a unit with at least four empty cells. The digits that rule
// the cells out are the key cells, nearest the target first.
bool hidden_single(const grader::State& s, const grader::Step& step, TechniqueDiagram& d) {
  if (step.units.size() != 1 || step.placements.size() != 1 || s.empty_in(step.units[0]) < 4) return false;
  const int u = step.units[0];
  const int target = step.placements[0].cell, v = step.placements[0].value;
  const int n = s.n();
  const Shape shape = s.shape();
  auto box_distance = [&](int a, int b) {
    return std::abs(a / n / shape.box_rows - b / n / shape.box_rows) + std::abs(a % n / shape.box_cols - b % n / shape.box_cols);
  };
  std::vector<int> keys;
  for (int c : s.unit(u)) {
    if (c == target || s.value(c) != 0) continue;
    int best = -1;
    for (int p : s.peers(c)) {
      if (s.value(p) != v) continue;
      if (std::find(keys.begin(), keys.end(), p) != keys.end()) {  // one digit already shown does it
        best = p;
        break;
      }
      if (best < 0 || box_distance(p, target) < box_distance(best, target)) best = p;
    }
    if (best < 0) return false;  // ruled out by an earlier elimination: not a plain hidden single
    if (std::find(keys.begin(), keys.end(), best) == keys.end()) keys.push_back(best);
  }
  mark_unit(s, d, u);
  for (int k : keys) d.marks[static_cast<std::size_t>(k)] = CellMark::key;
  d.placed_cell = target;
  d.placed_value = v;
  d.title = "Hidden single";
  d.text = capitalised(s.unit_name(u)) + " (shaded) still needs a " + digit(v) + ". Each of its other empty cells shares a " +
           "row, column or box with a " + digit(v) + " already placed (dark), so " + s.cell_name(target) +
           " is the only cell left for it: " + s.cell_name(target) + " is " + digit(v) + ".";
  return true;
}

bool naked_single(const grader::State& s, const grader::Step& step, TechniqueDiagram& d) {
  if (step.placements.size() != 1 || step.units.size() != 3) return false;
  const int c = step.placements[0].cell, v = step.placements[0].value;
  // Only a cell whose row, column and box hold every other digit (not one left by an earlier
  // elimination), as the text says.
  Mask seen = 0;
  for (int p : s.peers(c))
    if (s.value(p) != 0) seen |= bit(s.value(p));
  if ((s.shape().all() & ~seen) != bit(v)) return false;
  for (int u : step.units) mark_unit(s, d, u);
  d.placed_cell = c;
  d.placed_value = v;
  d.title = "Naked single";
  d.text = "Look at " + s.cell_name(c) + ": its row, column and box (shaded) already hold every digit but " + digit(v) +
           ", so " + s.cell_name(c) + " is " + digit(v) + ".";
  return true;
}

bool locked(const grader::State& s, const grader::Step& step, TechniqueDiagram& d) {
  if (step.units.size() != 2 || step.cells.empty() || step.eliminations.empty()) return false;
  const int base = step.units[0], cover = step.units[1];
  const int v = step.eliminations[0].value;
  mark_unit(s, d, base);
  mark_unit(s, d, cover);
  for (int c : step.cells) d.marks[static_cast<std::size_t>(c)] = CellMark::key;
  for (int u : {base, cover})
    for (int c : s.unit(u))
      if (s.has(c, v)) d.candidates[static_cast<std::size_t>(c)] |= bit(v);
  mark_eliminations(d, step);
  const std::string bn = s.unit_name(base), cn = s.unit_name(cover), dv = digit(v);
  d.title = "Locked candidates";
  d.text = "In " + bn + ", the " + dv + " can only go in " + cell_list(s, step.cells) + " (dark), all of them in " + cn +
           ". Whichever cell takes it, " + cn + " gets its " + dv + " there, so no other cell of " + cn +
           " can be a " + dv + ": strike it out of " + std::to_string(step.eliminations.size()) +
           (step.eliminations.size() == 1 ? " cell." : " cells.");
  return true;
}

bool subset(const grader::State& s, const grader::Step& step, TechniqueDiagram& d, bool hidden) {
  if (step.units.size() != 1 || step.cells.empty() || step.eliminations.empty()) return false;
  const int u = step.units[0];
  mark_unit(s, d, u);
  for (int c : s.unit(u)) d.candidates[static_cast<std::size_t>(c)] = s.cand(c);
  for (int c : step.cells) d.marks[static_cast<std::size_t>(c)] = CellMark::key;
  mark_eliminations(d, step);
  Mask values = 0;  // naked: the cells' candidates; hidden: the values found only in the cells
  if (!hidden) {
    for (int c : step.cells) values |= s.cand(c);
  } else {
    for (int v = 1; v <= s.n(); ++v) {
      bool inside = false, outside = false;
      for (int c : s.unit(u)) {
        if (!s.has(c, v)) continue;
        (std::find(step.cells.begin(), step.cells.end(), c) != step.cells.end() ? inside : outside) = true;
      }
      if (inside && !outside) values |= bit(v);
    }
  }
  const std::size_t k = step.cells.size();
  const std::string count = k == 2 ? "two" : "three";
  const std::string cells = cell_list(s, step.cells), digits = value_list(values), un = s.unit_name(u);
  if (!hidden) {
    d.title = k == 2 ? "Naked pair" : "Naked triple";
    d.text = "In " + un + ", the " + count + " cells " + cells + " (dark) hold only the candidates " + digits +
             ". Those " + count + " digits must fill those " + count + " cells, so no other cell of " + un +
             " can hold them: strike them out elsewhere in " + un + ".";
  } else {
    d.title = k == 2 ? "Hidden pair" : "Hidden triple";
    d.text = "In " + un + ", the digits " + digits + " fit only in the " + count + " cells " + cells + " (dark). Those " +
             count + " cells must hold them, so every other candidate in them can be struck out.";
  }
  return true;
}

bool fish(const grader::State& s, const grader::Step& step, TechniqueDiagram& d) {
  if (step.cells.empty() || step.eliminations.empty() || step.units.size() < 4) return false;
  const int n = s.n();
  const std::size_t k = step.units.size() / 2;
  const int v = step.eliminations[0].value;
  const bool rows = step.units[0] < n;
  std::vector<std::string> base_numbers, cover_numbers;
  for (std::size_t i = 0; i < step.units.size(); ++i) {
    const int u = step.units[i];
    (i < k ? base_numbers : cover_numbers).push_back(std::to_string(u % n + 1));
    if (i < k) mark_unit(s, d, u);
    for (int c : s.unit(u))
      if (s.has(c, v)) d.candidates[static_cast<std::size_t>(c)] |= bit(v);
  }
  for (int c : step.cells) d.marks[static_cast<std::size_t>(c)] = CellMark::key;
  mark_eliminations(d, step);
  const std::string base = rows ? "rows " : "columns ", cover = rows ? "columns " : "rows ", dv = digit(v);
  const std::string bl = base + list(base_numbers), cl = cover + list(cover_numbers);
  d.title = k == 2 ? "X-wing" : "Swordfish";
  d.text = "In " + bl + " (shaded), the " + dv + " can only go in " + cl + " (dark). Each of those " + base +
           "takes its " + dv + " in a different one of these " + (rows ? "columns" : "rows") + ", so the " + dv + "s of " + cl +
           " are all in " + bl + ": strike " + dv + " out of the other cells of " + cl + ".";
  return true;
}

bool make_diagram(int kind, const grader::State& s, const grader::Step& step, TechniqueDiagram& d) {
  switch (kind) {
    case kHiddenSingle: return hidden_single(s, step, d);
    case kNakedSingle: return naked_single(s, step, d);
    case kLocked: return locked(s, step, d);
    case kNakedPair:
    case kNakedTriple: return subset(s, step, d, false);
    case kHiddenPair:
    case kHiddenTriple: return subset(s, step, d, true);
    case kXWing:
    case kSwordfish: return fish(s, step, d);
    default: return false;
  }
}

bool drawable(const Grid& g) {
  const Board& board = board_of(g);
  return g.n() <= 9 && !board.has_extras() && !board.jigsaw();
}

struct Sample {
  Grid givens;
  int section = -1, index = 0, number = 0;
};

// How much of the grid a diagram draws: {cells, rows}.
std::pair<int, int> size_of(const TechniqueDiagram& d) {
  const layout::DiagramWindow w = layout::diagram_window(d);
  const int rows = w.row1 - w.row0 + 1;
  return {rows * (w.col1 - w.col0 + 1), rows};
}

// Grades one puzzle step by step: counts which kinds it needs and keeps, per kind, the most compact
// example so far.
void study(const Sample& p, std::array<int, kKinds>& needs, std::array<std::optional<TechniqueExample>, kKinds>& found) {
  grader::GradeOptions options;
  options.record_path = true;
  options.assume_unique = true;
  const grader::Grade g = grader::grade(p.givens, options);
  if (!g.solved) return;
  std::array<bool, kKinds> used{};
  grader::State s;
  if (!s.init(p.givens)) return;
  for (const grader::Step& step : g.path) {
    const int kind = kind_of(step.technique);
    if (kind >= 0) {
      used[static_cast<std::size_t>(kind)] = true;
      // The most compact diagram wins (fewest cells drawn, then fewest rows: height is what the
      // page runs out of); the first found among equals.
      auto& slot = found[static_cast<std::size_t>(kind)];
      TechniqueDiagram d = blank_diagram(p.givens, s);
      if (make_diagram(kind, s, step, d) && (!slot || size_of(d) < size_of(slot->diagram))) {
        d.order = kind;
        d.text += p.number > 0 ? " (Puzzle " + std::to_string(p.number) + ".)" : " (A 9x9 puzzle made for this page.)";
        slot = TechniqueExample{std::move(d), p.section, p.index, p.number, step.technique};
      }
    }
    s.apply(step);
  }
  for (int k = 0; k < kKinds; ++k) needs[static_cast<std::size_t>(k)] += used[static_cast<std::size_t>(k)] ? 1 : 0;
}

}  // namespace

std::optional<layout::TechniqueDiagram> step_diagram(const Grid& givens, const grader::State& before,
                                                     const grader::Step& step) {
  const int kind = kind_of(step.technique);
  if (kind < 0 || !drawable(givens) || !board_of(givens).rules.empty()) return std::nullopt;
  TechniqueDiagram d = blank_diagram(givens, before);
  if (!make_diagram(kind, before, step, d)) return std::nullopt;
  return d;
}

std::vector<TechniqueExample> technique_examples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                                 const layout::BookPlan& plan, std::size_t limit) {
  std::vector<Sample> samples;
  std::size_t record = 0;
  for (std::size_t s = 0; s < puzzles.size(); ++s) {
    const std::size_t count = puzzles[s].size();
    for (std::size_t i = 0, taken = 0; i < count && taken < kSamplePerSection; ++i) {
      const Puzzle p = puzzles[s].get(i);
      if (!drawable(p.givens)) continue;
      const int number = record + i < plan.records.size() ? plan.records[record + i].number : 0;
      samples.push_back(Sample{p.givens, static_cast<int>(s), static_cast<int>(i), number});
      ++taken;
    }
    record += count;
  }
  if (samples.empty()) {
    // Nothing in the book can be drawn: a hard 9x9 puzzle made from the book's seed stands in.
    gen::Request r;
    r.symmetry = "rotate180";
    if (auto range = grader::band_range("hard")) r.rating = *range;
    r.difficulty = "hard";
    if (auto p = gen::generate_one(r, mix_seed(spec.seed, 0x7EC4'0000ULL))) samples.push_back(Sample{p->givens, -1, 0, 0});
  }
  std::array<int, kKinds> needs{};
  std::array<std::optional<TechniqueExample>, kKinds> found{};
  for (const Sample& p : samples) study(p, needs, found);

  std::vector<int> kinds;
  for (int k = 0; k < kKinds; ++k)
    if (k != kHiddenSingle && k != kNakedSingle && found[static_cast<std::size_t>(k)]) kinds.push_back(k);
  std::stable_sort(kinds.begin(), kinds.end(),
                   [&](int a, int b) { return needs[static_cast<std::size_t>(a)] > needs[static_cast<std::size_t>(b)]; });
  if (found[kHiddenSingle]) kinds.insert(kinds.begin(), kHiddenSingle);
  if (found[kNakedSingle]) kinds.push_back(kNakedSingle);
  std::vector<TechniqueExample> out;
  for (int k : kinds) {
    if (out.size() >= limit) break;
    out.push_back(std::move(*found[static_cast<std::size_t>(k)]));
  }
  return out;
}

}  // namespace gp::book
