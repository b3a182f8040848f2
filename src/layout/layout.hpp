// Book layout: turns a BookSpec and its puzzles into pages of placed items (document.hpp), all in
// millimetres (points only for line widths and font sizes). No Cairo here: text is measured through
// a TextMeasure and pages are handed to a PageSink one at a time, so memory stays flat.
//
// Two steps, so that cross references and the gutter are known before anything is drawn:
//   1. plan_book()   decides every page: which puzzle lands on which page, the answer pages, the
//                    page count, and (from that count) the page geometry and each section's cell size.
//   2. lay_out_book() walks the plan and emits the pages.
// The plan's records (puzzle -> page, answer page) feed the manifest.
//
// Page numbers: pages are numbered 1.. in each document from its first page; odd pages are recto
// (right-hand) pages, so with mirrored margins the inside (binding) margin is on the left of odd
// pages and on the right of even ones. The printed folio equals the page number; title, notice
// and section heading pages print none.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "core/puzzle_store.hpp"
#include "core/result.hpp"
#include "layout/document.hpp"
#include "layout/techniques.hpp"
#include "spec/book_spec.hpp"

namespace gp::layout {

// ---------------------------------------------------------------------------------------------
// Print rules (Amazon KDP paperback interior rules).

inline constexpr double kBleedMm = 3.175;          // 0.125 in on the outside, top and bottom edges
inline constexpr double kMinLinePt = 0.75;         // thinnest line that prints reliably
inline constexpr double kMinTextPt = 7.0;          // smallest text KDP accepts
inline constexpr int kKdpMinPages = 24;
inline constexpr int kKdpMaxPages = 828;

// KDP's minimum inside margin (gutter) for a page count, in mm:
//   <= 150 pages 0.375 in, 151-300 0.5 in, 301-500 0.625 in, 501-700 0.75 in, 701+ 0.875 in.
// (Counts below 24 or above 828 are not printable at all; preflight reports those. Here they
// get the nearest row of the table.)
double kdp_gutter_mm(int page_count);
// KDP's minimum outside/top/bottom margin: 0.25 in, or 0.375 in with bleed.
double kdp_min_margin_mm(bool bleed);

// Layout knobs. Defaults give a plain book; options_for(spec) sets them from the spec.
struct LayoutOptions {
  bool kdp = false;             // raise margins to the KDP minimums (gutter from the page count),
                                // text to at least 7 pt
  bool pad_to_even = false;     // end each document on an even page by adding a "Notes" page
  bool caption_below = false;   // puzzle captions above (default) or below their grids
  double slot_gap_mm = 5.0;     // space between N-up slots, both directions
  double band_gap_mm = 2.0;     // space between the running head / folio and the puzzle area
};

// The options a spec asks for: kdp = (print.rules == "kdp"), pad_to_even = kdp && print.pad_even.
LayoutOptions options_for(const spec::BookSpec& spec);

// ---------------------------------------------------------------------------------------------
// Page geometry.

struct EffectiveMargins {
  double top = 0, bottom = 0, inside = 0, outside = 0;  // mm, measured from the trim edge
};

// Where things go on one page.
struct PageFrame {
  double width = 0, height = 0;  // media size, mm (trim + bleed)
  Box trim;                      // trim box inside the media
  Box content;                   // the live area: trim minus margins; everything is drawn inside
  bool recto = true;             // odd page numbers are recto (right-hand) pages
};

class PageGeometry {
 public:
  PageGeometry() = default;

  // Geometry for a document of `page_count` pages. With options.kdp the margins are raised to the
  // KDP minimums (inside: kdp_gutter_mm(page_count)). With bleed the media is trim + 0.125 in on
  // the outer edge and 0.125 in at top and bottom; the trim box sits against the binding edge.
  // Errors: non-positive trim, negative margins, or margins leaving less than 30 x 30 mm:
  //   "page: margins leave a live area of 12.0 x 80.0 mm on a 50.0 x 120.0 mm page (need at least 30 x 30 mm)".
  static Result<PageGeometry> make(const spec::PageSpec& page, const LayoutOptions& options,
                                   int page_count);

  // Frame of page `page_number` (1-based).
  PageFrame frame(int page_number) const;

  const EffectiveMargins& margins() const { return margins_; }
  double trim_width() const { return trim_w_; }
  double trim_height() const { return trim_h_; }
  double bleed() const { return bleed_; }
  double content_width() const { return trim_w_ - margins_.inside - margins_.outside; }
  double content_height() const { return trim_h_ - margins_.top - margins_.bottom; }
  bool mirrored() const { return mirrored_; }

