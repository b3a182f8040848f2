// Golden files of the variants (issue 26, "Rules as data"): before the rules of a board move into
// data, what every variant generates, how it is graded, what the exact engines find and how many
// nodes they visit, and the bytes of examples/variety.yaml are pinned in tests/data/golden/, so the
// refactor can show that each step changes nothing. Refresh on purpose only:
// GRIDPRESS_UPDATE_GOLDEN=1 build-ci/tests/golden_rules_test (then commit the diff with its cause).
//
// The sanitizer build checks the same golden files with less work, so its run stays short: the
// first 100 puzzles of each solver corpus, the generator cases but killer hard, expert and
// fiendish and samurai, and not the variety book (the optimised build checks everything).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "book/run.hpp"
#include "cli_support.hpp"
#include "golden_support.hpp"
#include "core/codec.hpp"
#include "core/rng.hpp"
#include "generator/fill.hpp"
#include "generator/generator.hpp"
#include "generator/regions.hpp"
#include "grader/grader.hpp"
#include "grader/killer.hpp"
#include "render/canvas.hpp"
#include "solver/generic.hpp"
#include "solver/solver.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

const std::string kGolden = std::string(GRIDPRESS_TEST_DATA) + "/golden";
const std::string kExamples = std::string(GRIDPRESS_TEST_DATA) + "/../../examples";

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GP_GOLDEN_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define GP_GOLDEN_SANITIZER 1
#endif
#ifdef GP_GOLDEN_SANITIZER
constexpr int kCorpusChecked = 100;  // of 1,000 (the sanitizer build runs about 10 times slower)
#else
constexpr int kCorpusChecked = 1000;
#endif
constexpr int kCorpus = 1000;
#ifdef GP_GOLDEN_SANITIZER
// The sanitizer build makes only the quicker cases (the others take over a minute there) and
// compares them with their lines of the same golden files.
constexpr bool kAllCases = false;
#else
constexpr bool kAllCases = true;
#endif
bool slow_case(const std::string& name) {
  return name == "killer-hard" || name == "killer-expert" || name == "killer-fiendish" || name == "samurai-medium" ||
         name == "samurai-easy";
}

using test::check_golden;
using test::fingerprint;

std::string golden_path(const std::string& name) { return kGolden + "/" + name; }

std::string rules_text(const Grid& g) {
  const Board& b = board_of(g);
  if (b.jigsaw()) return format_regions(b.region);
  if (b.killer()) return format_cages(b.cages());
  return "-";
}

std::string rating_text(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", r);
  return buf;
}

std::string steps_text(const std::vector<grader::Step>& path) {
  std::string out;
  for (const grader::Step& s : path) {
    out += "  " + s.technique + " " + rating_text(s.rating);
    for (const auto& p : s.placements) out += " " + std::to_string(p.cell) + "=" + std::to_string(p.value);
    for (const auto& e : s.eliminations) out += " " + std::to_string(e.cell) + "-" + std::to_string(e.value);
    out += "\n";
  }
  return out;
}

struct Case {
  std::string name;
  gen::Request request;
  gen::BatchOptions options;
};

gen::Request variant_request(Variant v, int lo, int hi) {
  gen::Request r;
  r.variant = v;
  r.clues_min = lo;
  r.clues_max = hi;
  return r;
}

gen::Request killer_request(const std::string& band, Shape shape = Shape{3, 3}) {
  gen::Request r;
  r.variant = Variant::kKiller;
  r.shape = shape;
  r.difficulty = band;
  auto range = grader::band_range(band, r.bands);
  REQUIRE(range);
  r.rating = *range;
  return r;
}

