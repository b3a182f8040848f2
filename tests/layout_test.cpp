// Layout: page geometry, the plan (page count, cross references), grid drawing and the geometric
// promises of every page (inside the live area, no overlaps, equal slots, line weights).
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

using namespace gp;
using namespace gp::layout;

namespace {

constexpr double kEps = 1e-6;

// A valid solution for any shape (the standard shifted pattern) and givens keeping every third cell.
Puzzle make_puzzle(Shape shape, int seed = 0) {
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

std::vector<PuzzleStore> make_puzzles(const spec::BookSpec& spec, const std::vector<int>& counts) {
  std::vector<PuzzleStore> out;
  for (std::size_t s = 0; s < counts.size(); ++s) {
    PuzzleStore section;
    for (int i = 0; i < counts[s]; ++i) section.add(make_puzzle(spec.sections[s].shape, i));
    out.push_back(std::move(section));
  }
  return out;
}

spec::SectionSpec section(const std::string& name, int count, Shape shape, int columns, int rows) {
  spec::SectionSpec s;
  s.name = name;
  s.count = count;
  s.shape = shape;
  s.columns = columns;
  s.rows = rows;
  return s;
}

spec::BookSpec two_section_book() {
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

Collected lay_out(const spec::BookSpec& spec, const BookPlan& plan, const std::vector<PuzzleStore>& puzzles,
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

BookPlan plan_of(const spec::BookSpec& spec, const std::vector<int>& counts, const LayoutOptions& options = {}) {
  ApproxTextMeasure measure;
  auto plan = plan_book(spec, counts, measure, options);
  if (!plan) FAIL(plan.error().to_string());
  return *plan;
}

// The box an item inks (strokes reach half their width beyond the path).
Box ink_box(const Item& item) {
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
  return std::get<TextItem>(item).box;
}

bool inside(const Box& inner, const Box& outer) {
  return inner.x >= outer.x - kEps && inner.y >= outer.y - kEps && inner.right() <= outer.right() + kEps &&
         inner.bottom() <= outer.bottom() + kEps;
}

bool overlap(const Box& a, const Box& b) {
  return a.x < b.right() - kEps && b.x < a.right() - kEps && a.y < b.bottom() - kEps && b.y < a.bottom() - kEps;
}

std::vector<Box> grid_borders(const Page& page) {
  std::vector<Box> out;
  for (const Item& item : page.items) {
    const auto* r = std::get_if<RectItem>(&item);
    if (r != nullptr && r->stroke_pt > kMinLinePt) out.push_back(ink_box(item));  // not the rules box
  }
  return out;
}

std::vector<std::string> texts(const Page& page) {
  std::vector<std::string> out;
  for (const Item& item : page.items) {
    if (const auto* t = std::get_if<TextItem>(&item)) out.push_back(t->text);
  }
  return out;
}

bool has_text(const Page& page, const std::string& s) {
  const auto all = texts(page);
  return std::find(all.begin(), all.end(), s) != all.end();
}

// The geometric promises, checked on every page of a document.
void check_pages(const std::vector<Page>& pages, const PageGeometry& g) {
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

}  // namespace

TEST_CASE("KDP gutter table by page count") {
  CHECK(kdp_gutter_mm(24) == Approx(0.375 * 25.4));
  CHECK(kdp_gutter_mm(150) == Approx(0.375 * 25.4));
  CHECK(kdp_gutter_mm(151) == Approx(0.5 * 25.4));
  CHECK(kdp_gutter_mm(300) == Approx(0.5 * 25.4));
  CHECK(kdp_gutter_mm(301) == Approx(0.625 * 25.4));
  CHECK(kdp_gutter_mm(500) == Approx(0.625 * 25.4));
  CHECK(kdp_gutter_mm(501) == Approx(0.75 * 25.4));
  CHECK(kdp_gutter_mm(700) == Approx(0.75 * 25.4));
  CHECK(kdp_gutter_mm(701) == Approx(0.875 * 25.4));
  CHECK(kdp_gutter_mm(828) == Approx(0.875 * 25.4));
  CHECK(kdp_min_margin_mm(false) == Approx(6.35));
  CHECK(kdp_min_margin_mm(true) == Approx(9.525));
}

TEST_CASE("mirrored margins alternate; bleed sits on the outer edge") {
  spec::PageSpec page;  // 6x9 in, inside 19, outside 13
  auto g = PageGeometry::make(page, {}, 100);
  REQUIRE(g.ok());
  const PageFrame recto = g->frame(1), verso = g->frame(2);
  CHECK(recto.recto);
  CHECK_FALSE(verso.recto);
  CHECK(recto.content.x == Approx(19));                // inside (binding) on the left of a recto page
  CHECK(verso.content.x == Approx(13));                // outside on the left of a verso page
  CHECK(recto.content.right() == Approx(152.4 - 13));
  CHECK(verso.content.right() == Approx(152.4 - 19));
  CHECK(g->frame(3).content.x == Approx(recto.content.x));
  CHECK(recto.width == Approx(152.4));
  CHECK(recto.trim.x == 0);

  page.mirror_margins = false;
  auto flat = PageGeometry::make(page, {}, 100);
  REQUIRE(flat.ok());
  CHECK(flat->frame(2).content.x == Approx(19));

  page.mirror_margins = true;
  page.bleed = true;
  auto bled = PageGeometry::make(page, {}, 100);
  REQUIRE(bled.ok());
  const PageFrame br = bled->frame(1), bv = bled->frame(2);
  CHECK(br.width == Approx(152.4 + 3.175));
  CHECK(br.height == Approx(228.6 + 6.35));
  CHECK(br.trim.x == Approx(0));        // recto: binding on the left, bleed on the right
  CHECK(bv.trim.x == Approx(3.175));    // verso: bleed on the left
  CHECK(br.trim.y == Approx(3.175));
  CHECK(br.content.x == Approx(19));
  CHECK(bv.content.x == Approx(3.175 + 13));
}

TEST_CASE("KDP margins: the gutter follows the page count, edges get their minimum") {
  spec::PageSpec page;
  page.margins = {3, 3, 5, 3};
  LayoutOptions kdp;
  kdp.kdp = true;
  auto small = PageGeometry::make(page, kdp, 120);
  auto big = PageGeometry::make(page, kdp, 640);
  REQUIRE(small.ok());
  REQUIRE(big.ok());
  CHECK(small->margins().inside == Approx(0.375 * 25.4));
  CHECK(big->margins().inside == Approx(0.75 * 25.4));
  CHECK(small->margins().outside == Approx(6.35));
  CHECK(small->margins().top == Approx(6.35));
  page.bleed = true;
  auto bled = PageGeometry::make(page, kdp, 120);
  REQUIRE(bled.ok());
  CHECK(bled->margins().outside == Approx(9.525));
  CHECK(bled->margins().bottom == Approx(9.525));
}

TEST_CASE("page geometry errors") {
  spec::PageSpec page;
  page.width = 50;
  page.height = 120;
  page.margins = {20, 20, 19, 19};
  auto g = PageGeometry::make(page, {}, 10);
  REQUIRE_FALSE(g.ok());
  CHECK(g.error().to_string() ==
        "page: margins leave a live area of 12.0 x 80.0 mm on a 50.0 x 120.0 mm page (need at least 30 x 30 mm)");
  page.width = 0;
  auto z = PageGeometry::make(page, {}, 10);
  REQUIRE_FALSE(z.ok());
  CHECK(z.error().to_string() == "page: the trim size must be positive, got 0.0 x 120.0 mm");
}

TEST_CASE("page count formula and page kinds") {
  const spec::BookSpec spec = two_section_book();
  const BookPlan plan = plan_of(spec, {10, 7});
  // title + notice + how to play + (heading + ceil(10/4)) + (heading + ceil(7/2)) + answers 1 + 1
  CHECK(plan.book_pages == 1 + 1 + 1 + (1 + 3) + (1 + 4) + 1 + 1);
  CHECK(plan.answer_pages == 0);
  std::string kinds;
  for (const PlannedPage& p : plan.pages) kinds += std::string(page_kind_name(p.kind)).substr(0, 2) + " ";
  CHECK(kinds == "ti no ho se pu pu pu se pu pu pu pu an an ");
  CHECK(plan.how_to_play_page == 3);
  CHECK(plan.section_pages == std::vector<int>{4, 8});
  CHECK(plan.answers_first_page == 13);
  CHECK(plan.pages[0].folio == 0);       // title page: no printed number
  CHECK(plan.pages[4].folio == 5);

  LayoutOptions pad;
  pad.pad_to_even = true;
  spec::BookSpec odd = spec;
  odd.front.notice.clear();  // 13 pages -> a notes page makes 14
  const BookPlan padded = plan_of(odd, {10, 7}, pad);
  CHECK(padded.book_pages == 14);
  CHECK(padded.pages.back().kind == PageKind::notes);
  const BookPlan even = plan_of(spec, {10, 7}, pad);
  CHECK(even.book_pages == 14);
  CHECK(even.pages.back().kind == PageKind::answers);
}

TEST_CASE("records: each puzzle's page and answer page, numbers run through the book") {
  spec::BookSpec spec = two_section_book();
  spec.theme.caption = "Puzzle {number} - answer p. {answer_page}";
  const BookPlan plan = plan_of(spec, {10, 7});
  REQUIRE(plan.records.size() == 17);
  for (std::size_t i = 0; i < plan.records.size(); ++i) {
    const PuzzleRecord& r = plan.records[i];
    CHECK(r.number == static_cast<int>(i) + 1);
    const PlannedPage& pp = plan.pages[static_cast<std::size_t>(r.page - 1)];
    CHECK(pp.kind == PageKind::puzzles);
    CHECK(pp.section == r.section);
    CHECK((r.index >= pp.first && r.index < pp.first + pp.count));
    const PlannedPage& ap = plan.pages[static_cast<std::size_t>(r.answer_page - 1)];
    CHECK(ap.kind == PageKind::answers);
    CHECK(ap.section == r.section);
    CHECK((r.index >= ap.first && r.index < ap.first + ap.count));
  }
  CHECK(plan.records[9].page == 7);     // puzzle 10: third puzzle page of section 1 (pages 5-7)
  CHECK(plan.records[10].page == 9);    // puzzle 11: section 2 starts after its heading page 8
  CHECK(plan.records[16].answer_page == 14);

  // The captions printed on the pages name the same pages.
  const auto puzzles = make_puzzles(spec, {10, 7});
  const Collected c = lay_out(spec, plan, puzzles);
  REQUIRE(c.book.size() == 14);
  CHECK(has_text(c.book[6], "Puzzle 10 - answer p. 13"));
  CHECK(has_text(c.book[8], "Puzzle 11 - answer p. 14"));
  CHECK(has_text(c.book[12], "1 (p. 5)"));
  CHECK(has_text(c.book[13], "17 (p. 12)"));
  CHECK(has_text(c.book[4], "5"));                         // folio
  CHECK(c.book[4].folio == 5);
  CHECK(c.book[0].folio == 0);
}

TEST_CASE("every page keeps inside the live area, grids never overlap, slots are equal") {
  spec::BookSpec spec = two_section_book();
  spec.front.contents = true;
  spec.sections.push_back(section("Giant", 5, Shape{4, 4}, 1, 1));
  spec.sections.push_back(section("Tiny", 9, Shape{2, 2}, 3, 3));
  spec.answers.columns = 2;  // 16x16 answers at 3x4 would get digits under 7 pt
  spec.answers.rows = 3;
  spec.sections.push_back(section("Wide", 4, Shape{3, 4}, 2, 1));
  for (bool bleed : {false, true}) {
    for (bool mirror : {true, false}) {
      spec.page.bleed = bleed;
      spec.page.mirror_margins = mirror;
      const std::vector<int> counts{10, 7, 5, 9, 4};
      const BookPlan plan = plan_of(spec, counts);
      const auto puzzles = make_puzzles(spec, counts);
      const Collected c = lay_out(spec, plan, puzzles);
      CHECK(static_cast<int>(c.book.size()) == plan.book_pages);
      check_pages(c.book, plan.book_geometry);
    }
  }
}

TEST_CASE("slots: grids are centred in equal slots of an N-up page") {
  spec::BookSpec spec;
  spec.front = {false, false, false, ""};
  spec.theme.running_head = false;
  spec.theme.page_numbers = false;
  spec.answers.enabled = false;
  spec.sections.push_back(section("S", 6, Shape{3, 3}, 2, 3));
  spec.sections[0].heading_page = false;
  const BookPlan plan = plan_of(spec, {6});
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {6}));
  REQUIRE(c.book.size() == 1);
  const auto borders = grid_borders(c.book[0]);
  REQUIRE(borders.size() == 6);
  const PageFrame f = plan.book_geometry.frame(1);
  // Equal steps between neighbouring grids, and the same space left and right of the group.
  const double dx = borders[1].x - borders[0].x;
  const double dy = borders[2].y - borders[0].y;
  CHECK(borders[3].x - borders[2].x == Approx(dx));
  CHECK(borders[4].y - borders[2].y == Approx(dy));
  CHECK(borders[0].x - f.content.x == Approx(f.content.right() - borders[1].right()));
  CHECK(plan.fits[0].cell_mm > 5.0);
}

TEST_CASE("separate answer document") {
  spec::BookSpec spec = two_section_book();
  spec.answers.placement = "separate";
  const BookPlan plan = plan_of(spec, {10, 7});
  CHECK(plan.book_pages == 12);
  CHECK(plan.answer_pages == 2);
  CHECK(plan.document_pages(1).size() == 2);
  CHECK(plan.document_pages(1)[0].number == 1);
  CHECK(plan.records[0].answer_document == 1);
  CHECK(plan.records[0].answer_page == 1);
  CHECK(plan.records[16].answer_page == 2);
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {10, 7}));
  CHECK(c.book.size() == 12);
  CHECK(c.answers.size() == 2);
  CHECK(has_text(c.answers[1], "Answers: Small"));

