#include "book/explained.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "book/techniques.hpp"
#include "grader/grader.hpp"
#include "grader/state.hpp"

namespace gp::book {
namespace {

// "r2c1 = 9 (box 1)", "r6c4 = 5 (naked single)", "r1c9 = 7 (last in row 1)".
std::string single_text(const grader::State& s, const grader::Step& step) {
  if (step.placements.size() != 1) return step.description;
  const grader::CellValue& p = step.placements.front();
  std::string out = s.cell_name(p.cell) + " = " + std::string(1, value_char(p.value));
  if (step.technique == "Naked single") return out + " (naked single)";
  if (step.units.size() != 1) return out;
  const std::string unit = s.unit_name(step.units.front());
  return out + (step.technique == "Full house" ? " (last in " + unit + ")" : " (" + unit + ")");
}

std::string step_numbers(std::size_t first, std::size_t last) {
  return first == last ? "Step " + std::to_string(first + 1) + ", a single: "
                       : "Steps " + std::to_string(first + 1) + " to " + std::to_string(last + 1) + ", singles: ";
}

}  // namespace

layout::WorkedSolution worked_solution(const Grid& givens) {
  layout::WorkedSolution w;
  grader::GradeOptions options;
  options.record_path = true;
  options.assume_unique = true;
  const grader::Grade g = grader::grade(givens, options);
  grader::State s;
  if (!s.init(givens)) return w;
  // The hardest drawable steps get a diagram: every step's diagram is made on a first walk (the
  // state before each step is gone after it), the hardest kWorkedDiagrams kept.
  std::vector<std::optional<layout::TechniqueDiagram>> diagrams(g.path.size());
  std::vector<std::pair<double, std::size_t>> drawable;
  {
    grader::State walk;
    (void)walk.init(givens);
    for (std::size_t i = 0; i < g.path.size(); ++i) {
      const grader::Step& step = g.path[i];
      if (!is_single(step.technique) && (diagrams[i] = step_diagram(givens, walk, step))) drawable.emplace_back(-step.rating, i);
      walk.apply(step);
    }
  }
  std::stable_sort(drawable.begin(), drawable.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (drawable.size() > static_cast<std::size_t>(kWorkedDiagrams)) drawable.resize(kWorkedDiagrams);
  auto with_diagram = [&](std::size_t i) {
    return std::any_of(drawable.begin(), drawable.end(), [&](const auto& d) { return d.second == i; });
  };
  std::string run;  // the current run of singles
  std::size_t run_first = 0;
  auto close_run = [&](std::size_t last) {
    if (run.empty()) return;
    w.steps.push_back({step_numbers(run_first, last) + run + ".", std::nullopt});
    run.clear();
  };
  for (std::size_t i = 0; i < g.path.size(); ++i) {
    const grader::Step& step = g.path[i];
    if (is_single(step.technique)) {
      if (run.empty()) run_first = i;
      run += (run.empty() ? "" : ", ") + single_text(s, step);
    } else {
      close_run(i - 1);
      const std::string number = std::to_string(i + 1) + ". ";
      layout::WorkedStep ws;
      if (with_diagram(i)) ws.diagram = std::move(diagrams[i]);
      ws.text = ws.diagram ? number + ws.diagram->title + ": " + ws.diagram->text
                           : number + step.description + (step.description.empty() ? step.technique : "") + ".";
      w.steps.push_back(std::move(ws));
    }
    s.apply(step);
  }
  close_run(g.path.empty() ? 0 : g.path.size() - 1);
  if (!g.solved)
    w.steps.push_back({"The grader's techniques stop here: the rest needs a guess or a technique beyond its ladder.",
                       std::nullopt});
  return w;
}

Result<std::vector<layout::WorkedSolution>> worked_solutions(const spec::BookSpec& spec,
                                                             const std::vector<PuzzleStore>& puzzles,
                                                             const layout::BookPlan& plan) {
  std::vector<layout::WorkedSolution> out;
  const auto& numbers = spec.answers.explained_numbers;
  std::vector<bool> found(numbers.size(), false);
  for (std::size_t r : plan.book_order()) {
    const layout::PuzzleRecord& rec = plan.records[r];
    const auto s = static_cast<std::size_t>(rec.section);
    if (s >= puzzles.size() || s >= spec.sections.size() || spec.sections[s].blank) continue;
    bool wanted = false;
    if (numbers.empty()) {
      wanted = rec.index < spec.answers.explained;
    } else {
      const auto at = std::find(numbers.begin(), numbers.end(), rec.number);
      if (at != numbers.end()) {
        wanted = true;
        found[static_cast<std::size_t>(at - numbers.begin())] = true;
      }
    }
    if (!wanted || static_cast<std::size_t>(rec.index) >= puzzles[s].size()) continue;
    layout::WorkedSolution w = worked_solution(puzzles[s].get(static_cast<std::size_t>(rec.index)).givens);
    w.section = rec.section;
    w.index = rec.index;
    out.push_back(std::move(w));
  }
  for (std::size_t i = 0; i < numbers.size(); ++i)
    if (!found[i])
      return Error("answers.explained: no puzzle of the book is numbered " + std::to_string(numbers[i]));
  return out;
}

}  // namespace gp::book
