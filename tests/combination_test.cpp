// Combinations (two variants joined by '+', docs/board.md "Combinations"): names, the reasons a
// pair is refused, the combined table rows, generated killer+x, jigsaw+x, jigsaw+killer,
// anti-king+x and jigsaw+thermo puzzles certified by the independent counter
// (tests/brute_count.hpp: the units as cell lists, the cages' sums, the king's step and the rising
// thermometers as predicates written from the rules' words, the regions, cages and thermos read
// from the puzzle's data), rated on a path the solution never refutes, read back from the
// line, JSON and CSV forms, with canonical forms the square's symmetries do not change.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "brute_count.hpp"
#include "codec/board_codec.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"
#include "core/variants.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "input/puzzle_reader.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// The sanitizer build (scripts/test.sh sets GRIDPRESS_SANITIZED) certifies fewer puzzles: the
// independent counter's plain backtracking runs about ten times slower there.
const bool kSanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;

Variant named(const char* name) {
  auto v = parse_variant(name);
  REQUIRE(v);
  return *v;
}

std::string refusal(const char* name) {
  auto v = parse_variant(name);
  return v ? std::string() : v.error().to_string();
}

std::vector<int> ints(const Grid& g) { return {g.cells.begin(), g.cells.end()}; }

// The counter's problem of a puzzle from its board's data (regions, cages) and the rules its
// variant's parts name: rows and columns; the boxes or the regions; x's diagonals; no equal digits
// touching at a corner (anti-king); each cage's digits different (a unit of its own) and adding up
// to its sum (the empty cells' different digits must be able to make up the rest).
brute::Problem problem_of(const Grid& g) {
  const int n = g.n();
  const Board& b = board_of(g);
  brute::Problem p{n, n * n, brute::latin_units(n), {}};
  if (has_part(g.variant(), Variant::kJigsaw)) {
    std::vector<std::vector<int>> regions(static_cast<size_t>(n));
    for (int c = 0; c < n * n; ++c) regions[static_cast<size_t>(b.region[static_cast<size_t>(c)])].push_back(c);
    for (auto& r : regions) p.units.push_back(r);
  } else {
    auto boxes = brute::sudoku_units(g.shape.box_rows, g.shape.box_cols);
    p.units.insert(p.units.end(), boxes.begin() + 2 * n, boxes.end());
  }
  if (has_part(g.variant(), Variant::kX))
    for (auto& d : brute::diagonal_units(n)) p.units.push_back(d);
  if (has_part(g.variant(), Variant::kAntiKing))
    p.checks.push_back([n](const std::vector<int>& cells, int cell) {
      for (int o = 0; o < n * n; ++o)
        if (std::abs(o / n - cell / n) == 1 && std::abs(o % n - cell % n) == 1 &&
            cells[static_cast<size_t>(o)] == cells[static_cast<size_t>(cell)])
          return false;
      return true;
    });
  // Thermo: along each thermometer the digits rise from the bulb (every two placed cells of it in
  // order).
  if (const ThermoRule* t = b.rule<ThermoRule>())
    p.checks.push_back([thermos = t->thermos](const std::vector<int>& cells, int cell) {
      for (const auto& th : thermos)
        if (std::find(th.begin(), th.end(), cell) != th.end())
          for (size_t i = 0; i < th.size(); ++i)
            for (size_t j = i + 1; j < th.size(); ++j) {
              const int a = cells[static_cast<size_t>(th[i])], z = cells[static_cast<size_t>(th[j])];
              if (a && z && a >= z) return false;
            }
      return true;
    });
  std::vector<int> cage_of(static_cast<size_t>(n * n), -1);
  std::vector<std::pair<int, std::vector<int>>> cages;
  for (const Cage& cage : b.cages()) {
    for (int c : cage.cells) cage_of[static_cast<size_t>(c)] = static_cast<int>(cages.size());
    cages.push_back({cage.sum, cage.cells});
    p.units.push_back(cage.cells);
  }
  if (!cages.empty())
    p.checks.push_back([cage_of, cages, n](const std::vector<int>& cells, int cell) {
      const auto& [sum, members] = cages[static_cast<size_t>(cage_of[static_cast<size_t>(cell)])];
      int total = 0, empty = 0;
      for (int c : members) {
        total += cells[static_cast<size_t>(c)];
        empty += cells[static_cast<size_t>(c)] == 0;
      }
      // The empty cells take different digits: at least 1 + 2 + ..., at most n + (n - 1) + ...
      return total + empty * (empty + 1) / 2 <= sum && total + empty * (2 * n - empty + 1) / 2 >= sum;
    });
  return p;
}