  ApproxTextMeasure m;
  const auto puzzles = make_puzzles(spec, {10, 7});
  PageSinks only_book{[](Page&&) -> Status { return Ok{}; }, {}};
  Status st = lay_out_book(spec, plan, puzzles, m, only_book);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().to_string() == "layout: answers are a separate document but no answer page sink was given");
}

TEST_CASE("answers after each section") {
  spec::BookSpec spec = two_section_book();
  spec.answers.placement = "after-section";
  const BookPlan plan = plan_of(spec, {10, 7});
  std::string kinds;
  for (const PlannedPage& p : plan.pages) kinds += std::string(page_kind_name(p.kind)).substr(0, 2) + " ";
  CHECK(kinds == "ti no ho se pu pu pu an se pu pu pu pu an ");
  CHECK(plan.records[0].answer_page == 8);
  CHECK(plan.records[10].answer_page == 14);
}

TEST_CASE("grid drawing: line counts and weights for every shape") {
  const GridStyle style = grid_style(spec::Theme{});
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{3, 3}, Shape{3, 4}, Shape{4, 3},
                      Shape{4, 4}}) {
    INFO(shape.name());
    const Puzzle p = make_puzzle(shape);
    std::vector<Item> items;
    draw_grid(items, 10, 20, 6.0, p.givens, nullptr, style);
    const int n = shape.n();
    int thin = 0, box = 0, rects = 0, digits = 0;
    for (const Item& item : items) {
      if (const auto* l = std::get_if<LineItem>(&item)) {
        (l->width_pt == style.box_pt ? box : thin) += 1;
        CHECK(l->width_pt >= 0.75);
      } else if (const auto* r = std::get_if<RectItem>(&item)) {
        ++rects;
        CHECK(r->stroke_pt == style.border_pt);
        CHECK(r->box.w == Approx(n * 6.0));
      } else {
        const auto& t = std::get<TextItem>(item);
        ++digits;
        CHECK(t.optical);
        CHECK(t.halign == HAlign::center);
        CHECK(t.valign == VAlign::middle);
      }
    }
    const int box_lines = (n / shape.box_rows - 1) + (n / shape.box_cols - 1);
    CHECK(box == box_lines);
    CHECK(thin == 2 * (n - 1) - box_lines);
    CHECK(rects == 1);
    CHECK(digits == p.givens.clue_count());
    CHECK(grid_extent_mm(n, 6.0, style) == Approx(n * 6.0 + pt_to_mm(style.border_pt)));
  }
}

