// Killer solving and generation: the killer solver against an independent counter written here
// (plain backtracking with cage sum checks), every generated cage sum against the solution, and
// the cage token and canonical form.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "input/puzzle_reader.hpp"
#include "layout/grid_draw.hpp"
#include "layout/rule_draw.hpp"
#include "solver/cages.hpp"
#include "solver/generic.hpp"
#include "solver/solver.hpp"

using namespace gp;

namespace {

// Counts solutions up to `limit` by plain backtracking, cage after cage (in the order of their
// first cells), each cage's cells in reading order: a value must be new to its row, column, box
// and cage, the cage's running sum must leave a sum its empty cells can make (between the
// smallest and largest sums of that many digits), and a full cage must meet its sum exactly.
class Counter {
 public:
  explicit Counter(const Grid& g) : g_(g), b_(board_of(g)), n_(g.n()), cells_(g.cells) {
    for (const Cage& cage : b_.cages()) order_.insert(order_.end(), cage.cells.begin(), cage.cells.end());
  }

  int count(int limit) {
    limit_ = limit;
    found_ = 0;
    rows_.assign(static_cast<size_t>(n_), 0);
    cols_ = boxes_ = rows_;
    for (int c = 0; c < g_.size(); ++c) {
      const int v = cells_[static_cast<size_t>(c)];
      if (!v) continue;
      if (seen(c) & bit(v)) return 0;
      mark(c, v);
    }
    for (const Cage& cage : b_.cages()) {
      int sum = 0, empty = 0;
      Mask digits = 0;
      for (int c : cage.cells) {
        const int v = cells_[static_cast<size_t>(c)];
        if (!v) ++empty;
        else if (digits & bit(v)) return 0;
        digits |= v ? bit(v) : 0;
        sum += v;
      }
      if (cage.sum - sum < cage_min_sum(empty) || cage.sum - sum > cage_max_sum(empty, n_)) return 0;
    }
    walk(0);
    return found_;
  }

 private:
  Mask seen(int c) const {
    return rows_[static_cast<size_t>(b_.row(c))] | cols_[static_cast<size_t>(b_.col(c))] |
           boxes_[static_cast<size_t>(b_.box(c))];
  }
  void mark(int c, int v) {
    rows_[static_cast<size_t>(b_.row(c))] ^= bit(v);
    cols_[static_cast<size_t>(b_.col(c))] ^= bit(v);
    boxes_[static_cast<size_t>(b_.box(c))] ^= bit(v);
  }

  // Whether the cage of c still works with v in c.
  bool cage_ok(int c, int v) const {
    const Cage& cage = b_.cages()[static_cast<size_t>(b_.cage_of()[static_cast<size_t>(c)])];
    int sum = v, empty = 0;
    for (int d : cage.cells) {
      if (d == c) continue;
      const int x = cells_[static_cast<size_t>(d)];
      if (x == v) return false;
      if (x) sum += x;
      else ++empty;
    }
    const int left = cage.sum - sum;
    return left >= cage_min_sum(empty) && left <= cage_max_sum(empty, n_);
  }

  void walk(size_t i) {
    if (found_ >= limit_) return;
    if (i == order_.size()) {
      ++found_;
      return;
    }
    const int c = order_[i];
    if (g_.cells[static_cast<size_t>(c)]) return walk(i + 1);
    const Mask used = seen(c);
    for (int v = 1; v <= n_ && found_ < limit_; ++v) {
      if ((used & bit(v)) || !cage_ok(c, v)) continue;
      cells_[static_cast<size_t>(c)] = static_cast<std::uint8_t>(v);
      mark(c, v);
      walk(i + 1);
      mark(c, v);
      cells_[static_cast<size_t>(c)] = 0;
    }
  }

  const Grid& g_;
  const Board& b_;
  int n_;
  std::vector<std::uint8_t> cells_;
  std::vector<int> order_;
  std::vector<Mask> rows_, cols_, boxes_;
  int limit_ = 2, found_ = 0;
};

// Every cage's sum is the sum of the solution's digits in it, and no digit repeats in a cage.
bool sums_match(const Puzzle& p) {
  const Board& b = board_of(p.givens);
  for (const Cage& cage : b.cages()) {
    int sum = 0;
    Mask seen = 0;
    for (int c : cage.cells) {
      const int v = p.solution.cells[static_cast<size_t>(c)];
      if (seen & bit(v)) return false;
      seen |= bit(v);
      sum += v;
    }
    if (sum != cage.sum || cage.cells.size() < 2) return false;
  }
  return true;
}

gen::Request killer_request(Shape shape, std::string difficulty = "") {
  gen::Request r;
  r.shape = shape;
  r.variant = Variant::kKiller;
  r.difficulty = std::move(difficulty);
  return r;
}

}  // namespace

