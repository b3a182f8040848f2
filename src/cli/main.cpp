// gridpress: YAML book spec -> print-ready Sudoku book. This file is only the table of contents:
// each subcommand lives in cmd_*.cpp.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/version.hpp"
#include "spec/spec.hpp"

namespace {

// `gridpress help [SUB]`: the same text as `gridpress [SUB] --help`.
void add_help_command(CLI::App& app, gp::cli::Run& run) {
  auto topic = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Show the help of gridpress or of one command (gridpress help book)");
  cmd->add_option("command", *topic, "The command to describe");
  cmd->callback([&app, &run, topic] {
    run = [&app, topic] {
      if (topic->empty()) {
        std::cout << app.help();
        return gp::cli::kExitOk;
      }
      for (const CLI::App* sub : app.get_subcommands({}))
        if (sub->get_name() == *topic) {
          std::cout << sub->help();
          return gp::cli::kExitOk;
        }
      std::cerr << "gridpress help: no command '" << *topic << "'\n";
      return gp::cli::kExitUsage;
    };
  });
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"gridpress - print-ready Sudoku books from a YAML spec", "gridpress"};
  app.set_version_flag("-V,--version",
                       std::string("gridpress ") + GRIDPRESS_VERSION + " (commit " + gp::cli::kCommit + ")");
  app.require_subcommand(1);
  app.footer("'gridpress help COMMAND' or 'gridpress COMMAND --help' describes a command.");

  gp::cli::use_checked_stdout();
  gp::cli::Run run;
  gp::cli::add_generate_command(app, run);  // engine: new puzzles
  gp::cli::add_solve_command(app, run);     // engine: solve / count solutions
  gp::cli::add_book_command(app, run);      // the product: spec -> book + manifest
  gp::cli::add_grade_command(app, run);     // engine: difficulty rating
  gp::cli::add_spec_command(app, run);      // check a spec / show it resolved
  gp::cli::add_preflight_command(app, run); // check a finished PDF against the print rules
  gp::cli::add_catalogue_command(app, run); // the catalogue of published puzzles
  gp::cli::add_serve_command(app, run);     // the studio: a local web page
  add_help_command(app, run);

  // An unknown command: name the closest one instead of CLI11's "arguments were not expected".
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    const std::string word = argv[1];
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      const std::string best = gp::spec::closest_match(word, names);
      std::cerr << "gridpress: unknown command '" << word << "'"
                << (best.empty() ? std::string() : "; did you mean '" + best + "'?") << "\n"
                << "Run 'gridpress --help' for the list of commands.\n";
      return gp::cli::kExitUsage;
    }
  }

  int code = gp::cli::kExitUsage;
  try {
    app.parse(argc, argv);
    code = run ? run() : gp::cli::kExitUsage;
  } catch (const CLI::ParseError& e) {
    code = app.exit(e) == 0 ? gp::cli::kExitOk : gp::cli::kExitUsage;  // --help, --version, or a usage error
  }
  // Output that never reached standard output (a full disk, /dev/full, a closed pipe with SIGPIPE
  // ignored) is a failure, whatever the command thought.
  if (const int err = gp::cli::finish_stdout(); err != 0) {
    std::cerr << "gridpress: cannot write standard output: " << std::strerror(err) << '\n';
    return code == gp::cli::kExitOk ? gp::cli::kExitFailure : code;
  }
  return code;
}
