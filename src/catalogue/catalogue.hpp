// The catalogue: one SQLite file per publisher or series listing every puzzle a run published
// (canonical form, givens, solution, rating, where and when), so later runs never repeat one.
// See docs/catalogue.md for the schema and example queries.
//
// A run uses it in four steps:
//   1. open(path, Access::write): creates the file, or checks that it is a gridpress catalogue of a
//      schema this program reads (anything else is refused and left as it is), then repairs the
//      runs of this machine that were killed half-way (below);
//   2. taken(canonical) while generating: is the puzzle published, or reserved by a run under
//      way? (an indexed lookup; thread-safe);
//   3. reserve(run, entries) once the puzzles are picked: the run and its puzzles are written as
//      "pending" in one transaction, which fails with the puzzles another run took meanwhile
//      (SQLite's lock serialises the two), so two runs at once never take the same puzzle;
//      attach_files(...) then records every file the run is about to commit, with a fingerprint;
//   4. after the files are in place, publish(run) marks the run published in one transaction; a
//      run that fails calls abandon(run) instead, which removes its rows: it recorded nothing.
//
// Repair: a run killed between its file commit and publish() stays pending, with its process id
// and host name. The next open() for writing on the same host finds it (the process is gone) and
// looks at its files: when every file has the fingerprint recorded in step 3 (and no interrupted
// commit journal of that process is left beside them, which the next write there would roll
// back), the files were committed and the run is published; otherwise it is removed. Runs of
// other hosts are left pending (their puzzles stay reserved).
//
// Times are UTC, ISO 8601 ("2026-03-02T09:30:00Z"), from the clock, or from the environment
// variable GRIDPRESS_NOW when it is set (for tests: a fixed clock).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"
#include "core/result.hpp"

namespace gp::catalogue {

// PRAGMA user_version of the schema this program writes and reads; PRAGMA application_id of a
// gridpress catalogue ("GPCT").
inline constexpr int kSchemaVersion = 1;
inline constexpr std::int32_t kApplicationId = 0x47504354;

// One puzzle as the catalogue holds it. Empty text / 0 / nullopt = not known.
struct Entry {
  std::string canonical;  // the key: canonical form, "x:..." / "hyper:..." for variants
  std::string variant = "classic";
  std::string grid;              // "9x9"
  std::string givens, solution;  // line format
  int clues = 0;
  double rating = -1;  // SE scale; < 0 = not rated
  std::string label, hardest;
  std::string kind;  // book, newspaper, generate, import
  std::string title, section;
  std::int64_t number = 0;  // printed number (0 .. kMaxPuzzleNumber, core/numbering.hpp)
  std::string date;  // newspaper day, YYYY-MM-DD
  std::string file;  // the file it was published in (relative to the catalogue's folder; absolute in older rows)
  std::optional<std::uint64_t> seed;
  std::string recorded;  // when its run was recorded (UTC); filled by the catalogue
  std::int64_t run = 0;  // the run that recorded it; filled by the catalogue
};

// The entry of a generated puzzle (`p.canonical` set): its form, givens, solution, rating and
// seed; `kind` as given. Where it was published is for the caller to fill.
Entry entry_of(const Puzzle& p, std::string kind);

// What a run is, for the runs table.
struct RunInfo {
  std::string kind;  // book, newspaper, generate, import
  std::string title;
  std::string source;  // the spec file, or what was imported
  std::optional<std::uint64_t> seed;
};

struct Stats {
  long long puzzles = 0, runs = 0, pending_runs = 0, files = 0;
  std::vector<std::pair<std::string, long long>> by_kind, by_grid, by_label;  // value -> puzzles
  std::string first_recorded, last_recorded;
  int schema = kSchemaVersion;
};

// A published file: who wrote it, and when.
struct FileRecord {
  std::string path, title, kind, recorded;
  std::int64_t run = 0;
};

enum class Access { read, write };

class Catalogue {
 public:
  // Opens the catalogue at `path`. Access::write creates it (and its folder) when missing and
  // repairs dead runs (repairs() says what was done); Access::read needs an existing file and
  // changes nothing (it leaves no -wal or -shm file behind). Refused, never modified (error kind
  // bad_input): a file that fails SQLite's PRAGMA quick_check (damaged pages), a file that is not an SQLite
  // database, an SQLite database of another program, a catalogue of a newer schema version.
  // `recover_folder` (Access::write): called for each folder of a dead run's files before they
  // are looked at, to end a file commit the run left interrupted there (render::recover_folder);
  // when it fails the run is left pending and repairs() says why.
  using FolderRecovery = std::function<Status(const std::string& folder)>;
  static Result<Catalogue> open(const std::string& path, Access access, const FolderRecovery& recover_folder = {});

  Catalogue(Catalogue&&) noexcept;
  Catalogue& operator=(Catalogue&&) noexcept;
  ~Catalogue();

