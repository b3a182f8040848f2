// Each subcommand lives in its own cmd_*.cpp and registers itself here. A command's options are
// parsed by CLI11; its run function returns the process exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <string>
#include <string_view>

#include "book/outcome.hpp"
#include "core/result.hpp"

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

}  // namespace gp::cli
