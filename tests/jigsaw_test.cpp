// Jigsaw: region maps (checked, grown at random, symmetric on request), generated puzzles checked
// against an independent counter over units written from the region text, canonical forms with
// the regions, the puzzle store and the one puzzle reader.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/puzzle_store.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "generator/regions.hpp"
#include "input/puzzle_reader.hpp"
#include "layout/grid_draw.hpp"
#include "solver/solver.hpp"
#include "solver_naive.hpp"

using namespace gp;

namespace {

// Rows, columns and the regions read from the region text ('1' names region 1, ...), sharing
// nothing with core's board.
std::vector<std::vector<int>> jigsaw_units(const std::string& regions, int n) {
  std::vector<std::vector<int>> units = naive::line_units(n);
  const std::string names = "123456789ABCDEFG";
  for (int k = 0; k < n; ++k) {
    units.emplace_back();
    for (int c = 0; c < n * n; ++c)
      if (regions[static_cast<size_t>(c)] == names[static_cast<size_t>(k)]) units.back().push_back(c);
  }
  return units;
}

std::string regions_of(const Grid& g) { return format_regions(g.board->region); }

// The standard 6x6 boxes (2 rows x 3 columns) as a region text.
const std::string kBoxes6 = "111222111222333444333444555666555666";

Grid rotated_quarter(const Grid& g, int relabel_base) {
  const int n = g.n();
  std::vector<int> region(static_cast<size_t>(n * n));
  Grid out(g.shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      region[static_cast<size_t>(c * n + (n - 1 - r))] = g.board->region[static_cast<size_t>(r * n + c)];
      if (const int v = g.at(r, c)) out.set(c, n - 1 - r, relabel_base - v);
    }
  out.board = jigsaw_board(g.shape, region).value();
  return out;
}

}  // namespace

TEST_CASE("jigsaw region maps are checked", "[jigsaw][core]") {
  const Shape six{2, 3};
  auto boxes = parse_regions(kBoxes6, 6).value();
  auto board = jigsaw_board(six, boxes);
  REQUIRE(board.ok());
  CHECK((*board)->jigsaw());
  CHECK((*board)->kinds[12] == UnitKind::kRegion);
  CHECK((*board)->unit_name(13) == "region 2");
  CHECK(!(*board)->has_extras());
  CHECK(format_regions((*board)->region) == kBoxes6);
  // Region 1 with a cell of region 2 cut off from the rest of region 2.
  std::string broken = kBoxes6;
  std::swap(broken[2], broken[3]);  // "112122...": region 2 loses a cell to region 1 and back
  CHECK(jigsaw_board(six, parse_regions(broken, 6).value()).error().to_string() ==
        "regions: region 1 is not in one piece (its cells must join side by side)");
  std::string seven = kBoxes6;
  seven[5] = '1';
  CHECK(jigsaw_board(six, parse_regions(seven, 6).value()).error().to_string() ==
        "regions: region 1 has 7 cells, expected 6");
  CHECK(parse_regions("1234", 6).error().to_string() == "regions: 4 characters, expected 36");
  CHECK(parse_regions(std::string(35, '1') + "7", 6).error().to_string() ==
        "regions: region 7 at column 36 on a 6x6 grid (regions are 1-6)");
  CHECK(parse_regions(std::string(35, '1') + "x", 6).error().to_string() ==
        "regions: bad character 'x' at column 36 (regions are named 1-9, then A-G)");
  for (int n : {4, 6, 8, 9, 12, 16}) CHECK(variant_size_problem(Variant::kJigsaw, *standard_shape(n)).empty());
  CHECK(variant_size_problem(Variant::kJigsaw, Shape{3, 2}) ==
        "jigsaw puzzles have regions instead of boxes: the box shape 3x2 does not apply (give the grid size alone)");
  CHECK(!variant_board(Shape{3, 3}, Variant::kJigsaw).ok());
  // The givens are checked against the regions.
  Grid g(*board);
  g.set(0, 0, 4);
  g.set(1, 2, 4);
  CHECK(check_givens(g).error().to_string() == "digit 4 twice in region 1");
}

