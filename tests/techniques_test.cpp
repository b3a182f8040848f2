// The techniques page (front_matter.techniques): it appears after how-to-play only when asked,
// every example is a true step of a real puzzle (what it removes is not the solution, what it
// places is), the grader reports the pattern a diagram shades, and the 6x9 hard/expert example
// uses the page.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "book/explained.hpp"
#include "book/hints.hpp"
#include "book/techniques.hpp"
#include "cli_support.hpp"
#include "core/rng.hpp"
#include "generator/generator.hpp"
#include "grader/grader.hpp"
#include "layout/approx_measure.hpp"
#include "layout/techniques.hpp"
#include "spec/spec.hpp"

using namespace gp;
using namespace gp::test;

namespace {

const char* kSpec = R"(title: Techniques
seed: 77
front_matter: {how_to_play: true, techniques: true}
sections:
  - name: Hard
    count: 12
    difficulty: hard
    layout: 1x2
output: {path: book.pdf, manifest: false}
)";

std::string page_text(const std::string& pdf, int page, const TempDir& dir) {
  require_tool("pdftotext");
  const std::string p = std::to_string(page);
  const Output r = shell("pdftotext -f " + p + " -l " + p + " '" + pdf + "' -", dir);
  REQUIRE(r.code == 0);
  return r.out;
}

std::vector<PuzzleStore> hard_puzzles(int count, std::uint64_t seed) {
  gen::Request r;
  r.symmetry = "rotate180";
  r.rating = *grader::band_range("hard");
  r.difficulty = "hard";
  std::vector<PuzzleStore> out(1);
  for (int i = 0; i < count; ++i) {
    auto p = gen::generate_one(r, mix_seed(seed, 0, static_cast<std::uint64_t>(i)));
    REQUIRE(p.ok());
    out[0].add(*p);
  }
  return out;
}

}  // namespace

TEST_CASE("techniques: the page follows how-to-play when asked, and only then") {
  TempDir dir;
  spit(dir / "t.yaml", kSpec);
  const book::BookRun run = pipeline_ok(dir / "t.yaml", {});
  // Title, how to play, techniques.
  const std::string text = page_text(run.book_path, 3, dir);
  CHECK(text.find("Solving techniques") != std::string::npos);
  CHECK(text.find("Hidden single") != std::string::npos);
  CHECK(text.find("(Puzzle ") != std::string::npos);
  CHECK(page_text(run.book_path, 2, dir).find("How to play") != std::string::npos);

  std::string plain = kSpec;
  plain.replace(plain.find(", techniques: true"), 18, "");
  spit(dir / "p.yaml", plain);
  auto spec = spec::load_book_spec(dir / "p.yaml");
  REQUIRE(spec.ok());
  CHECK_FALSE(spec->front.techniques);
  layout::ApproxTextMeasure measure;
  auto without = layout::plan_book(*spec, {12}, measure);
  REQUIRE(without.ok());
  spec->front.techniques = true;
  auto with = layout::plan_book(*spec, {12}, measure);
  REQUIRE(with.ok());
  CHECK(with->pages.size() == without->pages.size() + 1);
  CHECK(with->techniques_page == with->how_to_play_page + 1);
  CHECK(with->pages[static_cast<std::size_t>(with->techniques_page - 1)].kind == layout::PageKind::techniques);
  CHECK(without->techniques_page == 0);
}

