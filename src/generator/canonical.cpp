#include "generator/canonical.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>

#include "core/codec.hpp"

namespace gp::gen {

namespace {

std::vector<int> permuted_blocks(int blocks, int block_len, Rng* rng) {
  // Output index -> source index: blocks permuted, and the items inside each block permuted.
  std::vector<int> order(static_cast<size_t>(blocks));
  std::iota(order.begin(), order.end(), 0);
  if (rng) rng->shuffle(order);
  std::vector<int> out;
  out.reserve(static_cast<size_t>(blocks * block_len));
  std::vector<int> inner(static_cast<size_t>(block_len));
  for (int b : order) {
    std::iota(inner.begin(), inner.end(), 0);
    if (rng) rng->shuffle(inner);
    for (int i : inner) out.push_back(b * block_len + i);
  }
  return out;
}

Transform make_transform(Shape shape, Rng* rng) {
  const int n = shape.n();
  Transform t;
  // Rows come in bands of box_rows rows; columns in stacks of box_cols columns.
  t.rows = permuted_blocks(n / shape.box_rows, shape.box_rows, rng);
  t.cols = permuted_blocks(n / shape.box_cols, shape.box_cols, rng);
  std::vector<int> labels(static_cast<size_t>(n));
  std::iota(labels.begin(), labels.end(), 1);
  if (rng) rng->shuffle(labels);
  t.relabel.push_back(0);
  t.relabel.insert(t.relabel.end(), labels.begin(), labels.end());
  // Transposition keeps square boxes, and a Latin square's rows and columns (Shape{1, n}).
  t.transpose = rng && (shape.box_rows == shape.box_cols || shape.latin()) && rng->below(2) == 1;
  return t;
}

// Branch and bound for the canonical form. Works on one orientation at a time (the grid and, for
// square boxes, its transpose) and keeps the best pattern found over both. Each row of givens is a
// bit set (column c at bit c), and the search's state lives in fixed arrays: the work per node is
// a few sorts of at most kMaxN small keys, with nothing allocated.
template <int kBr = 0, int kBc = 0>
class Canonicalizer {
 public:
  explicit Canonicalizer(const Grid& g)
      : n_(g.n()), br_(g.shape.box_rows), bc_(g.shape.box_cols), ns_(n_ / bc_) {
    oriented_[0] = g.cells;
    if (br() == bc()) {
      oriented_[1].resize(g.cells.size());
      for (int r = 0; r < n(); ++r)
        for (int c = 0; c < n(); ++c)
          oriented_[1][static_cast<size_t>(c * n() + r)] = g.cells[static_cast<size_t>(r * n() + c)];
    }
    for (size_t o = 0; o < 2; ++o) {
      if (oriented_[o].empty()) continue;
      for (int r = 0; r < n(); ++r) {
        std::uint32_t bits = 0;
        for (int c = 0; c < n(); ++c)
          if (oriented_[o][static_cast<size_t>(r * n() + c)]) bits |= 1U << c;
        rows_[o][static_cast<size_t>(r)] = bits;
      }
    }
  }

  std::string run() {
    search(0);
    if (br() == bc()) search(1);
    return labels();
  }

 private:
  using Ints = std::array<int, kMaxN>;
  using Words = std::array<std::uint32_t, kMaxN>;

  struct Leaf {
    int orientation;
    Ints order;
  };

  // Bit c of row r's givens in the current orientation.
  std::uint32_t row_bits(int r) const { return rows_[static_cast<size_t>(orient_)][static_cast<size_t>(r)]; }