TEST_CASE("grown region layouts are n connected regions of n cells, symmetric on request", "[jigsaw][generator]") {
  std::set<std::vector<int>> distinct;
  for (int n : {4, 6, 8, 9, 12, 16}) {
    for (bool symmetric : {false, true}) {
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Rng rng(seed);
        const auto grown = gen::grow_regions(n, symmetric, rng);
        REQUIRE(grown.has_value());
        const std::vector<int>& map = *grown;
        INFO("n " << n << " symmetric " << symmetric << " seed " << seed << ": " << format_regions(map));
        REQUIRE(jigsaw_board(*standard_shape(n), map).ok());
        distinct.insert(map);
        if (symmetric) {  // a half turn maps every region onto one region
          std::vector<int> image(static_cast<size_t>(n), -1);
          for (int c = 0; c < n * n; ++c) {
            int& im = image[static_cast<size_t>(map[static_cast<size_t>(c)])];
            const int rot = map[static_cast<size_t>(n * n - 1 - c)];
            if (im < 0) im = rot;
            CHECK(im == rot);
          }
        }
        Rng again(seed);
        CHECK(gen::grow_regions(n, symmetric, again) == map);  // deterministic in the rng
      }
    }
  }
  CHECK(distinct.size() > 200);  // grown, not drawn from a short list
}

TEST_CASE("generated jigsaw puzzles have one solution under their own regions", "[jigsaw][generator]") {
  struct Case {
    int n;
    bool symmetric_regions;
    std::string symmetry;
    int count;
  };
  // The independent counter is slow on 9x9 under the sanitizers: fewer puzzles there.
  const bool sanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;
  const int big = sanitized ? 2 : 6, big_symmetric = sanitized ? 1 : 4;
  for (const Case& k : {Case{4, false, "none", 4}, Case{6, false, "none", 6}, Case{6, true, "rotate180", 4},
                        Case{8, false, "none", 3}, Case{9, false, "none", big}, Case{9, true, "rotate180", big_symmetric}}) {
    gen::Request r;
    r.shape = *standard_shape(k.n);
    r.variant = Variant::kJigsaw;
    r.symmetric_regions = k.symmetric_regions;
    r.symmetry = k.symmetry;
    auto batch = gen::generate_batch(r, 21, k.count);
    REQUIRE(batch.ok());
    for (const Puzzle& p : *batch) {
      REQUIRE(p.givens.variant() == Variant::kJigsaw);
      const std::string regions = regions_of(p.givens);
      INFO(format_line(p.givens) << " " << regions);
      REQUIRE(p.solution.board == p.givens.board);
      REQUIRE(p.solution.complete());
      const auto units = jigsaw_units(regions, k.n);
      CHECK(naive::count_units(p.solution, units) == 1);  // the solution keeps every region
      for (int c = 0; c < p.givens.size(); ++c)
        if (p.givens.cells[static_cast<size_t>(c)])
          CHECK(p.givens.cells[static_cast<size_t>(c)] == p.solution.cells[static_cast<size_t>(c)]);
      CHECK(naive::count_units(p.givens, units) == 1);
      CHECK(solver::count_solutions(p.givens, 2) == 1);
      CHECK(p.canonical.rfind("jigsaw:", 0) == 0);
      CHECK(p.rating < 0);
    }
  }
}