TEST_CASE("grid drawing: weights are clamped so cell < box <= border, and never below 0.75 pt") {
  spec::Theme theme;
  theme.thin_line = 0.3;
  theme.box_line = 0.5;
  theme.border_line = 0.4;
  const GridStyle s = grid_style(theme);
  CHECK(s.thin_pt == 0.75);
  CHECK(s.box_pt == Approx(1.125));
  CHECK(s.border_pt == Approx(1.125));
}

TEST_CASE("answer keys: givens bold and black, filled digits grey; letters above 9") {
  const GridStyle style = grid_style(spec::Theme{});
  const Puzzle p = make_puzzle(Shape{4, 4});
  std::vector<Item> items;
  draw_grid(items, 0, 0, 4.0, p.givens, &p.solution, style);
  int givens = 0, filled = 0;
  bool saw_g = false;
  for (const Item& item : items) {
    const auto* t = std::get_if<TextItem>(&item);
    if (t == nullptr) continue;
    if (t->font.bold) {
      ++givens;
      CHECK(t->grey == 0.0);
    } else {
      ++filled;
      CHECK(t->grey == Approx(0.45));
    }
    if (t->text == "G") saw_g = true;
    CHECK(t->text.size() == 1);
  }
  CHECK(givens == p.givens.clue_count());
  CHECK(givens + filled == 256);
  CHECK(saw_g);
}

TEST_CASE("digit size follows the cell, with a 7 pt floor while the cell allows") {
  const GridStyle s = grid_style(spec::Theme{});
  CHECK(digit_size_pt(10.0, s) == Approx(mm_to_pt(0.62 * 10.0 / 0.73)));
  CHECK(digit_size_pt(2.5, s) == Approx(7.0));
  CHECK(digit_size_pt(1.0, s) < 7.0);  // a 1 mm cell cannot hold 7 pt digits
  CHECK(cell_for_extent(9, 9 * 6.0 + pt_to_mm(s.border_pt), s) == Approx(6.0));
  CHECK(cell_for_extent(9, 0.5, s) == 0.0);
}