  // The lexicographically smallest arrangement of columns for the rows placed so far, whose column
  // bit vectors (first row most significant) are `cv`: columns sorted within each stack, stacks
  // sorted by their row-major contents. Both orders are total (ties go to the lower index), so the
  // insertion sorts here give the one arrangement any sort would.
  void arrange(const std::uint32_t* cv, int* out) const {
    std::array<Ints, kMaxN> stack_cols;
    Ints stack_order;
    for (int s = 0; s < ns(); ++s) {
      int* sc = stack_cols[static_cast<size_t>(s)].data();
      for (int j = 0; j < bc(); ++j) {
        const int col = s * bc() + j;
        int i = j;
        for (; i > 0 && cv[sc[i - 1]] > cv[col]; --i) sc[i] = sc[i - 1];
        sc[i] = col;
      }
    }
    // Whether stack a comes before stack b: their row-major contents (the bits of cv, the first
    // row highest). The first difference in that order is in the highest row
    // where any of their columns differ, at the first such column.
    auto less = [&](int a, int b) {
      const int* ca = stack_cols[static_cast<size_t>(a)].data();
      const int* cb = stack_cols[static_cast<size_t>(b)].data();
      std::uint32_t any = 0;
      for (int j = 0; j < bc(); ++j) any |= cv[ca[j]] ^ cv[cb[j]];
      if (!any) return a < b;
      const std::uint32_t top = std::uint32_t{1} << (std::bit_width(any) - 1);
      for (int j = 0;; ++j)
        if ((cv[ca[j]] ^ cv[cb[j]]) & top) return (cv[ca[j]] & top) == 0;
    };
    for (int s = 0; s < ns(); ++s) {
      int i = s;
      for (; i > 0 && less(s, stack_order[static_cast<size_t>(i - 1)]); --i)
        stack_order[static_cast<size_t>(i)] = stack_order[static_cast<size_t>(i - 1)];
      stack_order[static_cast<size_t>(i)] = s;
    }
    int k = 0;
    for (int s = 0; s < ns(); ++s) {
      const int* sc = stack_cols[static_cast<size_t>(stack_order[static_cast<size_t>(s)])].data();
      for (int j = 0; j < bc(); ++j) out[k++] = sc[j];
    }
  }

  void search(int orientation) {
    orient_ = orientation;
    row_used_ = 0;
    band_used_ = 0;
    colvec_.fill(0);
    dfs(0);
  }

  void dfs(int k) {
    if (k == n()) {
      leaves_.push_back({orient_, order_});
      return;
    }
    Ints cand;
    int nc = 0;
    if (k % br() == 0) {
      for (int r = 0; r < n(); r += br())
        if (!((band_used_ >> (r / br())) & 1U))
          for (int i = 0; i < br(); ++i) cand[static_cast<size_t>(nc++)] = r + i;
    } else {
      const int band = order_[static_cast<size_t>(k - 1)] / br() * br();
      for (int i = 0; i < br(); ++i)
        if (!((row_used_ >> (band + i)) & 1U)) cand[static_cast<size_t>(nc++)] = band + i;
    }
    Words val;
    Words cv;
    Ints cols;
    std::uint32_t m = ~0U;
    for (int i = 0; i < nc; ++i) {
      const std::uint32_t bits = row_bits(cand[static_cast<size_t>(i)]);
      for (int c = 0; c < n(); ++c)
        cv[static_cast<size_t>(c)] = (colvec_[static_cast<size_t>(c)] << 1) | ((bits >> c) & 1U);
      arrange(cv.data(), cols.data());
      std::uint32_t v = 0;
      for (int j = 0; j < n(); ++j) v = (v << 1) | ((bits >> cols[static_cast<size_t>(j)]) & 1U);
      val[static_cast<size_t>(i)] = v;
      m = std::min(m, v);
    }
    if (k < known_) {
      if (m > best_[static_cast<size_t>(k)]) return;
      if (m < best_[static_cast<size_t>(k)]) {
        best_[static_cast<size_t>(k)] = m;
        known_ = k + 1;
        leaves_.clear();
      }
    } else {
      best_[static_cast<size_t>(k)] = m;
      known_ = k + 1;
    }
    for (int i = 0; i < nc; ++i) {
      if (val[static_cast<size_t>(i)] != best_[static_cast<size_t>(k)]) continue;
      const int r = cand[static_cast<size_t>(i)];
      const bool mark_band = k % br() == 0;
      row_used_ |= 1U << r;
      if (mark_band) band_used_ |= 1U << (r / br());
      order_[static_cast<size_t>(k)] = r;
      const Words saved = colvec_;
      const std::uint32_t bits = row_bits(r);
      for (int c = 0; c < n(); ++c)
        colvec_[static_cast<size_t>(c)] = (colvec_[static_cast<size_t>(c)] << 1) | ((bits >> c) & 1U);
      dfs(k + 1);
      colvec_ = saved;
      row_used_ &= ~(1U << r);
      if (mark_band) band_used_ &= ~(1U << (r / br()));
    }
  }

