// Reading a whole input file with bounded memory and without blocking: the one place where the
// spec loader, profiles and manifests open what a user names.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace gp {

// "a FIFO", "a character device", "a block device", "a socket", "a folder", or "not a regular
// file": what a stat() mode is, for messages.
const char* file_kind(mode_t mode);

// "1 MiB", "256 MiB", "1.5 KiB", "900 bytes": a byte count for messages.
std::string byte_size_text(std::size_t bytes);

// Reads the file at `path` whole. Only a regular file is read: a folder, a FIFO, a device or a
// socket is refused without opening it for reading (a FIFO would block), as is a file over
// `max_bytes` (checked before reading, and again while reading should it grow). `what` names the
// file in messages ("spec" -> "spec file"). Errors (a Diagnostic on `path`): "cannot read the spec
// file (No such file or directory)", "is a folder, not a spec file", "is a FIFO, not a regular
// file", "is 1073741824 bytes; a spec file is at most 1048576 bytes (1 MiB)".
Result<std::string> read_regular_file(const std::string& path, std::string_view what, std::size_t max_bytes);

}  // namespace gp