TEST_CASE("captions: placeholders, tidy empties, unknown placeholders") {
  CaptionFields f;
  f.number = 12;
  f.section = "Warm-up";
  f.grid = "9x9";
  f.clues = 28;
  f.page = 5;
  CHECK(expand_caption("{number} - {label}", f) == "12");
  CHECK(expand_caption("Puzzle {number} ({rating})", f) == "Puzzle 12");
  CHECK(expand_caption("{number} \u00b7 {label} \u00b7 {rating} \u00b7 {clues} clues", f) == "12 \u00b7 28 clues");
  CHECK(expand_caption("{section}, {label}", f) == "Warm-up");
  CHECK(expand_caption("{number} (p. {page})", f) == "12 (p. 5)");
  f.label = "easy";
  f.rating = 1.5;
  f.answer_page = 101;
  CHECK(expand_caption("{number} - {label}", f) == "12 - easy");
  CHECK(expand_caption("#{number} {grid} {label} ({rating}) answer p. {answer_page}", f) ==
        "#12 9x9 easy (1.5) answer p. 101");
  CHECK(unknown_placeholder("{number} {label}") == "");
  CHECK(unknown_placeholder("{number} {weekday}") == "");
  CHECK(unknown_placeholder("{number} {month}") == "{month}");
  f.date = "5 January 2026";
  f.weekday = "Monday";
  CHECK(expand_caption("No. {number} - {weekday} {date} - {label}", f) == "No. 12 - Monday 5 January 2026 - easy");
  f.label.clear();
  CHECK(expand_caption("No. {number} - {weekday} {date} - {label}", f) == "No. 12 - Monday 5 January 2026");

  spec::BookSpec spec = two_section_book();
  spec.theme.caption = "{numbr}";
  spec.theme.answer_caption = "{number} {pg}";
  ApproxTextMeasure m;
  auto plan = plan_book(spec, {10, 7}, m);
  REQUIRE_FALSE(plan.ok());
  CHECK(plan.error().to_string() ==
        "theme.caption: unknown placeholder '{numbr}' (known: {number}, {label}, {rating}, {clues}, {section}, "
        "{grid}, {page}, {answer_page}, {date}, {weekday}, {stars})\n"
        "theme.answer_caption: unknown placeholder '{pg}' (known: {number}, {label}, {rating}, {clues}, "
        "{section}, {grid}, {page}, {answer_page}, {date}, {weekday}, {stars})");
}

TEST_CASE("cells too small are refused with a hint") {
  spec::BookSpec spec;
  spec.sections.push_back(section("Huge", 4, Shape{4, 4}, 4, 6));
  spec.answers.enabled = false;
  ApproxTextMeasure m;
  auto plan = plan_book(spec, {4}, m);
  REQUIRE_FALSE(plan.ok());
  CHECK(plan.error().to_string() == "sections[0]: 16x16 grids at 4x6 per page would get 1.3 mm cells; use fewer per page");
}

TEST_CASE("how to play is written for the grid sizes in the book") {
  const auto one = how_to_play_paragraphs({Shape{2, 3}});
  REQUIRE(one.size() >= 2);
  CHECK(one[0] ==
        "Each puzzle is a grid of 6 rows and 6 columns, divided into boxes of 2x3 cells (2 rows by 3 columns). "
        "Some cells are already filled in. Fill in the empty cells so that every row, every column and every box "
        "contains each of the digits 1 to 6 exactly once.");
  const auto mixed = how_to_play_paragraphs({Shape{3, 3}, Shape{2, 2}, Shape{2, 2}, Shape{4, 4}});
  REQUIRE(mixed.size() >= 4);
  CHECK(mixed[1] == "4x4 grids: the digits 1 to 4, in boxes of 2x2 cells.");
  CHECK(mixed[2] == "9x9 grids: the digits 1 to 9, in boxes of 3x3 cells.");
  CHECK(mixed[3] == "16x16 grids: the digits 1 to 9 and the letters A to G, in boxes of 4x4 cells.");

  spec::BookSpec spec = two_section_book();
  const BookPlan plan = plan_of(spec, {10, 7});
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {10, 7}));
  const Page& how = c.book[2];
  CHECK(has_text(how, "How to play"));
  CHECK(has_text(how, "6x6 grids: the digits 1 to 6, in boxes of 2x3 cells (2 rows by 3 columns)."));
  CHECK(has_text(how, "The answers start on page 13."));
  // A solved example of the smallest grid in the book.
  CHECK(has_text(how, "A solved 6x6 puzzle: the black digits were given, the grey ones filled in."));
  const auto example = grid_borders(how);
  REQUIRE(example.size() == 1);
  int digits = 0;
  for (const Item& item : how.items) {
    const auto* t = std::get_if<TextItem>(&item);
    if (t != nullptr && t->optical) ++digits;
  }
  CHECK(digits == 36);
}

TEST_CASE("front matter: title page, notice, contents") {
  spec::BookSpec spec = two_section_book();
  spec.front.contents = true;
  const BookPlan plan = plan_of(spec, {10, 7});
  CHECK(plan.contents_page == 3);
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {10, 7}));
  CHECK(has_text(c.book[0], "Test Book"));
  CHECK(has_text(c.book[0], "Puzzles for testing"));
  CHECK(has_text(c.book[0], "A. Tester"));
  CHECK(has_text(c.book[1], "Copyright 2026 A. Tester. All rights reserved."));
  const Page& contents = c.book[2];
  CHECK(has_text(contents, "Contents"));
  CHECK(has_text(contents, "Easy"));
  CHECK(has_text(contents, std::to_string(plan.section_pages[1])));
  CHECK(has_text(contents, std::to_string(plan.answers_first_page)));
  CHECK(has_text(c.book[4], "Easy"));                   // section heading page
  CHECK(has_text(c.book[4], "10 puzzles \u00b7 9x9"));
}

TEST_CASE("running heads: book title on verso, section on recto") {
  spec::BookSpec spec = two_section_book();
  spec.front.notice.clear();  // puzzle pages start on page 4
  const BookPlan plan = plan_of(spec, {10, 7});
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {10, 7}));
  CHECK(has_text(c.book[3], "Test Book"));   // page 4, verso
  CHECK(has_text(c.book[4], "Easy"));        // page 5, recto
  // Page numbers in the outer corner.
  auto folio_align = [](const Page& p) {  // the folio is the page's last item
    const auto* t = std::get_if<TextItem>(&p.items.back());
    return t != nullptr && t->text == std::to_string(p.folio) ? t->halign : HAlign::center;
  };
  CHECK(folio_align(c.book[3]) == HAlign::left);
  CHECK(folio_align(c.book[4]) == HAlign::right);
}

