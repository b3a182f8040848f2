// Difficulty in books: the spec's bands as generator targets (each band's own floor, the top band's
// cap), and what a section asks the generator for.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "book/sections.hpp"
#include "core/difficulty.hpp"
#include "grader/grader.hpp"
#include "spec/spec.hpp"

namespace {

gp::spec::BookSpec parse(const std::string& yaml) {
  auto spec = gp::spec::parse_book_spec(yaml, "t.yaml");
  if (!spec) FAIL(spec.error().to_string());
  return *spec;
}

gp::gen::Request request(const std::string& yaml, int s = 0) {
  const gp::spec::BookSpec spec = parse(yaml);
  auto r = gp::book::make_request(spec, s);
  if (!r) FAIL(r.error().to_string());
  return *r;
}

}  // namespace

TEST_CASE("difficulty: a custom band is targeted from its own floor, also when it ends where a default band ends") {
  const auto r = request("bands: {tough: [3.0, 4.0]}\nsections:\n  - difficulty: tough\n    clues: any\n");
  REQUIRE(r.rating);
  CHECK(r.rating->lo == 3.0);
  CHECK(r.rating->hi == 4.0);
  CHECK_FALSE(r.rating->lo_exclusive);
  CHECK(r.rating->contains(3.0));
  CHECK(r.rating->contains(4.0));
  CHECK_FALSE(r.rating->contains(2.8));
  // The default bands keep their (previous max, max] ranges.
  const auto hard = request("sections:\n  - difficulty: hard\n    clues: any\n");
  REQUIRE(hard.rating);
  CHECK(hard.rating->lo == 2.5);
  CHECK(hard.rating->lo_exclusive);
  CHECK(hard.rating->hi == 4.0);
  // The band is really reachable: three puzzles made within a short budget.
  auto spec = parse("bands: {tough: [3.0, 4.0]}\nsections:\n  - difficulty: tough\n    clues: any\n    count: 3\n");
  auto req = gp::book::make_request(spec, 0);
  REQUIRE(req);
  req->budget_seconds = 30;
  auto batch = gp::gen::generate_batch(*req, 5, 3);
  REQUIRE(batch);
  for (const auto& p : *batch) {
    CHECK(p.rating >= 3.0);
    CHECK(p.rating <= 4.0);
  }
}

TEST_CASE("difficulty: the top band's cap is kept in books; the default top band stays open") {
  const auto r = request("bands: {fiendish: [6.0, 6.5]}\nsections:\n  - difficulty: fiendish\n    clues: any\n");
  REQUIRE(r.rating);
  CHECK(r.rating->hi == 6.5);
  CHECK_FALSE(r.rating->contains(6.6));
  const auto open = request("sections:\n  - difficulty: fiendish\n    clues: any\n");
  REQUIRE(open.rating);
  CHECK(std::isinf(open.rating->hi));
  // Labels: a rating above every band still gets the top band's name.
  CHECK(gp::grader::label_for(7.7, r.bands) == "fiendish");
}

TEST_CASE("difficulty: every minimal 4x4 puzzle needs hidden singles in boxes at most (the refusal rests on it)") {
  // Every 4x4 solution grid, every clue set that leaves it unique and is minimal, graded. Solving
  // with box singles only gets easier with more givens, so no 4x4 puzzle rates above these.
  // A fact about the grader's ratings, checked in the optimised build (an exhaustive run too slow
  // for the sanitizer build, which runs the other cases).
  if (std::getenv("GRIDPRESS_SANITIZED")) return;
  std::vector<std::vector<int>> grids;
  std::vector<int> g(16, 0);
  auto fits = [&](int c, int v) {
    const int r = c / 4, k = c % 4, br = r / 2 * 2, bc = k / 2 * 2;
    for (int i = 0; i < 4; ++i)
      if (g[static_cast<size_t>(r * 4 + i)] == v || g[static_cast<size_t>(i * 4 + k)] == v) return false;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        if (g[static_cast<size_t>((br + i) * 4 + bc + j)] == v) return false;
    return true;
  };
  std::function<void(int)> fill = [&](int c) {
    if (c == 16) return grids.push_back(g);
    for (int v = 1; v <= 4; ++v)
      if (fits(c, v)) {
        g[static_cast<size_t>(c)] = v;
        fill(c + 1);
        g[static_cast<size_t>(c)] = 0;
      }
  };
  fill(0);
  REQUIRE(grids.size() == 288);
  long minimal = 0;
  double highest = 0;
  for (const auto& a : grids) {
    std::vector<unsigned> differ;  // cells where another grid differs: a unique clue set hits each
    for (const auto& b : grids) {
      unsigned m = 0;
      for (int c = 0; c < 16; ++c)
        if (a[static_cast<size_t>(c)] != b[static_cast<size_t>(c)]) m |= 1u << c;
      if (m) differ.push_back(m);
    }
    auto unique = [&](unsigned s) {
      for (unsigned m : differ)
        if (!(s & m)) return false;
      return true;
    };
    for (unsigned s = 0; s < 65536; ++s) {
      if (!unique(s)) continue;
      bool is_minimal = true;
      for (int c = 0; c < 16 && is_minimal; ++c)
        if ((s >> c & 1u) && unique(s & ~(1u << c))) is_minimal = false;
      if (!is_minimal) continue;
      ++minimal;
      gp::Grid p(gp::Shape{2, 2});
      for (int c = 0; c < 16; ++c)
        if (s >> c & 1u) p.cells[static_cast<size_t>(c)] = static_cast<std::uint8_t>(a[static_cast<size_t>(c)]);
      const auto grade = gp::grader::grade(p);
      REQUIRE(grade.solved);
      highest = std::max(highest, grade.rating);
    }
  }
  CHECK(minimal == 85632);
  CHECK(highest == *gp::highest_rating(4));
}

