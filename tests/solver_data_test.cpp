// Solver against data: the golden file, the puzzle collections, and the fast 9x9 path against the
// generic path on thousands of random partial grids.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "solver/fast9.hpp"
#include "solver/generic.hpp"
#include "solver/solver.hpp"
#include "solver_naive.hpp"

using gp::Grid;

namespace {

bool sanitized() { return std::getenv("GRIDPRESS_SANITIZED") != nullptr; }

std::vector<std::string> read_lines(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

std::string count_text(int count) { return count >= 2 ? "2+" : std::to_string(count); }

int generic_count(const Grid& g, int limit, Grid* first = nullptr) {
  gp::solver::Request req;
  req.limit = limit;
  return gp::solver::generic::search(g, req, first).count;
}

// Every puzzle of a collection: unique, and the solution found fills the givens legally.
void check_all_unique(const std::string& path, int stride) {
  const auto lines = read_lines(path);
  REQUIRE(lines.size() >= 100);
  int checked = 0;
  for (size_t i = 0; i < lines.size(); i += static_cast<size_t>(stride)) {
    auto g = gp::parse_line(lines[i]);
    REQUIRE(g);
    Grid sol;
    const int count = gp::solver::count_solutions(*g, 2, &sol);
    if (count != 1) FAIL(path << " line " << i + 1 << ": " << count << " solutions: " << lines[i]);
    ++checked;
  }
  CHECK(checked == static_cast<int>((lines.size() + static_cast<size_t>(stride) - 1) / static_cast<size_t>(stride)));
}

#if defined(GRIDPRESS_SHARED_DATA)
std::string shared(const char* name) { return std::string(GRIDPRESS_SHARED_DATA) + "/" + name; }
#endif

}  // namespace

TEST_CASE("golden file: naive counter, public API, generic and fast paths all agree") {
  const auto lines = read_lines(std::string(GRIDPRESS_TEST_DATA) + "/solver_golden.txt");
  REQUIRE(lines.size() >= 50);
  int per_size[17] = {};
  int per_count[3] = {};
  for (const auto& line : lines) {
    INFO(line);
    const auto c1 = line.find(':');
    const auto c2 = line.find(':', c1 + 1);
    REQUIRE(c2 != std::string::npos);
    const std::string puzzle = line.substr(0, c1), count = line.substr(c1 + 1, c2 - c1 - 1),
                      solution = line.substr(c2 + 1);
    auto g = gp::parse_line(puzzle);
    REQUIRE(g);
    ++per_size[g->n()];
    ++per_count[count == "2+" ? 2 : std::stoi(count)];

    Grid naive_first;
    const int naive_count = naive::count(*g, 2, &naive_first);
    REQUIRE(count_text(naive_count) == count);

    Grid first;
    CHECK(count_text(gp::solver::count_solutions(*g, 2, &first)) == count);
    CHECK(count_text(generic_count(*g, 2)) == count);
    if (g->n() == 9) CHECK(count_text(gp::solver::fast9::count(g->cells.data(), 2)) == count);
    if (count == "1") {
      CHECK(gp::format_line(first) == solution);
      CHECK(gp::format_line(naive_first) == solution);
      CHECK(gp::format_line(*gp::solver::solve(*g)) == solution);
    } else {
      CHECK(solution.empty());
    }
  }
  for (int n : {4, 6, 8, 9, 12, 16}) CHECK(per_size[n] >= 3);
  for (int k : per_count) CHECK(k >= 10);
}

TEST_CASE("committed samples of the collections are unique") {
  for (const char* name : {"solver_seventeen_clue_sample.txt", "solver_hard_top1465_sample.txt",
                           "solver_hardest_375_sample.txt"}) {
    INFO(name);
    check_all_unique(std::string(GRIDPRESS_TEST_DATA) + "/" + name, 1);
  }
}

#if defined(GRIDPRESS_SHARED_DATA)
TEST_CASE("every puzzle of the shared collections is unique") {
  const int stride = sanitized() ? 10 : 1;  // the sanitizer run checks every tenth puzzle
  check_all_unique(shared("seventeen_clue.txt"), stride);
  check_all_unique(shared("hard_top1465.txt"), stride);
  check_all_unique(shared("hardest_375.txt"), stride);
}
#endif

TEST_CASE("fast 9x9 path equals the generic path on random partial grids") {
  gp::Rng rng(1465);
  const int runs = sanitized() ? 400 : 4000;
  int outcomes[4] = {};
  for (int i = 0; i < runs; ++i) {
    auto full = gp::solver::solve_random(Grid(gp::Shape{3, 3}), rng);
    REQUIRE(full);
    Grid g = *full;
    const int keep = rng.between(18, 45);  // clues kept, out of 81
    std::vector<int> order(81);
    for (int c = 0; c < 81; ++c) order[static_cast<size_t>(c)] = c;
    rng.shuffle(order);
    for (size_t k = static_cast<size_t>(keep); k < 81; ++k) g.cells[static_cast<size_t>(order[k])] = 0;
    if (rng.below(3) == 0) {  // change one given, keeping the rules: often no solution
      const int c = order[0];
      g.cells[static_cast<size_t>(c)] = static_cast<std::uint8_t>(g.cells[static_cast<size_t>(c)] % 9 + 1);
      if (!gp::check_givens(g)) continue;
    }
    INFO(gp::format_line(g));
    Grid fast_first, generic_first;
    const int fast = gp::solver::fast9::count(g.cells.data(), 3, fast_first.cells.data());
    const int generic = generic_count(g, 3, &generic_first);
    REQUIRE(fast == generic);
    ++outcomes[fast];
    if (fast == 1) CHECK(fast_first == generic_first);
    const int cell = static_cast<int>(rng.below(81));
    const int value = rng.between(1, 9);
    gp::solver::Request req;
    req.limit = 1;
    req.exclude_cell = cell;
    req.exclude_value = value;
    CHECK(gp::solver::fast9::has_solution_excluding(g.cells.data(), cell, value) ==
          (gp::solver::generic::search(g, req).count > 0));
  }
  for (int k : outcomes) CHECK(k > 0);
}

TEST_CASE("the digging loop's check: removing a clue keeps uniqueness iff no solution excludes it") {
  gp::Rng rng(17);
  const auto lines = read_lines(std::string(GRIDPRESS_TEST_DATA) + "/solver_hard_top1465_sample.txt");
  for (size_t i = 0; i < lines.size(); i += 4) {
    Grid g = *gp::parse_line(lines[i]);
    Grid sol = *gp::solver::solve(g);
    for (int c = 0; c < 81; ++c) {
      const int v = g.cells[static_cast<size_t>(c)];
      if (!v) continue;
      Grid h = g;
      h.cells[static_cast<size_t>(c)] = 0;
      INFO(lines[i] << " cell " << c);
      CHECK(gp::solver::has_solution_excluding(h, c, v) == !gp::solver::is_unique(h));
      CHECK(gp::solver::has_other_solution(h, sol) == !gp::solver::is_unique(h));
    }
  }
}
