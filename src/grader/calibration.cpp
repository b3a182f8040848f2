#include "grader/calibration.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <numeric>

#include "core/codec.hpp"

namespace gp::grader {
namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const auto tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) break;
    start = tab + 1;
  }
  return out;
}

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
    const double avg = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (std::size_t k = i; k <= j; ++k) r[idx[k]] = avg;
    i = j + 1;
  }
  return r;
}

int band_index(double rating, const Bands& bands) {
  const std::string name = label_for(rating, bands);
  for (std::size_t i = 0; i < bands.bands.size(); ++i)
    if (bands.bands[i].name == name) return static_cast<int>(i);
  return static_cast<int>(bands.bands.size()) - 1;
}

// CPU time of the calling thread: grading is single-threaded, and CPU time stays meaningful on a
// loaded machine where wall time does not.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace

Result<std::vector<RatedPuzzle>> parse_rated_tsv(std::string_view text) {
  std::vector<RatedPuzzle> out;
  int puzzle_col = -1;
  int se_col = -1;
  int line_no = 0;
  bool header = true;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) {
      if (nl == text.size()) break;
      continue;
    }
    const auto fields = split_tabs(line);
    if (header) {
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i] == "puzzle") puzzle_col = static_cast<int>(i);
        if (fields[i] == "se121_er") se_col = static_cast<int>(i);
      }
      if (puzzle_col < 0) return Error("line " + std::to_string(line_no) + ": no puzzle column");
      if (se_col < 0) return Error("line " + std::to_string(line_no) + ": no se121_er column");
      header = false;
      continue;
    }
    const auto need = static_cast<std::size_t>(std::max(puzzle_col, se_col));
    if (fields.size() <= need) return Error("line " + std::to_string(line_no) + ": too few columns");
    auto grid = parse_line(fields[static_cast<std::size_t>(puzzle_col)]);
    if (!grid) return Error("line " + std::to_string(line_no) + ": " + grid.error().to_string());
    const std::string se_text(fields[static_cast<std::size_t>(se_col)]);
    char* end = nullptr;
    const double se = std::strtod(se_text.c_str(), &end);
    if (se_text.empty() || end != se_text.c_str() + se_text.size())
      return Error("line " + std::to_string(line_no) + ": bad rating '" + se_text + "'");
    out.push_back({std::move(grid.value()), se});
  }
  return out;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.size() < 2) return 0.0;
  const auto ra = ranks(a);
  const auto rb = ranks(b);
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
  const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < ra.size(); ++i) {
    sab += (ra[i] - ma) * (rb[i] - mb);
    saa += (ra[i] - ma) * (ra[i] - ma);
    sbb += (rb[i] - mb) * (rb[i] - mb);
  }
  if (saa == 0 || sbb == 0) return 0.0;
  return sab / std::sqrt(saa * sbb);
}

CalibrationReport calibrate(const std::vector<RatedPuzzle>& puzzles, const GradeOptions& options) {
  CalibrationReport r;
  GradeOptions opt = options;
  opt.record_path = false;
  const auto& bands = opt.bands;
  for (const Band& b : bands.bands) r.band_names.push_back(b.name);
  r.confusion.assign(bands.bands.size(), std::vector<int>(bands.bands.size(), 0));
  std::vector<double> se_list;
  for (const RatedPuzzle& p : puzzles) {
    const double t0 = thread_seconds();
    const Grade g = grade(p.puzzle, opt);
    const double dt = thread_seconds() - t0;
    r.seconds += dt;
    if (p.se <= 4.0 + 1e-9) {
      r.seconds_easy += dt;
      ++r.count_easy;
    }
    if (!g.unique) {
      ++r.not_unique;
      r.ours.push_back(-1.0);
      continue;
    }
    const double ours = g.solved ? g.rating : 20.0;
    if (!g.solved) ++r.unsolved;
    r.ours.push_back(ours);
    ++r.total;
    se_list.push_back(p.se);
    const double diff = std::fabs(ours - p.se);
    auto& bucket = r.buckets[std::round(p.se * 10.0) / 10.0];
    ++bucket.count;
    bucket.sum_ours += ours;
    if (diff < 0.05) {
      ++r.exact;
      ++bucket.exact;
    }
    if (diff <= 0.3 + 1e-9) {
      ++r.within;
      ++bucket.within;
    }
    const int bs = band_index(p.se, bands);
    const int bo = band_index(ours, bands);
    ++r.confusion[static_cast<std::size_t>(bs)][static_cast<std::size_t>(bo)];
    if (bs == bo) ++r.band_agree;
  }
  std::vector<double> ours_rated;
  for (double v : r.ours)
    if (v >= 0) ours_rated.push_back(v);
  r.spearman = spearman(se_list, ours_rated);
  return r;
}

}  // namespace gp::grader
