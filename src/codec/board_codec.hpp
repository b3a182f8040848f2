// The board codec: one writer and one reader of a puzzle's own data besides its cells (a jigsaw's
// region map, the board's rules such as killer cages), for every format that carries puzzles:
// line tokens (`PUZZLE REGIONS`, `PUZZLE CAGES`), grid comments (`# regions MAP`), CSV columns
// (`regions`, `cages`) and JSON fields (`"regions": "MAP"`, `"cages": [{"sum": S, "cells":
// [...]}]`). Writers (generate, grade, solve, the book and newspaper manifests, the feed) and
// readers (the puzzle reader, the catalogue) call it instead of naming a variant's data: a rule
// added to core/rules.hpp is written and read everywhere once it has its JSON form here
// (rule_json / rule_from_json, found by std::visit with no fallback).
//
// Each piece of data has a key, the same in every form: "regions", then each rule's rule_key, in
// this order (data_keys()). Its token is one word without blanks (format_regions, rule_token);
// its JSON value is the region string or the rule's JSON form.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/result.hpp"

namespace gp::codec {

// Every key, in writing order: "regions", then core/rules.hpp's rule_keys() ("cages").
const std::vector<std::string_view>& data_keys();

// The variant whose boards carry `key`'s data ("regions": jigsaw, "cages": killer: the data_key
// of core/variants.hpp's table), or classic for a key that is none of data_keys().
Variant variant_of_key(std::string_view key);
// The variant whose boards carry `key`'s data on a grid of `shape`: a Latin variant on a Latin
// shape (Shape{1, n}: "inequalities" are futoshiki's), a variant with boxes on the others
// (greater-than's); variant_of_key(key) when none fits.
Variant variant_of_key(std::string_view key, Shape shape);
// The keys a board of `variant` carries (jigsaw: regions; killer: cages; a combination its parts'
// keys, jigsaw+killer: regions and cages; others: none).
std::vector<std::string_view> keys_of(Variant variant);
// Whether boards of `variant` carry `key`'s data (its data_key, or a part's: jigsaw+killer carries regions and cages; "dots": consecutive and kropki).
bool carries(Variant variant, std::string_view key);
// The variant whose boards carry exactly `keys` (one key: variant_of_key; two: the combination of
// their variants, jigsaw+killer for regions and cages), classic when none does.
Variant variant_of_keys(const std::vector<std::string_view>& keys);

// --- board -> text ---

struct Field {
  std::string_view key;
  std::string token;
};
// A board's data as (key, token) pairs in writing order; none for null (classic) and boards
// without data. A line writes the tokens after the puzzle, a grid writes "# KEY TOKEN" lines.
std::vector<Field> fields(const Board* board);
inline std::vector<Field> fields(const Grid& g) { return fields(g.board.get()); }
// The token of `key` on `board`, "" when it has none (a CSV cell).
std::string token(const Board* board, std::string_view key);
// The tokens of fields(board) joined by blanks ("" when none): what follows the puzzle on a line.
std::string line_tokens(const Board* board);

// --- board -> JSON ---

// The JSON value of `key` on `board` (null when it has none): "regions" a string, a rule its JSON
// form (cages: [{"sum": S, "cells": [...]}, ...], cells ascending, cages in the board's order).
nlohmann::ordered_json json_value(const Board* board, std::string_view key);
// Adds each field of `board` to the JSON object `j` under its key, in writing order.
// Whether `board` has a field beside its rule's key: a negative kropki rule's "negative": true.
bool json_negative(const Board* board);
template <class Json>
void put_json(Json& j, const Board* board) {
  for (std::string_view key : data_keys()) {
    nlohmann::ordered_json v = json_value(board, key);
    if (!v.is_null()) j[std::string(key)] = Json(std::move(v));
  }
  if (json_negative(board)) j["negative"] = true;
}

// --- text or JSON -> board ---

// The token of `key` from its JSON value (the reverse of json_value, before any check of the
// data against a grid). Errors say what is wrong with the value's form, starting with the quoted
// key: "\"regions\" is not a string", "\"cages\" [2] is not {\"sum\": S, \"cells\": [...]}".
// `entry`, when given, is the whole puzzle object (a kropki's "negative" and "variant" are beside
// its "dots").
Result<std::string> token_from_json(std::string_view key, const nlohmann::json& value,
                                    const nlohmann::json* entry = nullptr);

// The board of a grid of `shape` whose `key` data is `token` (a jigsaw board from its region map,
// a killer board from its cages). Errors start with the variant and the key: "jigsaw regions: 80
// characters, expected 81", "killer cages: cage 1 is not in one piece (its cells must join side
// by side)", "killer cages: killer puzzles go up to 9x9 (...)".
Result<std::shared_ptr<const Board>> board_from_token(Shape shape, std::string_view key, std::string_view token);
// The board of `variant` on a grid of `shape` from its data `fields` (exactly the keys of
// keys_of(variant)): frame_board (core/grid.hpp: its parts' units and data-free rules, on the
// regions when a field gives them) with each other field's rule. Errors as board_from_token's,
// named by `variant`; a missing or foreign key: "killer+x needs its cages".
Result<std::shared_ptr<const Board>> board_from_fields(Shape shape, Variant variant, const std::vector<Field>& fields);
// `grid` put on the board of `key`'s token (its cells kept); on a grid that has data already, the
// board of both (a combination's second key: jigsaw+killer from regions, then cages).
Status put_token(Grid& grid, std::string_view key, std::string_view token);

// --- CSV ---

// The columns after the puzzle's own that a run of boards of `variants` writes: the keys any of
// them carries, in writing order (a run of classic puzzles writes none).
std::vector<std::string_view> csv_columns(const std::vector<Variant>& variants);
// The columns after "variant" in a manifest (book, newspaper) of puzzles of `variants`: none when
// all are classic, else "regions" (always, so every manifest with variant puzzles has it) and the
// other keys any of them carries.
std::vector<std::string_view> manifest_columns(const std::vector<Variant>& variants);

}  // namespace gp::codec