int count(const Grid& g, const std::vector<int>& givens, int limit, std::vector<int>* first = nullptr) {
  brute::Counter k(problem_of(g), givens);
  const int found = k.count(limit);
  if (first) *first = k.first();
  return found;
}

void certify(const Puzzle& p) {
  INFO(variant_name(p.givens.variant()) << " " << codec::line_tokens(p.givens.board.get()));
  CHECK(brute::Counter(problem_of(p.givens), ints(p.solution)).consistent());
  std::vector<int> found;
  REQUIRE(count(p.givens, ints(p.givens), 2, &found) == 1);
  CHECK(found == ints(p.solution));
  for (int c = 0; c < p.givens.size(); ++c)
    if (p.givens.cells[static_cast<size_t>(c)])
      CHECK(p.givens.cells[static_cast<size_t>(c)] == p.solution.cells[static_cast<size_t>(c)]);
}

gen::Request request(const char* name, Shape shape = Shape{3, 3}, const char* band = nullptr) {
  gen::Request r;
  r.shape = shape;
  r.variant = named(name);
  if (band) {
    r.difficulty = band;
    if (!variant_def(r.variant).own_scale) r.rating = *grader::band_range(band, r.bands);
  }
  return r;
}

}  // namespace

TEST_CASE("combinations are named by their parts in alphabetical order and refused with a reason", "[combination]") {
  CHECK(variant_name(named("killer+x")) == "killer+x");
  CHECK(named("x+killer") == named("killer+x"));
  CHECK(variant_name(named("x+anti-king")) == "anti-king+x");
  CHECK(variant_name(named("windoku+anti-knight")) == "anti-knight+hyper");
  CHECK(variant_name(named("jigsaw+x")) == "jigsaw+x");
  CHECK(variant_name(named("jigsaw+killer")) == "jigsaw+killer");
  CHECK(refusal("samurai+killer") == "killer+samurai: samurai is several overlapping grids and joins no other variant");
  CHECK(refusal("x+x") == "x+x: a variant cannot be joined to itself");
  CHECK(refusal("killer+even-odd") ==
        "even-odd+killer: both make their marks from the solution (parity marks, cages); a combination takes at most one such part");
  CHECK(refusal("thermo+killer") ==
        "killer+thermo: both make their marks from the solution (cages, thermos); a combination takes at most one such part");
  CHECK(refusal("arrow+thermo").rfind("arrow+thermo: both make their marks from the solution", 0) == 0);
  CHECK(variant_name(named("x+thermo")) == "thermo+x");
  CHECK(variant_name(named("thermo+jigsaw")) == "jigsaw+thermo");
  CHECK(refusal("classic+x").find("classic adds nothing to join") != std::string::npos);
  CHECK(refusal("x+y").rfind("'x+y': unknown variant 'y'", 0) == 0);
  CHECK(refusal("x+hyper+killer") == "'x+hyper+killer': a combination joins two variants, not more");
  // A combination is no single variant: the lists stay the table's rows.
  for (Variant v : all_variants()) CHECK_FALSE(variant_def(v).combination());
}

