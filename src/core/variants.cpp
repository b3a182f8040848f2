#include "core/variants.hpp"

#include <algorithm>
#include <charconv>
#include <deque>
#include <utility>

namespace gp {
namespace {

std::string any_size(Shape) { return {}; }

std::string nine_by_nine(Shape shape, std::string_view why) {
  if (shape == Shape{3, 3}) return {};
  return std::string(why) + shape.name();
}

std::string hyper_size(Shape shape) {
  return nine_by_nine(shape, "hyper needs a 9x9 grid with 3x3 boxes (its four extra windows are 3x3 and sit between "
                             "the boxes), not ");
}

std::string samurai_size(Shape shape) {
  return nine_by_nine(shape, "samurai is five overlapping 9x9 grids with 3x3 boxes, not ");
}

std::string jigsaw_size(Shape shape) {
  auto standard = standard_shape(shape.n());
  if (!standard || *standard == shape) return {};
  return "jigsaw puzzles have regions instead of boxes: the box shape " + std::to_string(shape.box_rows) + "x" +
         std::to_string(shape.box_cols) + " does not apply (give the grid size alone)";
}

std::string killer_size(Shape shape) {
  if (shape.n() <= 9) return {};
  return "killer puzzles go up to 9x9 (cage sums on larger grids are beyond solving by hand), not " + shape.name();
}

std::string even_odd_size(Shape shape) {
  if (shape.n() >= 4 && shape.n() <= 9) return {};
  return "even-odd puzzles are 4x4 to 9x9 (their parity marks are drawn in cells of a single digit), not " +
         shape.name();
}

std::string thermo_size(Shape shape) {
  if (shape.n() >= 4 && shape.n() <= 9) return {};
  return "thermo puzzles are 4x4 to 9x9 (digits rise along a thermometer one cell at a time), not " + shape.name();
}

std::string arrow_size(Shape shape) {
  if (shape.n() >= 4 && shape.n() <= 9) return {};
  return "arrow puzzles are 4x4 to 9x9 (a circle holds one digit, the sum of its arrow), not " + shape.name();
}

std::string four_to_nine(Shape shape, std::string_view name, std::string_view why) {
  if (shape.n() >= 4 && shape.n() <= 9) return {};
  return std::string(name) + " puzzles are 4x4 to 9x9 (" + std::string(why) + "), not " + shape.name();
}
std::string greater_than_size(Shape s) { return four_to_nine(s, "greater-than", "digits compared by size"); }
std::string dots_size(Shape s) { return four_to_nine(s, "dot", "a dot sits on the edge of cells of a single digit"); }
std::string non_consecutive_size(Shape shape) {
  if (shape.n() >= 6 && shape.n() <= 9) return {};
  return "non-consecutive puzzles are 6x6 to 9x9 (a 4x4 grid has too few non-consecutive fillings), not " +
         shape.name();
}

std::string anti_move_size(Shape shape, std::string_view name) {
  if (shape.n() >= 6 && shape.n() <= 9) return {};
  return std::string(name) + " puzzles are 6x6 to 9x9 (no 4x4 grid keeps a king's diagonal steps free of repeats, "
         "and the move barely constrains the larger grids), not " + shape.name();
}
std::string sandwich_size(Shape shape) {
  if (shape.n() >= 6 && shape.n() <= 9) return {};
  return "sandwich puzzles are 6x6 to 9x9 (a 4x4 line leaves too few sums between its 1 and 4; the clues are "
         "sums of single digits), not " + shape.name();
}

std::string anti_knight_size(Shape shape) { return anti_move_size(shape, "anti-knight"); }
std::string futoshiki_size(Shape s) { return four_to_nine(s, "futoshiki", "a Latin square with signs, solved by hand"); }
std::string anti_king_size(Shape shape) { return anti_move_size(shape, "anti-king"); }
std::string kenken_size(Shape s) { return four_to_nine(s, "kenken", "a cage's label fits in a cell of a single digit"); }

std::vector<VariantDef> make_table() {
  std::vector<VariantDef> t(9);
  t[0] = {Variant::kClassic, "classic", any_size, true, "", {}, true, "", 0, "row, column and {box}.", ""};
  t[1] = {Variant::kX, "x", any_size, true, "", {}, false,
          "X puzzles: the two long diagonals, shaded grey, are units too: each of them must also contain every "
          "symbol exactly once.",
          1, "row, column, {box} and long diagonal.", "diagonals"};
  t[2] = {Variant::kHyper, "hyper", hyper_size, true, "", {}, false,
          "Hyper puzzles: the four shaded 3x3 windows are units too: each of them must also contain the digits 1 "
          "to 9 exactly once.",
          2, "row, column, {box} and shaded window.", "four extra windows, 9x9"};
  t[3] = {Variant::kJigsaw, "jigsaw", jigsaw_size, false, "regions",
          {{"regions", "--regions", {"random", "symmetric"}}}, false,
          "Jigsaw puzzles: the boxes are replaced by irregular regions, outlined with thick lines, each as many "
          "cells as a row. Every row, every column and every region must contain every symbol exactly once.",
          4, "row, column and outlined region.", "irregular regions, every size"};
  t[4] = {Variant::kSamurai, "samurai", samurai_size, false, "", {}, false,
          "Samurai puzzles: five 9x9 grids overlap, the middle one sharing a corner box with each of the others. "
          "Every row, column and box of every grid must contain the digits 1 to 9 exactly once; the shared boxes "
          "count in both of their grids.",
          3, "row, column and 3x3 box of each of the five overlapping 9x9 grids.",
          "five overlapping 9x9 grids"};
  t[5] = {Variant::kKiller, "killer", killer_size, true, "cages", {{"givens", "--givens", {"none", "some"}}}, false,
          "Killer puzzles: the dashed outlines are cages. The small number in a cage's corner is the sum of its "
          "digits, and digits do not repeat within a cage. Most killer puzzles give no digits at all: the sums are "
          "the clues (a whole row, column or box adds up to 45 on 9x9).",
          5, "row, column and {box}; the digits of a dashed cage add up to its sum, none repeated.",
          "cages with sums, up to 9x9"};
  t[6] = {Variant::kEvenOdd, "even-odd", even_odd_size, true, "parity", {}, false,
          "Even-odd puzzles: a cell shaded with a grey square holds an even digit, a cell with a circle an odd "
          "digit; unmarked cells may hold either. The marks are clues as the given digits are, and most even-odd "
          "puzzles give only a few digits.",
          6, "row, column and {box}; grey squares hold even digits, circles odd digits.",
          "parity marks (grey square even, circle odd), 4x4 to 9x9"};
  t[7] = {Variant::kThermo, "thermo", thermo_size, true, "thermos", {}, false,
          "Thermo puzzles: the grey shapes are thermometers. Along each one the digits rise, from the round bulb "
          "to the far end of the tube: every cell holds a larger digit than the cell before it. Thermometers may "
          "turn and run diagonally; digits on different thermometers are not compared. Most thermo puzzles give "
          "few digits: the thermometers are the clues.",
          7, "row, column and {box}; digits rise along each thermometer from its bulb.",
          "thermometers (digits rise from the bulb), 4x4 to 9x9"};
  t[7].grown = t[7].marks_replace_givens = true;
  t[7].marks = "thermos";
  t[8] = {Variant::kArrow, "arrow", arrow_size, true, "arrows", {}, false,
          "Arrow puzzles: the digits along an arrow add up to the digit in its circle. Digits may repeat on an "
          "arrow where no row, column or box forbids it. Most arrow puzzles give few digits: the arrows are the "
          "clues.",
          8, "row, column and {box}; the digits along an arrow add up to the digit in its circle.",
          "arrows (the path adds up to the circle), 4x4 to 9x9"};
  t[8].grown = t[8].marks_replace_givens = true;
  t[8].marks = "arrows";
  t[0].classic_units = true;
  t[3].grown = true;
  t[4].multi_grid = true;
  t[5].grown = true;
  t[5].marks_replace_givens = true;
  t[5].marks = "cages";
  t[5].own_scale = true;
  t[6].grown = true;
  t[6].marks_replace_givens = true;
  t[6].marks = "parity marks";
  t.push_back({Variant::kGreaterThan, "greater-than", greater_than_size, true, "inequalities", {}, false,
               "Greater-than puzzles: a small sign between two cells points to the smaller digit (the open side "
               "faces the larger, as in 5 > 3). Every sign must hold; most greater-than puzzles give few digits "
               "or none, the signs are the clues.",
               9, "row, column and {box}; each sign between two cells points to the smaller digit.",
               "signs between cells point to the smaller digit, 4x4 to 9x9"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "signs";
  t.push_back({Variant::kConsecutive, "consecutive", dots_size, true, "dots", {}, false,
               "Consecutive puzzles: a white dot on the edge between two cells means their digits differ by 1 (such "
               "as 4 and 5). Every such pair is marked, so two neighbours with no dot between them are never "
               "consecutive. Most consecutive puzzles give only a few digits.",
               10, "row, column and {box}; a white dot joins every two neighbours 1 apart, and only those.",
               "white dots between every two neighbours 1 apart, 4x4 to 9x9"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "dots";
  t.push_back({Variant::kKropki, "kropki", dots_size, true, "dots", {}, false,
               "Kropki puzzles: a white dot between two cells means their digits differ by 1 (such as 4 and 5); a "
               "black dot means one is double the other (such as 3 and 6). Between 1 and 2 either dot may stand. "
               "Every such pair is marked, so two neighbours with no dot between them are neither 1 apart nor "
               "double.",
               11, "row, column and {box}; white dots join neighbours 1 apart, black dots one double the other; no "
               "dot, neither.",
               "white dots (1 apart) and black dots (double), 4x4 to 9x9"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "dots";
  t.push_back({Variant::kNonConsecutive, "non-consecutive", non_consecutive_size, false, "", {}, false,
               "Non-consecutive puzzles: no two cells side by side (in a row or a column) hold digits 1 apart: next "
               "to a 5 there is never a 4 or a 6. There are no marks; the rule itself is the extra clue, so these "
               "puzzles give fewer digits than classic ones.",
               12, "row, column and {box}; no two cells side by side hold digits 1 apart.",
               "no two neighbours 1 apart, 6x6 to 9x9"});
  t.push_back({Variant::kAntiKnight, "anti-knight", anti_knight_size, false, "", {}, false,
               "Anti-knight puzzles: two cells a chess knight's move apart (two cells one way and one the other) "
               "never hold the same digit, besides the usual rows, columns and boxes. Nothing on the grid marks it.",
               13, "row, column and {box}; equal digits are never a knight's move apart.",
               "no equal digits a knight's move apart, 6x6 to 9x9"});
  t.push_back({Variant::kAntiKing, "anti-king", anti_king_size, false, "", {}, false,
               "Anti-king puzzles: two cells that touch at a corner (a chess king's diagonal step) never hold the "
               "same digit, besides the usual rows, columns and boxes. Nothing on the grid marks it.",
               14, "row, column and {box}; cells touching at a corner never hold equal digits.",
               "no equal digits touching at a corner, 6x6 to 9x9"});
  t.push_back({Variant::kSandwich, "sandwich", sandwich_size, true, "sandwich", {}, false,
               "Sandwich puzzles: a number left of a row or above a column is the sum of the digits between the 1 "
               "and the largest digit (9 on a 9x9 grid) in that row or column, wherever those two stand; 0 means "
               "they are side by side. A row or column without a number may hold any sum. Most sandwich puzzles "
               "give few digits: the sums are the clues.",
               15, "row, column and {box}; a number outside a row or column is the sum of the digits between its 1 "
               "and its largest digit.",
               "sums between the 1 and the n outside the grid, 6x6 to 9x9"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "sandwich clues";
  t.push_back({Variant::kFutoshiki, "futoshiki", futoshiki_size, false, "inequalities", {}, false,
               "Futoshiki puzzles have no boxes: every row and every column holds each digit once. A small sign "
               "between two cells points to the smaller digit (the open side faces the larger, as in 5 > 3), and "
               "every sign must hold. Few digits are given, often none: the signs are the clues.",
               16, "row and column; each sign between two cells points to the smaller digit.",
               "a Latin square (no boxes) with signs between cells, 4x4 to 9x9 with 5x5 and 7x7"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "signs";
  t.back().latin = true;
  t.push_back({Variant::kKenKen, "kenken", kenken_size, false, "cages", {}, false,
               "KenKen puzzles: a square of rows and columns, no boxes; each row and each column holds every digit "
               "once. Heavy lines cut the grid into cages, and the small label in a cage's corner is its number "
               "and sign: the cage's digits make the number with the sign. 12+ means they add up to 12; 24× "
               "that they multiply to 24; 3− (two cells) that the larger is 3 more than the smaller, as 5 and "
               "2; 2÷ (two cells) that the larger is twice the smaller, as 3 and 6; a lone number, its cell "
               "holds it. A digit may repeat in a cage, but never in a row or column.",
               17, "row and column; in each heavy-lined cage the digits make the corner's number with its sign "
               "(+ − × ÷), a lone number fills its cell.",
               "a Latin square cut into cages with a target and + - * / or =, 4x4 to 9x9"});
  t.back().grown = t.back().marks_replace_givens = true;
  t.back().marks = "cages";
  t.back().latin = true;
  // How each row takes part in a combination (the default kNone keeps greater-than out: its sign
  // maker runs on classic boxes only).
  for (VariantDef& d : t) d.parts = {d.variant, d.variant};
  auto row = [&t](Variant v) -> VariantDef& { return t[static_cast<std::size_t>(v)]; };
  row(Variant::kX).part = row(Variant::kHyper).part = Part::kUnits;
  row(Variant::kJigsaw).part = Part::kRegions;
  for (Variant v : {Variant::kKiller, Variant::kEvenOdd, Variant::kThermo, Variant::kArrow, Variant::kAntiKnight,
                    Variant::kAntiKing})
    row(v).part = Part::kRule;
  return t;
}

}  // namespace

const std::vector<VariantDef>& variant_defs() {
  static const std::vector<VariantDef> table = make_table();
  return table;
}

namespace {
// --- combinations (docs/board.md "Combinations") ---

// Why `a` and `b` (rows of the table) cannot be joined, or "".
std::string pair_problem(const VariantDef& a, const VariantDef& b) {
  const std::string pair = std::string(a.name) + "+" + std::string(b.name);
  for (const VariantDef* d : {&a, &b})
    if (d->part == Part::kNone)
      return pair + ": " + std::string(d->name) +
             (d->multi_grid         ? " is several overlapping grids and joins no other variant"
              : d->classic_units    ? " adds nothing to join (a combination joins two variants' rules)"
                                    : " takes part in no combination");
  if (a.variant == b.variant) return pair + ": a variant cannot be joined to itself";
  if (a.part == Part::kRegions && b.part == Part::kRegions) return pair + ": both replace the boxes by regions";
  if (a.marks_replace_givens && b.marks_replace_givens)
    return pair + ": both make their marks from the solution (" + std::string(a.marks) + ", " + std::string(b.marks) +
           "); a combination takes at most one such part";
  if (a.own_scale && b.own_scale) return pair + ": both are rated on scales of their own";
  return {};
}

// "row, column, {box} and long diagonal" -> {"row", "column", "{box}", "long diagonal"}.
std::vector<std::string> nouns(std::string_view phrase) {
  std::vector<std::string> out;
  std::string s(phrase);
  for (std::size_t at; (at = s.find(" and ")) != std::string::npos;) s.replace(at, 5, ", ");
  std::size_t from = 0;
  while (from <= s.size()) {
    const std::size_t to = std::min(s.find(", ", from), s.size());
    if (to > from) out.push_back(s.substr(from, to - from));
    from = to + 2;
  }
  return out;
}

// The instruction of a combination: the units of both parts (a regions part's region in place of
// the box) and the rule clauses of both ("row, column, outlined region and long diagonal.",
// "row, column, {box} and long diagonal; the digits of a dashed cage add up to its sum, none
// repeated.").
std::string joined_instruction(const VariantDef& a, const VariantDef& b) {
  std::vector<std::string> units, clauses;
  const bool regions = a.part == Part::kRegions || b.part == Part::kRegions;
  for (const VariantDef* d : {&a, &b}) {
    std::string text(d->instruction);
    if (!text.empty() && text.back() == '.') text.pop_back();
    const std::size_t semi = text.find("; ");
    for (std::string noun : nouns(text.substr(0, semi))) {
      if (regions && noun == "{box}") continue;
      if (std::find(units.begin(), units.end(), noun) == units.end()) units.push_back(noun);
    }
    if (semi != std::string::npos) clauses.push_back(text.substr(semi + 2));
  }
  if (regions) {  // the region takes the box's place, third
    auto it = std::find(units.begin(), units.end(), "outlined region");
    if (it != units.end()) units.erase(it);
    units.insert(units.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(units.size())), "outlined region");
  }
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i)
    out += (i == 0 ? "" : i + 1 == units.size() ? " and " : ", ") + units[i];
  for (const std::string& c : clauses) out += "; " + c;
  return out + ".";
}

struct Combinations {
  std::deque<std::string> texts;  // the rows' names, summaries and instructions
  std::vector<VariantDef> rows;
};

const Combinations& combinations() {
  static const Combinations all = [] {
    Combinations c;
    std::vector<const VariantDef*> base;
    for (const VariantDef& d : variant_defs()) base.push_back(&d);
    // Each pair once, its parts in alphabetical order of their names.
    std::sort(base.begin(), base.end(), [](auto* x, auto* y) { return x->name < y->name; });
    for (std::size_t i = 0; i < base.size(); ++i)
      for (std::size_t j = i + 1; j < base.size(); ++j) {
        const VariantDef& a = *base[i];
        const VariantDef& b = *base[j];
        if (!pair_problem(a, b).empty()) continue;
        VariantDef d;
        d.variant = static_cast<Variant>(kFirstCombination + c.rows.size());
        d.parts = {a.variant, b.variant};
        d.name = c.texts.emplace_back(std::string(a.name) + "+" + std::string(b.name));
        const bool regions = a.part == Part::kRegions || b.part == Part::kRegions;
        const std::string name(d.name);
        const Variant av = a.variant, bv = b.variant;
        d.size_problem = [name, regions, av, bv](Shape shape) {
          if (!regions && !(shape == Shape{3, 3}))
            return name + " puzzles are 9x9 (combinations with jigsaw: every size jigsaw and the other part allow), not " +
                   shape.name();
          std::string why = variant_def(av).size_problem(shape);
          return why.empty() ? variant_def(bv).size_problem(shape) : why;
        };
        d.box_clue_bounds = a.box_clue_bounds && b.box_clue_bounds;
        d.data_key = !b.data_key.empty() ? b.data_key : a.data_key;
        d.options = a.options;
        d.options.insert(d.options.end(), b.options.begin(), b.options.end());
        d.how_to_play_rank = std::min(a.how_to_play_rank, b.how_to_play_rank);
        d.instruction = c.texts.emplace_back(joined_instruction(a, b));
        d.summary = c.texts.emplace_back(std::string(a.name) + " and " + std::string(b.name));
        d.grown = a.grown || b.grown;
        d.marks_replace_givens = a.marks_replace_givens || b.marks_replace_givens;
        d.marks = a.marks_replace_givens ? a.marks : b.marks;
        d.own_scale = a.own_scale || b.own_scale;
        c.rows.push_back(std::move(d));
      }
    return c;
  }();
  return all;
}

// The single variant named `name` (or an alias), or null.
const VariantDef* find_single(std::string_view name) {
  for (const VariantDef& d : variant_defs())
    if (d.name == name) return &d;
  for (const VariantAlias& a : variant_aliases())
    if (a.alias == name) return &variant_def(a.variant);
  return nullptr;
}

}  // namespace

const std::vector<VariantDef>& combination_defs() { return combinations().rows; }

const VariantDef& variant_def(Variant v) {
  const auto i = static_cast<std::size_t>(v);
  if (i >= static_cast<std::size_t>(kFirstCombination)) return combination_defs()[i - kFirstCombination];
  return variant_defs()[i];
}

std::vector<Variant> parts_of(Variant v) {
  const VariantDef& d = variant_def(v);
  if (!d.combination()) return {v};
  return {d.parts[0], d.parts[1]};
}

bool has_part(Variant v, Variant part) {
  const VariantDef& d = variant_def(v);
  return d.parts[0] == part || d.parts[1] == part || v == part;
}

const VariantDef* combination_of(Variant a, Variant b) {
  for (const VariantDef& d : combination_defs())
    if ((d.parts[0] == a && d.parts[1] == b) || (d.parts[0] == b && d.parts[1] == a)) return &d;
  return nullptr;
}

std::string combination_problem(std::string_view name) {
  const std::size_t plus = name.find('+');
  if (plus == std::string_view::npos) return "'" + std::string(name) + "' joins no two variants";
  const std::string_view left = name.substr(0, plus), right = name.substr(plus + 1);
  if (right.find('+') != std::string_view::npos)
    return "'" + std::string(name) + "': a combination joins two variants, not more";
  const VariantDef* a = find_single(left);
  const VariantDef* b = find_single(right);
  for (auto [d, part] : {std::pair{a, left}, std::pair{b, right}})
    if (!d) {
      std::string names;
      for (const VariantDef& row : variant_defs())
        if (row.part != Part::kNone) names += (names.empty() ? "" : ", ") + std::string(row.name);
      return "'" + std::string(name) + "': unknown variant '" + std::string(part) + "' (a combination joins two of " +
             names + ")";
    }
  if (combination_of(a->variant, b->variant)) return {};
  if (b->name < a->name) std::swap(a, b);  // named as the table would name it
  std::string why = pair_problem(*a, *b);
  return why.empty() ? "'" + std::string(name) + "' is no combination" : why;
}

const VariantDef* find_variant_def(std::string_view name) {
  if (const VariantDef* d = find_single(name)) return d;
  const std::size_t plus = name.find('+');
  if (plus == std::string_view::npos) return nullptr;
  const VariantDef* a = find_single(name.substr(0, plus));
  const VariantDef* b = find_single(name.substr(plus + 1));
  return a && b ? combination_of(a->variant, b->variant) : nullptr;
}

const std::vector<VariantAlias>& variant_aliases() {
  static const std::vector<VariantAlias> aliases = {
      {"windoku", Variant::kHyper},  // the name many puzzle books print for it
  };
  return aliases;
}

const VariantDef* variant_of_data(std::string_view key) {
  if (key.empty()) return nullptr;
  for (const VariantDef& d : variant_defs())
    if (d.data_key == key) return &d;
  return nullptr;
}

std::pair<const VariantDef*, const VariantOption*> variant_option(std::string_view key) {
  for (const VariantDef& d : variant_defs())
    for (const VariantOption& o : d.options)
      if (o.key == key) return {&d, &o};
  return {nullptr, nullptr};
}

std::string variants_read_help() {
  std::string out;
  for (const VariantDef& d : variant_defs()) {
    out += (out.empty() ? "" : ", ") + std::string(d.name);
    if (!d.data_key.empty()) out += " (lines give their " + std::string(d.data_key) + ")";
    else if (d.multi_grid) out += " (" + std::string(d.summary) + ": 441-character lines with '#')";
    else if (!d.summary.empty()) out += " (" + std::string(d.summary) + ")";
  }
  return out;
}

bool has_option(const VariantDef& d, std::string_view key) {
  for (const VariantOption& o : d.options)
    if (o.key == key) return true;
  return false;
}

Result<Shape> variant_shape(std::string_view grid, std::string_view box, Variant v) {
  const VariantDef& d = variant_def(v);
  if (!d.latin) return parse_shape(grid, box);
  if (!box.empty() && box != "none")  // "none": what spec --resolved writes for a Latin square
    return Error(std::string(d.name) + " puzzles have no boxes (a Latin square: rows and columns only): give the grid "
                 "size alone, not box " + std::string(box));
  const auto x = grid.find_first_of("xX");
  const std::string_view a = grid.substr(0, x), b = x == std::string_view::npos ? a : grid.substr(x + 1);
  int n = 0, m = 0;
  const auto [pa, ea] = std::from_chars(a.data(), a.data() + a.size(), n);
  const auto [pb, eb] = std::from_chars(b.data(), b.data() + b.size(), m);
  if (a.empty() || b.empty() || ea != std::errc() || eb != std::errc() || pa != a.data() + a.size() ||
      pb != b.data() + b.size() || n != m)
    return Error("invalid grid '" + std::string(grid) + "': expected a square size such as 5x5");
  auto shape = latin_shape(n);
  if (!shape) return shape.error();
  if (auto why = variant_size_problem(v, *shape); !why.empty()) return Error(why);
  return shape;
}

Result<Shape> variant_shape(int n, Variant v) {
  if (!variant_def(v).latin) return standard_shape(n);
  auto shape = latin_shape(n);
  if (!shape) return shape.error();
  if (auto why = variant_size_problem(v, *shape); !why.empty()) return Error(why);
  return shape;
}

const Board& dug_board(Variant v, Shape shape) {
  if (variant_def(v).multi_grid)
    if (auto b = variant_board(shape, v)) return **b;  // held by the board cache
  return classic_board(shape);
}

std::string grid_name(Variant v, Shape shape) {
  if (variant_def(v).multi_grid) return std::string(variant_def(v).name);
  return std::to_string(shape.n()) + "x" + std::to_string(shape.n());
}

std::string variant_title(std::string_view name) {
  // The titles print books use where the rule above would not give them.
  static const std::pair<std::string_view, std::string_view> kOwn[] = {
      {"classic", "Sudoku"}, {"x", "Sudoku X"}, {"kenken", "KenKen"}, {"futoshiki", "Futoshiki"}};
  for (const auto& [n, title] : kOwn)
    if (n == name) return std::string(title);
  std::string out;
  bool start = true;
  for (char c : name) {
    if (c == '+') {
      out += ' ';
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    start = c == '-';
  }
  return out + " Sudoku";
}

}  // namespace gp
