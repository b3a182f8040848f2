// The rules seam (core/rules.hpp), for every rule type: its check of a filled and a partial grid,
// its token round trip through parse_rule, its image under the symmetries of the square (and the
// image's check on the mapped grid), and its relabelling policy. A new rule type adds one sample
// to `samples()`; the static_assert below fails to compile until it does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "brute_count.hpp"
#include "core/grid.hpp"
#include "core/rules.hpp"

using namespace gp;

namespace {

// 4x4 solution, row by row.
const std::vector<std::uint8_t> kSolved = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};

// One sample per rule type: the rule on kSolved's board (4x4), a grid it accepts (kSolved), a
// grid that breaks it (and nothing else but it) with the expected message, and the policy.
struct Sample {
  Rule rule;
  std::vector<std::uint8_t> breaks;
  std::string message;
  Relabel policy;
  std::vector<std::uint8_t> solved = {};  // a grid it accepts, when kSolved breaks it (empty: kSolved)
  const std::vector<std::uint8_t>& accepted() const { return solved.empty() ? kSolved : solved; }
};

// Cages: the dominoes of each row pair (cells r,c and r+1,c), sums from kSolved.
CageRule dominoes() {
  std::vector<Cage> cages;
  for (int r = 0; r < 4; r += 2)
    for (int c = 0; c < 4; ++c) {
      const int a = r * 4 + c, b = a + 4;
      cages.push_back({kSolved[static_cast<size_t>(a)] + kSolved[static_cast<size_t>(b)], {a, b}});
    }
  auto rule = make_cage_rule(Shape{2, 2}, cages);
  REQUIRE(rule);
  return *rule;
}

