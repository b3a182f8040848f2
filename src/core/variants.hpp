// The variant table: one row per variant with what the rest of the program asks of it (its name,
// the sizes it can have, the fewest clues, the per-puzzle data it carries, the options that are
// its own, the fills it takes, its rule text for how-to-play pages and instruction lines). The
// core's variant_name, all_variants, parse_variant, variant_size_problem and minimum_clues(shape,
// variant) are views of it; the board codec finds a data key's variant here; the how-to-play
// paragraphs and newspaper instruction lines read its rule text. A new variant is a row here (and
// its enum value in core/grid.hpp).
#pragma once

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"

namespace gp {

// An option only some variants take: its spec key and command-line option, its values (the
// first is the default, which every variant accepts).
struct VariantOption {
  std::string_view key;                  // spec key: "regions"
  std::string_view cli;                  // command-line option: "--regions"
  std::vector<std::string_view> values;  // "random", "symmetric"
};

// How a variant takes part in a combination ("killer+x", docs/board.md "Combinations"): it joins
// nothing (classic adds nothing; samurai is several grids; a new row until it says otherwise), it
// adds units (x: the diagonals, hyper: the windows), its regions replace the boxes (jigsaw), or it
// adds a rule (killer: cages, even-odd: marks, anti-knight and anti-king: the move).
enum class Part : std::uint8_t { kNone, kUnits, kRegions, kRule };

struct VariantDef {
  Variant variant = Variant::kClassic;
  std::string_view name;  // "classic", "x", ... (the spelling of spec, CLI and JSON)
  // Why the variant cannot be played on `shape` ("" when it can), e.g. "hyper needs a 9x9 grid
  // with 3x3 boxes (...), not 6x6".
  std::function<std::string(Shape)> size_problem;
  // The fewest givens: the proven figures of classic boxes (minimum_clues(shape)), or only the
  // n - 1 bound (regions and overlapping grids are not boxes: the proofs do not apply).
  bool box_clue_bounds = true;
  std::string_view data_key;  // per-puzzle data in every format (codec/board_codec.hpp); "" none
  std::vector<VariantOption> options;  // the options that are this variant's own
  bool any_fill = false;  // takes every fill (classic); the others take random only
  // How to play: the paragraph of the how-to-play page ("" for classic), placed by `rank`.
  std::string_view how_to_play;
  int how_to_play_rank = 0;
  // The one-line rule of a newspaper page or puzzle file: after "Place 1 to 9 once in every ",
  // with {box} standing for "3x3 box" (the grid's box shape).
  std::string_view instruction;
  // What `generate --variant` says of it in its help ("diagonals"; "" for classic).
  std::string_view summary;

