// gridpress spec SPEC.yaml [--resolved] [--profiles]: check a book spec without generating
// anything, show what it resolves to (profile and defaults applied), or list the profiles found.
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "book/run.hpp"
#include "cli/commands.hpp"
#include "spec/spec.hpp"

namespace gp::cli {

namespace {

struct SpecCliOptions {
  std::string path;
  bool resolved = false;
  bool profiles = false;
};

constexpr const char* kSpecFooter =
    "Checks SPEC.yaml (keys, types, ranges, profile, combinations the spec alone can rule out, and\n"
    "what 'gridpress book' checks before any work: each section's request, fonts, page plan, cover) and\n"
    "prints every problem as 'file:line:col: key: message' on stderr, or a one-line summary.\n"
    "--resolved prints the spec with its profile and the defaults applied, as YAML (every key).\n"
    "--profiles lists the profiles a spec in SPEC's folder can name (SPEC may then be omitted).\n"
    "Profiles are looked up in $GRIDPRESS_DATA_DIR/templates, the spec's folder, then the\n"
    "built-in templates/. Keys and defaults: docs/spec.md.\n"
    "Exit code: 0 if the spec is valid, 2 if it has problems (or cannot be read).";

int run_spec(const SpecCliOptions& opt) {
  if (opt.profiles) {
    std::string dir = ".";
    if (!opt.path.empty()) {
      const auto slash = opt.path.find_last_of('/');
      dir = slash == std::string::npos ? "." : opt.path.substr(0, slash);
    }
    for (const auto& name : spec::available_profiles(dir)) std::cout << name << '\n';
    if (opt.path.empty()) return kExitOk;
  }
  if (opt.path.empty()) {
    std::cerr << "gridpress spec: give a SPEC.yaml (or --profiles)\n";
    return kExitUsage;
  }
  auto loaded = spec::load_book_spec(opt.path);
  const std::string name = opt.path == "-" ? "<stdin>" : opt.path;
  if (!loaded) {
    print_error(loaded.error());
    const auto n = loaded.error().diagnostics.size();
    std::cerr << name << ": " << n << (n == 1 ? " problem" : " problems") << '\n';
    return kExitUsage;
  }
  const spec::BookSpec& b = *loaded;
  if (opt.resolved) {
    std::cout << spec::to_yaml(b);
    return kExitOk;
  }
  // What `book` checks before any work (each section's generator request, fonts, the page plan,
  // the cover): a spec that passes here does not fail those checks there.
  if (Status checked = book::check_spec(b); !checked) {
    print_error(checked.error());
    const auto n = checked.error().diagnostics.size();
    std::cerr << name << ": " << n << (n == 1 ? " problem" : " problems") << '\n';
    return kExitUsage;
  }
  long long puzzles = 0;
  for (const auto& s : b.sections) puzzles += s.count;
  std::cout << name << ": ok - " << b.sections.size() << (b.sections.size() == 1 ? " section, " : " sections, ")
            << puzzles << (puzzles == 1 ? " puzzle" : " puzzles") << ", page " << b.page.size_name
            << (b.profile.empty() ? std::string() : ", profile " + b.profile) << " -> " << b.output.path << '\n';
  return kExitOk;
}

}  // namespace

void add_spec_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<SpecCliOptions>();
  CLI::App* cmd = app.add_subcommand("spec", "Check a book spec, or show it resolved (no generation)");
  cmd->add_option("SPEC", opt->path, "the book spec (YAML); - reads it from standard input");
  cmd->add_flag("--resolved", opt->resolved, "print the spec with profile and defaults applied, as YAML");
  cmd->add_flag("--profiles", opt->profiles, "list the profiles that can be named");
  cmd->footer(kSpecFooter);
  cmd->callback([opt, &run] { run = [opt] { return run_spec(*opt); }; });
}

}  // namespace gp::cli