  // Among all leaves (row orders giving the best pattern) and all column orders that give the same
  // pattern, the smallest text after relabelling by first appearance.
  std::string labels() {
    text_.assign(static_cast<size_t>(n() * n()), 0);
    have_text_ = false;
    for (const Leaf& leaf : leaves_) {
      orient_ = leaf.orientation;
      leaf_ = &leaf;
      Words cv{};
      for (int i = 0; i < n(); ++i) {
        const std::uint32_t bits = row_bits(leaf.order[static_cast<size_t>(i)]);
        for (int c = 0; c < n(); ++c)
          cv[static_cast<size_t>(c)] = (cv[static_cast<size_t>(c)] << 1) | ((bits >> c) & 1U);
      }
      Ints arr;
      arrange(cv.data(), arr.data());
      // Interchangeable blocks: stacks with equal contents, then equal columns within a stack.
      // Equal stacks have the same inner structure, so column groups keep their positions.
      groups_.clear();
      auto stack_equal = [&](int a, int b) {
        for (int j = 0; j < bc(); ++j)
          if (cv[static_cast<size_t>(arr[static_cast<size_t>(a * bc() + j)])] !=
              cv[static_cast<size_t>(arr[static_cast<size_t>(b * bc() + j)])])
            return false;
        return true;
      };
      for (int s = 0; s < ns();) {
        int e = s + 1;
        while (e < ns() && stack_equal(s, e)) ++e;
        if (e - s > 1) groups_.push_back({s * bc(), bc(), e - s});
        s = e;
      }
      for (int s = 0; s < ns(); ++s)
        for (int j = 0; j < bc();) {
          int e = j + 1;
          const auto key = cv[static_cast<size_t>(arr[static_cast<size_t>(s * bc() + j)])];
          while (e < bc() && cv[static_cast<size_t>(arr[static_cast<size_t>(s * bc() + e)])] == key) ++e;
          if (e - j > 1) groups_.push_back({s * bc() + j, 1, e - j});
          j = e;
        }
      enumerate(0, arr.data());
    }
    std::string out;
    out.reserve(text_.size());
    for (auto v : text_) out.push_back(value_char(v));
    return out;
  }

  struct Group {
    int start, len, count;
  };

  void enumerate(size_t g, int* arr) {
    if (g == groups_.size()) {
      evaluate(arr);
      return;
    }
    const Group grp = groups_[g];
    int* first = arr + grp.start;
    const int span = grp.len * grp.count;
    Ints base;
    std::copy_n(first, span, base.begin());
    Ints perm;
    std::iota(perm.begin(), perm.begin() + grp.count, 0);
    do {
      for (int i = 0; i < grp.count; ++i)
        std::copy_n(base.begin() + perm[static_cast<size_t>(i)] * grp.len, grp.len, first + i * grp.len);
      enumerate(g + 1, arr);
    } while (std::next_permutation(perm.begin(), perm.begin() + grp.count));
    std::copy_n(base.begin(), span, first);
  }

  void evaluate(const int* arr) {
    std::array<std::uint8_t, kMaxN + 1> map{};
    std::uint8_t next = 1;
    const std::uint8_t* src = oriented_[static_cast<size_t>(orient_)].data();
    bool less = !have_text_;
    std::array<std::uint8_t, kMaxN * kMaxN> t;
    for (int i = 0; i < n(); ++i) {
      const std::uint8_t* row = src + leaf_->order[static_cast<size_t>(i)] * n();
      for (int j = 0; j < n(); ++j) {
        std::uint8_t v = row[arr[j]];
        if (v) {
          if (!map[v]) map[v] = next++;
          v = map[v];
        }
        const auto idx = static_cast<size_t>(i * n() + j);
        if (!less) {
          if (v > text_[idx]) return;
          if (v < text_[idx]) less = true;
        }
        t[idx] = v;
      }
    }
    if (less) {
      std::copy_n(t.begin(), text_.size(), text_.begin());
      have_text_ = true;
    }
  }