std::vector<Sample> samples() {
  std::vector<Sample> out;
  {
    auto breaks = kSolved;
    // Cage 1 is cells 0 and 4 (1 + 3 = 4): make it 2 + 3 by a partial grid of those two cells.
    std::fill(breaks.begin(), breaks.end(), 0);
    breaks[0] = 2;
    breaks[4] = 3;
    out.push_back({dominoes(), breaks, "cage 1 (sum 4): its givens add up to 5", Relabel::kNone});
  }
  {
    // Parity marks of kSolved's parities, cell 5 (r2c2, a 4) unmarked; breaking it: a 3 at r1c2,
    // which is marked even.
    auto rule = make_parity_rule(Shape{2, 2}, "OEOEO.OEEOEOEOEO");
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[1] = 3;
    out.push_back({*rule, breaks, "digit 3 at r1c2 is odd, but the cell is marked even (grey square)", Relabel::kParity});
  }
  {
    // Thermos rising on kSolved: r1c1 1 < r1c2 2 < r2c2 4, and r3c1 2 < r4c2 3 (a diagonal step);
    // breaking it: 2 then 1 from the bulb of the first.
    auto rule = make_thermo_rule(Shape{2, 2}, {{0, 1, 5}, {8, 13}});
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[0] = 2;
    breaks[1] = 1;
    out.push_back({*rule, breaks, "digit 1 at r1c2 is not above the 2 at r1c1 nearer the bulb of thermo 1 (digits rise from the bulb)",
                   Relabel::kNone});
  }
  {
    // An arrow on kSolved: circle r2c2 (4), path r2c1 (3) then r1c1 (1); breaking it: 3 + 2 is not 4.
    auto rule = make_arrow_rule(Shape{2, 2}, {{5, {4, 0}}});
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[5] = 4;
    breaks[4] = 3;
    breaks[0] = 2;
    out.push_back({*rule, breaks, "arrow 1 (circle r2c2): the digits on its path add up to 5, not the circle's 4", Relabel::kNone});
  }
  {
    // Signs of kSolved: r1c2 > r1c1 (2 > 1), r2c1 > r1c1 (3 > 1), r2c2 > r2c1 (4 > 3); breaking the
    // first: 2 at r1c1, 1 at r1c2.
    auto rule = make_inequality_rule(Shape{2, 2}, {{5, 4}, {1, 0}, {4, 0}});
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[0] = 2;
    breaks[1] = 1;
    out.push_back({*rule, breaks, "digit 1 at r1c2 is not greater than 2 at r1c1 (the sign points to r1c1)", Relabel::kReverse});
  }
  for (bool kropki : {false, true}) {
    // Dots of kSolved (every pair 1 apart white; kropki: doubles black, 1-2 white), negative.
    // Breaking it: 1 and 3 at r1c1 and r1c2, joined by a white dot (kSolved's 1, 2).
    std::vector<Dot> dots;
    for (int a = 0; a < 16; ++a)
      for (int b : {a + 1, a + 4}) {
        if ((b == a + 1 && b % 4 == 0) || b >= 16) continue;
        const int x = kSolved[static_cast<size_t>(a)], y = kSolved[static_cast<size_t>(b)];
        if (white_pair(x, y)) dots.push_back({a, b, false});
        else if (kropki && black_pair(x, y)) dots.push_back({a, b, true});
      }
    auto rule = make_dot_rule(Shape{2, 2}, dots, kropki, true);
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[0] = 1;
    breaks[1] = 3;
    out.push_back({*rule, breaks, "digits 1 at r1c1 and 3 at r1c2 do not differ by 1, but a white dot joins them",
                   kropki ? Relabel::kNone : Relabel::kReverse});
  }
  {
    // The move rule (anti-knight): kSolved has equal digits a knight's move apart; this 4x4
    // solution has none. Breaking it: 1 at r1c1 and at r2c3.
    const std::vector<std::uint8_t> solved = {1, 2, 3, 4, 4, 3, 2, 1, 3, 4, 1, 2, 2, 1, 4, 3};
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[0] = 1;
    breaks[6] = 1;
    out.push_back({MoveRule{Move::kKnight}, breaks, "digit 1 at r1c1 and r2c3, a knight's move apart", Relabel::kFree,
                   solved});
    // Anti-king (no 4x4 grid keeps it with boxes: the check reads the move only): a 1 at r2c2 and r3c3.
    breaks.assign(16, 0);
    breaks[5] = 1;
    breaks[10] = 1;
    out.push_back({MoveRule{Move::kKing}, breaks, "digit 1 at r2c2 and r3c3, a king's diagonal step apart",
                   Relabel::kFree, {1, 2, 3, 4, 3, 4, 1, 2, 1, 2, 3, 4, 3, 4, 1, 2}});
  }
  {
    // Sandwich clues of kSolved (the rule's factory takes a 4x4 grid; the variant starts at 6x6):
    // rows 5, 0, none, 5 and columns 5, none, 0, 5. Breaking row 2 (clue 0): 1, 2, 4 in r2c1..r2c3.
    auto rule = make_sandwich_rule(Shape{2, 2}, {5, 0, kNoSandwich, 5}, {5, kNoSandwich, 0, 5});
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[4] = 1;
    breaks[5] = 2;
    breaks[6] = 4;
    out.push_back({*rule, breaks, "row 2: the digits between the 1 and the 4 add up to 2, not the clue 0", Relabel::kNone});
  }
  {
    // KenKen cages of kSolved (dominoes and two single cells); breaking the first: 1 and 3 do not
    // differ by 1.
    auto rule = parse_rule("cages", "1-:0.1;12*:2.3;7+:4.5;1-:6.7;2/:8.9;12*:10.11;1-:12.13;2=:14;1=:15", Shape{2, 2});
    REQUIRE(rule);
    std::vector<std::uint8_t> breaks(16, 0);
    breaks[0] = 1;
    breaks[1] = 3;
    out.push_back({*rule, breaks, "cage 1 (1-): its digits 1, 3 do not differ by 1", Relabel::kNone});
  }
  return out;
}

// Every alternative of Rule has a sample (a new rule type must add one).
bool covers_every_type(const std::vector<Sample>& s) {
  std::vector<bool> seen(std::variant_size_v<Rule>, false);
  for (const auto& x : s) seen[x.rule.index()] = true;
  return std::all_of(seen.begin(), seen.end(), [](bool b) { return b; });
}

// The board of a sample: the classic 4x4 units with the rule.
std::shared_ptr<const Board> board_with(const Rule& rule) {
  return with_rules(classic_board(Shape{2, 2}), Variant::kKiller, {rule});
}

std::vector<std::uint8_t> image_of(const std::vector<std::uint8_t>& cells, const std::vector<int>& image) {
  std::vector<std::uint8_t> out(cells.size());
  for (size_t c = 0; c < cells.size(); ++c) out[static_cast<size_t>(image[c])] = cells[c];
  return out;
}

}  // namespace

