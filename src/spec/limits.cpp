#include "spec/limits.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gp::spec {
namespace {

std::string hex4(unsigned v) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04X", v);
  return buf;
}

// Length of the UTF-8 sequence starting at s[i], 0 if it is not a valid one (overlong forms,
// surrogates and values above U+10FFFF are invalid).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c == 0xE0) n = 3, lo = 0xA0;
  else if (c >= 0xE1 && c <= 0xEC) n = 3;
  else if (c == 0xED) n = 3, hi = 0x9F;
  else if (c >= 0xEE && c <= 0xEF) n = 3;
  else if (c == 0xF0) n = 4, lo = 0x90;
  else if (c >= 0xF1 && c <= 0xF3) n = 4;
  else if (c == 0xF4) n = 4, hi = 0x8F;
  else return 0;
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::size_t max_text_length(std::string_view key_path) {
  const auto dot = key_path.rfind('.');
  const std::string_view leaf = dot == std::string_view::npos ? key_path : key_path.substr(dot + 1);
  if (leaf == "notice" || leaf == "back_text") return kMaxLongText;
  if (leaf == "path" || leaf == "profile") return kMaxPathText;
  return kMaxShortText;
}

std::optional<std::string> text_problem(std::string_view value, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < value.size(); ++chars) {
    const unsigned char c = static_cast<unsigned char>(value[i]);
    const std::string at = " (byte " + std::to_string(i + 1) + ")";
    if (c == 0) return "contains a NUL character" + at;
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
      return "contains the control character U+" + hex4(c) + at;
    const std::size_t n = utf8_length(value, i);
    if (n == 0) return "is not valid UTF-8" + at;
    i += n;
  }
  if (chars > max_chars)
    return "is " + std::to_string(chars) + " characters long; at most " + std::to_string(max_chars) +
           " are allowed";
  return std::nullopt;
}

std::optional<std::string> page_side_problem(double mm) {
  if (mm <= kMaxPageMm) return std::nullopt;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", mm);
  return std::string("is ") + buf + " mm; a PDF page is at most 5080 mm (200 in, 14,400 pt)";
}

Result<std::string> read_spec_text(const std::string& path, std::string_view what) {
  const auto fail = [&](const std::string& message) { return Error(Diagnostic{path, 0, 0, message}); };
  const std::string file = std::string(what) + " file";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail("cannot read the " + file + " (" + std::strerror(errno) + ")");
  if (S_ISDIR(st.st_mode)) return fail("is a folder, not a " + file);
  if (!S_ISREG(st.st_mode)) return fail(std::string("is ") + kind_of(st.st_mode) + ", not a regular file");
  const std::string too_big = "; a " + file + " is at most " + std::to_string(kMaxSpecBytes) + " bytes (1 MiB)";
  if (static_cast<std::size_t>(st.st_size) > kMaxSpecBytes)
    return fail("is " + std::to_string(st.st_size) + " bytes" + too_big);
  // O_NONBLOCK: should the name have become a FIFO since stat(), opening it does not wait.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return fail("cannot read the " + file + " (" + std::strerror(errno) + ")");
  std::string text;
  Error error;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = fail("is not a regular file");
  } else {
    char buf[65536];
    for (;;) {
      const ssize_t got = ::read(fd, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        error = fail("cannot read the " + file + " (" + std::strerror(errno) + ")");
        break;
      }
      if (got == 0) break;
      text.append(buf, static_cast<std::size_t>(got));
      if (text.size() > kMaxSpecBytes) {  // it grew while being read
        error = fail("is over " + std::to_string(kMaxSpecBytes) + " bytes" + too_big);
        break;
      }
    }
  }
  ::close(fd);
  if (!error.diagnostics.empty()) return error;
  return text;
}

}  // namespace gp::spec
