#include "book/hints.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <mutex>
#include <string>
#include <thread>

#include "book/techniques.hpp"
#include "grader/grader.hpp"
#include "grader/state.hpp"

namespace gp::book {
namespace {

// "Hidden single" -> "hidden single"; names that start with a capital of their own ("X-wing",
// "XY-wing", "BUG+1") keep it.
std::string in_sentence(const std::string& technique) {
  std::string t = technique;
  if (t.size() > 1 && std::isupper(static_cast<unsigned char>(t[0])) && std::islower(static_cast<unsigned char>(t[1])))
    t[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(t[0])));
  return t;
}

// Where a step happens, without its digit: its units (at most three), or for a step that names
// none the cell it solves or the first cell it clears a candidate from. `brief`: "box 9, col. 8"
// instead of "in box 9 and column 8".
std::string place_of(const grader::State& s, const grader::Step& step, bool brief) {
  const bool naked_single = step.technique == "Naked single";
  if (!step.units.empty() && !naked_single) {
    std::vector<std::string> names;
    for (int u : step.units) {
      std::string name = s.unit_name(u);
      if (brief && name.rfind("column ", 0) == 0) name = "col. " + name.substr(7);
      if (std::find(names.begin(), names.end(), name) == names.end() && names.size() < 3) names.push_back(name);
    }
    if (!brief) return "in " + word_list(names);
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }
  // A cage rule's step (killer) clears candidates inside one cage: named by a cell of it.
  std::string lowered = step.technique;
  for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const int at = !step.placements.empty()    ? step.placements.front().cell
                 : !step.eliminations.empty() ? step.eliminations.front().cell
                                              : -1;
  if (lowered.find("cage") != std::string::npos && at >= 0) return (brief ? "cage of " : "in the cage of ") + s.cell_name(at);
  if (!step.placements.empty()) return (brief ? "" : "at ") + s.cell_name(step.placements.front().cell);
  if (!step.eliminations.empty()) return (brief ? "near " : "around ") + s.cell_name(step.eliminations.front().cell);
  return "";
}

// "pointing in box 4 and row 2" / "pointing, box 4, row 2".
std::string step_text(const grader::State& s, const grader::Step& step, bool brief, bool capital) {
  std::string t = capital ? step.technique : in_sentence(step.technique);
  const std::string place = place_of(s, step, brief);
  if (place.empty()) return t;
  return t + (brief ? ", " : " ") + place;
}

}  // namespace

layout::PuzzleHint puzzle_hint(const Grid& givens) {
  grader::GradeOptions options;
  options.record_path = true;
  options.assume_unique = true;
  const grader::Grade g = grader::grade(givens, options);
  grader::State s;
  if (g.path.empty() || !s.init(givens)) return {"No hint: the grader found no first step.", "No hint."};
  const grader::Step& first = g.path.front();
  const std::string full = step_text(s, first, false, true), brief = step_text(s, first, true, true);
  // The puzzle opens beyond the singles: that first step is the hint.
  if (!is_single(first.technique)) return {full + " (no single comes first).", brief + "."};
  for (const grader::Step& step : g.path) {
    if (!is_single(step.technique))
      return {full + ", then " + step_text(s, step, false, false) + ".",
              brief + "; then " + step_text(s, step, true, false) + "."};
    s.apply(step);
  }
  if (g.solved) return {full + "; singles alone solve it.", brief + "; singles solve it."};
  return {full + ".", brief + "."};
}

std::vector<std::vector<layout::PuzzleHint>> puzzle_hints(const spec::BookSpec& spec,
                                                          const std::vector<PuzzleStore>& puzzles, int jobs,
                                                          const std::function<void(long, long)>& progress) {
  std::vector<std::vector<layout::PuzzleHint>> hints(puzzles.size());
  std::vector<std::pair<std::size_t, std::size_t>> items;
  for (std::size_t s = 0; s < puzzles.size(); ++s) {
    if (s < spec.sections.size() && spec.sections[s].blank) continue;
    hints[s].resize(puzzles[s].size());
    for (std::size_t i = 0; i < puzzles[s].size(); ++i) items.emplace_back(s, i);
  }
  std::atomic<std::size_t> next{0};
  long done = 0;
  std::mutex report;
  auto work = [&] {
    for (std::size_t k; (k = next.fetch_add(1)) < items.size();) {
      const auto [s, i] = items[k];
      hints[s][i] = puzzle_hint(puzzles[s].get(i).givens);
      std::lock_guard<std::mutex> lock(report);  // the count and its report in step
      ++done;
      if (progress) progress(done, static_cast<long>(items.size()));
    }
  };
  std::vector<std::thread> threads;
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(items.size())));
  for (int t = 1; t < n; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return hints;
}

}  // namespace gp::book
