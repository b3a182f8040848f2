// Seeded, platform-independent randomness. Never use std::*_distribution: their outputs differ
// between standard libraries, and every puzzle must be rebuildable from (book seed, index).
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace gp {

// SplitMix64 step: a good 64-bit mixer, used to expand seeds.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Derives an independent seed from a base seed and up to two indices
// (e.g. mix_seed(book_seed, section, index)). Stable across versions: changing it changes books.
constexpr std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0) {
  std::uint64_t s = seed;
  std::uint64_t h = splitmix64(s);
  s = h ^ (a * 0xD1B54A32D192ED03ULL);
  h = splitmix64(s);
  s = h ^ (b * 0x8CB92BA72F3D8DD7ULL);
  return splitmix64(s);
}

// xoshiro256** engine seeded through SplitMix64. Deterministic on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& w : s_) w = splitmix64(sm);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound). Requires bound > 0. Unbiased (multiply-and-reject).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = (next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        m = (next() >> 32) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Uniform integer in [lo, hi]. Requires lo <= hi.
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1))); }

  // Uniform double in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates shuffle, deterministic for a given engine state.
  template <class T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }
  template <class Container>
  void shuffle(Container& c) {
    shuffle(std::span(c.data(), c.size()));
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace gp
