// The board codec (codec/board_codec.hpp): every variant and every rule type makes the round trip
// board -> tokens -> board, board -> JSON -> board and board -> CSV -> board, through the codec
// itself and through the puzzle reader that every command uses.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/rules.hpp"
#include "core/variants.hpp"
#include "input/puzzle_reader.hpp"

namespace {

using namespace gp;

// A 9x9 region map that is not the boxes: box 1 and box 4 trade a cell (r3c3 for r4c1).
std::vector<int> shifted_regions() {
  std::vector<int> region(81);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) region[static_cast<size_t>(r * 9 + c)] = r / 3 * 3 + c / 3;
  std::swap(region[2 * 9 + 2], region[3 * 9 + 0]);
  return region;
}

// Killer cages of an n x n grid: per row, dominoes (sums 10 and 9) and on odd sizes a single (5).
std::vector<Cage> domino_cages(int n) {
  std::vector<Cage> cages;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c + 1 < n; c += 2) cages.push_back({10 - (c / 2 % 2), {r * n + c, r * n + c + 1}});
    if (n % 2) cages.push_back({5, {r * n + n - 1}});
  }
  return cages;
}

struct Sample {
  std::string name;
  Grid grid;
};

// A grid of every variant (and so of every rule type): its board with its data, a few givens.
std::vector<Sample> samples() {
  std::vector<Sample> out;
  out.push_back({"classic", Grid(Shape{3, 3})});
  out.push_back({"x", Grid(*variant_board(Shape{3, 3}, Variant::kX))});
  out.push_back({"hyper", Grid(*variant_board(Shape{3, 3}, Variant::kHyper))});
  out.push_back({"jigsaw", Grid(*jigsaw_board(Shape{3, 3}, shifted_regions()))});
  out.push_back({"samurai", Grid(samurai_board())});
  out.push_back({"killer", Grid(*killer_board(Shape{3, 3}, domino_cages(9)))});
  out.push_back({"killer 6x6", Grid(*killer_board(Shape{2, 3}, domino_cages(6)))});
  {
    std::vector<int> rows(9, kNoSandwich), cols(9, kNoSandwich);
    rows[0] = 35, rows[4] = 0, cols[8] = 12;
    out.push_back({"sandwich", Grid(with_rules(classic_board(Shape{3, 3}), Variant::kSandwich,
                                               {*make_sandwich_rule(Shape{3, 3}, rows, cols)}))});
  }
  for (Sample& s : out) {
    s.grid.cells[0] = 1;
    s.grid.cells[s.grid.cells.size() - 1] = 2;
  }
  return out;
}

// Same board: variant, units, regions and rules.
void check_same(const Grid& got, const Grid& want) {
  INFO(format_line(want));
  REQUIRE(got.cells == want.cells);
  CHECK(got.variant() == want.variant());
  const Board& a = board_of(got);
  const Board& b = board_of(want);
  CHECK(a.units == b.units);
  CHECK(a.region == b.region);
  CHECK(a.rules == b.rules);
  CHECK(a.peers == b.peers);
}

// The grid with its data put back from `fields` (the cells as format_line gives them).
Grid from_fields(const Grid& g, const std::vector<codec::Field>& fields) {
  auto back = parse_line(format_line(g), g.board && !g.board->multi_grid() ? std::optional<Shape>(g.shape) : std::nullopt);
  REQUIRE(back);
  if (g.variant() != Variant::kClassic && codec::keys_of(g.variant()).empty() && back->variant() != g.variant())
    back->board = *variant_board(g.shape, g.variant());  // x, hyper: the board of the variant's name
  for (const codec::Field& f : fields) REQUIRE(codec::put_token(*back, f.key, f.token));
  return *back;
}

std::vector<Grid> read_all(const std::string& text) {
  std::istringstream in(text);
  input::PuzzleReader reader(in, "t");
  std::vector<Grid> out;
  while (auto item = reader.next()) {
    INFO(text.substr(0, 200));
    REQUIRE(item->grid);
    out.push_back(*item->grid);
  }
  REQUIRE_FALSE(reader.failed());
  return out;
}

}  // namespace