TEST_CASE("techniques: every example is a true step of the puzzle it names") {
  const std::vector<PuzzleStore> puzzles = hard_puzzles(16, 4242);
  spec::BookSpec spec;
  spec.sections.resize(1);
  spec.sections[0].count = 16;
  layout::ApproxTextMeasure measure;
  auto plan = layout::plan_book(spec, {16}, measure);
  REQUIRE(plan.ok());
  const auto examples = book::technique_examples(spec, puzzles, *plan, 8);
  REQUIRE(examples.size() >= 3);
  CHECK(examples[0].diagram.title == "Hidden single");
  bool eliminates = false;
  for (const book::TechniqueExample& e : examples) {
    INFO(e.technique << ": " << e.diagram.text);
    REQUIRE(e.section == 0);
    const Puzzle p = puzzles[0].get(static_cast<std::size_t>(e.index));
    CHECK(e.number == e.index + 1);
    const layout::TechniqueDiagram& d = e.diagram;
    CHECK(d.givens == p.givens);
    for (int c = 0; c < 81; ++c) {
      const std::size_t i = static_cast<std::size_t>(c);
      const int truth = p.solution.cells[i];
      if (d.values.cells[i] != 0) CHECK(d.values.cells[i] == truth);  // only true digits are shown
      CHECK((d.removed[i] & bit(truth)) == 0);                         // never removes the answer
      if (d.removed[i] != 0) eliminates = true;
      // A subset shows every candidate of its unit's cells: the answer is among them.
      const bool subset = d.title.find("pair") != std::string::npos || d.title.find("triple") != std::string::npos;
      if (subset && d.candidates[i] != 0) CHECK((d.candidates[i] & bit(truth)) != 0);
    }
    if (d.placed_cell >= 0) CHECK(d.placed_value == p.solution.cells[static_cast<std::size_t>(d.placed_cell)]);
    if (d.title == "Naked single") {  // the digits drawn in its row, column and box leave only its value
      Mask seen = 0;
      const int n = 9, r = d.placed_cell / n, c = d.placed_cell % n;
      for (int k = 0; k < 81; ++k)
        if (k / n == r || k % n == c || (k / n / 3 == r / 3 && k % n / 3 == c / 3))
          if (d.values.cells[static_cast<std::size_t>(k)] != 0) seen |= bit(d.values.cells[static_cast<std::size_t>(k)]);
      CHECK((Shape{3, 3}.all() & ~seen) == bit(d.placed_value));
    }
    CHECK((d.placed_cell >= 0) != eliminates);  // each step either places or removes
    eliminates = false;
  }
}

TEST_CASE("techniques: a book with no classic grid to draw (samurai only) gets a stand-in made from its seed") {
  gen::Request r;
  r.variant = Variant::kSamurai;
  std::vector<PuzzleStore> puzzles(1);
  auto p = gen::generate_one(r, 11);
  REQUIRE(p.ok());
  puzzles[0].add(*p);
  spec::BookSpec spec;
  spec.seed = 5;
  spec.sections.resize(1);
  spec.sections[0].count = 1;
  spec.sections[0].variant = "samurai";
  CHECK(layout::technique_page_variants(spec) == std::vector<std::string>{"classic"});  // its grids are classic
  layout::ApproxTextMeasure measure;
  auto plan = layout::plan_book(spec, {1}, measure);
  REQUIRE(plan.ok());
  const auto examples = book::technique_examples(spec, puzzles, *plan);
  REQUIRE_FALSE(examples.empty());
  for (const book::TechniqueExample& e : examples) {
    CHECK(e.section == -1);
    CHECK(e.number == 0);
    CHECK(e.diagram.text.find("made for this page") != std::string::npos);
    CHECK(e.diagram.givens.n() == 9);
    CHECK(e.diagram.variant == "classic");
  }
  // The same seed gives the same stand-in.
  const auto again = book::technique_examples(spec, puzzles, *plan);
  REQUIRE(again.size() == examples.size());
  CHECK(again[0].diagram.givens == examples[0].diagram.givens);
}