 private:
  double trim_w_ = 0, trim_h_ = 0, bleed_ = 0;
  bool mirrored_ = true;
  EffectiveMargins margins_;
};

// ---------------------------------------------------------------------------------------------
// The plan.

// blank: an empty page (no folio) so that the next section heading starts on a right-hand page
// (`section_start: recto`). techniques: worked examples after the how-to-play page
// (`front_matter.techniques`).
// cage_combinations: the table of cage sums (`front_matter.cage_combinations`).
// cutouts: the cut-and-glue page after a puzzle page (`worksheet.cutouts`; same section, first, count).
// hints: a page of the hints (`answers.hints`; `first` = its index among the hints pages), before the
// answers in their document, or at the end of the book when the answers follow the sections or are off.
// worked: a page of a worked solution (`answers.explained`; `first` = the solution's index in the
// list lay_out_book is given, `count` = the page's index within it), after the hints.
enum class PageKind { title, notice, contents, how_to_play, section_heading, puzzles, answers, notes, blank, techniques,
                      cage_combinations, cutouts, hints, worked };
const char* page_kind_name(PageKind kind);  // "title", "notice", ... (for tests and debugging)

// Compact class answers: one child's answers of one section on an answer page, from slot `slot`
// on (the slots of the answers layout, row by row), headed by the child's name.
struct AnswerBlock {
  int section = 0;  // the child's copy of the section
  int first = 0;    // index of the first answer within the section
  int count = 0;
  int slot = 0;     // the page's slot of the first one
};

struct PlannedPage {
  PageKind kind = PageKind::puzzles;
  int document = 0;   // 0 = the book, 1 = the separate answer document (answers.placement "separate")
  int number = 0;     // page number within its document, 1-based
  int folio = 0;      // printed page number, 0 = none printed
  int section = -1;   // section index for section_heading / puzzles / answers pages, else -1
  int first = 0;      // puzzles/answers pages: index of the first puzzle within the section
  int count = 0;      // puzzles/answers pages: how many puzzles on this page
  int part = -1;      // worksheet.split: per_child: the child's file (index into BookPlan::parts) a
                      // book page goes to; -1 = the one book file
  // A class list's answers (worksheet.names), compact: the children's answers run on from one
  // child to the next over the slots, each child's headed by the name. Empty = the page holds
  // `count` answers of `section` from `first` (every other book).
  std::vector<AnswerBlock> blocks;
};

// One puzzle's place in the book (what the manifest lists).
struct PuzzleRecord {
  int section = 0;           // section index
  int index = 0;             // index within the section, 0-based
  int number = 0;            // printed puzzle number, 1-based, running through the whole book;
                             // a section with `number` set (newspaper runs) starts from it
  int page = 0;              // book page the puzzle is on
  int answer_page = 0;       // page of its answer, 0 = no answer key
  int answer_document = 0;   // 0 = answer is in the book, 1 = in the separate answer document
  int part = -1;             // worksheet.split: per_child: the child's file the puzzle is in (page
                             // numbers count within it); -1 = the one book file
};

// Sizes chosen for one section (one cell size for all of its puzzles).
struct SectionFit {
  Shape shape;
  int columns = 1, rows = 1;         // puzzle slots per page
  double cell_mm = 0;                // puzzle grid cell size
  int answer_columns = 1, answer_rows = 1;
  double answer_cell_mm = 0;         // answer grid cell size (0 when there are no answers)
  double rules_box_mm = 0;           // height of the worksheet rules box on the section's first
                                     // puzzle page (0 = none); the cell size allows for it
};

struct BookPlan {
  std::vector<PlannedPage> pages;      // book pages in order, then the answer document's pages
  std::vector<PuzzleRecord> records;   // section by section, puzzle order (book_order() for page order)
  std::vector<SectionFit> fits;        // per section
  int book_pages = 0;                  // pages in the book document
  int answer_pages = 0;                // pages in the separate answer document (0 if none)
  PageGeometry book_geometry;          // chosen from book_pages
  PageGeometry answer_geometry;        // chosen from answer_pages (== book_geometry if none)
  int contents_page = 0, how_to_play_page = 0;  // 0 = not present
  int techniques_page = 0;                      // 0 = not present
  int combinations_page = 0;                    // first cage combinations page, 0 = not present
  int hints_page = 0;                           // first hints page (in its document), 0 = not present
  int hints_document = 0;                       // the document of the hints pages
  int worked_page = 0;                          // first worked solution page (in the hints' document), 0 = none
  std::vector<int> section_pages;      // first page of each section (heading page or first puzzle page)
  int answers_first_page = 0;          // first answer page (in its document), 0 = none
  // worksheet.split: per_child: the child of each file, in the class list's order (each file's
  // pages are numbered from 1, and start with the front matter); empty = one book file.
  std::vector<std::string> parts;