TEST_CASE("codec: every rule type has a key, a variant and both forms") {
  for (std::string_view key : rule_keys()) {
    INFO(key);
    if (key.empty()) continue;  // a rule without data (anti-knight's move): no field, the variant names it
    CHECK(std::find(codec::data_keys().begin(), codec::data_keys().end(), key) != codec::data_keys().end());
    CHECK(codec::variant_of_key(key) != Variant::kClassic);
  }
  CHECK(codec::data_keys().front() == "regions");
  CHECK(codec::variant_of_key("regions") == Variant::kJigsaw);
  CHECK(codec::keys_of(Variant::kKiller) == std::vector<std::string_view>{"cages"});
  CHECK(codec::keys_of(Variant::kX).empty());
}

TEST_CASE("codec: board -> tokens -> board, every variant") {
  for (const Sample& s : samples()) {
    INFO(s.name);
    const auto fields = codec::fields(s.grid);
    CHECK(fields.size() == codec::keys_of(s.grid.variant()).size());
    check_same(from_fields(s.grid, fields), s.grid);
    // The line form as generate writes it, read back by the puzzle reader.
    const std::string line = format_line(s.grid) + (fields.empty() ? "" : " " + codec::line_tokens(s.grid.board.get()));
    if (s.grid.variant() == Variant::kX || s.grid.variant() == Variant::kHyper) continue;  // named by --variant
    const auto back = read_all(line + "\n");
    REQUIRE(back.size() == 1);
    check_same(back[0], s.grid);
  }
}

TEST_CASE("codec: board -> JSON -> board, every variant") {
  for (const Sample& s : samples()) {
    INFO(s.name);
    nlohmann::json j;  // the sorted JSON generate writes, and the ordered one of manifests and feeds
    nlohmann::ordered_json o;
    codec::put_json(j, s.grid.board.get());
    codec::put_json(o, s.grid.board.get());
    std::vector<codec::Field> fields;
    for (std::string_view key : codec::data_keys()) {
      CHECK(j.contains(std::string(key)) == o.contains(std::string(key)));
      if (!j.contains(std::string(key))) continue;
      auto token = codec::token_from_json(key, j[std::string(key)]);
      REQUIRE(token);
      CHECK(*token == codec::token(s.grid.board.get(), key));
      fields.push_back({key, *token});
    }
    check_same(from_fields(s.grid, fields), s.grid);
    // As a puzzle list the reader reads (generate --format json's shape).
    nlohmann::json e = j;
    e["puzzle"] = format_line(s.grid);
    if (s.grid.board) e["variant"] = std::string(variant_name(s.grid.variant()));
    const auto back = read_all(nlohmann::json{{"puzzles", {e}}}.dump(2) + "\n");
    REQUIRE(back.size() == 1);
    check_same(back[0], s.grid);
  }
}

TEST_CASE("codec: board -> CSV -> board, every variant") {
  for (const Sample& s : samples()) {
    INFO(s.name);
    const auto columns = codec::csv_columns({s.grid.variant()});
    std::string text = "index,puzzle";
    for (auto key : columns) text += "," + std::string(key);
    text += "\n1," + format_line(s.grid);
    for (auto key : columns) text += "," + codec::token(s.grid.board.get(), key);
    if (s.grid.variant() == Variant::kX || s.grid.variant() == Variant::kHyper) continue;  // named by --variant
    const auto back = read_all(text + "\n");
    REQUIRE(back.size() == 1);
    check_same(back[0], s.grid);
    // A grid with its "# KEY TOKEN" comments, as generate --format grid writes it.
    if (s.grid.board && s.grid.board->multi_grid()) continue;  // the samurai grid form is not read back
    std::string grid;
    for (const auto& f : codec::fields(s.grid)) grid += "# " + std::string(f.key) + " " + f.token + "\n";
    const auto from_grid = read_all(grid + format_grid(s.grid));
    REQUIRE(from_grid.size() == 1);
    check_same(from_grid[0], s.grid);
  }
}

TEST_CASE("codec: manifest columns") {
  CHECK(codec::manifest_columns({Variant::kClassic}).empty());
  CHECK(codec::manifest_columns({Variant::kClassic, Variant::kX}) == std::vector<std::string_view>{"regions"});
  CHECK(codec::manifest_columns({Variant::kKiller}) == std::vector<std::string_view>{"regions", "cages"});
  CHECK(codec::csv_columns({Variant::kX}).empty());
  CHECK(codec::csv_columns({Variant::kJigsaw}) == std::vector<std::string_view>{"regions"});
}

