// Helpers for tests that run the real binary: a temporary folder, reading a file, running a
// command line with its output captured.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gp::test {

// A fresh folder under the system's temporary folder, removed with everything in it at the end.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "gridpress-test") {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Run {
  int code = -1;
  std::string out, err;
};

// Runs a shell command line, capturing stdout and stderr (through files in `dir`).
inline Run run(const std::string& command, const TempDir& dir) {
  const std::string out = dir / "stdout.txt", err = dir / "stderr.txt";
  const int status = std::system((command + " >'" + out + "' 2>'" + err + "'").c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

}  // namespace gp::test
