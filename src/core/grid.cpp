#include "core/grid.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>

#include "core/pieces.hpp"
#include "core/variants.hpp"

namespace gp {

std::string Shape::name() const {
  const std::string size = std::to_string(n()) + "x" + std::to_string(n());
  if (latin()) return size;  // no boxes to name
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
  if (br == 1 || bc == 1)
    return Error("box " + std::string(box) + " is a single " + (br == 1 ? "row" : "column") +
                 ", not a box (a grid of rows and columns only is a Latin square: the variants futoshiki and kenken)");
  return Shape{br, bc};
}

Result<Shape> latin_shape(int n) {
  if (n < 2 || n > kMaxN)
    return Error("no " + std::to_string(n) + "x" + std::to_string(n) + " Latin square (2x2 to 16x16)");
  return Shape{1, n};
}

int Grid::clue_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto v) { return v != 0; }));
}

bool Grid::complete() const {
  return std::none_of(cells.begin(), cells.end(), [](auto v) { return v == 0; });
}

bool operator==(const Grid& a, const Grid& b) {
  if (!(a.shape == b.shape && a.cells == b.cells && a.variant() == b.variant())) return false;
  if (a.board == b.board) return true;
  if (a.board->jigsaw() && a.board->region != b.board->region) return false;
  return a.board->rules == b.board->rules;
}