TEST_CASE("codec: what is wrong is said with the variant and the key") {
  const Shape s{3, 3};
  auto bad = [&](std::string_view key, std::string_view token) {
    auto b = codec::board_from_token(s, key, token);
    REQUIRE_FALSE(b);
    return b.error().diagnostics.front().message;
  };
  CHECK(bad("regions", std::string(80, '1')) == "jigsaw regions: 80 characters, expected 81");
  CHECK(bad("cages", "0+1").rfind("killer cages: cage 1 ('0+1'): no '=SUM'", 0) == 0);
  CHECK(codec::board_from_token(Shape{3, 4}, "cages", "0=1").error().diagnostics.front().message.rfind(
            "killer cages: killer puzzles go up to 9x9", 0) == 0);
  CHECK(codec::token_from_json("regions", 5).error().diagnostics.front().message == "\"regions\" is not a string");
  CHECK(codec::token_from_json("cages", "x").error().diagnostics.front().message == "\"cages\" is not a list");
  CHECK(codec::token_from_json("cages", nlohmann::json::parse(R"([{"sum": 3}])")).error().diagnostics.front().message ==
        "\"cages\" [0] is not {\"sum\": S, \"cells\": [...]}");
  CHECK(codec::token_from_json("cages", nlohmann::json::parse(R"([{"sum": 99999, "cells": [0]}])"))
            .error()
            .diagnostics.front()
            .message == "\"cages\" [0]: sum 99999 is out of range");
}

TEST_CASE("variant table: the core's variant functions are views of it") {
  REQUIRE(variant_defs().size() == all_variants().size());
  for (const VariantDef& d : variant_defs()) {
    INFO(d.name);
    CHECK(&variant_def(d.variant) == &d);
    CHECK(variant_name(d.variant) == d.name);
    CHECK(*parse_variant(d.name) == d.variant);
    CHECK(find_variant_def(d.name) == &d);
    // Every variant plays 9x9 (a Latin square's without boxes).
    CHECK(variant_size_problem(d.variant, d.latin ? Shape{1, 9} : Shape{3, 3}).empty());
    CHECK(codec::keys_of(d.variant) == (d.data_key.empty() ? std::vector<std::string_view>{}
                                                           : std::vector<std::string_view>{d.data_key}));
    // A key two variants share ("dots": consecutive and kropki) names the first of them; the codec
    // tells them apart by the rule's token and the grid's shape: boxes or a Latin square ("inequalities":
    // greater-than and futoshiki; "cages": killer and kenken). No other key is shared.
    if (!d.data_key.empty()) {
      const VariantDef* owner = variant_of_data(d.data_key);
      REQUIRE(owner);
      CHECK(owner->data_key == d.data_key);
      CHECK(owner->variant <= d.variant);
      CHECK((owner == &d || d.variant == Variant::kKropki || d.variant == Variant::kFutoshiki ||
             d.variant == Variant::kKenKen));
    }
    CHECK(d.instruction.back() == '.');
    CHECK(d.how_to_play.empty() == (d.variant == Variant::kClassic));
    for (const VariantOption& o : d.options) CHECK(variant_option(o.key).first == &d);
  }
  CHECK(parse_variant("hypr").error().diagnostics.front().message ==
        "unknown variant 'hypr' (expected classic, x, hyper, jigsaw, samurai, killer, even-odd, thermo, arrow, "
        "greater-than, consecutive, kropki, non-consecutive, anti-knight, anti-king, sandwich, futoshiki or kenken); did "
        "you mean 'hyper'?");
  CHECK(variant_size_problem(Variant::kHyper, Shape{2, 3}) ==
        "hyper needs a 9x9 grid with 3x3 boxes (its four extra windows are 3x3 and sit between the boxes), not 6x6");
  CHECK(minimum_clues(Shape{3, 3}, Variant::kJigsaw).count == 8);
  CHECK(minimum_clues(Shape{3, 3}, Variant::kX).count == 17);
  CHECK(variant_option("regions").second->values.front() == "random");
  CHECK(variant_option("count").first == nullptr);
}

TEST_CASE("variant table: the shell completions offer every variant of generate's --variant") {
  std::string names;
  for (const VariantDef& d : variant_defs()) names += (names.empty() ? "" : " ") + std::string(d.name);
  for (const char* file : {"gridpress.bash", "_gridpress", "gridpress.fish"}) {
    INFO(file);
    std::ifstream in(std::string(GRIDPRESS_SOURCE_DIR) + "/dist/completions/" + file);
    REQUIRE(in);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    CHECK(text.find(names) != std::string::npos);  // "classic x hyper jigsaw samurai killer"
  }
}
