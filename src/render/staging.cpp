#include "render/staging.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace gp::render {
namespace {

namespace fs = std::filesystem;

// An earlier version of `f` is kept under this name while the group is being renamed.
std::string kept_name(const std::string& staged) { return staged + ".old"; }

}  // namespace

Staging::Staging() {
  static std::atomic<int> serial{0};
  prefix_ = ".gp-stage-" + std::to_string(::getpid()) + "-" + std::to_string(serial++) + "-";
}

Staging::~Staging() {
  std::error_code ec;
  for (const File& f : files_) {
    if (!committed_) fs::remove(f.staged, ec);
    fs::remove(kept_name(f.staged), ec);
  }
}

Result<std::string> Staging::add(const std::string& final_path) {
  if (const auto it = index_.find(final_path); it != index_.end()) return files_[it->second].staged;
  const fs::path p(final_path);
  if (!p.has_filename()) return Error(ErrorKind::io, "cannot write '" + final_path + "': not a file name");
  const std::string staged = (p.parent_path() / (prefix_ + p.filename().string())).string();
  const int fd = ::open(staged.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return Error(ErrorKind::io, "cannot write '" + final_path + "': " + std::strerror(errno));
  ::close(fd);
  index_.emplace(final_path, files_.size());
  files_.push_back({staged, final_path});
  return staged;
}

Status Staging::commit() {
  std::error_code ec;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const File& f = files_[i];
    const std::string old = kept_name(f.staged);
    if (fs::is_regular_file(f.final_path, ec)) {
      fs::create_hard_link(f.final_path, old, ec);
      if (ec) fs::copy_file(f.final_path, old, fs::copy_options::overwrite_existing, ec);
      if (ec) return undo(i, Error(ErrorKind::io, "cannot keep '" + f.final_path + "' while replacing it: " + ec.message()));
    }
    fs::rename(f.staged, f.final_path, ec);
    if (ec) return undo(i, Error(ErrorKind::io, "cannot write '" + f.final_path + "': " + ec.message()));
  }
  committed_ = true;
  return Ok{};
}

// Puts back the files before `failed` (the earlier version, or none) and returns `error`.
Status Staging::undo(std::size_t failed, Error error) {
  std::error_code ec;
  for (std::size_t i = 0; i < failed; ++i) {
    const File& f = files_[i];
    if (fs::exists(kept_name(f.staged), ec))
      fs::rename(kept_name(f.staged), f.final_path, ec);
    else
      fs::remove(f.final_path, ec);
  }
  return error;
}

}  // namespace gp::render