TEST_CASE("every rule type has a sample in this test", "[rules]") {
  CHECK(covers_every_type(samples()));
  CHECK(rule_keys().size() == std::variant_size_v<Rule>);
}

TEST_CASE("a rule's check accepts its solution and names what breaks it", "[rules]") {
  for (const Sample& s : samples()) {
    INFO(rule_key(s.rule));
    auto board = board_with(s.rule);
    CHECK(check_rule(s.rule, *board, s.accepted()));
    const std::vector<std::uint8_t> empty(16, 0);
    CHECK(check_rule(s.rule, *board, empty));  // a partial grid with nothing placed breaks nothing
    auto broken = check_rule(s.rule, *board, s.breaks);
    REQUIRE_FALSE(broken);
    CHECK(broken.error().to_string() == s.message);
    // The board's own check of givens runs the rule too.
    Grid g(board);
    g.cells = s.breaks;
    auto givens = check_givens(g);
    REQUIRE_FALSE(givens);
    CHECK(givens.error().to_string() == s.message);
  }
}

TEST_CASE("a rule's token reads back as the same rule", "[rules]") {
  for (const Sample& s : samples()) {
    const std::string token = rule_token(s.rule);
    INFO(rule_key(s.rule) << " " << token);
    CHECK(token.find_first_of(" \t\n") == std::string::npos);
    auto back = parse_rule(rule_key(s.rule), token, Shape{2, 2});
    REQUIRE(back);
    CHECK(*back == s.rule);
    CHECK(rule_token(*back) == token);
  }
  auto unknown = parse_rule("zigzags", "x", Shape{2, 2});
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().to_string().find("unknown rule 'zigzags' (known: cages") == 0);
  auto bad = parse_rule("cages", "0+1=3", Shape{2, 2});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().to_string().rfind("cages: ", 0) == 0);
}

TEST_CASE("a rule's image under each symmetry of the square holds on the image of the grid", "[rules]") {
  for (const Sample& s : samples()) {
    auto board = board_with(s.rule);
    for (int t = 0; t < 8; ++t) {
      INFO(rule_key(s.rule) << " symmetry " << t);
      const std::vector<int> image = square_image(4, t);
      // A permutation of the cells.
      std::vector<int> sorted = image;
      std::sort(sorted.begin(), sorted.end());
      for (int c = 0; c < 16; ++c) REQUIRE(sorted[static_cast<size_t>(c)] == c);
      const Rule moved = mapped(s.rule, *board, image);
      auto moved_board = board_with(moved);
      CHECK(check_rule(moved, *moved_board, image_of(s.accepted(), image)));
      auto broken = check_rule(moved, *moved_board, image_of(s.breaks, image));
      CHECK_FALSE(broken);
      // The identity maps the rule onto itself, up to the order mapped() puts its parts in; a
      // second application of an involution (flips, transposition) gives the rule back too.
      if (t == 0) CHECK(rule_token(mapped(moved, *moved_board, image)) == rule_token(moved));
      const bool involution = t == 1 || t == 2 || t == 4 || t == 6;
      if (involution) CHECK(mapped(moved, *moved_board, image) == mapped(s.rule, *board, square_image(4, 0)));
    }
  }
}

TEST_CASE("a rule's relabelling policy is what its data allows", "[rules]") {
  for (const Sample& s : samples()) {
    INFO(rule_key(s.rule));
    CHECK(relabel(s.rule) == s.policy);
    if (s.policy == Relabel::kNone) {
      // Some relabelling breaks it: swap the digits 1 and 2 of the solution.
      auto swapped = kSolved;
      for (auto& v : swapped) v = v == 1 ? 2 : v == 2 ? 1 : v;
      auto board = board_with(s.rule);
      CHECK_FALSE(check_rule(s.rule, *board, swapped));
    }
    if (s.policy == Relabel::kParity) {
      // A relabelling that keeps parity keeps it (1 <-> 3), one that does not breaks it (1 <-> 2).
      auto kept = kSolved, broken = kSolved;
      for (auto& v : kept) v = v == 1 ? 3 : v == 3 ? 1 : v;
      for (auto& v : broken) v = v == 1 ? 2 : v == 2 ? 1 : v;
      auto board = board_with(s.rule);
      CHECK(check_rule(s.rule, *board, kept));
      CHECK_FALSE(check_rule(s.rule, *board, broken));
    }
    if (s.policy == Relabel::kReverse) {
      // The reversal v -> n+1-v keeps it with the rule reversed (reversed_rule): signs turn round,
      // so not as it is; consecutive dots (differences) stay as they are. Swapping 1 and 2 breaks it.
      auto flipped = kSolved, broken = kSolved;
      for (auto& v : flipped) v = static_cast<std::uint8_t>(5 - v);
      for (auto& v : broken) v = v == 1 ? 2 : v == 2 ? 1 : v;
      auto board = board_with(s.rule);
      const Rule turned = reversed_rule(s.rule);
      CHECK(check_rule(turned, *board_with(turned), flipped));
      CHECK(static_cast<bool>(check_rule(s.rule, *board, flipped)) == (turned == s.rule));
      CHECK((turned == s.rule) == std::holds_alternative<DotRule>(s.rule));
      CHECK_FALSE(check_rule(s.rule, *board, broken));
      CHECK(reversed_rule(turned) == s.rule);
    } else {
      CHECK(reversed_rule(s.rule) == s.rule);
    }
  }
  CHECK(relabel(std::vector<Rule>{}) == Relabel::kFree);
  CHECK(relabel(std::vector<Rule>{dominoes()}) == Relabel::kNone);
}

