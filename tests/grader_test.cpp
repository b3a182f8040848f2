// Grader: one puzzle per technique (it fires and sets the rating), every step sound against the
// solution, ladder order, label bands, caps, non-unique rejection, small grids.
#include <catch2/catch.hpp>
#include <array>
#include <bit>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "grader/chains.hpp"
#include "grader/grader.hpp"
#include "grader/techniques.hpp"
#include "solver/solver.hpp"

using namespace gp;
using namespace gp::grader;

namespace {

struct Example {
  double rating;
  std::string technique;
  std::string puzzle;
};

std::vector<Example> load_examples(const char* file = "grader_techniques.tsv") {
  std::ifstream in(std::string(GRIDPRESS_TEST_DATA) + "/" + file);
  REQUIRE(in.good());
  std::vector<Example> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Example e;
    std::string rating;
    std::getline(fields, rating, '\t');
    std::getline(fields, e.technique, '\t');
    std::getline(fields, e.puzzle, '\t');
    e.rating = std::stod(rating);
    out.push_back(e);
  }
  return out;
}

Grid parse(const std::string& s) {
  auto g = parse_line(s);
  REQUIRE(g.ok());
  return g.value();
}

// Every placement agrees with the solution and no elimination removes the solution's value.
void check_sound(const Grid& puzzle, const std::vector<Step>& path) {
  const auto solution = solver::solve(puzzle);
  REQUIRE(solution.has_value());
  for (const Step& s : path) {
    INFO(s.description);
    REQUIRE((!s.placements.empty() || !s.eliminations.empty()));
    for (const auto& p : s.placements) REQUIRE(solution->cells[static_cast<std::size_t>(p.cell)] == p.value);
    for (const auto& e : s.eliminations) REQUIRE(solution->cells[static_cast<std::size_t>(e.cell)] != e.value);
  }
}

using Finder = bool (*)(const State&, Step&);
struct Named {
  const char* name;
  Finder find;
};
// The ladder as the tests expect it: SE 1.2.1's producer order.
const Named kOrder[] = {
    {"Full house", find_full_house},
    {"Hidden single (box)", find_hidden_single_box},
    {"Hidden single (row/column)", find_hidden_single_line},
    {"Direct pointing", find_direct_pointing},
    {"Direct claiming", find_direct_claiming},
    {"Direct hidden pair", find_direct_hidden_pair},
    {"Naked single", find_naked_single},
    {"Direct hidden triple", find_direct_hidden_triple},
    {"Pointing", find_pointing},
    {"Claiming", find_claiming},
    {"Naked pair", find_naked_pair},
    {"X-wing", find_x_wing},
    {"Hidden pair", find_hidden_pair},
    {"Naked triple", find_naked_triple},
    {"Swordfish", find_swordfish},
    {"Hidden triple", find_hidden_triple},
    {"XY-wing", find_xy_wing},
    {"XYZ-wing", find_xyz_wing},
    {"Unique rectangle/loop", find_unique_rectangle},
    {"Naked quad", find_naked_quad},
    {"Jellyfish", find_jellyfish},
    {"Hidden quad", find_hidden_quad},
    {"BUG", find_bug},
    {"Aligned pair exclusion", find_aligned_pair_exclusion},
    {"Chains and cycles", find_chains},
};

}  // namespace

static void check_examples(const std::vector<Example>& examples) {
  for (const auto& e : examples) {
    INFO(e.technique << " " << e.rating << " " << e.puzzle);
    GradeOptions opt;
    opt.record_path = true;
    const Grid puzzle = parse(e.puzzle);
    const Grade g = grade(puzzle, opt);
    REQUIRE(g.unique);
    REQUIRE(g.solved);
    CHECK_FALSE(g.capped);
    CHECK(g.hardest == e.technique);
    CHECK(g.rating == Approx(e.rating).margin(1e-9));
    CHECK(g.counts.at(e.technique) >= 1);
    CHECK(g.label == label_for(e.rating));
    // Unique rectangles, loops and BUG assume one solution; every rung below them is a proof.
    const bool uniqueness = e.technique.starts_with("Unique") || e.technique == "BUG";
    if (uniqueness || e.rating < 4.5) CHECK(g.used_uniqueness == uniqueness);
    int total = 0;
    for (const auto& [name, count] : g.counts) total += count;
    CHECK(total == static_cast<int>(g.path.size()));
    check_sound(puzzle, g.path);
    // Without the technique's rating allowed, the puzzle is not solved: it is really needed.
    GradeOptions below;
    below.max_rating = e.rating - 0.05;
    const Grade capped = grade(puzzle, below);
    CHECK(capped.capped);
    CHECK_FALSE(capped.solved);
    CHECK(capped.label.empty());
  }
}

