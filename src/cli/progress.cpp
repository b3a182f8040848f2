#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace gp::cli {

Progress::Progress(bool quiet) : enabled_(!quiet && ::isatty(STDERR_FILENO) == 1) {}

Progress::~Progress() { clear(); }

void Progress::count(const std::string& what, long done, long total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (what != what_) {
    what_ = what;
    start_ = now;
  } else if (done < total && now - last_ < std::chrono::milliseconds(100)) {
    return;
  }
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::string line = what + ": " + std::to_string(done) + "/" + std::to_string(total);
  char buf[96];
  if (total > 0) {
    std::snprintf(buf, sizeof buf, " %3ld%%", 100 * done / total);
    line += buf;
  }
  if (done > 0 && seconds >= 0.5) {
    const double rate = static_cast<double>(done) / seconds;
    std::snprintf(buf, sizeof buf, rate >= 10 ? " %.0f/s" : " %.1f/s", rate);
    line += buf;
    if (done < total) {
      std::snprintf(buf, sizeof buf, " %.0f s left", static_cast<double>(total - done) / rate);
      line += buf;
    }
  }
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (enabled_ && shown_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  shown_ = false;
}

}  // namespace gp::cli