  // The sizes: the template's when it fixes them (9x9 with 3x3 boxes: loops of known length),
  // else the grid's.
  int n() const { return kBr ? kBr * kBc : n_; }
  int br() const { return kBr ? kBr : br_; }
  int bc() const { return kBr ? kBc : bc_; }
  int ns() const { return kBr ? kBr : ns_; }  // n / bc

  int n_, br_, bc_, ns_;
  std::array<std::vector<std::uint8_t>, 2> oriented_;
  std::array<Words, 2> rows_{};  // per orientation and row: the given cells, column c at bit c
  int orient_ = 0;
  Words best_{};
  int known_ = 0;
  Ints order_{};
  Words colvec_{};
  std::uint32_t row_used_ = 0;   // bit r: row r placed in the current order
  std::uint32_t band_used_ = 0;  // bit b: band b started in the current order
  std::vector<Leaf> leaves_;
  std::vector<Group> groups_;
  const Leaf* leaf_ = nullptr;
  std::vector<std::uint8_t> text_;
  bool have_text_ = false;
};

}  // namespace

Transform identity_transform(Shape shape) { return make_transform(shape, nullptr); }

Transform random_transform(Shape shape, Rng& rng) { return make_transform(shape, &rng); }

Grid apply_transform(const Transform& t, const Grid& g) {
  const int n = g.n();
  Grid out(g.shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int sr = t.rows[static_cast<size_t>(r)], sc = t.cols[static_cast<size_t>(c)];
      const int v = t.transpose ? g.at(sc, sr) : g.at(sr, sc);
      out.set(r, c, t.relabel[static_cast<size_t>(v)]);
    }
  return out;
}

namespace {

// Variants keep fewer transforms: the band, stack, row and column permutations of classic Sudoku
// move cells off the diagonals and windows. x and hyper keep the symmetries of the square (the
// flips of rows and of columns, and transposition when boxes are square) with relabelling.
// Jigsaw keeps the same eight symmetries, always with transposition (the region map is carried
// along, so no box shape is assumed), relabelling of the digits and renumbering of the regions;
// its form is the digits and then the region map (renumbered in order of first appearance), the
// smallest pair over the eight.
std::string variant_canonical(const Grid& g) {
  const int n = g.n();
  const Variant variant = g.variant();
  const Board& board = board_of(g);
  const bool jigsaw = board.jigsaw();
  const bool square = jigsaw || board.latin() || g.shape.box_rows == g.shape.box_cols;
  // A multi-grid board (samurai) turns its square layout, which every symmetry maps onto itself.
  const bool multi = board.multi_grid();
  const int side = multi ? board.layout_cols : n;
  const auto at = [&](int a, int b) {
    if (!multi) return g.at(a, b);
    const int cell = board.cell_at[static_cast<size_t>(a * side + b)];
    return cell < 0 ? 0 : static_cast<int>(g.cells[static_cast<size_t>(cell)]);
  };
  std::string best;
  std::string regions;
  for (int t = 0; t < 8; ++t) {
    if ((t & 1) && !square) continue;
    std::string s(static_cast<size_t>(side * side), '.');
    std::array<int, kMaxN + 1> label{};
    std::array<int, kMaxN> region{};
    int next = 0, next_region = 0;
    regions.clear();
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) {
        int a = (t & 1) ? c : r, b = (t & 1) ? r : c;
        if (t & 2) a = side - 1 - a;
        if (t & 4) b = side - 1 - b;
        if (jigsaw) {
          int& id = region[static_cast<size_t>(board.region[static_cast<size_t>(a * n + b)])];
          if (!id) id = ++next_region;
          regions += value_char(id);
        }
        const int v = at(a, b);
        if (!v) continue;
        if (!label[static_cast<size_t>(v)]) label[static_cast<size_t>(v)] = ++next;
        s[static_cast<size_t>(r * side + c)] = value_char(label[static_cast<size_t>(v)]);
      }
    if (jigsaw) s += ":" + regions;
    if (best.empty() || s < best) best = std::move(s);
  }
  return std::string(variant_name(variant)) + ":" + best;
}

// A board with rules (killer cages, parity marks) keeps the symmetries of the square that keep the
// boxes (rules are mapped cell by cell; row and band swaps would break cages apart) and the
// relabellings its rules allow (core/rules.hpp relabel): none for killer (sums fix the digits),
// the reversal v -> n+1-v with every sign turned round for greater-than (reversed_rule), the
// parity-keeping ones for even-odd (evens renumbered 2, 4, ... and odds 1, 3, ... in order of
// first appearance), any for rules that name no digit. The form is the variant, the digits ('.' for
// empty) and each rule's token under the symmetry (killer: core/codec.hpp format_cages, each cage's
// cells ascending, cages by first cell; even-odd: the marks), the smallest over the symmetries.
std::string rules_canonical(const Grid& g) {
  const int n = g.n();
  const Board& board = board_of(g);
  const bool jigsaw = board.jigsaw();  // jigsaw+killer: the regions are mapped too, renumbered
  // A Latin square (futoshiki, kenken) has no boxes: all eight symmetries of the square.
  const bool square = jigsaw || board.latin() || g.shape.box_rows == g.shape.box_cols;
  const Relabel policy = relabel(board.rules);
  std::string best;
  for (int t = 0; t < 8; ++t) {
    if ((t & 1) && !square) continue;
    const std::vector<int> to = square_image(n, t);
    std::vector<std::uint8_t> image(static_cast<size_t>(n * n), 0);
    for (int c = 0; c < n * n; ++c) image[static_cast<size_t>(to[static_cast<size_t>(c)])] = g.cells[static_cast<size_t>(c)];
    for (int reversed = 0; reversed < (policy == Relabel::kReverse ? 2 : 1); ++reversed) {
      std::array<int, kMaxN + 1> label{};
      std::array<int, 2> next{0, -1};  // the last label given to an even (0) and an odd (-1) digit
      int free_next = 0;
      std::string s(static_cast<size_t>(n * n), '.');
      for (int c = 0; c < n * n; ++c) {
        int v = image[static_cast<size_t>(c)];
        if (!v) continue;
        if (reversed) v = n + 1 - v;
        int& l = label[static_cast<size_t>(v)];
        if (!l) l = policy == Relabel::kFree     ? ++free_next
                    : policy == Relabel::kParity ? (next[static_cast<size_t>(v % 2)] += 2)
                                                 : v;
        s[static_cast<size_t>(c)] = value_char(l);
      }
      if (jigsaw) {
        std::array<int, kMaxN> id{};
        int next_region = 0;
        std::string regions(static_cast<size_t>(n * n), '.');
        std::vector<int> region_at(static_cast<size_t>(n * n));
        for (int c = 0; c < n * n; ++c) region_at[static_cast<size_t>(to[static_cast<size_t>(c)])] = board.region[static_cast<size_t>(c)];
        for (int c = 0; c < n * n; ++c) {
          int& r = id[static_cast<size_t>(region_at[static_cast<size_t>(c)])];
          if (!r) r = ++next_region;
          regions[static_cast<size_t>(c)] = value_char(r);
        }
        s += ":" + regions;
      }
      for (const Rule& rule : board.rules) {
        if (rule_key(rule).empty()) continue;  // a rule without data (anti-knight): the variant names it
        const Rule moved = mapped(rule, board, to);  // reversed: greater-than signs turn round too
        if (std::string token = rule_token(reversed ? reversed_rule(moved) : moved); !token.empty()) s += ":" + token;
      }
      if (best.empty() || s < best) best = std::move(s);
    }
  }
  return std::string(variant_name(board.variant)) + ":" + best;
}

}  // namespace

std::string canonical_form(const Grid& g) {
  if (g.board && !g.board->rules.empty()) return rules_canonical(g);
  // A Latin square without rules (the bare board; futoshiki and kenken carry rules): the eight
  // symmetries of the square with relabelling, a subgroup of its row, column and symbol
  // permutations, whose branch and bound (every row order is a band of one) has no useful bound.
  if (g.shape.latin()) return variant_canonical(g);
  if (g.board) return variant_canonical(g);
  return g.shape == Shape{3, 3} ? Canonicalizer<3, 3>(g).run() : Canonicalizer<>(g).run();
}

}  // namespace gp::gen
