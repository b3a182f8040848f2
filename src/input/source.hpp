// Opening puzzle input (a file, or standard input for "-") and reading it a line at a time with
// bounded memory. PuzzleReader (input/puzzle_reader.hpp) reads through these two functions.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
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
// puzzle file" (also "<stdin>: is a directory, ..." for `< folder`). Other kinds of file (a pipe,
// a terminal) are read as streams: read_input_line bounds what one line may hold.
inline Result<Source> open_input(const std::string& path) {
  Source source;
  if (path == "-") {
    struct stat st {};
    const bool known = ::fstat(STDIN_FILENO, &st) == 0;
    if (known && S_ISDIR(st.st_mode)) return Error(Diagnostic{source.name, 0, 0, "is a directory, not a puzzle file"});
    source.streaming = !known || !S_ISREG(st.st_mode);
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

// The message for a read that failed (the reader stops there): "read error (Input/output error)".
inline std::string read_error_text(int err) { return std::string("read error (") + std::strerror(err != 0 ? err : EIO) + ")"; }

// Whether reading `in` failed rather than ended: a file stream's buffer throws on a read error
// (callers catch it, see read_input_line); standard input's buffer (stdio) ends instead and leaves
// the error on stdin.
inline bool stdin_read_failed(const std::istream& in) { return in.rdbuf() == std::cin.rdbuf() && std::ferror(stdin) != 0; }

// Reads the next line of `in` into `line` (without its '\n') and counts it in `line_no`.
// Returns false at the end of the input. Errors (line `line_no`): "longer than 65536 characters
// (not a puzzle file?)" - the caller stops reading there, so an endless line never fills memory
// (`line` then holds the first 65537 characters, all that was read of it);
// "read error (Input/output error)" when the file cannot be read on (EIO, EISDIR, EINVAL...).
inline Result<bool> read_input_line(std::istream& in, std::string& line, int& line_no) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool counted = false;  // line_no counts this line already
  const auto failed = [&](int err) { return Error(Diagnostic{"", counted ? line_no : line_no + 1, 0, read_error_text(err)}); };
  try {
    errno = 0;
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (stdin_read_failed(in)) return failed(errno);
      return false;
    }
    ++line_no;
    counted = true;
    for (; c != std::char_traits<char>::eof() && c != '\n'; c = buf->sbumpc()) {
      if (line.size() == kMaxInputLine) {
        line.push_back(static_cast<char>(c));  // what was read stays in `line` (minified JSON reads on)
        return Error(Diagnostic{"", line_no, 0,
                                "longer than " + std::to_string(kMaxInputLine) + " characters (not a puzzle file?)"});
      }
      line.push_back(static_cast<char>(c));
    }
    if (stdin_read_failed(in)) return failed(errno);
  } catch (const std::ios_base::failure& e) {  // libstdc++'s filebuf: "basic_filebuf::underflow error reading the file"
    return failed(e.code().value() != 0 ? e.code().value() : errno);
  }
  return true;
}

}  // namespace gp::input
