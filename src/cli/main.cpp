// gridpress: YAML book spec -> print-ready Sudoku book. This file is only the table of contents:
// each subcommand lives in cmd_*.cpp.
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"gridpress - print-ready Sudoku books from a YAML spec", "gridpress"};
  app.set_version_flag("--version", std::string("gridpress ") + GRIDPRESS_VERSION);
  app.require_subcommand(1);

  gp::cli::Run run;
  gp::cli::add_generate_command(app, run);  // engine: new puzzles
  gp::cli::add_solve_command(app, run);     // engine: solve / count solutions
  gp::cli::add_book_command(app, run);      // the product: spec -> book + manifest
  gp::cli::add_grade_command(app, run);     // engine: difficulty rating
  gp::cli::add_spec_command(app, run);      // check a spec / show it resolved
  gp::cli::add_preflight_command(app, run); // check a finished PDF against the print rules

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? gp::cli::kExitOk : gp::cli::kExitUsage;
  }
  return run ? run() : gp::cli::kExitUsage;
}
