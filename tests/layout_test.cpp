// Layout of a book's pages: geometry, page plan, slots, grids, captions, front matter, running heads.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "layout/internal.hpp"
#include "spec/symbols.hpp"
#include "layout_support.hpp"

using namespace gp;
using namespace gp::layout;
using namespace gp::layout_test;

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
        "{grid}, {page}, {answer_page}, {date}, {weekday}, {stars}, {level}, {variant})\n"
        "theme.answer_caption: unknown placeholder '{pg}' (known: {number}, {label}, {rating}, {clues}, "
        "{section}, {grid}, {page}, {answer_page}, {date}, {weekday}, {stars}, {level}, {variant})");
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

TEST_CASE("a book with variants explains each one beside a solved example, over as many pages as it takes") {
  spec::BookSpec spec = two_section_book();
  spec.sections[0].variant = "killer";
  spec.sections[1].variant = "x";
  spec.theme.caption = "{variant} {number}";
  CHECK(example_variants(spec) == std::vector<std::string>{"killer", "x"});
  CHECK(example_shape("killer") == Shape{2, 2});
  CHECK(example_shape("hyper") == Shape{3, 3});
  CHECK(example_shape("samurai") == Shape{3, 3});
  // The x example (a 4x4 on the x board); killer's is left out: its rules are printed alone.
  auto board = variant_board(Shape{2, 2}, Variant::kX);
  REQUIRE(board);
  const Puzzle p = make_puzzle(Shape{2, 2});
  VariantExample x{"x", Grid(*board), Grid(*board)};
  x.givens.cells = p.givens.cells;
  x.solution.cells = p.solution.cells;
  const BookPlan plan = plan_of(spec, {10, 7});
  Collected c;
  ApproxTextMeasure measure;
  PageSinks sinks{[&](Page&& pg) -> Status {
                    c.book.push_back(std::move(pg));
                    return Ok{};
                  },
                  [&](Page&& pg) -> Status {
                    c.answers.push_back(std::move(pg));
                    return Ok{};
                  }};
  REQUIRE(lay_out_book(spec, plan, make_puzzles(spec, {10, 7}), measure, sinks, {}, {}, {x}).ok());
  const Page& how = c.book[static_cast<std::size_t>(plan.how_to_play_page - 1)];
  CHECK(has_text(how, "Killer Sudoku"));
  CHECK(has_text(how, "Sudoku X"));
  // No classic wording in a book without classic puzzles.
  for (const Item& item : how.items)
    if (const auto* t = std::get_if<TextItem>(&item)) CHECK(t->text.find("Some cells are already filled in") == std::string::npos);
  CHECK(grid_borders(how).size() == 1);  // the x example
  // The killer section's heading page carries its rules; captions name the variant.
  bool killer_rules = false;
  for (const Item& item : c.book[static_cast<std::size_t>(plan.section_pages[0] - 1)].items)
    if (const auto* t = std::get_if<TextItem>(&item)) killer_rules = killer_rules || t->text.find("cage") != std::string::npos;
  CHECK(killer_rules);
  bool caption = false;
  for (const Page& pg : c.book) caption = caption || has_text(pg, "Killer Sudoku 1");
  CHECK(caption);

  // Seven variants on a 6x9 page take more than one page; each block is on exactly one, inside the
  // live area.
  spec::BookSpec many = two_section_book();
  many.sections.clear();
  for (const char* v : {"classic", "x", "hyper", "jigsaw", "samurai", "killer", "even-odd"}) {
    many.sections.push_back(section(v, 2, Shape{3, 3}, 1, 1));
    many.sections.back().variant = v;
  }
  const BookPlan mp = plan_of(many, std::vector<int>(7, 2));
  int pages = 0, blocks = 0;
  for (const PlannedPage& pp : mp.pages)
    if (pp.kind == PageKind::how_to_play) ++pages, blocks += pp.count;
  CHECK(pages >= 2);
  CHECK(blocks == 7);
  const Collected mc = lay_out(many, mp, make_puzzles(many, std::vector<int>(7, 2)));
  for (const char* title : {"Sudoku", "Sudoku X", "Hyper Sudoku", "Jigsaw Sudoku", "Samurai Sudoku", "Killer Sudoku",
                            "Even-Odd Sudoku"}) {
    int found = 0;
    for (int i = 0; i < pages; ++i) found += has_text(mc.book[static_cast<std::size_t>(mp.how_to_play_page - 1 + i)], title);
    CHECK(found == 1);
  }
  for (int i = 0; i < pages; ++i) {
    const Page& pg = mc.book[static_cast<std::size_t>(mp.how_to_play_page - 1 + i)];
    const PageFrame f = mp.book_geometry.frame(mp.how_to_play_page + i);
    for (const Item& item : pg.items) CHECK(inside(ink_box(item), f.content));
  }
}