// The puzzles the golden cases make (two seeds each), graded as the generator grades them.
std::vector<std::pair<std::string, Puzzle>> golden_puzzles() {
  std::vector<Case> cases;
  auto graded = [] {
    gen::BatchOptions o;
    o.grade = true;
    return o;
  };
  cases.push_back({"x", variant_request(Variant::kX, 24, 28), graded()});
  cases.push_back({"hyper", variant_request(Variant::kHyper, 24, 28), graded()});
  cases.push_back({"jigsaw", variant_request(Variant::kJigsaw, 24, 28), graded()});
  {
    gen::Request r = variant_request(Variant::kJigsaw, 26, 30);
    r.symmetric_regions = true;
    cases.push_back({"jigsaw-symmetric", r, graded()});
  }
  {
    gen::Request r = variant_request(Variant::kX, 0, 0);
    r.shape = Shape{2, 3};
    cases.push_back({"x-6x6", r, graded()});
  }
  {
    gen::Request r = variant_request(Variant::kJigsaw, 0, 0);
    r.shape = Shape{2, 3};
    cases.push_back({"jigsaw-6x6", r, graded()});
  }
  for (const char* band : {"easy", "medium"}) {
    gen::Request r = variant_request(Variant::kSamurai, 0, 0);
    r.difficulty = band;
    auto range = grader::band_range(band, r.bands);
    REQUIRE(range);
    r.rating = *range;
    cases.push_back({std::string("samurai-") + band, r, {}});
  }
  for (const char* band : {"easy", "medium", "hard", "expert", "fiendish"})
    cases.push_back({std::string("killer-") + band, killer_request(band), {}});
  {
    gen::Request r = killer_request("easy");
    r.some_givens = true;
    cases.push_back({"killer-givens", r, {}});
  }
  cases.push_back({"killer-6x6", killer_request("medium", Shape{2, 3}), {}});
  {
    gen::Request r;
    r.variant = Variant::kKiller;  // no difficulty: the default profile, not graded
    cases.push_back({"killer-unrated", r, {}});
  }
  std::vector<std::pair<std::string, Puzzle>> out;
  for (Case& c : cases) {
    if (!kAllCases && slow_case(c.name)) continue;
    c.options.jobs = 1;
    for (std::uint64_t seed : {std::uint64_t{11}, std::uint64_t{2026}}) {
      auto made = gen::generate_batch(c.request, seed, 1, c.options);
      INFO(c.name << " seed " << seed << ": " << (made ? std::string() : made.error().to_string()));
      REQUIRE(made);
      REQUIRE(made->size() == 1);
      out.emplace_back(c.name + " " + std::to_string(seed), std::move(made->front()));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("golden rules: every variant generates the same puzzles, grades and grade paths", "[golden]") {
  const auto puzzles = golden_puzzles();
  std::string out, paths;
  for (const auto& [name, p] : puzzles) {
    out += name + " " + std::to_string(p.seed) + " " + std::string(variant_name(p.givens.variant())) + " " +
           format_line(p.givens) + " " + format_line(p.solution) + " " + rules_text(p.givens) + " " +
           (p.rating < 0 ? std::string("unrated") : rating_text(p.rating)) + " " + (p.label.empty() ? "-" : p.label) +
           " [" + p.hardest + "] " + p.canonical + "\n";
    // The grade path of each puzzle, on its own ladder (killer: the killer ladder).
    paths += name + "\n";
    if (p.givens.variant() == Variant::kKiller) {
      grader::GradeOptions go;
      go.record_path = true;
      go.assume_unique = true;  // as the generator grades it
      const grader::Grade g = grader::grade(p.givens, go);
      paths += "killer " + rating_text(g.rating) + " " + g.label + " [" + g.hardest + "] solved " +
               std::to_string(g.solved) + "\n" + steps_text(g.path);
    } else {
      grader::GradeOptions go;
      go.record_path = true;
      const grader::Grade g = grader::grade(p.givens, go);
      paths += "grade " + rating_text(g.rating) + " " + g.label + " [" + g.hardest + "] solved " +
               std::to_string(g.solved) + " unique " + std::to_string(g.unique) + "\n" + steps_text(g.path);
    }
  }
  if (kAllCases) {
    check_golden("variant-puzzles.txt", out);
    check_golden("variant-grade-paths.txt", paths);
  } else {
    // The golden files' blocks of the cases made here: a block starts at a line "CASE SEED".
    const auto quick_blocks = [](const std::string& text) {
      std::istringstream in(text);
      std::string line, kept;
      bool keep = false;
      while (std::getline(in, line)) {
        const std::string first = line.substr(0, line.find(' '));
        if (first.find('-') != std::string::npos || first == "x" || first == "hyper" || first == "jigsaw")
          keep = !slow_case(first);
        if (keep) kept += line + "\n";
      }
      return kept;
    };
    REQUIRE(fs::is_regular_file(golden_path("variant-puzzles.txt")));
    CHECK(quick_blocks(test::slurp(golden_path("variant-puzzles.txt"))) == out);
    CHECK(quick_blocks(test::slurp(golden_path("variant-grade-paths.txt"))) == paths);
  }
}

namespace {

// A killer puzzle of the corpus: a random filled 9x9 (or 6x6) grid, cages grown by a fixed rule
// (cells in a shuffled order start a cage each when free, a cage of 1..max_size cells grows by a
// random free neighbour whose digit it does not hold yet), sums from the grid, and now and then
// a few givens. Not necessarily unique: the engines' search order decides the first solution.
Grid corpus_killer(std::uint64_t seed) {
  Rng rng(seed);
  const Shape shape = rng.below(8) == 0 ? Shape{2, 3} : Shape{3, 3};
  const int max_size = 2 + static_cast<int>(rng.below(4));
  const Grid solved = gen::fill_grid(shape, gen::Fill::kRandom, rng);
  const int n = shape.n(), cells = shape.cells();
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  for (int i = cells - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)], order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  std::vector<int> owner(static_cast<std::size_t>(cells), -1);
  std::vector<Cage> cages;
  for (int start : order) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    const int q = static_cast<int>(cages.size());
    const int want = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(max_size)));
    Cage cage;
    Mask digits = 0;
    auto take = [&](int c) {
      owner[static_cast<std::size_t>(c)] = q;
      cage.cells.push_back(c);
      digits |= bit(solved.cells[static_cast<std::size_t>(c)]);
    };
    take(start);
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> free;
      for (int c : cage.cells) {
        const int r = c / n, col = c % n;
        const int next[4] = {r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, col > 0 ? c - 1 : -1, col + 1 < n ? c + 1 : -1};
        for (int x : next)
          if (x >= 0 && owner[static_cast<std::size_t>(x)] < 0 &&
              !(digits & bit(solved.cells[static_cast<std::size_t>(x)])) &&
              std::find(free.begin(), free.end(), x) == free.end())
            free.push_back(x);
      }
      if (free.empty()) break;
      std::sort(free.begin(), free.end());
      take(free[rng.below(static_cast<std::uint32_t>(free.size()))]);
    }
    for (int c : cage.cells) cage.sum += solved.cells[static_cast<std::size_t>(c)];
    cages.push_back(std::move(cage));
  }
  auto board = killer_board(shape, cages);
  REQUIRE(board);
  Grid g(*board);
  if (rng.below(4) == 0)
    for (int k = 0; k < n; ++k) {
      const int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
      g.cells[static_cast<std::size_t>(c)] = solved.cells[static_cast<std::size_t>(c)];
    }
  return g;
}

