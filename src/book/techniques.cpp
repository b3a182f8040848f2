#include "book/techniques.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "core/variants.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "grader/ladder.hpp"
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

std::string list(const std::vector<std::string>& items) { return word_list(items); }

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

// The houses a cell shares with its peers, in words: "row, column or box" on a classic grid; a
// variant's extra units and jigsaw regions are named as its units are ("diagonal", "region").
std::string houses_seen(const grader::State& s) {
  const int n = s.n();
  std::vector<std::string> kinds{"row", "column"};
  auto kind_word = [&](int u) {
    std::string name = s.unit_name(u);
    return name.substr(0, name.find(' '));
  };
  for (int u = 2 * n; u < s.unit_count(); ++u) {
    const std::string k = kind_word(u);
    if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
  }
  std::string out;
  for (std::size_t i = 0; i < kinds.size(); ++i) out += (i ? (i + 1 == kinds.size() ? " or " : ", ") : "") + kinds[i];
  return out;
}

// A hidden single where every other empty cell of the unit sees the digit already placed (so the
// diagram tells the whole story), in a unit with at least four empty cells. The digits that rule
// the cells out are the key cells, nearest the target first.
bool hidden_single(const grader::State& s, const grader::Step& step, TechniqueDiagram& d, bool need_move = false) {
  if (step.units.size() != 1 || step.placements.size() != 1 || s.empty_in(step.units[0]) < 4) return false;
  const int u = step.units[0];
  const int target = step.placements[0].cell, v = step.placements[0].value;
  const int n = s.n();
  const Shape shape = s.shape();
  auto box_distance = [&](int a, int b) {
    return std::abs(a / n / shape.box_rows - b / n / shape.box_rows) + std::abs(a % n / shape.box_cols - b % n / shape.box_cols);
  };
  // A board with a move rule (anti-knight, anti-king) has peers a move away besides those sharing a
  // unit (State::sees): a digit in a shared unit explains a cell first, one a move away when none does.
  const Move* move = nullptr;
  for (const Rule& rule : board_of(d.givens).rules)
    if (const auto* m = std::get_if<MoveRule>(&rule)) move = &m->move;
  bool by_move = false;
  std::vector<int> keys;
  for (int c : s.unit(u)) {
    if (c == target || s.value(c) != 0) continue;
    int best = -1;
    for (int pass = 0; pass < (move ? 2 : 1) && best < 0; ++pass) {
      for (int p : s.peers(c)) {
        if (s.value(p) != v || (move && (pass == 0) != s.sees(c, p))) continue;
        if (std::find(keys.begin(), keys.end(), p) != keys.end()) {  // one digit already shown does it
          best = p;
          break;
        }
        if (best < 0 || box_distance(p, target) < box_distance(best, target)) best = p;
      }
      by_move = by_move || (best >= 0 && pass == 1);
    }
    if (best < 0) return false;  // ruled out by an earlier elimination: not a plain hidden single
    if (std::find(keys.begin(), keys.end(), best) == keys.end()) keys.push_back(best);
  }
  if (need_move && !by_move) return false;
  mark_unit(s, d, u);
  for (int k : keys) d.marks[static_cast<std::size_t>(k)] = CellMark::key;
  d.placed_cell = target;
  d.placed_value = v;
  d.title = "Hidden single";
  const std::string away = !by_move ? ""
                           : *move == Move::kKnight ? ", or is a knight's move from one"
                                                    : ", or touches one corner to corner";
  d.text = capitalised(s.unit_name(u)) + " (shaded) still needs a " + digit(v) + ". Each of its other empty cells shares a " +
           houses_seen(s) + " with a " + digit(v) + " already placed" + away + " (dark), so " + s.cell_name(target) +
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

// A classic grid the classic page can draw and grade as classic: no extra units, regions or rules
// (a variant's puzzles go on its own page, drawn with its marks).
bool drawable(const Grid& g) {
  const Board& board = board_of(g);
  return g.n() <= 9 && !board.has_extras() && !board.jigsaw() && board.rules.empty();
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

// ---------------------------------------------------------------------------------------------
// A variant's page: its own steps, drawn with its marks.

constexpr std::size_t kVariantSample = 6;   // puzzles graded a variant: its easiest (cheap to grade)
constexpr std::size_t kVariantExamples = 3;
// The grader stops before the chains (no variant page draws them): a fiendish puzzle costs what an
// expert one does, so the page's cost stays bounded.
constexpr double kVariantCap = 6.0;

// What a rule's own technique does, in words (what the step does follows). A technique not listed
// here is explained by what it does alone.
struct Words {
  const char* prefix;
  const char* text;
};

// KenKen's cages reach a target with an operation; their techniques share names with killer's.
constexpr Words kKenKenWords[] = {
    {"Cage: one cell", "A cage of one cell holds its target."},
    {"Cage: last cell", "When every cell of a cage but one is filled, the target and its operation leave one digit for "
                        "the last."},
    {"Cage arithmetic", "A target with its operation can be reached only some ways: a two-cell 3- on a 4x4 grid is 1 "
                        "and 4. Each cell keeps the digits some way gives it."},
    {"Cage combinations", "The same from the candidates the cage's cells still hold: a digit that no way of reaching "
                          "the target can use is struck."},
    {"Cage pointing", "A digit that every way of reaching the target puts in the cage's cells of one row or column is "
                      "that line's digit there: strike it from the rest of the line."},
    {"Line sum", "Each row and column holds every digit once, so its digits add up to the same total (21 on a 6x6 "
                 "grid). When addition cages cover some lines but for a few cells, or poke out of them by a few, those "
                 "cells make up the difference."},
};

const char* rule_technique_words(const std::string& variant, const std::string& t) {
  if (variant == "kenken")
    for (const Words& w : kKenKenWords)
      if (t.rfind(w.prefix, 0) == 0) return w.text;
  static constexpr Words kWords[] = {
      {"Cage: last cell", "When every cell of a cage but one is filled, the last one holds the cage's sum minus the "
                          "digits already in it."},
      {"Cage: one combination", "Some sums can be made only one way from different digits: two cells adding up to 3 hold "
                                "1 and 2, three cells adding up to 24 hold 7, 8 and 9. The cage's cells keep only "
                                "those digits."},
      {"Cage combinations", "List the ways the cage's sum can be made from different digits its cells can still hold: "
                            "a digit that is in none of them is struck from the cage."},
      {"Cage confinement", "A digit that every combination still open to the cage holds, and that can only go in "
                           "cells of the cage sharing one row, column or box, is that house's digit there: strike it "
                           "from the rest of the house."},
      {"Hidden cage combination", "A combination that cannot be fitted into the cage's cells as their candidates "
                                  "stand, or lacks a digit some house can only place inside the cage, is dropped: each "
                                  "cell keeps the digits the remaining combinations can give it."},
      {"45 rule", "Every row, column and box holds each digit once, so its digits add up to the same total (45 in a "
                  "9x9 grid). When whole cages cover a house but for a few cells, or poke out of it by a few, those "
                  "cells make up the difference."},
      {"Arrow total", "The digits on an arrow add up to the digit in its circle: when all but one of them are known, "
                      "the last follows."},
      {"Arrow bounds", "The circle is at least the smallest sum its arrow's cells can still make and at most the "
                       "largest, and each cell on the arrow at most the circle less the smallest the others can make."},
      {"Thermo ranges", "Digits rise from the bulb, so the k-th cell of a thermometer is at least k, and it is at most "
                        "the largest digit less the cells that still follow it."},
      {"Thermo bounds", "Each cell of a thermometer is greater than the smallest digit the cell before it can hold and "
                        "smaller than the largest the cell after it can hold."},
      {"Parity marks", "A cell with a grey square holds an even digit, one with a circle an odd digit: strike the "
                       "others."},
      {"Parity count", "A house holds a fixed number of even digits (four in a 9x9 grid): once that many of its cells "
                       "must be even, the rest are odd; when only that many can be even, they are. The same for odd."},
      {"Dot", "A white dot joins two digits that differ by 1, a black dot two digits of which one is double the "
              "other: a candidate with no partner left in the other cell is struck."},
      {"No dot", "Every pair of neighbours with the relation is marked, so two neighbours without a dot are neither 1 "
                 "apart nor (where black dots are used) one double the other: a digit that would be, beside a digit "
                 "placed or beside every candidate of its neighbour, is struck."},
      {"Sign bounds", "A sign points to the smaller digit: the cell on its open side must be greater than the smallest "
                      "digit the other can still hold, the cell it points to smaller than the largest. Along a chain "
                      "the bounds add up: a > b > c makes a at least 3."},
      {"Sign fork", "A cell greater than two or more neighbours that share a row or column (so hold different digits) "
                    "is greater than that many different digits: above the second smallest of their candidates for "
                    "two. The same holds the other way for a cell smaller than its neighbours."},
      {"Sandwich ends", "The number outside a row or column is the sum of the digits between its smallest and largest "
                        "digit. A clue of 0 puts those two side by side, and a large clue pushes them far apart: "
                        "some cells cannot hold either end."},
      {"Sandwich combinations", "The digits between the ends must add up to the clue: only some sets of digits do, "
                                "so the cells between the possible ends keep only their digits."},
      {"Anti-knight pointing", "When a digit of a house can only go in a few cells, a cell that is a knight's move "
                               "from each of them (or shares a house with some and is a knight's move from the rest) "
                               "cannot hold it."},
      {"Anti-king pointing", "When a digit of a house can only go in a few cells, a cell that touches each of them "
                             "corner to corner (or shares a house with some and touches the rest) cannot hold it."},
  };
  for (const Words& w : kWords)
    if (t.rfind(w.prefix, 0) == 0) return w.text;
  return "";
}

// What a step does, in words: "r7c4 is 2", "strike 3 and 4 from r1c8 and r2c8" (cells that lose the
// same digits together), joined by semicolons.
std::string effect_text(const grader::State& s, const grader::Step& step) {
  std::vector<std::string> parts;
  for (const grader::CellValue& p : step.placements) parts.push_back(s.cell_name(p.cell) + " is " + digit(p.value));
  std::vector<std::pair<int, Mask>> removed;  // per cell, in the order the step names them
  for (const grader::CellValue& e : step.eliminations) {
    auto it = std::find_if(removed.begin(), removed.end(), [&](const auto& r) { return r.first == e.cell; });
    if (it == removed.end())
      removed.emplace_back(e.cell, bit(e.value));
    else
      it->second |= bit(e.value);
  }
  std::vector<std::pair<Mask, std::vector<int>>> groups;
  for (const auto& r : removed) {
    // Not a structured binding: clang 14 cannot capture one in a lambda.
    const int cell = r.first;
    const Mask mask = r.second;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == mask; });
    if (it == groups.end())
      groups.push_back({mask, {cell}});
    else
      it->second.push_back(cell);
  }
  for (const auto& [mask, cells] : groups) parts.push_back("strike " + value_list(mask) + " from " + cell_list(s, cells));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out;
}