  const std::string& path() const;
  // One line per run repaired by open(): "recorded the run of 'Title' (book, pid 123) killed after
  // writing its files" or "removed the unfinished run of 'Title' ...".
  const std::vector<std::string>& repairs() const;

  // True when `canonical` is published or reserved by a pending run. Thread-safe. A lookup that
  // fails (a damaged page, a lock held too long) answers false and is remembered: lookups() then
  // returns the error, and a run must check it before it trusts what it generated.
  bool taken(const std::string& canonical) const;
  Status lookups() const;
  // The entry of `canonical` (published or pending), if any. Every query below fails (kind io,
  // naming the catalogue) when SQLite does, never answering "none" for an error.
  Result<std::optional<Entry>> find(const std::string& canonical) const;

  // Step 3: records `run` as pending with `entries` (each with its canonical form). When another
  // run holds some of the canonical forms, nothing is written and the error (kind bad_input)
  // lists them in `conflicts`. Returns the run's id.
  Result<std::int64_t> reserve(const RunInfo& run, const std::vector<Entry>& entries,
                               std::vector<std::string>* conflicts = nullptr);
  // The files of pending run `run`; their fingerprints are recorded for the repair. Final paths
  // are stored relative to the catalogue's folder (stored_path). Manifests are listed for the repair only: published_file() never names
  // one (a newspaper's manifest is rewritten by every run).
  struct RunFile {
    std::string path;    // the final path
    std::string staged;  // the file whose bytes it will have (the staged file)
    bool manifest = false;
  };
  Status attach_files(std::int64_t run, const std::vector<RunFile>& files);
  // Marks pending run `run` published (one transaction).
  Status publish(std::int64_t run);
  // Removes pending run `run` and everything it reserved. Never fails (a failure leaves the run
  // pending; the next open after this process ends removes it).
  void abandon(std::int64_t run) noexcept;

  // Adds `entries` as one published run (catalogue import); puzzles already in the catalogue, or
  // twice in `entries`, are skipped. Returns how many were added.
  Result<long long> import(const RunInfo& run, const std::vector<Entry>& entries);

  // The published file at `path`, if the catalogue lists one: compared relative to the catalogue's
  // folder (so a copy of the folder with its catalogue, moved or mounted elsewhere, is protected
  // too), and as an absolute path for rows of older catalogues.
  Result<std::optional<FileRecord>> published_file(const std::string& path) const;
  // `file` as the catalogue stores it: relative to the catalogue's folder (absolute when there is
  // no relative path).
  std::string stored_path(const std::string& file) const;

  // A published run (book --reprint): what it was and its puzzles, by number. Nullopt when `run`
  // is not a published run.
  struct PublishedRun {
    std::int64_t id = 0;
    RunInfo info;
    std::string recorded;        // when it was recorded
    std::vector<Entry> entries;  // ordered by number
  };
  Result<std::optional<PublishedRun>> published_run(std::int64_t run) const;
  // After a reprint of published run `run` is committed (the same puzzles in new files): the run
  // and its puzzles take `title`, and its files the fingerprints of `files` as they are now (their
  // final paths), in one transaction. The run keeps its id, puzzles and time of recording.
  Status record_reprint(std::int64_t run, const std::string& title, const std::vector<RunFile>& files);

  // Newspaper numbering: the highest number and the latest date published under `title`.
  struct Numbering {
    std::int64_t last_number = 0;  // as stored: the caller checks it against kMaxPuzzleNumber
    std::string last_date;
  };
  Result<std::optional<Numbering>> newspaper_numbering(const std::string& title) const;
  // The newspaper puzzle numbered `number` under `title`, if published (or pending).
  Result<std::optional<Entry>> newspaper_number(const std::string& title, std::int64_t number) const;
  // The newspaper puzzle of day `date` (YYYY-MM-DD) under `title`, if published (or pending).
  Result<std::optional<Entry>> newspaper_date(const std::string& title, const std::string& date) const;

  // Every published entry recorded at or after `since` (YYYY-MM-DD or a full time; "" = all), in
  // recording order. Stops at the first error `each` returns. `each` must not call this catalogue
  // (the connection's lock is held).
  Status for_each(const std::string& since, const std::function<Status(const Entry&)>& each) const;
  Result<Stats> stats() const;

 private:
  struct Impl;
  explicit Catalogue(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The current time as the catalogue records it: GRIDPRESS_NOW when set, else the clock (UTC,
// "YYYY-MM-DDTHH:MM:SSZ").
std::string now_text();

// "SIZE:FNV1A64" of a file's bytes; "" when it cannot be read.
std::string fingerprint(const std::string& path);

// True when `path` is a regular file that starts with SQLite's header ("SQLite format 3"). Anything
// else (a pipe, a device) is not read.
bool is_sqlite_file(const std::string& path);

}  // namespace gp::catalogue
