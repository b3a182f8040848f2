// Opening puzzle input (a file, or standard input for "-") and reading it a line at a time with
// bounded memory. PuzzleReader (input/puzzle_reader.hpp) reads through these two functions.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "core/result.hpp"

namespace gp::input {

// The longest input line read (in bytes, without the newline). A 16x16 puzzle with its solution
// is 513; anything this long is not puzzle input (a binary file, /dev/zero).
inline constexpr std::size_t kMaxInputLine = 65536;

struct Source {
  std::unique_ptr<std::ifstream> file;  // null when reading standard input
  std::istream* stream = &std::cin;     // valid while this Source lives
  std::string name = "<stdin>";         // how messages name the input: the path, or <stdin>
  // Lines may arrive one at a time (standard input that is not a regular file: a pipe, a
  // terminal): commands answer each puzzle as it arrives and flush, instead of batching.
  bool streaming = false;
};

// "-" means standard input. Errors: "PATH: cannot open (reason)"; "PATH: is a directory, not a
// puzzle file". Other kinds of file (a pipe, a terminal) are read as streams: read_input_line
// bounds what one line may hold.
inline Result<Source> open_input(const std::string& path) {
  Source source;
  if (path == "-") {
    struct stat st {};
    source.streaming = ::fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode);
    return source;
  }
  source.file = std::make_unique<std::ifstream>(path);
  if (!*source.file) return Error(Diagnostic{path, 0, 0, std::string("cannot open (") + std::strerror(errno) + ")"});
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    return Error(Diagnostic{path, 0, 0, "is a directory, not a puzzle file"});
  source.stream = source.file.get();
  source.name = path;
  return source;
}

// Reads the next line of `in` into `line` (without its '\n') and counts it in `line_no`.
// Returns false at the end of the input. Error (line `line_no`): "longer than 65536 characters
// (not a puzzle file?)" - the caller stops reading there, so an endless line never fills memory.
inline Result<bool> read_input_line(std::istream& in, std::string& line, int& line_no) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  int c = buf->sbumpc();
  if (c == std::char_traits<char>::eof()) return false;
  ++line_no;
  for (; c != std::char_traits<char>::eof() && c != '\n'; c = buf->sbumpc()) {
    if (line.size() == kMaxInputLine)
      return Error(Diagnostic{"", line_no, 0,
                              "longer than " + std::to_string(kMaxInputLine) + " characters (not a puzzle file?)"});
    line.push_back(static_cast<char>(c));
  }
  return true;
}

}  // namespace gp::input