TEST_CASE("a combination's row combines its parts'", "[combination]") {
  const VariantDef& kx = variant_def(named("killer+x"));
  CHECK(kx.combination());
  CHECK(kx.grown);
  CHECK(kx.marks_replace_givens);
  CHECK(kx.own_scale);
  CHECK(kx.marks == "cages");
  CHECK(has_option(kx, "givens"));
  CHECK(kx.instruction == "row, column, {box} and long diagonal; the digits of a dashed cage add up to its sum, none repeated.");
  CHECK(kx.size_problem(Shape{2, 3}).rfind("killer+x puzzles are 9x9", 0) == 0);
  CHECK(kx.size_problem(Shape{3, 3}).empty());
  const VariantDef& jx = variant_def(named("jigsaw+x"));
  CHECK(jx.instruction == "row, column, outlined region and long diagonal.");
  CHECK_FALSE(jx.box_clue_bounds);
  CHECK(has_option(jx, "regions"));
  CHECK(jx.size_problem(Shape{2, 3}).empty());
  const VariantDef& jk = variant_def(named("jigsaw+killer"));
  CHECK(jk.size_problem(Shape{2, 3}).empty());
  CHECK_FALSE(jk.size_problem(*standard_shape(12)).empty());  // killer goes up to 9x9
  CHECK(codec::keys_of(jk.variant) == std::vector<std::string_view>{"regions", "cages"});
  CHECK(codec::variant_of_keys({"regions", "cages"}) == jk.variant);
  const VariantDef& ak = variant_def(named("anti-king+x"));
  CHECK_FALSE(ak.grown);
  auto board = variant_board(Shape{3, 3}, ak.variant);
  REQUIRE(board);
  CHECK((*board)->units.size() == 29u);  // 27 + the two diagonals
  CHECK((*board)->rule<MoveRule>());
}

TEST_CASE("killer+x, jigsaw+x, jigsaw+killer, anti-king+x and jigsaw+thermo puzzles are unique by an independent count",
          "[combination]") {
  struct Case {
    const char* name;
    Shape shape;
    int seeds;
  };
  // 9x9 jigsaw+killer and thermo+x are made the same way as 9x9 killer+x and 6x6 jigsaw+thermo (the
  // maker on the frame's board); left out for the test's time (the counter is slowest on 9x9 grids
  // with few or no givens).
  for (const Case& c : {Case{"killer+x", Shape{3, 3}, 1}, Case{"jigsaw+x", Shape{3, 3}, 1}, Case{"jigsaw+x", Shape{2, 3}, 1},
                        Case{"jigsaw+killer", Shape{2, 3}, 2}, Case{"anti-king+x", Shape{3, 3}, 1},
                        Case{"jigsaw+thermo", Shape{2, 3}, 1}})
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(c.seeds); ++seed) {
      if (kSanitized && c.shape.n() == 9 && std::string(c.name) != "anti-king+x") continue;
      auto p = gen::generate_one(request(c.name, c.shape), seed);
      REQUIRE(p);
      CHECK(variant_name(p->givens.variant()) == c.name);
      CHECK(p->solution.board == p->givens.board);
      certify(*p);
      const Board& b = board_of(p->givens);
      if (has_part(p->givens.variant(), Variant::kX)) CHECK(b.has_extras());
      if (has_part(p->givens.variant(), Variant::kJigsaw)) CHECK(b.jigsaw());
      if (has_part(p->givens.variant(), Variant::kKiller)) CHECK(b.killer());
    }
}