TEST_CASE("a board with rules adds the rules' peers and compares by its rules", "[rules]") {
  auto a = board_with(dominoes());
  CHECK(a->rule<CageRule>() != nullptr);
  CHECK(classic_board(Shape{2, 2}).rule<CageRule>() == nullptr);
  CHECK(classic_board(Shape{2, 2}).cages().empty());
  // Cell 0's peers gain nothing from its vertical domino (cell 4 shares its column)...
  CHECK(a->peers[0] == classic_board(Shape{2, 2}).peers[0]);
  // ...while an L-shaped cage (r1c2, r1c3, r2c3) makes r1c2 and r2c3 peers: they share no unit.
  std::vector<Cage> cages = {{6, {1, 2, 6}}};
  for (int c = 0; c < 16; ++c)
    if (c != 1 && c != 2 && c != 6) cages.push_back({kSolved[static_cast<size_t>(c)], {c}});
  auto rule = make_cage_rule(Shape{2, 2}, cages);
  REQUIRE(rule);
  CHECK(std::count(classic_board(Shape{2, 2}).peers[1].begin(), classic_board(Shape{2, 2}).peers[1].end(), 6) == 0);
  auto b = board_with(*rule);
  CHECK(std::count(b->peers[1].begin(), b->peers[1].end(), 6) == 1);
  Grid x(a), y(b);
  CHECK_FALSE(x == y);
  Grid z(board_with(dominoes()));
  CHECK(x == z);
}

// The independent counter the variants' tests certify with (tests/brute_count.hpp): it finds the
// one solution of a unique puzzle, more than one when a given is taken away, none when a rule or
// a unit is broken, and obeys its predicates.
TEST_CASE("the independent brute counter counts what it is told", "[rules]") {
  brute::Problem classic4{4, 16, brute::sudoku_units(2, 2), {}};
  std::vector<int> solved(kSolved.begin(), kSolved.end());
  std::vector<int> puzzle = solved;
  for (int c : {0, 1, 2, 5, 6, 7, 8, 11, 13, 14}) puzzle[static_cast<size_t>(c)] = 0;
  brute::Counter one(classic4, puzzle);
  CHECK(one.count(2) == 1);
  CHECK(one.first() == solved);
  CHECK(brute::Counter(classic4, std::vector<int>(16, 0)).count(1000) == 288);  // every 4x4 Sudoku
  std::vector<int> clash = puzzle;
  clash[0] = clash[3];  // the same value twice in row 1
  CHECK(brute::Counter(classic4, clash).count(2) == 0);
  // A rule: r1c1 is even. The 288 grids split evenly between 2 and 4 there.
  brute::Problem even = classic4;
  even.checks.push_back([](const std::vector<int>& cells, int) { return cells[0] == 0 || cells[0] % 2 == 0; });
  CHECK(brute::Counter(even, std::vector<int>(16, 0)).count(1000) == 144);
  CHECK(brute::Counter(even, solved).count(2) == 0);  // r1c1 holds 1
  // A Latin square of 4 has 576 fillings.
  CHECK(brute::Counter(brute::Problem{4, 16, brute::latin_units(4), {}}, std::vector<int>(16, 0)).count(1000) == 576);
}
