// Progress of a long command on stderr: one line rewritten in place, with percent, rate and time
// left, only when stderr is a terminal and the command is not quiet (-q). Nothing on a pipe.
#pragma once

#include <chrono>
#include <string>

namespace gp::cli {

class Progress {
 public:
  // Shows nothing when `quiet` or when stderr is not a terminal.
  explicit Progress(bool quiet);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // "generating: 120/400 30% 85/s 3 s left" (redrawn at most 10 times a second, and at the end).
  // The rate counts from the first call with this `what` (a new `what` starts a new count).
  void count(const std::string& what, long done, long total);
  // Removes the line (before other output on stderr, and at the end).
  void clear();

 private:
  bool enabled_;
  bool shown_ = false;
  std::string what_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace gp::cli