TEST_CASE("the killer solver counts and solves a small killer with the cage sums alone", "[killer]") {
  // 4x4, solution 1234/3412/2143/4321: the dominoes of rows 1-2 and 3-4, plus the sums.
  const std::vector<int> sol = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  std::vector<Cage> cages;
  for (int r = 0; r < 4; r += 2)
    for (int c = 0; c < 4; ++c) cages.push_back({sol[static_cast<size_t>(r * 4 + c)] + sol[static_cast<size_t>(r * 4 + c + 4)], {r * 4 + c, r * 4 + c + 4}});
  auto board = killer_board(Shape{2, 2}, cages);
  REQUIRE(board);
  Grid g(*board);
  const int ours = solver::count_solutions(g, 10);
  CHECK(ours == Counter(g).count(10));
  Grid first;
  REQUIRE(solver::count_solutions(g, 1, &first) == 1);
  CHECK(first.variant() == Variant::kKiller);
  // The first solution found meets every cage.
  for (const Cage& cage : (*board)->cages()) {
    int sum = 0;
    for (int c : cage.cells) sum += first.cells[static_cast<size_t>(c)];
    CHECK(sum == cage.sum);
  }
  // A given against the sums: no solution.
  g.cells[0] = 4;  // cage 1 is 1 + 3 = 4: cell 4 would need 0
  CHECK(solver::count_solutions(g, 2) == Counter(g).count(2));
}

TEST_CASE("the one engine searches a killer the same on its board and as base board plus cage rule", "[killer]") {
  // solver::search(base, rules, ...) (the generator's entry, no Board per layout) must walk the
  // same tree as the search on the killer board: same count, nodes and first solution, in fixed
  // and random order, with and without an excluded value, within a budget.
  int with_two = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Shape shape = seed % 3 == 0 ? Shape{2, 3} : Shape{3, 3};
    auto p = gen::generate_one(killer_request(shape), seed);
    REQUIRE(p);
    const Board& killer = *p->givens.board;
    for (int layout = 0; layout < 2; ++layout) {
      // The generated cages (one solution), or one cage per row (every filled grid fits: many).
      std::vector<Cage> cages = killer.cages();
      if (layout == 1) {
        const int n = shape.n();
        cages.assign(static_cast<size_t>(n), Cage{n * (n + 1) / 2, {}});
        for (int c = 0; c < shape.cells(); ++c) cages[static_cast<size_t>(c / n)].cells.push_back(c);
      }
      auto loose = make_cage_rule(shape, cages);
      REQUIRE(loose);
      auto board = with_rules(classic_board(shape), Variant::kKiller, {Rule(*loose)});
      Grid g(board);
      for (int pass = 0; pass < 3; ++pass) {
        Rng r1(seed), r2(seed);
        solver::Request a, b;
        a.limit = b.limit = pass == 0 ? 2 : pass == 1 ? 5 : 1;
        a.node_budget = b.node_budget = 400;
        if (pass == 1) {
          a.exclude_cell = b.exclude_cell = 7;
          a.exclude_value = b.exclude_value = p->solution.cells[7];
        }
        if (pass == 2) {
          a.rng = &r1;
          b.rng = &r2;
        }
        std::vector<std::uint8_t> found;
        const solver::Outcome on_base = solver::search(classic_board(shape), {Rule(*loose)}, g.cells.data(), a, &found);
        Grid first;
        const solver::Outcome on_board = solver::generic::search(g, b, &first);
        CHECK(on_base.count == on_board.count);
        CHECK(on_base.nodes == on_board.nodes);
        CHECK(on_base.exhausted_budget == on_board.exhausted_budget);
        if (on_board.count > 0) CHECK(std::equal(first.cells.begin(), first.cells.end(), found.begin()));
        with_two += on_base.count >= 2;
        CHECK(found.size() == static_cast<size_t>(on_base.count) * static_cast<size_t>(shape.cells()));
      }
    }
  }
  CHECK(with_two > 0);  // the row cages do have second solutions
}

