// Layout against print rules: KDP limits, preflight, covers, single puzzles at a column width,
// worksheets, newspaper sections and captions.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "generator/fill.hpp"
#include "layout_support.hpp"
#include "layout/internal.hpp"
#include "spec/spec.hpp"

using namespace gp;
using namespace gp::layout;
using namespace gp::layout_test;

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
  // The caption is wider than the column at 9 pt: it breaks at its separators, which are dropped
  // at the breaks (none dangles at a line's end), instead of shrinking. ApproxTextMeasure: 24
  // characters a line here.
  CHECK(has_text(*page, "No. 12\nMonday 5 January 2026\neasy"));
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

TEST_CASE("single puzzle: a samurai board fills the column with all five grids (newspaper)") {
  // Drawn as in books: the whole 21x21 layout, not only the first 9x9 grid.
  spec::Theme theme;
  Rng rng(7);
  Puzzle p;
  p.solution = gen::fill_board(samurai_board(), rng);
  p.givens = p.solution;
  for (int c = 0; c < board_of(p.givens).cells; c += 3) p.givens.cells[static_cast<std::size_t>(c)] = 0;
  ApproxTextMeasure m;
  SingleOptions o;
  o.width_mm = 30 * 12 * 25.4 / 72;  // 30 picas
  o.caption = "No. 7";
  o.solution = true;
  auto page = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE(page.ok());
  const Box whole{0, 0, page->width, page->height};
  int digits = 0;
  for (const Item& item : page->items) {
    CHECK(inside(ink_box(item), whole));
    if (std::holds_alternative<TextItem>(item)) ++digits;
  }
  CHECK(digits == 369 + 1);  // every cell of the five grids, and the caption
  const auto borders = grid_borders(*page);
  REQUIRE(borders.size() == 5);  // one border per grid
  double right = 0, bottom = 0;
  for (const Box& b : borders) {
    CHECK(b.w == Approx(borders[0].w));
    right = std::max(right, b.x + b.w);
    bottom = std::max(bottom, b.y + b.h);
  }
  CHECK(right > o.width_mm - 0.5);  // the board fills the column
  CHECK(bottom <= page->height + 1e-9);

  o.width_mm = 40;
  auto narrow = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE_FALSE(narrow.ok());
  CHECK(narrow.error().to_string().find("40.0 mm is too narrow for a samurai board (21 cells a side)") !=
        std::string::npos);
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
        "answers.per_page: 16x16 answer grids at 5x6 per page would get 1.8 mm cells; use fewer answers per page");
}

TEST_CASE("answers.per_page that does not fit is blamed on the key, once per grid size") {
  auto spec = spec::parse_book_spec(
      "page: {size: 6x9}\nsections:\n  - name: A\n  - name: B\n  - name: C\nanswers:\n  per_page: 100\n",
      "t.yaml");
  REQUIRE(spec.ok());
  ApproxTextMeasure m;
  auto bad = plan_book(*spec, {4, 4, 4}, m);
  REQUIRE_FALSE(bad.ok());
  const auto& d = bad.error().diagnostics;
  INFO(bad.error().to_string());
  REQUIRE(d.size() == 1);  // the three 9x9 sections share one answer layout: one problem
  CHECK(d[0].to_string().rfind("t.yaml:7:13: answers.per_page: 9x9 answer grids at 10x10 per page would get ", 0) == 0);
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

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out(1);
  for (char ch : text) {
    if (ch == '\n')
      out.emplace_back();
    else
      out.back() += ch;
  }
  return out;
}

}  // namespace