  // How the generator, the spec and the book treat it (set by name in the table):
  // Its board grows with each puzzle (jigsaw regions, killer cages); the others share one board
  // per shape (variant_board).
  bool grown = false;
  // Its marks replace the givens (killer: the cage sums are the clues): no clue count, symmetry or
  // minimal digging. `marks` names them in messages ("cages").
  bool marks_replace_givens = false;
  std::string_view marks = {};
  // Rated on a scale of its own (killer bands, docs/difficulty.md), asked for by band name, not by
  // an SE range; the SE spreads and weekly ramps do not apply.
  bool own_scale = false;
  // Several overlapping grids (samurai): one board a page, named by the variant rather than its
  // size; the per-size clue ranges, measured on one grid, do not apply.
  bool multi_grid = false;
  // Its units are the shape's rows, columns and boxes only (classic): the bounds measured on
  // classic grids (the highest rating of small grids) and the classic 9x9 fast path apply.
  bool classic_units = false;
  // Its board is a Latin square (futoshiki, kenken): rows and columns only, no boxes, on
  // Shape{1, n} (latin_board); sizes 5x5 and 7x7 too. Its grids are read and parsed with that
  // shape (variant_shape), drawn without box lines, and its instruction names no box.
  bool latin = false;
  // How it takes part in a combination (above); a combination itself takes part in none.
  Part part = Part::kNone;
  // A combination's two parts, in the order of its name ("killer+x": killer, x); a single
  // variant's are itself twice.
  std::array<Variant, 2> parts{};
  bool combination() const { return parts[0] != parts[1]; }
};

// Combinations: two variants joined by '+' ("killer+x", "jigsaw+x", "jigsaw+killer",
// "anti-king+x"), both parts' units and rules on one board. Every compatible pair of the table's
// rows is a combination row (built once from the table: a new row takes part by setting its
// `part`), named by its parts in alphabetical order (the other order is read too), its Variant
// kFirstCombination + its index. Compatible: both parts take part, they differ, at most one
// replaces the boxes, at most one makes marks from the solution (marks_replace_givens), at most one
// has a scale of its own. Its flags are its parts' combined (grown, marks_replace_givens, own_scale:
// either part's; box_clue_bounds: both parts'), its options both parts', its sizes 9x9 (with a
// regions part: the sizes both parts allow), its instruction both parts' units and clauses.
inline constexpr int kFirstCombination = 64;
// The combination rows.
const std::vector<VariantDef>& combination_defs();
// The parts of `v`: a combination's two, or {v}.
std::vector<Variant> parts_of(Variant v);
// Whether `v` is `part` or a combination with it.
bool has_part(Variant v, Variant part);
// The combination of `a` and `b` (either order), or null when they are not compatible.
const VariantDef* combination_of(Variant a, Variant b);
// Why the name "a+b" is no combination ("samurai+killer: samurai is several overlapping grids and
// joins no other variant", "x+x: a variant cannot be joined to itself"), "" when it is one.
std::string combination_problem(std::string_view name);

// Other spellings of a variant that parse_variant and find_variant_def accept ("windoku" for
// hyper), each with its variant; the row's `name` stays the one the program writes (spec
// --resolved, JSON, manifests).
struct VariantAlias {
  std::string_view alias;
  Variant variant;
};
const std::vector<VariantAlias>& variant_aliases();

// Every single variant, in the order of `Variant` (combinations: combination_defs()).
const std::vector<VariantDef>& variant_defs();
// The row of a single variant or a combination.
const VariantDef& variant_def(Variant v);
// The row named `name` (or one of its aliases; a combination "a+b" in either order), or null.
const VariantDef* find_variant_def(std::string_view name);
// The variant whose boards carry per-puzzle data `key` ("regions": jigsaw, "cages": killer), or
// null; of two sharing a key ("dots": consecutive and kropki) the first in the table (the board
// codec tells them apart by the rule's token).
const VariantDef* variant_of_data(std::string_view key);
// The option of spec key `key` that some variant owns (regions, givens), with that variant, or
// {null, null}.
std::pair<const VariantDef*, const VariantOption*> variant_option(std::string_view key);
// Every variant for the help of a command that reads puzzles: "classic, x (diagonals), ...,
// jigsaw (lines give their regions), ...".
std::string variants_read_help();
// Whether `d` owns the option of spec key `key`.
bool has_option(const VariantDef& d, std::string_view key);

// The shape of a grid of `v` from the size text of --grid or the spec's `grid:` and the box text
// of --box or `box:` (may be empty): parse_shape's for a variant with boxes (5x5 refused as
// today), latin_shape's for a Latin variant, whose size check then applies ("futoshiki puzzles
// are 4x4 to 9x9 ..."); a box given to a Latin variant is refused ("futoshiki puzzles have no
// boxes: give the grid size alone"), but for "none" (spec --resolved writes `box: none` for it).
Result<Shape> variant_shape(std::string_view grid, std::string_view box, Variant v);
// The shape a puzzle of `v` with n x n cells has: latin_shape(n) for a Latin variant, else the
// standard shape of n (errors as theirs).
Result<Shape> variant_shape(int n, Variant v);

// The board whose cells a puzzle of `v` on `shape` is dug from: the variant's own board when it
// spans several grids (samurai), else the shape's plain board (a grown board shares its cells).
const Board& dug_board(Variant v, Shape shape);
// The variant's name as a book prints it ({variant} in captions and section names): "Sudoku" for
// classic, "Sudoku X", "Hyper Sudoku", "Killer Sudoku", "Even-Odd Sudoku"; a variant without its own
// title gets its name's words capitalised with " Sudoku" after them ("anti-knight": "Anti-Knight
// Sudoku"), a combination its parts' ("killer+x": "Killer X Sudoku").
std::string variant_title(std::string_view name);
// The grid's name in messages: "9x9", or the variant's name for a multi-grid board ("samurai").
std::string grid_name(Variant v, Shape shape);

}  // namespace gp