TEST_CASE("a 1,000-puzzle book lays out page by page") {
  spec::BookSpec spec;
  spec.page.width = 215.9;
  spec.page.height = 279.4;
  spec.sections.push_back(section("All", 1000, Shape{3, 3}, 2, 2));
  spec.answers.columns = 3;
  spec.answers.rows = 4;
  const auto puzzles = make_puzzles(spec, {1000});
  ApproxTextMeasure m;
  auto plan = plan_book(spec, {1000}, m);
  REQUIRE(plan.ok());
  std::size_t pages = 0, items = 0, max_items = 0;
  PageSinks sinks{[&](Page&& p) -> Status {
                    ++pages;
                    items += p.items.size();
                    max_items = std::max(max_items, p.items.size());
                    return Ok{};
                  },
                  {}};
  REQUIRE(lay_out_book(spec, *plan, puzzles, m, sinks).ok());
  CHECK(pages == static_cast<std::size_t>(1 + 1 + 1 + 250 + 84));
  CHECK(static_cast<int>(pages) == plan->book_pages);
  CHECK(max_items < 1200);
}

TEST_CASE("a failing sink stops the layout with its error") {
  spec::BookSpec spec = two_section_book();
  const BookPlan plan = plan_of(spec, {10, 7});
  const auto puzzles = make_puzzles(spec, {10, 7});
  ApproxTextMeasure m;
  int seen = 0;
  PageSinks sinks{[&](Page&&) -> Status {
                    if (++seen == 3) return Error("disk full");
                    return Ok{};
                  },
                  {}};
  Status st = lay_out_book(spec, plan, puzzles, m, sinks);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().to_string() == "disk full");
  CHECK(seen == 3);
}

TEST_CASE("approximate text measure wraps words") {
  ApproxTextMeasure m;
  Font f{"DejaVu Sans", 10, false, false};
  const double adv = 0.6 * pt_to_mm(10);
  const TextSize one = m.measure("abcd", f);
  CHECK(one.width == Approx(4 * adv));
  CHECK(one.height == Approx(1.2 * pt_to_mm(10)));
  const TextSize wrapped = m.measure("aaaa bbbb cccc", f, 9.5 * adv);
  CHECK(wrapped.height == Approx(2 * 1.2 * pt_to_mm(10)));
  CHECK(wrapped.width == Approx(9 * adv));
}

TEST_CASE("small cells get lighter box and border lines, never below the invariants") {
  const GridStyle s = grid_style(spec::Theme{});
  const GridStyle big = style_for_cell(s, 8.0);
  CHECK(big.box_pt == s.box_pt);
  CHECK(big.border_pt == s.border_pt);
  const GridStyle mid = style_for_cell(s, 4.5);
  CHECK(mid.box_pt == Approx(1.5));
  CHECK(mid.border_pt == Approx(1.875));
  CHECK(mid.thin_pt == 0.75);
  const GridStyle tiny = style_for_cell(s, 1.0);
  CHECK(tiny.box_pt == Approx(1.125));
  CHECK(tiny.border_pt == Approx(1.125));
}

TEST_CASE("layout errors point at the section's place in the spec file") {
  spec::BookSpec spec;
  spec.source_file = "book.yaml";
  spec.sections.push_back(section("Huge", 4, Shape{4, 4}, 4, 6));
  spec.sections[0].mark = {7, 5};
  spec.sections[0].key_marks["layout"] = {9, 13};
  spec.answers.enabled = false;
  ApproxTextMeasure m;
  auto plan = plan_book(spec, {4}, m);
  REQUIRE_FALSE(plan.ok());
  CHECK(plan.error().to_string() ==
        "book.yaml:9:13: sections[0]: 16x16 grids at 4x6 per page would get 1.3 mm cells; use fewer per page");
}

TEST_CASE("auto gutter: the inside margin follows the final page count") {
  spec::BookSpec spec;
  spec.page.auto_gutter = true;
  spec.page.margins.inside = 0.375 * 25.4;
  spec.sections.push_back(section("Many", 700, Shape{3, 3}, 1, 2));
  const BookPlan plan = plan_of(spec, {700});
  CHECK(plan.book_pages == 1 + 1 + 1 + 350 + 59);
  CHECK(plan.book_geometry.margins().inside == Approx(0.625 * 25.4));  // 412 pages
  spec.sections[0].count = 100;
  const BookPlan small = plan_of(spec, {100});
  CHECK(small.book_geometry.margins().inside == Approx(0.375 * 25.4));
}

// ---- Print rules and preflight ----

TEST_CASE("KDP page limits and spine width") {
  CHECK(kdp_max_pages(152.4, 228.6) == 828);
  CHECK(kdp_max_pages(215.9, 279.4) == 590);
  CHECK(kdp_max_pages(279.4, 215.9) == 590);            // either orientation
  CHECK(kdp_max_pages(215.9, 215.9) == 590);
  CHECK(kdp_max_pages(8.25 * 25.4, 6 * 25.4) == 800);
  CHECK(kdp_max_pages(8.27 * 25.4, 11.69 * 25.4) == 780);
  CHECK(kdp_max_pages(152.4, 228.6, Paper::cream) == 776);
  CHECK(kdp_max_pages(215.9, 279.4, Paper::cream) == 550);
  CHECK(spine_width_mm(200) == Approx(200 * 0.002252 * 25.4));
  CHECK(spine_width_mm(200, Paper::cream) == Approx(0.5 * 25.4));
  CHECK_FALSE(spine_text_allowed(79));
  CHECK(spine_text_allowed(80));
}