TEST_CASE("each technique puzzle needs exactly that technique and gets its SE rating", "[grader]") {
  const auto examples = load_examples();
  REQUIRE(examples.size() >= 24);
  check_examples(examples);
}

TEST_CASE("full house: the last empty cell of a unit rates 1.0", "[grader]") {
  const Grid solution = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  Grid puzzle = solution;
  puzzle.set(4, 4, 0);
  puzzle.set(8, 8, 0);
  GradeOptions opt;
  opt.record_path = true;
  const Grade g = grade(puzzle, opt);
  REQUIRE(g.solved);
  CHECK(g.rating == Approx(1.0));
  CHECK(g.hardest == "Full house");
  CHECK(g.counts.at("Full house") == 2);
  REQUIRE(g.path.size() == 2);
  CHECK(g.path[0].description == "Full house in box 5: r5c5 = 5");
  CHECK(g.label == "easy");
}

TEST_CASE("the ladder restarts from the easiest technique after every step", "[grader]") {
  for (const auto& e : load_examples()) {
    INFO(e.puzzle);
    GradeOptions opt;
    opt.record_path = true;
    const Grid puzzle = parse(e.puzzle);
    const Grade g = grade(puzzle, opt);
    State s;
    REQUIRE(s.init(puzzle));
    Step expected;
    for (const Step& step : g.path) {
      bool found = false;
      for (const Named& t : kOrder) {
        expected.clear();
        if (t.find(s, expected)) {
          found = true;
          break;
        }
      }
      REQUIRE(found);
      REQUIRE(expected.technique == step.technique);
      REQUIRE(expected.rating == Approx(step.rating));
      REQUIRE(expected.description == step.description);
      s.apply(step);
      REQUIRE_FALSE(s.contradiction());
    }
    CHECK(s.solved());
  }
  const auto names = ladder();
  REQUIRE(names.size() >= sizeof(kOrder) / sizeof(kOrder[0]));
  for (std::size_t i = 0; i < sizeof(kOrder) / sizeof(kOrder[0]); ++i) CHECK(names[i].name == kOrder[i].name);
  CHECK(names.front().rating == Approx(1.0));
  CHECK(names.back().name == "Nested forcing chains");
}

TEST_CASE("techniques fire on hand-made candidate states", "[grader]") {
  Grid empty(Shape{3, 3});
  SECTION("hidden quad: values 1-4 confined to r1c1-r1c4") {
    State s;
    REQUIRE(s.init(empty));
    for (int c = 4; c < 9; ++c)
      for (int v = 1; v <= 4; ++v) s.eliminate(c, v);
    Step out;
    REQUIRE(find_hidden_quad(s, out));
    CHECK(out.technique == "Hidden quad");
    CHECK(out.rating == Approx(5.4));
    CHECK(out.eliminations.size() == 20);  // 5..9 from four cells
    CHECK(out.description == "Hidden quad 1,2,3,4 in row 1 (r1c1,r1c2,r1c3,r1c4)");
    out.clear();
    CHECK_FALSE(find_hidden_triple(s, out));
  }
  SECTION("direct claiming: 1 of row 1 locked in box 1 leaves row 2 one place") {
    State s;
    REQUIRE(s.init(empty));
    for (int c = 2; c < 9; ++c) s.eliminate(c, 1);       // row 1: only r1c1, r1c2
    for (int c = 9 + 3; c < 9 + 8; ++c) s.eliminate(c, 1);  // row 2: r2c1-3 and r2c9
    Step out;
    REQUIRE(find_direct_claiming(s, out));
    CHECK(out.technique == "Direct claiming");
    CHECK(out.rating == Approx(1.9));
    REQUIRE(out.placements.size() == 1);
    CHECK(out.placements[0] == CellValue{17, 1});
    CHECK(out.description == "Direct claiming 1 in row 1 and box 1, hidden single in row 2: r2c9 = 1");
  }
  SECTION("naked single and hidden single descriptions") {
    Grid g = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    g.set(0, 0, 0);
    State s;
    REQUIRE(s.init(g));
    Step out;
    REQUIRE(find_hidden_single_box(s, out));
    CHECK(out.description == "Hidden single in box 1: r1c1 = 5");
    out.clear();
    REQUIRE(find_naked_single(s, out));
    CHECK(out.description == "Naked single: r1c1 = 5");
  }
}

