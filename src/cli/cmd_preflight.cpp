// gridpress preflight FILE.pdf [--rules kdp|none] [--trim 6x9] [--bleed] [--paper white|cream] [--strict]
// [--format text|json]: check a finished PDF (ours or anybody's) against the print rules.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/preflight.hpp"
#include "cli/preflight_cover.hpp"

namespace gp::cli {

namespace {

struct PreflightCliOptions {
  std::string file;
  PreflightOptions options;
  CoverPreflightOptions cover;
};

constexpr const char* kPreflightFooter =
    "Checks FILE.pdf against the Amazon KDP paperback interior rules (--rules kdp, the default):\n"
    "24 pages up to the trim's maximum (828; 590 for 8.5x11), an even page count, at most 2 blank pages\n"
    "in a row, every font embedded, text >= 7 pt and lines >= 0.75 pt after every scale, ink >= 0.25 in\n"
    "inside the trim (the gutter: 0.375-0.875 in by page count), no bookmarks, links or other\n"
    "annotations, images at 300 dpi or more at their printed size. The page size must be a KDP trim\n"
    "(5x8 ... 8.5x11, 8.27x11.69 in) or the one given with --trim (with --bleed: trim + 0.125 in wide,\n"
    "+ 0.25 in tall, and every page declares its TrimBox and BleedBox); the trim and --paper (white:\n"
    "828 pages for most trims, cream: 776) set the maximum.\n"
    "A problem on many pages is one line ('pages 3-77: ...').\n"
    "--rules none checks only --trim.\n"
    "Prints one problem a line, then 'preflight: N problems' or 'preflight: passed (120 pages, 6x9 in)'.\n"
    "Rules and what is approximate: docs/preflight.md.\n"
    "A book spec (SPEC.yaml) is built as a PDF in a temporary folder (never over your book) and its\n"
    "pages and file are checked; the spec gives trim and bleed, and its print.strict acts as --strict\n"
    "(docs/print-on-demand.md).\n"
    "--cover checks a full-wrap cover PDF instead: its size (two trims + the spine for --pages on\n"
    "--paper + 0.125 in bleed all round; the trim from --trim or worked out from the size), fonts,\n"
    "text inside the safe areas and none in the barcode area.\n"
    "Exit code: 0 if passed (or problems without --strict), 1 if problems with --strict or a page met\n"
    "a work limit of the check (it was not checked: 'page N: gave up after ...'), 2 if FILE\n"
    "cannot be read or the options are bad.";

// Every `from` in `text` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
  return text;
}

// `preflight -`: standard input (a PDF, or else a book spec) is saved to a file in a temporary
// folder, which is checked as a file is; what is printed names it "<stdin>". A spec read this way
// has no folder of its own: a profile given as a relative file path is not found.
int preflight_stdin(const PreflightOptions& options) {
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/gridpress-preflight.XXXXXX";
  if (!::mkdtemp(dir.data())) {
    std::cerr << "preflight: cannot make a temporary folder (" << std::strerror(errno) << ")\n";
    return kExitFailure;
  }
  std::ostringstream in;
  in << std::cin.rdbuf();
  const std::string text = in.str();
  const std::string path = dir + (text.starts_with("%PDF-") ? "/stdin.pdf" : "/stdin.yaml");
  std::ofstream(path, std::ios::binary) << text;
  std::ostringstream out, err;
  const int code = is_spec_path(path) ? preflight_spec_command(path, options, out, err)
                                      : preflight_pdf_file(path, options, out, err);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  std::cout << replaced(out.str(), path, "<stdin>");
  std::cerr << replaced(err.str(), path, "<stdin>");
  return code;
}

}  // namespace

void add_preflight_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<PreflightCliOptions>();
  CLI::App* sub = app.add_subcommand("preflight", "Check a finished PDF against the print-on-demand rules");
  sub->add_option("file", opt->file, "The PDF to check, or a book spec (.yaml) to build and check; - reads either from standard input")->required();
  sub->add_option("--rules", opt->options.rules, "Rule set: kdp (default) or none")
      ->check(CLI::IsMember({"kdp", "none"}));
  sub->add_option("--trim", opt->options.trim, "Expected trim size: 6x9, 8.5x11 (inches), 150x230mm, a5 ...");
  sub->add_flag("--bleed", opt->options.bleed, "Pages carry 0.125 in bleed on the outside, top and bottom");
  sub->add_option("--paper", opt->options.paper,
                  "Paper: white (default) or cream (an interior's page maximum; with --cover, the spine's width)")
      ->check(CLI::IsMember({"white", "cream"}));
  sub->add_flag("--strict", opt->options.strict, "Exit with 1 when there is any problem");
  sub->add_option("--format", opt->options.format, "Output format: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_flag("--cover", opt->cover.cover, "FILE is a full-wrap cover: size, spine, fonts, text safety");
  sub->add_option("--pages", opt->cover.pages, "With --cover: the interior's page count")->check(CLI::Range(1, 100000));
  sub->footer(kPreflightFooter);
  sub->callback([&run, opt] {
    run = [opt] {
      if (opt->cover.cover) {
        CoverPreflightOptions cover = opt->cover;
        cover.paper = opt->options.paper;  // one --paper for interiors and covers
        return preflight_cover_file(opt->file, opt->options, cover, std::cout, std::cerr);
      }
      if (opt->cover.pages > 0) {
        std::cerr << "--pages: only a cover check (--cover) takes the page count; an interior PDF has its own\n";
        return kExitUsage;
      }
      if (opt->file == "-") return preflight_stdin(opt->options);
      if (is_spec_path(opt->file)) return preflight_spec_command(opt->file, opt->options, std::cout, std::cerr);
      return preflight_pdf_file(opt->file, opt->options, std::cout, std::cerr);
    };
  });
}

}  // namespace gp::cli
