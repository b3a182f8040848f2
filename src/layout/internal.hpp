// Shared by plan.cpp and pages.cpp: fonts and bands measured once per book, and slot geometry.
// Not part of the public interface.
#pragma once

#include "layout/grid_draw.hpp"
#include "layout/layout.hpp"
#include "layout/techniques.hpp"

namespace gp::layout::detail {

inline constexpr double kCaptionGapMm = 1.5;   // between a caption and its grid
inline constexpr double kMinCellMm = 2.0;      // smaller cells are refused by plan_book

// Answer keys keep digits at 7 pt at least, but not at a large-print theme's min_digit_size.
inline GridStyle answer_style(const GridStyle& puzzle_style) {
  GridStyle s = puzzle_style;
  s.min_digit_pt = kMinTextPt;
  return s;
}

struct Fonts {
  Font head, folio, caption, answer_caption, answer_title, heading, title, subtitle, body;
};
Fonts book_fonts(const spec::BookSpec& spec, const LayoutOptions& options);

// Heights (mm) of the horizontal bands a page reserves inside its live area.
struct Bands {
  double head = 0;          // running head + gap (0 when running heads are off)
  double foot = 0;          // folio + gap (0 when page numbers are off)
  double answer_title = 0;  // "Answers: Section" line + gap on answer pages
  double caption = 0;       // puzzle caption line + gap
  double answer_caption = 0;
  double worksheet = 0;     // "Name ____ Date ____" band + gap (0 unless worksheet.header)
};
Bands measure_bands(const spec::BookSpec& spec, const Fonts& fonts, const TextMeasure& measure,
                    const LayoutOptions& options);

Box puzzle_area(const Box& content, const Bands& bands);
// The puzzle area less a rules box of `rules_box` mm at its foot (plus a gap when present).
Box puzzle_area_with_rules(const Box& content, const Bands& bands, double rules_box, double gap);
// The worksheet rules text for a section (worksheet.rules_text, or wording for children for its
// grid size, symbols and variant: jigsaw names the shapes with a thick border), and the height of the box holding it at `width`.
std::string rules_text(const spec::WorksheetSpec& worksheet, const spec::SectionSpec& section);
inline constexpr double kRulesPadMm = 3.0;
// A pack of shapes or colours has a picture key under the rules: each symbol drawn kKeySymbolMm
// high with its name under it, for children who cannot read the rules yet. Its height (0 for
// other sections), included in rules_box_height.
inline constexpr double kKeySymbolMm = 8.0;
double picture_key_height(const Fonts& fonts, const TextMeasure& measure, const spec::SectionSpec& section);
double rules_box_height(const Fonts& fonts, const TextMeasure& measure, const spec::WorksheetSpec& worksheet,
                        const spec::SectionSpec& section, double width);
Box answer_area(const Box& content, const Bands& bands);
// Slot k (row-major) of a columns x rows split of `area` with `gap` between slots.
Box slot_box(const Box& area, int columns, int rows, int k, double gap);

// The title page's text, fitted to the live area `c`: the title from 28% down, the subtitle
// below it, the author from 72% down. Title and subtitle wrap and shrink together (to half the
// title size, and the subtitle to the body size, both at least kMinTextPt) until every word fits
// the width and the block ends above the author (the block may start higher, down to 8%); the
// author wraps and shrinks to the body size until it fits above the bottom.
struct TitleLayout {
  Font title, subtitle, author;
  Box title_box, subtitle_box, author_box;  // zero height when the text is empty
};
// Error "title: ..." / "author: ..." naming what does not fit even at the smallest sizes.
Result<TitleLayout> title_layout(const spec::BookSpec& spec, const Fonts& fonts, const TextMeasure& measure,
                                 const Box& c);

// The techniques page below its heading and introduction: as many of `diagrams` (in priority
// order) as fit `area`, each a bold title, the diagram and its text beside it, shown in their
// `order`, with the largest cells from 11 mm down to 6 mm that fit them. A variant's page (every
// diagram a marked one, techniques.hpp marked_diagram) sets each text under its diagram instead,
// with cells of 7 mm at least. Returns how many it drew.
int techniques_body(std::vector<Item>& out, const Box& area, const std::vector<TechniqueDiagram>& diagrams,
                    const Font& body, const GridStyle& base, const TextMeasure& measure);

// How to play in a book with variants: one block per variant of example_variants, its title in bold,
// its rules in words and its solved example in a column beside them.
struct HowToPlayBlock {
  std::string variant;  // the variant's name: its example
  std::string title;    // "Killer Sudoku"
  std::string text;     // the rules
};
std::vector<HowToPlayBlock> how_to_play_blocks(const spec::BookSpec& spec);
// The paragraph above the blocks; `answers_page` > 0 adds where the answers start (the planner
// measures it with a page number of five digits).
std::string how_to_play_intro(const spec::BookSpec& spec, int answers_page);
// The width and height of the example column beside a block's text at a live area `content_w` wide.
double example_column_mm(double content_w);
double how_to_play_block_height(const HowToPlayBlock& block, const Fonts& fonts, const TextMeasure& measure,
                                double content_w);
// The blocks of each how-to-play page, as (first, count): the first page's blocks below its heading
// and introduction, the others' below the heading, each page as many as fit (at least one).
std::vector<std::pair<int, int>> how_to_play_pages(const spec::BookSpec& spec, const std::vector<HowToPlayBlock>& blocks,
                                                  const Fonts& fonts, const TextMeasure& measure,
                                                  const Box& content, const Bands& bands);
// The cage combinations table (front_matter.cage_combinations): per killer grid size, per cage size
// 2..6 (at most n - 1), a heading and one line per sum ("10: 19 28 37 46"), bold when one set makes it.
struct ComboLine {
  std::string text;
  bool head = false;  // "3 cells"
  bool bold = false;  // a sum only one set of digits makes
};
std::vector<ComboLine> cage_combination_lines(const spec::BookSpec& spec);
std::string cage_combinations_intro();
int combination_columns(double content_w);
Font combination_font(const Fonts& fonts, bool head, bool bold);
double combination_line_height(const ComboLine& line, const Fonts& fonts, const TextMeasure& measure, double column_w);
// The lines flowed down the columns of the pages: per page, per column, (first line, count). The first
// page's columns start at `first_top` (below its heading and introduction), the others' at `top`.
std::vector<std::vector<std::pair<int, int>>> combination_flow(const std::vector<ComboLine>& lines, const Fonts& fonts,
                                                               const TextMeasure& measure, const Box& content,
                                                               double first_top, double top, double bottom);
// The live area of the book's narrowest page (the widest gutter the book could get), so that what
// the planner fits there fits the final pages; `fallback` when the page spec has no such geometry.
Box narrowest_content(const spec::BookSpec& spec, const LayoutOptions& options, const Box& fallback);

// The hints pages (answers.hints): one entry a puzzle (its number, then its hint in at most two
// lines), each of the same height, so the page count is known from the puzzle count before any
// puzzle is made. Entries run down the columns, in puzzle-number order.
std::string hints_intro();
int hint_columns(double content_w);
Font hint_font(const Fonts& fonts, bool bold);
// Width of the number column and height of one entry.
double hint_number_width(const Fonts& fonts, const TextMeasure& measure);
double hint_entry_height(const Fonts& fonts, const TextMeasure& measure);
// Where the entries go: the first page's column tops below the heading and introduction, the
// others' below the heading, measured on `content` (the narrowest live area) down to `bottom`.
struct HintFlow {
  double first_top = 0, top = 0;
  int first_per_column = 1, per_column = 1;  // at least one
  int columns = 1;
  // Pages `entries` entries take.
  int pages(int entries) const;
  // The first entry on page `index` (0-based) and how many it holds.
  std::pair<int, int> page_entries(int index, int entries) const;
};
HintFlow hint_flow(const Fonts& fonts, const TextMeasure& measure, const Box& content, double bottom);
// The text of an entry that fits its two lines at `width` (mm): `full`, else `brief`, else `brief`
// in a font shrunk towards 7 pt (returned in `font`).
std::string fitted_hint(const std::string& full, const std::string& brief, const TextMeasure& measure, double width,
                        Font& font, const Fonts& fonts);

// The worked solutions (answers.explained): each starts a page headed "Puzzle N, worked" with a short
// introduction; its steps run down the page, a step with a diagram as the diagram with the text
// beside it (a variant's diagram, worked_stacked: the whole grid with its marks at up to 7 mm cells,
// the text under it). Per page of the solution, (first step, count); a step taller than a page gets one.
std::string worked_heading(int number, bool continued = false);  // "Puzzle 12, worked (continued)"
std::string worked_intro();
Font worked_font(const Fonts& fonts);
bool worked_stacked(const TechniqueDiagram& d);
double worked_diagram_cell(const TechniqueDiagram& d, double content_w, const GridStyle& base);
double worked_step_height(const WorkedStep& step, const Fonts& fonts, const TextMeasure& measure, double content_w,
                          const GridStyle& base);
std::vector<std::pair<int, int>> worked_flow(const WorkedSolution& w, const Fonts& fonts, const TextMeasure& measure,
                                             const Box& content, double bottom, const GridStyle& base);
// The top of the first step on a solution's first page, and on the others.
double worked_first_top(const Fonts& fonts, const TextMeasure& measure, const Box& content);

// The top of a page's text below a heading `heading` (heading() in pages.cpp draws it so).
double below_heading(const std::string& heading, const Fonts& fonts, const TextMeasure& measure, const Box& content);

}  // namespace gp::layout::detail