  // The pages of one document, in order.
  std::vector<PlannedPage> document_pages(int document) const;
  // Indices into `records` in book order (by file, then page, then number): the identity unless the
  // book is in mixed order (spec order interleave or rising).
  std::vector<std::size_t> book_order() const;
};

// A worked solution (answers.explained; book/explained.hpp makes it from the grader's path): its
// puzzle and its steps in order, each a paragraph in words and, for its hardest few, a diagram
// (the techniques page's drawing).
struct WorkedStep {
  std::string text;
  std::optional<TechniqueDiagram> diagram;
};
struct WorkedSolution {
  int section = 0, index = 0;  // the puzzle
  std::vector<WorkedStep> steps;
};

// Plans the book. `section_counts[s]` is the number of puzzles of section s (normally the spec's
// count; must have one entry per spec section). Uses `measure` for caption and band heights.
// Errors (all collected): a caption template with an unknown placeholder
//   ("theme.caption: unknown placeholder '{foo}' (known: {number}, {label}, ...)"; {date} and
//   {weekday} are known but empty in a book),
// a section whose grids would get cells smaller than 2 mm
//   ("sections[0]: 16x16 grids at 3x4 per page would get 1.6 mm cells; use fewer per page"),
// digits smaller than theme.min_digit_size ("sections[0]: digits would be 12.4 pt at 2x3 per
// page, below theme.min_digit_size 16 pt; use fewer per page"),
// and page geometry errors (see PageGeometry::make).
// Mixed order (spec.order "interleave" or "rising", docs/book.md "Mixed order"): no section heading
// pages; the sections' puzzle pages are dealt in turn (a page of each section, round robin); with
// "rising" and `difficulty` given (difficulty[s][i]: puzzle i of section s on a scale common to every
// variant, book::difficulty_keys), the pages are then ordered by their puzzles' mean (stable: pages
// alike keep the round-robin order). Without `difficulty` a rising book is planned as interleaved:
// the same pages and page count, only their order differs. Numbers run in page order; `records`
// stays section by section; the answers stay a run per section.
// `worked` are the book's worked solutions (answers.explained): each starts a page, after the hints,
// and takes the pages its steps need (measured here as lay_out_book draws them). Without them (the
// plan made before the puzzles) no worked page is planned.
Result<BookPlan> plan_book(const spec::BookSpec& spec, const std::vector<int>& section_counts,
                           const TextMeasure& measure, const LayoutOptions& options = {},
                           const std::vector<std::vector<double>>& difficulty = {},
                           const std::vector<WorkedSolution>& worked = {});

// Where pages go. `answers` receives the separate answer document's pages and is required only
// when answers.placement is "separate".
struct PageSinks {
  PageSink book;
  PageSink answers;
};

// A variant's solved example for the how-to-play pages and section heading pages of a book with
// variants (example_variants, example_shape): its givens (drawn black) and solution (grey); a
// board of several grids (samurai) comes as its empty board, drawn as a picture of the grids.
struct VariantExample {
  std::string variant;  // the variant's name ("killer")
  Grid givens;
  Grid solution;  // empty cells when only the board is drawn
};
// The variants whose rules a book's how-to-play pages explain one by one, each with an example, in
// the order their sections first come ("classic" for classic sections among others); empty when
// every section is classic (the book keeps its classic page: one text, one example grid).
std::vector<std::string> example_variants(const spec::BookSpec& spec);
// The techniques pages' variants (`front_matter.techniques`), a page each in this order: the
// variants of example_variants with samurai folded into "classic" (its grids are classic grids), or
// {"classic"} alone when every section is classic (the one page books always had).
std::vector<std::string> technique_page_variants(const spec::BookSpec& spec);
// The grid of a variant's example: the smallest of 4x4, 6x6 and 9x9 it can be played on.
Shape example_shape(std::string_view variant);

// A puzzle's hint (answers.hints; book/hints.hpp makes it from the grader's path): the line as
// written, and a shorter one for a column too narrow for it.
struct PuzzleHint {
  std::string full;
  std::string brief;
};

// Emits every planned page, in order, to the sinks (the book's pages, then the answer document's).
// `techniques` are the worked examples of the techniques page, in priority order (the book layer
// takes them from graded steps; the page shows as many as fit). `examples` are the variants'
// examples (example_variants; one missing is not drawn, its rules still are). `hints` are the
// puzzles' hints, per section and puzzle (answers.hints; an entry without one says so).
// Requires: `plan` came from plan_book(spec, counts, ...) with counts[s] == puzzles[s].size().
// Stops at and returns the first error a sink returns.
Status lay_out_book(const spec::BookSpec& spec, const BookPlan& plan,
                    const std::vector<PuzzleStore>& puzzles, const TextMeasure& measure,
                    const PageSinks& sinks, const LayoutOptions& options = {},
                    const std::vector<TechniqueDiagram>& techniques = {},
                    const std::vector<VariantExample>& examples = {},
                    const std::vector<std::vector<PuzzleHint>>& hints = {},
                    const std::vector<WorkedSolution>& worked = {});

// ---------------------------------------------------------------------------------------------
// Captions.

// The values a caption template can name.
struct CaptionFields {
  int number = 0;
  std::string label;        // "" when unrated
  double rating = -1;       // < 0 = unrated
  int clues = 0;
  std::string section;
  std::string grid;         // "9x9"
  int page = 0;             // the puzzle's page
  int answer_page = 0;      // 0 = none
  std::string date;         // newspapers: the section's date (YYYY-MM-DD)
  std::string weekday;      // newspapers: the section's weekday in `locale` ("Monday", "Montag")
  std::string locale = "en";  // names in {weekday} and {date:%A %B} (layout/calendar.hpp)
  int stars = 0;            // {stars}: the label's rank among the bands (easiest = 1); 0 = unrated
  std::string level;        // {level}: worksheet.levels of the label ("Silver"); "" when unrated or unnamed
  std::string variant;      // {variant}: the variant's title ("Killer Sudoku", core/variants.hpp variant_title)
};

// The fields for one puzzle: its record (number, page, answer page), the puzzle (label, rating,
// clues, grid) and its section (name; date and weekday for newspaper runs).
// Requires: record.section indexes spec.sections.
CaptionFields caption_fields(const spec::BookSpec& spec, const PuzzleRecord& record, const Puzzle& puzzle);

// Known placeholders: {number} {label} {rating} {clues} {section} {grid} {page} {answer_page}
// {date} {weekday} {stars} {level} {variant}, {yyyy} {mm} {dd} (the date's year, month and day, for
// newspaper file-name folders), and {date:FORMAT} (format_date in layout/calendar.hpp: "{date:%e %B %Y}"
// gives "2 March 2026"). {stars} is one star (U+2605) per rank of the puzzle's band; {level} the
// name worksheet.levels gives the band (Bronze, Silver, Gold ...).
// Returns the first unknown placeholder (with braces), or "" when the template is valid.
std::string unknown_placeholder(const std::string& tmpl);

// Expands a template. Placeholders with no value (unrated label/rating, no answer page) become
// empty and the text around them is tidied: empty brackets "()" / "[]" are dropped, repeated
// separators collapse, and separators and spaces at either end are trimmed; so "{number} - {label}"
// gives "12" for an unrated puzzle and "12 - easy" once rated.
std::string expand_caption(const std::string& tmpl, const CaptionFields& fields);

// ---------------------------------------------------------------------------------------------
// The "how to play" text for the grid shapes in a book (one paragraph each, first the rules).
std::vector<std::string> how_to_play_paragraphs(const std::vector<Shape>& shapes);
// The extra rule of each variant among `variants` (section variant names; "classic" adds nothing),
// one paragraph each, in the order x, hyper. Empty for a classic book.
std::vector<std::string> variant_paragraphs(const std::vector<std::string>& variants);

// The rules of a puzzle in one sentence, for the line under a newspaper puzzle
// (newspaper.instructions): "Place the digits 1 to 9 once in every row, column and 3x3 box." for a
// classic 9x9, with the variant's own units or cages ("... column, 3x3 box and long diagonal.").
std::string instruction_line(const std::string& variant, const Shape& shape);

}  // namespace gp::layout
