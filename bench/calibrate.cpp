// gridpress-calibrate: compares our grader with Sudoku Explainer 1.2.1 ratings.
//   gridpress-calibrate [--limit N] [--misses K] [FILE.tsv ...]
//   gridpress-calibrate --examples FILE.txt   (one puzzle a line: prints, per hardest technique and
//                                              rating, the first puzzle that needs it; used to pick
//                                              the per-technique test puzzles)
// Default files: se_rated_sample.tsv and se_rated_easy_medium.tsv from the shared data directory.
// Prints share exact, share within 0.3, Spearman correlation, band confusion matrix, puzzles/s and a
// per-SE-rating breakdown; --misses K lists up to K puzzles where we differ from SE by more than 0.3.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/codec.hpp"
#include "grader/calibration.hpp"

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

}  // namespace

int find_examples(const std::string& path) {
  std::string text;
  if (!read_file(path, text)) {
    std::fprintf(stderr, "gridpress-calibrate: cannot read %s\n", path.c_str());
    return 1;
  }
  std::map<std::pair<std::string, double>, std::string> first;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    auto g = gp::parse_line(line);
    if (!g) continue;
    const auto grade = gp::grader::grade(g.value());
    if (!grade.solved) continue;
    first.emplace(std::make_pair(grade.hardest, grade.rating), gp::format_line(g.value()));
  }
  for (const auto& [key, puzzle] : first) std::printf("%.1f\t%s\t%s\n", key.second, key.first.c_str(), puzzle.c_str());
  return 0;
}

int main(int argc, char** argv) {
  std::vector<std::string> files;
  long limit = -1;
  int misses = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--limit" && i + 1 < argc) {
      limit = std::strtol(argv[++i], nullptr, 10);
    } else if (a == "--misses" && i + 1 < argc) {
      misses = static_cast<int>(std::strtol(argv[++i], nullptr, 10));
    } else if (a == "--examples" && i + 1 < argc) {
      return find_examples(argv[i + 1]);
    } else if (a == "--help" || a == "-h") {
      std::printf("usage: gridpress-calibrate [--limit N] [--misses K] [FILE.tsv ...] | --examples FILE.txt\n");
      return 0;
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) {
    files.push_back(std::string(GRIDPRESS_SHARED_DATA) + "/se_rated_sample.tsv");
    files.push_back(std::string(GRIDPRESS_SHARED_DATA) + "/se_rated_easy_medium.tsv");
  }
  std::vector<gp::grader::RatedPuzzle> puzzles;
  for (const auto& f : files) {
    std::string text;
    if (!read_file(f, text)) {
      std::fprintf(stderr, "gridpress-calibrate: cannot read %s\n", f.c_str());
      return 1;
    }
    auto parsed = gp::grader::parse_rated_tsv(text);
    if (!parsed) {
      std::fprintf(stderr, "%s: %s\n", f.c_str(), parsed.error().to_string().c_str());
      return 1;
    }
    long taken = 0;
    for (auto& p : parsed.value()) {
      if (limit >= 0 && taken >= limit) break;
      puzzles.push_back(std::move(p));
      ++taken;
    }
  }
  const auto r = gp::grader::calibrate(puzzles);
  const double n = r.total > 0 ? r.total : 1;
  std::printf("puzzles graded: %d (not unique: %d, unsolved by the ladder: %d)\n", r.total, r.not_unique,
              r.unsolved);
  std::printf("exact:          %.1f%%\n", 100.0 * r.exact / n);
  std::printf("within 0.3:     %.1f%%\n", 100.0 * r.within / n);
  std::printf("spearman:       %.4f\n", r.spearman);
  std::printf("band agreement: %.1f%%\n", 100.0 * r.band_agree / n);
  std::printf("speed (CPU s):  %.0f puzzles/s overall, %.0f puzzles/s for SE <= 4.0 (%d puzzles)\n",
              r.seconds > 0 ? (r.total + r.not_unique) / r.seconds : 0.0,
              r.seconds_easy > 0 ? r.count_easy / r.seconds_easy : 0.0, r.count_easy);
  std::printf("\nband confusion (rows: SE, columns: ours)\n%-10s", "");
  for (const auto& b : r.band_names) std::printf("%10s", b.c_str());
  std::printf("\n");
  for (std::size_t i = 0; i < r.confusion.size(); ++i) {
    std::printf("%-10s", r.band_names[i].c_str());
    for (int c : r.confusion[i]) std::printf("%10d", c);
    std::printf("\n");
  }
  std::printf("\nper SE rating:   SE  count  exact  within0.3  mean-ours\n");
  for (const auto& [se, b] : r.buckets)
    std::printf("               %4.1f  %5d  %5.1f%%  %8.1f%%  %8.2f\n", se, b.count, 100.0 * b.exact / b.count,
                100.0 * b.within / b.count, b.sum_ours / b.count);
  if (misses > 0) {
    std::printf("\nlargest disagreements (SE, ours, puzzle):\n");
    int shown = 0;
    for (std::size_t i = 0; i < puzzles.size() && shown < misses; ++i) {
      if (r.ours[i] < 0 || std::fabs(r.ours[i] - puzzles[i].se) <= 0.3 + 1e-9) continue;
      std::printf("%.1f %.1f %s\n", puzzles[i].se, r.ours[i], gp::format_line(puzzles[i].puzzle).c_str());
      ++shown;
    }
  }
  return 0;
}
