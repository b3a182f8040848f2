// gridpress preflight FILE.pdf [--rules kdp|none] [--trim 6x9] [--bleed] [--strict]
// [--format text|json]: check a finished PDF (ours or anybody's) against the print rules.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "cli/preflight.hpp"

namespace gp::cli {

namespace {

struct PreflightCliOptions {
  std::string file;
  PreflightOptions options;
};

constexpr const char* kPreflightFooter =
    "Checks FILE.pdf against the Amazon KDP paperback interior rules (--rules kdp, the default):\n"
    "24 pages up to the trim's maximum (828; 590 for 8.5x11), an even page count, at most 2 blank pages\n"
    "in a row, every font embedded, text >= 7 pt and lines >= 0.75 pt after every scale, ink >= 0.25 in\n"
    "inside the trim (the gutter: 0.375-0.875 in by page count), no bookmarks, links or other\n"
    "annotations. --trim also checks the page size (with --bleed: trim + 0.125 in wide, + 0.25 in tall).\n"
    "--rules none checks only --trim.\n"
    "Prints one problem a line, then 'preflight: N problems' or 'preflight: passed (120 pages, 6x9 in)'.\n"
    "Rules and what is approximate: docs/preflight.md.\n"
    "A book spec (SPEC.yaml) is built as a PDF in a temporary folder (never over your book) and its\n"
    "pages and file are checked; the spec gives trim and bleed, and its print.strict acts as --strict\n"
    "(docs/print-on-demand.md).\n"
    "Exit code: 0 if passed (or problems without --strict), 1 if problems with --strict, 2 if FILE\n"
    "cannot be read or the options are bad.";

}  // namespace

void add_preflight_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<PreflightCliOptions>();
  CLI::App* sub = app.add_subcommand("preflight", "Check a finished PDF against the print-on-demand rules");
  sub->add_option("file", opt->file, "The PDF to check, or a book spec (.yaml) to build and check")->required();
  sub->add_option("--rules", opt->options.rules, "Rule set: kdp (default) or none")
      ->check(CLI::IsMember({"kdp", "none"}));
  sub->add_option("--trim", opt->options.trim, "Expected trim size: 6x9, 8.5x11 (inches), 150x230mm, a5 ...");
  sub->add_flag("--bleed", opt->options.bleed, "Pages carry 0.125 in bleed on the outside, top and bottom");
  sub->add_flag("--strict", opt->options.strict, "Exit with 1 when there is any problem");
  sub->add_option("--format", opt->options.format, "Output format: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  sub->footer(kPreflightFooter);
  sub->callback([&run, opt] {
    run = [opt] {
      if (is_spec_path(opt->file)) return preflight_spec_command(opt->file, opt->options, std::cout, std::cerr);
      return preflight_pdf_file(opt->file, opt->options, std::cout, std::cerr);
    };
  });
}

}  // namespace gp::cli
