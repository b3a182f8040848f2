// gridpress solve [FILE|-] [--count] [--stats]: one puzzle a line in, one answer line out.
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "solver/solver.hpp"

namespace gp::cli {

namespace {

struct SolveOptions {
  std::string file = "-";
  bool count = false;
  bool stats = false;
};

constexpr const char* kSolveFooter =
    "Input: one puzzle a line, n*n characters (4x4, 6x6, 8x8, 9x9, 12x12, 16x16; '.' or '0' empty,\n"
    "1-9 then A-G); text after the first blank is ignored; blank lines and lines starting with '#'\n"
    "are skipped.\n"
    "Output: one line per puzzle line, in order:\n"
    "  default:  the solution, or 'no solution', or 'multiple solutions'\n"
    "  --count:  0, 1 or 2+ (the number of solutions, counting stops at 2)\n"
    "  a bad line prints 'error' (and 'line N: what is wrong' on stderr).\n"
    "Exit code: 0 if every line was read, 1 if a line was bad or FILE cannot be opened.";

int run_solve(const SolveOptions& opt) {
  std::istream* in = &std::cin;
  std::unique_ptr<std::ifstream> file;
  if (opt.file != "-") {
    file = std::make_unique<std::ifstream>(opt.file);
    if (!*file) {
      std::cerr << opt.file << ": cannot open (" << std::strerror(errno) << ")\n";
      return kExitFailure;
    }
    in = file.get();
  }

  bool bad = false;
  long long puzzles = 0;
  std::chrono::nanoseconds solving{0};
  std::string line, out;
  int line_no = 0;
  while (std::getline(*in, line)) {
    ++line_no;
    const auto start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos || line[start] == '#') continue;

    auto grid = parse_line(line);
    Status valid = grid ? check_givens(*grid) : Status(grid.error());
    if (!valid) {
      std::cerr << "line " << line_no << ": " << valid.error().to_string() << "\n";
      out += "error\n";
      bad = true;
    } else {
      Grid solution;
      const auto t0 = std::chrono::steady_clock::now();
      const int count = solver::count_solutions(*grid, 2, opt.count ? nullptr : &solution);
      solving += std::chrono::steady_clock::now() - t0;
      ++puzzles;
      if (opt.count)
        out += count >= 2 ? "2+" : std::to_string(count);
      else
        out += count == 0 ? "no solution" : count >= 2 ? "multiple solutions" : format_line(solution);
      out += '\n';
    }
    if (out.size() >= (1u << 16)) {  // stream: flush in blocks, never hold the whole output
      std::cout << out;
      out.clear();
    }
  }
  std::cout << out << std::flush;
  if (opt.stats) {
    const double us = puzzles ? std::chrono::duration<double, std::micro>(solving).count() / puzzles : 0.0;
    std::cerr << puzzles << " puzzles, " << us << " us/puzzle\n";
  }
  return bad ? kExitFailure : kExitOk;
}

}  // namespace

void add_solve_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve puzzles, one a line, or count their solutions");
  sub->add_option("file", opt->file, "Puzzle file, or - for standard input (default: -)");
  sub->add_flag("--count", opt->count, "Print the number of solutions (0, 1, 2+) instead of the solution");
  sub->add_flag("--stats", opt->stats,
                "Print 'N puzzles, X us/puzzle' on stderr (time spent solving only, one thread)");
  sub->footer(kSolveFooter);
  sub->callback([&run, opt] { run = [opt] { return run_solve(*opt); }; });
}

}  // namespace gp::cli
