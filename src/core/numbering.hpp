// Printed puzzle numbers ("No. 1234" in a newspaper run). They are 64-bit wherever they come from
// outside the spec (the catalogue, an imported manifest, --start-number) and are checked against
// kMaxPuzzleNumber before any arithmetic or printing, so a number past it is refused with its place
// and never wraps around ("No. -2147483648").
#pragma once

#include <cstdint>
#include <string>

namespace gp {

// The largest printed puzzle number (the limit of newspaper.start_number; docs/spec.md).
inline constexpr std::int64_t kMaxPuzzleNumber = 999'999'999;

// " is past the largest puzzle number gridpress prints (999999999)", for messages.
inline std::string past_max_number_text() {
  return " is past the largest puzzle number gridpress prints (" + std::to_string(kMaxPuzzleNumber) + ")";
}

}  // namespace gp
