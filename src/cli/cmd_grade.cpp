// gridpress grade [FILE|-] [--format line|json|csv] [--explain] [--variant x|hyper|jigsaw]: rate puzzles
// on the Sudoku Explainer scale: puzzles in (any form solve reads), one result per puzzle out.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include <CLI/CLI.hpp>

#include "core/text.hpp"
#include "cli/commands.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/grid.hpp"
#include "core/variants.hpp"
#include "grader/grader.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"
#include "solver/solver.hpp"

namespace gp::cli {

namespace {

struct GradeCliOptions {
  std::string file = "-";
  std::string format = "line";
  bool explain = false;
  std::string variant = "classic";
  std::int64_t max_nodes = solver::kCommandNodeBudget;
};

constexpr const char* kGradeFooter =
    "Input: puzzles in any form solve reads (one a line, grids, CSV, JSON; see gridpress help solve).\n"
    "--variant x|hyper|anti-knight|anti-king grades every puzzle under those rules (the diagonals or\n"
    "windows are houses too; equal digits never a knight's move or a king's diagonal step apart; a\n"
    "size the variant cannot have is a bad puzzle). A jigsaw puzzle gives its regions on its\n"
    "line ('PUZZLE REGIONS'; --variant jigsaw requires them), a killer its cages ('PUZZLE CAGES'), an\n"
    "even-odd its parity marks ('PUZZLE MARKS': E even, O odd, . none), a thermo its thermos ('PUZZLE\n"
    "THERMOS': cells from the bulb joined by '<', thermos by ';'), an arrow its arrows ('PUZZLE ARROWS':\n"
    "circle:path+path, arrows by ';'), a greater-than its signs ('PUZZLE SIGNS': A>B;... cell A greater\n"
    "than cell B, row-major from 0; with --variant futoshiki, a futoshiki: a Latin square of 4x4 to 9x9),\n"
    "a consecutive or kropki its dots ('PUZZLE DOTS', see gridpress help solve), a sandwich its clues\n"
    "('PUZZLE S:ROWS/COLUMNS', see gridpress help solve), a kenken its cages ('PUZZLE CAGES': TARGET\n"
    "OP:CELLS, '12+:0.1.9;5=:4'); generate's JSON carries its variant.\n"
    "Output, per puzzle:\n"
    "  line: PUZZLE RATING LABEL HARDEST, e.g. '4..1.. 3.2 hard X-wing' (jigsaw: PUZZLE REGIONS RATING\n"
    "        ...); --explain adds the solve path,\n"
    "        one indented step a line ('  12. 3.2 X-wing on 7 in rows 2,5, columns 3,8')\n"
    "  json: {\"puzzles\": [{\"line\", \"puzzle\", \"rating\", \"label\", \"hardest\", \"counts\"[, \"path\"]}]}\n"
    "  csv:  line,puzzle,rating,label,hardest[,path]\n"
    "Rating: Sudoku Explainer 1.2.1 scale (1.2 hidden single .. 6.5+ chains); labels: easy <= 1.5,\n"
    "medium <= 2.5, hard <= 4.0, expert <= 6.0, fiendish above.\n"
    "A killer puzzle (line 'PUZZLE CAGES') is rated by the killer ladder instead (cage combinations,\n"
    "the 45 rule, then the classic techniques; 1.0 .. 10.0 = unfinished); labels: easy <= 2.2,\n"
    "medium <= 2.8, hard <= 3.4, expert <= 5.4, fiendish above (docs/killer.md).\n"
    "A puzzle that is malformed, has no solution or several is reported on stderr as 'FILE:LINE: ...'\n"
    "(and as 'error' in the output); the others are still graded. So is one whose uniqueness check\n"
    "needs more than --max-nodes search nodes (default 2000000; no real puzzle comes near it):\n"
    "'FILE:LINE: gave up after N search nodes ...'. From a pipe or a terminal, line\n"
    "and csv output answer (and flush) each puzzle as it is read; json is one document, at the end.\n"
    "Exit code: 0 if every puzzle was graded, 1 otherwise (or if FILE cannot be opened or is a folder, a\n"
    "line is longer than 65536 characters, or the output cannot be written).";

nlohmann::json cells_json(const std::vector<grader::CellValue>& cvs, const Shape& shape) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& cv : cvs)
    a.push_back({{"row", cv.cell / shape.n() + 1}, {"col", cv.cell % shape.n() + 1}, {"value", cv.value}});
  return a;
}