// A variant puzzle of the corpus: x, hyper, jigsaw (random or symmetric regions) or samurai, 9x9
// or (x, jigsaw) 6x6; a random fill with clues removed at random down to a count that leaves some
// puzzles with one solution and some with several.
Grid corpus_variant(std::uint64_t seed) {
  Rng rng(seed);
  const int kind = static_cast<int>(rng.below(7));
  Grid solved;
  if (kind <= 1) {
    solved = gen::fill_board(*variant_board(Shape{3, 3}, kind == 0 ? Variant::kX : Variant::kHyper), rng);
  } else if (kind == 2 || kind == 3) {
    auto g = gen::fill_jigsaw(Shape{3, 3}, kind == 3, rng);
    REQUIRE(g);
    solved = *g;
  } else if (kind == 4) {
    solved = gen::fill_board(samurai_board(), rng);
  } else if (kind == 5) {
    solved = gen::fill_board(*variant_board(Shape{2, 3}, Variant::kX), rng);
  } else {
    auto g = gen::fill_jigsaw(Shape{2, 3}, false, rng);
    REQUIRE(g);
    solved = *g;
  }
  const int cells = board_of(solved).cells;
  const int n = solved.shape.n();
  // 9x9: 20-31 clues; 6x6: 7-13; samurai: 100-150.
  const int keep = kind == 4 ? 100 + static_cast<int>(rng.below(51))
                   : n == 9  ? 20 + static_cast<int>(rng.below(12))
                             : 7 + static_cast<int>(rng.below(7));
  Grid g = solved;
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  for (int i = cells - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)], order[rng.below(static_cast<std::uint32_t>(i + 1))]);
  for (int i = keep; i < cells; ++i) g.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = 0;
  return g;
}