namespace {

// Levenshtein distance, for did-you-mean.
int distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diag = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      const int up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

void fill_peers(Board& board);

// Fills units, kinds, unit_of, extra_of and peers from the region map and the extra units.
std::shared_ptr<Board> build_board(Shape s, Variant variant, const std::vector<int>& region,
                                   const std::vector<std::vector<int>>& extras, const std::vector<UnitKind>& extra_kinds,
                                   bool regions) {
  auto b = std::make_shared<Board>();
  b->shape = s;
  b->variant = variant;
  b->n = s.n();
  b->cells = s.cells();
  b->region = region;
  const int n = b->n;
  b->units.assign(static_cast<size_t>(3 * n), {});
  b->kinds.assign(static_cast<size_t>(3 * n), UnitKind::kRow);
  for (int i = 0; i < n; ++i) {
    b->kinds[static_cast<size_t>(n + i)] = UnitKind::kColumn;
    // A Latin square's "boxes" are its rows (Shape{1, n}): rows again, never called boxes.
    b->kinds[static_cast<size_t>(2 * n + i)] = regions ? UnitKind::kRegion : s.latin() ? UnitKind::kRow : UnitKind::kBox;
  }
  b->unit_of.assign(static_cast<size_t>(b->cells), {});
  b->extra_of.assign(static_cast<size_t>(b->cells), {});
  for (int c = 0; c < b->cells; ++c) {
    const int r = c / n, k = c % n, g = region[static_cast<size_t>(c)];
    b->unit_of[static_cast<size_t>(c)] = {r, n + k, 2 * n + g};
    b->units[static_cast<size_t>(r)].push_back(c);
    b->units[static_cast<size_t>(n + k)].push_back(c);
    b->units[static_cast<size_t>(2 * n + g)].push_back(c);
  }
  for (size_t k = 0; k < extras.size(); ++k) {
    const int u = static_cast<int>(b->units.size());
    auto cells = extras[k];
    std::sort(cells.begin(), cells.end());
    for (int c : cells) b->extra_of[static_cast<size_t>(c)].push_back(u);
    b->units.push_back(std::move(cells));
    b->kinds.push_back(extra_kinds[k]);
  }
  fill_peers(*b);
  return b;
}

// Fills peers from units, unit_of and extra_of.
void fill_peers(Board& board) {
  Board* b = &board;
  b->peers.assign(static_cast<size_t>(b->cells), {});
  for (int c = 0; c < b->cells; ++c) {
    auto& p = b->peers[static_cast<size_t>(c)];
    auto add = [&](int u) {
      for (int o : b->units[static_cast<size_t>(u)])
        if (o != c) p.push_back(o);
    };
    for (int u : b->unit_of[static_cast<size_t>(c)]) add(u);
    for (int u : b->extra_of[static_cast<size_t>(c)]) add(u);
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
}

std::vector<int> box_map(Shape s) {
  const int n = s.n();
  std::vector<int> region(static_cast<size_t>(s.cells()));
  for (int c = 0; c < s.cells(); ++c)
    region[static_cast<size_t>(c)] = (c / n / s.box_rows) * (n / s.box_cols) + (c % n) / s.box_cols;
  return region;
}

// The extra units of every part of `v` (x: the diagonals, hyper: the windows), with their kinds.
void extra_units(Shape s, Variant v, std::vector<std::vector<int>>& out, std::vector<UnitKind>& kinds) {
  const int n = s.n();
  for (Variant part : parts_of(v)) {
    if (part == Variant::kX) {
      std::vector<int> main, anti;
      for (int i = 0; i < n; ++i) {
        main.push_back(i * n + i);
        anti.push_back(i * n + n - 1 - i);
      }
      out.push_back(std::move(main));
      out.push_back(std::move(anti));
      kinds.insert(kinds.end(), 2, UnitKind::kDiagonal);
    } else if (part == Variant::kHyper) {
      for (int top : {1, 5})
        for (int left : {1, 5}) {
          out.emplace_back();
          for (int r = top; r < top + 3; ++r)
            for (int c = left; c < left + 3; ++c) out.back().push_back(r * n + c);
          kinds.push_back(UnitKind::kWindow);
        }
    }
  }
}

// The rules of `v`'s parts that carry no data (anti-knight, anti-king: the move).
std::vector<Rule> dataless_rules(Variant v) {
  std::vector<Rule> out;
  for (Variant part : parts_of(v)) {
    if (part == Variant::kAntiKnight) out.emplace_back(MoveRule{Move::kKnight});
    if (part == Variant::kAntiKing) out.emplace_back(MoveRule{Move::kKing});
    if (part == Variant::kNonConsecutive) out.emplace_back(DotRule{{}, false, true});  // no two neighbours 1 apart
  }
  return out;
}

// The board of `variant`'s units and data-free rules on `region` (regions when `regions`).
std::shared_ptr<const Board> frame(Shape shape, Variant variant, const std::vector<int>& region, bool regions) {
  std::vector<std::vector<int>> extras;
  std::vector<UnitKind> kinds;
  extra_units(shape, variant, extras, kinds);
  auto b = build_board(shape, variant, region, extras, kinds, regions);
  std::vector<Rule> rules = dataless_rules(variant);
  if (rules.empty()) return b;
  return with_rules(*b, variant, std::move(rules));
}

}  // namespace

std::string_view variant_name(Variant v) { return variant_def(v).name; }

const std::vector<Variant>& all_variants() {
  static const std::vector<Variant> all = [] {
    std::vector<Variant> v;
    for (const VariantDef& d : variant_defs()) v.push_back(d.variant);
    return v;
  }();
  return all;
}

MinimumClues minimum_clues(Shape shape) {
  if (shape == Shape{3, 3}) return {17, true, "proven by McGuire, Tugemann and Civario, 2012"};
  if (shape == Shape{2, 3} || shape == Shape{3, 2}) return {8, true, "known from exhaustive enumeration"};
  if (shape == Shape{2, 2}) return {4, true, "known from exhaustive enumeration"};
  return {shape.n() - 1, false, "two digits both absent from the givens could be swapped in any solution"};
}

MinimumClues minimum_clues(Shape shape, Variant variant) {
  if (!variant_def(variant).box_clue_bounds)
    return {shape.n() - 1, false, "two digits both absent from the givens could be swapped in any solution"};
  return minimum_clues(shape);
}

Result<Variant> parse_variant(std::string_view name) {
  if (const VariantDef* d = find_variant_def(name)) return d->variant;
  if (name.find('+') != std::string_view::npos) return Error(combination_problem(name));
  std::string expected;
  for (size_t i = 0; i < variant_defs().size(); ++i)
    expected += (i == 0 ? "" : i + 1 == variant_defs().size() ? " or " : ", ") + std::string(variant_defs()[i].name);
  std::string msg = "unknown variant '" + std::string(name) + "' (expected " + expected + ")";
  std::string_view best;
  int best_d = 3;
  for (const VariantDef& row : variant_defs())
    if (const int d = distance(name, row.name); d < best_d) {
      best_d = d;
      best = row.name;
    }
  if (!best.empty()) msg += "; did you mean '" + std::string(best) + "'?";
  return Error(msg);
}

std::string variant_size_problem(Variant v, Shape shape) {
  const VariantDef& d = variant_def(v);
  if (shape.latin() != d.latin) {
    std::string latins;
    for (const VariantDef& row : variant_defs())
      if (row.latin) latins += (latins.empty() ? "" : " or ") + std::string(row.name);
    if (shape.latin())
      return std::string(d.name) + " puzzles have boxes; a " + shape.name() +
             " grid of rows and columns only (a Latin square) is for " + (latins.empty() ? "no variant" : latins);
    return std::string(d.name) + " puzzles are Latin squares (rows and columns only), not a grid with " +
           std::to_string(shape.box_rows) + "x" + std::to_string(shape.box_cols) + " boxes";
  }
  return d.size_problem(shape);
}

namespace {

// Samurai: grid origins on the 21x21 layout (top-left, top-right, centre, bottom-left,
// bottom-right) and their names.
constexpr int kSamuraiSide = 21;
constexpr std::array<std::array<int, 2>, 5> kSamuraiOrigins{{{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}};
constexpr std::array<const char*, 5> kSamuraiGrids{"top-left", "top-right", "centre", "bottom-left", "bottom-right"};

struct SamuraiBoard {
  std::shared_ptr<const Board> board;
  std::vector<std::string> names;  // per unit: "row 2 of the top-left grid"
};

SamuraiBoard build_samurai() {
  static constexpr std::array<const char*, 3> kKinds{"row", "column", "box"};
  auto b = std::make_shared<Board>();
  b->shape = Shape{3, 3};
  b->variant = Variant::kSamurai;
  b->n = 9;
  b->layout_rows = b->layout_cols = kSamuraiSide;
  b->cell_at.assign(static_cast<size_t>(kSamuraiSide * kSamuraiSide), -1);
  for (int p = 0; p < kSamuraiSide * kSamuraiSide; ++p) {
    const int r = p / kSamuraiSide, c = p % kSamuraiSide;
    const bool on = std::any_of(kSamuraiOrigins.begin(), kSamuraiOrigins.end(), [&](const auto& o) {
      return r >= o[0] && r < o[0] + 9 && c >= o[1] && c < o[1] + 9;
    });
    if (!on) continue;
    b->cell_at[static_cast<size_t>(p)] = b->cells++;
    b->position.push_back(p);
    b->region.push_back(r / 3 * (kSamuraiSide / 3) + c / 3);
  }
  SamuraiBoard out;
  // Per cell: the units of each grid it is in, first grid first.
  std::vector<std::vector<std::array<int, 3>>> of(static_cast<size_t>(b->cells));
  std::map<std::vector<int>, int> box_unit;
  for (size_t g = 0; g < kSamuraiOrigins.size(); ++g) {
    const auto [top, left] = kSamuraiOrigins[g];
    std::array<std::vector<int>, 27> lists;
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) {
        const int cell = b->cell_at[static_cast<size_t>((top + r) * kSamuraiSide + left + c)];
        lists[static_cast<size_t>(r)].push_back(cell);
        lists[static_cast<size_t>(9 + c)].push_back(cell);
        lists[static_cast<size_t>(18 + r / 3 * 3 + c / 3)].push_back(cell);
      }
    std::array<int, 27> unit{};
    for (int k = 0; k < 27; ++k) {
      auto cells = lists[static_cast<size_t>(k)];
      std::sort(cells.begin(), cells.end());
      if (k >= 18)
        if (auto it = box_unit.find(cells); it != box_unit.end()) {
          unit[static_cast<size_t>(k)] = it->second;
          continue;
        }
      unit[static_cast<size_t>(k)] = static_cast<int>(b->units.size());
      if (k >= 18) box_unit.emplace(cells, unit[static_cast<size_t>(k)]);
      b->units.push_back(std::move(cells));
      b->kinds.push_back(k < 9 ? UnitKind::kRow : k < 18 ? UnitKind::kColumn : UnitKind::kBox);
      out.names.push_back(std::string(kKinds[static_cast<size_t>(k / 9)]) + " " + std::to_string(k % 9 + 1) + " of the " +
                          kSamuraiGrids[g] + " grid");
    }
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) {
        const int cell = b->cell_at[static_cast<size_t>((top + r) * kSamuraiSide + left + c)];
        of[static_cast<size_t>(cell)].push_back(
            {unit[static_cast<size_t>(r)], unit[static_cast<size_t>(9 + c)], unit[static_cast<size_t>(18 + r / 3 * 3 + c / 3)]});
      }
    b->grid_origin.push_back({top, left});
  }
  b->unit_of.resize(static_cast<size_t>(b->cells));
  b->extra_of.resize(static_cast<size_t>(b->cells));
  for (int c = 0; c < b->cells; ++c) {
    const auto& units = of[static_cast<size_t>(c)];
    b->unit_of[static_cast<size_t>(c)] = units[0];
    for (size_t i = 1; i < units.size(); ++i)
      for (int u : units[i])
        if (std::find(units[0].begin(), units[0].end(), u) == units[0].end())
          b->extra_of[static_cast<size_t>(c)].push_back(u);
    std::sort(b->extra_of[static_cast<size_t>(c)].begin(), b->extra_of[static_cast<size_t>(c)].end());
  }
  fill_peers(*b);
  out.board = b;
  return out;
}

const SamuraiBoard& samurai() {
  static const SamuraiBoard s = build_samurai();
  return s;
}

}  // namespace