TEST_CASE("the dig's checks on a board with rules use its rules", "[killer]") {
  // A killer without givens is unique by its cages alone: every excluded value has no solution,
  // which a search that ignored the cage rule (the classic units and the cage mates as peers)
  // would find.
  auto p = gen::generate_one(killer_request(Shape{3, 3}), 7);
  REQUIRE(p);
  const Grid& g = p->givens;
  REQUIRE(g.clue_count() == 0);
  for (int cell : {0, 40, 80}) {
    CHECK_FALSE(solver::has_solution_excluding(g, cell, p->solution.cells[static_cast<size_t>(cell)]));
    solver::Request req;
    req.limit = 1;
    req.exclude_cell = cell;
    req.exclude_value = p->solution.cells[static_cast<size_t>(cell)];
    CHECK(solver::search(g, req).count == 0);
  }
  CHECK(solver::has_other_solution(g, p->solution) == false);
  // The same board without its rule (cage mates still peers): the excluded values have solutions.
  auto bare = std::make_shared<Board>(classic_board(Shape{3, 3}));
  bare->variant = Variant::kKiller;
  add_peers(*g.board->rule<CageRule>(), bare->peers);
  const std::shared_ptr<const Board> bare_board = bare;
  Grid without(bare_board);
  CHECK(solver::has_solution_excluding(without, 40, p->solution.cells[40]));
}

TEST_CASE("killer combinations are the digit sets of a size and sum", "[killer]") {
  CHECK(solver::combinations(2, 3) == std::vector<Mask>{bit(1) | bit(2)});
  CHECK(solver::combinations(2, 17) == std::vector<Mask>{bit(8) | bit(9)});
  CHECK(solver::combinations(2, 1).empty());
  CHECK(solver::combinations(3, 15).size() == 8);
  CHECK(solver::combinations(9, 45).size() == 1);
  CHECK(solver::combinations(0, 0).size() == 1);
}

TEST_CASE("small killer puzzles are unique by an independent count, every cage sum from the solution",
          "[killer]") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto p = gen::generate_one(killer_request(shape), seed);
      REQUIRE(p);
      INFO(shape.name() << " seed " << seed << ": " << format_cages(p->givens.board->cages()));
      CHECK(p->givens.variant() == Variant::kKiller);
      CHECK(p->givens.clue_count() == 0);
      CHECK(sums_match(*p));
      CHECK(Counter(p->givens).count(2) == 1);
      CHECK(solver::is_unique(p->givens));
      CHECK(p->solution.board == p->givens.board);
    }
  }
}

TEST_CASE("9x9 killer puzzles of each profile are unique, every cage sum from the solution", "[killer]") {
  for (const char* band : {"easy", "medium", "hard", "fiendish"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto p = gen::generate_one(killer_request(Shape{3, 3}, band), seed);
      REQUIRE(p);
      INFO(band << " seed " << seed << ": " << format_cages(p->givens.board->cages()));
      CHECK(sums_match(*p));
      // Plain backtracking takes seconds to minutes on large cages: the independent count runs on
      // the small-cage profiles, the others are checked by the product solver.
      if (std::string(band) == "easy" || std::string(band) == "medium") CHECK(Counter(p->givens).count(2) == 1);
      CHECK(solver::is_unique(p->givens));
      CHECK(p->label == band);
    }
  }
}

TEST_CASE("killer cage sums match the solution over many seeds", "[killer]") {
  for (std::uint64_t seed = 100; seed < 160; ++seed) {
    auto p = gen::generate_one(killer_request(Shape{3, 3}), seed);
    REQUIRE(p);
    CHECK(sums_match(*p));
    CHECK(solver::is_unique(p->givens));
  }
}

TEST_CASE("killer generation is reproducible and the easy form has a few givens", "[killer]") {
  auto a = gen::generate_one(killer_request(Shape{3, 3}), 42);
  auto b = gen::generate_one(killer_request(Shape{3, 3}), 42);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->givens == b->givens);
  CHECK(a->canonical == b->canonical);
  CHECK(a->canonical.starts_with("killer:"));
  auto r = killer_request(Shape{3, 3});
  r.some_givens = true;
  auto e = gen::generate_one(r, 42);
  REQUIRE(e);
  CHECK(e->givens.clue_count() == 9);
  CHECK(sums_match(*e));
  CHECK(Counter(e->givens).count(2) == 1);
}

TEST_CASE("killer requests that cannot be made are refused", "[killer]") {
  auto r = killer_request(Shape{3, 3});
  r.clues_max = 20;
  CHECK_FALSE(gen::check_request(r));
  r = killer_request(Shape{3, 3});
  r.symmetry = "rotate180";
  CHECK_FALSE(gen::check_request(r));
  r = killer_request(Shape{3, 4});
  CHECK_FALSE(gen::check_request(r));
  gen::Request classic;
  classic.some_givens = true;
  CHECK_FALSE(gen::check_request(classic));
}

