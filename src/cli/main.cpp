// gridpress: YAML book spec -> print-ready Sudoku book. This file is only the table of contents:
// each subcommand lives in cmd_*.cpp.
#include <cstring>
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"gridpress - print-ready Sudoku books from a YAML spec", "gridpress"};
  app.set_version_flag("--version", std::string("gridpress ") + GRIDPRESS_VERSION);
  app.require_subcommand(1);

  gp::cli::use_checked_stdout();
  gp::cli::Run run;
  gp::cli::add_generate_command(app, run);  // engine: new puzzles
  gp::cli::add_solve_command(app, run);     // engine: solve / count solutions
  gp::cli::add_book_command(app, run);      // the product: spec -> book + manifest
  gp::cli::add_grade_command(app, run);     // engine: difficulty rating
  gp::cli::add_spec_command(app, run);      // check a spec / show it resolved
  gp::cli::add_preflight_command(app, run); // check a finished PDF against the print rules

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
