// Each subcommand lives in its own cmd_*.cpp and registers itself here. A command's options are
// parsed by CLI11; its run function returns the process exit code. CLI11 is only declared here:
// the files that define commands (cmd_*.cpp, main.cpp) include <CLI/CLI.hpp> themselves, so the
// rest of src/cli compiles without it.
#pragma once

#include <functional>
#include <iostream>
#include <string>
#include <string_view>

#include "book/outcome.hpp"
#include "core/result.hpp"

namespace CLI {
class App;
class Validator;
}

namespace gp::cli {

// Exit codes shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;   // the work failed (bad puzzle line, budget ran out, ...)
inline constexpr int kExitUsage = 2;     // bad command line or bad spec

// The exit code for how a run of the book pipeline ended.
inline int exit_code(book::Outcome outcome) {
  return outcome == book::Outcome::ok ? kExitOk : outcome == book::Outcome::failed ? kExitFailure : kExitUsage;
}

// How commands report an error: each diagnostic on its own line ("FILE:LINE:COL: message", see
// Diagnostic::to_string) on `err`; nothing for an empty Error.
void print_error(const Error& e, std::ostream& err = std::cerr);

// Points std::cout at a buffer that remembers why a write failed (every command prints through
// std::cout only). finish_stdout() flushes it and returns 0, or the errno of the first write that
// failed (ENOSPC for /dev/full, EPIPE for a closed pipe when SIGPIPE is ignored).
void use_checked_stdout();
int finish_stdout();

// CLI11 checks shared by the commands, as strict as the spec loader (CLI11 alone takes "-1" as a
// huge unsigned number and "inf" as a budget):
// a seed is a whole number from 0 to 18446744073709551615, digits only;
CLI::Validator seed_check();
// a time budget is a number of seconds above 0 and at most 31536000 (a year): not inf or nan.
CLI::Validator budget_check();

// The --jobs of every command when none is given: one thread per core.
int default_jobs();

// "1 puzzle", "7 puzzles": a count and its noun for summary lines.
inline std::string count_of(long long n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// The function a subcommand runs after parsing; set by its add_*_command.
using Run = std::function<int()>;

// Each adds a subcommand to `app` and, when that subcommand is chosen, sets `run`.
void add_solve_command(CLI::App& app, Run& run);
void add_generate_command(CLI::App& app, Run& run);
void add_book_command(CLI::App& app, Run& run);
void add_grade_command(CLI::App& app, Run& run);
void add_spec_command(CLI::App& app, Run& run);
void add_preflight_command(CLI::App& app, Run& run);
void add_catalogue_command(CLI::App& app, Run& run);
void add_serve_command(CLI::App& app, Run& run);

}  // namespace gp::cli
