#include "book/cover.hpp"

#include <map>

#include "book/kdp.hpp"
#include "core/variants.hpp"
#include "pdfcheck/cover.hpp"
#include "spec/spec.hpp"

namespace gp::book {

Result<std::optional<PuzzleAt>> cover_sample(const spec::BookSpec& spec, const layout::BookPlan& plan) {
  auto blank = [&](const layout::PuzzleRecord& r) { return spec.sections[static_cast<size_t>(r.section)].blank; };
  if (const int n = spec.cover.sample; n > 0) {
    for (const layout::PuzzleRecord& r : plan.records) {
      if (r.number != n) continue;
      if (blank(r))
        return Error(spec::key_diagnostic(spec, {"cover.sample"},
                                          "puzzle " + std::to_string(n) + " is a practice grid (section '" +
                                              spec.sections[static_cast<size_t>(r.section)].name +
                                              "' is blank): name a puzzle to show"));
      return std::optional<PuzzleAt>(PuzzleAt{r.section, r.index});
    }
    int lo = 0, hi = 0;
    for (const layout::PuzzleRecord& r : plan.records) {
      lo = lo == 0 ? r.number : std::min(lo, r.number);
      hi = std::max(hi, r.number);
    }
    return Error(spec::key_diagnostic(spec, {"cover.sample"},
                                      "the book has no puzzle " + std::to_string(n) +
                                          (hi > 0 ? " (its puzzles are numbered " + std::to_string(lo) + " to " +
                                                        std::to_string(hi) + ")"
                                                  : std::string(" (it has no puzzles)"))));
  }
  // The main variant: the most puzzles; at a tie, the first to appear.
  // In book order (a book in mixed order keeps its records section by section).
  const std::vector<std::size_t> order = plan.book_order();
  std::map<std::string, int> count, first;
  for (size_t i = 0; i < order.size(); ++i) {
    const layout::PuzzleRecord& r = plan.records[order[i]];
    if (blank(r)) continue;
    const std::string& v = spec.sections[static_cast<size_t>(r.section)].variant;
    if (count[v]++ == 0) first[v] = static_cast<int>(i);
  }
  if (count.empty()) return std::optional<PuzzleAt>();
  std::string main;
  for (const auto& [v, k] : count)
    if (main.empty() || k > count[main] || (k == count[main] && first[v] < first[main])) main = v;
  const int middle = (count[main] + 1) / 2;  // 1-based among the main variant's puzzles
  int seen = 0;
  for (const std::size_t at : order) {
    const layout::PuzzleRecord& r = plan.records[at];
    if (!blank(r) && spec.sections[static_cast<size_t>(r.section)].variant == main && ++seen == middle)
      return std::optional<PuzzleAt>(PuzzleAt{r.section, r.index});
  }
  return std::optional<PuzzleAt>();
}

Result<std::vector<std::string>> check_cover_file(const std::string& path, const spec::BookSpec& spec, int book_pages,
                                                  layout::Paper paper) {
  const layout::CoverGeometry g = layout::cover_geometry(spec.page, book_pages, paper);
  auto report = pdfcheck::check_cover_pdf(path, kdp_cover_rules(g));
  if (!report) return report.error();
  std::vector<std::string> out;
  for (const pdfcheck::Finding& f : report->findings) out.push_back(f.message);
  return out;
}

}  // namespace gp::book
