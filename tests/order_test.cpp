// The book-level `order` (issue 28 item 2): `interleave` deals the sections' puzzle pages in turn,
// `rising` orders them by difficulty on a scale common to SE and killer ratings; numbers, answer
// references, the manifest and the catalogue follow the page order; the spec refuses what has no
// meaning without a run of one section.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "book/order.hpp"
#include "cli_support.hpp"
#include "layout/approx_measure.hpp"
#include "layout/layout.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

spec::BookSpec load(const std::string& yaml) {
  auto spec = spec::parse_book_spec(yaml, "o.yaml");
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  return *spec;
}

std::string load_error(const std::string& yaml) {
  auto spec = spec::parse_book_spec(yaml, "o.yaml");
  REQUIRE_FALSE(spec.ok());
  return spec.error().to_string();
}

layout::BookPlan plan_of(const spec::BookSpec& spec, const std::vector<int>& counts,
                         const std::vector<std::vector<double>>& keys = {}) {
  layout::ApproxTextMeasure measure;
  auto plan = layout::plan_book(spec, counts, measure, {}, keys);
  INFO((plan ? std::string() : plan.error().to_string()));
  REQUIRE(plan.ok());
  return *plan;
}

// "s0:0 s1:0 ..." : the section and first puzzle of each puzzle page, in page order.
std::string puzzle_pages(const layout::BookPlan& plan) {
  std::string out;
  for (const layout::PlannedPage& p : plan.pages)
    if (p.kind == layout::PageKind::puzzles)
      out += (out.empty() ? "" : " ") + std::string("s") + std::to_string(p.section) + ":" + std::to_string(p.first);
  return out;
}

const char* kThree =
    "title: T\nsections:\n"
    "  - {name: A, count: 5, per_page: 2}\n"
    "  - {name: B, count: 2, per_page: 2, grid: 6x6}\n"
    "  - {name: C, count: 4, per_page: 2}\n";

}  // namespace

TEST_CASE("order: the spec key, its default and the combinations it refuses, at their place") {
  CHECK(load(kThree).order == "sections");
  const spec::BookSpec inter = load(std::string(kThree) + "order: interleave\n");
  CHECK(inter.order == "interleave");
  for (const auto& s : inter.sections) CHECK_FALSE(s.heading_page);  // no run of one section to head
  CHECK(load(std::string(kThree) + "order: rising\n").order == "rising");
  CHECK(spec::to_yaml(inter).find("order: interleave") != std::string::npos);

  CHECK_THAT(load_error(std::string(kThree) + "order: shuffle\n"),
             Catch::Contains("o.yaml:6:8: order: unknown value 'shuffle'") &&
                 Catch::Contains("sections, interleave, rising"));
  CHECK_THAT(load_error("title: T\norder: interleave\nsections:\n  - {name: A, heading_page: true}\n"),
             Catch::Contains("o.yaml:4:29: sections[0].heading_page: true asks for a heading page, but order: "
                             "interleave deals the sections' pages together"));
  CHECK_THAT(load_error("title: T\norder: rising\nsections:\n  - {name: A}\n  - {name: B, number_from: 100}\n"),
             Catch::Contains("o.yaml:5:28: sections[1].number_from: numbers a section on its own"));
  CHECK_THAT(load_error("title: T\norder: interleave\nanswers: {placement: after-section}\nsections:\n  - {name: A}\n"),
             Catch::Contains("o.yaml:3:22: answers.placement: after-section cannot follow a section"));
  CHECK_THAT(load_error("title: T\norder: interleave\nworksheet: {names: [Ann, Bo]}\nsections:\n  - {name: A}\n"),
             Catch::Contains("o.yaml:2:1: order: is not for a class list"));
  // The default order keeps a section's own heading page and number_from.
  const spec::BookSpec plain = load("title: T\nsections:\n  - {name: A, number_from: 7}\n");
  CHECK(plain.sections[0].heading_page);
  CHECK(plain.sections[0].number_from == 7);
}

