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
  std::string paper = "white";  // "white" | "cream": the page maximum (KDP: 828 or 776 for most trims)
  bool strict = false;          // findings make the exit code 1
  std::string format = "text";  // "text" | "json"
};

// A trim size in pt: a preset name ("6x9", "a5"), "WxH" in inches ("6.14x9.21"), or two lengths
// with units ("152.4mmx228.6mm", "150x230mm": a unit after the second applies to both).
// Errors: "--trim: expected WxH in inches (e.g. 6x9) or with a unit (e.g. 150x230mm), got '6by9'".
Result<std::pair<double, double>> parse_trim_pt(const std::string& text);

// The rules the options ask for. Errors: a bad --trim, an unknown --rules or --paper.
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

// True for a path ending in .yaml or .yml (the preflight command's SPEC form).
bool is_spec_path(const std::string& path);

// The SPEC.yaml form of `gridpress preflight`: runs preflight_spec and prints the findings as
// print_preflight_report prints a PDF's (one a line, then "preflight: passed (116 pages, 6x9 in)"
// with the trim size, or "preflight: N problems"; JSON: "file" is the spec, each finding's rule
// "print-rules", its page the first page it names, 0 for the book as a whole). Spec and generation
// errors go to `err`. options.rules, trim, bleed and paper do not apply (the spec says them). Returns the exit code: 0 passed (or problems, unless
// options.strict or the spec's print.strict), 1 problems when strict or the book could not be
// made, 2 a bad spec.
int preflight_spec_command(const std::string& spec_path, const PreflightOptions& options, std::ostream& out,
                           std::ostream& err);

}  // namespace gp::cli
