#include "book/order.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "core/difficulty.hpp"
#include "core/variants.hpp"
#include "grader/killer.hpp"

namespace gp::book {

double difficulty_key(double rating, bool own_scale) {
  if (rating < 0) return std::numeric_limits<double>::infinity();
  // Each scale's band edges: floor, the four cuts, top.
  std::array<double, 6> edges{};
  if (own_scale) {
    const auto& bands = grader::killer_bands().bands;
    edges[0] = 1.0;
    for (std::size_t i = 0; i < 4 && i < bands.size(); ++i) edges[i + 1] = bands[i].max;
    edges[5] = grader::kKillerUnfinished;
  } else {
    edges[0] = kDefaultBands[0].lo;
    for (std::size_t i = 0; i < kDefaultBands.size(); ++i) edges[i + 1] = kDefaultBands[i].hi;
  }
  const double r = std::clamp(rating, edges[0], edges[5]);
  for (std::size_t b = 0; b < 5; ++b) {
    if (r > edges[b + 1] && b < 4) continue;
    const double width = edges[b + 1] - edges[b];
    return static_cast<double>(b) + (width > 0 ? std::clamp((r - edges[b]) / width, 0.0, 1.0) : 0.0);
  }
  return 5.0;
}

std::vector<std::vector<double>> difficulty_keys(const spec::BookSpec& spec, const std::vector<PuzzleStore>& puzzles) {
  std::vector<std::vector<double>> keys(puzzles.size());
  for (std::size_t s = 0; s < puzzles.size() && s < spec.sections.size(); ++s) {
    const spec::SectionSpec& sec = spec.sections[s];
    const VariantDef* def = find_variant_def(sec.variant);
    const bool own_scale = def && def->own_scale;
    keys[s].reserve(puzzles[s].size());
    for (std::size_t i = 0; i < puzzles[s].size(); ++i)
      keys[s].push_back(sec.blank ? std::numeric_limits<double>::infinity()
                                  : difficulty_key(puzzles[s].get(i).rating, own_scale));
  }
  return keys;
}

}  // namespace gp::book