TEST_CASE("the exact engine counts 9x9 jigsaw+x grids as the independent counter does", "[combination]") {
  // On a 9x9 jigsaw board with the diagonals the engine also locks candidates between any two units
  // sharing two cells or more (solver/generic.cpp UnitPairs): its counts and first solutions must
  // stay the counter's. The puzzle (one solution), two givens taken away (several), and a wrong
  // digit put in an empty cell (none: the puzzle's one solution has another digit there).
  auto p = gen::generate_one(request("jigsaw+x"), 2);
  REQUIRE(p);
  std::vector<Grid> grids{p->givens};
  std::vector<int> givens;
  for (int c = 0; c < p->givens.size(); ++c)
    if (p->givens.cells[static_cast<size_t>(c)]) givens.push_back(c);
  REQUIRE(givens.size() >= 3);
  for (size_t k : {size_t{0}, givens.size() / 2}) {
    Grid g = p->givens;
    g.cells[static_cast<size_t>(givens[k])] = 0;
    g.cells[static_cast<size_t>(givens[k + 1])] = 0;
    grids.push_back(g);
  }
  const Board& board = board_of(p->givens);
  for (int c = 0; c < p->givens.size() && grids.size() < 4; ++c) {
    if (p->givens.cells[static_cast<size_t>(c)]) continue;
    for (int v = 1; v <= 9; ++v) {
      bool clash = v == p->solution.cells[static_cast<size_t>(c)];
      for (int q : board.peers[static_cast<size_t>(c)]) clash = clash || p->givens.cells[static_cast<size_t>(q)] == v;
      if (clash) continue;
      Grid g = p->givens;
      g.cells[static_cast<size_t>(c)] = static_cast<std::uint8_t>(v);
      grids.push_back(g);
      break;
    }
  }
  REQUIRE(grids.size() == 4);
  const int expected[] = {1, 2, 2, 0};
  for (size_t i = 0; i < grids.size(); ++i) {
    INFO("grid " << i << " " << codec::line_tokens(grids[i].board.get()));
    Grid first;
    const int found = solver::count_solutions(grids[i], 2, &first);
    CHECK(found == expected[i]);
    if (kSanitized) continue;  // the counter's plain backtracking on 9x9: the optimised build only
    std::vector<int> theirs;
    CHECK(count(grids[i], ints(grids[i]), 2, &theirs) == found);
    if (found == 1) CHECK(ints(first) == theirs);  // with two, each search may meet another first
    if (found) CHECK(brute::Counter(problem_of(grids[i]), ints(first)).consistent());
  }
}

TEST_CASE("combinations are rated on their parts' ladders, on a sound path", "[combination]") {
  for (const char* name : {"killer+x", "jigsaw+killer", "jigsaw+x", "anti-king+x"})
    for (const char* band : {"easy", "hard"}) {
      if (kSanitized && std::string(band) != "easy") continue;
      auto p = gen::generate_one(request(name, Shape{3, 3}, band), 1);
      REQUIRE(p);
      INFO(name << " " << band);
      CHECK(p->label == band);
      grader::GradeOptions go;
      go.record_path = true;
      go.check_against = &p->solution;
      const grader::Grade g = grader::grade(p->givens, go);
      CHECK(g.solved);
      CHECK(g.wrong_step.empty());
      CHECK_FALSE(g.used_uniqueness);
    }
  // Two rules of different ladders: one ladder made of both.
  auto both = variant_board(Shape{3, 3}, named("anti-king+anti-knight"));
  REQUIRE(both);
  bool knight = false, king = false;
  for (const auto& e : grader::ladder(**both)) {
    knight = knight || e.name == std::string("Anti-knight pointing");
    king = king || e.name == std::string("Anti-king pointing");
    CHECK(e.name != std::string("BUG"));
  }
  CHECK(knight);
  CHECK(king);
}

