#include "core/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gp {

const char* file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string byte_size_text(std::size_t bytes) {
  const char* units[] = {"KiB", "MiB", "GiB"};
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  double v = static_cast<double>(bytes) / 1024;
  int u = 0;
  while (v >= 1024 && u < 2) v /= 1024, ++u;
  char buf[32];
  if (v == static_cast<double>(static_cast<long long>(v)))
    std::snprintf(buf, sizeof buf, "%lld %s", static_cast<long long>(v), units[u]);
  else
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
  return buf;
}

Result<std::string> read_regular_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
  const auto fail = [&](const std::string& message) { return Error(Diagnostic{path, 0, 0, message}); };
  const std::string file = std::string(what) + " file";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail("cannot read the " + file + " (" + std::strerror(errno) + ")");
  if (S_ISDIR(st.st_mode)) return fail("is a folder, not a " + file);
  if (!S_ISREG(st.st_mode)) return fail(std::string("is ") + file_kind(st.st_mode) + ", not a regular file");
  const std::string too_big =
      "; a " + file + " is at most " + std::to_string(max_bytes) + " bytes (" + byte_size_text(max_bytes) + ")";
  if (static_cast<std::size_t>(st.st_size) > max_bytes) return fail("is " + std::to_string(st.st_size) + " bytes" + too_big);
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
      if (text.size() > max_bytes) {  // it grew while being read
        error = fail("is over " + std::to_string(max_bytes) + " bytes" + too_big);
        break;
      }
    }
  }
  ::close(fd);
  if (!error.diagnostics.empty()) return error;
  return text;
}

}  // namespace gp
