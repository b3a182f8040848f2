// A file that appears under its final name only when complete: data goes to a temporary file in
// the same folder (so the rename stays on one file system and is atomic), and commit() renames it
// into place. Destroying an uncommitted AtomicFile removes the temporary, leaving whatever was at
// the final path before untouched. Move-only.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace gp::render {

class AtomicFile {
 public:
  // Creates the temporary file next to `path`. Errors: "cannot write 'PATH': REASON" (e.g. the
  // folder does not exist or is not writable).
  static Result<AtomicFile> create(const std::string& path);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  // Appends bytes. Write errors are remembered and reported by commit().
  void write(const void* data, std::size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }

  // Flushes, closes and renames the temporary to the final path. After an error (from a write or
  // from closing/renaming) the temporary is removed and the final path is left as it was.
  Status commit();
  // Closes and removes the temporary without touching the final path. Idempotent.
  void discard();
  // Closes the temporary (flushing it) but neither renames nor removes it: for callers that write
  // several files and rename them all at the end (see commit()). Errors as for commit().
  Status close();

  const std::string& path() const { return path_; }
  const std::string& temp_path() const { return temp_; }
  bool ok() const { return error_.empty(); }

 private:
  AtomicFile(std::string path, std::string temp, std::FILE* f) : path_(std::move(path)), temp_(std::move(temp)), file_(f) {}

  std::string path_;
  std::string temp_;
  std::FILE* file_ = nullptr;
  std::string error_;     // first write error
  bool closed_ = false;
  bool done_ = false;     // committed or discarded: nothing to clean up
};

// Writes `content` to `path` atomically.
Status write_file_atomically(const std::string& path, std::string_view content);

}  // namespace gp::render
