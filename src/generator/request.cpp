// Requests: their checks (what cannot succeed, and why), their description in messages, and the
// plan a checked request runs as.
#include <algorithm>
#include <cstdio>

#include "core/difficulty.hpp"
#include "core/text.hpp"
#include "generator/generator.hpp"
#include "generator/plan.hpp"

namespace gp::gen {

std::string with_commas(long long v) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return v < 0 ? "-" + out : out;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

namespace {

std::string range_text(const grader::RatingRange& r) {
  if (std::isinf(r.hi)) return (r.lo_exclusive ? "SE > " : "SE >= ") + one_decimal(r.lo);
  if (r.lo_exclusive) return one_decimal(r.lo) + " < SE <= " + one_decimal(r.hi);
  return "SE " + one_decimal(r.lo) + "-" + one_decimal(r.hi);
}

std::string clues_text(const Request& r) {
  if (r.clues_max > 0 && r.clues_min == r.clues_max) return std::to_string(r.clues_max);
  if (r.clues_max > 0) return std::to_string(r.clues_min) + "-" + std::to_string(r.clues_max);
  return std::to_string(r.clues_min);
}

// Odd sizes with a centre class of one cell: what the parity of an exact count implies.
std::string centre_note(const Request& r, Symmetry sym) {
  if (r.clues_max <= 0 || r.clues_min != r.clues_max || r.shape.n() % 2 == 0) return {};
  const int k = r.clues_max;
  if (sym == Symmetry::kRotate180) return k % 2 ? " (odd count: centre cell given)" : " (even count: centre cell empty)";
  if (sym == Symmetry::kRotate90 || sym == Symmetry::kDihedral)
    return k % 4 == 1 ? " (centre cell given)" : " (centre cell empty)";
  return {};
}

// The board whose cells a request digs: the samurai board's own, every other variant the cells
// of its shape.
const Board& dug_board(const Request& r) {
  return r.variant == Variant::kSamurai ? *samurai_board() : classic_board(r.shape);
}

}  // namespace

Plan make_plan(const Request& r) {
  Plan p;
  p.req = r;
  p.shape = r.shape;
  // A jigsaw board is grown with each puzzle; the other variants share one board.
  if (r.variant == Variant::kKiller) p.killer = killer_profile(r.difficulty, r.shape.n());
  if (r.variant != Variant::kClassic && r.variant != Variant::kJigsaw && r.variant != Variant::kKiller) p.board = *variant_board(r.shape, r.variant);
  p.sym = *parse_symmetry(r.symmetry);
  p.fill = *parse_fill(r.fill);
  const Board& dug = dug_board(r);
  p.cells = dug.cells;
  p.lo = r.clues_min;
  p.has_upper = r.clues_max > 0;
  p.hi = p.has_upper ? r.clues_max : p.cells;
  p.classes = board_symmetry_classes(dug, p.sym);
  const auto reach = board_reachable_counts(dug, p.sym);
  if (p.has_upper)
    for (int k = p.lo; k <= p.hi; ++k)
      if (reach[static_cast<size_t>(k)]) p.targets.push_back(k);
  return p;
}

std::string describe(const Request& r) {
  std::string out = r.variant == Variant::kSamurai ? std::string("samurai") : r.shape.name();
  if (r.variant != Variant::kClassic && r.variant != Variant::kSamurai) out += " " + std::string(variant_name(r.variant));
  if (r.symmetric_regions) out += " (symmetric regions)";
  if (r.some_givens) out += " with some givens";
  if (r.clues_max > 0 && r.clues_min == r.clues_max)
    out += " with exactly " + std::to_string(r.clues_max) + " clues";
  else if (r.clues_max > 0)
    out += " with " + std::to_string(r.clues_min) + "-" + std::to_string(r.clues_max) + " clues";
  else if (r.clues_min > 0)
    out += " with at least " + std::to_string(r.clues_min) + " clues";
  auto sym = parse_symmetry(r.symmetry);
  if (sym && *sym != Symmetry::kNone) out += ", " + r.symmetry + " symmetry" + centre_note(r, *sym);
  if (r.fill != "random") out += ", " + r.fill + " fill";
  if (r.minimal) out += ", minimal";
  if (r.rating) {
    out += ", rated ";
    out += r.difficulty.empty() ? range_text(*r.rating) : r.difficulty + " (" + range_text(*r.rating) + ")";
  }
  return out;
}

Status check_request(const Request& r) {
  if (r.shape.box_rows <= 0 || r.shape.box_cols <= 0) return Error("invalid box shape");
  if (auto s = standard_shape(r.shape.n()); !s) return s.error();
  auto sym = parse_symmetry(r.symmetry);
  if (!sym) return sym.error();
  auto fill = parse_fill(r.fill);
  if (!fill) return fill.error();
  if (r.variant != Variant::kClassic) {
    if (auto why = variant_size_problem(r.variant, r.shape); !why.empty()) return Error(why);
    if (*fill != Fill::kRandom)
      return Error("fill '" + r.fill + "' is for classic Sudoku only (its grids ignore the " +
                   std::string(variant_name(r.variant)) + " units): use fill random");
  }
  if (r.symmetric_regions && r.variant != Variant::kJigsaw)
    return Error("symmetric regions are for jigsaw puzzles only (" + std::string(variant_name(r.variant)) +
                 " has no regions to lay out)");
  if (r.some_givens && r.variant != Variant::kKiller)
    return Error("'givens: some' is for killer puzzles only (a " + std::string(variant_name(r.variant)) +
                 " puzzle's givens are its clues)");
  if (r.variant == Variant::kKiller) {
    if (r.clues_min > 0 || r.clues_max > 0)
      return Error("killer puzzles have no clue count (the cages replace the givens): leave clues out, or ask "
                   "for a few givens with givens: some");
    if (*sym != Symmetry::kNone)
      return Error("killer puzzles take no symmetry (the cages replace the givens): use symmetry none");
    if (r.minimal) return Error("killer puzzles have no clues to make minimal: leave minimal out");
    if (r.rating && !killer_difficulty(r.difficulty))
      return Error("killer difficulty is a band name (easy, medium, hard, expert or fiendish: it sets the cage "
                   "sizes), not " + (r.difficulty.empty() ? std::string("an SE rating range") : "'" + r.difficulty + "'"));
  }
  const Board& dug = dug_board(r);
  const int cells = dug.cells;
  const std::string grid = r.variant == Variant::kSamurai ? std::string("samurai")
                                                          : std::to_string(r.shape.n()) + "x" + std::to_string(r.shape.n());
  if (r.clues_min < 0 || r.clues_max < 0) return Error("clue counts must not be negative");
  if (r.clues_max > 0 && r.clues_min > r.clues_max)
    return Error("bad clue range " + clues_text(r) + ": low end above high end");
  if (std::max(r.clues_min, r.clues_max) > cells)
    return Error(std::to_string(std::max(r.clues_min, r.clues_max)) + " clues is more than the " +
                 std::to_string(cells) + " cells of a " + grid + " grid");
  const int hi = r.clues_max > 0 ? r.clues_max : cells;
  const MinimumClues least = minimum_clues(r.shape, r.variant);
  const int minimum = least.count;
  if (hi < minimum)
    return Error("a " + grid + " puzzle needs at least " + std::to_string(minimum) +
                 " clues to have a unique solution (" + std::string(least.why) + "): " + clues_text(r) + " is impossible");
  const auto reach = board_reachable_counts(dug, *sym);
  bool any = false;
  for (int k = r.clues_min; k <= hi && !any; ++k) any = reach[static_cast<size_t>(k)];
  if (!any) {
    std::vector<int> sizes;
    for (const auto& c : board_symmetry_classes(dug, *sym)) sizes.push_back(static_cast<int>(c.size()));
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::string list;
    for (size_t i = 0; i < sizes.size(); ++i)
      list += (i == 0 ? "" : i + 1 == sizes.size() ? " and " : ", ") + std::to_string(sizes[i]);
    int below = -1, above = -1;
    for (int k = r.clues_min; k >= 0 && below < 0; --k)
      if (reach[static_cast<size_t>(k)]) below = k;
    for (int k = hi; k <= cells && above < 0; ++k)
      if (reach[static_cast<size_t>(k)]) above = k;
    std::string nearest;
    if (below >= minimum) nearest = std::to_string(below);
    if (above >= 0) nearest += (nearest.empty() ? "" : " or ") + std::to_string(above);
    return Error(r.symmetry + " symmetry on " + grid + " gives clues in classes of " + list +
                 " cells: " + clues_text(r) + " is impossible" +
                 (nearest.empty() ? std::string() : " (nearest possible: " + nearest + ")"));
  }
  if (!(r.budget_seconds > 0)) return Error("budget must be a positive number of seconds");
  if (r.rating && r.rating->lo > r.rating->hi) return Error("bad rating range: low end above high end");
  if (const auto top = highest_rating(r.shape.n()); top && r.rating && r.variant == Variant::kClassic &&
                                                    (r.rating->lo > *top || (r.rating->lo == *top && r.rating->lo_exclusive)))
    return Error("every " + grid + " puzzle is solved with hidden singles in boxes (SE " + one_decimal(*top) +
                 " at most; every minimal " + grid + " puzzle was graded): " +
                 (r.difficulty.empty() ? range_text(*r.rating) : r.difficulty + " (" + range_text(*r.rating) + ")") +
                 " cannot be made; ask for easy");
  return Ok{};
}

}  // namespace gp::gen
