// Helpers shared by the layout tests (layout_test.cpp: book pages; layout_print_test.cpp: print
// rules, covers, single puzzles and newspaper captions): small books, puzzles, and queries on laid
// out pages.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/puzzle.hpp"
#include "layout/approx_measure.hpp"
#include "layout/grid_draw.hpp"
#include "layout/calendar.hpp"
#include "layout/layout.hpp"
#include "layout/print_rules.hpp"
#include "layout/cover.hpp"
#include "layout/single.hpp"
#include "spec/spec.hpp"

namespace gp::layout_test {

using namespace gp;
using namespace gp::layout;

constexpr double kEps = 1e-6;

// A valid solution for any shape (the standard shifted pattern) and givens keeping every third cell.
inline Puzzle make_puzzle(Shape shape, int seed = 0) {
  Puzzle p;
  p.solution = Grid(shape);
  p.givens = Grid(shape);
  const int n = shape.n();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % n + 1;
      p.solution.set(r, c, v);
      if ((r * n + c + seed) % 3 == 0) p.givens.set(r, c, v);
    }
  }
  return p;
}

inline std::vector<PuzzleStore> make_puzzles(const spec::BookSpec& spec, const std::vector<int>& counts) {
  std::vector<PuzzleStore> out;
  for (std::size_t s = 0; s < counts.size(); ++s) {
    PuzzleStore section;
    for (int i = 0; i < counts[s]; ++i) section.add(make_puzzle(spec.sections[s].shape, i));
    out.push_back(std::move(section));
  }
  return out;
}

inline spec::SectionSpec section(const std::string& name, int count, Shape shape, int columns, int rows) {
  spec::SectionSpec s;
  s.name = name;
  s.count = count;
  s.shape = shape;
  s.columns = columns;
  s.rows = rows;
  return s;
}

inline spec::BookSpec two_section_book() {
  spec::BookSpec b;
  b.title = "Test Book";
  b.subtitle = "Puzzles for testing";
  b.author = "A. Tester";
  b.front.notice = "Copyright 2026 A. Tester. All rights reserved.";
  b.sections.push_back(section("Easy", 10, Shape{3, 3}, 2, 2));
  b.sections.push_back(section("Small", 7, Shape{2, 3}, 1, 2));
  b.answers.columns = 3;
  b.answers.rows = 4;
  return b;
}

struct Collected {
  std::vector<Page> book, answers;
};

inline Collected lay_out(const spec::BookSpec& spec, const BookPlan& plan, const std::vector<PuzzleStore>& puzzles,
                  const LayoutOptions& options = {}) {
  Collected c;
  ApproxTextMeasure measure;
  PageSinks sinks{[&](Page&& p) -> Status {
                    c.book.push_back(std::move(p));
                    return Ok{};
                  },
                  [&](Page&& p) -> Status {
                    c.answers.push_back(std::move(p));
                    return Ok{};
                  }};
  Status st = lay_out_book(spec, plan, puzzles, measure, sinks, options);
  REQUIRE(st.ok());
  return c;
}

inline BookPlan plan_of(const spec::BookSpec& spec, const std::vector<int>& counts, const LayoutOptions& options = {}) {
  ApproxTextMeasure measure;
  auto plan = plan_book(spec, counts, measure, options);
  if (!plan) FAIL(plan.error().to_string());
  return *plan;
}

// The box an item inks (strokes reach half their width beyond the path).
inline Box ink_box(const Item& item) {
  if (const auto* l = std::get_if<LineItem>(&item)) {
    const double h = pt_to_mm(l->width_pt) / 2;
    const bool horizontal = std::abs(l->y1 - l->y2) < kEps;
    const double ex = horizontal && l->square_cap ? h : (horizontal ? 0 : h);
    const double ey = !horizontal && l->square_cap ? h : (horizontal ? h : 0);
    return Box{std::min(l->x1, l->x2) - ex, std::min(l->y1, l->y2) - ey, std::abs(l->x2 - l->x1) + 2 * ex,
               std::abs(l->y2 - l->y1) + 2 * ey};
  }
  if (const auto* r = std::get_if<RectItem>(&item)) {
    const double h = pt_to_mm(r->stroke_pt) / 2;
    return Box{r->box.x - h, r->box.y - h, r->box.w + 2 * h, r->box.h + 2 * h};
  }
  if (const auto* f = std::get_if<FillItem>(&item)) return f->box;
  if (const auto* i = std::get_if<ImageItem>(&item)) return i->clip;
  return std::get<TextItem>(item).box;
}

inline bool inside(const Box& inner, const Box& outer) {
  return inner.x >= outer.x - kEps && inner.y >= outer.y - kEps && inner.right() <= outer.right() + kEps &&
         inner.bottom() <= outer.bottom() + kEps;
}

inline bool overlap(const Box& a, const Box& b) {
  return a.x < b.right() - kEps && b.x < a.right() - kEps && a.y < b.bottom() - kEps && b.y < a.bottom() - kEps;
}

inline std::vector<Box> grid_borders(const Page& page) {
  std::vector<Box> out;
  for (const Item& item : page.items) {
    const auto* r = std::get_if<RectItem>(&item);
    if (r != nullptr && r->stroke_pt > kMinLinePt) out.push_back(ink_box(item));  // not the rules box
  }
  return out;
}

inline std::vector<std::string> texts(const Page& page) {
  std::vector<std::string> out;
  for (const Item& item : page.items) {
    if (const auto* t = std::get_if<TextItem>(&item)) out.push_back(t->text);
  }
  return out;
}

inline bool has_text(const Page& page, const std::string& s) {
  const auto all = texts(page);
  return std::find(all.begin(), all.end(), s) != all.end();
}

// The geometric promises, checked on every page of a document.
inline void check_pages(const std::vector<Page>& pages, const PageGeometry& g) {
  for (std::size_t i = 0; i < pages.size(); ++i) {
    const Page& page = pages[i];
    const PageFrame f = g.frame(static_cast<int>(i) + 1);
    INFO("page " << i + 1);
    CHECK(page.width == Approx(f.width));
    CHECK(page.height == Approx(f.height));
    for (const Item& item : page.items) {
      const Box b = ink_box(item);
      INFO("item at " << b.x << "," << b.y << " " << b.w << "x" << b.h << " content " << f.content.x << ","
                      << f.content.y << " " << f.content.w << "x" << f.content.h);
      CHECK(inside(b, f.content));
      if (const auto* l = std::get_if<LineItem>(&item)) CHECK(l->width_pt >= kMinLinePt);
      if (const auto* r = std::get_if<RectItem>(&item)) {
        if (r->stroke_pt > 0) CHECK(r->stroke_pt >= kMinLinePt);
      }
      if (const auto* t = std::get_if<TextItem>(&item)) CHECK(t->font.size_pt >= 7.0);
    }
    const auto borders = grid_borders(page);
    for (std::size_t a = 0; a < borders.size(); ++a) {
      for (std::size_t b = a + 1; b < borders.size(); ++b) CHECK_FALSE(overlap(borders[a], borders[b]));
      CHECK(borders[a].w == Approx(borders[0].w));  // one cell size per page
    }
  }
}


}  // namespace gp::layout_test