TEST_CASE("cage combinations: every sum of 2 to 6 cells with its digit sets, over the pages it takes") {
  spec::BookSpec spec = two_section_book();
  spec.front.cage_combinations = true;
  spec.front.contents = true;
  spec.sections[0].variant = "killer";  // 9x9
  spec.sections[1].variant = "killer";  // 6x6
  const std::vector<detail::ComboLine> lines = detail::cage_combination_lines(spec);
  // Per grid size a heading, per cage size a heading and a line per sum.
  int sums6 = 0, sums9 = 0, sets9 = 0, grid = -1;
  for (const detail::ComboLine& l : lines) {
    if (l.head && l.text.find("grids") != std::string::npos) grid = l.text[0] - '0';
    if (l.head) continue;
    (grid == 6 ? sums6 : sums9)++;
    if (grid == 9) sets9 += static_cast<int>(std::count(l.text.begin(), l.text.end(), ' '));
    // bold exactly when one set makes the sum
    CHECK(l.bold == (std::count(l.text.begin(), l.text.end(), ' ') == 1));
  }
  CHECK(sums9 == 15 + 19 + 21 + 21 + 19);    // sizes 2..6 of 1..9
  CHECK(sets9 == 36 + 84 + 126 + 126 + 84);  // C(9, k)
  CHECK(sums6 == 9 + 10 + 9 + 6);            // sizes 2..5 of 1..6: 3..11, 6..15, 10..18, 15..20
  CHECK(std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.text == "10: 19 28 37 46"; }) != lines.end());
  CHECK(std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.text == "24: 789" && l.bold; }) != lines.end());

  const BookPlan plan = plan_of(spec, {10, 7});
  REQUIRE(plan.combinations_page > 0);
  const Collected c = lay_out(spec, plan, make_puzzles(spec, {10, 7}));
  std::vector<std::string> drawn;
  for (const PlannedPage& pp : plan.pages) {
    if (pp.kind != PageKind::cage_combinations) continue;
    const Page& pg = c.book[static_cast<std::size_t>(pp.number - 1)];
    const PageFrame f = plan.book_geometry.frame(pp.number);
    for (const Item& item : pg.items) {
      CHECK(inside(ink_box(item), f.content));
      if (const auto* t = std::get_if<TextItem>(&item)) drawn.push_back(t->text);
    }
  }
  for (const detail::ComboLine& l : lines) CHECK(std::count(drawn.begin(), drawn.end(), l.text) >= 1);
  CHECK(has_text(c.book[static_cast<std::size_t>(plan.contents_page - 1)], "Cage combinations"));
}

TEST_CASE("alternate tints: touching cages or regions never share a grey") {
  // A 4x4 of eight dominoes and a 9x9 of 3x3 boxes (each box touches up to four others).
  const std::vector<int> dominoes = {0, 0, 1, 1, 2, 3, 3, 4, 2, 5, 5, 4, 6, 6, 7, 7};
  std::vector<int> boxes(81);
  for (int c = 0; c < 81; ++c) boxes[static_cast<size_t>(c)] = (c / 9) / 3 * 3 + (c % 9) / 3;
  for (const auto& [groups, n, count] : {std::tuple{dominoes, 4, 8}, std::tuple{boxes, 9, 9}}) {
    const std::vector<int> tint = alternate_tints(groups, n, count);
    REQUIRE(static_cast<int>(tint.size()) == count);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int g = groups[static_cast<size_t>(r * n + c)];
        CHECK((tint[static_cast<size_t>(g)] >= 0 && tint[static_cast<size_t>(g)] < 4));
        if (c + 1 < n && groups[static_cast<size_t>(r * n + c + 1)] != g)
          CHECK(tint[static_cast<size_t>(g)] != tint[static_cast<size_t>(groups[static_cast<size_t>(r * n + c + 1)])]);
        if (r + 1 < n && groups[static_cast<size_t>((r + 1) * n + c)] != g)
          CHECK(tint[static_cast<size_t>(g)] != tint[static_cast<size_t>(groups[static_cast<size_t>((r + 1) * n + c)])]);
      }
  }
  // Drawn on a puzzle of a killer board with tint_cages: one tint fill per cell; none on its answer.
  std::vector<Cage> cages;
  for (int k = 0; k < 8; ++k) {
    Cage cage;
    for (int c = 0; c < 16; ++c)
      if (dominoes[static_cast<size_t>(c)] == k) cage.cells.push_back(c);
    cages.push_back(cage);
  }
  const Puzzle p = make_puzzle(Shape{2, 2});
  for (Cage& cage : cages) {
    cage.sum = 0;
    for (int c : cage.cells) cage.sum += p.solution.cells[static_cast<size_t>(c)];
  }
  auto board = killer_board(Shape{2, 2}, cages);
  REQUIRE(board);
  Grid givens(*board), solution(*board);
  solution.cells = p.solution.cells;
  GridStyle style;
  style.tint_cages = true;
  auto tints = [](const std::vector<Item>& items) {
    int k = 0;
    for (const Item& item : items)
      if (const auto* r = std::get_if<RectItem>(&item))
        for (double t : kTints) k += r->fill_grey == t;
    return k;
  };
  std::vector<Item> puzzle, answer;
  draw_grid(puzzle, 0, 0, 10, givens, nullptr, style);
  draw_grid(answer, 0, 0, 10, givens, &solution, style);
  CHECK(tints(puzzle) == 16);
  CHECK(tints(answer) == 0);
}