TEST_CASE("combinations read back from the line, JSON and CSV forms", "[combination]") {
  auto p = gen::generate_one(request("jigsaw+killer", Shape{2, 3}), 3);
  REQUIRE(p);
  std::string puzzle;
  for (auto v : p->givens.cells) puzzle += v ? char('0' + v) : '.';
  const std::string tokens = codec::line_tokens(p->givens.board.get());
  CHECK(tokens.find(' ') != std::string::npos);  // regions and cages
  {  // the line form names the combination by its two tokens
    std::istringstream in(puzzle + " " + tokens + "\n");
    input::PuzzleReader reader(in, "in.txt");
    auto item = reader.next();
    REQUIRE(item);
    REQUIRE(item->grid);
    CHECK(*item->grid == p->givens);
    CHECK(solver::count_solutions(*item->grid, 2) == 1);
  }
  {  // JSON: both fields and the variant
    nlohmann::ordered_json j;
    j["puzzle"] = puzzle;
    j["variant"] = "jigsaw+killer";
    codec::put_json(j, p->givens.board.get());
    std::istringstream in("{\"puzzles\": [" + j.dump() + "]}");
    input::PuzzleReader reader(in, "in.json");
    auto item = reader.next();
    REQUIRE(item);
    REQUIRE(item->grid);
    CHECK(*item->grid == p->givens);
  }
  {  // CSV: a column per key
    std::istringstream in("puzzle,regions,cages\n" + puzzle + "," + codec::token(p->givens.board.get(), "regions") + "," +
                          codec::token(p->givens.board.get(), "cages") + "\n");
    input::PuzzleReader reader(in, "in.csv");
    auto item = reader.next();
    REQUIRE(item);
    REQUIRE(item->grid);
    CHECK(*item->grid == p->givens);
  }
  // killer+x: the cages alone read as killer, and as killer+x when the variant says so.
  auto kx = gen::generate_one(request("killer+x"), 2);
  REQUIRE(kx);
  std::string empty(81, '.');
  std::istringstream in("{\"puzzles\": [{\"puzzle\": \"" + empty + "\", \"variant\": \"killer+x\", \"cages\": " +
                        codec::json_value(kx->givens.board.get(), "cages").dump() + "}]}");
  input::PuzzleReader reader(in, "in.json");
  auto item = reader.next();
  REQUIRE(item);
  REQUIRE(item->grid);
  CHECK(*item->grid == kx->givens);
  Result<Grid> line = Grid(kx->givens);
  line->board = *codec::board_from_token(Shape{3, 3}, "cages", codec::token(kx->givens.board.get(), "cages"));
  CHECK(line->variant() == Variant::kKiller);
  reader.apply_variant(line, 1, named("killer+x"));
  REQUIRE(line);
  CHECK(*line == kx->givens);
  // A combination without its data is refused with the place.
  std::istringstream missing("{\"puzzles\": [{\"puzzle\": \"" + empty + "\", \"variant\": \"killer+x\"}]}");
  input::PuzzleReader r2(missing, "m.json");
  auto bad = r2.next();
  REQUIRE(bad);
  REQUIRE_FALSE(bad->grid);
  CHECK(bad->grid.error().to_string().find("a killer+x puzzle without its \"cages\"") != std::string::npos);
}

TEST_CASE("combination canonical forms ignore the square's symmetries", "[combination]") {
  for (const char* name : {"killer+x", "jigsaw+killer", "anti-king+x"}) {
    auto p = gen::generate_one(request(name), 4);
    REQUIRE(p);
    const std::string form = gen::canonical_form(p->givens);
    CHECK(form.rfind(std::string(name) + ":", 0) == 0);
    const Board& b = board_of(p->givens);
    for (int t : {1, 3, 6}) {
      const std::vector<int> to = square_image(9, t);
      std::vector<int> region(81);
      Grid moved(p->givens.shape);
      for (int c = 0; c < 81; ++c) {
        moved.cells[static_cast<size_t>(to[static_cast<size_t>(c)])] = p->givens.cells[static_cast<size_t>(c)];
        region[static_cast<size_t>(to[static_cast<size_t>(c)])] = b.region[static_cast<size_t>(c)];
      }
      auto frame = frame_board(Shape{3, 3}, p->givens.variant(), b.jigsaw() ? &region : nullptr);
      REQUIRE(frame);
      std::vector<Rule> rules;
      for (const Rule& r : b.rules)
        if (!rule_key(r).empty()) rules.push_back(mapped(r, b, to));
      moved.board = rules.empty() ? *frame : with_rules(**frame, p->givens.variant(), rules);
      INFO(name << " symmetry " << t);
      CHECK(solver::count_solutions(moved, 2) == 1);  // the image is a puzzle (certified above as generated)
      CHECK(gen::canonical_form(moved) == form);
    }
  }
}
