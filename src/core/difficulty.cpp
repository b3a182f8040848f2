// What books make of the default bands (core/difficulty.hpp). Every number here was measured with
// `gridpress generate`; the tables and how they were made are in docs/difficulty.md.
#include "core/difficulty.hpp"

namespace gp {

namespace {

struct SizeClues {
  int n;
  std::string_view band;
  ClueRange clues;
};

// Published books give easy puzzles more givens than hard ones; these ranges follow them and stay
// where the generator makes the band quickly (rotate180 symmetry, the books' default).
constexpr SizeClues kBandClues[] = {
    {4, "easy", {6, 8}},
    {6, "easy", {14, 18}},     {6, "medium", {11, 14}},    {6, "hard", {10, 13}},    {6, "expert", {10, 12}},
    {8, "easy", {28, 32}},     {8, "medium", {24, 28}},    {8, "hard", {20, 24}},    {8, "expert", {18, 22}},
    {8, "fiendish", {18, 21}},
    {9, "easy", {36, 40}},     {9, "medium", {31, 35}},    {9, "hard", {27, 30}},    {9, "expert", {24, 27}},
    {9, "fiendish", {23, 26}},
    {12, "easy", {66, 72}},    {12, "medium", {60, 66}},   {12, "hard", {54, 60}},   {12, "expert", {50, 56}},
    {12, "fiendish", {48, 54}},
    {16, "easy", {130, 140}},  {16, "medium", {120, 130}}, {16, "hard", {110, 120}}, {16, "expert", {106, 114}},
};

}  // namespace

std::optional<ClueRange> default_band_clues(std::string_view band, int n) {
  for (const SizeClues& s : kBandClues)
    if (s.n == n && s.band == band) return s.clues;
  return std::nullopt;
}

std::optional<ClueRange> default_unrated_clues(int n) {
  if (n == 12) return ClueRange{60, 68};
  if (n == 16) return ClueRange{120, 132};
  return std::nullopt;
}

std::optional<double> highest_rating(int n) {
  if (n == 4) return 1.2;
  return std::nullopt;
}

std::vector<double> default_spread_cuts(std::string_view band) {
  // The slices hold the techniques a solver tells apart: easy box singles | line singles; medium
  // direct locked sets | naked singles; hard locked candidates | pairs and X-wings | triples and
  // swordfish; expert wings | uniqueness | quads, jellyfish and BUG; fiendish short chains | 7.1-7.2
  // chains | longer chains and forcing chains.
  if (band == "easy") return {1.2};
  if (band == "medium") return {2.0};
  if (band == "hard") return {2.8, 3.4};
  if (band == "expert") return {4.4, 5.0};
  if (band == "fiendish") return {7.0, 7.2};
  return {};
}

}  // namespace gp