TEST_CASE("a pack of shapes or colours has a picture key in its rules box") {
  for (const char* kind : {"shapes", "colors"}) {
    spec::BookSpec spec = two_section_book();
    spec.front.title_page = spec.front.how_to_play = false;
    spec.front.notice.clear();
    spec.worksheet.rules_box = true;
    spec.sections = {section("Shapes", 4, Shape{2, 2}, 2, 2)};
    spec.sections[0].symbols = kind;
    spec.sections[0].heading_page = false;
    spec::BookSpec digits = spec;
    digits.sections[0].symbols = "digits";
    const BookPlan plan = plan_of(spec, {4}), plain = plan_of(digits, {4});
    // The key takes room: the box is taller than the digits' box by the key's height.
    CHECK(plan.fits[0].rules_box_mm > plain.fits[0].rules_box_mm + detail::kKeySymbolMm);
    const Collected c = lay_out(spec, plan, make_puzzles(spec, {4}));
    const Page& first = c.book.front();
    const std::vector<std::string> names = spec::section_symbols(spec.sections[0]);
    REQUIRE(names.size() == 4);
    for (const std::string& name : names) CHECK(has_text(first, name));
    const PageFrame f = plan.book_geometry.frame(1);
    for (const Item& item : first.items) {
      if (const auto* path = std::get_if<PathItem>(&item)) {  // a shape: its points
        for (const auto& [x, y] : path->points) CHECK(inside(Box{x, y, 0, 0}, f.content));
        continue;
      }
      CHECK(inside(ink_box(item), f.content));
    }
  }
}

TEST_CASE("worksheet.cutouts: after each puzzle page, the missing symbols of its puzzles to cut out") {
  spec::BookSpec spec = two_section_book();
  spec.front.title_page = spec.front.how_to_play = false;
  spec.front.notice.clear();
  spec.worksheet.cutouts = true;
  spec.sections = {section("Shapes", 6, Shape{2, 2}, 2, 2)};
  spec.sections[0].symbols = "shapes";
  spec.sections[0].heading_page = false;
  spec.answers.enabled = false;
  const BookPlan plan = plan_of(spec, {6});
  std::vector<PageKind> kinds;
  for (const PlannedPage& pp : plan.pages) kinds.push_back(pp.kind);
  CHECK(kinds == std::vector<PageKind>{PageKind::puzzles, PageKind::cutouts, PageKind::puzzles, PageKind::cutouts});
  const std::vector<PuzzleStore> puzzles = make_puzzles(spec, {6});
  const Collected c = lay_out(spec, plan, puzzles);
  for (int page : {1, 3}) {
    const PlannedPage& pp = plan.pages[static_cast<std::size_t>(page)];
    int missing = 0;
    for (int i = pp.first; i < pp.first + pp.count; ++i) missing += 16 - puzzles[0].get(static_cast<std::size_t>(i)).givens.clue_count();
    int squares = 0, shapes = 0;
    const PageFrame f = plan.book_geometry.frame(page + 1);
    for (const Item& item : c.book[static_cast<std::size_t>(page)].items) {
      if (const auto* r = std::get_if<RectItem>(&item)) squares += r->stroke_grey > 0.5 && r->fill_grey < 0;
      if (const auto* path = std::get_if<PathItem>(&item)) {
        ++shapes;
        for (const auto& [x, y] : path->points) CHECK(inside(Box{x, y, 0, 0}, f.content));
      } else {
        CHECK(inside(ink_box(item), f.content));
      }
    }
    CHECK(squares == missing);
    CHECK(shapes == missing);
  }
}

