// Requests: their checks (what cannot succeed, and why), their description in messages, and the
// plan a checked request runs as.
#include <algorithm>
#include <cstdio>

#include "core/difficulty.hpp"
#include "core/text.hpp"
#include "core/variants.hpp"
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

// The board whose cells a request digs (core/variants.hpp).
const Board& dug_board(const Request& r) { return gp::dug_board(r.variant, r.shape); }

}  // namespace

Plan make_plan(const Request& r) {
  Plan p;
  p.req = r;
  p.shape = r.shape;
  // A grown board (jigsaw regions, killer cages) is made with each puzzle; the other variants
  // share one board, except those that take every fill (classic), which fill_grid fills.
  const VariantDef& def = variant_def(r.variant);
  if (def.marks_replace_givens) p.killer = killer_profile(r.difficulty, r.shape.n());
  if (!def.grown && !def.any_fill) p.board = *variant_board(r.shape, r.variant);
  if (def.grown && def.combination() && !has_part(r.variant, Variant::kJigsaw))
    if (auto frame = frame_board(r.shape, r.variant)) p.frame = *frame;
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
  const VariantDef& def = variant_def(r.variant);
  std::string out = def.multi_grid ? std::string(def.name) : r.shape.name();
  if (!def.multi_grid && !def.classic_units) out += " " + std::string(def.name);
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
  if (r.shape.box_rows <= 0 || r.shape.box_cols <= 0) return Error::about("grid", "invalid box shape");
  if (r.shape.latin()) {  // a Latin square (futoshiki, kenken): its variant's sizes (checked below)
    if (auto s = latin_shape(r.shape.n()); !s) return Error::about("grid", s.error().to_string());
  } else if (auto s = standard_shape(r.shape.n()); !s) {
    return Error::about("grid", s.error().to_string());
  }
  auto sym = parse_symmetry(r.symmetry);
  if (!sym) return Error::about("symmetry", sym.error().to_string());
  auto fill = parse_fill(r.fill);
  if (!fill) return Error::about("fill", fill.error().to_string());
  const VariantDef& def = variant_def(r.variant);
  const std::string name(def.name);
  if (auto why = variant_size_problem(r.variant, r.shape); !why.empty()) return Error::about("variant", why);
  if (!def.any_fill && *fill != Fill::kRandom)
    return Error::about("fill", "fill '" + r.fill + "' is for classic Sudoku only (its grids ignore the " + name +
                                    " units): use fill random");
  // The options that are some variant's own (regions, givens), asked of a variant without them.
  for (const auto& [key, asked] : {std::pair{"regions", r.symmetric_regions}, std::pair{"givens", r.some_givens}}) {
    if (!asked || has_option(def, key)) continue;
    const std::string owner(variant_option(key).first->name);
    if (std::string_view(key) == "regions")
      return Error::about(key, "symmetric regions are for " + owner + " puzzles only (" + name +
                                   " has no regions to lay out)");
    return Error::about(key, "'givens: some' is for " + owner + " puzzles only (a " + name +
                                 " puzzle's givens are its clues)");
  }
  if (def.marks_replace_givens) {
    const std::string marks(def.marks);
    if (r.clues_min > 0 || r.clues_max > 0)
      return Error::about("clues", name + " puzzles have no clue count (the " + marks +
                                       " replace the givens): leave clues out, or ask for a few givens with givens: some");
    if (*sym != Symmetry::kNone)
      return Error::about("symmetry", name + " puzzles take no symmetry (the " + marks +
                                          " replace the givens): use symmetry none");
    if (r.minimal) return Error::about("minimal", name + " puzzles have no clues to make minimal: leave minimal out");
  }
  if (def.own_scale && r.rating && !killer_difficulty(r.difficulty))
    return Error::about("difficulty", name + " difficulty is a band name (easy, medium, hard, expert or fiendish: it "
                                             "sets the cage sizes), not " +
                                          (r.difficulty.empty() ? std::string("an SE rating range")
                                                                : "'" + r.difficulty + "'"));
  const Board& dug = dug_board(r);
  const int cells = dug.cells;
  const std::string grid = grid_name(r.variant, r.shape);
  if (r.clues_min < 0 || r.clues_max < 0) return Error::about("clues", "clue counts must not be negative");
  if (r.clues_max > 0 && r.clues_min > r.clues_max)
    return Error::about("clues", "bad clue range " + clues_text(r) + ": low end above high end");
  if (std::max(r.clues_min, r.clues_max) > cells)
    return Error::about("clues", std::to_string(std::max(r.clues_min, r.clues_max)) + " clues is more than the " +
                 std::to_string(cells) + " cells of a " + grid + " grid");
  const int hi = r.clues_max > 0 ? r.clues_max : cells;
  const MinimumClues least = minimum_clues(r.shape, r.variant);
  const int minimum = least.count;
  if (hi < minimum)
    return Error::about("clues", "a " + grid + " puzzle needs at least " + std::to_string(minimum) +
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
    return Error::about("symmetry", r.symmetry + " symmetry on " + grid + " gives clues in classes of " + list +
                 " cells: " + clues_text(r) + " is impossible" +
                 (nearest.empty() ? std::string() : " (nearest possible: " + nearest + ")"));
  }
  if (!(r.budget_seconds > 0)) return Error::about("budget", "budget must be a positive number of seconds");
  if (r.rating && r.rating->lo > r.rating->hi) return Error::about("rating", "bad rating range: low end above high end");
  if (const auto top = highest_rating(r.shape.n()); top && r.rating && def.classic_units &&
                                                    (r.rating->lo > *top || (r.rating->lo == *top && r.rating->lo_exclusive)))
    return Error::about("difficulty", "every " + grid + " puzzle is solved with hidden singles in boxes (SE " + one_decimal(*top) +
                 " at most; every minimal " + grid + " puzzle was graded): " +
                 (r.difficulty.empty() ? range_text(*r.rating) : r.difficulty + " (" + range_text(*r.rating) + ")") +
                 " cannot be made; ask for easy");
  return Ok{};
}

}  // namespace gp::gen