// Whether `technique` is one of the board's rules' own (a rung that rates its steps, whose name
// starts with it: "45 rule (one house)" is the step of "45 rule (one house): one cell").
bool own_technique(const Board& board, const std::string& technique) {
  const grader::Ladder* ladder = grader::ladder_of(board);
  if (!ladder) return false;
  for (const grader::Rung& r : ladder->rungs)
    if (r.rates_steps && std::string_view(r.name).rfind(technique, 0) == 0) return true;
  return false;
}

// A rule step's diagram: the placed digit ringed, the cells it strikes candidates from with all
// their candidates (the struck ones crossed), the cage the step works in shaded when it has one.
bool rule_step(const grader::State& s, const grader::Step& step, const std::string& variant, TechniqueDiagram& d) {
  if (step.placements.empty() && step.eliminations.empty()) return false;
  const Board& board = board_of(d.givens);
  for (const grader::CellValue& e : step.eliminations) {
    d.candidates[static_cast<std::size_t>(e.cell)] = s.cand(e.cell);
    d.marks[static_cast<std::size_t>(e.cell)] = CellMark::key;
  }
  mark_eliminations(d, step);
  if (!step.placements.empty()) {
    d.placed_cell = step.placements.front().cell;
    d.placed_value = step.placements.front().value;
  }
  // One cage holding every cell the step touches: shaded as the unit the step reads.
  const std::vector<int>& cage_of = board.cage_of();
  if (!cage_of.empty()) {
    int cage = -1;
    bool one = true;
    auto see = [&](int cell) {
      const int k = cage_of[static_cast<std::size_t>(cell)];
      if (cage < 0) cage = k;
      one = one && k == cage;
    };
    for (const grader::CellValue& e : step.eliminations) see(e.cell);
    for (const grader::CellValue& p : step.placements) see(p.cell);
    if (one && cage >= 0)
      for (int c = 0; c < board.cells; ++c)
        if (cage_of[static_cast<std::size_t>(c)] == cage && d.marks[static_cast<std::size_t>(c)] == CellMark::none)
          d.marks[static_cast<std::size_t>(c)] = CellMark::unit;
  }
  d.title = step.technique;
  const std::string words = rule_technique_words(variant, step.technique);
  const std::string here = effect_text(s, step);
  d.text = words.empty() ? capitalised(here) + "." : std::string(words) + " Here: " + here + ".";
  return true;
}

