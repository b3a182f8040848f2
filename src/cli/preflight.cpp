// The PDF preflight behind `gridpress preflight FILE.pdf`: options to rules, report to text/JSON.
#include "cli/preflight.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "book/kdp.hpp"
#include "book/run.hpp"
#include "cli/commands.hpp"
#include "layout/layout.hpp"
#include "spec/spec.hpp"

namespace gp::cli {

namespace {

constexpr double kPtPerInch = 72.0;
constexpr double kBleedPt = 0.125 * kPtPerInch;

bool bare_number(const std::string& s, double& value) {
  if (s.empty()) return false;
  std::size_t used = 0;
  try {
    value = std::stod(s, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == s.size() && value > 0;
}

}  // namespace

Result<std::pair<double, double>> parse_trim_pt(const std::string& text) {
  const Error bad("--trim: expected WxH in inches (e.g. 6x9) or with a unit (e.g. 150x230mm), got '" + text + "'");
  if (auto preset = spec::find_page_preset(text))
    return std::pair{preset->width_mm / spec::kMmPerPoint, preset->height_mm / spec::kMmPerPoint};
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos) return bad;
  const std::string w = text.substr(0, x), h = text.substr(x + 1);
  double wv = 0, hv = 0;
  if (bare_number(w, wv) && bare_number(h, hv)) return std::pair{wv * kPtPerInch, hv * kPtPerInch};
  // Lengths with units; "150x230mm": the second half's unit applies to a bare first half.
  std::string unit;
  const auto unit_at = h.find_first_not_of("0123456789. ");
  if (unit_at != std::string::npos) unit = h.substr(unit_at);
  auto wmm = spec::parse_length_mm(bare_number(w, wv) ? w + unit : w);
  auto hmm = spec::parse_length_mm(h);
  if (!wmm || !hmm || *wmm <= 0 || *hmm <= 0) return bad;
  return std::pair{*wmm / spec::kMmPerPoint, *hmm / spec::kMmPerPoint};
}

Result<pdfcheck::Rules> preflight_rules(const PreflightOptions& options) {
  std::optional<std::pair<double, double>> trim;
  if (!options.trim.empty()) {
    auto parsed = parse_trim_pt(options.trim);
    if (!parsed) return parsed.error();
    trim = *parsed;
  }
  if (options.paper != "white" && options.paper != "cream")
    return Error("--paper: expected white or cream, got '" + options.paper + "'");
  const layout::Paper paper = options.paper == "cream" ? layout::Paper::cream : layout::Paper::white;
  if (options.rules == "kdp") return book::kdp_pdf_rules(trim, options.bleed, paper);
  if (options.rules != "none") return Error("--rules: expected kdp or none, got '" + options.rules + "'");
  pdfcheck::Rules r;  // nothing but the page size
  r.min_pages = r.max_pages = 0;
  r.even_pages = r.fonts_embedded = r.no_outlines = r.no_annotations = false;
  r.min_text_pt = r.min_line_pt = r.min_image_dpi = 0;
  if (trim) r.page_size_pt = options.bleed ? std::pair{trim->first + kBleedPt, trim->second + 2 * kBleedPt} : *trim;
  return r;
}

int print_preflight_report(const std::string& path, const pdfcheck::Report& report, const PreflightOptions& options,
                           std::ostream& out) {
  const std::size_t n = report.findings.size();
  if (options.format == "json") {
    nlohmann::json doc;
    doc["file"] = path;
    doc["pages"] = report.pages;
    doc["width_pt"] = report.width_pt;
    doc["height_pt"] = report.height_pt;
    doc["passed"] = report.ok();
    doc["findings"] = nlohmann::json::array();
    for (const auto& f : report.findings) {
      nlohmann::json runs = nlohmann::json::array();
      for (const auto& [first, last] : pdfcheck::page_runs(f.pages)) runs.push_back({first, last});
      doc["findings"].push_back({{"page", f.page}, {"pages", runs}, {"rule", f.rule}, {"message", f.message}});
    }
    out << doc.dump(2) << '\n';
  } else {
    for (const auto& f : report.findings) out << f.message << '\n';
    if (n == 0)
      out << "preflight: passed (" << report.pages << (report.pages == 1 ? " page, " : " pages, ")
          << pdfcheck::inches_text(report.width_pt) << 'x' << pdfcheck::inches_text(report.height_pt) << " in)\n";
    else
      out << "preflight: " << n << (n == 1 ? " problem" : " problems") << '\n';
  }
  // A page whose walk met a work limit was not checked: no verdict, whatever --strict says.
  const bool unchecked = std::any_of(report.findings.begin(), report.findings.end(),
                                     [](const pdfcheck::Finding& f) { return f.rule == "work-limit"; });
  return (n > 0 && options.strict) || unchecked ? kExitFailure : kExitOk;
}

int preflight_pdf_file(const std::string& path, const PreflightOptions& options, std::ostream& out, std::ostream& err) {
  auto rules = preflight_rules(options);
  if (!rules) {
    err << rules.error().to_string() << '\n';
    return kExitUsage;
  }
  auto report = pdfcheck::check_pdf(path, *rules);
  if (!report) {
    err << report.error().to_string() << '\n';
    return kExitUsage;
  }
  return print_preflight_report(path, *report, options, out);
}

bool is_spec_path(const std::string& path) { return path.ends_with(".yaml") || path.ends_with(".yml"); }

int preflight_spec_command(const std::string& spec_path, const PreflightOptions& options, std::ostream& out,
                           std::ostream& err) {
  const book::BookRun run = book::preflight_spec(spec_path, book::BookRunOptions{});
  if (run.outcome != book::Outcome::ok) {
    print_error(run.error, err);
    return exit_code(run.outcome);
  }
  // Printed as a report on a PDF is: the same lines, the same JSON.
  pdfcheck::Report report;
  report.pages = run.book_pages;
  report.width_pt = run.trim_width_pt;
  report.height_pt = run.trim_height_pt;
  for (const std::string& f : run.findings) report.findings.push_back(pdfcheck::Finding{0, "print-rules", f, {}});
  for (const std::string& f : run.cover_findings)  // the cover's own check, when the spec has a cover
    report.findings.push_back(pdfcheck::Finding{0, "cover", "cover: " + f, {}});
  report.findings = pdfcheck::group_findings(std::move(report.findings), 0);
  PreflightOptions o = options;
  o.strict = options.strict || run.strict;
  return print_preflight_report(spec_path, report, o, out);
}

}  // namespace gp::cli
