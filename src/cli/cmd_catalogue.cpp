// gridpress catalogue import|list|check|stats: the catalogue of published puzzles on the command
// line (catalogue/catalogue.hpp, docs/catalogue.md).
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "catalogue/sources.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"

namespace gp::cli {
namespace {

struct CatalogueOptions {
  std::string catalogue;
  std::vector<std::string> files;
  std::string since;
  std::string format = "csv";
};

int refuse(const Error& e) {
  print_error(e);
  return e.kind == ErrorKind::io ? kExitFailure : kExitUsage;
}

std::string seed_text(const catalogue::Entry& e) {
  return e.seed ? std::to_string(*e.seed) : "";
}

std::string rating_text(const catalogue::Entry& e) {
  return e.rating < 0 ? std::string() : one_decimal(e.rating);
}

nlohmann::json entry_json(const catalogue::Entry& e) {
  nlohmann::json j;
  j["recorded"] = e.recorded;
  j["kind"] = e.kind;
  j["title"] = e.title;
  j["section"] = e.section;
  j["number"] = e.number;
  j["date"] = e.date;
  j["file"] = e.file;
  j["grid"] = e.grid;
  j["variant"] = e.variant;
  j["givens"] = e.givens;
  j["solution"] = e.solution;
  j["clues"] = e.clues;
  j["rating"] = e.rating < 0 ? nlohmann::json(nullptr) : nlohmann::json(rounded_rating(e.rating));
  j["label"] = e.label;
  j["hardest"] = e.hardest;
  j["seed"] = e.seed ? nlohmann::json(*e.seed) : nlohmann::json(nullptr);
  j["canonical"] = e.canonical;
  return j;
}

constexpr const char* kCsvHeader =
    "recorded,kind,title,section,number,date,file,grid,variant,givens,solution,clues,rating,label,hardest,"
    "seed,"
    "canonical\n";

std::string entry_csv(const catalogue::Entry& e) {
  return CsvRow()
      .add(e.recorded)
      .add(e.kind)
      .add(e.title)
      .add(e.section)
      .add(e.number > 0 ? std::to_string(e.number) : "")
      .add(e.date)
      .add(e.file)
      .add(e.grid)
      .add(e.variant)
      .add(e.givens)
      .add(e.solution)
      .add(e.clues > 0 ? std::to_string(e.clues) : "")
      .add(rating_text(e))
      .add(e.label)
      .add(e.hardest)
      .add(seed_text(e))
      .add(e.canonical)
      .line();
}

int run_import(const CatalogueOptions& opt) {
  // Every file is read before anything is written: a bad file imports nothing.
  std::vector<catalogue::Source> sources;
  bool bad = false;
  for (const std::string& f : opt.files) {
    auto src = catalogue::read_source(f);
    if (!src) {
      print_error(src.error());
      bad = true;
    } else {
      sources.push_back(std::move(*src));
    }
  }
  if (bad) {
    std::cerr << "nothing was imported\n";
    return kExitFailure;
  }
  auto cat = catalogue::Catalogue::open(opt.catalogue, catalogue::Access::write);
  if (!cat) return refuse(cat.error());
  for (const std::string& r : cat->repairs()) std::cerr << "warning: " << opt.catalogue << ": " << r << "\n";
  long long total = 0, added = 0;
  for (size_t i = 0; i < sources.size(); ++i) {
    const catalogue::Source& src = sources[i];
    auto n = cat->import({"import", src.title, opt.files[i], std::nullopt}, src.entries);
    if (!n) return refuse(n.error());
    total += static_cast<long long>(src.entries.size());
    added += *n;
    std::cerr << opt.files[i] << ": "
              << count_of(static_cast<long long>(src.entries.size()), "puzzle", "puzzles") << ", " << *n
              << " new\n";
  }
  std::cerr << "imported " << count_of(added, "new puzzle", "new puzzles") << " into " << opt.catalogue
            << " (" << total - added << " already there or repeated)\n";
  return kExitOk;
}

int run_list(const CatalogueOptions& opt) {
  auto cat = catalogue::Catalogue::open(opt.catalogue, catalogue::Access::read);
  if (!cat) return refuse(cat.error());
  if (opt.format == "json") {
    nlohmann::json list = nlohmann::json::array();
    Status st = cat->for_each(opt.since, [&](const catalogue::Entry& e) -> Status {
      list.push_back(entry_json(e));
      return Ok{};
    });
    if (!st) return refuse(st.error());
    std::cout << list.dump(2) << "\n";
    return kExitOk;
  }
  std::cout << kCsvHeader;
  Status st = cat->for_each(opt.since, [&](const catalogue::Entry& e) -> Status {
    std::cout << entry_csv(e);
    return Ok{};
  });
  if (!st) return refuse(st.error());
  return kExitOk;
}

int run_check(const CatalogueOptions& opt) {
  auto cat = catalogue::Catalogue::open(opt.catalogue, catalogue::Access::read);
  if (!cat) return refuse(cat.error());
  auto src = catalogue::read_source(opt.files.front());
  if (!src) {
    print_error(src.error());
    return kExitFailure;
  }
  // Written once every lookup has worked: a catalogue that fails half-way prints no partial answer.
  std::string out = "index,givens,published,recorded,kind,title,section,number,date,file\n";
  long long found = 0, index = 0;
  for (const catalogue::Entry& e : src->entries) {
    ++index;
    CsvRow row;
    row.add(index).add(e.givens);
    auto lookup = cat->find(e.canonical);
    if (!lookup) return refuse(lookup.error());
    if (const auto& hit = *lookup) {
      ++found;
      row.add("yes").add(hit->recorded).add(hit->kind).add(hit->title).add(hit->section);
      row.add(hit->number > 0 ? std::to_string(hit->number) : "").add(hit->date).add(hit->file);
    } else {
      row.add("no");
      for (int k = 0; k < 7; ++k) row.add("");
    }
    out += row.line();
  }
  std::cout << out;
  std::cerr << found << " of " << count_of(index, "puzzle", "puzzles") << " in " << opt.files.front()
            << " already in " << opt.catalogue << "\n";
  return kExitOk;
}

int run_stats(const CatalogueOptions& opt) {
  auto cat = catalogue::Catalogue::open(opt.catalogue, catalogue::Access::read);
  if (!cat) return refuse(cat.error());
  auto st = cat->stats();
  if (!st) return refuse(st.error());
  std::cout << "catalogue: " << opt.catalogue << " (schema " << st->schema << ")\n"
            << "puzzles: " << st->puzzles << "\n"
            << "runs: " << st->runs << " (" << st->pending_runs << " pending)\n"
            << "files: " << st->files << "\n";
  if (st->puzzles > 0) std::cout << "recorded: " << st->first_recorded << " .. " << st->last_recorded << "\n";
  for (const auto& [name, list] : {std::pair{"by kind", &st->by_kind}, std::pair{"by grid", &st->by_grid},
                                   std::pair{"by label", &st->by_label}}) {
    if (list->empty()) continue;
    std::cout << name << ":";
    for (const auto& [value, n] : *list) std::cout << " " << value << " " << n << ";";
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_catalogue_command(CLI::App& app, Run& run) {
  CLI::App* cmd =
      app.add_subcommand("catalogue", "The catalogue of published puzzles: import, list, check, stats");
  cmd->require_subcommand(1);
  cmd->footer(
      "A catalogue is one SQLite file listing every puzzle published from it (book and generate take\n"
      "--catalogue, or the spec's catalogue: key): later runs never pick one of them again.\n"
      "Exit code: 0 ok, 1 a file could not be read or written, 2 bad command line or a file that is not a\n"
      "gridpress catalogue (or one of a newer schema), which is left as it is. See docs/catalogue.md.");
  auto add = [&](const char* name, const char* help, int (*fn)(const CatalogueOptions&)) {
    auto opt = std::make_shared<CatalogueOptions>();
    CLI::App* sub = cmd->add_subcommand(name, help);
    sub->add_option("-c,--catalogue", opt->catalogue, "The catalogue file")->required();
    sub->callback([opt, fn, &run] { run = [opt, fn] { return fn(*opt); }; });
    return std::pair{sub, opt};
  };
  {
    auto [sub, opt] =
        add("import", "Add the puzzles of manifests, puzzle files or other catalogues (made if missing)",
            run_import);
    sub->add_option("files", opt->files,
                    "Manifests (NAME.json, NAME.csv), generate's output, puzzle files or catalogues")
        ->required();
    sub->footer(
        "Puzzles already in the catalogue, or repeated, are skipped. Every file is read first: a bad one "
        "imports nothing.");
  }
  {
    auto [sub, opt] = add("list", "Print every published puzzle (CSV or JSON)", run_list);
    sub->add_option("--since", opt->since, "Only puzzles recorded on or after this date (YYYY-MM-DD)");
    sub->add_option("--format", opt->format, "csv or json")
        ->capture_default_str()
        ->check(CLI::IsMember({"csv", "json"}));
  }
  {
    auto [sub, opt] =
        add("check", "Which puzzles of a file were already published, when and where", run_check);
    sub->add_option("file", opt->files, "A puzzle file (any form solve reads, or a manifest)")
        ->required()
        ->expected(1);
  }
  add("stats", "Counts by kind, grid and label", run_stats);
}

}  // namespace gp::cli
