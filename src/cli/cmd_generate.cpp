// gridpress generate: a batch of new puzzles on stdout (line, grid, json or csv).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "book/record.hpp"
#include "book/sections.hpp"
#include "catalogue/sources.hpp"
#include "core/difficulty.hpp"
#include "core/text.hpp"
#include "cli/commands.hpp"
#include "cli/progress.hpp"
#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/variants.hpp"
#include "generator/canonical.hpp"
#include "generator/generator.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"

namespace gp::cli {

namespace {

struct GenerateOptions {
  std::string grid = "9x9";
  std::string box;
  std::string variant = "classic";
  std::string regions = "random";
  std::string givens = "none";  // killer: none, or some (a few givens for beginners)
  int count = 1;
  long long first = 1;  // --first: index of the first puzzle (1 = the start)
  std::string shard;    // --shard K/N
  std::string clues;
  std::string symmetry = "none";
  std::string fill = "random";
  bool minimal = false;
  std::uint64_t seed = 1;
  int jobs = 0;  // 0 = one per core
  bool quiet = false;
  double budget = 60.0;
  std::string exclude;
  std::string dedup = "canonical";
  std::string catalogue;
  bool with_solution = false;
  std::string format = "line";
  std::string difficulty;
  std::string rating;
  std::string spread = "any";  // --spread: even = ratings dealt over the band's slices, as books do
};

constexpr const char* kGenerateFooter =
    "Output (stdout): line = one puzzle a line (n*n characters, '.' empty), with --with-solution\n"
    "'puzzle solution'; grid = readable grids; json/csv = every puzzle with its seed, clue count,\n"
    "symmetry, fill, rating, label and hardest technique.\n"
    "The same options and --seed always give the same puzzles, for any --jobs.\n"
    "--clues K asks for exactly K clues, A-B for a count in that range (drawn per puzzle); without\n"
    "it, each puzzle has as few clues as one dig reaches (every clue needed). --clues auto takes the\n"
    "range books give the difficulty on that grid (e.g. hard on 9x9: 27-30; docs/difficulty.md).\n"
    "--variant x adds both main diagonals as units (every size), hyper four 3x3 windows (9x9), jigsaw\n"
    "replaces the boxes by irregular regions grown for each puzzle (every size; --regions symmetric\n"
    "for layouts that look the same after a half turn); json then gives each puzzle \"variant\" (and\n"
    "\"regions\": n*n characters 1-9, A-G naming each cell's region), line 'PUZZLE REGIONS'. Variants\n"
    "take the random fill; --difficulty and --rating rate them under their own rules (the variant's\n"
    "units count as houses). --variant samurai makes five overlapping 9x9 grids (369 cells): line and\n"
    "json give its 21x21 board row by row (441 characters, '#' off the board); --clues counts all 369.\n"
    "--variant killer (4x4, 6x6, 9x9) gives cages with sums and no givens (--givens some: n givens, for\n"
    "beginners); --difficulty easy..fiendish sets the cage sizes (easy: mostly 2 cells; fiendish: 3 to\n"
    "7 and merged); json gives \"cages\": [{\"sum\": S, \"cells\": [row-major indices]}], line\n"
    "'PUZZLE CAGES' with CAGES as cells+cells=SUM joined by ';' (e.g. 0+1=10;2+11+20=7), csv a cages column.\n"
    "Two variants joined by '+' play both at once (9x9; with jigsaw every size both allow): killer+x\n"
    "grows cages on an x board, jigsaw+x regions with the diagonals, jigsaw+killer cages on grown\n"
    "regions, anti-king+x, hyper+anti-knight, ... (either order; written in alphabetical order); json\n"
    "gives both parts' fields, line 'PUZZLE REGIONS CAGES' for jigsaw+killer (docs/board.md).\n"
    "--exclude FILE skips puzzles equivalent (up to relabelling, row/column/band/stack swaps and\n"
    "transposition) to any puzzle in FILE (read like solve's input, or a catalogue; other sizes ignored).\n"
    "--catalogue FILE skips every puzzle the catalogue lists and records the new ones in it (as 'generate')\n"
    "once they are written out; a run that fails records nothing (docs/catalogue.md).\n"
    "--spread even deals the run's puzzles in turn to slices of the --difficulty band (or --rating\n"
    "range), as books do by default, so ratings cover the band instead of bunching at its floor\n"
    "(8x8 and 9x9; docs/difficulty.md); puzzle i goes to slice i mod m, so shards stay exact.\n"
    "--shard K/N makes part K (1..N) of a run of --count puzzles: indices (K-1)*C/N+1 .. K*C/N;\n"
    "--first I --count C makes the puzzles at indices I .. I+C-1. Either gives exactly the puzzles the\n"
    "whole run gives at those indices, so shards can run anywhere (GNU parallel, a Slurm array, a\n"
    "Kubernetes indexed Job) and their outputs be joined or merged by catalogue import; a puzzle that\n"
    "repeats one of an earlier shard is the one exception (docs/catalogue.md, Sharded generation).\n"
    "--dedup exact keeps puzzles that differ from each other only by relabelling, rotation or\n"
    "reflection (canonical, the default, counts them as one): small grids have many more.\n"
    "--seed is a whole number from 0 to 18446744073709551615; --budget is at most 31536000 s.\n"
    "Exit code: 0 ok, 1 budget ran out, FILE unreadable or the output cannot be written, 2 bad or\n"
    "impossible request.";

bool parse_int(std::string_view s, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

Status parse_clues(const std::string& text, gen::Request& req) {
  if (text.empty() || text == "auto") return Ok{};  // auto: set once the difficulty is known
  const auto dash = text.find('-');
  int a = 0, b = 0;
  const bool ok = dash == std::string::npos ? parse_int(text, a) && (b = a, true)
                                            : parse_int(std::string_view(text).substr(0, dash), a) &&
                                                  parse_int(std::string_view(text).substr(dash + 1), b);
  if (!ok || a <= 0 || b <= 0)
    return Error("invalid --clues '" + text + "': expected a count K or a range A-B such as 22-26");
  req.clues_min = a;
  req.clues_max = b;
  return Ok{};
}

// Canonical forms of the puzzles in `path` ("-": standard input) that have `shape`'s size, read in
// any form the puzzle reader knows.
Result<std::unordered_set<std::string>> read_exclusions(const std::string& path, Shape shape, Variant variant) {
  if (path != "-" && catalogue::is_sqlite_file(path)) {  // a catalogue: every puzzle in it
    auto source = catalogue::read_source(path);
    if (!source) return source.error();
    std::unordered_set<std::string> out;
    for (catalogue::Entry& e : source->entries) out.insert(std::move(e.canonical));
    return out;
  }
  auto source = input::open_input(path);
  if (!source) return source.error();
  input::PuzzleReader reader(*source->stream, source->name);
  reader.set_variant(variant);  // a Latin variant's puzzles are Latin squares (futoshiki 5x5)
  std::unordered_set<std::string> out;
  while (auto item = reader.next()) {
    if (!item->grid) return item->grid.error();
    if (item->grid->shape.cells() != shape.cells()) continue;  // another size: cannot be equivalent
    Grid g(shape);  // the cells under `shape`'s boxes (--box may differ from the standard ones)
    g.cells = item->grid->cells;
    g.board = item->grid->board;  // a variant puzzle keeps its rules (and a jigsaw its regions)
    out.insert(gen::canonical_form(g));
  }
  if (reader.failed()) return reader.failure();
  return out;
}

nlohmann::json rating_json(const Puzzle& p) {
  return p.rating < 0 ? nlohmann::json(nullptr) : nlohmann::json(rounded_rating(p.rating));
}

std::string csv_rating(const Puzzle& p) { return p.rating < 0 ? std::string() : one_decimal(p.rating); }

// The first index (1-based) and count of this run: --shard K/N of --count, or --first and --count.
Status parse_range(const GenerateOptions& opt, long long& first, int& count) {
  first = opt.first;
  count = opt.count;
  if (opt.shard.empty()) return Ok{};
  const auto slash = opt.shard.find('/');
  int k = 0, n = 0;
  if (slash == std::string::npos || !parse_int(std::string_view(opt.shard).substr(0, slash), k) ||
      !parse_int(std::string_view(opt.shard).substr(slash + 1), n) || n < 1 || k < 1 || k > n)
    return Error("invalid --shard '" + opt.shard + "': expected K/N with 1 <= K <= N, e.g. 3/8");
  if (opt.first != 1) return Error("--shard and --first cannot be given together");
  const long long total = opt.count;
  first = (k - 1) * total / n + 1;
  count = static_cast<int>(k * total / n - (k - 1) * total / n);
  return Ok{};
}

void print(const std::vector<Puzzle>& puzzles, const GenerateOptions& opt, const gen::Request& req,
           long long first) {
  std::string out;
  if (opt.format == "line") {
    for (const auto& p : puzzles) {
      out += format_line(p.givens);
      for (const codec::Field& f : codec::fields(p.givens)) out += " " + f.token;
      if (opt.with_solution) out += " " + format_line(p.solution);
      out += '\n';
    }
  } else if (opt.format == "grid") {
    for (size_t i = 0; i < puzzles.size(); ++i) {
      const auto& p = puzzles[i];
      if (i) out += '\n';
      out += "# puzzle " + std::to_string(first + static_cast<long long>(i)) + " (" + std::to_string(p.givens.clue_count()) + " clues)\n";
      for (const codec::Field& f : codec::fields(p.givens)) out += "# " + std::string(f.key) + " " + f.token + "\n";
      out += format_grid(p.givens);
      if (opt.with_solution) out += "# solution\n" + format_grid(p.solution);
    }
  } else if (opt.format == "json") {
    nlohmann::json doc;
    doc["seed"] = opt.seed;
    doc["grid"] = req.shape.name();
    doc["request"] = gen::describe(req);
    doc["puzzles"] = nlohmann::json::array();
    for (size_t i = 0; i < puzzles.size(); ++i) {
      const auto& p = puzzles[i];
      nlohmann::json j;
      j["index"] = first + static_cast<long long>(i);
      if (p.givens.board) j["variant"] = std::string(variant_name(p.givens.variant()));
      j["puzzle"] = format_line(p.givens);
      codec::put_json(j, p.givens.board.get());
      // A killer puzzle (no givens) or a samurai board (441 characters) cannot be checked by eye:
      // their JSON always carries the solution.
      const VariantDef& def = variant_def(p.givens.variant());
      const bool solution_always = def.marks_replace_givens || def.multi_grid;
      if (opt.with_solution || solution_always) j["solution"] = format_line(p.solution);
      j["clues"] = p.givens.clue_count();
      j["symmetry"] = p.symmetry;
      j["fill"] = p.fill;
      j["seed"] = p.seed;
      j["canonical"] = p.canonical;
      j["rating"] = rating_json(p);
      j["label"] = p.label;
      j["hardest"] = p.hardest;
      doc["puzzles"].push_back(std::move(j));
    }
    out = doc.dump(2) + "\n";
  } else {  // csv
    const std::vector<std::string_view> columns = codec::csv_columns({req.variant});
    out = "index,batch_seed,seed,puzzle,";
    for (std::string_view key : columns) out += std::string(key) + ",";
    if (opt.with_solution) out += "solution,";
    out += "clues,symmetry,fill,rating,label,hardest\n";
    for (size_t i = 0; i < puzzles.size(); ++i) {
      const auto& p = puzzles[i];
      CsvRow row;
      row.add(first + static_cast<long long>(i)).add(opt.seed).add(p.seed).add(format_line(p.givens));
      for (std::string_view key : columns) row.add(codec::token(p.givens.board.get(), key));
      if (opt.with_solution) row.add(format_line(p.solution));
      row.add(p.givens.clue_count()).add(p.symmetry).add(p.fill).add(csv_rating(p)).add(p.label).quoted(p.hardest);
      out += row.line();
    }
  }
  std::cout << out << std::flush;
}

// Puzzles first .. first+count-1 (1-based) of a run of `total` dealt in turn to `slices`: puzzle i
// (0-based) is puzzle i / m of slice i mod m, made as a batch with stream (slice + 1) * 2^32 (as a
// book section's slices are), then dealt back in index order. One budget covers every slice.
Result<std::vector<Puzzle>> generate_spread(const gen::Request& req, std::uint64_t seed, long long first, int count,
                                            const std::vector<grader::RatingRange>& slices, gen::BatchOptions bo) {
  using Clock = std::chrono::steady_clock;
  const long long m = static_cast<long long>(slices.size());
  const long long lo = first - 1, hi = lo + count;  // 0-based [lo, hi)
  const auto deadline = Clock::now() + std::chrono::duration<double>(req.budget_seconds);
  const auto progress = bo.progress;
  std::vector<std::vector<Puzzle>> made(slices.size());
  int done_before = 0;
  for (long long k = 0; k < m; ++k) {
    const long long from = lo <= k ? 0 : (lo - k + m - 1) / m;  // first position of slice k in range
    const long long to = hi <= k ? 0 : (hi - 1 - k) / m + 1;   // one past the last
    if (to <= from) continue;
    gen::Request slice = req;
    slice.rating = slices[static_cast<std::size_t>(k)];
    if (done_before > 0)
      slice.budget_seconds = std::max(0.001, std::chrono::duration<double>(deadline - Clock::now()).count());
    bo.stream = static_cast<std::uint64_t>(k + 1) << 32;
    bo.first = static_cast<std::uint64_t>(from);
    if (progress) bo.progress = [&, base = done_before](int done, int) { progress(base + done, count); };
    auto batch = gen::generate_batch(slice, seed, static_cast<int>(to - from), bo);
    if (!batch)
      return Error(batch.error().kind,
                   batch.error().to_string() + " [--spread even deals " + std::to_string(to - from) + " of the " +
                       std::to_string(count) + " puzzles to this slice, " + std::to_string(k + 1) + " of " +
                       std::to_string(m) + "; --spread any takes the whole band]");
    done_before += static_cast<int>(batch->size());
    made[static_cast<std::size_t>(k)] = std::move(*batch);
  }
  std::vector<Puzzle> out;
  for (long long i = lo; i < hi; ++i) {
    const long long k = i % m, from = lo <= k ? 0 : (lo - k + m - 1) / m;
    out.push_back(std::move(made[static_cast<std::size_t>(k)][static_cast<std::size_t>(i / m - from)]));
  }
  return out;
}

int run_generate(const GenerateOptions& opt) {
  auto fail = [](const Error& e, int code) {
    std::cerr << "error: " << e.to_string() << "\n";
    return code;
  };
  gen::Request req;
  auto variant = parse_variant(opt.variant);
  if (!variant) return fail(variant.error(), kExitUsage);
  req.variant = *variant;
  // The size with the variant known: a Latin square's (futoshiki or kenken 5x5) has no boxes.
  auto shape = variant_shape(opt.grid, opt.box, *variant);
  if (!shape) return fail(shape.error(), kExitUsage);
  req.shape = *shape;
  if (opt.regions != "random" && opt.regions != "symmetric")
    return fail(Error("invalid --regions '" + opt.regions + "': expected random or symmetric"), kExitUsage);
  req.symmetric_regions = opt.regions == "symmetric";
  if (opt.givens != "none" && opt.givens != "some")
    return fail(Error("invalid --givens '" + opt.givens + "': expected none or some"), kExitUsage);
  req.some_givens = opt.givens == "some";
  if (auto st = parse_clues(opt.clues, req); !st) return fail(st.error(), kExitUsage);
  if (const int cells = dug_board(req.variant, req.shape).cells;
      req.clues_max >= cells)
    return fail(Error("--clues " + opt.clues + ": " + std::to_string(req.clues_max) + " clues do not fit a " +
                      req.shape.name() + " grid (" + std::to_string(cells) + " cells; at most " +
                      std::to_string(cells - 1) + " clues)"),
                kExitUsage);
  req.symmetry = opt.symmetry;
  req.fill = opt.fill;
  req.minimal = opt.minimal;
  req.budget_seconds = opt.budget;
  if (!opt.difficulty.empty()) {
    auto r = grader::band_range(opt.difficulty, req.bands);
    if (!r) return fail(r.error(), kExitUsage);
    req.rating = *r;
    req.difficulty = opt.difficulty;
  } else if (!opt.rating.empty()) {
    auto r = grader::parse_rating_range(opt.rating, req.bands);
    if (!r) return fail(r.error(), kExitUsage);
    req.rating = *r;
  }
  if (opt.clues == "auto") {
    // The band's clue range for the size, as books have it by default (docs/difficulty.md).
    const int n = req.shape.n();
    const auto range = variant_def(req.variant).multi_grid ? std::nullopt  // the ranges are for one grid
                       : !opt.difficulty.empty()        ? default_band_clues(opt.difficulty, n)
                       : opt.rating.empty()    ? default_unrated_clues(n)
                                               : std::nullopt;
    if (range) {
      req.clues_min = range->lo;
      req.clues_max = range->hi;
    }
  }
  if (opt.count < 0) return fail(Error("--count must not be negative"), kExitUsage);
  long long first = 1;
  int count = opt.count;
  if (auto st = parse_range(opt, first, count); !st) return fail(st.error(), kExitUsage);
  if (auto st = gen::check_request(req); !st) return fail(st.error(), kExitUsage);
  if (opt.spread == "even" && !req.rating)
    return fail(Error("--spread even needs --difficulty or --rating: it spreads ratings over that range"), kExitUsage);
  // The slices come from the whole run's count (with --first: a run reaching at least its last
  // puzzle), so a shard deals its puzzles as the whole run does.
  const long long run_total = opt.shard.empty() ? first - 1 + count : opt.count;
  const std::vector<grader::RatingRange> slices =
      book::spread_slices(opt.spread, static_cast<int>(std::min<long long>(run_total, 1 << 30)), req);

  std::unordered_set<std::string> exclude;
  gen::BatchOptions bo;
  bo.jobs = opt.jobs > 0 ? opt.jobs : default_jobs();
  bo.grade = opt.format == "json" || opt.format == "csv" || !opt.catalogue.empty();
  bo.first = static_cast<std::uint64_t>(first - 1);
  bo.exact = opt.dedup == "exact";
  if (!opt.exclude.empty()) {
    auto ex = read_exclusions(opt.exclude, req.shape, req.variant);
    if (!ex) return fail(ex.error(), kExitFailure);
    exclude = std::move(*ex);
    bo.exclude = &exclude;
  }
  auto cat = book::CatalogueRun::open(opt.catalogue);
  if (!cat) return fail(cat.error(), cat.error().kind == ErrorKind::io ? kExitFailure : kExitUsage);
  for (const std::string& r : cat->repairs()) std::cerr << "warning: " << r << "\n";
  bo.excluded = cat->excluded();
  Progress progress(opt.quiet || count <= 1);
  bo.progress = [&progress](int done, int total) { progress.count("generating", done, total); };
  const auto make = [&] {
    return slices.empty() ? gen::generate_batch(req, opt.seed, count, bo)
                          : generate_spread(req, opt.seed, first, count, slices, bo);
  };
  auto puzzles = make();
  // With a catalogue: reserve them; when another run took some meanwhile, generate again.
  for (int tries = 1; puzzles && cat->active(); ++tries) {
    std::vector<catalogue::Entry> entries;
    for (const Puzzle& p : *puzzles) entries.push_back(catalogue::entry_of(p, "generate"));
    auto reserved = cat->reserve({"generate", "", gen::describe(req), opt.seed}, entries);
    if (!reserved) return fail(reserved.error(), kExitFailure);
    if (*reserved) break;
    if (tries == book::kReserveTries)
      return fail(Error(opt.catalogue + ": other runs kept taking these puzzles; run it again"),
                  kExitFailure);
    puzzles = make();
  }
  progress.clear();
  if (!puzzles) return fail(puzzles.error(), kExitFailure);
  print(*puzzles, opt, req, first);
  if (!std::cout)
    return fail(Error(ErrorKind::io, "cannot write the puzzles to standard output"), kExitFailure);
  if (Status st = cat->publish(); !st) return fail(st.error(), kExitFailure);
  return kExitOk;
}

}  // namespace

void add_generate_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Generate new puzzles with a unique solution");
  cmd->footer(kGenerateFooter);
  cmd->add_option("--grid", opt->grid, "Grid size: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16")->capture_default_str();
  std::string variants = "Rules: ";  // every row of the variant table, with its summary
  for (const VariantDef& d : variant_defs())
    variants += std::string(d.variant == Variant::kClassic ? "" : ", ") + std::string(d.name) +
                (d.summary.empty() ? "" : " (" + std::string(d.summary) + ")");
  cmd->add_option("--variant", opt->variant, variants)->capture_default_str();
  cmd->add_option("--givens", opt->givens, "Killer: none (cages only, the classic form) or some (a few givens, for beginners)")
      ->capture_default_str();
  cmd->add_option("--regions", opt->regions, "Jigsaw region layouts: random, or symmetric (the same after a half turn)")
      ->capture_default_str();
  cmd->add_option("--box", opt->box, "Box shape ROWSxCOLS overriding the standard one (e.g. 3x2 for 6x6)");
  cmd->add_option("--count", opt->count, "Number of puzzles (with --shard: of the whole run)")
      ->capture_default_str();
  cmd->add_option("--first", opt->first,
                  "Index of the first puzzle (1 = the start): the puzzles a whole run gives there")
      ->check(CLI::Range(1LL, 1LL << 53));
  cmd->add_option("--shard", opt->shard, "K/N: part K of N of a run of --count puzzles");
  cmd->add_option("--clues", opt->clues, "Exact clue count K, a range A-B, or auto (the difficulty's range)");
  cmd->add_option("--symmetry", opt->symmetry,
                  "none, rotate180, rotate90, mirror, flip, diagonal, antidiagonal, dihedral")
      ->capture_default_str();
  cmd->add_option("--fill", opt->fill, "Full-grid fill: random, diagonal, pattern")->capture_default_str();
  cmd->add_flag("--minimal", opt->minimal, "Only puzzles where every clue (class) is needed");
  cmd->add_option("--seed", opt->seed, "Seed: the same seed gives the same puzzles")
      ->capture_default_str()
      ->check(seed_check());
  cmd->add_option("-j,--jobs", opt->jobs,
                  "Worker threads (default: one per core); with fewer puzzles than threads they share each puzzle "
                  "(output does not depend on it)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("-q,--quiet", opt->quiet, "No progress line (shown on a terminal only)");
  cmd->add_option("--budget", opt->budget, "Give up after this many seconds")
      ->capture_default_str()
      ->check(budget_check());
  cmd->add_option("--exclude", opt->exclude, "Skip puzzles equivalent to any in FILE (any puzzle format; - for standard input)");
  cmd->add_option("--dedup", opt->dedup,
                  "Which puzzles count as the same: canonical (also relabelled, rotated, reflected) or exact")
      ->capture_default_str()
      ->check(CLI::IsMember({"canonical", "exact"}));
  cmd->add_option("--catalogue", opt->catalogue,
                  "Skip every puzzle in this catalogue and record the new ones in it (made if missing)");
  cmd->add_flag("--with-solution", opt->with_solution, "Print each puzzle's solution too");
  cmd->add_option("--format", opt->format, "Output format")
      ->capture_default_str()
      ->check(CLI::IsMember({"line", "grid", "json", "csv"}));
  auto* diff = cmd->add_option("--difficulty", opt->difficulty, "easy, medium, hard, expert or fiendish (SE bands)");
  auto* rating = cmd->add_option("--rating", opt->rating, "SE rating range A-B, e.g. 2.6-4.0");
  diff->excludes(rating);
  cmd->add_option("--spread", opt->spread,
                  "even: ratings spread over the band (its puzzles dealt in turn to slices of it, as books do); "
                  "any: as they come")
      ->capture_default_str()
      ->check(CLI::IsMember({"even", "any"}));
  cmd->callback([opt, &run] { run = [opt] { return run_generate(*opt); }; });
}

}  // namespace gp::cli