TEST_CASE("difficulty: clues follow the band by default, overridable per band and per section") {
  auto clues = [](const std::string& yaml) {
    const auto r = request(yaml);
    return std::pair{r.clues_min, r.clues_max};
  };
  CHECK(clues("sections:\n  - difficulty: easy\n") == std::pair{36, 40});
  CHECK(clues("sections:\n  - difficulty: hard\n") == std::pair{27, 30});
  CHECK(clues("sections:\n  - difficulty: expert\n") == std::pair{24, 27});
  CHECK(clues("sections:\n  - difficulty: easy\n    grid: 6x6\n") == std::pair{14, 18});
  // The band's own clues, then the section's.
  CHECK(clues("bands: {hard: {clues: [24, 26]}}\nsections:\n  - difficulty: hard\n") == std::pair{24, 26});
  CHECK(clues("bands: {hard: {clues: [24, 26]}}\nsections:\n  - difficulty: hard\n    clues: 25\n") == std::pair{25, 25});
  CHECK(clues("sections:\n  - difficulty: hard\n    clues: any\n") == std::pair{0, 0});
  // A default band given another rating range keeps the dig's counts (the table fits the default).
  CHECK(clues("bands: {hard: [3.0, 4.0]}\nsections:\n  - difficulty: hard\n") == std::pair{0, 0});
  // No difficulty: 9x9 as before; 12x12 and 16x16 get ranges that do not dig down to chains.
  CHECK(clues("sections:\n  - name: A\n") == std::pair{0, 0});
  CHECK(clues("sections:\n  - grid: 12x12\n") == std::pair{60, 68});
  CHECK(clues("sections:\n  - grid: 16x16\n") == std::pair{120, 132});
  // A band's clues are read with their place; a new band needs a rating.
  auto bad = gp::spec::parse_book_spec("bands: {tough: {clues: [20, 22]}, hard: {clue: 3}}\nsections:\n  - name: A\n",
                                       "t.yaml");
  REQUIRE_FALSE(bad.ok());
  const std::string msg = bad.error().to_string();
  CHECK(msg.find("t.yaml:1:9: bands.tough: a new band needs a rating range: tough: {rating: [A, B]}") !=
        std::string::npos);
  CHECK(msg.find("bands.hard.clue: unknown key; did you mean 'clues'?") != std::string::npos);
}

TEST_CASE("difficulty: an even spread deals the puzzles to slices of the band; order: rating ramps") {
  const std::string yaml = "seed: 4\nsections:\n  - difficulty: hard\n    count: 6\n";
  const gp::spec::BookSpec spec = parse(yaml);
  auto r = gp::book::make_request(spec, 0);
  REQUIRE(r);
  const auto slices = gp::book::spread_slices(spec.sections[0], *r);
  REQUIRE(slices.size() == 3);
  CHECK(slices[0].lo == 2.5);
  CHECK(slices[0].hi == 2.8);
  CHECK(slices[2].hi == 4.0);
  std::unordered_set<std::string> seen;
  auto store = gp::book::generate_section(spec, 0, *r, 2, seen);
  REQUIRE(store);
  REQUIRE(store->size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    INFO(i);
    CHECK(slices[i % 3].contains(store->get(i).rating));
  }
  // order: rating sorts the same puzzles easiest first.
  const gp::spec::BookSpec sorted = parse(yaml + "    order: rating\n");
  std::unordered_set<std::string> seen2;
  auto ramp = gp::book::generate_section(sorted, 0, *r, 1, seen2);
  REQUIRE(ramp);
  REQUIRE(ramp->size() == 6);
  for (std::size_t i = 1; i < 6; ++i) CHECK(ramp->get(i - 1).rating <= ramp->get(i).rating);
  // spread: any, a narrow custom band, 4x4-6x6 and 12x12-16x16 sections: one batch, as before.
  CHECK(gp::book::spread_slices(parse(yaml + "    spread: any\n").sections[0], *r).empty());
  const auto narrow = request("bands: {fiendish: [6.0, 6.5]}\nsections:\n  - difficulty: fiendish\n    count: 9\n");
  CHECK(gp::book::spread_slices(parse("sections:\n  - count: 9\n").sections[0], narrow).empty());
}

