// Declares each page's TrimBox and BleedBox in a finished PDF (a bleed book: the printer cuts
// the page at the TrimBox; the BleedBox is the whole page, trim plus bleed). Cairo writes only a
// MediaBox, so the document is rewritten with libqpdf, as the DeviceGray pass does (gray.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace gp::pdfcheck {

// A page's trim box in PDF user space (pt, origin at the bottom left of the MediaBox).
struct TrimBox {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// Returns the PDF with /TrimBox trims[i] and /BleedBox = the MediaBox on page i + 1. The same input
// gives the same bytes (deterministic /ID); metadata is kept.
// Errors: "the PDF has 3 pages but 2 trim boxes were given", or a PDF qpdf cannot read.
Result<std::string> with_page_boxes(std::string_view pdf, const std::vector<TrimBox>& trims);

}  // namespace gp::pdfcheck
