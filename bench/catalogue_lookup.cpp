// The cost of the catalogue's lookup during generation (Catalogue::taken) at a given size.
// Usage: gridpress-catalogue-lookup FILE [ENTRIES] [LOOKUPS]
// Fills FILE (a new catalogue; an existing one is used as it is) with ENTRIES puzzles (default
// 1,000,000) in one import, then times LOOKUPS lookups (default 200,000) of keys that are there
// and as many that are not, and prints microseconds per lookup. Keys are 81-character lines of
// random digits and dots, the length of a 9x9 canonical form (a B-tree search costs the same for
// any content of that length).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "core/rng.hpp"

namespace {

std::string key(gp::Rng& rng) {
  std::string s(81, '.');
  for (char& c : s) {
    const auto v = rng.below(14);
    c = v < 9 ? static_cast<char>('1' + v) : '.';
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE [ENTRIES] [LOOKUPS]\n", argv[0]);
    return 2;
  }
  const std::string path = argv[1];
  const long entries = argc > 2 ? std::atol(argv[2]) : 1000000;
  const long lookups = argc > 3 ? std::atol(argv[3]) : 200000;
  using Clock = std::chrono::steady_clock;
  const bool fill = !std::filesystem::exists(path);
  auto cat = gp::catalogue::Catalogue::open(path, gp::catalogue::Access::write);
  if (!cat) {
    std::fprintf(stderr, "%s\n", cat.error().to_string().c_str());
    return 1;
  }
  gp::Rng rng(1);
  if (fill) {
    std::vector<gp::catalogue::Entry> list(static_cast<size_t>(entries));
    for (auto& e : list) {
      e.canonical = e.givens = key(rng);
      e.grid = "9x9";
      e.kind = "generate";
    }
    const auto t0 = Clock::now();
    auto n = cat->import({"import", "bench", "synthetic", std::nullopt}, list);
    if (!n) {
      std::fprintf(stderr, "%s\n", n.error().to_string().c_str());
      return 1;
    }
    std::printf("filled %ld entries in %.1f s\n", static_cast<long>(*n),
                std::chrono::duration<double>(Clock::now() - t0).count());
  }
  // Hits: the keys again from the start of the same stream; misses: another stream.
  gp::Rng hits(1), misses(99);
  std::vector<std::string> present, absent;
  for (long i = 0; i < lookups; ++i) present.push_back(key(hits));
  for (long i = 0; i < lookups; ++i) absent.push_back(key(misses));
  long found = 0;
  for (const auto& [name, keys] : {std::pair{"present", &present}, std::pair{"absent", &absent}}) {
    const auto t0 = Clock::now();
    for (const auto& k : *keys) found += cat->taken(k) ? 1 : 0;
    const double us =
        std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / static_cast<double>(lookups);
    std::printf("%s: %.2f us a lookup (%ld lookups)\n", name, us, lookups);
  }
  std::printf("found %ld of %ld present keys\n", found, std::min(lookups, entries));
  return 0;
}
