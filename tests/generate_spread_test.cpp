// gridpress generate --spread: `even` deals a run's puzzles in turn to the slices of the band that
// books use (puzzle i to slice i mod m), so ratings cover the band; shards and --first give exactly
// the whole run's puzzles; `any` (the default) is the plain batch; `even` needs a rating target.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "book/sections.hpp"
#include "cli_support.hpp"
#include "grader/grader.hpp"

using namespace gp;
using namespace gp::test;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The rating column of `generate --format csv` output.
std::vector<double> ratings(const std::string& csv) {
  std::vector<double> out;
  const std::vector<std::string> rows = lines(csv);
  REQUIRE(!rows.empty());
  std::vector<std::string> header;
  std::stringstream h(rows[0]);
  for (std::string cell; std::getline(h, cell, ',');) header.push_back(cell);
  std::size_t col = 0;
  while (col < header.size() && header[col] != "rating") ++col;
  REQUIRE(col < header.size());
  for (std::size_t r = 1; r < rows.size(); ++r) {
    std::stringstream row(rows[r]);
    std::string cell;
    for (std::size_t c = 0; c <= col; ++c) std::getline(row, cell, ',');
    out.push_back(std::stod(cell));
  }
  return out;
}

}  // namespace

TEST_CASE("generate --spread even: puzzle i lies in slice i mod m of the band, as in books") {
  TempDir dir;
  const Output even = gridpress("generate --difficulty hard --count 9 --seed 5 --spread even --format csv -q --jobs 2", dir);
  INFO(even.err);
  REQUIRE(even.code == 0);
  const std::vector<double> r = ratings(even.out);
  REQUIRE(r.size() == 9);
  gen::Request req;
  req.rating = *grader::band_range("hard");
  req.difficulty = "hard";
  const auto slices = book::spread_slices("even", 9, req);
  REQUIRE(slices.size() == 3);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO(i << ": " << r[i]);
    CHECK(slices[i % 3].contains(r[i]));
  }
  // The top slice is reached, which a plain batch of hard puzzles mostly is not.
  const Output any = gridpress("generate --difficulty hard --count 9 --seed 5 --format csv -q --jobs 2", dir);
  REQUIRE(any.code == 0);
  const Output any_named = gridpress("generate --difficulty hard --count 9 --seed 5 --spread any --format csv -q", dir);
  CHECK(any_named.out == any.out);  // any is the default
  CHECK(any.out != even.out);
}

TEST_CASE("generate --spread even: shards and --first give exactly the whole run's puzzles") {
  TempDir dir;
  const std::string base = "generate --difficulty hard --count 12 --seed 8 --spread even -q --jobs 2";
  const Output whole = gridpress(base, dir);
  REQUIRE(whole.code == 0);
  std::string joined;
  for (int k = 1; k <= 3; ++k) {
    const Output part = gridpress(base + " --shard " + std::to_string(k) + "/3", dir);
    REQUIRE(part.code == 0);
    joined += part.out;
  }
  CHECK(joined == whole.out);
  const Output middle =
      gridpress("generate --difficulty hard --first 5 --count 4 --seed 8 --spread even -q --jobs 2", dir);
  REQUIRE(middle.code == 0);
  const std::vector<std::string> all = lines(whole.out), some = lines(middle.out);
  REQUIRE(all.size() == 12);
  CHECK(some == std::vector<std::string>(all.begin() + 4, all.begin() + 8));
}

TEST_CASE("generate --spread even without a rating target is a usage error") {
  TempDir dir;
  const Output r = gridpress("generate --count 2 --spread even", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("--spread even needs --difficulty or --rating") != std::string::npos);
  const Output bad = gridpress("generate --count 2 --difficulty hard --spread floor", dir);
  CHECK(bad.code == 2);
}
