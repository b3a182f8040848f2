// One puzzle and batches: threads, the race of several threads on one puzzle, de-duplication by
// canonical form, and the budget's message.
#include <algorithm>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "core/codec.hpp"
#include "core/text.hpp"
#include "generator/engine.hpp"
#include "generator/generator.hpp"
#include "generator/plan.hpp"
#include "solver/solver.hpp"
#include "core/variants.hpp"

namespace gp::gen {

namespace {

constexpr std::uint64_t kMaxDuplicates = 2000;

// `made` (" (made 3 of 10 puzzles)") and `any_made`: what a batch had made. How close the search
// came (the fewest clues, the hardest rating below the band) is said only when nothing was made:
// after puzzles that met the request it would read as if none had.
Error gave_up(const Plan& plan, const Shared& shared, const std::string& made = {}, bool any_made = false) {
  std::string msg = "gave up after " + number(plan.req.budget_seconds) + " s: " + describe(plan.req);
  const int best = shared.best.load();
  if (best != INT_MAX && !any_made) msg += ", best reached " + std::to_string(best) + " clues";
  const int low = shared.rated_low.load();
  if (plan.req.rating && low >= 0 && !any_made) msg += ", hardest rating reached " + one_decimal(low / 10.0);
  const long long tries = shared.tries.load();
  msg += " in " + with_commas(tries) + (tries == 1 ? " try" : " tries");
  msg += made;
  return Error(ErrorKind::budget, msg);
}

// How to get more distinct puzzles than a request gave: small grids have few puzzles at the clue
// count one dig reaches, and a symmetry narrows them further.
std::string fewer_duplicates_hint(const Request& r, bool exact) {
  const int cells = r.shape.cells();
  const int lo = std::max(minimum_clues(r.shape).count + 2, cells * 3 / 8), hi = std::max(lo + 3, cells / 2 + 1);
  std::vector<std::string> cli, spec;
  if (r.clues_max == 0 || r.clues_max - r.clues_min < 3) {
    cli.push_back("--clues " + std::to_string(lo) + "-" + std::to_string(hi));
    spec.push_back("clues: [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  if (r.symmetry != "none") {
    cli.emplace_back("--symmetry none");
    spec.emplace_back("symmetry: none");
  }
  std::string hint = "ask for fewer puzzles";
  const auto join = [](const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : " ") + p;
    return s;
  };
  if (!cli.empty()) hint += ", widen the request (" + join(cli) + "; in a spec " + join(spec) + ")";
  if (!exact)
    hint += std::string(cli.empty() ? "" : ",") + " or count puzzles that differ only by relabelling, rotation or "
            "reflection as different (--dedup exact; in a spec dedup: exact)";
  return hint;
}

// Runs `work` on `jobs` threads, this one included, and waits for them all.
template <class Work>
void run_threads(int jobs, Work&& work) {
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
}

// One puzzle made by `jobs` threads trying attempts 0, 1, 2, ... of `seed` at once: the lowest
// attempt that succeeds wins, which is the one Engine::make() gives, for any number of threads.
// Attempts above the winner stop early; those below it run to their end. Nullopt when the budget
// ran out (an attempt below the winner may then have been cut short).
std::optional<Puzzle> race(const Plan& plan, Shared& shared, std::uint64_t seed, int jobs) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> winner{UINT64_MAX};
  std::mutex mu;
  std::optional<Puzzle> best;
  auto worker = [&] {
    Engine engine(plan, shared);
    engine.join_race(&winner);
    while (!shared.expired()) {
      const std::uint64_t index = next++;
      if (index > winner.load()) return;
      auto p = engine.try_once(seed, index);
      if (!p) continue;
      std::lock_guard lock(mu);
      if (index < winner.load()) {
        winner = index;
        best = std::move(p);
      }
      return;
    }
  };
  run_threads(jobs, worker);
  if (shared.stop.load()) return std::nullopt;
  return best;
}

}  // namespace

// A rated request's puzzles carry the grade of their target already; killer puzzles have no
// classic grade (the killer ladder grades only a killer difficulty, in the engine).
bool batch_grades(const Request& r) { return !r.rating && !variant_def(r.variant).own_scale; }

void grade_into(Puzzle& p, const grader::Bands& bands) {
  grader::GradeOptions go;
  go.assume_unique = true;
  go.bands = bands;
  const grader::Grade g = grader::grade(p.givens, go);
  p.rating = g.rating;
  p.hardest = g.hardest;
  p.label = g.solved ? grader::label_for(g.rating, bands) : "";
}

