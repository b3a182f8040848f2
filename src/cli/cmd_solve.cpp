// gridpress solve [FILE|-] [--count] [--stats]: one puzzle a line in, one answer line out.
#include <cerrno>
#include <cstdint>
#include <chrono>
#include <ctime>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/variants.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"
#include "solver/solver.hpp"

namespace gp::cli {

namespace {

// CPU time of the calling thread: unlike the wall clock, not inflated when the machine is busy.
double thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

struct SolveOptions {
  std::string file = "-";
  bool count = false;
  bool stats = false;
  std::string variant = "classic";
  std::int64_t max_nodes = solver::kCommandNodeBudget;
};

constexpr const char* kSolveFooter =
    "Input: puzzles in any of these forms, mixed freely: one a line (n*n characters for 4x4, 6x6,\n"
    "8x8, 9x9, 12x12, 16x16; text after the first blank is ignored), grids of n rows with or without\n"
    "separators ('|', '+', '-'; generate --format grid, qqwing, .sdk and .ss files), CSV with a\n"
    "puzzle column (a header naming puzzle, quizzes or givens, or the first field that is a puzzle),\n"
    "or generate's JSON. Empty cells: '.', '0', '*', '-', 'x' or '_'; values 1-9 then A-G. Blank\n"
    "lines, lines starting with '#' and a UTF-8 byte order mark are skipped. --variant x|hyper|\n"
    "anti-knight|anti-king solves every puzzle under those rules (a size the variant cannot have is a\n"
    "bad puzzle). A jigsaw\n"
    "puzzle is a line 'PUZZLE REGIONS' (the regions as generate writes them): it is solved under its\n"
    "regions (--variant jigsaw requires them on every line). A killer puzzle is a line 'PUZZLE CAGES'\n"
    "(CAGES as generate writes them: cells+cells=SUM joined by ';', cells row-major from 0), solved\n"
    "under its cages' sums (--variant killer requires them). An even-odd puzzle is a line 'PUZZLE MARKS'\n"
    "(n*n marks: E even, O odd, . none), solved under its marks (--variant even-odd requires them).\n"
    "A thermo puzzle is a line 'PUZZLE THERMOS' (each thermo's cells from the bulb joined by '<', thermos\n"
    "by ';': '0<1<10;30<31'), solved under its thermos (--variant thermo requires them). An arrow puzzle is\n"
    "a line 'PUZZLE ARROWS' (each arrow its circle, ':', its path joined by '+', arrows by ';': '40:41+42'),\n"
    "solved under its arrows (--variant arrow requires them). A greater-than puzzle is a line\n"
    "'PUZZLE SIGNS' (A>B joined by ';': cell A holds the greater digit); with --variant futoshiki such a\n"
    "line is a futoshiki puzzle (a Latin square, no boxes: 4x4 to 9x9, 5x5 and 7x7 included).\n"
    "A consecutive or kropki puzzle is a line 'PUZZLE DOTS': 'C:0-1;4-13' (consecutive: white dots, cells\n"
    "row-major from 0), 'K:0-1w;4-13b' (kropki: w white, b black) or 'KN:...' (kropki, negative).\n"
    "A sandwich puzzle is a line 'PUZZLE CLUES': 'S:' then the row clues top to bottom joined by '.',\n"
    "'/', the column clues left to right ('-' for none): 'S:12.-.0.35.-.-.-.-.-/-.4.-.-.-.-.-.-.-'.\n"
    "A kenken puzzle (a Latin square, 4x4 to 9x9, 5x5 and 7x7 too) is a line 'PUZZLE CAGES' with each\n"
    "cage TARGET OP:CELLS (OP + - * / or =, cells row-major from 0 joined by '.', cages by ';':\n"
    "'12+:0.1.9;3-:2.3;5=:4'), solved under its cages (--variant kenken requires them).\n"
    "Output: one line per puzzle, in order:\n"
    "  default:  the solution, or 'no solution', or 'multiple solutions'\n"
    "  --count:  0, 1 or 2+ (the number of solutions, counting stops at 2)\n"
    "  a bad puzzle prints 'error' (and 'FILE:LINE: what is wrong' on stderr).\n"
    "From a pipe or a terminal, each puzzle is answered (and flushed) as soon as it is read.\n"
    "Exit code: 0 if every puzzle was read and answered, 1 if one was bad or given up, FILE cannot be opened (or is a folder),\n"
    "a line is longer than 65536 characters (reading stops there) or the output cannot be written.\n"
    "A puzzle whose search needs more than --max-nodes branch nodes (default 2000000; no real puzzle\n"
    "comes near it) is given up: 'error', and 'FILE:LINE: gave up after N search nodes ...' on stderr.\n"
    "--stats: 'N puzzles, X us/puzzle' on stderr: CPU time of the solving thread spent in the solver\n"
    "only (parsing and output excluded), followed by the wall-clock figure in parentheses.\n";

int run_solve(const SolveOptions& opt) {
  auto variant = parse_variant(opt.variant);
  if (!variant) {
    print_error(variant.error());
    return kExitUsage;
  }
  auto source = input::open_input(opt.file);
  if (!source) {
    print_error(source.error());
    return kExitFailure;
  }
  input::PuzzleReader reader(*source->stream, source->name);
  reader.set_variant(*variant);  // a Latin variant's lines are Latin squares (futoshiki 5x5)

  // Puzzles are read, solved and written in batches: memory stays bounded on any input size, and
  // the clocks are read once per batch, around the solving only. Input that may arrive a line at
  // a time (a pipe, a terminal) is answered a puzzle at a time: batches of one, flushed.
  struct Item {
    Grid grid;
    bool ok = false;
    int line = 0;
    int count = 0;
    bool gave_up = false;  // the search met --max-nodes
    Grid solution;
  };
  const size_t batch_size = source->streaming ? 1 : 1024;
  std::vector<Item> batch;
  batch.reserve(batch_size);
  bool bad = false, eof = false;
  long long puzzles = 0;
  double cpu_us = 0, wall_us = 0;
  std::string out;
  while (!eof) {
    batch.clear();
    while (batch.size() < batch_size) {
      auto next = reader.next();
      if (!next) {
        if (reader.failed()) {
          print_error(reader.failure());
          bad = true;
        }
        eof = true;
        break;
      }
      Item& item = batch.emplace_back();
      Result<Grid> grid = std::move(next->grid);
      reader.apply_variant(grid, next->line, *variant);
      Status valid = grid ? check_givens(*grid) : Status(grid.error());
      if (!valid) {
        // Rule errors (found here) get the input's name and line; reader errors have them.
        const Error& e = valid.error();
        print_error(e.diagnostics.front().file.empty() ? reader.error_at(next->line, e.to_string()) : e);
        bad = true;
        continue;
      }
      item.grid = std::move(*grid);
      item.ok = true;
      item.line = next->line;
    }

    const double c0 = thread_cpu_us();
    const auto t0 = std::chrono::steady_clock::now();
    for (Item& item : batch) {
      if (!item.ok) continue;
      const solver::Outcome o = solver::count_solutions_within(item.grid, 2, opt.max_nodes, opt.count ? nullptr : &item.solution);
      item.count = o.count;
      item.gave_up = o.exhausted_budget;
      ++puzzles;
    }
    wall_us += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    cpu_us += thread_cpu_us() - c0;

    for (const Item& item : batch) {
      if (item.ok && item.gave_up) {
        print_error(reader.error_at(item.line, solver::gave_up_text(opt.max_nodes, item.count)));
        bad = true;
      }
      if (!item.ok || item.gave_up)
        out += "error";
      else if (opt.count)
        out += item.count >= 2 ? "2+" : std::to_string(item.count);
      else
        out += item.count == 0 ? "no solution" : item.count >= 2 ? "multiple solutions" : format_line(item.solution);
      out += '\n';
    }
    std::cout << out;
    if (source->streaming) std::cout.flush();
    out.clear();
  }
  std::cout << std::flush;
  if (opt.stats) {
    const double n = puzzles ? static_cast<double>(puzzles) : 1.0;
    std::cerr << puzzles << " puzzles, " << cpu_us / n << " us/puzzle (wall " << wall_us / n << " us/puzzle)\n";
  }
  return bad ? kExitFailure : kExitOk;
}

}  // namespace

void add_solve_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<SolveOptions>();
  CLI::App* sub = app.add_subcommand("solve", "Solve puzzles (lines, grids, CSV or JSON) or count their solutions");
  sub->add_option("file", opt->file, "Puzzle file, or - for standard input (default: -)");
  sub->add_option("--variant", opt->variant, "Rules of every line: " + variants_read_help())
      ->capture_default_str();
  sub->add_option("--max-nodes", opt->max_nodes,
                  "Give a puzzle up after this many search nodes (exit 1; default 2000000, which no real puzzle needs)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 50));
  sub->add_flag("--count", opt->count, "Print the number of solutions (0, 1, 2+) instead of the solution");
  sub->add_flag("--stats", opt->stats,
                "Print 'N puzzles, X us/puzzle' on stderr (CPU time in the solver only, one thread)");
  sub->footer(kSolveFooter);
  sub->callback([&run, opt] { run = [opt] { return run_solve(*opt); }; });
}

}  // namespace gp::cli