TEST_CASE("newspaper: captions break at their separators, never leaving one dangling") {
  ApproxTextMeasure m;  // 0.6 em a character: 9 pt = 1.905 mm
  const Font font{"DejaVu Sans", 9, false, false};
  const auto chars = [](int n) { return n * 0.6 * 9 * 25.4 / 72 + 1e-6; };
  const std::string c = "No. 1201 - Wednesday 2026-03-04 - medium";
  CHECK(break_caption(c, font, chars(40), m) == c);  // fits: unchanged
  CHECK(break_caption(c, font, chars(39), m) == "No. 1201 - Wednesday 2026-03-04\nmedium");
  CHECK(break_caption(c, font, chars(30), m) == "No. 1201\nWednesday 2026-03-04 - medium");
  CHECK(break_caption(c, font, chars(20), m) == "No. 1201\nWednesday 2026-03-04\nmedium");
  // Other separators, and a caption without one (its words wrap as they are).
  CHECK(break_caption("No. 7 \u00b7 Sunday \u00b7 \u2605\u2605", font, chars(12), m) == "No. 7\nSunday \u00b7 \u2605\u2605");
  CHECK(break_caption("Wednesday 2026-03-04 medium", font, chars(10), m) == "Wednesday 2026-03-04 medium");
  for (int width = 8; width <= 45; ++width)
    for (const std::string& line : split_lines(break_caption(c, font, chars(width), m))) {
      CHECK_FALSE(line.ends_with(" -"));
      CHECK_FALSE(line.starts_with("- "));
    }
}

