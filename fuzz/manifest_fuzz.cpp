// libFuzzer target: files that list puzzles as catalogue import, catalogue check, exclude and
// newspaper.exclude read them (catalogue/sources.hpp: manifests as JSON or CSV, generate's JSON,
// any puzzle file). The first byte picks the file's extension (.json, .csv or .txt), the rest is
// its content. Every entry read must have a canonical form, and its givens (when given) must parse.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalogue/sources.hpp"
#include "core/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const kExt[] = {".json", ".csv", ".txt"};
  const std::string path = "/tmp/gridpress-fuzz-manifest-" + std::to_string(::getpid()) + kExt[data[0] % 3];
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return 0;
  std::fwrite(data + 1, 1, size - 1, f);
  std::fclose(f);
  auto src = gp::catalogue::read_source(path);
  std::remove(path.c_str());
  if (!src) return 0;
  for (const gp::catalogue::Entry& e : src->entries) {
    if (e.canonical.empty()) std::abort();
    if (!e.givens.empty() && !gp::parse_line(e.givens)) std::abort();
  }
  return 0;
}
