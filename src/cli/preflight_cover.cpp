#include "cli/preflight_cover.hpp"

#include <cmath>
#include <ostream>

#include "book/kdp.hpp"
#include "cli/commands.hpp"
#include "layout/cover.hpp"
#include "pdfcheck/cover.hpp"
#include "spec/spec.hpp"

namespace gp::cli {
namespace {

constexpr double kInPt = layout::kPtPerInch;

// The KDP trim (pt) within 0.01 in of w x h, either way up; false when there is none.
bool kdp_trim(double w_pt, double h_pt) {
  for (const spec::PagePreset& p : spec::page_presets()) {
    if (p.name == "A4" || p.name == "A5" || p.name == "Legal") continue;  // not KDP trims
    const double pw = layout::mm_to_pt(p.width_mm), ph = layout::mm_to_pt(p.height_mm);
    if ((std::abs(pw - w_pt) < 0.01 * kInPt && std::abs(ph - h_pt) < 0.01 * kInPt) ||
        (std::abs(ph - w_pt) < 0.01 * kInPt && std::abs(pw - h_pt) < 0.01 * kInPt))
      return true;
  }
  return false;
}

}  // namespace

int preflight_cover_file(const std::string& path, const PreflightOptions& options, const CoverPreflightOptions& cover,
                         std::ostream& out, std::ostream& err) {
  if (cover.pages < 1) {
    err << "--pages: a cover check needs the interior's page count (--pages N) for the spine's width\n";
    return kExitUsage;
  }
  const layout::Paper paper = cover.paper == "cream" ? layout::Paper::cream : layout::Paper::white;
  const double bleed = layout::mm_to_pt(layout::kBleedMm);
  const double spine = layout::mm_to_pt(layout::spine_width_mm(cover.pages, paper));
  // The trim: given, or worked out from the file's size.
  double tw = 0, th = 0;
  bool known = true;
  if (!options.trim.empty()) {
    auto trim = parse_trim_pt(options.trim);
    if (!trim) {
      err << trim.error().to_string() << '\n';
      return kExitUsage;
    }
    tw = trim->first;
    th = trim->second;
  } else {
    pdfcheck::Rules none;
    none.min_pages = none.max_pages = 0;
    none.even_pages = none.fonts_embedded = none.no_outlines = none.no_annotations = false;
    none.min_text_pt = none.min_line_pt = 0;
    auto size = pdfcheck::check_pdf(path, none);
    if (!size) {
      err << size.error().to_string() << '\n';
      return kExitUsage;
    }
    tw = (size->width_pt - 2 * bleed - spine) / 2;
    th = size->height_pt - 2 * bleed;
    known = tw > 0 && th > 0 && kdp_trim(tw, th);
  }
  spec::PageSpec page;
  page.width = layout::pt_to_mm(tw);
  page.height = layout::pt_to_mm(th);
  const layout::CoverGeometry g = layout::cover_geometry(page, cover.pages, paper);
  const pdfcheck::CoverRules rules = book::kdp_cover_rules(g);
  auto report = pdfcheck::check_cover_pdf(path, rules);
  if (!report) {
    err << report.error().to_string() << '\n';
    return kExitUsage;
  }
  if (!known) {
    // Not a KDP trim with this spine: the size is what is wrong; the areas were guesses.
    report->findings.clear();
    report->findings.push_back(pdfcheck::Finding{
        0, "page-size",
        "the cover is " + pdfcheck::inches_text(report->width_pt) + " x " + pdfcheck::inches_text(report->height_pt) +
            " in; with " + std::to_string(cover.pages) + " pages on " + cover.paper + " paper (a " +
            pdfcheck::inches_text(spine) + " in spine) each panel would be " + pdfcheck::inches_text(tw) + " x " +
            pdfcheck::inches_text(th) + " in, which is not a KDP trim size (check --pages and --paper, or give --trim)",
        {}});
  }
  const int code = print_preflight_report(path, *report, options, out);
  if (options.format == "text" && report->ok())
    out << "cover: " << pdfcheck::inches_text(tw) << 'x' << pdfcheck::inches_text(th) << " in trim, "
        << pdfcheck::inches_text(spine) << " in spine (" << cover.pages << " pages, " << cover.paper << " paper)\n";
  return code;
}

}  // namespace gp::cli
