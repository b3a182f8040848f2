#include "spec/limits.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/files.hpp"

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

namespace {

// Standard input read to its end, at most kMaxSpecBytes; errors name "<stdin>".
Result<std::string> read_stdin_capped(const std::string& file) {
  const auto fail = [](const std::string& m) { return Error(Diagnostic{"<stdin>", 0, 0, m}); };
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t got = ::read(STDIN_FILENO, buf, sizeof buf);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return fail("cannot read the " + file + " (" + std::strerror(errno) + ")");
    if (got == 0) return text;
    text.append(buf, static_cast<std::size_t>(got));
    if (text.size() > kMaxSpecBytes)
      return fail("is over " + std::to_string(kMaxSpecBytes) + " bytes; a " + file + " is at most " +
                  std::to_string(kMaxSpecBytes) + " bytes (" + byte_size_text(kMaxSpecBytes) + ")");
  }
}

}  // namespace

Result<std::string> read_spec_text(const std::string& path, std::string_view what) {
  // "-": standard input, whatever kind of file it is (a pipe, a terminal), up to the same cap.
  if (path == "-") return read_stdin_capped(std::string(what) + " file");
  return read_regular_file(path, what, kMaxSpecBytes);
}

}  // namespace gp::spec