// A hidden single in one of the variant's own units (a diagonal, a window, a jigsaw region).
bool own_unit_single(const grader::State& s, const grader::Step& step, const Board& board) {
  if (step.technique != "Hidden single" || step.units.size() != 1) return false;
  const int u = step.units[0], n = s.n();
  return u >= 3 * n || (board.jigsaw() && u >= 2 * n);
}

// The diagram of a variant's own step (on the puzzle `givens`, the state `s` before it), or none for a step that is not
// the variant's own: a hidden single in one of its own units (a diagonal, a window, a jigsaw
// region) or, under a move rule, one a digit a move away explains; or one of its rules' techniques.
// `own_single` (if given) says whether it is such a single. The diagram's variant is `variant`.
std::optional<TechniqueDiagram> variant_step(const Grid& givens, const grader::State& s, const grader::Step& step,
                                             const std::string& variant, bool* own_single = nullptr) {
  const Board& board = board_of(givens);
  const Move* moves = nullptr;
  for (const Rule& rule : board.rules)
    if (const auto* m = std::get_if<MoveRule>(&rule)) moves = &m->move;
  const bool unit_single = own_unit_single(s, step, board);
  const bool move_single = !unit_single && moves && step.technique == "Hidden single";
  if (!unit_single && !move_single && !own_technique(board, step.technique)) return std::nullopt;
  TechniqueDiagram d = blank_diagram(givens, s);
  if (!(unit_single || move_single ? hidden_single(s, step, d, move_single) : rule_step(s, step, variant, d)))
    return std::nullopt;
  if (unit_single) {
    const std::string unit = s.unit_name(step.units[0]);
    d.title = "Hidden single in a " + unit.substr(0, unit.find(' '));
  } else if (move_single) {
    d.title = *moves == Move::kKnight ? "Hidden single by a knight's move" : "Hidden single by a king's step";
  } else {
    d.title = step.technique;
  }
  d.variant = variant;
  if (own_single) *own_single = unit_single || move_single;
  return d;
}

