#include "book/kdp.hpp"

#include "layout/layout.hpp"
#include "spec/spec.hpp"

namespace gp::book {

namespace {

constexpr double kPtPerInch = 72.0;
constexpr double kBleedPt = 0.125 * kPtPerInch;
constexpr double kKdpOuterMarginPt = 0.25 * kPtPerInch;  // from the trim edge, with or without bleed

}  // namespace

pdfcheck::Rules kdp_pdf_rules(std::optional<std::pair<double, double>> trim_pt, bool bleed, layout::Paper paper) {
  pdfcheck::Rules r;
  r.min_pages = layout::kKdpMinPages;
  r.min_text_pt = layout::kMinTextPt;
  r.min_line_pt = layout::kMinLinePt;
  r.max_pages = trim_pt ? layout::kdp_max_pages(trim_pt->first * spec::kMmPerPoint, trim_pt->second * spec::kMmPerPoint, paper)
                        : layout::kdp_max_pages(0, 0, paper);
  if (trim_pt) {
    r.page_size_pt = *trim_pt;
    if (bleed) r.page_size_pt = std::pair{trim_pt->first + kBleedPt, trim_pt->second + 2 * kBleedPt};
  } else {
    // Any of the KDP trims (the page presets named WxH, in inches), each with its page maximum.
    for (const spec::PagePreset& p : spec::page_presets()) {
      if (p.name.find('x') == std::string_view::npos) continue;  // A4, A5, Letter, Legal
      const double w = p.width_mm / spec::kMmPerPoint, h = p.height_mm / spec::kMmPerPoint;
      r.page_sizes_pt.push_back({bleed ? w + kBleedPt : w, bleed ? h + 2 * kBleedPt : h,
                                 layout::kdp_max_pages(p.width_mm, p.height_mm, paper)});
    }
    r.page_sizes_name = bleed ? "a KDP trim size with bleed (give --trim WxH for a custom trim)"
                              : "a KDP trim size (give --trim WxH for a custom trim)";
  }
  r.bleed_pt = bleed ? kBleedPt : 0;
  r.bleed_boxes = bleed;
  r.live_margin_pt = kKdpOuterMarginPt;
  r.inside_margin_pt = [](int page_count) { return layout::kdp_gutter_mm(page_count) / spec::kMmPerPoint; };
  return r;
}

}  // namespace gp::book
