// The catalogue's part in a book or newspaper run (catalogue/catalogue.hpp): open it before any
// work, refuse outputs it lists as published, answer the generator's lookups, reserve the picked
// puzzles, fingerprint the staged files before the commit, and record the run after it. A
// reservation that is not published by the time this object goes away is abandoned, so a run that
// fails records nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/outcome.hpp"
#include "catalogue/catalogue.hpp"
#include "core/result.hpp"
#include "render/staging.hpp"

namespace gp::book {

class CatalogueRun {
 public:
  CatalogueRun() = default;  // no catalogue: every call below does nothing
  CatalogueRun(CatalogueRun&&) noexcept;
  CatalogueRun& operator=(CatalogueRun&&) = delete;
  CatalogueRun(const CatalogueRun&) = delete;
  ~CatalogueRun();

  // Opens the catalogue at `path` for writing ("" = none). Errors: a refused file (bad_input: not a
  // catalogue, a newer schema) or one that cannot be opened (io).
  static Result<CatalogueRun> open(const std::string& path);

  bool active() const { return catalogue_.has_value(); }
  catalogue::Catalogue& catalogue() { return *catalogue_; }
  // What open() repaired, as lines for the user.
  std::vector<std::string> repairs() const;

  // Refuses `outputs` the catalogue lists as published, unless `force`: "CATALOGUE: 'out/x.pdf'
  // was published in 'Title' (book, recorded 2026-03-02T09:00:00Z); give --force to replace it".
  // `option` is what the message tells the user to give; `replaced` (when not null) receives the
  // published outputs that `force` lets the run replace.
  Status check_outputs(const std::vector<std::string>& outputs, bool force, const std::string& option = "--force",
                       std::vector<std::string>* replaced = nullptr) const;

  // The generator's lookup (empty when there is no catalogue).
  std::function<bool(const std::string&)> excluded() const;

  // Reserves `entries` for this run. False (and nothing reserved) when another run took some of
  // them meanwhile: generate again (the lookups now see them) and retry.
  Result<bool> reserve(const catalogue::RunInfo& run, const std::vector<catalogue::Entry>& entries);

  // Before the commit: the final paths of every file of the run (`manifests` apart), fingerprinted
  // by their staged names in `staging` (each was added to it before).
  Status attach(render::Staging& staging, const std::vector<std::string>& outputs,
                const std::vector<std::string>& manifests);

  // After the commit: records the run. An error here leaves the run pending; the next run on this
  // machine finds the files in place and records it (the repair).
  Status publish();

 private:
  std::optional<catalogue::Catalogue> catalogue_;
  std::optional<std::int64_t> run_;  // reserved and not yet published
};

// How many times a run generates again when another run takes its puzzles at the same time.
inline constexpr int kReserveTries = 4;

}  // namespace gp::book