struct VariantSample {
  Grid givens;
  double rating = 0;
  int section = 0, index = 0, number = 0;
};

// The variant page's examples: its easiest kVariantSample puzzles graded (to kVariantCap), and of
// the steps that are the variant's own (a single in its own units first, then its rules'
// techniques by rating) the most compact of each technique: at most kVariantExamples.
std::vector<VariantSample> variant_samples(const std::string& variant, const std::vector<PuzzleStore>& puzzles,
                                           const layout::BookPlan& plan, const spec::BookSpec& spec) {
  std::vector<VariantSample> samples;
  std::size_t record = 0;
  for (std::size_t sec = 0; sec < puzzles.size(); ++sec) {
    const std::size_t count = puzzles[sec].size();
    const VariantDef* def = sec < spec.sections.size() ? find_variant_def(spec.sections[sec].variant) : nullptr;
    if (def && def->name == variant)
      for (std::size_t i = 0; i < count; ++i) {
        const Puzzle p = puzzles[sec].get(i);
        if (board_of(p.givens).multi_grid() || p.givens.n() > 9) continue;
        const int number = record + i < plan.records.size() ? plan.records[record + i].number : 0;
        samples.push_back({p.givens, p.rating, static_cast<int>(sec), static_cast<int>(i), number});
      }
    record += count;
  }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const VariantSample& a, const VariantSample& b) { return a.rating < b.rating; });
  if (samples.size() > kVariantSample) samples.resize(kVariantSample);
  return samples;
}

// Counts the puzzles graded for the techniques pages and reports them.
struct Ticker {
  const std::function<void(long, long)>& report;
  long done = 0, total = 0;
  void tick() {
    ++done;
    if (report) report(done, total);
  }
};