TEST_CASE("newspaper.instructions: the variant's rules in one line under the grid") {
  CHECK(instruction_line("classic", Shape{3, 3}) == "Place the digits 1 to 9 once in every row, column and 3x3 box.");
  CHECK(instruction_line("classic", Shape{2, 3}) == "Place the digits 1 to 6 once in every row, column and 2x3 box.");
  CHECK(instruction_line("x", Shape{3, 3}) ==
        "Place the digits 1 to 9 once in every row, column, 3x3 box and long diagonal.");
  CHECK(instruction_line("killer", Shape{3, 3}) ==
        "Place the digits 1 to 9 once in every row, column and 3x3 box; the digits of a dashed cage add up to its "
        "sum, none repeated.");
  spec::Theme theme;
  const Puzzle p = make_puzzle(Shape{3, 3});
  ApproxTextMeasure m;
  SingleOptions o;
  o.width_mm = kReferenceColumnMm;
  o.caption = "No. 1";
  auto plain = lay_out_single_puzzle(p, theme, o, m);
  o.instruction = instruction_line("classic", Shape{3, 3});
  auto with = lay_out_single_puzzle(p, theme, o, m);
  REQUIRE(plain.ok());
  REQUIRE(with.ok());
  CHECK(with->height > plain->height + 2 * pt_to_mm(9));  // wraps to at least two lines under the grid
  const TextItem& line = std::get<TextItem>(with->items.back());
  CHECK(line.text == o.instruction);
  CHECK(line.font.size_pt >= 9);
  CHECK(line.box.y > grid_borders(*with)[0].y + grid_borders(*with)[0].h);  // under the grid
  CHECK(line.box.y + line.box.h == Approx(with->height));
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

TEST_CASE("title page: a long title and subtitle wrap and shrink above the author, or are refused at the key") {
  const std::string words =
      "The Enormous Omnibus of Fiendishly Difficult Logic Puzzles for Long Winter Evenings by the Fire ";
  auto spec = spec::parse_book_spec("title: " + words + words + "\nsubtitle: " + words + words + words +
                                        "\nauthor: A. Setter\npage: {size: 6x9}\nsections:\n  - name: A\n",
                                    "t.yaml");
  REQUIRE(spec.ok());
  ApproxTextMeasure m;
  const detail::Fonts fonts = detail::book_fonts(*spec, {});
  const Box c{10, 20, 110, 190};
  auto t = detail::title_layout(*spec, fonts, m, c);
  REQUIRE(t.ok());
  CHECK(t->title.size_pt < fonts.title.size_pt);  // shrunk
  CHECK(t->title_box.y >= c.y);
  CHECK(t->title_box.bottom() <= t->subtitle_box.y + 1e-6);
  CHECK(t->subtitle_box.bottom() < t->author_box.y);
  CHECK(t->author_box.bottom() <= c.bottom() + 1e-6);
  CHECK(plan_book(*spec, {4}, m).ok());
  // A short title keeps its size and place.
  auto plain = spec::parse_book_spec("title: Sudoku\nsubtitle: Easy\nauthor: A. Setter\nsections:\n  - name: A\n", "t.yaml");
  REQUIRE(plain.ok());
  auto p = detail::title_layout(*plain, fonts, m, c);
  REQUIRE(p.ok());
  CHECK(p->title.size_pt == fonts.title.size_pt);
  CHECK(p->title_box.y == Approx(c.y + c.h * 0.28));
  // A word wider than the page even at the smallest size: refused at the title key, before anything
  // is generated.
  auto too_long = spec::parse_book_spec(
      "title: The Extraordinarily-Long-Hyphenated-Compound-Title-Word-That-Never-Breaks-Anywhere\nsubtitle: "
      "Easy\nauthor: A. Setter\npage: {size: 6x9}\nsections:\n  - name: A\n",
      "t.yaml");
  REQUIRE(too_long.ok());
  auto bad = plan_book(*too_long, {4}, m);
  REQUIRE_FALSE(bad.ok());
  INFO(bad.error().to_string());
  CHECK(bad.error().to_string().rfind("t.yaml:1:1: title: the title and subtitle do not fit the title page above the "
                                      "author even at ", 0) == 0);
}

TEST_CASE("section_start: recto puts every section heading on a right-hand page") {
  const std::string base = "title: T\npage: {size: 6x9}\nsections:\n  - name: A\n    count: 3\n    layout: 1x1\n"
                           "  - name: B\n    count: 2\n    layout: 1x1\n  - name: C\n    count: 1\n";
  ApproxTextMeasure m;
  for (const bool recto : {false, true}) {
    INFO("recto " << recto);
    auto spec = spec::parse_book_spec(base + (recto ? "section_start: recto\n" : ""), "t.yaml");
    REQUIRE(spec.ok());
    auto plan = plan_book(*spec, {3, 2, 1}, m);
    REQUIRE(plan.ok());
    int headings = 0, blanks = 0, even_headings = 0;
    for (const PlannedPage& p : plan->document_pages(0)) {
      if (p.kind == PageKind::section_heading) {
        ++headings;
        even_headings += p.number % 2 == 0;
      }
      blanks += p.kind == PageKind::blank;
    }
    CHECK(headings == 3);
    for (int s = 0; s < 3; ++s) CHECK((plan->section_pages[static_cast<size_t>(s)] % 2 == 1 || !recto));
    if (recto) {
      CHECK(even_headings == 0);
      CHECK(blanks > 0);
    } else {
      CHECK(even_headings > 0);  // the case the key is for
      CHECK(blanks == 0);
    }
  }
}

TEST_CASE("per_page: 3 on 8.5x11 is two over one with bigger cells than one column of three") {
  ApproxTextMeasure m;
  auto spec = spec::parse_book_spec("page: {size: 8.5x11}\nsections:\n  - name: A\n    count: 7\n    per_page: 3\n", "t.yaml");
  REQUIRE(spec.ok());
  const spec::SectionSpec& s = spec->sections[0];
  CHECK(s.columns == 2);
  CHECK(s.rows == 2);
  CHECK(s.per_page == 3);
  auto plan = plan_book(*spec, {7}, m);
  REQUIRE(plan.ok());
  int puzzle_pages = 0;
  for (const PlannedPage& p : plan->document_pages(0)) puzzle_pages += p.kind == PageKind::puzzles;
  CHECK(puzzle_pages == 3);  // 3 + 3 + 1
  auto column = spec::parse_book_spec("page: {size: 8.5x11}\nsections:\n  - name: A\n    count: 7\n    layout: 1x3\n", "t.yaml");
  REQUIRE(column.ok());
  auto column_plan = plan_book(*column, {7}, m);
  REQUIRE(column_plan.ok());
  CHECK(plan->fits[0].cell_mm > column_plan->fits[0].cell_mm * 1.1);
  // On 6x9 one column of three is already the largest: unchanged; exact counts keep their rectangle.
  auto small = spec::parse_book_spec("sections:\n  - name: A\n    per_page: 3\n  - name: B\n    per_page: 6\n", "t.yaml");
  REQUIRE(small.ok());
  CHECK(small->sections[0].columns == 1);
  CHECK(small->sections[0].rows == 3);
  CHECK(small->sections[0].per_page == 0);
  CHECK(small->sections[1].columns == 2);
  CHECK(small->sections[1].rows == 3);
  CHECK(small->sections[1].per_page == 0);
}