std::shared_ptr<const Board> samurai_board() { return samurai().board; }

std::string Board::unit_name(int u) const {
  if (variant == Variant::kSamurai) return samurai().names[static_cast<size_t>(u)];
  static constexpr std::array<const char*, 6> kKinds{"row", "column", "box", "diagonal", "window", "region"};
  const UnitKind k = kinds[static_cast<size_t>(u)];
  const int index = u < 3 * n ? u % n : u - 3 * n;
  return std::string(kKinds[static_cast<size_t>(k)]) + " " + std::to_string(index + 1);
}

const Board& classic_board(Shape shape) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::shared_ptr<const Board>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[{shape.box_rows, shape.box_cols}];
  if (!slot) slot = build_board(shape, Variant::kClassic, box_map(shape), {}, {}, false);
  return *slot;
}

Result<std::shared_ptr<const Board>> variant_board(Shape shape, Variant variant) {
  if (auto why = variant_size_problem(variant, shape); !why.empty()) return Error(why);
  for (Variant part : parts_of(variant)) {
    if (part == Variant::kJigsaw) return Error("a jigsaw board needs its region map (one per puzzle)");
    if (part == Variant::kKiller) return Error("a killer board needs its cages (one list per puzzle)");
    if (part == Variant::kEvenOdd) return Error("an even-odd board needs its parity marks (one string per puzzle)");
    if (part == Variant::kThermo) return Error("a thermo board needs its thermos (one list per puzzle)");
    if (part == Variant::kArrow) return Error("an arrow board needs its arrows (one list per puzzle)");
    if (part == Variant::kGreaterThan || part == Variant::kFutoshiki)
      return Error("a " + std::string(variant_name(part)) + " board needs its signs (one list per puzzle)");
    if (part == Variant::kSandwich) return Error("a sandwich board needs its clues (one set per puzzle)");
    if (part == Variant::kKenKen) return Error("a kenken board needs its cages (one list per puzzle)");
    if (part == Variant::kConsecutive || part == Variant::kKropki)
      return Error("a " + std::string(variant_name(part)) + " board needs its dots (one list per puzzle)");
  }
  if (variant == Variant::kSamurai) return samurai_board();
  static std::mutex mu;
  static std::map<std::tuple<int, int, int>, std::shared_ptr<const Board>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[{shape.box_rows, shape.box_cols, static_cast<int>(variant)}];
  if (!slot) slot = frame(shape, variant, box_map(shape), false);
  return slot;
}