std::vector<TechniqueExample> variant_examples(const std::string& variant, const std::vector<VariantSample>& samples,
                                               Ticker& ticker) {
  struct Found {
    TechniqueExample example;
    double rating = 0;
    std::size_t size = 0;  // cells the step touches (fewer reads easier)
    bool unit_single = false;  // a single of the variant's (own unit or move) shown first
  };
  std::vector<Found> found;
  for (const VariantSample& p : samples) {
    grader::GradeOptions options;
    options.record_path = true;
    options.assume_unique = true;
    options.max_rating = kVariantCap;
    const grader::Grade g = grader::grade(p.givens, options);
    ticker.tick();
    grader::State s;
    if (!s.init(p.givens)) continue;
    for (const grader::Step& step : g.path) {
      bool own_single = false;
      if (std::optional<TechniqueDiagram> d = variant_step(p.givens, s, step, variant, &own_single)) {
        const std::string title = d->title;
        const std::size_t size = step.placements.size() + step.eliminations.size();
        auto slot = std::find_if(found.begin(), found.end(), [&](const Found& f) { return f.example.technique == title; });
        if (slot == found.end() || size < slot->size) {
          d->text += " (Puzzle " + std::to_string(p.number) + ".)";
          Found f{TechniqueExample{std::move(*d), p.section, p.index, p.number, title}, step.rating, size, own_single};
          if (slot == found.end())
            found.push_back(std::move(f));
          else
            *slot = std::move(f);
        }
      }
      s.apply(step);
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    return a.unit_single != b.unit_single ? a.unit_single : a.rating < b.rating;
  });
  std::vector<TechniqueExample> out;
  for (Found& f : found) {
    if (out.size() >= kVariantExamples) break;
    f.example.diagram.order = static_cast<int>(out.size());
    out.push_back(std::move(f.example));
  }
  return out;
}

// The classic page's samples and examples (technique_examples' own contract, on classic grids);
// defined below.
std::vector<Sample> classic_samples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                    const layout::BookPlan& plan);
std::vector<TechniqueExample> classic_examples(const std::vector<Sample>& samples, std::size_t limit, Ticker& ticker);

}  // namespace

bool is_single(const std::string& technique) {
  return technique == "Hidden single" || technique == "Naked single" || technique == "Full house";
}

std::string word_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

std::optional<layout::TechniqueDiagram> step_diagram(const Grid& givens, const grader::State& before,
                                                     const grader::Step& step) {
  const Board& board = board_of(givens);
  if (layout::marked_diagram(board) && givens.n() <= 9)  // a variant's own step, drawn with its marks
    return variant_step(givens, before, step, std::string(variant_name(board.variant)));
  const int kind = kind_of(step.technique);
  if (kind < 0 || !drawable(givens)) return std::nullopt;
  TechniqueDiagram d = blank_diagram(givens, before);
  if (!make_diagram(kind, before, step, d)) return std::nullopt;
  return d;
}

std::vector<TechniqueExample> technique_examples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                                 const layout::BookPlan& plan, std::size_t limit,
                                                 const std::function<void(long, long)>& progress) {
  const std::vector<std::string> pages = layout::technique_page_variants(spec);
  std::vector<Sample> classic;
  std::vector<std::vector<VariantSample>> variants(pages.size());
  Ticker ticker{progress};
  for (std::size_t i = 0; i < pages.size(); ++i) {
    if (pages[i] == "classic")
      classic = classic_samples(spec, puzzles, plan);
    else
      variants[i] = variant_samples(pages[i], puzzles, plan, spec);
    ticker.total += static_cast<long>(pages[i] == "classic" ? classic.size() : variants[i].size());
  }
  std::vector<TechniqueExample> out;
  for (std::size_t i = 0; i < pages.size(); ++i)
    for (TechniqueExample& e : pages[i] == "classic" ? classic_examples(classic, limit, ticker)
                                                     : variant_examples(pages[i], variants[i], ticker))
      out.push_back(std::move(e));
  return out;
}

namespace {

std::vector<Sample> classic_samples(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles,
                                    const layout::BookPlan& plan) {
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
  return samples;
}

std::vector<TechniqueExample> classic_examples(const std::vector<Sample>& samples, std::size_t limit, Ticker& ticker) {
  std::array<int, kKinds> needs{};
  std::array<std::optional<TechniqueExample>, kKinds> found{};
  for (const Sample& p : samples) {
    study(p, needs, found);
    ticker.tick();
  }

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

}  // namespace

}  // namespace gp::book
