// XY-wing (4.2) and XYZ-wing (4.4).
#include "grader/techniques.hpp"

namespace gp::grader {
namespace {

// Pivot with `pivot_size` candidates (2: XY-wing, 3: XYZ-wing), two bivalue pincers seeing the
// pivot whose union with the pivot has three values, sharing value z that the pivot lacks (XY) or
// has (XYZ). z is removed from cells seeing both pincers (and the pivot for XYZ).
bool wing(const State& s, Step& out, bool xyz) {
  const int pivot_size = xyz ? 3 : 2;
  for (int p = 0; p < s.cells(); ++p) {
    const Mask pm = s.cand(p);
    if (bit_count(pm) != pivot_size) continue;
    const auto& peers = s.peers(p);
    for (std::size_t i = 0; i < peers.size(); ++i) {
      const int a = peers[i];
      const Mask am = s.cand(a);
      if (bit_count(am) != 2) continue;
      if (xyz ? (am & ~pm) != 0 : bit_count(am & pm) != 1) continue;
      for (std::size_t j = i + 1; j < peers.size(); ++j) {
        const int b = peers[j];
        const Mask bm = s.cand(b);
        if (bit_count(bm) != 2 || bm == am) continue;
        Mask zm = 0;
        if (xyz) {
          if ((bm & ~pm) != 0) continue;
          zm = am & bm;
        } else {
          if (bit_count(bm & pm) != 1 || (am & bm & pm) != 0) continue;
          zm = am & bm & ~pm;
          if ((am | bm | pm) != (pm | zm)) continue;
        }
        if (bit_count(zm) != 1) continue;
        const int z = lowest_value(zm);
        for (int c = 0; c < s.cells(); ++c) {
          if (c == a || c == b || c == p || !s.has(c, z)) continue;
          if (!s.sees(c, a) || !s.sees(c, b)) continue;
          if (xyz && !s.sees(c, p)) continue;
          out.eliminations.push_back({c, z});
        }
        if (out.eliminations.empty()) continue;
        out.technique = xyz ? "XYZ-wing" : "XY-wing";
        out.rating = xyz ? 4.4 : 4.2;
        if (!out.describe) return true;
        out.description = out.technique + ": pivot " + s.cell_name(p) + ", pincers " + s.cell_name(a) + " and " +
                          s.cell_name(b) + ", removes ";
        append_value(out.description, z);
        return true;
      }
    }
  }
  return false;
}

}  // namespace

bool find_xy_wing(const State& s, Step& out) { return wing(s, out, false); }
bool find_xyz_wing(const State& s, Step& out) { return wing(s, out, true); }

}  // namespace gp::grader
