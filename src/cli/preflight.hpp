// The PDF side of `gridpress preflight`: options -> pdfcheck::Rules, check a file, print the
// findings. Kept apart from the command so that `gridpress book` (KDP profile) and the SPEC.yaml
// form of the command can call it on a book they have just written.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>

#include "core/result.hpp"
#include "layout/print_rules.hpp"
#include "pdfcheck/pdfcheck.hpp"

namespace gp::cli {

struct PreflightOptions {
  std::string rules = "kdp";    // "kdp": the KDP paperback interior rules; "none": only --trim's page size
  std::string trim;             // "" = page size unchecked; "6x9", "8.5x11" (inches), "152x229mm", a preset name
  bool bleed = false;           // pages are trim + 0.125 in wide and + 0.25 in tall
  bool strict = false;          // findings make the exit code 1
  std::string format = "text";  // "text" | "json"
};

// A trim size in pt: a preset name ("6x9", "a5"), "WxH" in inches ("6.14x9.21"), or two lengths
// with units ("152.4mmx228.6mm", "150x230mm": a unit after the second applies to both).
// Errors: "--trim: expected WxH in inches (e.g. 6x9) or with a unit (e.g. 150x230mm), got '6by9'".
Result<std::pair<double, double>> parse_trim_pt(const std::string& text);

// The KDP paperback interior rules for a trim size (pt; nullopt = size unchecked): 24 pages up to
// layout::kdp_max_pages for the trim and paper, even, at most 2 blank pages in a row, fonts embedded, text >= 7 pt, lines >=
// 0.75 pt, no bookmarks or annotations, ink >= 0.25 in inside the trim on the top, bottom and
// outside edges and >= layout::kdp_gutter_mm(page count) on the inside edge. With bleed the page
// must be trim + 0.125 in wide and + 0.25 in tall and ink may run into the bleed.
pdfcheck::Rules kdp_pdf_rules(std::optional<std::pair<double, double>> trim_pt, bool bleed,
                              layout::Paper paper = layout::Paper::white);

// The rules the options ask for. Errors: a bad --trim, an unknown --rules.
Result<pdfcheck::Rules> preflight_rules(const PreflightOptions& options);

// Checks the PDF at `path` and prints to `out`: one finding a line, then "preflight: N problems"
// or "preflight: passed (120 pages, 6x9 in)" (text), or one JSON object (json). Errors go to
// `err` ("cannot read 'x.pdf': No such file or directory").
// Returns the exit code: 0 passed (or problems without strict), 1 problems with strict, 2 the file
// cannot be read or the options are bad.
int preflight_pdf_file(const std::string& path, const PreflightOptions& options, std::ostream& out, std::ostream& err);

// Prints a report as preflight_pdf_file does and returns its exit code (for callers that ran
// pdfcheck::check_pdf themselves).
int print_preflight_report(const std::string& path, const pdfcheck::Report& report, const PreflightOptions& options,
                           std::ostream& out);

}  // namespace gp::cli