TEST_CASE("the cages token reads back, and bad tokens name the cage", "[killer]") {
  const std::vector<Cage> cages = {{3, {0, 1}}, {10, {2, 3, 7}}};
  CHECK(format_cages(cages) == "0+1=3;2+3+7=10");
  auto back = parse_cages("0+1=3;2+3+7=10", 16);
  REQUIRE(back);
  CHECK(*back == cages);
  CHECK(is_cages_token("0+1=3;2+3+7=10"));
  CHECK_FALSE(is_cages_token("1234341221434321"));
  CHECK(parse_cages("0+1=3;2+3", 16).error().to_string().find("cage 2") != std::string::npos);
  CHECK(parse_cages("0+16=3", 16).error().to_string().find("outside the 16 cells") != std::string::npos);
  CHECK(parse_cages("0+x=3", 16).error().to_string().find("bad cell number 'x'") != std::string::npos);
}

TEST_CASE("killer canonical forms are the same under the symmetries of the square", "[killer]") {
  auto p = gen::generate_one(killer_request(Shape{3, 3}), 7);
  REQUIRE(p);
  // The puzzle turned a quarter: the same form.
  const Board& b = board_of(p->givens);
  std::vector<Cage> turned = b.cages();
  for (Cage& cage : turned) {
    for (int& c : cage.cells) c = (c % 9) * 9 + (8 - c / 9);
    std::sort(cage.cells.begin(), cage.cells.end());
  }
  auto board = killer_board(Shape{3, 3}, turned);
  REQUIRE(board);
  Grid g(*board);
  CHECK(gen::canonical_form(g) == p->canonical);
  // Another puzzle: another form.
  auto q = gen::generate_one(killer_request(Shape{3, 3}), 8);
  REQUIRE(q);
  CHECK(q->canonical != p->canonical);
}

TEST_CASE("killer lines, CSV and JSON read back with their cages; bad cages name the line", "[killer]") {
  auto p = gen::generate_one(killer_request(Shape{3, 3}), 11);
  REQUIRE(p);
  const std::string cages = format_cages(p->givens.board->cages());
  std::istringstream in(format_line(p->givens) + " " + cages + "\n" + "puzzle,cages\n" + format_line(p->givens) +
                        "," + cages + "\n");
  input::PuzzleReader reader(in, "k.txt");
  for (int i = 0; i < 2; ++i) {
    auto item = reader.next();
    REQUIRE(item);
    REQUIRE(item->grid);
    CHECK(*item->grid == p->givens);
    CHECK(solver::solve(*item->grid)->cells == p->solution.cells);
  }
  nlohmann::json doc;
  nlohmann::json cage_list = nlohmann::json::array();
  for (const Cage& c : p->givens.board->cages()) cage_list.push_back({{"sum", c.sum}, {"cells", c.cells}});
  doc["puzzles"] = {{{"puzzle", format_line(p->givens)}, {"variant", "killer"}, {"cages", cage_list}}};
  std::istringstream json(doc.dump(2));
  input::PuzzleReader json_reader(json, "k.json");
  auto item = json_reader.next();
  REQUIRE(item);
  REQUIRE(item->grid);
  CHECK(*item->grid == p->givens);

  const std::string empty(16, '.');
  std::istringstream bad(empty + " 0+1=3;2+3=7\n" + empty + " 0+1=3;1+2+3=7;4+5=3;6+7=7;8+9=3;10+11=7;12+13=3;14+15=7\n" +
                         empty + " 0+5=3;1+2+3=7;4+6+7=7;8+9=3;10+11=7;12+13=3;14+15=7\n" + empty +
                         " 0+1=1;2+3=7;4+5=3;6+7=7;8+9=3;10+11=7;12+13=3;14+15=7\n" + empty + " 0+1=x\n");
  input::PuzzleReader bad_reader(bad, "bad.txt");
  const std::vector<std::string> expected = {
      "bad.txt:1: killer cages: cell r2c1 is in no cage",
      "bad.txt:2: killer cages: cage 2: cell r1c2 is already in cage 1 (cages must not overlap)",
      "bad.txt:3: killer cages: cage 1 is not in one piece (its cells must join side by side)",
      "bad.txt:4: killer cages: cage 1: 2 different digits add up to 3 to 7, not 1",
      "bad.txt:5: killer cages: cage 1: bad sum 'x'"};
  for (const std::string& want : expected) {
    auto b = bad_reader.next();
    REQUIRE(b);
    REQUIRE_FALSE(b->grid);
    CHECK(b->grid.error().to_string() == want);
  }
}

