// Rules as data: what a board asks of a grid besides "each value once in every unit".
//
// A board (core/grid.hpp) holds its units and a list of rules, each a value of the closed set
// `Rule` (a std::variant). A rule type is plain data plus a fixed set of overloads, found by
// std::visit with no fallback, so a new rule type fails to compile until it has each of them:
//
//   std::string_view rule_key(const R&)        its name in JSON fields and CSV columns ("cages")
//   Status check_rule(const R&, const Board&, const std::vector<std::uint8_t>& cells)
//                                              a filled or partial grid (0 = empty) against the rule
//   std::string rule_token(const R&)           one token without blanks (line and CSV forms)
//   R mapped(const R&, const Board&, const std::vector<int>& image)
//                                              the rule under a cell permutation (image[old] = new),
//                                              e.g. a symmetry of the square
//   Relabel relabel(const R&)                  which relabellings of the digits keep the rule
//   void add_peers(const R&, std::vector<std::vector<int>>& peers)
//                                              cells the rule forbids to share a digit
//
// Parsing goes the other way by key: parse_rule(key, token, shape). The solver, grader, generator
// and drawing keep their own per-rule overloads (propagation, techniques, marks); docs/board.md
// "Adding a rule or a variant" lists them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.hpp"

namespace gp {

struct Board;
struct Shape;

// Which relabellings of the digits keep a rule (canonical forms, de-duplication): any permutation
// (free), none (the rule names digits, e.g. cage sums), or only v -> n+1-v with the identity
// (the rule is about order, e.g. greater-than signs flip), or the permutations that keep every
// digit's parity (evens among evens, odds among odds: parity marks).
enum class Relabel : std::uint8_t { kFree, kNone, kReverse, kParity };

// A killer cage: cells (ascending, joined side by side) whose values are all different and add
// up to `sum`. A cage is not a unit: it holds fewer than n values, so it gives no hidden singles.
struct Cage {
  int sum = 0;
  std::vector<int> cells;
  friend bool operator==(const Cage&, const Cage&) = default;
};

// Killer cages: they cover every cell once; `cage_of` gives each cell its cage (an index into
// `cages`). Cage mates are peers (no digit repeats inside a cage). Build with make_cage_rule.
struct CageRule {
  std::vector<Cage> cages;
  std::vector<int> cage_of;
  friend bool operator==(const CageRule& a, const CageRule& b) { return a.cages == b.cages; }
};

// Parity marks (even-odd): per cell, row by row, 'E' (the cell holds an even digit), 'O' (odd)
// or '.' (no mark). Build with make_parity_rule.
struct ParityRule {
  std::string marks;
  friend bool operator==(const ParityRule&, const ParityRule&) = default;
  bool even(int c) const { return marks[static_cast<std::size_t>(c)] == 'E'; }
  bool odd(int c) const { return marks[static_cast<std::size_t>(c)] == 'O'; }
};

// Thermometers (thermo): each a path of cells, bulb first, along which the digits rise strictly;
// each step goes to one of the 8 cells around (orthogonal or diagonal). Thermos may share cells
// (branching thermos). The cells of one thermo are peers (rising digits are all different).
// Build with make_thermo_rule.
struct ThermoRule {
  std::vector<std::vector<int>> thermos;  // cells, bulb first
  friend bool operator==(const ThermoRule&, const ThermoRule&) = default;
};

// Arrows (arrow): the digits along each arrow's path add up to the digit in its circle (digits may
// repeat on a path where no unit forbids it). The path starts next to the circle and each step
// goes to one of the 8 cells around. Arrows may share cells. Build with make_arrow_rule.
struct Arrow {
  int circle = 0;
  std::vector<int> path;
  friend auto operator<=>(const Arrow&, const Arrow&) = default;
};
struct ArrowRule {
  std::vector<Arrow> arrows;
  friend bool operator==(const ArrowRule&, const ArrowRule&) = default;
};

// Greater-than signs (greater-than, futoshiki): each sign {a, b} between two orthogonal
// neighbours says cell a holds a larger digit than cell b (drawn pointing to b). Signs sorted by
// their lower cell, then their higher one; a pair of cells has at most one sign. Build with
// make_inequality_rule.
struct InequalityRule {
  std::vector<std::array<int, 2>> signs;  // {greater, smaller}
  friend bool operator==(const InequalityRule&, const InequalityRule&) = default;
};

// A dot on the edge two orthogonal neighbours share (cells a < b, row-major): white, their digits
// differ by 1; black, one is double the other (1 and 2 are both: either colour may stand there).
struct Dot {
  int a = 0, b = 0;
  bool black = false;
  friend bool operator==(const Dot&, const Dot&) = default;
};

// Dots on cell edges (consecutive, kropki, non-consecutive). `kropki`: white and black dots; else
// white ones only (consecutive). `negative`: every orthogonal pair without a dot has none of the
// relations the rule's dots show (consecutive: not 1 apart; kropki: not 1 apart and neither double
// the other); a consecutive rule is always negative (every consecutive pair is marked), and one with
// no dots is the non-consecutive rule. Dots sorted by (a, b). Build with make_dot_rule.
struct DotRule {
  std::vector<Dot> dots;
  bool kropki = false;
  bool negative = true;
  friend bool operator==(const DotRule&, const DotRule&) = default;
};

// Anti-knight, anti-king: no two cells a knight's move apart (anti-knight) or a king's diagonal
// step apart (anti-king) hold the same digit; their peers (add_peers). No per-puzzle data: the move
// is the rule, so its key is "" (no field, column or line token; the variant names it) and its
// token, "knight" or "king", serves the round trip and the puzzle store only.
enum class Move : std::uint8_t { kKnight, kKing };
struct MoveRule {
  Move move = Move::kKnight;
  friend bool operator==(const MoveRule&, const MoveRule&) = default;
};
// The cells of an n x n grid one `move` away from cell c (ascending).
std::vector<int> move_cells(Move move, int n, int c);

// Sandwich clues (sandwich): a number outside a row (left of it) or a column (above it) is the sum
// of the digits between the 1 and the n in that line (0 when they are side by side). `rows` and
// `cols` hold n entries each, the line's clue or kNoSandwich. Build with make_sandwich_rule.
inline constexpr int kNoSandwich = -1;
struct SandwichRule {
  std::vector<int> rows, cols;
  friend bool operator==(const SandwichRule&, const SandwichRule&) = default;
  int clues() const;  // how many lines have a clue
};

// KenKen cages (kenken, on a Latin square): the cages cover every cell once, each joined side by
// side, and each cage's digits reach its target with its operation: `+` their sum, `*` their
// product, `-` the larger of its two cells less the smaller, `/` the larger over the smaller
// (exact), `=` its one cell holds the target. Digits may repeat in a cage wherever its cells share
// no row or column (the cage is no unit and adds no peers). Build with make_arithmetic_cage_rule.
enum class CageOp : char { kAdd = '+', kSub = '-', kMul = '*', kDiv = '/', kEq = '=' };
struct ArithmeticCage {
  int target = 0;
  CageOp op = CageOp::kAdd;
  std::vector<int> cells;  // ascending
  friend bool operator==(const ArithmeticCage&, const ArithmeticCage&) = default;
};
struct ArithmeticCageRule {
  std::vector<ArithmeticCage> cages;
  std::vector<int> cage_of;  // per cell, its cage
  friend bool operator==(const ArithmeticCageRule& a, const ArithmeticCageRule& b) { return a.cages == b.cages; }
};
// The most cells a cage may have (as Simon Tatham's Keen; the propagator enumerates a cage's tuples).
inline constexpr int kMaxArithmeticCage = 6;

// What a cage's arithmetic leaves each of its cells (arithmetic_support): per cage cell the digits
// it takes in some tuple that reaches the target, each cell choosing from what it is allowed and
// cells sharing a row or column different; and, when asked, per row and column the cage touches
// (line: row r as r, column c as n + c), the digits every such tuple places in that line's cage
// cells. All zero when no tuple reaches the target.
struct CageSupport {
  std::array<std::uint32_t, kMaxArithmeticCage> cell{};
  int lines = 0;
  std::array<int, 2 * kMaxArithmeticCage> line{};
  std::array<std::uint32_t, 2 * kMaxArithmeticCage> must{};
  bool any() const { return cell[0] != 0; }
};
// `allowed[i]` (bit v-1 for digit v) per cage cell, on an n x n grid. With `lines` false the
// enumeration stops as soon as every allowed digit has a tuple.
CageSupport arithmetic_support(const ArithmeticCage& cage, int n, const std::uint32_t* allowed, bool lines = false);
// Whether the complete tuple `digits` (one per cage cell) reaches the target with the operation.
bool arithmetic_holds(CageOp op, int target, const int* digits, int k);
// A cage's label as printed: "12+", "3-", "24*", "2/", "5" (the '=' cage shows its target alone).
std::string cage_label(const ArithmeticCage& cage);
// Whether a line token (or CSV cell) is a kenken cage list rather than killer cages: it has a ':'
// (each cage is TARGET OP ':' CELLS, "12+:0.1.9;5=:4").
bool arithmetic_token(std::string_view token);

// Every rule type. Add a type here and the compiler lists the overloads it still needs.
using Rule = std::variant<CageRule, ParityRule, ThermoRule, ArrowRule, InequalityRule, DotRule, MoveRule, SandwichRule,
                          ArithmeticCageRule>;

// The cage rule of a grid of `shape`: each cage's cells sorted, cages kept in the given order.
// Errors name the cage (1-based, in the given order): a cell outside the grid, a cell in two
// cages or in none ("cell r3c4 is in no cage"), a cage not in one piece, a cage of more than n
// cells, an impossible sum ("cage 5: 2 different digits add up to 3 to 17, not 1").
Result<CageRule> make_cage_rule(Shape shape, std::vector<Cage> cages);

// The parity rule of a grid of `shape` from its marks (n*n of 'E', 'O', '.'). Errors name the
// place: a wrong length ("80 marks, expected 81"), a character that is no mark ("'X' at r1c3 is
// not a mark (E even, O odd, . none)"), and a unit with more marks of one parity than it has
// digits of that parity ("row 3 has 5 cells marked even; 1 to 9 hold only 4 even digits").
Result<ParityRule> make_parity_rule(Shape shape, std::string marks);
// The digits of 1..n of one parity, as a mask: even (2, 4, ...) or odd (1, 3, ...).
std::uint32_t parity_digits(int n, bool even);

// The thermo rule of a grid of `shape` (thermos kept in the given order). Errors name the thermo
// (1-based): fewer than 2 cells, a cell outside the grid or listed twice, two cells in a row that
// are not neighbours ("thermo 2: r1c1 to r1c3 is not a step to one of the 8 cells around"), more
// cells than digits ("thermo 1 has 10 cells; 1 to 9 rise through at most 9"), and thermos that
// together rise through more than n cells or in a circle ("r3c4 would need a digit above 9 ...").
Result<ThermoRule> make_thermo_rule(Shape shape, std::vector<std::vector<int>> thermos);

// The arrow rule of a grid of `shape` (arrows kept in the given order). Errors name the arrow
// (1-based): an empty path, a cell outside the grid or listed twice (the circle on its own path
// too), a step that is not to a neighbour ("arrow 2: r1c1 to r1c3 is not a step to one of the 8
// cells around"), a path too long for the circle ("arrow 1: 10 cells add up to 10 or more; a
// circle holds at most 9").
Result<ArrowRule> make_arrow_rule(Shape shape, std::vector<Arrow> arrows);

// The inequality rule of a grid of `shape` from its signs ({greater, smaller} cell pairs, row-major
// from 0, in any order; sorted in the rule). Errors name the sign (1-based, in the given order) and
// its cells: a cell outside the grid, two cells that are not orthogonal neighbours ("sign 3 (r1c1 >
// r2c2): the cells are not side by side"), a pair of cells with two signs, and signs that go round
// in a circle ("the signs r1c1 > r1c2 > r2c2 > r2c1 > r1c1 go round in a circle").
Result<InequalityRule> make_inequality_rule(Shape shape, std::vector<std::array<int, 2>> signs);
// The token of signs: "A>B" per sign, joined by ';' ("0>1;10>1"); and back ("" is no signs).
std::string format_signs(const std::vector<std::array<int, 2>>& signs);
Result<std::vector<std::array<int, 2>>> parse_signs(std::string_view token);

// The dot rule of a grid of `shape` (dots sorted; each dot's cells put in order). Errors name the
// dot (1-based, in the given order): a cell outside the grid ("dot 3: cell 90 is outside the 9x9
// grid"), cells that are not side by side ("dot 3: r1c1 and r2c2 are not side by side"), a pair
// with two dots, a black dot on a consecutive rule, a consecutive rule that is not negative.
Result<DotRule> make_dot_rule(Shape shape, std::vector<Dot> dots, bool kropki, bool negative);
// Whether digits x and y fit a white dot (differ by 1) or a black one (one is double the other).
inline bool white_pair(int x, int y) { return x - y == 1 || y - x == 1; }
inline bool black_pair(int x, int y) { return x == 2 * y || y == 2 * x; }

// The sandwich rule of a grid of `shape` (n rows and n columns of clues, kNoSandwich for none).
// Errors name the line: a wrong count ("8 row clues, expected 9"), a clue no digits between the 1
// and the n can make ("row 3: clue 34; the digits 2 to 8 between the 1 and the 9 add up to 0, 2 to
// 33 or 35"), a rule without any clue.
Result<SandwichRule> make_sandwich_rule(Shape shape, std::vector<int> rows, std::vector<int> cols);
// Whether some set of distinct digits from 2..n-1 adds up to `sum` (0: the empty set).
bool sandwich_sum_possible(int n, int sum);

// The kenken cage rule of a grid of `shape` (cells sorted, cages kept in the given order). Errors
// name the cage (1-based, in the given order, with its label): no cells, a cell outside the grid,
// listed twice, in two cages or in none, a cage not in one piece, a cage of more than
// kMaxArithmeticCage cells, a cell count its operation cannot take ("cage 3 (2/) has 3 cells; a /
// cage has two: the larger digit over the smaller"), an operation that is none of + - * / =, and a
// target no digits of 1..n reach ("cage 5 (40*): no 2 digits of 1 to 4 multiply to 40").
Result<ArithmeticCageRule> make_arithmetic_cage_rule(Shape shape, std::vector<ArithmeticCage> cages);

// --- the per-type overloads (see the top of this file) ---
std::string_view rule_key(const CageRule&);
Status check_rule(const CageRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const CageRule& rule);
CageRule mapped(const CageRule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const CageRule&);
void add_peers(const CageRule& rule, std::vector<std::vector<int>>& peers);

std::string_view rule_key(const ParityRule&);  // "parity"
Status check_rule(const ParityRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const ParityRule& rule);  // the marks
ParityRule mapped(const ParityRule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const ParityRule&);  // kParity
void add_peers(const ParityRule& rule, std::vector<std::vector<int>>& peers);  // none

std::string_view rule_key(const ThermoRule&);  // "thermos"
Status check_rule(const ThermoRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const ThermoRule& rule);  // "0<1<2;9<10": cells bulb first joined by '<', thermos by ';'
ThermoRule mapped(const ThermoRule& rule, const Board& board, const std::vector<int>& image);  // thermos sorted
Relabel relabel(const ThermoRule&);  // kNone (order matters; reversal would turn every thermo round)
void add_peers(const ThermoRule& rule, std::vector<std::vector<int>>& peers);  // a thermo's cells

std::string_view rule_key(const ArrowRule&);  // "arrows"
Status check_rule(const ArrowRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const ArrowRule& rule);  // "40:41+42;10:19": circle ':' path joined by '+', arrows by ';'
ArrowRule mapped(const ArrowRule& rule, const Board& board, const std::vector<int>& image);  // arrows sorted
Relabel relabel(const ArrowRule&);  // kNone (sums name digits)
void add_peers(const ArrowRule& rule, std::vector<std::vector<int>>& peers);  // none

std::string_view rule_key(const InequalityRule&);  // "inequalities"
Status check_rule(const InequalityRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const InequalityRule& rule);  // format_signs
InequalityRule mapped(const InequalityRule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const InequalityRule&);  // kReverse
void add_peers(const InequalityRule& rule, std::vector<std::vector<int>>& peers);  // none
// Under the digit reversal v -> n+1-v every sign turns round: {a, b} becomes {b, a}.
InequalityRule reversed(const InequalityRule& rule);

std::string_view rule_key(const DotRule&);  // "dots"
Status check_rule(const DotRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
// "C:0-1;4-5" (consecutive: white dots), "K:0-1w;4-5b" (kropki), "KN:..." (kropki, negative);
// "" for a consecutive rule without dots (the non-consecutive rule: its variant carries no data).
std::string rule_token(const DotRule& rule);
DotRule mapped(const DotRule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const DotRule&);  // kReverse (white dots and "not 1 apart" survive v -> n+1-v), kropki kNone
void add_peers(const DotRule& rule, std::vector<std::vector<int>>& peers);  // none

std::string_view rule_key(const MoveRule&);  // "": no per-puzzle data
Status check_rule(const MoveRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const MoveRule& rule);  // "knight", "king"
MoveRule mapped(const MoveRule& rule, const Board& board, const std::vector<int>& image);  // itself
Relabel relabel(const MoveRule&);  // kFree
void add_peers(const MoveRule& rule, std::vector<std::vector<int>>& peers);  // the cells a move away

std::string_view rule_key(const SandwichRule&);  // "sandwich"
Status check_rule(const SandwichRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
// "S:12.-.0.35.-.-.-.-.-/-.4.-.-.-.-.-.-.-": the row clues top to bottom joined by '.', '/', the
// column clues left to right ('-' no clue).
std::string rule_token(const SandwichRule& rule);
// Rows and columns follow the permutation (a transposition swaps row and column clues); a line's
// clue keeps its value when the line is reversed (the cells between the 1 and the n stay between).
SandwichRule mapped(const SandwichRule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const SandwichRule&);  // kNone (the clues name the 1, the n and sums of digits)
void add_peers(const SandwichRule& rule, std::vector<std::vector<int>>& peers);  // none

// "cages" (the JSON field, CSV column and grid comment killer cages have too: the token tells them
// apart, arithmetic_token)
std::string_view rule_key(const ArithmeticCageRule&);
Status check_rule(const ArithmeticCageRule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const ArithmeticCageRule& rule);  // "12+:0.1.9;3-:2.3;5=:4": TARGET OP ':' cells joined by '.', cages by ';'
ArithmeticCageRule mapped(const ArithmeticCageRule& rule, const Board& board, const std::vector<int>& image);  // cages by first cell
Relabel relabel(const ArithmeticCageRule&);  // kNone (targets name digits; v -> n+1-v changes sums and products)
void add_peers(const ArithmeticCageRule& rule, std::vector<std::vector<int>>& peers);  // none (digits may repeat)

// --- the same on any rule (std::visit) ---
std::string_view rule_key(const Rule& rule);
Status check_rule(const Rule& rule, const Board& board, const std::vector<std::uint8_t>& cells);
std::string rule_token(const Rule& rule);
Rule mapped(const Rule& rule, const Board& board, const std::vector<int>& image);
Relabel relabel(const Rule& rule);
// The policy every one of `rules` allows: free for no rules, one rule's own policy when the others
// are free, none when two rules ask for different non-free policies (a safe intersection: fewer
// relabellings only make canonical forms tell more puzzles apart).
Relabel relabel(const std::vector<Rule>& rules);
// The rule under the digit reversal v -> n+1-v (canonical forms of Relabel::kReverse boards): a
// type with a `reversed` overload (signs turn round) gives that, any other the rule itself (its
// policy is kFree, or the reversal is not used on it).
Rule reversed_rule(const Rule& rule);

// The rule whose key is `key`, from its token, for a grid of `shape` (checked as the rule's
// factory checks it). Errors start with the key ("cages: cage 3 ('0+1'): no '=SUM'"); an unknown
// key gives "unknown rule 'dots' (known: cages)".
Result<Rule> parse_rule(std::string_view key, std::string_view token, Shape shape);
// Every rule key, in the order of `Rule`'s types (a key two types share, "cages", twice: parse_rule
// tells them apart by the token).
const std::vector<std::string_view>& rule_keys();

// The image of every cell of an n x n grid under symmetry `t` of the square (0..7: bit 0
// transposes, bit 1 flips the rows, bit 2 flips the columns, applied in that order to the source
// position): image[old cell] = new cell. Canonical forms use the same numbering.
std::vector<int> square_image(int n, int t);

}  // namespace gp
