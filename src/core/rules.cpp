#include "core/rules.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <type_traits>

#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/pieces.hpp"

namespace gp {

namespace {

std::string cell_name(int c, int n) { return "r" + std::to_string(c / n + 1) + "c" + std::to_string(c % n + 1); }

// True when `cells` (sorted) join side by side into one piece.
bool connected(const std::vector<int>& cells, int n) {
  if (cells.empty()) return false;
  std::vector<char> seen(static_cast<size_t>(n * n), 0);
  std::vector<int> stack;
  auto in = [&](int c) { return std::binary_search(cells.begin(), cells.end(), c); };
  return grow_piece(cells.front(), n, in, seen, stack) == static_cast<int>(cells.size());
}

}  // namespace

Result<CageRule> make_cage_rule(Shape shape, std::vector<Cage> cages) {
  const int n = shape.n(), cells = shape.cells();
  std::vector<int> cage_of(static_cast<size_t>(cells), -1);
  for (size_t i = 0; i < cages.size(); ++i) {
    auto& cage = cages[i];
    const std::string name = "cage " + std::to_string(i + 1);
    std::sort(cage.cells.begin(), cage.cells.end());
    const int k = static_cast<int>(cage.cells.size());
    if (k == 0) return Error(name + " has no cells");
    if (k > n) return Error(name + " has " + std::to_string(k) + " cells, more than the " + std::to_string(n) +
                            " different digits a cage can hold");
    for (size_t j = 0; j < cage.cells.size(); ++j) {
      const int c = cage.cells[j];
      if (c < 0 || c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + shape.name() + " grid");
      if (j > 0 && cage.cells[j - 1] == c) return Error(name + " lists cell " + cell_name(c, n) + " twice");
      if (cage_of[static_cast<size_t>(c)] >= 0)
        return Error(name + ": cell " + cell_name(c, n) + " is already in cage " +
                     std::to_string(cage_of[static_cast<size_t>(c)] + 1) + " (cages must not overlap)");
      cage_of[static_cast<size_t>(c)] = static_cast<int>(i);
    }
    if (!connected(cage.cells, n))
      return Error(name + " is not in one piece (its cells must join side by side)");
    if (cage.sum < cage_min_sum(k) || cage.sum > cage_max_sum(k, n))
      return Error(name + ": " + std::to_string(k) + " different digit" + (k == 1 ? "" : "s") + " add up to " +
                   std::to_string(cage_min_sum(k)) + " to " + std::to_string(cage_max_sum(k, n)) + ", not " +
                   std::to_string(cage.sum));
  }
  for (int c = 0; c < cells; ++c)
    if (cage_of[static_cast<size_t>(c)] < 0) return Error("cell " + cell_name(c, n) + " is in no cage");
  return CageRule{std::move(cages), std::move(cage_of)};
}

// --- CageRule ---

std::string_view rule_key(const CageRule&) { return "cages"; }

Status check_rule(const CageRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (size_t i = 0; i < rule.cages.size(); ++i) {
    const Cage& cage = rule.cages[i];
    Mask seen = 0;
    int total = 0, given = 0;
    for (int c : cage.cells) {
      const int v = cells[static_cast<size_t>(c)];
      if (!v) continue;
      if (seen & bit(v)) return Error("digit " + std::to_string(v) + " twice in cage " + std::to_string(i + 1));
      seen |= bit(v);
      total += v;
      ++given;
    }
    const int left = static_cast<int>(cage.cells.size()) - given;
    if (total + cage_min_sum(left) > cage.sum || total + cage_max_sum(left, n) < cage.sum)
      return Error("cage " + std::to_string(i + 1) + " (sum " + std::to_string(cage.sum) + "): its givens add up to " +
                   std::to_string(total) +
                   (left == 0 ? "" : " with " + std::to_string(left) + (left == 1 ? " empty cell" : " empty cells") + " left"));
  }
  return Ok{};
}

std::string rule_token(const CageRule& rule) { return format_cages(rule.cages); }

// Cells renumbered and sorted, cages ordered by their first cell (the order canonical forms use).
CageRule mapped(const CageRule& rule, const Board&, const std::vector<int>& image) {
  CageRule out;
  out.cages = rule.cages;
  for (Cage& cage : out.cages) {
    for (int& c : cage.cells) c = image[static_cast<size_t>(c)];
    std::sort(cage.cells.begin(), cage.cells.end());
  }
  std::sort(out.cages.begin(), out.cages.end(),
            [](const Cage& x, const Cage& y) { return x.cells.front() < y.cells.front(); });
  out.cage_of.assign(rule.cage_of.size(), -1);
  for (size_t i = 0; i < out.cages.size(); ++i)
    for (int c : out.cages[i].cells) out.cage_of[static_cast<size_t>(c)] = static_cast<int>(i);
  return out;
}

// A sum names digits: no relabelling keeps it.
Relabel relabel(const CageRule&) { return Relabel::kNone; }

void add_peers(const CageRule& rule, std::vector<std::vector<int>>& peers) {
  for (const auto& cage : rule.cages)
    for (int c : cage.cells) {
      auto& p = peers[static_cast<size_t>(c)];
      for (int o : cage.cells)
        if (o != c) p.push_back(o);
      std::sort(p.begin(), p.end());
      p.erase(std::unique(p.begin(), p.end()), p.end());
    }
}

// --- ParityRule ---

std::uint32_t parity_digits(int n, bool even) {
  std::uint32_t m = 0;
  for (int v = even ? 2 : 1; v <= n; v += 2) m |= bit(v);
  return m;
}

Result<ParityRule> make_parity_rule(Shape shape, std::string marks) {
  const int n = shape.n(), cells = shape.cells();
  if (static_cast<int>(marks.size()) != cells)
    return Error(std::to_string(marks.size()) + " marks, expected " + std::to_string(cells) + " (one per cell of the " +
                 shape.name() + " grid: E even, O odd, . none)");
  for (int c = 0; c < cells; ++c) {
    const char m = marks[static_cast<size_t>(c)];
    if (m != 'E' && m != 'O' && m != '.')
      return Error("'" + std::string(1, m) + "' at " + cell_name(c, n) + " is not a mark (E even, O odd, . none)");
  }
  // A unit cannot hold more even (odd) digits than 1..n has.
  const Board& board = classic_board(shape);
  const int evens = n / 2, odds = n - n / 2;
  for (int u = 0; u < static_cast<int>(board.units.size()); ++u) {
    int e = 0, o = 0;
    for (int c : board.units[static_cast<size_t>(u)]) {
      e += marks[static_cast<size_t>(c)] == 'E';
      o += marks[static_cast<size_t>(c)] == 'O';
    }
    if (e > evens || o > odds) {
      const bool even = e > evens;
      return Error(board.unit_name(u) + " has " + std::to_string(even ? e : o) + " cells marked " +
                   (even ? "even" : "odd") + "; 1 to " + std::to_string(n) + " hold only " +
                   std::to_string(even ? evens : odds) + (even ? " even" : " odd") + " digits");
    }
  }
  return ParityRule{std::move(marks)};
}

std::string_view rule_key(const ParityRule&) { return "parity"; }

Status check_rule(const ParityRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  for (int c = 0; c < board.cells; ++c) {
    const int v = cells[static_cast<size_t>(c)];
    if (!v) continue;
    if (rule.even(c) && v % 2)
      return Error("digit " + std::to_string(v) + " at " + cell_name(c, board.n) +
                   " is odd, but the cell is marked even (grey square)");
    if (rule.odd(c) && v % 2 == 0)
      return Error("digit " + std::to_string(v) + " at " + cell_name(c, board.n) +
                   " is even, but the cell is marked odd (circle)");
  }
  return Ok{};
}

std::string rule_token(const ParityRule& rule) { return rule.marks; }

ParityRule mapped(const ParityRule& rule, const Board&, const std::vector<int>& image) {
  ParityRule out{std::string(rule.marks.size(), '.')};
  for (size_t c = 0; c < rule.marks.size(); ++c) out.marks[static_cast<size_t>(image[c])] = rule.marks[c];
  return out;
}

// A relabelling keeps the marks exactly when it maps evens to evens and odds to odds. (Reversal
// v -> n+1-v is one of them on odd n; on even n it swaps the parities, so it keeps the marks only
// with E and O swapped: a different puzzle text, not counted.)
Relabel relabel(const ParityRule&) { return Relabel::kParity; }

void add_peers(const ParityRule&, std::vector<std::vector<int>>&) {}

// --- ThermoRule ---

namespace {

bool king_step(int a, int b, int n) {
  const int dr = a / n - b / n, dc = a % n - b % n;
  return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1;
}

// Cell numbers joined by `sep` ("0<1<2"); `what` names the list in errors ("thermo 2").
Result<std::vector<int>> parse_cell_list(std::string_view text, char sep, const std::string& what) {
  std::vector<int> out;
  std::size_t at = 0;
  while (true) {
    const std::size_t end = std::min(text.find(sep, at), text.size());
    const std::string_view part = text.substr(at, end - at);
    if (part.empty() || part.size() > 4 || part.find_first_not_of("0123456789") != std::string_view::npos)
      return Error(what + " ('" + std::string(text.substr(0, 40)) + "'): '" + std::string(part.substr(0, 8)) +
                   "' is not a cell number");
    out.push_back(std::stoi(std::string(part)));
    if (end == text.size()) return out;
    at = end + 1;
  }
}

// Splits a token at ';' (an empty token: no parts).
std::vector<std::string_view> split_parts(std::string_view token) {
  std::vector<std::string_view> out;
  if (token.empty()) return out;
  std::size_t at = 0;
  while (true) {
    const std::size_t end = std::min(token.find(';', at), token.size());
    out.push_back(token.substr(at, end - at));
    if (end == token.size()) return out;
    at = end + 1;
  }
}

}  // namespace

Result<ThermoRule> make_thermo_rule(Shape shape, std::vector<std::vector<int>> thermos) {
  const int n = shape.n(), cells = shape.cells();
  if (thermos.empty()) return Error("no thermos (a thermo puzzle has at least one)");
  for (size_t i = 0; i < thermos.size(); ++i) {
    const auto& t = thermos[i];
    const std::string name = "thermo " + std::to_string(i + 1);
    if (t.size() < 2)
      return Error(name + " has " + std::to_string(t.size()) + (t.size() == 1 ? " cell" : " cells") +
                   "; a thermometer is a bulb and at least one cell more");
    if (static_cast<int>(t.size()) > n)
      return Error(name + " has " + std::to_string(t.size()) + " cells; 1 to " + std::to_string(n) +
                   " rise through at most " + std::to_string(n));
    for (size_t j = 0; j < t.size(); ++j) {
      const int c = t[j];
      if (c < 0 || c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + shape.name() + " grid");
      if (std::find(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(j), c) != t.begin() + static_cast<std::ptrdiff_t>(j))
        return Error(name + " lists " + cell_name(c, n) + " twice");
      if (j > 0 && !king_step(t[j - 1], c, n))
        return Error(name + ": " + cell_name(t[j - 1], n) + " to " + cell_name(c, n) +
                     " is not a step to one of the 8 cells around");
    }
  }
  // Thermos sharing cells: the least digit each cell can hold (1 + the longest rise into it) must
  // stay within n; a rise in a circle never settles.
  std::vector<int> least(static_cast<size_t>(cells), 1);
  for (int round = 0;; ++round) {
    bool moved = false;
    for (const auto& t : thermos)
      for (size_t j = 1; j < t.size(); ++j) {
        int& l = least[static_cast<size_t>(t[j])];
        if (l < least[static_cast<size_t>(t[j - 1])] + 1) {
          l = least[static_cast<size_t>(t[j - 1])] + 1;
          moved = true;
          if (l > n)
            return Error(cell_name(t[j], n) + " would need a digit above " + std::to_string(n) +
                         ": the thermos through it rise through more than " + std::to_string(n) +
                         " cells, or in a circle");
        }
      }
    if (!moved) break;
  }
  return ThermoRule{std::move(thermos)};
}

std::string_view rule_key(const ThermoRule&) { return "thermos"; }

Status check_rule(const ThermoRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (size_t i = 0; i < rule.thermos.size(); ++i) {
    const auto& t = rule.thermos[i];
    const std::string name = "thermo " + std::to_string(i + 1);
    const int len = static_cast<int>(t.size());
    for (int j = 0; j < len; ++j) {
      const int v = cells[static_cast<size_t>(t[static_cast<size_t>(j)])];
      if (!v) continue;
      for (int k = j + 1; k < len; ++k) {
        const int w = cells[static_cast<size_t>(t[static_cast<size_t>(k)])];
        if (!w) continue;
        if (w <= v)
          return Error("digit " + std::to_string(w) + " at " + cell_name(t[static_cast<size_t>(k)], n) +
                       " is not above the " + std::to_string(v) + " at " + cell_name(t[static_cast<size_t>(j)], n) +
                       " nearer the bulb of " + name + " (digits rise from the bulb)");
        if (w - v < k - j)
          return Error(name + ": the " + std::to_string(v) + " at " + cell_name(t[static_cast<size_t>(j)], n) +
                       " and the " + std::to_string(w) + " at " + cell_name(t[static_cast<size_t>(k)], n) +
                       " leave no rising digits for the " + std::to_string(k - j - 1) + " cells between them");
      }
      if (v < j + 1)
        return Error(name + ": digit " + std::to_string(v) + " at " + cell_name(t[static_cast<size_t>(j)], n) +
                     " leaves no rising digits for the " + std::to_string(j) + " cells below it");
      if (v > n - (len - 1 - j))
        return Error(name + ": digit " + std::to_string(v) + " at " + cell_name(t[static_cast<size_t>(j)], n) +
                     " leaves no rising digits for the " + std::to_string(len - 1 - j) + " cells above it");
    }
  }
  return Ok{};
}

std::string rule_token(const ThermoRule& rule) {
  std::string out;
  for (const auto& t : rule.thermos) {
    if (!out.empty()) out += ';';
    for (size_t j = 0; j < t.size(); ++j) out += (j ? "<" : "") + std::to_string(t[j]);
  }
  return out;
}

ThermoRule mapped(const ThermoRule& rule, const Board&, const std::vector<int>& image) {
  ThermoRule out = rule;
  for (auto& t : out.thermos)
    for (int& c : t) c = image[static_cast<size_t>(c)];
  std::sort(out.thermos.begin(), out.thermos.end());
  return out;
}

// The rule is about order: only the identity keeps it. (Reversal v -> n+1-v keeps the puzzle only
// with every thermo turned round, bulb and tip swapped: other data, so not counted.)
Relabel relabel(const ThermoRule&) { return Relabel::kNone; }

void add_peers(const ThermoRule& rule, std::vector<std::vector<int>>& peers) {
  for (const auto& t : rule.thermos)
    for (int c : t) {
      auto& p = peers[static_cast<size_t>(c)];
      for (int o : t)
        if (o != c) p.push_back(o);
      std::sort(p.begin(), p.end());
      p.erase(std::unique(p.begin(), p.end()), p.end());
    }
}

// --- ArrowRule ---

Result<ArrowRule> make_arrow_rule(Shape shape, std::vector<Arrow> arrows) {
  const int n = shape.n(), cells = shape.cells();
  if (arrows.empty()) return Error("no arrows (an arrow puzzle has at least one)");
  for (size_t i = 0; i < arrows.size(); ++i) {
    const Arrow& a = arrows[i];
    const std::string name = "arrow " + std::to_string(i + 1);
    if (a.path.empty()) return Error(name + " has no path (a circle and at least one cell along the arrow)");
    if (static_cast<int>(a.path.size()) > n)
      return Error(name + ": " + std::to_string(a.path.size()) + " cells add up to " + std::to_string(a.path.size()) +
                   " or more; a circle holds at most " + std::to_string(n));
    std::vector<int> all{a.circle};
    all.insert(all.end(), a.path.begin(), a.path.end());
    for (size_t j = 0; j < all.size(); ++j) {
      const int c = all[j];
      if (c < 0 || c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + shape.name() + " grid");
      if (std::find(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(j), c) != all.begin() + static_cast<std::ptrdiff_t>(j))
        return Error(name + " lists " + cell_name(c, n) + " twice");
      if (j > 0 && !king_step(all[j - 1], c, n))
        return Error(name + ": " + cell_name(all[j - 1], n) + " to " + cell_name(c, n) +
                     " is not a step to one of the 8 cells around");
    }
  }
  return ArrowRule{std::move(arrows)};
}

std::string_view rule_key(const ArrowRule&) { return "arrows"; }

Status check_rule(const ArrowRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (size_t i = 0; i < rule.arrows.size(); ++i) {
    const Arrow& a = rule.arrows[i];
    const std::string name = "arrow " + std::to_string(i + 1) + " (circle " + cell_name(a.circle, n) + ")";
    int sum = 0, empty = 0;
    for (int c : a.path) {
      const int v = cells[static_cast<size_t>(c)];
      sum += v;
      empty += !v;
    }
    const int circle = cells[static_cast<size_t>(a.circle)];
    const int least = sum + empty;  // each empty cell holds 1 or more
    if (circle && !empty && sum != circle)
      return Error(name + ": the digits on its path add up to " + std::to_string(sum) + ", not the circle's " +
                   std::to_string(circle));
    if (least > (circle ? circle : n))
      return Error(name + ": its path adds up to " + std::to_string(least) + " or more" +
                   (empty ? " (" + std::to_string(empty) + " empty " + (empty == 1 ? "cell" : "cells") + " at 1 or more)" : "") +
                   ", more than " + (circle ? "the circle's " + std::to_string(circle) : "any digit (" + std::to_string(n) + ")"));
  }
  return Ok{};
}

std::string rule_token(const ArrowRule& rule) {
  std::string out;
  for (const Arrow& a : rule.arrows) {
    if (!out.empty()) out += ';';
    out += std::to_string(a.circle) + ":";
    for (size_t j = 0; j < a.path.size(); ++j) out += (j ? "+" : "") + std::to_string(a.path[j]);
  }
  return out;
}

ArrowRule mapped(const ArrowRule& rule, const Board&, const std::vector<int>& image) {
  ArrowRule out = rule;
  for (Arrow& a : out.arrows) {
    a.circle = image[static_cast<size_t>(a.circle)];
    for (int& c : a.path) c = image[static_cast<size_t>(c)];
  }
  std::sort(out.arrows.begin(), out.arrows.end());
  return out;
}

// A sum names digits: no relabelling keeps it.
Relabel relabel(const ArrowRule&) { return Relabel::kNone; }

void add_peers(const ArrowRule&, std::vector<std::vector<int>>&) {}

// --- InequalityRule ---

std::string format_signs(const std::vector<std::array<int, 2>>& signs) {
  std::string out;
  for (const auto& s : signs) out += (out.empty() ? "" : ";") + std::to_string(s[0]) + ">" + std::to_string(s[1]);
  return out;
}

Result<std::vector<std::array<int, 2>>> parse_signs(std::string_view token) {
  std::vector<std::array<int, 2>> out;
  if (token.empty()) return out;
  std::size_t start = 0;
  while (start <= token.size()) {
    const std::size_t end = std::min(token.find(';', start), token.size());
    const std::string_view part = token.substr(start, end - start);
    const std::size_t gt = part.find('>');
    const std::string label = "sign " + std::to_string(out.size() + 1) + " ('" + std::string(part.substr(0, 20)) + "')";
    if (gt == std::string_view::npos) return Error(label + ": expected CELL>CELL (cells row-major from 0)");
    std::array<int, 2> sign{};
    for (int k = 0; k < 2; ++k) {
      const std::string_view num = k == 0 ? part.substr(0, gt) : part.substr(gt + 1);
      if (num.empty() || num.size() > 4 || num.find_first_not_of("0123456789") != std::string_view::npos)
        return Error(label + ": expected CELL>CELL (cells row-major from 0)");
      sign[static_cast<size_t>(k)] = std::stoi(std::string(num));
    }
    out.push_back(sign);
    start = end + 1;
  }
  return out;
}

Result<InequalityRule> make_inequality_rule(Shape shape, std::vector<std::array<int, 2>> signs) {
  const int n = shape.n(), cells = shape.cells();
  std::vector<std::vector<int>> smaller(static_cast<size_t>(cells));  // per cell: the cells it is greater than
  for (size_t i = 0; i < signs.size(); ++i) {
    const auto [a, b] = signs[i];
    const std::string name = "sign " + std::to_string(i + 1);
    for (int c : {a, b})
      if (c < 0 || c >= cells) return Error(name + ": cell " + std::to_string(c) + " is outside the " + shape.name() + " grid");
    const std::string what = name + " (" + cell_name(a, n) + " > " + cell_name(b, n) + ")";
    const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
    if (dr + dc != 1) return Error(what + ": the cells are not side by side (a sign stands between two neighbours)");
    for (size_t j = 0; j < i; ++j)
      if (std::min(signs[j][0], signs[j][1]) == std::min(a, b) && std::max(signs[j][0], signs[j][1]) == std::max(a, b))
        return Error(what + ": cells " + cell_name(std::min(a, b), n) + " and " + cell_name(std::max(a, b), n) +
                     " already have sign " + std::to_string(j + 1));
    smaller[static_cast<size_t>(a)].push_back(b);
  }
  // No circle a > b > ... > a (no digits could fill it): a depth-first search for a back edge.
  std::vector<int> state(static_cast<size_t>(cells), 0), parent(static_cast<size_t>(cells), -1);
  for (int start = 0; start < cells; ++start) {
    if (state[static_cast<size_t>(start)]) continue;
    std::vector<std::pair<int, size_t>> stack{{start, 0}};
    state[static_cast<size_t>(start)] = 1;
    while (!stack.empty()) {
      auto& [c, next] = stack.back();
      const auto& out = smaller[static_cast<size_t>(c)];
      if (next == out.size()) {
        state[static_cast<size_t>(c)] = 2;
        stack.pop_back();
        continue;
      }
      const int d = out[next++];
      if (state[static_cast<size_t>(d)] == 1) {
        std::string ring = cell_name(d, n);
        std::vector<int> path;
        for (int x = c; x != d; x = parent[static_cast<size_t>(x)]) path.push_back(x);
        for (auto it = path.rbegin(); it != path.rend(); ++it) ring += " > " + cell_name(*it, n);
        return Error("the signs " + ring + " > " + cell_name(d, n) + " go round in a circle (no digits can follow them)");
      }
      if (state[static_cast<size_t>(d)] == 0) {
        state[static_cast<size_t>(d)] = 1;
        parent[static_cast<size_t>(d)] = c;
        stack.emplace_back(d, 0);
      }
    }
  }
  std::sort(signs.begin(), signs.end(), [](const auto& x, const auto& y) {
    return std::pair(std::min(x[0], x[1]), std::max(x[0], x[1])) < std::pair(std::min(y[0], y[1]), std::max(y[0], y[1]));
  });
  return InequalityRule{std::move(signs)};
}

std::string_view rule_key(const InequalityRule&) { return "inequalities"; }

Status check_rule(const InequalityRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (const auto& [a, b] : rule.signs) {
    const int x = cells[static_cast<size_t>(a)], y = cells[static_cast<size_t>(b)];
    if (x && y && x <= y)
      return Error("digit " + std::to_string(x) + " at " + cell_name(a, n) + " is not greater than " + std::to_string(y) +
                   " at " + cell_name(b, n) + " (the sign points to " + cell_name(b, n) + ")");
    if (x == 1 || y == n)
      return Error("digit " + std::to_string(x ? x : y) + " at " + cell_name(x ? a : b, n) + " cannot be " +
                   (x ? "greater than " : "smaller than ") + cell_name(x ? b : a, n) + " (the sign points to " +
                   cell_name(b, n) + ")");
  }
  return Ok{};
}

std::string rule_token(const InequalityRule& rule) { return format_signs(rule.signs); }

InequalityRule mapped(const InequalityRule& rule, const Board&, const std::vector<int>& image) {
  InequalityRule out = rule;
  for (auto& s : out.signs)
    for (int& c : s) c = image[static_cast<size_t>(c)];
  std::sort(out.signs.begin(), out.signs.end(), [](const auto& x, const auto& y) {
    return std::pair(std::min(x[0], x[1]), std::max(x[0], x[1])) < std::pair(std::min(y[0], y[1]), std::max(y[0], y[1]));
  });
  return out;
}

// Signs are about order: only the reversal v -> n+1-v (with every sign turned round) keeps them.
Relabel relabel(const InequalityRule&) { return Relabel::kReverse; }

void add_peers(const InequalityRule&, std::vector<std::vector<int>>&) {}

InequalityRule reversed(const InequalityRule& rule) {
  InequalityRule out = rule;
  for (auto& s : out.signs) std::swap(s[0], s[1]);
  return out;
}

// --- DotRule ---

Result<DotRule> make_dot_rule(Shape shape, std::vector<Dot> dots, bool kropki, bool negative) {
  const int n = shape.n(), cells = shape.cells();
  if (!kropki && !negative)
    return Error("a consecutive rule marks every pair of neighbours 1 apart (it is always negative)");
  std::vector<std::pair<int, int>> seen;  // (first cell * cells + second cell, dot index)
  for (size_t i = 0; i < dots.size(); ++i) {
    Dot& d = dots[i];
    const std::string name = "dot " + std::to_string(i + 1);
    for (int c : {d.a, d.b})
      if (c < 0 || c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + shape.name() + " grid");
    if (d.a > d.b) std::swap(d.a, d.b);
    if (!((d.b == d.a + 1 && d.b % n != 0) || d.b == d.a + n))
      return Error(name + ": " + cell_name(d.a, n) + " and " + cell_name(d.b, n) +
                   " are not side by side (a dot sits on the edge two cells share)");
    if (d.black && !kropki) return Error(name + ": a consecutive puzzle has white dots only");
    seen.emplace_back(d.a * cells + d.b, static_cast<int>(i));
  }
  std::sort(seen.begin(), seen.end());
  for (size_t i = 1; i < seen.size(); ++i)
    if (seen[i].first == seen[i - 1].first) {
      const Dot& d = dots[static_cast<size_t>(seen[i].second)];
      return Error("dot " + std::to_string(seen[i].second + 1) + ": " + cell_name(d.a, n) + " and " + cell_name(d.b, n) +
                   " already have a dot (dot " + std::to_string(seen[i - 1].second + 1) + ")");
    }
  std::sort(dots.begin(), dots.end(), [](const Dot& x, const Dot& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  return DotRule{std::move(dots), kropki, negative};
}

std::string_view rule_key(const DotRule&) { return "dots"; }

Status check_rule(const DotRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  auto pair_name = [&](int a, int b) {
    return "digits " + std::to_string(cells[static_cast<size_t>(a)]) + " at " + cell_name(a, n) + " and " +
           std::to_string(cells[static_cast<size_t>(b)]) + " at " + cell_name(b, n);
  };
  std::vector<char> dotted(static_cast<size_t>(board.cells) * 2, 0);  // per cell: a dot to the right, below
  for (const Dot& d : rule.dots) {
    dotted[static_cast<size_t>(d.a) * 2 + (d.b == d.a + 1 ? 0 : 1)] = 1;
    const int x = cells[static_cast<size_t>(d.a)], y = cells[static_cast<size_t>(d.b)];
    if (!x || !y) continue;
    if (d.black && !black_pair(x, y))
      return Error(pair_name(d.a, d.b) + ": neither is double the other, but a black dot joins them");
    if (!d.black && !white_pair(x, y))
      return Error(pair_name(d.a, d.b) + " do not differ by 1, but a white dot joins them");
  }
  if (!rule.negative) return Ok{};
  for (int a = 0; a < board.cells; ++a)
    for (int dir = 0; dir < 2; ++dir) {
      const int b = dir ? a + n : a + 1;
      if ((dir == 0 && b % n == 0) || b >= board.cells || dotted[static_cast<size_t>(a) * 2 + dir]) continue;
      const int x = cells[static_cast<size_t>(a)], y = cells[static_cast<size_t>(b)];
      if (!x || !y) continue;
      if (white_pair(x, y))
        return Error(pair_name(a, b) + " differ by 1, but no dot joins them" +
                     (rule.dots.empty() && !rule.kropki ? " (no two neighbours may be consecutive)" : ""));
      if (rule.kropki && black_pair(x, y)) return Error(pair_name(a, b) + ": one is double the other, but no dot joins them");
    }
  return Ok{};
}

std::string rule_token(const DotRule& rule) {
  if (!rule.kropki && rule.dots.empty()) return {};
  std::string out = rule.kropki ? (rule.negative ? "KN:" : "K:") : "C:";
  for (size_t i = 0; i < rule.dots.size(); ++i) {
    const Dot& d = rule.dots[i];
    out += (i ? ";" : "") + std::to_string(d.a) + "-" + std::to_string(d.b);
    if (rule.kropki) out += d.black ? 'b' : 'w';
  }
  return out;
}

DotRule mapped(const DotRule& rule, const Board&, const std::vector<int>& image) {
  DotRule out = rule;
  for (Dot& d : out.dots) {
    d.a = image[static_cast<size_t>(d.a)];
    d.b = image[static_cast<size_t>(d.b)];
    if (d.a > d.b) std::swap(d.a, d.b);
  }
  std::sort(out.dots.begin(), out.dots.end(), [](const Dot& x, const Dot& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  return out;
}

// v -> n+1-v keeps differences (so white dots and their absence); doubles it does not keep.
Relabel relabel(const DotRule& rule) { return rule.kropki ? Relabel::kNone : Relabel::kReverse; }

void add_peers(const DotRule&, std::vector<std::vector<int>>&) {}

// --- MoveRule ---

std::vector<int> move_cells(Move move, int n, int c) {
  static constexpr int kKnight[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}};
  static constexpr int kKing[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
  std::vector<int> out;
  const int r = c / n, k = c % n;
  auto add = [&](const int (&d)[2]) {
    const int rr = r + d[0], kk = k + d[1];
    if (rr >= 0 && rr < n && kk >= 0 && kk < n) out.push_back(rr * n + kk);
  };
  if (move == Move::kKnight)
    for (const auto& d : kKnight) add(d);
  else
    for (const auto& d : kKing) add(d);
  return out;  // ascending: the steps are in reading order
}

std::string_view rule_key(const MoveRule&) { return ""; }

Status check_rule(const MoveRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (int c = 0; c < board.cells; ++c) {
    const int v = cells[static_cast<size_t>(c)];
    if (!v) continue;
    for (int o : move_cells(rule.move, n, c))
      if (o > c && cells[static_cast<size_t>(o)] == v)
        return Error("digit " + std::to_string(v) + " at " + cell_name(c, n) + " and " + cell_name(o, n) +
                     (rule.move == Move::kKnight ? ", a knight's move apart" : ", a king's diagonal step apart"));
  }
  return Ok{};
}

std::string rule_token(const MoveRule& rule) { return rule.move == Move::kKnight ? "knight" : "king"; }

// Every symmetry of the square maps a knight's move (a king's diagonal step) to one.
MoveRule mapped(const MoveRule& rule, const Board&, const std::vector<int>&) { return rule; }

// The move names no digit.
Relabel relabel(const MoveRule&) { return Relabel::kFree; }

void add_peers(const MoveRule& rule, std::vector<std::vector<int>>& peers) {
  int n = 1;
  while (n * n < static_cast<int>(peers.size())) ++n;
  for (int c = 0; c < static_cast<int>(peers.size()); ++c) {
    auto& p = peers[static_cast<size_t>(c)];
    for (int o : move_cells(rule.move, n, c)) p.push_back(o);
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
}

// --- SandwichRule ---

int SandwichRule::clues() const {
  int k = 0;
  for (int v : rows) k += v != kNoSandwich;
  for (int v : cols) k += v != kNoSandwich;
  return k;
}

bool sandwich_sum_possible(int n, int sum) {
  // Subset sums of 2..n-1: every total from 0 to their sum but 1 and (their sum - 1).
  const int top = n * (n - 1) / 2 - 1;
  if (sum < 0 || sum > top) return false;
  if (n <= 3) return sum == 0 || sum == top;
  return sum != 1 && sum != top - 1;
}

namespace {
// "0, 2 to 33 or 35" on 9x9: the clues a line of n can have.
std::string sandwich_range_text(int n) {
  const int top = n * (n - 1) / 2 - 1;
  return "0, 2 to " + std::to_string(top - 2) + " or " + std::to_string(top);
}
}  // namespace

Result<SandwichRule> make_sandwich_rule(Shape shape, std::vector<int> rows, std::vector<int> cols) {
  const int n = shape.n();
  if (static_cast<int>(rows.size()) != n)
    return Error(std::to_string(rows.size()) + " row clues, expected " + std::to_string(n) + " (one per row)");
  if (static_cast<int>(cols.size()) != n)
    return Error(std::to_string(cols.size()) + " column clues, expected " + std::to_string(n) + " (one per column)");
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      const int v = (side ? cols : rows)[static_cast<size_t>(i)];
      if (v == kNoSandwich || sandwich_sum_possible(n, v)) continue;
      return Error(std::string(side ? "column " : "row ") + std::to_string(i + 1) + ": clue " + std::to_string(v) +
                   "; the digits 2 to " + std::to_string(n - 1) + " between the 1 and the " + std::to_string(n) +
                   " add up to " + sandwich_range_text(n));
    }
  SandwichRule rule{std::move(rows), std::move(cols)};
  if (rule.clues() == 0) return Error("no clues (a sandwich puzzle has at least one)");
  return rule;
}

std::string_view rule_key(const SandwichRule&) { return "sandwich"; }

Status check_rule(const SandwichRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < n; ++i) {
      const int clue = (side ? rule.cols : rule.rows)[static_cast<size_t>(i)];
      if (clue == kNoSandwich) continue;
      auto at = [&](int j) { return static_cast<int>(cells[static_cast<size_t>(side ? j * n + i : i * n + j)]); };
      int one = -1, top = -1;
      for (int j = 0; j < n; ++j) {
        if (at(j) == 1) one = j;
        if (at(j) == n) top = j;
      }
      if (one < 0 || top < 0) continue;
      int sum = 0;
      bool full = true;
      for (int j = std::min(one, top) + 1; j < std::max(one, top); ++j) {
        sum += at(j);
        full = full && at(j) != 0;
      }
      const std::string line = std::string(side ? "column " : "row ") + std::to_string(i + 1);
      if ((full && sum != clue) || sum > clue)
        return Error(line + ": the digits between the 1 and the " + std::to_string(n) + " add up to " +
                     std::to_string(sum) + (full ? "" : " already") + ", not the clue " + std::to_string(clue));
    }
  return Ok{};
}

std::string rule_token(const SandwichRule& rule) {
  std::string out = "S:";
  for (int side = 0; side < 2; ++side) {
    const auto& v = side ? rule.cols : rule.rows;
    if (side) out += '/';
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "." : "") + (v[i] == kNoSandwich ? std::string("-") : std::to_string(v[i]));
  }
  return out;
}

SandwichRule mapped(const SandwichRule& rule, const Board& board, const std::vector<int>& image) {
  const int n = board.n;
  SandwichRule out{std::vector<int>(static_cast<size_t>(n), kNoSandwich), std::vector<int>(static_cast<size_t>(n), kNoSandwich)};
  // Where line i goes: the images of its first two cells share a row (a row) or a column.
  auto place = [&](int a, int b, int clue) {
    const int ia = image[static_cast<size_t>(a)], ib = image[static_cast<size_t>(b)];
    if (ia / n == ib / n)
      out.rows[static_cast<size_t>(ia / n)] = clue;
    else
      out.cols[static_cast<size_t>(ia % n)] = clue;
  };
  for (int i = 0; i < n; ++i) {
    place(i * n, i * n + 1, rule.rows[static_cast<size_t>(i)]);
    place(i, n + i, rule.cols[static_cast<size_t>(i)]);
  }
  return out;
}

Relabel relabel(const SandwichRule&) { return Relabel::kNone; }

void add_peers(const SandwichRule&, std::vector<std::vector<int>>&) {}

// --- ArithmeticCageRule (kenken) ---

namespace {

const char* op_name(CageOp op) {
  switch (op) {
    case CageOp::kAdd: return "add up to";
    case CageOp::kMul: return "multiply to";
    case CageOp::kSub: return "differ by";
    case CageOp::kDiv: return "divide to";
    case CageOp::kEq: return "make";
  }
  return "";
}

bool known_op(char ch) { return ch == '+' || ch == '-' || ch == '*' || ch == '/' || ch == '='; }

// The enumeration behind arithmetic_support: cage cells in order, each taking an allowed digit
// that no earlier cell of its row or column holds, the partial sum or product kept within what the
// cells left can still make.
struct ArithmeticSearch {
  explicit ArithmeticSearch(const ArithmeticCage& c) : cage(c) {}
  const ArithmeticCage& cage;
  int k = 0;
  const std::uint32_t* allowed = nullptr;
  bool want_lines = false;
  std::array<std::uint32_t, kMaxArithmeticCage> conflicts{};  // per cell, the earlier cells sharing a line
  std::array<long long, kMaxArithmeticCage + 1> lo{}, hi{};   // the least and most the cells i.. make
  std::array<int, kMaxArithmeticCage> digit{};
  std::array<std::array<int, 2>, kMaxArithmeticCage> line_of{};  // per cell its row and column line index
  CageSupport out;
  bool done = false;

  bool full() const {
    for (int i = 0; i < k; ++i)
      if (out.cell[static_cast<size_t>(i)] != allowed[i]) return false;
    return true;
  }

  void record() {
    for (int i = 0; i < k; ++i) out.cell[static_cast<size_t>(i)] |= bit(digit[static_cast<size_t>(i)]);
    if (want_lines) {
      std::array<std::uint32_t, 2 * kMaxArithmeticCage> here{};
      for (int i = 0; i < k; ++i)
        for (int l : line_of[static_cast<size_t>(i)]) here[static_cast<size_t>(l)] |= bit(digit[static_cast<size_t>(i)]);
      std::uint32_t left = 0;
      for (int l = 0; l < out.lines; ++l) left |= out.must[static_cast<size_t>(l)] &= here[static_cast<size_t>(l)];
      // Every allowed digit has a tuple and no digit is a must of a line: no tuple left changes
      // the answer.
      if (!left && full()) done = true;
    } else if (full()) {
      done = true;
    }
  }

  void go(int i, long long acc) {
    if (done) return;
    if (i == k) {
      if (acc == cage.target) record();
      return;
    }
    const bool add = cage.op == CageOp::kAdd;
    for (std::uint32_t m = allowed[i]; m && !done; m &= m - 1) {
      const int v = std::countr_zero(m) + 1;
      bool clash = false;
      for (std::uint32_t e = conflicts[static_cast<size_t>(i)]; e; e &= e - 1)
        if (digit[static_cast<size_t>(std::countr_zero(e))] == v) clash = true;
      if (clash) continue;
      const long long next = add ? acc + v : acc * v;
      if (add) {
        if (next + lo[static_cast<size_t>(i) + 1] > cage.target) break;  // digits ascend: larger ones overshoot too
        if (next + hi[static_cast<size_t>(i) + 1] < cage.target) continue;
      } else {
        if (cage.target % next != 0) continue;
        if (next * lo[static_cast<size_t>(i) + 1] > cage.target) break;
        if (next * hi[static_cast<size_t>(i) + 1] < cage.target) continue;
      }
      digit[static_cast<size_t>(i)] = v;
      go(i + 1, next);
    }
  }
};

}  // namespace

bool arithmetic_holds(CageOp op, int target, const int* d, int k) {
  switch (op) {
    case CageOp::kEq: return k == 1 && d[0] == target;
    case CageOp::kSub: return k == 2 && (d[0] - d[1] == target || d[1] - d[0] == target);
    case CageOp::kDiv: return k == 2 && (d[0] == target * d[1] || d[1] == target * d[0]);
    case CageOp::kAdd: {
      long long s = 0;
      for (int i = 0; i < k; ++i) s += d[i];
      return s == target;
    }
    case CageOp::kMul: {
      long long p = 1;
      for (int i = 0; i < k; ++i) p *= d[i];
      return p == target;
    }
  }
  return false;
}

namespace {

CageSupport compute_arithmetic_support(const ArithmeticCage& cage, int n, const std::uint32_t* allowed, bool lines) {
  const int k = static_cast<int>(cage.cells.size());
  ArithmeticSearch s(cage);
  s.k = k;
  s.allowed = allowed;
  s.want_lines = lines;
  if (k < 1 || k > kMaxArithmeticCage) return s.out;
  for (int i = 0; i < k; ++i) {
    const int a = cage.cells[static_cast<size_t>(i)];
    for (int j = 0; j < i; ++j) {
      const int b = cage.cells[static_cast<size_t>(j)];
      if (a / n == b / n || a % n == b % n) s.conflicts[static_cast<size_t>(i)] |= 1u << j;
    }
    for (int side = 0; side < 2; ++side) {
      const int id = side ? n + a % n : a / n;
      int l = 0;
      while (l < s.out.lines && s.out.line[static_cast<size_t>(l)] != id) ++l;
      if (l == s.out.lines) {
        s.out.line[static_cast<size_t>(l)] = id;
        s.out.must[static_cast<size_t>(l)] = ~std::uint32_t{0};
        ++s.out.lines;
      }
      s.line_of[static_cast<size_t>(i)][static_cast<size_t>(side)] = l;
    }
  }
  const bool product = cage.op == CageOp::kMul;
  s.lo[static_cast<size_t>(k)] = s.hi[static_cast<size_t>(k)] = product ? 1 : 0;
  for (int i = k - 1; i >= 0; --i) {
    if (!allowed[i]) return CageSupport{};
    const long long low = std::countr_zero(allowed[i]) + 1, high = 32 - std::countl_zero(allowed[i]);
    s.lo[static_cast<size_t>(i)] = product ? s.lo[static_cast<size_t>(i) + 1] * low : s.lo[static_cast<size_t>(i) + 1] + low;
    s.hi[static_cast<size_t>(i)] = product ? s.hi[static_cast<size_t>(i) + 1] * high : s.hi[static_cast<size_t>(i) + 1] + high;
  }
  if (cage.op == CageOp::kAdd || cage.op == CageOp::kMul) {
    s.go(0, product ? 1 : 0);
  } else {
    // '=', '-', '/': one or two cells, every pair tried (two cells of a cage share a line).
    for (std::uint32_t m0 = allowed[0]; m0; m0 &= m0 - 1) {
      s.digit[0] = std::countr_zero(m0) + 1;
      if (k == 1) {
        if (arithmetic_holds(cage.op, cage.target, s.digit.data(), 1)) s.record();
        continue;
      }
      for (std::uint32_t m1 = allowed[1]; m1; m1 &= m1 - 1) {
        s.digit[1] = std::countr_zero(m1) + 1;
        if ((s.conflicts[1] & 1u) && s.digit[0] == s.digit[1]) continue;
        if (arithmetic_holds(cage.op, cage.target, s.digit.data(), 2)) s.record();
      }
    }
  }
  if (!s.out.any()) return CageSupport{};
  if (!lines) s.out.lines = 0;  // no tuple narrowed `must`: it says nothing
  return s.out;
}

// arithmetic_support's answers, remembered per thread: the solver asks again for the same cage
// with the same candidates at every proof of a maker (each starts from the empty grid) and the
// grader at every step. The answer depends on the operation, the target, the cells' candidates,
// which cells share a row and which a column, and `lines`; not on where the cage is, but for the
// ids of the lines it touches (CageSupport::line), which are set from the cage's own cells on
// each answer. Grids of up to 9x9 (a candidate mask of 9 bits) and cages of up to 6 cells; a
// direct-mapped table: a new key takes its slot.
struct SupportKey {
  std::uint64_t a = 0, b = 0;
  friend bool operator==(const SupportKey&, const SupportKey&) = default;
};
struct SupportMemo {
  SupportKey key;  // a == 0: empty (a key always has bit 63 set)
  // The answer, candidates of 9 bits: per cell its digits (all 0: no tuple), per line slot its
  // must (with `lines`; without, every slot's must is all ones).
  std::array<std::uint16_t, kMaxArithmeticCage> cell{};
  std::array<std::uint16_t, 2 * kMaxArithmeticCage> must{};
};
constexpr int kSupportMemoBits = 14;

int op_code(CageOp op) {
  switch (op) {
    case CageOp::kAdd: return 0;
    case CageOp::kSub: return 1;
    case CageOp::kMul: return 2;
    case CageOp::kDiv: return 3;
    case CageOp::kEq: return 4;
  }
  return 5;
}

// The key of a question, or false when it is not remembered (larger grids or cages, no candidate).
bool support_key(const ArithmeticCage& cage, int n, const std::uint32_t* allowed, bool lines, SupportKey& key) {
  const int k = static_cast<int>(cage.cells.size());
  if (k < 1 || k > kMaxArithmeticCage) return false;
  std::uint64_t a = 0, rows = 0, cols = 0;
  int pair = 0;
  for (int i = 0; i < k; ++i) {
    if (!allowed[i] || (allowed[i] >> 9) != 0) return false;
    a |= std::uint64_t{allowed[i]} << (9 * i);
    const int x = cage.cells[static_cast<size_t>(i)];
    for (int j = 0; j < i; ++j, ++pair) {
      const int y = cage.cells[static_cast<size_t>(j)];
      rows |= std::uint64_t{x / n == y / n} << pair;
      cols |= std::uint64_t{x % n == y % n} << pair;
    }
  }
  a |= std::uint64_t(k - 1) << 54 | std::uint64_t(op_code(cage.op)) << 57 | std::uint64_t{lines} << 60 | std::uint64_t{1} << 63;
  key.a = a;
  key.b = std::uint64_t{static_cast<std::uint32_t>(cage.target)} | rows << 32 | cols << 47;
  return true;
}

}  // namespace

CageSupport arithmetic_support(const ArithmeticCage& cage, int n, const std::uint32_t* allowed, bool lines) {
  SupportKey key;
  if (!support_key(cage, n, allowed, lines, key)) return compute_arithmetic_support(cage, n, allowed, lines);
  thread_local std::vector<SupportMemo> memo;
  if (memo.empty()) memo.resize(std::size_t{1} << kSupportMemoBits);
  const std::uint64_t h = key.a * 0x9E3779B97F4A7C15ull ^ (key.b + (key.b >> 29)) * 0xC2B2AE3D27D4EB4Full;
  SupportMemo& slot = memo[static_cast<size_t>(h >> (64 - kSupportMemoBits))];
  if (!(slot.key == key)) {
    const CageSupport value = compute_arithmetic_support(cage, n, allowed, lines);
    slot.key = key;
    for (size_t i = 0; i < slot.cell.size(); ++i) slot.cell[i] = static_cast<std::uint16_t>(value.cell[i]);
    for (size_t l = 0; l < slot.must.size(); ++l) slot.must[l] = static_cast<std::uint16_t>(value.must[l]);
    return value;
  }
  CageSupport out;
  if (slot.cell[0] == 0) return out;  // no tuple
  for (size_t i = 0; i < slot.cell.size(); ++i) out.cell[i] = slot.cell[i];
  // The ids of this cage's lines, in the order the answer's slots took them (each cell's row, then
  // its column, new ones appended): the same cells sharing lines take the same slots.
  int used = 0;
  for (int i = 0; i < static_cast<int>(cage.cells.size()); ++i) {
    const int c = cage.cells[static_cast<size_t>(i)];
    for (const int id : {c / n, n + c % n}) {
      int l = 0;
      while (l < used && out.line[static_cast<size_t>(l)] != id) ++l;
      if (l == used) out.line[static_cast<size_t>(used++)] = id;
    }
  }
  for (int l = 0; l < used; ++l) out.must[static_cast<size_t>(l)] = lines ? slot.must[static_cast<size_t>(l)] : ~std::uint32_t{0};
  out.lines = lines ? used : 0;
  return out;
}

std::string cage_label(const ArithmeticCage& cage) {
  std::string out = std::to_string(cage.target);
  if (cage.op != CageOp::kEq) out += static_cast<char>(cage.op);
  return out;
}

bool arithmetic_token(std::string_view token) { return token.find(':') != std::string_view::npos; }

Result<ArithmeticCageRule> make_arithmetic_cage_rule(Shape shape, std::vector<ArithmeticCage> cages) {
  const int n = shape.n(), cells = shape.cells();
  std::vector<int> cage_of(static_cast<size_t>(cells), -1);
  for (size_t i = 0; i < cages.size(); ++i) {
    auto& cage = cages[i];
    std::sort(cage.cells.begin(), cage.cells.end());
    const char op = static_cast<char>(cage.op);
    const std::string name = "cage " + std::to_string(i + 1) + " (" + cage_label(cage) + ")";
    if (!known_op(op)) return Error(name + ": '" + std::string(1, op) + "' is no operation (+ - * / =)");
    const int k = static_cast<int>(cage.cells.size());
    if (k == 0) return Error(name + " has no cells");
    for (size_t j = 0; j < cage.cells.size(); ++j) {
      const int c = cage.cells[j];
      if (c < 0 || c >= cells)
        return Error(name + ": cell " + std::to_string(c) + " is outside the " + std::to_string(n) + "x" +
                     std::to_string(n) + " grid");
      if (j > 0 && cage.cells[j - 1] == c) return Error(name + " lists cell " + cell_name(c, n) + " twice");
      if (cage_of[static_cast<size_t>(c)] >= 0)
        return Error(name + ": cell " + cell_name(c, n) + " is already in cage " +
                     std::to_string(cage_of[static_cast<size_t>(c)] + 1) + " (cages must not overlap)");
      cage_of[static_cast<size_t>(c)] = static_cast<int>(i);
    }
    if (!connected(cage.cells, n)) return Error(name + " is not in one piece (its cells must join side by side)");
    if (k > kMaxArithmeticCage)
      return Error(name + " has " + std::to_string(k) + " cells; a cage has at most " +
                   std::to_string(kMaxArithmeticCage));
    const std::string cells_word = " has " + std::to_string(k) + (k == 1 ? " cell" : " cells");
    if (cage.op == CageOp::kEq && k != 1)
      return Error(name + cells_word + "; a cage with a number and no operation (=) is one cell, which holds it");
    if (cage.op == CageOp::kSub && k != 2)
      return Error(name + cells_word + "; a - cage has two: the larger digit less the smaller");
    if (cage.op == CageOp::kDiv && k != 2)
      return Error(name + cells_word + "; a / cage has two: the larger digit over the smaller");
    if ((cage.op == CageOp::kAdd || cage.op == CageOp::kMul) && k < 2)
      return Error(name + " has one cell; a one-cell cage is written " + std::to_string(cage.target) +
                   "= (its cell holds " + std::to_string(cage.target) + ")");
    std::array<std::uint32_t, kMaxArithmeticCage> all{};
    all.fill(shape.all());
    if (cage.target < 1 || !arithmetic_support(cage, n, all.data()).any())
      return Error(name + ": no " + std::to_string(k) + (k == 1 ? " digit" : " digits") + " of 1 to " +
                   std::to_string(n) + " " + op_name(cage.op) + " " + std::to_string(cage.target) +
                   (k > 2 ? " (digits sharing a row or column differ)" : ""));
  }
  for (int c = 0; c < cells; ++c)
    if (cage_of[static_cast<size_t>(c)] < 0) return Error("cell " + cell_name(c, n) + " is in no cage");
  return ArithmeticCageRule{std::move(cages), std::move(cage_of)};
}

std::string_view rule_key(const ArithmeticCageRule&) { return "cages"; }

Status check_rule(const ArithmeticCageRule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  const int n = board.n;
  for (size_t i = 0; i < rule.cages.size(); ++i) {
    const ArithmeticCage& cage = rule.cages[i];
    const int k = static_cast<int>(cage.cells.size());
    std::array<std::uint32_t, kMaxArithmeticCage> allowed{};
    std::string digits;
    int given = 0;
    for (int j = 0; j < k; ++j) {
      const int v = cells[static_cast<size_t>(cage.cells[static_cast<size_t>(j)])];
      allowed[static_cast<size_t>(j)] = v ? bit(v) : board.shape.all();
      if (v) digits += (given++ ? ", " : "") + std::to_string(v);
    }
    if (arithmetic_support(cage, n, allowed.data()).any()) continue;
    const std::string name = "cage " + std::to_string(i + 1) + " (" + cage_label(cage) + ")";
    if (given == k) {
      if (cage.op == CageOp::kEq) return Error(name + ": its cell holds " + digits + ", not " + std::to_string(cage.target));
      return Error(name + ": its digits " + digits + " do not " + op_name(cage.op) + " " + std::to_string(cage.target));
    }
    return Error(name + ": with its digits " + digits + " no digits in its " + std::to_string(k - given) +
                 (k - given == 1 ? " empty cell " : " empty cells ") + op_name(cage.op) + " " +
                 std::to_string(cage.target));
  }
  return Ok{};
}

std::string rule_token(const ArithmeticCageRule& rule) {
  std::string out;
  for (size_t i = 0; i < rule.cages.size(); ++i) {
    const ArithmeticCage& cage = rule.cages[i];
    out += (i ? ";" : "") + std::to_string(cage.target) + static_cast<char>(cage.op) + ":";
    for (size_t j = 0; j < cage.cells.size(); ++j) out += (j ? "." : "") + std::to_string(cage.cells[j]);
  }
  return out;
}

ArithmeticCageRule mapped(const ArithmeticCageRule& rule, const Board&, const std::vector<int>& image) {
  ArithmeticCageRule out;
  out.cages = rule.cages;
  for (ArithmeticCage& cage : out.cages) {
    for (int& c : cage.cells) c = image[static_cast<size_t>(c)];
    std::sort(cage.cells.begin(), cage.cells.end());
  }
  std::sort(out.cages.begin(), out.cages.end(),
            [](const ArithmeticCage& x, const ArithmeticCage& y) { return x.cells.front() < y.cells.front(); });
  out.cage_of.assign(rule.cage_of.size(), -1);
  for (size_t i = 0; i < out.cages.size(); ++i)
    for (int c : out.cages[i].cells) out.cage_of[static_cast<size_t>(c)] = static_cast<int>(i);
  return out;
}

// Targets name digits: a sum or product changes under any relabelling but the identity (the
// reversal v -> n+1-v keeps differences, not sums, products or quotients).
Relabel relabel(const ArithmeticCageRule&) { return Relabel::kNone; }

// Cage mates may repeat a digit (where no row or column forbids it): no peers.
void add_peers(const ArithmeticCageRule&, std::vector<std::vector<int>>&) {}

// --- any rule ---

std::string_view rule_key(const Rule& rule) {
  return std::visit([](const auto& r) { return rule_key(r); }, rule);
}
Status check_rule(const Rule& rule, const Board& board, const std::vector<std::uint8_t>& cells) {
  return std::visit([&](const auto& r) { return check_rule(r, board, cells); }, rule);
}
std::string rule_token(const Rule& rule) {
  return std::visit([](const auto& r) { return rule_token(r); }, rule);
}
Rule mapped(const Rule& rule, const Board& board, const std::vector<int>& image) {
  return std::visit([&](const auto& r) { return Rule(mapped(r, board, image)); }, rule);
}
Relabel relabel(const Rule& rule) {
  return std::visit([](const auto& r) { return relabel(r); }, rule);
}
Rule reversed_rule(const Rule& rule) {
  return std::visit(
      [](const auto& r) -> Rule {
        if constexpr (requires { reversed(r); })
          return reversed(r);
        else
          return r;
      },
      rule);
}
Relabel relabel(const std::vector<Rule>& rules) {
  Relabel out = Relabel::kFree;
  for (const Rule& r : rules) {
    const Relabel p = relabel(r);
    if (p == Relabel::kFree || p == out) continue;
    if (out != Relabel::kFree) return Relabel::kNone;
    out = p;
  }
  return out;
}

namespace {

// The parser of each rule type, by key.
template <class R>
Result<Rule> parse_as(std::string_view token, Shape shape);

template <>
Result<Rule> parse_as<CageRule>(std::string_view token, Shape shape) {
  auto cages = parse_cages(token, shape.cells());
  if (!cages) return cages.error();
  auto rule = make_cage_rule(shape, std::move(*cages));
  if (!rule) return Error("cages: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

template <>
Result<Rule> parse_as<ParityRule>(std::string_view token, Shape shape) {
  auto rule = make_parity_rule(shape, std::string(token));
  if (!rule) return Error("parity: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

template <>
Result<Rule> parse_as<ThermoRule>(std::string_view token, Shape shape) {
  std::vector<std::vector<int>> thermos;
  for (std::string_view part : split_parts(token)) {
    auto cells = parse_cell_list(part, '<', "thermo " + std::to_string(thermos.size() + 1));
    if (!cells) return Error("thermos: " + cells.error().to_string());
    thermos.push_back(std::move(*cells));
  }
  auto rule = make_thermo_rule(shape, std::move(thermos));
  if (!rule) return Error("thermos: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

template <>
Result<Rule> parse_as<ArrowRule>(std::string_view token, Shape shape) {
  std::vector<Arrow> arrows;
  for (std::string_view part : split_parts(token)) {
    const std::string name = "arrow " + std::to_string(arrows.size() + 1);
    const std::size_t colon = part.find(':');
    if (colon == std::string_view::npos)
      return Error("arrows: " + name + " ('" + std::string(part.substr(0, 40)) + "'): no ':' after its circle");
    auto circle = parse_cell_list(part.substr(0, colon), '+', name);
    if (!circle) return Error("arrows: " + circle.error().to_string());
    if (circle->size() != 1)
      return Error("arrows: " + name + " ('" + std::string(part.substr(0, 40)) + "'): one circle before ':'");
    auto path = parse_cell_list(part.substr(colon + 1), '+', name);
    if (!path) return Error("arrows: " + path.error().to_string());
    arrows.push_back({circle->front(), std::move(*path)});
  }
  auto rule = make_arrow_rule(shape, std::move(arrows));
  if (!rule) return Error("arrows: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

template <>
Result<Rule> parse_as<InequalityRule>(std::string_view token, Shape shape) {
  auto signs = parse_signs(token);
  if (!signs) return Error("inequalities: " + signs.error().to_string());
  auto rule = make_inequality_rule(shape, std::move(*signs));
  if (!rule) return Error("inequalities: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

// "C:0-1;4-5", "K:0-1w;4-5b", "KN:..." (rule_token's forms), or "" (no dots, consecutive).
template <>
Result<Rule> parse_as<DotRule>(std::string_view token, Shape shape) {
  const std::string key = "dots: ";
  bool kropki = false, negative = true;
  std::string_view rest = token;
  if (rest.empty()) {
  } else if (rest.starts_with("C:")) {
    rest.remove_prefix(2);
  } else if (rest.starts_with("KN:")) {
    kropki = true;
    rest.remove_prefix(3);
  } else if (rest.starts_with("K:")) {
    kropki = true, negative = false;
    rest.remove_prefix(2);
  } else {
    return Error(key + "'" + std::string(token.substr(0, 12)) +
                 "' does not start with C: (consecutive), K: (kropki) or KN: (kropki, negative)");
  }
  std::vector<Dot> dots;
  while (!rest.empty()) {
    const size_t end = std::min(rest.find(';'), rest.size());
    const std::string_view item = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    const std::string name = "dot " + std::to_string(dots.size() + 1) + " ('" + std::string(item) + "')";
    Dot d;
    size_t i = 0;
    auto number = [&](int& out) {
      const size_t from = i;
      out = 0;
      while (i < item.size() && item[i] >= '0' && item[i] <= '9' && i - from < 5) out = out * 10 + (item[i++] - '0');
      return i > from;
    };
    if (!number(d.a) || i >= item.size() || item[i++] != '-' || !number(d.b))
      return Error(key + name + " is not CELL-CELL (cells row-major from 0)");
    if (i < item.size() && (item[i] == 'w' || item[i] == 'b')) d.black = item[i++] == 'b';
    if (i != item.size()) return Error(key + name + ": a dot ends in w (white) or b (black)");
    dots.push_back(d);
  }
  auto rule = make_dot_rule(shape, std::move(dots), kropki, negative);
  if (!rule) return Error(key + rule.error().to_string());
  return Rule(std::move(*rule));
}

template <>
Result<Rule> parse_as<MoveRule>(std::string_view token, Shape) {
  if (token == "knight") return Rule(MoveRule{Move::kKnight});
  if (token == "king") return Rule(MoveRule{Move::kKing});
  return Error("move: '" + std::string(token) + "' is no move (knight or king)");
}

// "S:ROWS/COLS" (rule_token's form): n clues each, joined by '.', '-' for none.
template <>
Result<Rule> parse_as<SandwichRule>(std::string_view token, Shape shape) {
  const std::string key = "sandwich: ";
  if (!token.starts_with("S:"))
    return Error(key + "'" + std::string(token.substr(0, 12)) + "' does not start with S: (S:ROW CLUES/COLUMN CLUES)");
  std::string_view rest = token.substr(2);
  const size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return Error(key + "no '/' between the row clues and the column clues");
  std::vector<int> lists[2];
  for (int side = 0; side < 2; ++side) {
    std::string_view part = side ? rest.substr(slash + 1) : rest.substr(0, slash);
    const char* what = side ? "column" : "row";
    while (!part.empty()) {
      const size_t end = std::min(part.find('.'), part.size());
      const std::string_view item = part.substr(0, end);
      const std::string name = std::string(what) + " " + std::to_string(lists[side].size() + 1);
      if (item == "-") {
        lists[side].push_back(kNoSandwich);
      } else if (!item.empty() && item.size() <= 3 && item.find_first_not_of("0123456789") == std::string_view::npos) {
        lists[side].push_back(std::stoi(std::string(item)));
      } else {
        return Error(key + name + ": '" + std::string(item.substr(0, 12)) + "' is no clue (a number, or - for none)");
      }
      if (end == part.size()) break;
      part.remove_prefix(end + 1);
    }
  }
  auto rule = make_sandwich_rule(shape, std::move(lists[0]), std::move(lists[1]));
  if (!rule) return Error(key + rule.error().to_string());
  return Rule(std::move(*rule));
}

// "12+:0.1.9;3-:2.3;5=:4" (rule_token's form): per cage TARGET, OP, ':' and its cells joined by '.'.
template <>
Result<Rule> parse_as<ArithmeticCageRule>(std::string_view token, Shape shape) {
  std::vector<ArithmeticCage> cages;
  for (std::string_view part : split_parts(token)) {
    const std::string name = "cage " + std::to_string(cages.size() + 1) + " ('" + std::string(part.substr(0, 40)) + "')";
    const std::size_t colon = part.find(':');
    if (colon == std::string_view::npos || colon < 2)
      return Error("cages: " + name + " is not TARGET OP:CELLS (e.g. 12+:0.1.9; OP one of + - * / =)");
    const std::string_view target = part.substr(0, colon - 1);
    const char op = part[colon - 1];
    if (target.size() > 6 || target.find_first_not_of("0123456789") != std::string_view::npos)
      return Error("cages: " + name + ": '" + std::string(target.substr(0, 8)) + "' is not a target number");
    if (!known_op(op)) return Error("cages: " + name + ": '" + std::string(1, op) + "' is no operation (+ - * / =)");
    auto cells = parse_cell_list(part.substr(colon + 1), '.', name);
    if (!cells) return Error("cages: " + cells.error().to_string());
    cages.push_back({std::stoi(std::string(target)), static_cast<CageOp>(op), std::move(*cells)});
  }
  if (cages.empty()) return Error("cages: no cages");
  auto rule = make_arithmetic_cage_rule(shape, std::move(cages));
  if (!rule) return Error("cages: " + rule.error().to_string());
  return Rule(std::move(*rule));
}

// Whether rule type R reads `token` under its key: the two cage types share "cages" and the token
// tells them apart (arithmetic_token).
template <class R>
bool takes_token(std::string_view token) {
  if constexpr (std::is_same_v<R, CageRule>) return !arithmetic_token(token);
  if constexpr (std::is_same_v<R, ArithmeticCageRule>) return arithmetic_token(token);
  return true;
}

template <size_t I = 0>
Result<Rule> parse_by_key(std::string_view key, std::string_view token, Shape shape) {
  if constexpr (I == std::variant_size_v<Rule>) {
    std::string known;
    for (auto k : rule_keys())
      if (!k.empty() && known.find(std::string(k)) == std::string::npos) known += (known.empty() ? "" : ", ") + std::string(k);
    return Error("unknown rule '" + std::string(key) + "' (known: " + known + ")");
  } else {
    using R = std::variant_alternative_t<I, Rule>;
    if (rule_key(R{}) == key && takes_token<R>(token)) return parse_as<R>(token, shape);
    return parse_by_key<I + 1>(key, token, shape);
  }
}

template <size_t... I>
std::vector<std::string_view> keys_of(std::index_sequence<I...>) {
  return {rule_key(std::variant_alternative_t<I, Rule>{})...};
}

}  // namespace

Result<Rule> parse_rule(std::string_view key, std::string_view token, Shape shape) {
  return parse_by_key(key, token, shape);
}

const std::vector<std::string_view>& rule_keys() {
  static const std::vector<std::string_view> keys = keys_of(std::make_index_sequence<std::variant_size_v<Rule>>{});
  return keys;
}

std::vector<int> square_image(int n, int t) {
  std::vector<int> image(static_cast<size_t>(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int a = (t & 1) ? c : r, b = (t & 1) ? r : c;
      if (t & 2) a = n - 1 - a;
      if (t & 4) b = n - 1 - b;
      image[static_cast<size_t>(a * n + b)] = r * n + c;
    }
  return image;
}

}  // namespace gp