TEST_CASE("hints: pages before the answers (or at the end), one entry a puzzle, each drawn inside the live area") {
  spec::BookSpec spec = two_section_book();
  spec.front.contents = true;
  spec.answers.hints = true;
  const std::vector<int> counts{90, 7};
  ApproxTextMeasure measure;
  auto first_of = [](const BookPlan& plan, PageKind kind, int doc) {
    for (const PlannedPage& pp : plan.pages)
      if (pp.kind == kind && pp.document == doc) return pp.number;
    return 0;
  };
  auto count_of = [](const BookPlan& plan, PageKind kind) {
    return std::count_if(plan.pages.begin(), plan.pages.end(), [&](const PlannedPage& p) { return p.kind == kind; });
  };
  SECTION("answers at the end: the hints come right before them, as many pages as the flow says") {
    const BookPlan plan = plan_of(spec, counts);
    REQUIRE(plan.hints_page > 0);
    CHECK(plan.hints_document == 0);
    const auto hints = count_of(plan, PageKind::hints);
    CHECK(plan.hints_page + hints == plan.answers_first_page);
    // The same flow the plan used: 97 entries.
    const Box content = detail::narrowest_content(spec, {}, plan.book_geometry.frame(1).content);
    const detail::Fonts fonts = detail::book_fonts(spec, {});
    const detail::Bands bands = detail::measure_bands(spec, fonts, measure, {});
    const detail::HintFlow flow = detail::hint_flow(fonts, measure, content, content.bottom() - bands.foot);
    CHECK(hints == flow.pages(97));
    CHECK(hints >= 2);  // 97 two-line entries do not fit one page of this size

    // Every puzzle's number drawn once on the hints pages, with its hint beside it, all inside.
    std::vector<std::vector<PuzzleHint>> texts(2);
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < counts[static_cast<std::size_t>(s)]; ++i)
        texts[static_cast<std::size_t>(s)].push_back(
            {"Hidden single in box " + std::to_string(i % 9 + 1) + ", then pointing in box 4 and row 2.",
             "Hidden single, box 1; then pointing, box 4, row 2."});
    std::vector<Page> pages;
    PageSinks sinks{[&](Page&& p) -> Status {
                      pages.push_back(std::move(p));
                      return Ok{};
                    },
                    {}};
    REQUIRE(lay_out_book(spec, plan, make_puzzles(spec, counts), measure, sinks, {}, {}, {}, texts).ok());
    std::vector<int> numbers;
    int hint_lines = 0;
    for (const PlannedPage& pp : plan.pages) {
      if (pp.kind != PageKind::hints) continue;
      const Page& pg = pages[static_cast<std::size_t>(pp.number - 1)];
      const PageFrame f = plan.book_geometry.frame(pp.number);
      for (const Item& item : pg.items) {
        CHECK(inside(ink_box(item), f.content));
        if (const auto* t = std::get_if<TextItem>(&item)) {
          if (!t->text.empty() && std::all_of(t->text.begin(), t->text.end(), ::isdigit) && t->font.bold)
            numbers.push_back(std::stoi(t->text));
          if (t->text.find("pointing") != std::string::npos) ++hint_lines;
        }
      }
    }
    std::vector<int> expected(97);
    std::iota(expected.begin(), expected.end(), 1);
    CHECK(numbers == expected);
    CHECK(hint_lines == 97);
    CHECK(has_text(pages[static_cast<std::size_t>(plan.contents_page - 1)], "Hints"));
  }
  SECTION("answers in a separate document: the hints open it") {
    spec.answers.placement = "separate";
    const BookPlan plan = plan_of(spec, counts);
    CHECK(plan.hints_document == 1);
    CHECK(plan.hints_page == 1);
    CHECK(first_of(plan, PageKind::answers, 1) == 1 + count_of(plan, PageKind::hints));
  }
  SECTION("answers after each section, or none: the hints end the book") {
    for (bool after : {true, false}) {
      spec.answers.placement = after ? "after-section" : "end";
      spec.answers.enabled = after;
      const BookPlan plan = plan_of(spec, counts);
      int last_other = 0;
      for (const PlannedPage& pp : plan.pages)
        if (pp.kind != PageKind::hints && pp.kind != PageKind::notes) last_other = std::max(last_other, pp.number);
      CHECK(plan.hints_page == last_other + 1);
    }
  }
  SECTION("practice grids have no hint") {
    spec.sections[1].blank = true;
    const BookPlan with_blank = plan_of(spec, {200, 200});
    spec.sections[1].blank = false;
    const BookPlan without = plan_of(spec, {200, 0});
    CHECK(count_of(with_blank, PageKind::hints) == count_of(without, PageKind::hints));
  }
  SECTION("off by default") {
    spec.answers.hints = false;
    CHECK(count_of(plan_of(spec, counts), PageKind::hints) == 0);
  }
}
