// Helpers of the golden-file tests (golden_test, golden_rules_test): a stable fingerprint of bytes
// and the comparison of a text with its file in tests/data/golden/ (or its rewrite, on purpose,
// with GRIDPRESS_UPDATE_GOLDEN=1). Header-only; include after Catch2 and cli_support.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "cli_support.hpp"

namespace gp::test {

inline const std::string kGoldenDir = std::string(GRIDPRESS_TEST_DATA) + "/golden";

// FNV-1a, 64 bits: a stable fingerprint of a file's bytes (std::hash is not stable across versions).
inline std::string fingerprint(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Compares `got` with tests/data/golden/NAME, line by line so that a failure names the first line
// that changed (with whole = false: only the file's first got.size() bytes, for a run that checks
// part of the cases). With GRIDPRESS_UPDATE_GOLDEN set (and the whole text), rewrites it instead.
// A missing golden file fails; it is never skipped.
inline void check_golden(const std::string& name, const std::string& got, bool whole = true) {
  const std::string path = kGoldenDir + "/" + name;
  if (std::getenv("GRIDPRESS_UPDATE_GOLDEN")) {
    REQUIRE(whole);  // a partial run cannot rewrite the file
    std::filesystem::create_directories(kGoldenDir);
    spit(path, got);
    WARN("rewrote " + path);
    return;
  }
  INFO(path + " (refresh on purpose with GRIDPRESS_UPDATE_GOLDEN=1)");
  REQUIRE(std::filesystem::is_regular_file(path));
  std::string want = slurp(path);
  if (!whole) want = want.substr(0, std::min(want.size(), got.size()));
  std::istringstream a(want), b(got);
  std::string la, lb;
  int line = 0;
  while (true) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    ++line;
    if (!more_a && !more_b) break;
    INFO("line " << line);
    REQUIRE(more_a == more_b);
    REQUIRE(la == lb);
  }
  CHECK(want == got);
}

}  // namespace gp::test