Result<std::shared_ptr<const Board>> latin_board(int n, Variant variant) {
  auto shape = latin_shape(n);
  if (!shape) return shape.error();
  if (variant != Variant::kClassic)  // the bare Latin square skips classic's size check (it has boxes)
    if (auto why = variant_size_problem(variant, *shape); !why.empty()) return Error(why);
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::shared_ptr<const Board>> cache;
  std::lock_guard lock(mu);
  auto& slot = cache[{n, static_cast<int>(variant)}];
  if (!slot) slot = frame(*shape, variant, box_map(*shape), false);
  return slot;
}

Result<std::shared_ptr<const Board>> frame_board(Shape shape, Variant variant, const std::vector<int>* region) {
  if (region) return jigsaw_board(shape, *region, variant);
  if (auto why = variant_size_problem(variant, shape); !why.empty()) return Error(why);
  return frame(shape, variant, box_map(shape), false);
}

Result<std::shared_ptr<const Board>> jigsaw_board(Shape shape, const std::vector<int>& region, Variant variant) {
  if (auto why = variant_size_problem(variant, shape); !why.empty()) return Error(why);
  const int n = shape.n(), cells = shape.cells();
  if (static_cast<int>(region.size()) != cells)
    return Error("regions: " + std::to_string(region.size()) + " cells, expected " + std::to_string(cells));
  std::vector<int> size(static_cast<size_t>(n), 0);
  for (int c = 0; c < cells; ++c) {
    const int r = region[static_cast<size_t>(c)];
    if (r < 0 || r >= n)
      return Error("regions: region number " + std::to_string(r + 1) + " at row " + std::to_string(c / n + 1) +
                   ", column " + std::to_string(c % n + 1) + " is out of range 1-" + std::to_string(n));
    ++size[static_cast<size_t>(r)];
  }
  for (int r = 0; r < n; ++r)
    if (size[static_cast<size_t>(r)] != n)
      return Error("regions: region " + std::to_string(r + 1) + " has " + std::to_string(size[static_cast<size_t>(r)]) +
                   " cells, expected " + std::to_string(n));
  // Each region in one piece: the piece grown from its first cell holds all n cells.
  std::vector<char> seen(static_cast<size_t>(cells), 0);
  std::vector<int> stack;
  for (int start = 0; start < cells; ++start) {
    if (seen[static_cast<size_t>(start)]) continue;
    const int r = region[static_cast<size_t>(start)];
    if (grow_piece(start, n, [&](int c) { return region[static_cast<size_t>(c)] == r; }, seen, stack) != n)
      return Error("regions: region " + std::to_string(r + 1) + " is not in one piece (its cells must join side by side)");
  }
  return frame(shape, variant, region, true);
}