TEST_CASE("difficulty: a section out of budget fails, or keeps what it made when asked") {
  // 17 clues in 0.2 s: the search cannot finish.
  const gp::spec::BookSpec spec = parse("sections:\n  - clues: 17\n    symmetry: none\n    count: 3\n    budget: 0.2\n");
  auto r = gp::book::make_request(spec, 0);
  REQUIRE(r);
  CHECK(r->budget_seconds == 0.2);
  std::unordered_set<std::string> seen;
  auto failed = gp::book::generate_section(spec, 0, *r, 1, seen);
  REQUIRE_FALSE(failed);
  CHECK(failed.error().kind == gp::ErrorKind::budget);
  gp::Error ran_out;
  auto kept = gp::book::generate_section(spec, 0, *r, 1, seen, {}, &ran_out);
  REQUIRE(kept);
  CHECK(kept->size() < 3);
  CHECK(ran_out.kind == gp::ErrorKind::budget);
  CHECK(ran_out.to_string().find("gave up after 0.2 s") == 0);
}

TEST_CASE("difficulty: running out in a slice of an even spread says how the slice relates to the section") {
  const gp::spec::BookSpec spec =
      parse("sections:\n  - difficulty: hard\n    clues: 17\n    symmetry: none\n    count: 3\n    budget: 0.2\n");
  auto r = gp::book::make_request(spec, 0);
  REQUIRE(r);
  std::unordered_set<std::string> seen;
  auto failed = gp::book::generate_section(spec, 0, *r, 1, seen);
  REQUIRE_FALSE(failed);
  const std::string msg = failed.error().to_string();
  INFO(msg);
  CHECK(msg.find("rated hard (2.5 < SE <= 2.8)") != std::string::npos);
  CHECK(msg.find("[the even spread deals 1 of the 3 puzzles to this slice, 1 of 3; `spread: any` takes the whole "
                 "band]") != std::string::npos);
}

TEST_CASE("difficulty: a section's request problem carries its key as data and points at that key") {
  // Each of these passes the spec's own checks and is refused by the generator's request checks;
  // the diagnostic names the key (no message text is read to find it) and sits on its line.
  struct Case {
    const char* yaml;
    const char* key;
    int line;
    const char* says;
  };
  const Case cases[] = {
      {"sections:\n  - variant: killer\n    difficulty: easy\n    minimal: true\n", "sections[0].minimal", 4,
       "no clues to make minimal"},
      {"sections:\n  - count: 2\n  - variant: killer\n    difficulty: easy\n    clues: 30\n", "sections[1].clues", 5,
       "no clue count"},
      {"sections:\n  - grid: 4x4\n    difficulty: expert\n    clues: any\n", "sections[0].difficulty", 3,
       "cannot be made"},
      {"sections:\n  - grid: 4x4\n    clues: any\n    rating: [6.0, 7.0]\n", "sections[0].rating", 4, "cannot be made"},
  };
  for (const Case& c : cases) {
    INFO(c.yaml);
    const gp::spec::BookSpec spec = parse(c.yaml);
    const int s = static_cast<int>(spec.sections.size()) - 1;
    auto r = gp::book::make_request(spec, s);
    REQUIRE_FALSE(r);
    const gp::Diagnostic& d = r.error().diagnostics.front();
    CHECK(d.key == c.key);
    CHECK(d.line == c.line);
    CHECK(d.message.find(c.says) != std::string::npos);
    CHECK(d.message.rfind("sections[" + std::to_string(s) + "]: ", 0) == 0);
  }
}

TEST_CASE("difficulty: Diagnostic::keyed writes the key before the message and keeps it as data") {
  const gp::Diagnostic d = gp::Diagnostic::keyed("b.yaml", 3, 5, "answers.layout", "expected CxR");
  CHECK(d.key == "answers.layout");
  CHECK(d.to_string() == "b.yaml:3:5: answers.layout: expected CxR");
  const gp::Error e = gp::Error::about("clues", "clue counts must not be negative");
  CHECK(e.diagnostics.front().key == "clues");
  CHECK(e.to_string() == "clue counts must not be negative");
}
