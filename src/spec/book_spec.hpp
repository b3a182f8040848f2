// BookSpec: the plain data a YAML book spec turns into. No yaml-cpp here (only spec/*.cpp
// includes it), so layout/render/cli can use these structs freely. Lengths are millimetres.
// Every default below is documented in docs/spec.md; keep the two in step.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"

namespace gp::spec {

// Where a value came from in the spec file, for diagnostics raised after parsing.
struct Mark {
  int line = 0;
  int col = 0;
  friend bool operator==(const Mark&, const Mark&) = default;
};

// Where a key was set: its file (the spec or a profile), line and column (0 = unknown).
struct Place {
  std::string file;
  int line = 0;
  int col = 0;
  friend bool operator==(const Place&, const Place&) = default;
};

struct Margins {
  double top = 15, bottom = 15;
  double inside = 19, outside = 13;   // mirrored: inside = binding edge
  friend bool operator==(const Margins&, const Margins&) = default;
};

struct PageSpec {
  std::string size_name = "6x9";      // preset name, or "custom"
  double width = 152.4;               // trim width, mm (portrait after orientation applied)
  double height = 228.6;              // trim height, mm
  bool landscape = false;
  bool bleed = false;                 // adds 0.125 in outside, 0.25 in total height
  bool mirror_margins = true;
  Margins margins;
  // `margins.inside: auto` = choose the inside margin (gutter) from the final page count
  // by the print-on-demand table (24-150 pages 0.375 in ... 701-828 0.875 in); `margins.inside`
  // then holds the smallest (0.375 in) until layout knows the page count.
  bool auto_gutter = false;
  friend bool operator==(const PageSpec&, const PageSpec&) = default;
};

// Visual style; a profile (templates/*.yaml) sets these and a spec may override any key.
struct Theme {
  std::string font = "DejaVu Sans";            // text font family (fontconfig name)
  std::string digit_font = "DejaVu Sans";      // font for grid digits
  std::string title_font = "DejaVu Serif";
  double body_size = 10;                       // pt
  double caption_size = 9;                     // pt
  double heading_size = 20;                    // pt
  double title_size = 30;                      // pt
  double digit_scale = 0.62;                   // digit height relative to the cell size
  double thin_line = 0.75;                     // pt, cell lines (>= 0.75 for print)
  double box_line = 2.0;                       // pt
  double border_line = 2.5;                    // pt
  double grey_givens = 0.0;                    // 0 = black; answer keys draw filled digits in grey
  double answer_fill_grey = 0.45;              // grey level for solved (non-given) digits in answers
  bool running_head = true;
  bool page_numbers = true;
  std::string caption = "{number}";           // template: {number} {label} {rating} {clues} {section} {answer_page}
  std::string answer_caption = "{number} (p. {page})";
  double min_digit_size = 0;                   // pt; > 0 = digits must be at least this big (large print)
  friend bool operator==(const Theme&, const Theme&) = default;
};

struct SectionSpec {
  Mark mark;
  std::string name;
  int count = 10;
  Shape shape{3, 3};
  int clues_min = 0, clues_max = 0;           // 0,0 = any (what digging reaches)
  // `clues: auto` (the default): with a difficulty, the band's clue range for the grid size (the
  // spec's band `clues`, else core/difficulty.hpp); without one, 12x12/16x16 get their default
  // range and other sizes whatever digging reaches. clues_min/max are then 0.
  bool clues_auto = true;
  std::string difficulty;                      // band name; empty = any
  std::string spread = "even";                 // "even": ratings spread over the band | "any"
  std::string order = "generated";             // "generated" | "rating": sorted easiest first
  double budget = 0;                           // seconds for the section; 0 = 60 + 0.5 a puzzle
  std::optional<std::pair<double, double>> rating;  // explicit SE range, overrides difficulty
  std::string variant = "classic";             // classic, x, hyper, jigsaw, killer (core/grid.hpp Variant)
  std::string regions = "random";              // jigsaw region layouts: random or symmetric (half turn)
  std::string givens = "none";                 // killer: none (cages only) or some (a few givens)
  std::string guessing = "never";              // never: only puzzles the grader's ladder finishes | allowed
  std::string symmetry = "rotate180";
  std::string fill = "random";
  bool minimal = false;
  int columns = 1, rows = 2;                   // puzzles per page as columns x rows
  // Puzzles a page when fewer than columns x rows (the last row part-filled and centred): what
  // `per_page: 3` gives on a tall page (2x2, bigger cells than 1x3). 0 = columns x rows.
  int per_page = 0;
  bool heading_page = true;                    // a section title page before its puzzles
  // Where this section's own keys are in the spec file ("clues" -> its value's line/col); keys
  // inherited from defaults/profile/section_defaults are absent. See section_diagnostic().
  std::map<std::string, Mark> key_marks;
  // Newspaper runs: the puzzle's date (YYYY-MM-DD), weekday ("Monday") and printed
  // number. Empty / 0 in ordinary books.
  std::string date;
  std::string weekday;
  int number = 0;
  // Worksheets for a class (worksheet.names): the child this copy of the section is for; its
  // pages carry the name and number their puzzles from 1. Empty otherwise.
  std::string pupil;
  int child = -1;  // a class list: the child's place in it, from 0 (two children may share a name)
  // What stands for the values in the grid (spec/symbols.hpp): "digits", "letters" (A, B, C ...),
  // "shapes" (circle, square, triangle, star, heart, diamond), "colors" (a colour with its
  // initial), or "custom" with `symbol_list` (one entry per value: a shape or colour name, or a
  // text of 1 or 2 characters).
  std::string symbols = "digits";
  std::vector<std::string> symbol_list;
  // Practice grids: `count` empty grids, nothing generated and no answers (worksheets).
  bool blank = false;
  // Worksheets, per section: the rules box's wording ("" = worksheet.rules_text, else written for
  // the section's grid and symbols); the number of its first puzzle (0 = running on from the
  // section before; with a class list each child's copy starts there); what {level} shows for its
  // puzzles ("" = worksheet.levels of the puzzle's band); what counts as alike for its puzzles
  // ("" = the book's dedup).
  std::string rules_text;
  int number_from = 0;
  std::string level;
  std::string dedup;
  // Books: files whose puzzles this section never repeats (manifests, puzzle files, catalogues;
  // resolved paths, globs expanded), besides the book's own `exclude`.
  std::vector<std::string> exclude;
  friend bool operator==(const SectionSpec&, const SectionSpec&) = default;
};

struct AnswersSpec {
  bool enabled = true;
  std::string placement = "end";               // "end" | "after-section" | "separate"
  int columns = 3, rows = 4;                   // per page
  // A hints page before the answers: per puzzle, the technique and the place of its first step and
  // of its first step beyond the singles (the digits left to the reader). Also the book-level `hints`.
  bool hints = false;
  // Worked solutions before the answers (`answers.explained`): the first `explained` puzzles of
  // each section, or the puzzles of the printed numbers in `explained_numbers`; 0 / empty = none.
  int explained = 0;
  std::vector<int> explained_numbers;
  friend bool operator==(const AnswersSpec&, const AnswersSpec&) = default;
};

struct FrontMatter {
  bool title_page = true;
  bool how_to_play = true;
  bool contents = false;
  std::string notice;                          // copyright / notice page text; empty = none
  bool techniques = false;                     // worked examples after how-to-play, from real steps
  bool cage_combinations = false;              // killer books: a table of cage sums and their digit sets
  friend bool operator==(const FrontMatter&, const FrontMatter&) = default;
};

struct OutputSpec {
  std::string path = "book.pdf";               // resolved against the spec file's folder
  std::string format = "pdf";                  // pdf | svg | png | eps
  double png_dpi = 150;
  bool manifest = true;                        // NAME.json and NAME.csv next to the book
  std::string creation_date;                   // ISO 8601 for PDF metadata; empty = fixed epoch
  std::string color = "rgb";                   // "rgb" | "gray": PDF content in DeviceGray only (black plate)
  friend bool operator==(const OutputSpec&, const OutputSpec&) = default;
};

// Print-production rules. `rules: kdp` runs the print-on-demand preflight with the book
// (page count 24..828, even pages, fonts embedded, text >= 7 pt, lines >= 0.75 pt, furniture inside
// the margins, no links/bookmarks); the spec loader already refuses what it can see (text sizes,
// margins, trim size).
struct PrintSpec {
  std::string rules = "none";                  // "none" | "kdp"
  bool strict = false;                         // preflight violations fail the build (non-zero exit)
  bool pad_even = true;                        // pad to an even page count with a notes page
  std::string paper = "white";                 // "white" (0.002252 in/page) | "cream" (0.0025 in/page)
  friend bool operator==(const PrintSpec&, const PrintSpec&) = default;
};

// How a book draws killer cages and jigsaw regions. `tint: alternate` fills each cage (region) with
// one of a few light greys, touching ones different, so the eye finds a cage's edge at a glance;
// the greys stay light enough for digits, dashes and pencil marks (docs/layout.md).
struct KillerSpec {
  std::string tint = "none";  // "none" | "alternate"
  friend bool operator==(const KillerSpec&, const KillerSpec&) = default;
};
struct JigsawSpec {
  std::string tint = "none";  // "none" | "alternate"
  friend bool operator==(const JigsawSpec&, const JigsawSpec&) = default;
};

// A separate full-wrap cover PDF (back + spine + front, 0.125 in bleed all round).
struct CoverSpec {
  bool enabled = false;
  std::string path;                            // resolved; empty = <book stem>-cover.pdf next to the book
  std::string back_text;                       // back-cover text
  bool spine_text = true;                      // title/author on the spine when the book has > 79 pages
  bool proof = false;                          // draw the barcode area and safe lines as guides
  std::string theme = "midnight";              // layout/cover_theme.hpp: the named themes
  // Colours "#rrggbb" overriding the theme's; empty = the theme's own.
  std::string background, background2, title_color, accent;
  std::string image;                           // a PNG for the front; resolved; empty = none
  std::string image_fit = "fill";              // "fill" the front to its bleed edges | "fit" where the grid goes
  int image_min_dpi = 300;                     // the least resolution at the printed size
  int sample = 0;                              // the puzzle numbered so on the front; 0 = a representative one (book/cover.hpp)
  friend bool operator==(const CoverSpec&, const CoverSpec&) = default;
};

// A newspaper run: one puzzle per day, each written as its own file(s) at an exact width.
// When enabled with a start_date, the loader builds one section per day (count 1, `date`,
// `weekday`, `number` set, difficulty from `weekday_difficulty`) from section_defaults.
struct NewspaperSpec {
  bool enabled = false;
  double width = 0;                            // mm, exact width of every puzzle file (e.g. 11.5pc)
  std::vector<std::string> formats{"pdf"};     // any of pdf, eps, svg, png
  std::string start_date;                      // YYYY-MM-DD of the first puzzle
  int days = 7;                                // puzzles in the run (one a day)
  int start_number = 1;                        // number of the first puzzle; continue it across runs
  // The spec gave start_number / start_date (else a run with a catalogue continues the catalogue's
  // numbering and dates: the day after its last, the number after its last).
  bool start_number_given = false;
  bool start_date_given = false;
  std::string caption = "No. {number} - {weekday} {date} - {label}";
  std::string file_name = "sudoku-{date}";     // + "." + format, in the output folder
  std::string solution_file_name = "sudoku-{date}-solution";
  // Weekday ("monday".."sunday") -> band; defaults rise from easy (Mon) to expert (Sun).
  std::map<std::string, std::string> weekday_difficulty{
      {"monday", "easy"},   {"tuesday", "easy"}, {"wednesday", "medium"}, {"thursday", "medium"},
      {"friday", "hard"},   {"saturday", "hard"}, {"sunday", "expert"}};
  std::vector<std::string> exclude;            // resolved paths of earlier runs' manifests (no repeats)
  std::string locale = "en";                   // weekday and month names in captions: en de fr es it nl
  // The day a solution runs: "same_day", or "next_day" (its files are named with the next day's
  // date and weekday, the edition that prints it).
  std::string solution_runs = "same_day";
  // Fixed names for the layout program (a copy of each day's file under a name that does not
  // change, e.g. "today" or "sudoku-{weekday}"); "" = none. + "." + format (and ".json" for the feed).
  std::string link_name;
  std::string solution_link_name;
  std::string feed_file_name;                  // a JSON file per day for a website ("" = none); + ".json"
  // newspaper.weekdays: the section of each weekday the spec gives ("sunday" -> section_defaults,
  // then weekday_difficulty, then the weekday's own keys: variant, difficulty, clues ...). A day
  // whose weekday is not listed is section_defaults with its weekday_difficulty.
  std::map<std::string, SectionSpec> weekdays;
  std::map<std::string, std::vector<std::string>> weekday_keys;  // the keys each weekday gave (--resolved)
  // newspaper.skip: days the paper does not publish, as dates ("2026-12-25") or weekdays
  // ("sunday"); `days` counts publishing days, and a solution that runs the next day runs on the
  // next publishing day.
  std::vector<std::string> skip;
  bool instructions = false;                   // the variant's rules in one line under each puzzle
  std::string proof;                           // the editor's proof sheet (template, + ".pdf"); "" = none
  friend bool operator==(const NewspaperSpec&, const NewspaperSpec&) = default;
};

// Classroom worksheets.
struct WorksheetSpec {
  bool header = false;                         // "Name ____ Date ____ Class ____" on each puzzle page
  std::vector<std::string> header_fields{"Name", "Date", "Class"};
  bool rules_box = false;                      // the rules in plain words in a box on the first page
  bool rules_every_page = false;               // rules_box: every_page = the box on every puzzle page
  std::string rules_text;                      // the rules box's wording; empty = written for the grid size
  // A class printed on both sides: each child's sheets start on a front (odd) page.
  bool duplex = false;
  // Written on the header's Class and Date lines when given ("" = left to fill in).
  std::string class_name;
  std::string date;
  // worksheet.split: "none" = one PDF of every child's sheets; "per_child" = one file a child,
  // named by the child (slugged), and one answers file for the class.
  std::string split = "none";
  // A cut-and-glue page after each puzzle page: per puzzle, the missing symbols in cells to cut out.
  bool cutouts = false;
  // A class list (worksheet.names, or worksheet.names_file: one name a line): every section is
  // made once per child, in this order, each copy with its own puzzles. Empty = one set of sheets.
  std::vector<std::string> names;
  std::string names_file;                      // resolved path of worksheet.names_file ("" = none)
  // Band -> the level a sheet shows for it ({level} in captions): "Bronze" for easy ...
  std::map<std::string, std::string> levels{{"easy", "Bronze"},   {"medium", "Silver"}, {"hard", "Gold"},
                                            {"expert", "Platinum"}, {"fiendish", "Diamond"}};
  friend bool operator==(const WorksheetSpec&, const WorksheetSpec&) = default;
};

struct BookSpec {
  std::string source_file;                     // the spec path as given
  std::string base_dir;                        // folder relative paths resolve against
  std::string title = "Sudoku";
  std::string subtitle;
  std::string author;
  std::uint64_t seed = 1;
  // The catalogue of published puzzles (resolved path; "" = none): the run never picks a puzzle it
  // lists and records the puzzles it publishes (docs/catalogue.md).
  std::string catalogue;
  // Files whose puzzles the book never repeats, for every section (see SectionSpec::exclude).
  std::vector<std::string> exclude;
  std::string profile;                         // profile name it was built from, if any
  std::string profile_file;                    // the profile's file, read with the spec ("" = none)
  PageSpec page;
  Theme theme;
  std::vector<SectionSpec> sections;
  AnswersSpec answers;
  FrontMatter front;
  OutputSpec output;
  std::map<std::string, std::pair<double, double>> bands;  // label -> SE range (defaults if empty)
  std::map<std::string, std::pair<int, int>> band_clues;    // label -> clue range a band sets (`clues`)
  bool section_pages = true;                   // false: no section heading pages (a section's heading_page wins)
  std::string section_start = "any";           // "any" | "recto": section heading pages on right-hand pages
  // How the sections' puzzle pages follow one another: "sections" (each section's pages together, in
  // the spec's order), "interleave" (a page of each section in turn) or "rising" (every page by its
  // puzzles' difficulty on a scale common to SE and killer ratings). Not "sections": no heading pages.
  std::string order = "sections";
  // Where the keys outside sections were set, by full path ("answers.per_page", "title"), for
  // diagnostics raised after parsing (spec::key_diagnostic).
  std::map<std::string, Place> key_places;
  // What counts as the same puzzle within a book: "canonical" (relabelled, reordered, rotated or
  // reflected: the same) or "exact" (the same givens only; worksheets).
  std::string dedup = "canonical";
  // What every section starts from before its own keys apply (a profile may set e.g. 6x6 grids,
  // 6 per page). Its `name` is unused.
  SectionSpec section_defaults;
  PrintSpec print;
  CoverSpec cover;
  NewspaperSpec newspaper;
  WorksheetSpec worksheet;
  KillerSpec killer;
  JigsawSpec jigsaw;
  friend bool operator==(const BookSpec&, const BookSpec&) = default;
};

}  // namespace gp::spec