namespace {

// A few medium puzzles of `variant` (the generator's own, as a book section would have them).
PuzzleStore variant_puzzles(Variant variant, int count, std::uint64_t seed) {
  gen::Request r;
  r.variant = variant;
  r.difficulty = "medium";
  if (variant != Variant::kKiller) r.rating = *grader::band_range("medium");
  PuzzleStore out;
  for (int i = 0; out.size() < static_cast<std::size_t>(count) && i < 4 * count; ++i)
    if (auto p = gen::generate_one(r, mix_seed(seed, static_cast<std::uint64_t>(variant), static_cast<std::uint64_t>(i))))
      out.add(*p);
  REQUIRE(out.size() == static_cast<std::size_t>(count));
  return out;
}

// Whether cells a and b of a 9x9 grid are a knight's move apart.
bool knight_apart(int a, int b) {
  const int dr = std::abs(a / 9 - b / 9), dc = std::abs(a % 9 - b % 9);
  return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

}  // namespace

TEST_CASE("techniques: a variety book has a page a variant, each step the variant's own, true and drawn with its marks") {
  // Sanitized: two puzzles a variant (the generator is slow there); the same paths are taken.
  const int count = std::getenv("GRIDPRESS_SANITIZED") ? 2 : 4;
  const std::vector<std::pair<std::string, Variant>> kinds{{"classic", Variant::kClassic}, {"killer", Variant::kKiller},
                                                           {"x", Variant::kX},             {"jigsaw", Variant::kJigsaw},
                                                           {"thermo", Variant::kThermo},   {"anti-knight", Variant::kAntiKnight}};
  spec::BookSpec spec;
  std::vector<PuzzleStore> puzzles;
  std::vector<int> counts;
  for (const auto& [name, variant] : kinds) {
    spec.sections.emplace_back();
    spec.sections.back().variant = name;
    spec.sections.back().count = count;
    puzzles.push_back(variant_puzzles(variant, count, 28));
    counts.push_back(count);
  }
  spec.front.techniques = true;
  const std::vector<std::string> pages = layout::technique_page_variants(spec);
  CHECK(pages == std::vector<std::string>{"classic", "killer", "x", "jigsaw", "thermo", "anti-knight"});
  layout::ApproxTextMeasure measure;
  auto plan = layout::plan_book(spec, counts, measure);
  REQUIRE(plan.ok());
  int technique_pages = 0;
  for (const layout::PlannedPage& pp : plan->pages) technique_pages += pp.kind == layout::PageKind::techniques;
  CHECK(technique_pages == 6);

  long last_done = 0, last_total = 0;
  const auto examples = book::technique_examples(spec, puzzles, *plan, 4, [&](long done, long total) {
    CHECK(done == last_done + 1);
    last_done = done;
    last_total = total;
  });
  CHECK(last_done == last_total);  // progress reaches its total
  CHECK(last_total <= static_cast<long>(count * 6));
  std::set<std::string> titles;
  for (const book::TechniqueExample& e : examples) {
    const layout::TechniqueDiagram& d = e.diagram;
    INFO(d.variant << ": " << d.title << ": " << d.text);
    REQUIRE(e.section >= 0);
    CHECK(kinds[static_cast<std::size_t>(e.section)].first == d.variant);  // from a puzzle of its variant
    const Puzzle p = puzzles[static_cast<std::size_t>(e.section)].get(static_cast<std::size_t>(e.index));
    CHECK(d.givens == p.givens);  // the board with its marks
    CHECK(e.number == plan->records[static_cast<std::size_t>(e.section * count + e.index)].number);
    CHECK(d.text.find("(Puzzle " + std::to_string(e.number) + ".)") != std::string::npos);
    for (int c = 0; c < 81; ++c) {
      const std::size_t i = static_cast<std::size_t>(c);
      const int truth = p.solution.cells[i];
      if (d.values.cells[i] != 0) CHECK(d.values.cells[i] == truth);
      CHECK((d.removed[i] & bit(truth)) == 0);
      if (d.removed[i] != 0) CHECK((d.candidates[i] & bit(truth)) != 0);  // the cell's candidates keep the answer
    }
    if (d.placed_cell >= 0) CHECK(d.placed_value == p.solution.cells[static_cast<std::size_t>(d.placed_cell)]);
    if (d.variant == "classic") continue;
    CHECK(layout::marked_diagram(board_of(d.givens)));
    titles.insert(d.variant + ": " + d.title);
    if (d.variant == "anti-knight" && d.title.find("knight") != std::string::npos) {
      // Some empty cell of the unit is ruled out only by a 9 a knight's move away, as the text says.
      CHECK(d.text.find("knight's move") != std::string::npos);
      bool by_move = false;
      for (int k = 0; k < 81; ++k)
        if (d.marks[static_cast<std::size_t>(k)] == layout::CellMark::key && d.values.cells[static_cast<std::size_t>(k)] == d.placed_value)
          for (int c = 0; c < 81; ++c)
            if (d.marks[static_cast<std::size_t>(c)] == layout::CellMark::unit && d.values.cells[static_cast<std::size_t>(c)] == 0 &&
                knight_apart(c, k) && c / 9 != k / 9 && c % 9 != k % 9 && (c / 27 != k / 27 || c % 9 / 3 != k % 9 / 3))
              by_move = true;
      CHECK(by_move);
    }
  }
  INFO([&] {
    std::string all;
    for (const std::string& t : titles) all += t + "; ";
    return all;
  }());
  // Each variant shows its own: the killer cages, the X diagonals, the jigsaw regions, the thermometers.
  auto has = [&](const std::string& prefix) {
    return std::any_of(titles.begin(), titles.end(), [&](const std::string& t) { return t.rfind(prefix, 0) == 0; });
  };
  CHECK((has("killer: Cage") || has("killer: 45 rule")));
  CHECK(has("x: Hidden single in a diagonal"));
  CHECK(has("jigsaw: Hidden single in a region"));
  CHECK(has("thermo: Thermo"));
  CHECK(has("anti-knight: "));
  for (const std::string& t : titles) CHECK(t.find("Naked pair") == std::string::npos);  // classic steps stay on the classic page
}

TEST_CASE("techniques: a book's variant pages are headed by the variant and draw its steps") {
  TempDir dir;
  spit(dir / "v.yaml", R"(title: Variety
seed: 9
front_matter: {techniques: true}
sections:
  - {name: Killer, variant: killer, count: 2, difficulty: easy}
  - {name: Sudoku X, variant: x, count: 2, difficulty: easy}
output: {path: book.pdf, manifest: false}
)");
  const book::BookRun run = pipeline_ok(dir / "v.yaml", {});
  // Title page, how to play, then a techniques page a variant.
  const std::string killer = page_text(run.book_path, 3, dir), x = page_text(run.book_path, 4, dir);
  CHECK(killer.find("Solving Killer Sudoku") != std::string::npos);
  CHECK(killer.find("(Puzzle ") != std::string::npos);
  CHECK(x.find("Solving Sudoku X") != std::string::npos);
  CHECK(x.find("diagonal") != std::string::npos);
}

TEST_CASE("techniques: the grader names the units and cells a step rests on") {
  // A puzzle whose path has pointing steps and subsets; the pattern of each must hold its digits.
  const std::vector<PuzzleStore> puzzles = hard_puzzles(6, 99);
  int checked = 0;
  for (std::size_t i = 0; i < puzzles[0].size(); ++i) {
    grader::GradeOptions o;
    o.record_path = true;
    const grader::Grade g = grader::grade(puzzles[0].get(i).givens, o);
    for (const grader::Step& s : g.path) {
      if (s.technique == "Pointing" || s.technique == "Claiming") {
        REQUIRE(s.units.size() == 2);
        REQUIRE(s.cells.size() >= 2);
        ++checked;
      } else if (s.technique == "Naked pair" || s.technique == "Hidden pair") {
        REQUIRE(s.units.size() == 1);
        REQUIRE(s.cells.size() == 2);
        ++checked;
      } else if (s.technique == "X-wing") {
        REQUIRE(s.units.size() == 4);
        REQUIRE(s.cells.size() == 4);
        ++checked;
      } else if (s.technique == "Hidden single" || s.technique == "Full house") {
        REQUIRE(s.units.size() == 1);
      }
    }
  }
  CHECK(checked > 0);
}

TEST_CASE("techniques: the 6x9 hard/expert example has the page") {
  const std::string path = std::string(GRIDPRESS_TEST_DATA) + "/../../examples/kdp-hard-6x9.yaml";
  auto spec = spec::load_book_spec(path);
  REQUIRE(spec.ok());
  CHECK(spec->front.techniques);
  CHECK(spec->front.how_to_play);
}

namespace {

bool single_step(const std::string& technique) {
  return technique.find("single") != std::string::npos || technique.find("Single") != std::string::npos ||
         technique == "Full house";
}

std::string lowered(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

TEST_CASE("hints: each names the first step and the first beyond the singles, never a digit") {
  const std::vector<PuzzleStore> puzzles = hard_puzzles(6, 31);
  for (std::size_t i = 0; i < puzzles[0].size(); ++i) {
    const Puzzle p = puzzles[0].get(i);
    grader::GradeOptions options;
    options.record_path = true;
    options.assume_unique = true;
    const grader::Grade g = grader::grade(p.givens, options);
    REQUIRE(g.solved);
    const layout::PuzzleHint h = book::puzzle_hint(p.givens);
    INFO(h.full);
    // The first step's technique opens the hint; the first one beyond the singles follows "then".
    CHECK(lowered(h.full).rfind(lowered(g.path.front().technique), 0) == 0);
    std::string beyond;
    for (const grader::Step& s : g.path)
      if (!single_step(s.technique)) {
        beyond = s.technique;
        break;
      }
    REQUIRE_FALSE(beyond.empty());  // a hard puzzle needs more than singles
    const std::size_t then = lowered(h.full).find(", then " + lowered(beyond));
    CHECK(then != std::string::npos);
    CHECK(lowered(h.brief).find("; then " + lowered(beyond)) != std::string::npos);
    // Where, not what: no placement ("r2c7 = 5") and none of the grader's descriptions.
    CHECK(h.full.find('=') == std::string::npos);
    CHECK(h.brief.find('=') == std::string::npos);
    for (const grader::Step& s : g.path)
      if (!s.description.empty()) CHECK(h.full.find(s.description) == std::string::npos);
  }
  // An easy puzzle: singles solve it, and the hint says so.
  gen::Request easy;
  easy.rating = *grader::band_range("easy");
  easy.difficulty = "easy";
  auto p = gen::generate_one(easy, 8);
  REQUIRE(p.ok());
  const layout::PuzzleHint h = book::puzzle_hint(p->givens);
  CHECK(h.full.find("singles alone solve it") != std::string::npos);
  CHECK(h.brief.find("singles solve it") != std::string::npos);
}

TEST_CASE("hints: the same on any number of threads, none for practice grids") {
  std::vector<PuzzleStore> puzzles = hard_puzzles(4, 12);
  puzzles.push_back(puzzles[0]);
  spec::BookSpec spec;
  spec.sections.resize(2);
  spec.sections[1].blank = true;
  const auto one = book::puzzle_hints(spec, puzzles, 1);
  long reported = 0;
  const auto two = book::puzzle_hints(spec, puzzles, 2, [&](long done, long total) {
    CHECK(done == reported + 1);  // in order, one at a time
    CHECK(total == 4);
    reported = done;
  });
  CHECK(reported == 4);
  REQUIRE(one.size() == 2);
  REQUIRE(two.size() == 2);
  CHECK(one[1].empty());
  REQUIRE(one[0].size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(one[0][i].full == two[0][i].full);
    CHECK(one[0][i].full == book::puzzle_hint(puzzles[0].get(i).givens).full);
  }
}

TEST_CASE("hints: a book with answers.hints prints them before the answers, listed in its contents") {
  TempDir dir;
  std::string text = kSpec;
  text.replace(text.find(", techniques: true"), 18, ", contents: true");
  text += "answers: {hints: true}\n";
  spit(dir / "h.yaml", text);
  const book::BookRun run = pipeline_ok(dir / "h.yaml", {});
  // Title, contents, how to play, the section's heading, 6 puzzle pages, hints, answers.
  const std::string contents = page_text(run.book_path, 2, dir);
  CHECK(contents.find("Hints") != std::string::npos);
  const std::string hints = page_text(run.book_path, 11, dir);
  CHECK(hints.find("Hints") != std::string::npos);
  CHECK(hints.find(", then") != std::string::npos);
  CHECK(page_text(run.book_path, 12, dir).find("Answers") != std::string::npos);

  // The book-level spelling is the same key.
  std::string top = kSpec;
  top += "hints: true\n";
  spit(dir / "t.yaml", top);
  auto spec = spec::load_book_spec(dir / "t.yaml");
  REQUIRE(spec.ok());
  CHECK(spec->answers.hints);
}

TEST_CASE("worked solutions: every step of the path once, in order, singles in runs, diagrams for the hardest") {
  const std::vector<PuzzleStore> puzzles = hard_puzzles(4, 57);
  for (std::size_t i = 0; i < puzzles[0].size(); ++i) {
    const Puzzle p = puzzles[0].get(i);
    grader::GradeOptions options;
    options.record_path = true;
    options.assume_unique = true;
    const grader::Grade g = grader::grade(p.givens, options);
    REQUIRE(g.solved);
    const layout::WorkedSolution w = book::worked_solution(p.givens);
    // The steps' numbers: a run "Steps a to b, singles: ..." or "Step a, a single: ..." or "a. ...".
    std::size_t next = 1;
    int diagrams = 0;
    for (const layout::WorkedStep& s : w.steps) {
      INFO(s.text);
      std::size_t first = 0, last = 0;
      if (std::sscanf(s.text.c_str(), "Steps %zu to %zu, singles:", &first, &last) == 2) {
        CHECK(first < last);
      } else if (std::sscanf(s.text.c_str(), "Step %zu, a single:", &first) == 1) {
        last = first;
      } else {
        REQUIRE(std::sscanf(s.text.c_str(), "%zu. ", &first) == 1);
        last = first;
        const std::string& technique = g.path[first - 1].technique;
        CHECK(technique != "Hidden single");
        CHECK(technique != "Full house");
      }
      CHECK(first == next);
      next = last + 1;
      if (s.diagram) ++diagrams;
    }
    CHECK(next == g.path.size() + 1);
    CHECK(diagrams <= book::kWorkedDiagrams);
    // Every placement written in a run is the solution's digit ("r2c7 = 5").
    for (const layout::WorkedStep& s : w.steps)
      for (std::size_t at = s.text.find(" = "); at != std::string::npos; at = s.text.find(" = ", at + 1)) {
        const std::size_t r = s.text.rfind('r', at);
        int row = 0, col = 0;
        REQUIRE(std::sscanf(s.text.c_str() + r, "r%dc%d", &row, &col) == 2);
        CHECK(s.text[at + 3] - '0' == p.solution.at(row - 1, col - 1));
      }
  }
}

TEST_CASE("worked solutions: a book with answers.explained has them before the answers, by section or by number") {
  TempDir dir;
  std::string text = kSpec;
  text.replace(text.find(", techniques: true"), 18, ", contents: true");
  spit(dir / "w.yaml", text + "answers: {explained: 1}\n");
  const book::BookRun run = pipeline_ok(dir / "w.yaml", {});
  CHECK(page_text(run.book_path, 2, dir).find("Worked solutions") != std::string::npos);
  // Title, contents, how to play, heading, 6 puzzle pages, then puzzle 1 worked, then the answers.
  const std::string worked = page_text(run.book_path, 11, dir);
  CHECK(worked.find("Puzzle 1, worked") != std::string::npos);
  CHECK(worked.find("Steps 1 to") != std::string::npos);
  bool answers = false;
  for (int p = 12; p <= 14 && !answers; ++p) answers = page_text(run.book_path, p, dir).find("Answers") != std::string::npos;
  CHECK(answers);

  spit(dir / "n.yaml", text + "answers: {explained: [3, 5]}\n");
  const book::BookRun listed = pipeline_ok(dir / "n.yaml", {});
  CHECK(page_text(listed.book_path, 11, dir).find("Puzzle 3, worked") != std::string::npos);

  spit(dir / "bad.yaml", text + "answers: {explained: [3, 13]}\n");
  auto bad = spec::load_book_spec(dir / "bad.yaml");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().to_string().find("answers.explained: puzzle 13 is not in the book (its puzzles are numbered 1 to "
                                     "12)") != std::string::npos);
}

TEST_CASE("worked solutions: a variant's hardest own steps are drawn with its marks, true to the solution") {
  const PuzzleStore killer = variant_puzzles(Variant::kKiller, 2, 31);
  int diagrams = 0;
  for (std::size_t i = 0; i < killer.size(); ++i) {
    const Puzzle p = killer.get(i);
    const layout::WorkedSolution w = book::worked_solution(p.givens);
    for (const layout::WorkedStep& step : w.steps) {
      if (!step.diagram) continue;
      ++diagrams;
      const layout::TechniqueDiagram& d = *step.diagram;
      INFO(step.text);
      CHECK(d.variant == "killer");
      CHECK(layout::marked_diagram(board_of(d.givens)));
      CHECK((d.title.rfind("Cage", 0) == 0 || d.title.rfind("45 rule", 0) == 0));  // the cage rules' own steps
      CHECK(step.text.find(d.title) != std::string::npos);
      for (int c = 0; c < 81; ++c) {
        const std::size_t k = static_cast<std::size_t>(c);
        if (d.values.cells[k] != 0) CHECK(d.values.cells[k] == p.solution.cells[k]);
        CHECK((d.removed[k] & bit(p.solution.cells[k])) == 0);
      }
      if (d.placed_cell >= 0) CHECK(d.placed_value == p.solution.cells[static_cast<std::size_t>(d.placed_cell)]);
    }
  }
  CHECK(diagrams > 0);
}
