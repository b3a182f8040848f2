// Opening a command's puzzle input (a file, or standard input for "-") and reading it a line at a
// time with bounded memory. Every command that reads puzzle lines (solve, grade, generate
// --exclude) goes through these two functions.
#pragma once

#include <sys/stat.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "core/result.hpp"

namespace gp::cli {

// The longest input line read (in bytes, without the newline). A 16x16 puzzle with its solution
// is 513; anything this long is not puzzle input (a binary file, /dev/zero).
inline constexpr std::size_t kMaxInputLine = 65536;

struct Input {
  std::unique_ptr<std::ifstream> file;  // null when reading standard input
  std::istream* stream = &std::cin;     // valid while this Input lives
};

// "-" means standard input. Errors: "PATH: cannot open (reason)"; "PATH: is a directory, not a
// puzzle file". Other kinds of file (a pipe, a terminal) are read as streams: read_input_line
// bounds what one line may hold.
inline Result<Input> open_input(const std::string& path) {
  Input input;
  if (path == "-") return input;
  input.file = std::make_unique<std::ifstream>(path);
  if (!*input.file) return Error(Diagnostic{path, 0, 0, std::string("cannot open (") + std::strerror(errno) + ")"});
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    return Error(Diagnostic{path, 0, 0, "is a directory, not a puzzle file"});
  input.stream = input.file.get();
  return input;
}

// Reads the next line of `in` into `line` (without its '\n') and counts it in `line_no`.
// Returns false at the end of the input. Error: "line N: longer than 65536 characters (not a
// puzzle file?)" - the caller stops reading there, so an endless line never fills memory.
inline Result<bool> read_input_line(std::istream& in, std::string& line, int& line_no) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  int c = buf->sbumpc();
  if (c == std::char_traits<char>::eof()) return false;
  ++line_no;
  for (; c != std::char_traits<char>::eof() && c != '\n'; c = buf->sbumpc()) {
    if (line.size() == kMaxInputLine)
      return Error("line " + std::to_string(line_no) + ": longer than " + std::to_string(kMaxInputLine) +
                   " characters (not a puzzle file?)");
    line.push_back(static_cast<char>(c));
  }
  return true;
}

}  // namespace gp::cli
