// Print production rules: the Amazon KDP paperback limits, and a preflight that checks
// laid-out pages against them (text size, line weight, greyscale, everything inside the live
// area, page count, even count, runs of blank pages). Sources: KDP Help "Paperback Submission
// Guidelines", "Set trim size, bleed, and margins" and "Print options" (page limits by trim).
#pragma once

#include <string>
#include <vector>

#include "layout/document.hpp"
#include "layout/layout.hpp"

namespace gp::layout {

enum class Paper { white, cream };

// KDP's page limits (black ink): minimum 24; maximum 828 on white paper (776 on cream), except
// 8.25x6 and 8.25x8.25 in: 800 (750), 8.5x8.5 and 8.5x11 in: 590 (550), 8.27x11.69 in: 780 (730).
// Trim sizes are matched to within 0.01 in, either orientation.
int kdp_max_pages(double trim_width_mm, double trim_height_mm, Paper paper = Paper::white);

// Spine width for a page count: 0.002252 in per page on white paper, 0.0025 in on cream (mm).
double spine_width_mm(int page_count, Paper paper = Paper::white);
// KDP allows text on the spine only for books of more than 79 pages.
inline bool spine_text_allowed(int page_count) { return page_count > 79; }

struct PrintRules {
  double min_text_pt = kMinTextPt;   // smallest text size
  double min_line_pt = kMinLinePt;   // thinnest line
  bool check_page_count = true;      // min_pages..max_pages, even
  int min_pages = kKdpMinPages;
  int max_pages = kKdpMaxPages;
  int max_blank_run = 2;             // most blank pages allowed in a row
};

// The rules for a KDP paperback of this trim (max_pages from kdp_max_pages).
PrintRules kdp_rules(double trim_width_mm, double trim_height_mm, Paper paper = Paper::white);

// Checks pages one at a time as they are laid out (wrap a PageSink with it), then the document.
// Every problem is one message; each page reports each kind of problem once, naming the first
// offending item:
//   "page 7: text '12' is set at 6.0 pt (the minimum is 7 pt)"
//   "page 7: a line is 0.50 pt wide (the minimum is 0.75 pt)"
//   "page 7: text 'Puzzle 1' reaches outside the margins"     (also lines and rectangles)
//   "page 7: grey level 1.20 is outside 0..1"
//   "the book has 22 pages; the minimum is 24"
//   "the book has 601 pages; the maximum for this trim is 590"
//   "the book has 25 pages; the page count must be even (add a notes page)"
//   "pages 4-6 are blank: at most 2 blank pages in a row"
class Preflight {
 public:
  // `geometry` gives each page's live area (page numbers count from 1 in the order checked).
  Preflight(PrintRules rules, PageGeometry geometry);

  void check(const Page& page);
  // A sink that checks each page and then hands it to `next`.
  PageSink wrap(PageSink next);

  int pages() const { return pages_; }
  // Page problems so far plus the document's (page count, blank runs). Empty = passed.
  std::vector<std::string> finish() const;

 private:
  PrintRules rules_;
  PageGeometry geometry_;
  int pages_ = 0;
  std::vector<std::string> problems_;
  std::vector<std::pair<int, int>> blank_runs_;  // [first, last] runs longer than allowed
  int blank_start_ = 0;                          // first page of the current blank run, 0 = none
};

}  // namespace gp::layout
