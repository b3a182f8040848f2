// libFuzzer target: files that list puzzles as catalogue import, catalogue check, exclude and
// newspaper.exclude read them (catalogue/sources.hpp: manifests as JSON or CSV, generate's JSON,
// any puzzle file). The first byte picks the file's extension (.json, .csv or .txt), the rest is
// its content. Every entry read must have a canonical form, and its givens (when given) must parse.
// Inputs holding a nearly empty grid (a token of 16 or more cell characters, over three quarters
// of them blank) are skipped: gen::canonical_form of such a grid takes seconds (over libFuzzer's
// 10 s under ASan for an empty 9x9), a cost of the canonical form itself, not of the reader.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "catalogue/sources.hpp"
#include "core/codec.hpp"

namespace {

bool nearly_empty_grid(const std::uint8_t* data, std::size_t size) {
  std::size_t cells = 0, blanks = 0;
  for (std::size_t i = 0; i <= size; ++i) {
    const int v = i < size ? gp::char_value(static_cast<char>(data[i])) : -1;
    if (v >= 0) {
      ++cells;
      blanks += v == 0;
      continue;
    }
    if (cells >= 16 && blanks * 4 > cells * 3) return true;
    cells = blanks = 0;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || nearly_empty_grid(data, size)) return 0;
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