int run_grade(const GradeCliOptions& opt) {
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
  grader::GradeOptions gopt;
  gopt.record_path = opt.explain;
  gopt.node_budget = opt.max_nodes;

  bool bad = false;
  std::string out;
  nlohmann::json doc;
  doc["puzzles"] = nlohmann::json::array();
  if (opt.format == "csv") out = opt.explain ? "line,puzzle,rating,label,hardest,path\n" : "line,puzzle,rating,label,hardest\n";
  const bool flush_each = source->streaming && opt.format != "json";
  while (auto next = reader.next()) {
    const int line_no = next->line;
    std::string problem;
    grader::Grade g;
    Result<Grid>& grid = next->grid;
    reader.apply_variant(grid, line_no, *variant);
    if (!grid) {
      problem = grid.error().diagnostics.front().message;
    } else {
      // Every puzzle on the ladder its board's rules choose (killer: the killer ladder and scale).
      g = grader::grade(*grid, gopt);
      if (g.gave_up)
        problem = solver::gave_up_text(opt.max_nodes, g.solutions) + " (not rated)";
      else if (g.solutions == 0)
        problem = "no solution (not rated)";
      else if (!g.unique)
        problem = "multiple solutions (not rated)";
      else if (!g.solved && g.label.empty())
        problem = "the grader could not finish this puzzle (hardest step so far " + one_decimal(g.rating) + " " +
                  g.hardest + ")";
      else if (!g.solved)  // a ladder that rates what it cannot finish (killer: 10.0, fiendish) says so
        g.hardest = "unfinished (the killer ladder got stuck; hardest step before: " + g.hardest + ")";
    }
    const std::string puzzle = grid ? format_line(*grid) : std::string();
    // A jigsaw puzzle is its givens and its regions, a killer puzzle its givens and its cages: the
    // line form keeps both, so it reads back.
    const std::string regions = grid ? codec::line_tokens(grid->board.get()) : std::string();
    if (!problem.empty()) {
      print_error(reader.error_at(line_no, problem));
      bad = true;
    }
    const bool rated = problem.empty();
    if (opt.format == "line") {
      if (!rated) {
        out += "error\n";
      } else {
        out += puzzle + (regions.empty() ? "" : " " + regions) + " " + one_decimal(g.rating) + " " + g.label + " " +
               g.hardest + "\n";
        for (std::size_t i = 0; i < g.path.size(); ++i)
          out += "  " + std::to_string(i + 1) + ". " + one_decimal(g.path[i].rating) + " " + g.path[i].description + "\n";
      }
    } else if (opt.format == "csv") {
      CsvRow row;
      row.add(line_no).add(puzzle);
      if (rated)
        row.add(one_decimal(g.rating)).add(g.label).quoted(g.hardest);
      else
        row.add("").add("error").add(problem);
      if (opt.explain) {
        std::string path;
        for (const auto& s : g.path) path += (path.empty() ? "" : " | ") + one_decimal(s.rating) + " " + s.description;
        row.add(path);
      }
      out += row.line();
    } else {
      nlohmann::json j;
      j["line"] = line_no;
      j["puzzle"] = puzzle;
      if (grid && grid->board) j["variant"] = std::string(variant_name(grid->variant()));
      if (grid) codec::put_json(j, grid->board.get());  // as generate --format json: "cages" structured
      if (rated) {
        j["rating"] = rounded_rating((g.rating));
        j["label"] = g.label;
        j["hardest"] = g.hardest;
        j["counts"] = g.counts;
        if (opt.explain) {
          nlohmann::json path = nlohmann::json::array();
          for (const auto& s : g.path)
            path.push_back({{"technique", s.technique},
                            {"rating", rounded_rating((s.rating))},
                            {"description", s.description},
                            {"placements", cells_json(s.placements, grid->shape)},
                            {"eliminations", cells_json(s.eliminations, grid->shape)}});
          j["path"] = std::move(path);
        }
      } else {
        j["error"] = problem;
      }
      doc["puzzles"].push_back(std::move(j));
    }
    if (out.size() >= (1u << 16) || flush_each) {
      std::cout << out;
      if (flush_each) std::cout.flush();
      out.clear();
    }
  }
  if (reader.failed()) {
    print_error(reader.failure());
    bad = true;
  }
  if (opt.format == "json") out += doc.dump(2) + "\n";
  std::cout << out << std::flush;
  return bad ? kExitFailure : kExitOk;
}

}  // namespace

void add_grade_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<GradeCliOptions>();
  CLI::App* sub = app.add_subcommand("grade", "Rate puzzles (lines, grids, CSV or JSON) on the Sudoku Explainer scale");
  sub->add_option("file", opt->file, "Puzzle file, or - for standard input (default: -)");
  sub->add_option("--format", opt->format, "Output format: line (default), json or csv")
      ->check(CLI::IsMember({"line", "json", "csv"}));
  sub->add_flag("--explain", opt->explain, "Also print the solve path, one step a line");
  sub->add_option("--variant", opt->variant, "Rules of every line: " + variants_read_help())
      ->capture_default_str();
  sub->add_option("--max-nodes", opt->max_nodes,
                  "Give a puzzle up after this many search nodes in its uniqueness check (exit 1; default 2000000)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 50));
  sub->footer(kGradeFooter);
  sub->callback([&run, opt] { run = [opt] { return run_grade(*opt); }; });
}

}  // namespace gp::cli