TEST_CASE("killer grids are drawn with their cages: dashed outlines and sums; answers without", "[killer]") {
  auto p = gen::generate_one(killer_request(Shape{3, 3}), 12);
  REQUIRE(p);
  layout::GridStyle style;
  std::vector<layout::Item> puzzle, answer, classic;
  layout::draw_grid(puzzle, 0, 0, 10, p->givens, nullptr, style);
  layout::draw_grid(answer, 0, 0, 10, p->givens, &p->solution, style);
  layout::draw_grid(classic, 0, 0, 10, Grid(Shape{3, 3}), nullptr, style);
  std::vector<std::string> sums;
  int dashes = 0;
  for (const auto& item : puzzle) {
    if (const auto* t = std::get_if<layout::TextItem>(&item)) {
      sums.push_back(t->text);
      CHECK(t->font.size_pt >= 9.0);
    }
    if (const auto* l = std::get_if<layout::LineItem>(&item); l && !l->square_cap) {
      ++dashes;
      CHECK(l->width_pt >= 0.75);
    }
  }
  const auto& cages = p->givens.board->cages();
  REQUIRE(sums.size() == cages.size());
  for (size_t i = 0; i < cages.size(); ++i) CHECK(sums[i] == std::to_string(cages[i].sum));
  CHECK(dashes > 4 * static_cast<int>(cages.size()));
  // The answer: the solution's digits on the plain grid, no sums and no dashes.
  int answer_texts = 0;
  for (const auto& item : answer) answer_texts += std::holds_alternative<layout::TextItem>(item);
  CHECK(answer_texts == 81);
  CHECK(answer.size() == classic.size() + 81);
}

TEST_CASE("killer sums are at least 9 pt; dashes lighter than the cell lines, at least 0.75 pt; a given sits under its sum",
          "[killer]") {
  layout::GridStyle style;  // cell lines 0.75 pt, the print floor
  CHECK(layout::cage_sum_size_pt(6.0, style) == Approx(9.0));
  CHECK(layout::cage_sum_size_pt(20.0, style) == Approx(20.0 * 0.26 / layout::pt_to_mm(1)));
  CHECK(layout::cage_line_pt(style) == Approx(0.75));
  CHECK(layout::cage_line_grey(style) > 0.2);  // as wide as the cell lines: lighter in tone
  layout::GridStyle large = style;
  large.min_digit_pt = 16;  // a large-print profile's theme.min_digit_size
  CHECK(layout::cage_sum_size_pt(10.0, large) == Approx(16.0));
  large.thin_pt = 1.25;
  CHECK(layout::cage_line_pt(large) == Approx(0.9375));  // thinner than the cell lines, black
  CHECK(layout::cage_line_grey(large) == 0.0);
  layout::GridStyle kdp = style;
  kdp.thin_pt = 1.0;
  CHECK(layout::cage_line_pt(kdp) == Approx(0.75));

  gen::Request r = killer_request(Shape{3, 3});
  r.some_givens = true;
  auto p = gen::generate_one(r, 5);
  REQUIRE(p);
  const double cell = 10;
  std::vector<layout::Item> items;
  layout::draw_grid(items, 0, 0, cell, p->givens, nullptr, style);
  std::map<std::pair<int, int>, layout::Box> sum_at;  // cell (row, column) -> its sum's box
  std::vector<const layout::TextItem*> digits;
  int dashes = 0;
  for (const auto& item : items) {
    if (const auto* t = std::get_if<layout::TextItem>(&item)) {
      if (t->optical) digits.push_back(t);
      else sum_at[{static_cast<int>(t->box.y / cell), static_cast<int>(t->box.x / cell)}] = t->box;
    }
    if (const auto* l = std::get_if<layout::LineItem>(&item); l && l->grey > 0) {
      ++dashes;
      CHECK(l->width_pt >= 0.75);
      CHECK(l->width_pt <= style.thin_pt);
    }
  }
  CHECK(dashes > 100);
  CHECK(digits.size() == 9);
  int under = 0;
  for (const layout::TextItem* d : digits) {
    const auto it = sum_at.find({static_cast<int>(d->box.y / cell), static_cast<int>(d->box.x / cell)});
    if (it == sum_at.end()) continue;
    ++under;
    // The digit's ink (centred in its box) starts below the sum's ink (9 pt from the sum's top).
    const double ink_top = d->box.y + d->box.h / 2 - layout::pt_to_mm(d->font.size_pt) * layout::kDigitHeightPerEm / 2;
    CHECK(ink_top > it->second.y + layout::pt_to_mm(layout::cage_sum_size_pt(cell, style)));
  }
  INFO("givens in a cell that holds a sum: " << under);
  CHECK(under > 0);  // the seed has some, so the check above ran
}
