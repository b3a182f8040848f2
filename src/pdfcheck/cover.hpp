// A finished full-wrap cover PDF checked against where its parts must be: one page of the
// expected size, every font embedded, no annotations (check_pdf's rules), every piece of text
// inside a safe area and none in the barcode area.
#pragma once

#include <string>
#include <vector>

#include "core/result.hpp"
#include "pdfcheck/pdfcheck.hpp"

namespace gp::pdfcheck {

// A rectangle in pt from the page's top-left corner (x right, y down), as a cover is designed.
struct CoverArea {
  double x = 0, y = 0, w = 0, h = 0;
};

struct CoverRules {
  Rules base;                    // page size, fonts, annotations, outlines, text size
  std::vector<CoverArea> safe;   // text must lie inside one of these (back, spine, front)
  CoverArea barcode;             // no text may reach into this
};

// Checks the cover at `path`. Findings (rule "cover-pages", "cover-text-safety",
// "cover-barcode", besides check_pdf's), one a kind, naming the first offender's place in inches
// from the cover's top-left and how many more there are:
//   "the cover has 2 pages; a cover is one page"
//   "text at 0.1 x 4.3 in (from the cover's top-left) is outside the safe area (and 3 more)"
//   "text at 4.1 x 8.2 in (from the cover's top-left) is in the barcode area"
// Errors: as check_pdf.
Result<Report> check_cover_pdf(const std::string& path, const CoverRules& rules);

}  // namespace gp::pdfcheck
