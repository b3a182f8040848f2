#include "render/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

namespace gp::render {
namespace {

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Error cannot_write(const std::string& path, int err) {
  return Error(ErrorKind::io, "cannot write '" + path + "': " + std::strerror(err));
}

}  // namespace

Result<AtomicFile> AtomicFile::create(const std::string& path) {
  if (path.empty() || path.back() == '/') return Error(ErrorKind::io, "cannot write '" + path + "': not a file name");
  // Hidden temporary in the same folder: ".NAME.XXXXXX".
  std::string templ = folder_of(path) + "/." + base_of(path) + ".XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());
  if (fd < 0) return cannot_write(path, errno);
  // mkstemp creates mode 0600; give the final file the usual mode (0666 minus umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  std::FILE* f = ::fdopen(fd, "wb");
  if (f == nullptr) {
    const int err = errno;
    ::close(fd);
    ::unlink(buf.data());
    return cannot_write(path, err);
  }
  return AtomicFile(path, std::string(buf.data()), f);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : path_(std::move(other.path_)),
      temp_(std::move(other.temp_)),
      file_(std::exchange(other.file_, nullptr)),
      error_(std::move(other.error_)),
      closed_(other.closed_),
      done_(std::exchange(other.done_, true)) {}

AtomicFile& AtomicFile::operator=(AtomicFile&& other) noexcept {
  if (this != &other) {
    discard();
    path_ = std::move(other.path_);
    temp_ = std::move(other.temp_);
    file_ = std::exchange(other.file_, nullptr);
    error_ = std::move(other.error_);
    closed_ = other.closed_;
    done_ = std::exchange(other.done_, true);
  }
  return *this;
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::write(const void* data, std::size_t size) {
  if (!error_.empty() || file_ == nullptr || size == 0) return;
  if (std::fwrite(data, 1, size, file_) != size) error_ = std::strerror(errno);
}

Status AtomicFile::close() {
  if (file_ != nullptr) {
    if (std::fflush(file_) != 0 && error_.empty()) error_ = std::strerror(errno);
    if (std::fclose(file_) != 0 && error_.empty()) error_ = std::strerror(errno);
    file_ = nullptr;
    closed_ = true;
  }
  if (!error_.empty()) return Error(ErrorKind::io, "cannot write '" + path_ + "': " + error_);
  return Ok{};
}

Status AtomicFile::commit() {
  if (done_) return Error(ErrorKind::io, "cannot write '" + path_ + "': already finished");
  Status closed = close();
  if (!closed) {
    discard();
    return closed;
  }
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    discard();
    return cannot_write(path_, err);
  }
  done_ = true;
  return Ok{};
}

void AtomicFile::discard() {
  if (done_) return;
  if (file_ != nullptr) {
    std::fclose(file_);
    file_ = nullptr;
  }
  if (!temp_.empty()) ::unlink(temp_.c_str());
  done_ = true;
}

Status write_file_atomically(const std::string& path, std::string_view content) {
  auto file = AtomicFile::create(path);
  if (!file) return file.error();
  file->write(content);
  return file->commit();
}

}  // namespace gp::render