TEST_CASE("preflight: a KDP book laid out with the KDP options passes") {
  spec::BookSpec spec = two_section_book();
  spec.sections[0].count = 40;
  spec.page.bleed = true;
  LayoutOptions kdp;
  kdp.kdp = true;
  kdp.pad_to_even = true;
  const std::vector<int> counts{40, 7};
  const BookPlan plan = plan_of(spec, counts, kdp);
  CHECK(plan.book_pages % 2 == 0);
  Preflight pf(kdp_rules(spec.page.width, spec.page.height), plan.book_geometry);
  ApproxTextMeasure m;
  const auto puzzles = make_puzzles(spec, counts);
  REQUIRE(lay_out_book(spec, plan, puzzles, m, {pf.wrap([](Page&&) -> Status { return Ok{}; }), {}}, kdp).ok());
  CHECK(pf.pages() == plan.book_pages);
  CHECK(pf.finish() == std::vector<std::string>{});
}

TEST_CASE("preflight catches each planted violation") {
  spec::PageSpec page;  // 6x9, live area x 19..139.4 on page 1
  auto g = PageGeometry::make(page, {}, 30);
  REQUIRE(g.ok());
  Preflight pf(kdp_rules(page.width, page.height), *g);
  const PageFrame f = g->frame(1);
  auto good_text = [&](const std::string& s, double pt) {
    TextItem t;
    t.box = Box{f.content.x + 1, f.content.y + 1, 50, 8};
    t.text = s;
    t.font.size_pt = pt;
    return t;
  };
  Page p1;
  p1.items.push_back(good_text("fine", 9));
  p1.items.push_back(good_text("Too small to read", 6));
  p1.items.push_back(good_text("also small", 5));    // reported once per page
  pf.check(p1);
  Page p2;
  p2.items.push_back(LineItem{30, 30, 60, 30, 0.5, 0, false});
  pf.check(p2);
  Page p3;
  TextItem off = good_text("Running head far too wide for the page", 9);
  off.box.w = 200;
  p3.items.push_back(off);
  pf.check(p3);
  Page p4;
  p4.items.push_back(RectItem{Box{30, 30, 10, 10}, 1.0, 1.5, -1});
  pf.check(p4);
  for (int i = 0; i < 3; ++i) pf.check(Page{});  // pages 5-7 blank
  Page folio_only;
  folio_only.folio = 8;
  folio_only.items.push_back(good_text("8", 9));
  pf.check(folio_only);                           // a page with only its number is blank too
  Page p9;
  p9.items.push_back(good_text("text", 9));
  pf.check(p9);
  CHECK(pf.finish() == std::vector<std::string>{
                           "page 1: text 'Too small to read' is set at 6.0 pt (the minimum is 7 pt)",
                           "page 2: a line is 0.50 pt wide (the minimum is 0.75 pt)",
                           "page 3: text 'Running head far too wide f...' reaches outside the margins",
                           "page 4: grey level 1.50 is outside 0..1",
                           "pages 5-8 are blank: at most 2 blank pages in a row",
                           "the book has 9 pages; the minimum is 24",
                           "the book has 9 pages; the page count must be even (add a notes page)",
                       });
}

TEST_CASE("preflight: too many pages for the trim") {
  spec::PageSpec page;
  page.width = 215.9;
  page.height = 279.4;
  auto g = PageGeometry::make(page, {}, 600);
  REQUIRE(g.ok());
  Preflight pf(kdp_rules(page.width, page.height), *g);
  const PageFrame f = g->frame(1);
  for (int i = 0; i < 592; ++i) {
    Page p;
    TextItem t;
    t.box = Box{f.content.x, f.content.y, 20, 8};
    t.text = "x";
    p.items.push_back(t);
    pf.check(p);
  }
  CHECK(pf.finish() == std::vector<std::string>{"the book has 592 pages; the maximum for this trim is 590"});
}

TEST_CASE("cover: full wrap geometry from trim, page count and paper") {
  spec::PageSpec page;  // 6x9 in
  const CoverGeometry g = cover_geometry(page, 200);
  CHECK(g.spine == Approx(200 * 0.002252 * 25.4));
  CHECK(g.width / 25.4 == Approx(0.125 + 6 + 0.4504 + 6 + 0.125));
  CHECK(g.height / 25.4 == Approx(9.25));
  CHECK(g.front.x == Approx(g.bleed + 152.4 + g.spine));
  CHECK(g.front.right() == Approx(g.width - g.bleed));
  CHECK(g.barcode.w == Approx(50.8));
  CHECK(g.barcode.right() == Approx(g.spine_box.x - 6.35));
  CHECK(g.barcode.bottom() == Approx(g.back.bottom() - 6.35));
  const CoverGeometry cream = cover_geometry(page, 200, Paper::cream);
  CHECK(cream.spine == Approx(0.5 * 25.4));
}

TEST_CASE("cover: text in the safe areas, spine text only above 79 pages") {
  spec::BookSpec spec = two_section_book();
  ApproxTextMeasure m;
  CoverOptions cover;
  cover.back_text = "One hundred puzzles, from gentle warm-ups to fiendish finales. Every puzzle has exactly one "
                    "solution, reachable by logic alone.";
  const Puzzle sample = make_puzzle(Shape{3, 3});
  auto page = lay_out_cover(spec, 300, cover, m, &sample);
  REQUIRE(page.ok());
  const CoverGeometry g = cover_geometry(spec.page, 300);
  CHECK(page->width == Approx(g.width));
  int spine_texts = 0, grids = 0;
  for (const Item& item : page->items) {
    const Box b = ink_box(item);
    if (const auto* t = std::get_if<TextItem>(&item)) {
      INFO(t->text);
      CHECK(t->font.size_pt >= 7.0);
      if (t->quarter_turns == 1) {
        ++spine_texts;
        CHECK(inside(b, g.spine_safe));
      } else {
        CHECK((inside(b, g.front_safe) || inside(b, g.back_safe)));
        CHECK_FALSE(overlap(b, g.barcode));
      }
    } else if (const auto* r = std::get_if<RectItem>(&item)) {
      if (r->stroke_pt > 0) {
        ++grids;
        CHECK(inside(b, g.front_safe));
      }
    }
  }
  CHECK(spine_texts == 1);
  CHECK(grids == 1);
  CHECK(has_text(*page, "Test Book"));
  CHECK(has_text(*page, cover.back_text));

  auto thin = lay_out_cover(spec, 79, cover, m);
  REQUIRE(thin.ok());
  for (const Item& item : thin->items) {
    if (const auto* t = std::get_if<TextItem>(&item)) CHECK(t->quarter_turns == 0);
  }
  auto none = lay_out_cover(spec, 0, cover, m);
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().to_string() == "cover: the book has no pages");
}