bool is_minimal(const Grid& puzzle, std::string_view symmetry) {
  auto sym = parse_symmetry(symmetry);
  const auto classes = board_symmetry_classes(board_of(puzzle), sym ? *sym : Symmetry::kNone);
  Grid p = puzzle;
  for (const auto& cells : classes) {
    if (!p.cells[static_cast<size_t>(cells.front())]) continue;
    for (int c : cells) p.cells[static_cast<size_t>(c)] = 0;
    const bool unique = solver::count_solutions(p, 2) == 1;
    for (int c : cells) p.cells[static_cast<size_t>(c)] = puzzle.cells[static_cast<size_t>(c)];
    if (unique) return false;
  }
  return true;
}

Result<Puzzle> generate_one(const Request& r, std::uint64_t seed) {
  if (auto st = check_request(r); !st) return st.error();
  const Plan plan = make_plan(r);
  Shared shared;
  shared.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.budget_seconds));
  Engine engine(plan, shared);
  auto p = engine.make(seed);
  if (!p) return gave_up(plan, shared);
  return *p;
}

Result<std::vector<Puzzle>> generate_batch(const Request& r, std::uint64_t seed, int count,
                                           const BatchOptions& options) {
  if (auto st = check_request(r); !st) return st.error();
  if (count < 0) return Error("puzzle count must not be negative");
  const Plan plan = make_plan(r);
  Shared shared;
  shared.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(r.budget_seconds));
  const bool grade = options.grade && batch_grades(r);

  std::vector<std::optional<Puzzle>> made(static_cast<size_t>(count));
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::mutex progress_mu;
  auto report = [&] {
    const int d = ++done;
    if (options.progress) {
      std::lock_guard lock(progress_mu);
      options.progress(d, count);
    }
  };
  auto worker = [&] {
    Engine engine(plan, shared);
    for (int i; (i = next++) < count;) {
      auto p = engine.make(mix_seed(seed, options.stream, options.first + static_cast<std::uint64_t>(i)));
      if (!p) return;
      if (grade) grade_into(*p, r.bands);
      made[static_cast<size_t>(i)] = std::move(p);
      report();
    }
  };
  const int jobs = std::max(1, options.jobs);
  if (jobs > count) {
    // Fewer puzzles than threads (often one hard puzzle): the threads race on each puzzle's attempts.
    for (int i = 0; i < count; ++i) {
      auto p = race(plan, shared, mix_seed(seed, options.stream, options.first + static_cast<std::uint64_t>(i)),
                    jobs);
      if (!p) break;
      if (grade) grade_into(*p, r.bands);
      made[static_cast<size_t>(i)] = std::move(p);
      report();
    }
  } else {
    run_threads(jobs, worker);
  }

  // De-duplicate in index order; replacements are generated here, on this thread.
  std::unordered_set<std::string> seen;
  Engine engine(plan, shared);
  std::vector<Puzzle> out;
  out.reserve(static_cast<size_t>(count));
  const auto key = [&](const Puzzle& p) { return options.exact ? format_line(p.givens) : p.canonical; };
  auto fresh = [&](const Puzzle& p) {
    const std::string k = key(p);
    return !seen.count(k) && !(options.exclude && (options.exclude->count(p.canonical) || options.exclude->count(k))) &&
           !(options.excluded && options.excluded(p.canonical));
  };
  for (int i = 0; i < count; ++i) {
    auto& slot = made[static_cast<size_t>(i)];
    if (!slot) {
      Error e = gave_up(plan, shared, " (made " + with_commas(done.load()) + " of " + with_commas(count) + " puzzles)",
                        done.load() > 0);
      if (!options.out_of_budget) return e;
      *options.out_of_budget = std::move(e);
      return out;
    }
    const std::uint64_t base = slot->seed;
    for (std::uint64_t attempt = 1; !fresh(*slot); ++attempt) {
      // Small grids have few distinct puzzles (4x4 has a few dozen minimal ones): stop on a
      // count of duplicates in a row, not on time, so the answer does not depend on the machine.
      if (attempt > kMaxDuplicates)
        return Error(ErrorKind::budget, "only " + with_commas(i) + " distinct puzzles found for " + describe(r) + " (then " +
                     with_commas(kMaxDuplicates) + " duplicates in a row): " + fewer_duplicates_hint(r, options.exact));
      slot = engine.make(mix_seed(base, attempt));
      if (!slot) {
        Error e = gave_up(plan, shared, " (made " + with_commas(i) + " distinct puzzles of " + with_commas(count) + ")",
                          i > 0);
        if (!options.out_of_budget) return e;
        *options.out_of_budget = std::move(e);
        return out;
      }
      if (grade) grade_into(*slot, r.bands);
    }
    seen.insert(key(*slot));
    out.push_back(std::move(*slot));
  }
  return out;
}

}  // namespace gp::gen