TEST_CASE("labels follow the bands", "[grader]") {
  CHECK(label_for(1.0) == "easy");
  CHECK(label_for(1.5) == "easy");
  CHECK(label_for(1.7) == "medium");
  CHECK(label_for(2.5) == "medium");
  CHECK(label_for(2.6) == "hard");
  CHECK(label_for(4.0) == "hard");
  CHECK(label_for(4.2) == "expert");
  CHECK(label_for(6.0) == "expert");
  CHECK(label_for(6.2) == "fiendish");
  CHECK(label_for(11.0) == "fiendish");
  Bands custom;
  custom.bands = {{"gentle", 2.0}, {"tough", 99.0}};
  CHECK(label_for(2.0, custom) == "gentle");
  CHECK(label_for(2.3, custom) == "tough");
  CHECK(label_for(120.0, custom) == "tough");

  auto hard = parse_rating_range("hard");
  REQUIRE(hard.ok());
  CHECK_FALSE(hard->contains(2.5));
  CHECK(hard->contains(2.6));
  CHECK(hard->contains(4.0));
  CHECK_FALSE(hard->contains(4.2));
  auto easy = parse_rating_range("easy");
  REQUIRE(easy.ok());
  CHECK(easy->contains(1.0));
  CHECK_FALSE(easy->contains(1.7));
  auto range = parse_rating_range("2.6-4.0");
  REQUIRE(range.ok());
  CHECK(range->contains(2.6));
  CHECK(range->contains(4.0));
  CHECK_FALSE(range->contains(4.2));
  auto bad = parse_rating_range("brutal");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().to_string() ==
        "unknown difficulty 'brutal': expected easy, medium, hard, expert or fiendish or a range A-B such as 2.6-4.0");
  auto reversed = parse_rating_range("4-2");
  REQUIRE_FALSE(reversed.ok());
  CHECK(reversed.error().to_string() == "bad rating range '4-2': low end above high end");
  auto junk = parse_rating_range("a-b");
  REQUIRE_FALSE(junk.ok());
  CHECK(junk.error().to_string() == "bad rating range 'a-b': expected A-B with numbers, such as 2.6-4.0");
}

TEST_CASE("a puzzle without exactly one solution is never rated", "[grader]") {
  const Grade empty = grade(Grid(Shape{3, 3}));
  CHECK_FALSE(empty.unique);
  CHECK(empty.solutions == 2);
  CHECK(empty.rating < 0);
  CHECK(empty.label.empty());
  CHECK(empty.hardest.empty());
  CHECK(empty.path.empty());

  Grid conflict = parse("55...............................................................................");
  const Grade c = grade(conflict);
  CHECK_FALSE(c.unique);
  CHECK(c.solutions == 0);
  CHECK(c.rating < 0);

  // Two solutions: a solved grid with a deadly rectangle emptied (four cells in two boxes holding
  // a,b / b,a, so a and b can swap).
  const Grid solved = parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  bool found = false;
  for (int r1 = 0; r1 < 9 && !found; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && !found; ++r2)
      for (int c1 = 0; c1 < 9 && !found; ++c1)
        for (int c2 = c1 + 1; c2 < 9 && !found; ++c2) {
          if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;  // two boxes: a deadly pattern
          if (solved.at(r1, c1) != solved.at(r2, c2) || solved.at(r1, c2) != solved.at(r2, c1)) continue;
          Grid two = solved;
          two.set(r1, c1, 0);
          two.set(r1, c2, 0);
          two.set(r2, c1, 0);
          two.set(r2, c2, 0);
          found = true;
          const Grade t = grade(two);
          CHECK_FALSE(t.unique);
          CHECK(t.solutions == 2);
          CHECK(t.rating < 0);
          CHECK(t.label.empty());
        }
  CHECK(found);
}

