// A long section is generated in chunks (BatchOptions::first + exclude, see book/sections.hpp):
// the chunks must give exactly the puzzles one batch gives, duplicates and all.
#include <catch2/catch.hpp>

#include <string>
#include <unordered_set>
#include <vector>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/generator.hpp"

using namespace gp;

namespace {

std::vector<std::string> lines_of(const std::vector<Puzzle>& puzzles) {
  std::vector<std::string> out;
  for (const Puzzle& p : puzzles) out.push_back(format_line(p.givens) + " " + std::to_string(p.seed));
  return out;
}

std::vector<std::string> in_chunks(const gen::Request& r, std::uint64_t seed, int count, int chunk) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> out;
  for (int first = 0; first < count; first += chunk) {
    gen::BatchOptions bo;
    bo.stream = 3;
    bo.first = static_cast<std::uint64_t>(first);
    bo.exclude = &seen;
    auto batch = gen::generate_batch(r, seed, std::min(chunk, count - first), bo);
    REQUIRE(batch.ok());
    for (const Puzzle& p : *batch) seen.insert(p.canonical);
    for (const std::string& line : lines_of(*batch)) out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("a batch made in chunks equals the batch made at once") {
  // 4x4 has few distinct puzzles, so this run has duplicates to replace: the chunked run must
  // replace the same ones with the same seeds.
  for (const char* grid : {"4x4", "9x9"}) {
    gen::Request r;
    r.shape = parse_shape(grid).value();
    r.symmetry = "none";
    const int count = r.shape.n() == 4 ? 24 : 12;
    gen::BatchOptions bo;
    bo.stream = 3;
    auto whole = gen::generate_batch(r, 77, count, bo);
    REQUIRE(whole.ok());
    const auto expected = lines_of(*whole);
    CHECK(in_chunks(r, 77, count, 5) == expected);
    CHECK(in_chunks(r, 77, count, 1) == expected);
  }
}

TEST_CASE("a 4x4 run this long does meet duplicates, so the test above exercises replacement") {
  gen::Request r;
  r.shape = Shape{2, 2};
  r.symmetry = "none";
  auto whole = gen::generate_batch(r, 77, 24, {});
  REQUIRE(whole.ok());
  int replaced = 0;
  for (int i = 0; i < 24; ++i)
    if ((*whole)[static_cast<std::size_t>(i)].seed != mix_seed(77, 0, static_cast<std::uint64_t>(i))) ++replaced;
  CHECK(replaced > 0);
}