TEST_CASE("order: interleave deals a page of each section in turn; numbers and answers follow") {
  const spec::BookSpec plain = load(kThree);
  const layout::BookPlan by_section = plan_of(plain, {5, 2, 4});
  CHECK(puzzle_pages(by_section) == "s0:0 s0:2 s0:4 s1:0 s2:0 s2:2");
  // The default order's records are already in book order.
  std::vector<std::size_t> identity(by_section.records.size());
  for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = i;
  CHECK(by_section.book_order() == identity);

  spec::BookSpec spec = load(std::string(kThree) + "order: interleave\nfront_matter: {contents: true}\n");
  const layout::BookPlan plan = plan_of(spec, {5, 2, 4});
  CHECK(puzzle_pages(plan) == "s0:0 s1:0 s2:0 s0:2 s2:2 s0:4");
  for (const layout::PlannedPage& p : plan.pages) CHECK(p.kind != layout::PageKind::section_heading);
  CHECK(plan.book_pages == by_section.book_pages - 3 + 1);  // the three heading pages are gone; a contents page
  // Records stay section by section; numbers run in page order, 1..11, each on its page.
  REQUIRE(plan.records.size() == 11);
  std::vector<int> numbers;
  for (std::size_t at : plan.book_order()) {
    const layout::PuzzleRecord& r = plan.records[at];
    numbers.push_back(r.number);
    const layout::PlannedPage& pp = plan.pages[static_cast<std::size_t>(r.page - 1)];
    CHECK(pp.kind == layout::PageKind::puzzles);
    CHECK(pp.section == r.section);
    CHECK((r.index >= pp.first && r.index < pp.first + pp.count));
    const layout::PlannedPage& ap = plan.pages[static_cast<std::size_t>(r.answer_page - 1)];
    CHECK(ap.kind == layout::PageKind::answers);
    CHECK(ap.section == r.section);
    CHECK((r.index >= ap.first && r.index < ap.first + ap.count));
  }
  CHECK(numbers == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  CHECK(plan.records[0].number == 1);  // A's first page
  CHECK(plan.records[2].number == 7);  // A's second page comes after a page of B and of C
  CHECK(plan.records[5].number == 3);  // B's first puzzle
  CHECK(plan.records[10].number == 10);
  // Each section's first page, for the contents (one "Puzzles" line).
  CHECK(plan.section_pages[1] == plan.section_pages[0] + 1);
  // Same plan again: the deal depends on the counts alone.
  CHECK(puzzle_pages(plan_of(spec, {5, 2, 4})) == puzzle_pages(plan));
}

TEST_CASE("order: rising orders the pages by their puzzles' difficulty, pages alike in turn") {
  const spec::BookSpec spec = load(std::string(kThree) + "order: rising\n");
  // Without keys (the checks before generation) the pages are those of interleave.
  CHECK(puzzle_pages(plan_of(spec, {5, 2, 4})) == "s0:0 s1:0 s2:0 s0:2 s2:2 s0:4");
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<std::vector<double>> keys = {{0.1, 0.2, 1.5, 1.6, 3.0}, {0.1, 0.2}, {inf, inf, inf, inf}};
  const layout::BookPlan plan = plan_of(spec, {5, 2, 4}, keys);
  // A's and B's first pages alike (0.15): round-robin order; C (unrated) last.
  CHECK(puzzle_pages(plan) == "s0:0 s1:0 s0:2 s0:4 s2:0 s2:2");
  CHECK(plan.records[4].number == 7);  // A's fifth puzzle on the fourth page
}

TEST_CASE("difficulty_key: SE and killer ratings on one scale of five bands") {
  using book::difficulty_key;
  CHECK(difficulty_key(0.0, false) == Approx(0.0));
  CHECK(difficulty_key(1.5, false) == Approx(1.0));   // top of SE easy
  CHECK(difficulty_key(2.2, true) == Approx(1.0));    // top of killer easy
  CHECK(difficulty_key(1.0, true) == Approx(0.0));    // the killer scale's floor
  CHECK(difficulty_key(2.0, false) == Approx(1.5));   // halfway through SE medium (1.5, 2.5]
  CHECK(difficulty_key(2.5, true) == Approx(1.5));    // halfway through killer medium (2.2, 2.8]
  CHECK(difficulty_key(6.0, false) == Approx(4.0));   // top of SE expert
  CHECK(difficulty_key(5.4, true) == Approx(4.0));    // top of killer expert
  CHECK(difficulty_key(10.0, true) == Approx(5.0));   // unfinished killer: the top
  CHECK(difficulty_key(12.0, false) == Approx(5.0));
  CHECK(std::isinf(difficulty_key(-1.0, false)));     // unrated: last
  // Rising within each scale.
  for (bool own : {false, true})
    for (double r = 0.0; r < 11.9; r += 0.1) CHECK(difficulty_key(r, own) <= difficulty_key(r + 0.1, own));
}

namespace {

struct Listed {
  int number, page, answer_page;
  std::string section, variant;
  double rating;
};

std::vector<Listed> manifest(const std::string& path) {
  const nlohmann::json doc = nlohmann::json::parse(test::slurp(path));
  std::vector<Listed> out;
  for (const auto& p : doc.at("puzzles"))
    out.push_back(Listed{p.at("number").get<int>(), p.at("page").get<int>(), p.at("answer_page").get<int>(),
                         p.at("section").get<std::string>(), p.value("variant", std::string("classic")),
                         p.at("rating").is_number() ? p.at("rating").get<double>() : -1.0});
  return out;
}

}  // namespace

TEST_CASE("a book in mixed order: manifest, catalogue and bytes follow the pages; same seed, same book") {
  test::TempDir dir("gridpress-order");
  const bool sanitized = std::getenv("GRIDPRESS_SANITIZED") != nullptr;
  const std::string count = sanitized ? "4" : "6";
  const std::string body =
      "title: Mixed\nseed: 9\nfront_matter: {contents: true}\nanswers: {layout: 2x3}\n"
      "theme: {caption: 'Puzzle {number} (answer p. {answer_page})'}\nsections:\n"
      "  - {name: Classic, grid: 6x6, count: " + count + ", per_page: 2, difficulty: medium}\n"
      "  - {name: Killer, variant: killer, grid: 6x6, count: " + count + ", per_page: 2, difficulty: easy}\n";
  for (const std::string order : {"interleave", "rising"}) {
    INFO(order);
    test::spit(dir / "m.yaml", body + "order: " + order + "\ncatalogue: c.db\n");
    test::book_ok(dir / "m.yaml", dir / "m.pdf", dir);
    const std::vector<Listed> listed = manifest(dir / "m.json");
    REQUIRE(listed.size() == 2 * static_cast<std::size_t>(std::stoi(count)));
    // Listed in book order: numbers 1.. in turn, pages rising, each answer after the puzzles.
    std::map<int, std::string> page_section;
    for (std::size_t i = 0; i < listed.size(); ++i) {
      CHECK(listed[i].number == static_cast<int>(i) + 1);
      if (i > 0) CHECK(listed[i].page >= listed[i - 1].page);
      CHECK(listed[i].answer_page > listed.back().page);
      auto [it, fresh] = page_section.emplace(listed[i].page, listed[i].section);
      CHECK(it->second == listed[i].section);  // a page holds one section's puzzles
    }
    if (order == std::string("interleave")) {
      // The sections take turns a page at a time.
      std::string turns;
      for (const auto& [page, section] : page_section) turns += section.substr(0, 1);
      CHECK(turns.substr(0, 4) == "CKCK");
    } else {
      // Page by page the mean difficulty on the common scale rises (ratings are rounded to one
      // decimal in the manifest: a tolerance of that much of the narrowest band).
      std::map<int, std::pair<double, int>> mean;
      for (const Listed& l : listed) {
        auto& [sum, n] = mean[l.page];
        sum += book::difficulty_key(l.rating, l.variant == "killer");
        ++n;
      }
      double last = -1;
      for (const auto& [page, m] : mean) {
        const double key = m.first / m.second;
        CHECK(key >= last - 0.1);
        last = key;
      }
    }
    // The PDF's captions carry the numbers and answer pages the manifest lists.
    const test::Output text = test::shell("pdftotext -layout '" + dir / "m.pdf" + "' -", dir);
    REQUIRE(text.code == 0);
    for (const Listed& l : listed)
      CHECK(text.out.find("Puzzle " + std::to_string(l.number) + " (answer p. " + std::to_string(l.answer_page) +
                          ")") != std::string::npos);
    CHECK(text.out.find("Puzzles") != std::string::npos);  // the contents' one entry
    // The catalogue recorded each puzzle under its printed number.
    const test::Output cat = test::gridpress("catalogue list -c '" + dir / "c.db" + "' --format json", dir);
    REQUIRE(cat.code == 0);
    const nlohmann::json rows = nlohmann::json::parse(cat.out);
    std::map<std::string, int> by_solution;  // a killer's givens are empty: its solution names it
    for (const auto& r : rows) by_solution[r.at("solution").get<std::string>()] = r.at("number").get<int>();
    const nlohmann::json doc = nlohmann::json::parse(test::slurp(dir / "m.json"));
    REQUIRE(by_solution.size() == doc.at("puzzles").size());
    for (const auto& p : doc.at("puzzles"))
      CHECK(by_solution[p.at("solution").get<std::string>()] == p.at("number").get<int>());
    fs::remove(dir / "c.db");
    fs::remove(dir / "c.db-wal");
    fs::remove(dir / "c.db-shm");
    // Same seed, same book (another thread count too).
    test::spit(dir / "n.yaml", body + "order: " + order + "\n");
    test::book_ok(dir / "n.yaml", dir / "a.pdf", dir, "-j 1");
    test::book_ok(dir / "n.yaml", dir / "b.pdf", dir, "-j 2");
    CHECK(test::slurp(dir / "a.pdf") == test::slurp(dir / "b.pdf"));
    auto puzzles = [&](const std::string& path) {  // the manifest's puzzles, but for the file they name
      nlohmann::json list = nlohmann::json::parse(test::slurp(path)).at("puzzles");
      for (auto& p : list) p.erase("answer_file");
      return list;
    };
    CHECK(puzzles(dir / "a.json") == puzzles(dir / "b.json"));
  }
}