TEST_CASE("a cap stops the ladder early", "[grader]") {
  const Grid puzzle = parse(".4........861...34..15..26....3.584.....4.....589.2....95..83..16...945........1.");
  GradeOptions opt;
  opt.max_rating = 4.0;
  const Grade g = grade(puzzle, opt);
  CHECK(g.unique);
  CHECK(g.capped);
  CHECK_FALSE(g.solved);
  CHECK(g.rating <= 4.0);
  CHECK(g.label.empty());
  opt.max_rating = 4.2;
  const Grade ok = grade(puzzle, opt);
  CHECK(ok.solved);
  CHECK_FALSE(ok.capped);
  CHECK(ok.rating == Approx(4.2));
  CHECK(ok.label == "expert");
}

TEST_CASE("small grids for children grade with the same ladder", "[grader]") {
  // 4x4 (2x2 boxes) and 6x6 (2x3 boxes): which techniques these grids admit is in docs/grader.md.
  const auto examples = load_examples("grader_small.tsv");
  REQUIRE(examples.size() >= 8);
  check_examples(examples);
}

TEST_CASE("State keeps places, placed values and empty counts in step with the candidates", "[grader]") {
  // Random candidate eliminations and placements (not a real solve) on every shape; after each
  // change the kept tables must equal a recount from values and candidates.
  for (const Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4}, Shape{4, 4}}) {
    INFO(shape.name());
    Rng rng(shape.n());
    State s;
    REQUIRE(s.init(Grid(shape)));
    const int n = s.n();
    for (int u = 0; u < 3 * n; ++u)
      for (int i = 0; i < n; ++i) REQUIRE(s.index_in(s.unit(u)[static_cast<std::size_t>(i)], u / n) == i);
    // The first unit/value whose kept tables disagree with a recount, or "" when all agree.
    auto mismatch = [&]() -> std::string {
      for (int u = 0; u < 3 * n; ++u) {
        int empty = 0;
        for (int c : s.unit(u)) empty += s.value(c) == 0 ? 1 : 0;
        if (s.empty_in(u) != empty) return "empty count of " + s.unit_name(u);
        for (int v = 1; v <= n; ++v) {
          Mask places = 0;
          bool placed = false;
          for (int i = 0; i < n; ++i) {
            const int c = s.unit(u)[static_cast<std::size_t>(i)];
            if (s.has(c, v)) places |= Mask{1} << i;
            placed |= s.value(c) == v;
          }
          if (s.places(u, v) != places || s.placed_in(u, v) != placed)
            return "value " + std::to_string(v) + " in " + s.unit_name(u);
        }
      }
      return "";
    };
    for (int step = 0; step < 4 * s.cells(); ++step) {
      const int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(s.cells())));
      const Mask m = s.cand(c);
      if (!m) continue;
      const int v = lowest_value(m);
      if (rng.below(4) == 0) {
        s.place(c, v);
      } else {
        CHECK(s.eliminate(c, v));
        CHECK_FALSE(s.eliminate(c, v));
      }
      REQUIRE(mismatch() == "");
    }
  }
}

TEST_CASE("each_combination lists k of n in lexicographic order and stops when asked", "[grader]") {
  std::vector<std::string> seen;
  auto record = [&](const std::array<int, kMaxN>& idx, int k) {
    std::string t;
    for (int i = 0; i < k; ++i) t += static_cast<char>('0' + idx[static_cast<std::size_t>(i)]);
    seen.push_back(t);
  };
  CHECK_FALSE(each_combination(4, 2, [&](const auto& idx) { record(idx, 2); return false; }));
  CHECK(seen == std::vector<std::string>{"01", "02", "03", "12", "13", "23"});
  seen.clear();
  CHECK(each_combination(5, 3, [&](const auto& idx) { record(idx, 3); return seen.size() == 4; }));
  CHECK(seen == std::vector<std::string>{"012", "013", "014", "023"});
  seen.clear();
  CHECK_FALSE(each_combination(3, 0, [&](const auto& idx) { record(idx, 0); return false; }));
  CHECK(seen == std::vector<std::string>{""});  // one empty combination
  CHECK_FALSE(each_combination(2, 3, [&](const auto&) { return true; }));
  CHECK_FALSE(each_combination(2, -1, [&](const auto&) { return true; }));
}

TEST_CASE("bit_count counts the set bits of any mask", "[grader]") {
  for (Mask m : {Mask{0}, Mask{1}, Mask{0x1FF}, Mask{0xFFFF}, Mask{0x8001}, Mask{0xA5A5A5A5u}, ~Mask{0}})
    CHECK(bit_count(m) == std::popcount(m));
}