TEST_CASE("12x12 and 16x16 jigsaw puzzles are unique", "[jigsaw][generator]") {
  // The plain counter is too slow on sparse grids this large: it checks that the solution keeps
  // every row, column and region; the uniqueness proof is the solver's.
  for (int n : {12, 16}) {
    gen::Request r;
    r.shape = *standard_shape(n);
    r.variant = Variant::kJigsaw;
    r.symmetric_regions = n == 16;
    auto p = gen::generate_one(r, 6);
    REQUIRE(p.ok());
    const std::string regions = regions_of(p->givens);
    INFO(format_line(p->givens) << " " << regions);
    CHECK(naive::count_units(p->solution, jigsaw_units(regions, n)) == 1);
    CHECK(solver::count_solutions(p->givens, 2) == 1);
    CHECK(p->givens.clue_count() < n * n / 2);
  }
}

TEST_CASE("a jigsaw puzzle is rebuilt from its seed, for any number of jobs", "[jigsaw][generator]") {
  gen::Request r;
  r.variant = Variant::kJigsaw;
  auto one = gen::generate_batch(r, 5, 4);
  gen::BatchOptions two_jobs;
  two_jobs.jobs = 2;
  auto two = gen::generate_batch(r, 5, 4, two_jobs);
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  for (size_t i = 0; i < 4; ++i) {
    CHECK((*one)[i].givens == (*two)[i].givens);
    CHECK(regions_of((*one)[i].givens) == regions_of((*two)[i].givens));
    auto again = gen::generate_one(r, (*one)[i].seed);
    REQUIRE(again.ok());
    CHECK(again->givens == (*one)[i].givens);
  }
  CHECK(regions_of((*one)[0].givens) != regions_of((*one)[1].givens));
}

TEST_CASE("jigsaw canonical forms carry the regions through the symmetries of the square", "[jigsaw][canonical]") {
  gen::Request r;
  r.variant = Variant::kJigsaw;
  auto p = gen::generate_one(r, 3);
  REQUIRE(p.ok());
  const Grid& g = p->givens;
  const std::string form = p->canonical;
  CHECK(form.size() == std::string("jigsaw:").size() + 81 + 1 + 81);
  // A quarter turn of digits and regions, relabelled: the same puzzle.
  const Grid t = rotated_quarter(g, 10);
  CHECK(solver::count_solutions(t, 2) == 1);
  CHECK(gen::canonical_form(t) == form);
  // Renumbering the regions changes nothing.
  std::vector<int> renumbered = g.board->region;
  for (int& x : renumbered) x = 8 - x;
  Grid relabelled = g;
  relabelled.board = jigsaw_board(g.shape, renumbered).value();
  CHECK(gen::canonical_form(relabelled) == form);
  // The same digits on other regions are another puzzle.
  Rng rng(99);
  Grid other = g;
  other.board = jigsaw_board(g.shape, gen::grow_regions(9, false, rng).value()).value();
  CHECK(gen::canonical_form(other) != form);
}

TEST_CASE("the puzzle store keeps each jigsaw puzzle's regions", "[jigsaw][core]") {
  gen::Request r;
  r.variant = Variant::kJigsaw;
  r.shape = Shape{2, 3};
  auto batch = gen::generate_batch(r, 8, 3);
  REQUIRE(batch.ok());
  PuzzleStore store;
  for (const Puzzle& p : *batch) store.add(p);
  for (size_t i = 0; i < 3; ++i) {
    const Puzzle back = store.get(i);
    CHECK(back.givens == (*batch)[i].givens);
    CHECK(back.solution == (*batch)[i].solution);
    CHECK(regions_of(back.givens) == regions_of((*batch)[i].givens));
    CHECK(back.solution.board == back.givens.board);
  }
}

