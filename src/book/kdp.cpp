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

pdfcheck::CoverRules kdp_cover_rules(const layout::CoverGeometry& g) {
  auto area = [](const layout::Box& b) {
    return pdfcheck::CoverArea{layout::mm_to_pt(b.x), layout::mm_to_pt(b.y), layout::mm_to_pt(b.w), layout::mm_to_pt(b.h)};
  };
  pdfcheck::CoverRules rules;
  rules.base.min_pages = rules.base.max_pages = 0;
  rules.base.even_pages = false;
  rules.base.max_blank_run = 0;
  rules.base.min_line_pt = 0;  // a cover's art may have hairlines; text size, fonts and links still apply
  rules.base.page_size_pt = std::pair{layout::mm_to_pt(g.width), layout::mm_to_pt(g.height)};
  rules.safe = {area(g.back_safe), area(g.spine_safe), area(g.front_safe)};
  rules.barcode = area(g.barcode);
  return rules;
}

std::vector<std::string> grouped_messages(const std::vector<std::string>& messages) {
  // The kind of a message: its text after "page N: " with quoted text and figures left out.
  auto kind = [](const std::string& message) {
    std::string k;
    const auto colon = message.find(": ");
    bool quoted = false;
    for (std::size_t i = colon == std::string::npos ? 0 : colon + 2; i < message.size(); ++i) {
      const char c = message[i];
      if (c == '\'') quoted = !quoted;
      else if (!quoted && !(c >= '0' && c <= '9') && c != '.') k += c;
    }
    return k;
  };
  std::vector<pdfcheck::Finding> findings;
  for (const std::string& m : messages) findings.push_back({0, kind(m), m, {}});
  std::vector<std::string> out;
  for (pdfcheck::Finding& f : pdfcheck::group_findings(std::move(findings))) out.push_back(std::move(f.message));
  return out;
}

}  // namespace gp::book
