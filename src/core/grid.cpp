#include "core/grid.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <mutex>

namespace gp {

std::string Shape::name() const {
  const std::string size = std::to_string(n()) + "x" + std::to_string(n());
  auto standard = standard_shape(n());
  if (standard && *standard == *this) return size;
  return size + " (" + std::to_string(box_rows) + "x" + std::to_string(box_cols) + " boxes)";
}

Result<Shape> standard_shape(int n) {
  switch (n) {
    case 4: return Shape{2, 2};
    case 6: return Shape{2, 3};
    case 8: return Shape{2, 4};
    case 9: return Shape{3, 3};
    case 12: return Shape{3, 4};
    case 16: return Shape{4, 4};
    default:
      return Error("unsupported grid size " + std::to_string(n) +
                   "x" + std::to_string(n) + " (supported: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16)");
  }
}

namespace {
bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}
// "9x9" -> (9, 9); "9" -> (9, 9).
bool parse_pair(std::string_view s, int& a, int& b) {
  const auto x = s.find_first_of("xX");
  if (x == std::string_view::npos) {
    if (!parse_int(s, a)) return false;
    b = a;
    return true;
  }
  return parse_int(s.substr(0, x), a) && parse_int(s.substr(x + 1), b);
}
}  // namespace

Result<Shape> parse_shape(std::string_view grid, std::string_view box) {
  int rows = 0, cols = 0;
  if (!parse_pair(grid, rows, cols) || rows != cols)
    return Error("invalid grid '" + std::string(grid) +
                 "': expected a square size such as 9x9 (4x4, 6x6, 8x8, 9x9, 12x12, 16x16)");
  auto standard = standard_shape(rows);
  if (!standard) return standard.error();
  if (box.empty()) return standard;
  int br = 0, bc = 0;
  if (!parse_pair(box, br, bc) || br <= 0 || bc <= 0)
    return Error("invalid box '" + std::string(box) + "': expected ROWSxCOLS such as 2x3");
  if (br * bc != rows)
    return Error("box " + std::string(box) + " does not tile a " + std::to_string(rows) + "x" +
                 std::to_string(rows) + " grid (box rows x box cols must equal " + std::to_string(rows) + ")");
  return Shape{br, bc};
}

int Grid::clue_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto v) { return v != 0; }));
}

bool Grid::complete() const {
  return std::none_of(cells.begin(), cells.end(), [](auto v) { return v == 0; });
}

namespace {
std::unique_ptr<Geometry> build_geometry(Shape s) {
  auto g = std::make_unique<Geometry>();
  g->shape = s;
  g->n = s.n();
  g->cells = s.cells();
  const int n = g->n;
  g->units.assign(static_cast<size_t>(3 * n), {});
  g->unit_of.assign(static_cast<size_t>(g->cells), {});
  for (int c = 0; c < g->cells; ++c) {
    const int r = c / n, k = c % n;
    const int b = (r / s.box_rows) * (n / s.box_cols) + k / s.box_cols;
    g->unit_of[c] = {r, n + k, 2 * n + b};
    g->units[r].push_back(c);
    g->units[n + k].push_back(c);
    g->units[2 * n + b].push_back(c);
  }
  g->peers.assign(static_cast<size_t>(g->cells), {});
  for (int c = 0; c < g->cells; ++c) {
    auto& p = g->peers[c];
    for (int u : g->unit_of[c])
      for (int o : g->units[u])
        if (o != c) p.push_back(o);
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  return g;
}
}  // namespace

const Geometry& geometry(Shape shape) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::unique_ptr<Geometry>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[{shape.box_rows, shape.box_cols}];
  if (!slot) slot = build_geometry(shape);
  return *slot;
}

Status check_givens(const Grid& g) {
  const Geometry& geo = geometry(g.shape);
  const int n = geo.n;
  for (int c = 0; c < geo.cells; ++c)
    if (g.cells[c] > n)
      return Error("value " + std::to_string(g.cells[c]) + " out of range 1-" + std::to_string(n) +
                   " at row " + std::to_string(c / n + 1) + ", column " + std::to_string(c % n + 1));
  static const char* kinds[] = {"row", "column", "box"};
  for (int u = 0; u < 3 * n; ++u) {
    Mask seen = 0;
    for (int c : geo.units[u]) {
      const int v = g.cells[c];
      if (!v) continue;
      if (seen & bit(v))
        return Error("digit " + std::string(1, v <= 9 ? char('0' + v) : char('A' + v - 10)) + " twice in " +
                     kinds[u / n] + " " + std::to_string(u % n + 1));
      seen |= bit(v);
    }
  }
  return Ok{};
}

}  // namespace gp