TEST_CASE("the puzzle reader takes 'PUZZLE REGIONS' lines, CSV and JSON", "[jigsaw][input]") {
  gen::Request r;
  r.variant = Variant::kJigsaw;
  auto p = gen::generate_one(r, 4);
  REQUIRE(p.ok());
  const std::string puzzle = format_line(p->givens), regions = regions_of(p->givens);
  const std::string solution = format_line(p->solution);
  std::string broken = regions;  // two cells of different regions swapped across the grid
  const auto far = broken.find_last_not_of(broken[0]);
  std::swap(broken[0], broken[far]);
  std::istringstream in(puzzle + " " + regions + "\n" + puzzle + " " + solution + "\n" + puzzle + " " + broken +
                        "\n" + puzzle + " " + regions + " " + solution + "\n");
  input::PuzzleReader reader(in, "p.txt");
  auto a = reader.next();
  REQUIRE(a->grid.ok());
  CHECK(a->grid->variant() == Variant::kJigsaw);
  CHECK(*a->grid == p->givens);
  auto b = reader.next();  // a solution after the puzzle is not a region map
  REQUIRE(b->grid.ok());
  CHECK(b->grid->variant() == Variant::kClassic);
  auto c = reader.next();
  REQUIRE(!c->grid.ok());
  CHECK(c->grid.error().to_string().rfind("p.txt:3: jigsaw regions: region ", 0) == 0);
  auto d = reader.next();
  REQUIRE(d->grid.ok());
  CHECK(*d->grid == p->givens);
  CHECK(!reader.next());

  std::istringstream grid("# puzzle 1\n# regions " + regions + "\n" + format_grid(p->givens) + "\n" +
                          format_grid(p->givens));
  input::PuzzleReader grid_reader(grid, "p.grid");
  auto h = grid_reader.next();
  REQUIRE(h->grid.ok());
  CHECK(*h->grid == p->givens);
  auto k = grid_reader.next();  // the regions line belongs to the grid after it only
  REQUIRE(k->grid.ok());
  CHECK(k->grid->variant() == Variant::kClassic);

  std::istringstream csv("index,puzzle,regions\n1," + puzzle + "," + regions + "\n");
  input::PuzzleReader csv_reader(csv, "p.csv");
  auto e = csv_reader.next();
  REQUIRE(e->grid.ok());
  CHECK(*e->grid == p->givens);

  std::istringstream json("{\"puzzles\": [{\"variant\": \"jigsaw\", \"puzzle\": \"" + puzzle + "\", \"regions\": \"" +
                          regions + "\"}, {\"variant\": \"jigsaw\", \"puzzle\": \"" + puzzle + "\"}]}\n");
  input::PuzzleReader json_reader(json, "p.json");
  auto f = json_reader.next();
  REQUIRE(f->grid.ok());
  CHECK(*f->grid == p->givens);
  auto g = json_reader.next();
  REQUIRE(!g->grid.ok());
  CHECK(g->grid.error().to_string() == "p.json:1: puzzles[1]: a jigsaw puzzle without its \"regions\"");
}

TEST_CASE("jigsaw requests that cannot work are refused with the reason", "[jigsaw][generator]") {
  gen::Request r;
  r.variant = Variant::kJigsaw;
  r.shape = Shape{4, 2};
  CHECK(gen::check_request(r).error().to_string().rfind("jigsaw puzzles have regions instead of boxes", 0) == 0);
  r.shape = Shape{3, 3};
  r.rating = grader::band_range("hard").value();
  CHECK(gen::check_request(r).ok());  // the grader reads the regions as houses
  r.rating.reset();
  r.symmetric_regions = true;
  CHECK(gen::check_request(r).ok());
  CHECK(gen::describe(r) == "9x9 jigsaw (symmetric regions)");
  r.variant = Variant::kX;
  CHECK(gen::check_request(r).error().to_string() ==
        "symmetric regions are for jigsaw puzzles only (x has no regions to lay out)");
}

