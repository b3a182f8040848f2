// TrimBox and BleedBox on every page (see boxes.hpp).
#include "pdfcheck/boxes.hpp"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include <cmath>

#include "pdfcheck/writer.hpp"

namespace gp::pdfcheck {

namespace {

// Whole thousandths of a point: no float noise ("431.99999999") in the file.
QPDFObjectHandle number(double v) { return QPDFObjectHandle::newReal(std::round(v * 1000) / 1000, 3, true); }

QPDFObjectHandle box(double x0, double y0, double x1, double y1) {
  QPDFObjectHandle a = QPDFObjectHandle::newArray();
  for (double v : {x0, y0, x1, y1}) a.appendItem(number(v));
  return a;
}

}  // namespace

Result<std::string> with_page_boxes(std::string_view data, const std::vector<TrimBox>& trims) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("pdf", data.data(), data.size());
    std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    if (pages.size() != trims.size())
      return Error("the PDF has " + std::to_string(pages.size()) + " pages but " + std::to_string(trims.size()) +
                   " trim boxes were given");
    for (std::size_t i = 0; i < pages.size(); ++i) {
      QPDFObjectHandle page = pages[i].getObjectHandle();
      const TrimBox& t = trims[i];
      page.replaceKey("/TrimBox", box(t.x0, t.y0, t.x1, t.y1));
      QPDFObjectHandle media = pages[i].getMediaBox();
      double m[4] = {0, 0, 0, 0};
      for (int k = 0; k < 4 && media.isArray() && k < media.getArrayNItems(); ++k)
        if (media.getArrayItem(k).isNumber()) m[k] = media.getArrayItem(k).getNumericValue();
      page.replaceKey("/BleedBox", box(m[0], m[1], m[2], m[3]));
    }
    return detail::written(pdf);
  } catch (const std::exception& e) {
    return Error(std::string("cannot add the trim and bleed boxes to the PDF: ") + e.what());
  }
}

}  // namespace gp::pdfcheck
