#include "pdfcheck/cover.hpp"

#include <algorithm>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include "pdfcheck/content.hpp"

namespace gp::pdfcheck {
namespace {

constexpr double kTolerancePt = 0.5;

bool inside(const CoverArea& b, const CoverArea& a) {
  return b.x >= a.x - kTolerancePt && b.y >= a.y - kTolerancePt && b.x + b.w <= a.x + a.w + kTolerancePt &&
         b.y + b.h <= a.y + a.h + kTolerancePt;
}

bool overlaps(const CoverArea& b, const CoverArea& a) {
  return b.x < a.x + a.w - kTolerancePt && a.x < b.x + b.w - kTolerancePt && b.y < a.y + a.h - kTolerancePt &&
         a.y < b.y + b.h - kTolerancePt;
}

std::string place(const CoverArea& b) { return inches_text(b.x) + " x " + inches_text(b.y) + " in"; }

void add(Report& report, const char* rule, const std::vector<CoverArea>& hits, const std::string& what) {
  if (hits.empty()) return;
  std::string msg = "text at " + place(hits.front()) + " (from the cover's top-left) " + what;
  if (hits.size() > 1) msg += " (and " + std::to_string(hits.size() - 1) + " more)";
  report.findings.push_back(Finding{1, rule, msg, {1}});
}

}  // namespace

Result<Report> check_cover_pdf(const std::string& path, const CoverRules& rules) {
  auto checked = check_pdf(path, rules.base);
  if (!checked) return checked.error();
  Report report = std::move(*checked);
  if (report.pages != 1)
    report.findings.insert(report.findings.begin(),
                           Finding{0, "cover-pages", "the cover has " + std::to_string(report.pages) +
                                                         " pages; a cover is one page",
                                   {}});
  if (report.pages < 1) return report;
  std::vector<CoverArea> outside, barcode;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(path.c_str());
    std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    QPDFPageObjectHelper& page = pages.front();
    QPDFObjectHandle media = page.getAttribute("/MediaBox", false);
    double left = 0, top = report.height_pt;
    if (media.isArray() && media.getArrayNItems() == 4) {
      double v[4];
      for (int i = 0; i < 4; ++i) v[i] = media.getArrayItem(i).isNumber() ? media.getArrayItem(i).getNumericValue() : 0;
      left = std::min(v[0], v[2]);
      top = std::max(v[1], v[3]);
    }
    detail::PageLimits limits;
    limits.collect_text = true;
    const detail::PageInk ink = detail::walk_page(page, limits);
    for (const detail::Box& t : ink.text_boxes) {
      const CoverArea b{t.x0 - left, top - t.y1, t.x1 - t.x0, t.y1 - t.y0};
      if (overlaps(b, rules.barcode))
        barcode.push_back(b);
      else if (std::none_of(rules.safe.begin(), rules.safe.end(), [&](const CoverArea& a) { return inside(b, a); }))
        outside.push_back(b);
    }
  } catch (const detail::ContentLimit& e) {
    report.findings.push_back(Finding{1, "work-limit", "page 1: " + std::string(e.what()), {1}});
    return report;
  } catch (const std::exception& e) {
    report.findings.push_back(
        Finding{1, "content", "page 1: the content cannot be read (" + std::string(e.what()) + ")", {1}});
    return report;
  }
  add(report, "cover-text-safety", outside,
      "is outside the safe area (0.125 in inside the trim, 0.0625 in from the spine's folds)");
  add(report, "cover-barcode", barcode, "is in the barcode area (2 x 1.2 in, 0.25 in from the back's bottom and spine)");
  return report;
}

}  // namespace gp::pdfcheck