TEST_CASE("jigsaw grids are drawn with heavy lines on the region borders only", "[jigsaw][layout]") {
  const layout::GridStyle style = layout::grid_style(spec::Theme{});
  constexpr double kCell = 6.0;
  auto heavy_edges = [&](const Grid& g, int& thin, int& heavy_lines) {
    std::vector<layout::Item> items;
    layout::draw_grid(items, 0, 0, kCell, g, nullptr, style);
    const int n = g.n();
    const double half = layout::pt_to_mm(style.border_pt) / 2;
    std::set<std::pair<int, int>> edges;  // (cell, neighbour right or below) under a heavy line
    thin = heavy_lines = 0;
    for (const auto& item : items) {
      const auto* l = std::get_if<layout::LineItem>(&item);
      if (!l) continue;
      CHECK(l->width_pt >= 0.75);
      if (l->width_pt != style.box_pt) {
        ++thin;
        continue;
      }
      ++heavy_lines;
      const bool horizontal = l->y1 == l->y2;
      const int at = static_cast<int>(std::lround(((horizontal ? l->y1 : l->x1) - half) / kCell));
      const int from = static_cast<int>(std::lround(((horizontal ? l->x1 : l->y1) - half) / kCell));
      const int to = static_cast<int>(std::lround(((horizontal ? l->x2 : l->y2) - half) / kCell));
      for (int k = from; k < to; ++k)
        edges.insert(horizontal ? std::pair{(at - 1) * n + k, at * n + k} : std::pair{k * n + at - 1, k * n + at});
    }
    return edges;
  };
  // On the standard 6x6 box map the region borders are the box lines: two across, one down.
  Grid boxes(jigsaw_board(Shape{2, 3}, parse_regions(kBoxes6, 6).value()).value());
  int thin = 0, heavy = 0;
  heavy_edges(boxes, thin, heavy);
  CHECK(heavy == 3);
  CHECK(thin == 10);  // every cell line, thin, under the heavy ones
  // A grown layout: heavy exactly where side-by-side cells are in different regions.
  gen::Request r;
  r.variant = Variant::kJigsaw;
  auto p = gen::generate_one(r, 12);
  REQUIRE(p.ok());
  const auto edges = heavy_edges(p->givens, thin, heavy);
  const auto& region = p->givens.board->region;
  std::set<std::pair<int, int>> expected;
  for (int c = 0; c < 81; ++c) {
    if (c % 9 < 8 && region[static_cast<size_t>(c)] != region[static_cast<size_t>(c + 1)]) expected.insert({c, c + 1});
    if (c < 72 && region[static_cast<size_t>(c)] != region[static_cast<size_t>(c + 9)]) expected.insert({c, c + 9});
  }
  CHECK(edges == expected);
  CHECK(thin == 16);
}

TEST_CASE("a jigsaw book records variant and regions in its manifest", "[jigsaw][book]") {
  test::TempDir dir;
  test::spit(dir / "j.yaml",
             "title: Jigsaw\nseed: 4\nsections:\n  - name: Jigsaw\n    variant: jigsaw\n"
             "    regions: symmetric\n    count: 2\n    clues: [24, 28]\n  - name: Small\n    grid: 6x6\n"
             "    variant: jigsaw\n    count: 2\nanswers: {placement: end}\noutput: {path: j.pdf}\n");
  test::pipeline_ok(dir / "j.yaml", {dir / "j.pdf", "", {}, ""});
  const auto manifest = nlohmann::json::parse(test::slurp(dir / "j.json"));
  REQUIRE(manifest["puzzles"].size() == 4);
  for (const auto& e : manifest["puzzles"]) {
    CHECK(e["variant"] == "jigsaw");
    const std::string regions = e["regions"];
    const int n = e["grid"] == "9x9" ? 9 : 6;
    auto map = parse_regions(regions, n);
    REQUIRE(map.ok());
    CHECK(jigsaw_board(*standard_shape(n), *map).ok());
    auto units = jigsaw_units(regions, n);
    Grid g = parse_line(e["givens"].get<std::string>()).value();
    CHECK(naive::count_units(g, units) == 1);
  }
  const std::string csv = test::slurp(dir / "j.csv");
  CHECK(csv.rfind("section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest,"
                  "variant,regions\n", 0) == 0);
  CHECK(csv.find(",jigsaw," + manifest["puzzles"][0]["regions"].get<std::string>() + "\n") != std::string::npos);
}
