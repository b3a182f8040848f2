// Opening a command's puzzle input: a file, or standard input for "-".
#pragma once

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "core/result.hpp"

namespace gp::cli {

struct Input {
  std::unique_ptr<std::ifstream> file;  // null when reading standard input
  std::istream* stream = &std::cin;     // valid while this Input lives
};

// "-" means standard input. A file that cannot be opened gives "PATH: cannot open (reason)".
inline Result<Input> open_input(const std::string& path) {
  Input input;
  if (path == "-") return input;
  input.file = std::make_unique<std::ifstream>(path);
  if (!*input.file) return Error(Diagnostic{path, 0, 0, std::string("cannot open (") + std::strerror(errno) + ")"});
  input.stream = input.file.get();
  return input;
}

}  // namespace gp::cli
