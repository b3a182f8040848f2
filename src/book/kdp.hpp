// The print-on-demand (Amazon KDP) paperback interior rules as pdfcheck::Rules, shared by the book
// pipeline (the check of a book it has just written) and `gridpress preflight`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "layout/cover.hpp"
#include "layout/print_rules.hpp"
#include "pdfcheck/cover.hpp"
#include "pdfcheck/pdfcheck.hpp"

namespace gp::book {

// The KDP paperback interior rules for a trim size (pt; nullopt = size unchecked): 24 pages up to
// layout::kdp_max_pages for the trim and paper, even, at most 2 blank pages in a row, fonts embedded, text >= 7 pt, lines >=
// 0.75 pt, no bookmarks or annotations, ink >= 0.25 in inside the trim on the top, bottom and
// outside edges and >= layout::kdp_gutter_mm(page count) on the inside edge. With bleed the page
// must be trim + 0.125 in wide and + 0.25 in tall, ink may run into the bleed, and every page
// declares its TrimBox and BleedBox. Without a trim the
// page must be one of the KDP trims (5x8 ... 8.27x11.69 in, with bleed added), and the trim of the
// first page sets the page maximum.
pdfcheck::Rules kdp_pdf_rules(std::optional<std::pair<double, double>> trim_pt, bool bleed,
                              layout::Paper paper = layout::Paper::white);

// The KDP full-wrap cover rules for a cover of geometry `g` (layout::cover_geometry: the trim, the
// spine for the page count and paper): one page of g's size with 0.125 in bleed, fonts embedded,
// text >= 7 pt, no links or bookmarks, every piece of text inside the back, spine or front safe
// area and none in the barcode area. Hairlines are allowed (a cover's art may have them). Shared
// by the book pipeline (the cover it has just drawn) and `gridpress preflight COVER.pdf --cover`.
pdfcheck::CoverRules kdp_cover_rules(const layout::CoverGeometry& g);

// The layout preflight's messages with a problem on many pages grouped as pdfcheck::group_findings
// groups a file's: "page 3: text '12' is set at 6.0 pt ..." ... "page 77: ..." become "pages 3-77:
// ..."; messages alike but for their figures and quoted text, on more than 3 groups of pages,
// become one naming the first page. Messages without a page come first.
std::vector<std::string> grouped_messages(const std::vector<std::string>& messages);

}  // namespace gp::book