TEST_CASE("single puzzle at an exact column width (newspaper)") {
  spec::Theme theme;
  const Puzzle p = make_puzzle(Shape{3, 3});
  ApproxTextMeasure m;
  SingleOptions o;
  o.width_mm = 11 * 12 * 25.4 / 72;  // 11 picas
  o.caption = "No. 12 - Monday 5 January 2026 - easy";
  auto page = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE(page.ok());
  CHECK(page->width == o.width_mm);
  CHECK(page->trim.w == o.width_mm);
  const Box whole{0, 0, page->width, page->height};
  const auto borders = grid_borders(*page);
  REQUIRE(borders.size() == 1);
  CHECK(borders[0].w > o.width_mm - 0.5);  // the grid fills the column
  for (const Item& item : page->items) {
    CHECK(inside(ink_box(item), whole));
    if (const auto* t = std::get_if<TextItem>(&item)) CHECK(t->font.size_pt >= 9.0);
  }
  CHECK(has_text(*page, o.caption));
  // The caption wraps (it is wider than the column at 9 pt) instead of shrinking.
  const TextItem& cap = std::get<TextItem>(page->items.front());
  CHECK(cap.wrap);
  CHECK(cap.box.h > 2 * pt_to_mm(9));
  CHECK(page->height == Approx(cap.box.h + 1.5 + borders[0].h));

  o.solution = true;
  o.padding_mm = 2;
  o.caption_below = true;
  auto sol = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE(sol.ok());
  int digits = 0;
  for (const Item& item : sol->items) {
    if (std::holds_alternative<TextItem>(item)) ++digits;
    CHECK(inside(ink_box(item), Box{2, 2, sol->width - 4, sol->height - 4}));
  }
  CHECK(digits == 81 + 1);

  o.width_mm = 12;
  auto narrow = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE_FALSE(narrow.ok());
  CHECK(narrow.error().to_string() ==
        "single puzzle: 12.0 mm is too narrow for a 9x9 grid (cells would be 0.8 mm; at least 2 mm)");
  o.width_mm = 0;
  auto zero = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE_FALSE(zero.ok());
  CHECK(zero.error().to_string() == "single puzzle: the width must be positive, got 0.0 mm");
}

TEST_CASE("options and cover options from the spec") {
  spec::BookSpec spec;
  CHECK_FALSE(options_for(spec).kdp);
  CHECK_FALSE(options_for(spec).pad_to_even);
  spec.print.rules = "kdp";
  CHECK(options_for(spec).kdp);
  CHECK(options_for(spec).pad_to_even);
  spec.print.pad_even = false;
  CHECK_FALSE(options_for(spec).pad_to_even);
  spec.print.paper = "cream";
  spec.cover.back_text = "Blurb";
  spec.cover.spine_text = false;
  const CoverOptions c = cover_options(spec);
  CHECK(c.paper == Paper::cream);
  CHECK(c.back_text == "Blurb");
  CHECK_FALSE(c.spine_text);
}

TEST_CASE("large print: digits at least theme.min_digit_size, or a clear error") {
  spec::BookSpec spec;
  spec.page.width = 215.9;
  spec.page.height = 279.4;
  spec.theme.min_digit_size = 16;
  spec.sections.push_back(section("Big", 4, Shape{3, 3}, 1, 1));
  spec.answers.enabled = false;
  const BookPlan plan = plan_of(spec, {4});
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {4}));
  bool saw_digit = false;
  for (const Page& page : c.book) {
    for (const Item& item : page.items) {
      const auto* t = std::get_if<TextItem>(&item);
      if (t != nullptr && t->optical) {
        saw_digit = true;
        CHECK(t->font.size_pt >= 16.0);
      }
    }
  }
  CHECK(saw_digit);
  spec.sections[0].columns = 4;
  spec.sections[0].rows = 5;
  ApproxTextMeasure m;
  auto bad = plan_book(spec, {4}, m);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().to_string() ==
        "sections[0]: digits would be 12.9 pt at 4x5 per page, below theme.min_digit_size 16.0 pt; use fewer per page");
  spec.theme.min_digit_size = 0;
  spec.sections[0].shape = Shape{4, 4};
  spec.sections[0].columns = 1;
  spec.sections[0].rows = 1;
  spec.answers.enabled = true;
  spec.answers.columns = 5;
  spec.answers.rows = 6;
  auto small_answers = plan_book(spec, {4}, m);
  REQUIRE_FALSE(small_answers.ok());
  CHECK(small_answers.error().to_string() ==
        "sections[0]: 16x16 answer grids at 5x6 per page would get 1.8 mm cells; use fewer answers per page");
}

TEST_CASE("worksheets: name/date/class header on every puzzle page, rules box on the first or every page") {
  const auto every_page = GENERATE(false, true);
  const auto own_words = GENERATE(false, true);
  INFO("every_page " << every_page << ", rules_text " << own_words);
  spec::BookSpec spec;
  spec.page.width = 210;
  spec.page.height = 297;
  spec.page.mirror_margins = false;
  spec.front = {false, false, false, ""};
  spec.worksheet.header = true;
  spec.worksheet.rules_box = true;
  spec.worksheet.rules_every_page = every_page;
  if (own_words) spec.worksheet.rules_text = "Fill every row, column and box with 1 to 6.";
  spec.sections.push_back(section("Six", 9, Shape{2, 3}, 2, 2));
  spec.sections[0].heading_page = false;
  spec.answers.enabled = false;
  const BookPlan plan = plan_of(spec, {9});
  CHECK(plan.fits[0].rules_box_mm > (own_words ? 5 : 10));
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {9}));
  REQUIRE(c.book.size() == 3);
  check_pages(c.book, plan.book_geometry);
  // The default wording is for children: "square", "number", no "exactly once".
  const std::string rules = own_words ? spec.worksheet.rules_text
                                      : "Write a number in every empty square. Each row, each column and each box "
                                        "with a thick border must have all the numbers from 1 to 6, and no number "
                                        "twice.";
  for (std::size_t i = 0; i < c.book.size(); ++i) {
    const Page& page = c.book[i];
    INFO("page " << i + 1);
    CHECK(has_text(page, "Name"));
    CHECK(has_text(page, "Date"));
    CHECK(has_text(page, "Class"));
    CHECK(has_text(page, rules) == (i == 0 || every_page));
    // Nothing else overlaps a grid.
    const auto borders = grid_borders(page);
    for (const Item& item : page.items) {
      const auto* t = std::get_if<TextItem>(&item);
      if (t == nullptr || t->optical) continue;
      for (const Box& b : borders) CHECK_FALSE(overlap(t->box, b));
    }
    for (const Box& b : borders) CHECK(b.w == Approx(grid_borders(c.book[0])[0].w));
  }
}