// One search of the corpus on the one exact engine (killer boards: their cage rule propagated):
// count (limit 2), whether the budget ran out, nodes, the first
// solution's fingerprint; then a random-order search (the fill's) with a seed of the puzzle.
std::string search_text(const Grid& g, std::uint64_t seed) {
  std::string out;
  for (int pass = 0; pass < 2; ++pass) {
    solver::Request req;
    req.limit = 2;
    req.node_budget = 200000;
    Rng rng(mix_seed(seed, 77));
    if (pass == 1) {
      req.limit = 1;
      req.rng = &rng;
    }
    Grid first;
    const solver::Outcome o = solver::generic::search(g, req, &first);
    out += " " + std::to_string(o.count) + (o.exhausted_budget ? "!" : "") + " " + std::to_string(o.nodes) + " " +
           (o.count > 0 ? fingerprint(format_line(first)) : std::string("-"));
  }
  // What the callers see (solver.hpp dispatches by board).
  Grid first;
  const int count = solver::count_solutions(g, 2, &first);
  out += " " + std::to_string(count) + " " + (count > 0 ? fingerprint(format_line(first)) : std::string("-"));
  return out;
}

std::string corpus_text(bool killer, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t seed = mix_seed(2026, killer ? 1 : 2, static_cast<std::uint64_t>(i));
    const Grid g = killer ? corpus_killer(seed) : corpus_variant(seed);
    out += std::to_string(i) + " " + std::string(variant_name(g.variant())) + " " + g.shape.name() + " " +
           fingerprint(format_line(g) + " " + rules_text(g)) + search_text(g, seed) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("golden rules: the exact engines visit the same nodes and find the same first solutions", "[golden]") {
  check_golden("solver-killer-corpus.txt", corpus_text(true, kCorpusChecked), kCorpusChecked == kCorpus);
  check_golden("solver-variant-corpus.txt", corpus_text(false, kCorpusChecked), kCorpusChecked == kCorpus);
}

TEST_CASE("golden rules: killer grade paths of a small corpus", "[golden]") {
  std::string out;
  for (int i = 0; i < 40; ++i) {
    const std::uint64_t seed = mix_seed(2026, 1, static_cast<std::uint64_t>(i));
    const Grid g = corpus_killer(seed);
    grader::GradeOptions go;
    go.record_path = true;
    go.assume_unique = true;  // the corpus has puzzles with several solutions: the ladder gets stuck on them
    const grader::Grade k = grader::grade(g, go);
    out += std::to_string(i) + " " + rating_text(k.rating) + " " + k.label + " [" + k.hardest + "] solved " +
           std::to_string(k.solved) + " steps " + std::to_string(k.path.size()) + "\n" + steps_text(k.path);
  }
  check_golden("killer-grade-paths.txt", out);
}

TEST_CASE("golden rules: examples/variety.yaml renders to the same PDF, SVG and manifests", "[golden]") {
#ifdef GP_GOLDEN_SANITIZER
  // The whole book takes minutes under the sanitizers; the optimised build checks it.
  SUCCEED("checked in the optimised build");
  return;
#endif
  test::TempDir dir("gridpress-golden-variety");
  auto loaded = spec::load_book_spec(kExamples + "/variety.yaml");
  REQUIRE(loaded.ok());
  std::string out, manifest;
  for (const auto& [format, ext] :
       {std::pair{render::Format::pdf, "pdf"}, std::pair{render::Format::svg, "svg"}}) {
    spec::BookSpec spec = *loaded;
    const fs::path sub = dir.path / ext;
    fs::create_directories(sub);
    spec.output.path = (sub / (std::string("variety.") + ext)).string();
    spec.output.format = ext;
    book::BookRunOptions options;
    options.jobs = 2;
    const book::BookRun run = book::run_book_stages(spec, format, options);
    INFO(run.error.to_string());
    REQUIRE(run.outcome == book::Outcome::ok);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(sub))
      if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() > 2);
    for (const fs::path& f : files) {
      const std::string bytes = test::slurp(f.string());
      out += std::string(ext) + "/" + f.filename().string() + " " + fingerprint(bytes) + "\n";
      if (format == render::Format::pdf && f.extension() != ".pdf") manifest += "== " + f.filename().string() + "\n" + bytes;
    }
  }
  check_golden("variety-book.txt", out);
  check_golden("variety-manifests.txt", manifest);
}