Result<std::shared_ptr<const Board>> killer_board(Shape shape, std::vector<Cage> cages) {
  if (auto why = variant_size_problem(Variant::kKiller, shape); !why.empty()) return Error(why);
  auto rule = make_cage_rule(shape, std::move(cages));
  if (!rule) return rule.error();
  return with_rules(classic_board(shape), Variant::kKiller, {std::move(*rule)});
}

std::shared_ptr<const Board> with_rules(const Board& base, Variant variant, std::vector<Rule> rules) {
  auto b = std::make_shared<Board>(base);
  b->variant = variant;
  for (Rule& r : rules) {
    std::visit([&](const auto& rule) { add_peers(rule, b->peers); }, r);
    b->rules.push_back(std::move(r));
  }
  return b;
}

const std::vector<Cage>& Board::cages() const {
  static const std::vector<Cage> none;
  const CageRule* r = rule<CageRule>();
  return r ? r->cages : none;
}

const std::vector<int>& Board::cage_of() const {
  static const std::vector<int> none;
  const CageRule* r = rule<CageRule>();
  return r ? r->cage_of : none;
}

Status check_givens(const Grid& g) {
  const Board& board = board_of(g);
  const int n = board.n;
  for (int c = 0; c < board.cells; ++c)
    if (g.cells[static_cast<size_t>(c)] > n) {
      const int p = board.multi_grid() ? board.position[static_cast<size_t>(c)] : c;
      const int w = board.multi_grid() ? board.layout_cols : n;
      return Error("value " + std::to_string(g.cells[static_cast<size_t>(c)]) + " out of range 1-" + std::to_string(n) +
                   " at row " + std::to_string(p / w + 1) + ", column " + std::to_string(p % w + 1));
    }
  for (int u = 0; u < static_cast<int>(board.units.size()); ++u) {
    Mask seen = 0;
    for (int c : board.units[static_cast<size_t>(u)]) {
      const int v = g.cells[static_cast<size_t>(c)];
      if (!v) continue;
      if (seen & bit(v))
        return Error("digit " + std::string(1, v <= 9 ? char('0' + v) : char('A' + v - 10)) + " twice in " +
                     board.unit_name(u));
      seen |= bit(v);
    }
  }
  for (const Rule& rule : board.rules)
    if (auto st = check_rule(rule, board, g.cells); !st) return st;
  return Ok{};
}

}  // namespace gp