TEST_CASE("newspaper sections: numbering from the spec, date and weekday in caption fields") {
  spec::BookSpec spec;
  spec.front = {false, false, false, ""};
  spec.answers.enabled = false;
  for (int d = 0; d < 3; ++d) {
    spec::SectionSpec s = section("Day", 1, Shape{3, 3}, 1, 1);
    s.number = 120 + d;
    s.date = "2026-01-0" + std::to_string(5 + d);
    s.weekday = d == 0 ? "Monday" : d == 1 ? "Tuesday" : "Wednesday";
    spec.sections.push_back(s);
  }
  const BookPlan plan = plan_of(spec, {1, 1, 1});
  REQUIRE(plan.records.size() == 3);
  CHECK(plan.records[0].number == 120);
  CHECK(plan.records[2].number == 122);
  Puzzle p = make_puzzle(Shape{3, 3});
  p.label = "easy";
  const CaptionFields f = caption_fields(spec, plan.records[1], p);
  CHECK(f.number == 121);
  CHECK(f.date == "2026-01-06");
  CHECK(f.weekday == "Tuesday");
  CHECK(expand_caption("No. {number} - {weekday} {date} - {label}", f) == "No. 121 - Tuesday 2026-01-06 - easy");
}

TEST_CASE("captions: dates in a format and a language, difficulty stars") {
  CHECK(format_date("2026-03-02", "%d %B %Y", "en") == "02 March 2026");
  CHECK(format_date("2026-03-02", "%A %e. %B %Y", "de") == "Montag 2. M\u00e4rz 2026");
  CHECK(format_date("2026-08-09", "%A %e %B", "fr") == "dimanche 9 ao\u00fbt");
  CHECK(format_date("2026-03-04", "%A %e de %B", "es") == "mi\u00e9rcoles 4 de marzo");
  CHECK(format_date("2026-03-06", "%A %e %B", "it") == "venerd\u00ec 6 marzo");
  CHECK(format_date("2026-03-07", "%A %e %B", "nl") == "zaterdag 7 maart");
  CHECK(format_date("2026-12-31", "%d/%m/%y 100%%", "en") == "31/12/26 100%");
  CHECK(format_date("2026-02-30", "%d", "en").empty());
  CHECK(unknown_date_directive("%d %q") == "%q");
  CHECK(unknown_date_directive("%e %B %Y").empty());
  CHECK(caption_locales() == spec::caption_locale_names());

  spec::BookSpec spec;
  spec.bands = spec::default_bands();
  spec.newspaper.locale = "de";
  spec::SectionSpec s = section("Day", 1, Shape{3, 3}, 1, 1);
  s.number = 7;
  s.date = "2026-03-05";
  s.weekday = "Thursday";
  spec.sections.push_back(s);
  Puzzle p = make_puzzle(Shape{3, 3});
  const char* labels[] = {"easy", "medium", "hard", "expert", "fiendish"};
  for (int rank = 1; rank <= 5; ++rank) {
    p.label = labels[rank - 1];
    const CaptionFields f = caption_fields(spec, PuzzleRecord{0, 0, 7, 0, 0, 0}, p);
    CHECK(f.stars == rank);
    CHECK(f.weekday == "Donnerstag");
    std::string stars;
    for (int i = 0; i < rank; ++i) stars += "\u2605";
    CHECK(expand_caption("Nr. {number} - {date:%A, %e. %B %Y} {stars}", f) ==
          "Nr. 7 - Donnerstag, 5. M\u00e4rz 2026 " + stars);
  }
  p.label.clear();
  CHECK(expand_caption("No. {number} {stars}", caption_fields(spec, PuzzleRecord{0, 0, 7, 0, 0, 0}, p)) == "No. 7");
  CHECK(unknown_placeholder("{date:%e %B} {stars}").empty());
  CHECK(unknown_placeholder("{date:%Q}") == "{date:%Q}");
}

TEST_CASE("newspaper: caption and lines grow with a column wider than 11.5 pc") {
  spec::Theme theme;
  theme.caption_size = 9;
  theme.thin_line = 0.75;
  theme.box_line = 1.5;
  theme.border_line = 2;
  CHECK(theme_for_column(theme, kReferenceColumnMm) == theme);
  CHECK(theme_for_column(theme, 40) == theme);  // narrower: the profile's sizes, never smaller
  const spec::Theme wide = theme_for_column(theme, 2 * kReferenceColumnMm);
  CHECK(wide.thin_line == Approx(1.5));
  CHECK(wide.box_line == Approx(3));
  CHECK(wide.border_line == Approx(4));
  CHECK(wide.caption_size == Approx(9 * std::sqrt(2.0)));
  // Laid out: the 2-column page's border line is twice as heavy, its caption 12.7 pt.
  Puzzle p = make_puzzle(Shape{3, 3});
  ApproxTextMeasure m;
  SingleOptions o;
  o.caption = "No. 1";
  o.width_mm = 2 * kReferenceColumnMm;
  auto page = lay_out_single_puzzle(p, wide, o, m);
  REQUIRE(page.ok());
  double heaviest = 0, caption_pt = 0;
  for (const Item& item : page->items) {
    if (const auto* l = std::get_if<LineItem>(&item)) heaviest = std::max(heaviest, l->width_pt);
    if (const auto* r = std::get_if<RectItem>(&item)) heaviest = std::max(heaviest, r->stroke_pt);
    if (const auto* t = std::get_if<TextItem>(&item); t && t->text == "No. 1") caption_pt = t->font.size_pt;
  }
  CHECK(heaviest == Approx(4));
  CHECK(caption_pt == Approx(12.73).margin(0.01));
}
