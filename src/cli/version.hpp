// The git commit the program was built from (short hash, or "unknown" when built outside a git
// checkout), defined in a file the build writes (cmake/version.cmake). The version itself is the
// GRIDPRESS_VERSION macro (the project version in CMakeLists.txt).
#pragma once

namespace gp::cli {

extern const char* const kCommit;

}  // namespace gp::cli
