// Where the program's own data (templates/) is: found from the running executable, never from a
// path compiled in, so an installed tree can be moved and never reads the source tree.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "spec/spec.hpp"

namespace gp::spec {

namespace fs = std::filesystem;

std::string builtin_data_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return {};
  const fs::path bin = exe.parent_path();
  // Installed: <prefix>/bin/gridpress and <prefix>/share/gridpress/templates.
  const fs::path installed = (bin / ".." / "share" / "gridpress").lexically_normal();
  if (fs::is_directory(installed / "templates", ec)) return installed.string();
  // Built, not installed: the build writes the source tree's path into this file next to the binary.
  std::ifstream marker(bin / kSourceTreeMarker);
  std::string source;
  if (marker && std::getline(marker, source) && !source.empty() && fs::is_directory(fs::path(source) / "templates", ec))
    return source;
  return {};
}

}  // namespace gp::spec
