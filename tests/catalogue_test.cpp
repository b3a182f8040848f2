// The catalogue of published puzzles: the file (schema, refusing foreign and newer files), repeat
// avoidance across volumes (the same seed included), a failed run records nothing, a killed run is
// repaired, two processes at once never take the same puzzle, published files are not replaced
// without --force, import of manifests, check, list and stats.
#include "catalogue/catalogue.hpp"

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catalogue/sources.hpp"
#include "cli_support.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace gp;
using namespace gp::test;

namespace {

// Every test records at this fixed time.
const bool kFixedClock = [] { return ::setenv("GRIDPRESS_NOW", "2026-03-02T09:00:00Z", 1) == 0; }();

// A small two-section volume named `title`, seed 5, writing NAME.pdf; `extra` adds top-level keys.
std::string volume(const TempDir& dir, const std::string& name, const std::string& title,
                   const std::string& extra = "") {
  const std::string path = dir / (name + ".yaml");
  spit(path, "title: " + title + "\nseed: 5\n" + extra +
                 "sections:\n  - {name: Nines, count: 6, grid: 9x9, clues: 30, layout: 1x2}\n"
                 "  - {name: Sixes, count: 6, grid: 6x6, symmetry: none, layout: 2x3}\n"
                 "answers: {layout: 2x3}\noutput: {path: " +
                 name + ".pdf}\n");
  return path;
}

// The canonical forms of a manifest's puzzles (read like catalogue import reads it).
std::set<std::string> canonical_forms(const std::string& manifest) {
  auto src = catalogue::read_source(manifest);
  INFO(manifest);
  REQUIRE(src.ok());
  std::set<std::string> out;
  for (const auto& e : src->entries) out.insert(e.canonical);
  return out;
}

std::set<std::string> givens_of(const std::string& manifest) {
  std::set<std::string> out;
  const json doc = json::parse(slurp(manifest));
  for (const auto& p : doc["puzzles"]) out.insert(p["givens"].get<std::string>());
  return out;
}

bool disjoint(const std::set<std::string>& a, const std::set<std::string>& b) {
  for (const auto& x : a)
    if (b.count(x)) return false;
  return true;
}

catalogue::Stats stats_of(const std::string& path) {
  auto cat = catalogue::Catalogue::open(path, catalogue::Access::read);
  INFO(path);
  REQUIRE(cat.ok());
  auto st = cat->stats();
  REQUIRE(st.ok());
  return *st;
}

// Runs the book pipeline in this process with `options`; the run, whatever its outcome.
book::BookRun pipeline(const std::string& spec_path, const book::Overrides& overrides,
                       const book::BookRunOptions& options = {}) {
  auto spec = spec::load_book_spec(spec_path);
  REQUIRE(spec.ok());
  auto format = book::apply_overrides(*spec, overrides);
  REQUIRE(format.ok());
  book::BookRunOptions o = options;
  o.jobs = 1;
  return book::run_book_stages(*spec, *format, o);
}

// An SQLite file written by someone else: application_id `app`, user_version `version`.
void foreign_database(const std::string& path, int app, int version) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  const std::string sql = "CREATE TABLE t (x); PRAGMA application_id = " + std::to_string(app) +
                          "; PRAGMA user_version = " + std::to_string(version) + ";";
  REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE(
    "catalogue: a new file carries the schema version and application id; others are refused untouched") {
  REQUIRE(kFixedClock);
  TempDir dir("gridpress-catalogue-test");
  {
    auto cat = catalogue::Catalogue::open(dir / "sub/new.db", catalogue::Access::write);
    INFO((cat.ok() ? std::string() : cat.error().to_string()));
    REQUIRE(cat.ok());
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2((dir / "sub/new.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  CHECK(sqlite3_column_int(s, 0) == catalogue::kSchemaVersion);
  sqlite3_finalize(s);
  sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &s, nullptr);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  CHECK(sqlite3_column_int(s, 0) == catalogue::kApplicationId);
  sqlite3_finalize(s);
  sqlite3_close(db);

  CHECK_FALSE(catalogue::Catalogue::open(dir / "missing.db", catalogue::Access::read).ok());
  CHECK_FALSE(fs::exists(dir / "missing.db"));
  fs::create_directories(dir / "folder.db");
  CHECK(catalogue::Catalogue::open(dir / "folder.db", catalogue::Access::write).error().to_string() ==
        dir / "folder.db" + ": is not a regular file, so not a catalogue");

  spit(dir / "notes.db", "not a database\n");
  foreign_database(dir / "other.db", 1234, 1);
  foreign_database(dir / "newer.db", catalogue::kApplicationId, catalogue::kSchemaVersion + 1);
  for (const char* name : {"notes.db", "other.db", "newer.db"}) {
    const std::string before = slurp(dir / name);
    auto cat = catalogue::Catalogue::open(dir / name, catalogue::Access::write);
    INFO(name);
    REQUIRE_FALSE(cat.ok());
    CHECK(cat.error().kind == ErrorKind::bad_input);
    CHECK(slurp(dir / name) == before);
    CHECK_FALSE(fs::exists(dir / (std::string(name) + "-wal")));
  }
  CHECK(catalogue::Catalogue::open(dir / "newer.db", catalogue::Access::read).error().to_string() ==
        dir / "newer.db" +
            ": is a catalogue of schema version 2, newer than this gridpress reads (1): use a newer "
            "gridpress; it was left as it is");
  // The command line: exit 2, the file unchanged.
  const std::string before = slurp(dir / "other.db");
  const Output r = gridpress("catalogue stats -c '" + dir / "other.db" + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find("not a gridpress catalogue (application_id 0x000004d2)") != std::string::npos);
  const Output b =
      gridpress("book '" + volume(dir, "v", "V") + "' --catalogue '" + dir / "other.db" + "' -q", dir);
  CHECK(b.code == 2);
  CHECK(slurp(dir / "other.db") == before);
  CHECK_FALSE(fs::exists(dir / "v.pdf"));
}

TEST_CASE(
    "catalogue: volume 2 from a copy of volume 1's spec (same seed) gets new puzzles, and both are "
    "recorded") {
  TempDir dir("gridpress-catalogue-test");
  const std::string extra = "catalogue: series.db\n";
  const auto one = pipeline(volume(dir, "vol1", "Volume 1", extra), {});
  const auto two = pipeline(volume(dir, "vol2", "Volume 2", extra), {});
  REQUIRE(one.outcome == book::Outcome::ok);
  REQUIRE(two.outcome == book::Outcome::ok);
  CHECK(one.recorded == 12);
  CHECK(two.recorded == 12);
  const auto a = canonical_forms(dir / "vol1.json"), b = canonical_forms(dir / "vol2.json");
  CHECK(a.size() == 12);
  CHECK(b.size() == 12);
  CHECK(disjoint(a, b));
  const catalogue::Stats st = stats_of(dir / "series.db");
  CHECK(st.puzzles == 24);
  CHECK(st.runs == 2);
  CHECK(st.pending_runs == 0);
  CHECK(st.last_recorded == "2026-03-02T09:00:00Z");
  // Every puzzle of volume 1 is listed with its book, section, number and file.
  auto cat = catalogue::Catalogue::open(dir / "series.db", catalogue::Access::read);
  REQUIRE(cat.ok());
  auto found = cat->find(*a.begin());
  REQUIRE(found.ok());
  const auto& e = *found;
  REQUIRE(e);
  CHECK(e->title == "Volume 1");
  CHECK(e->kind == "book");
  CHECK(e->file == fs::weakly_canonical(dir / "vol1.pdf").string());
  CHECK(e->seed.has_value());
  CHECK(e->number >= 1);

  // Without a catalogue the copy reprints volume 1 (what the catalogue prevents), with a warning.
  const Output r = gridpress("book '" + volume(dir, "vol1b", "Volume 1") + "' -q", dir);
  REQUIRE(r.code == 0);
  CHECK(givens_of(dir / "vol1b.json") == givens_of(dir / "vol1.json"));
  spit(dir / "vol1b-copy.yaml", slurp(dir / "vol1b.yaml").replace(0, 15, "title: Volume 9"));
  const Output w = gridpress("book '" + dir / "vol1b-copy.yaml" + "' -q", dir);
  REQUIRE(w.code == 0);
  CHECK(w.err.find("warning: " + dir / "vol1b.json" +
                   " was made from the same seed (5) under the title 'Volume 1'") != std::string::npos);
}

TEST_CASE("catalogue: a run that fails records nothing") {
  TempDir dir("gridpress-catalogue-test");
  spit(dir / "blocker", "a file where a folder should be\n");
  // The cover goes under a regular file: writing fails after the puzzles were picked and reserved.
  const auto run = pipeline(
      volume(dir, "bad", "Bad", "catalogue: c.db\ncover: {enabled: true, path: blocker/c.pdf}\n"), {});
  REQUIRE(run.outcome == book::Outcome::failed);
  const catalogue::Stats st = stats_of(dir / "c.db");
  CHECK(st.puzzles == 0);
  CHECK(st.runs == 0);
  CHECK_FALSE(fs::exists(dir / "bad.pdf"));
}

TEST_CASE("catalogue: a run killed after its files were committed is recorded by the next one") {
  TempDir dir("gridpress-catalogue-test");
  const std::string spec = volume(dir, "k", "Killed", "catalogue: k.db\n");
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto loaded = spec::load_book_spec(spec);
    auto format = book::apply_overrides(*loaded, {});
    book::BookRunOptions o;
    o.jobs = 1;
    o.after_commit = [] { ::raise(SIGKILL); };
    book::run_book_stages(*loaded, *format, o);
    ::_exit(3);  // not reached when the run gets to its commit
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(fs::exists(dir / "k.pdf"));
  catalogue::Stats st = stats_of(dir / "k.db");
  CHECK(st.puzzles == 0);  // pending, not published
  CHECK(st.pending_runs == 1);

  // The next open for writing repairs it: the files carry the fingerprints recorded before the commit.
  auto cat = catalogue::Catalogue::open(dir / "k.db", catalogue::Access::write);
  REQUIRE(cat.ok());
  REQUIRE(cat->repairs().size() == 1);
  CHECK(cat->repairs()[0].rfind("recorded the run of 'Killed' (book, process " + std::to_string(child) + ")",
                                0) == 0);
  st = stats_of(dir / "k.db");
  CHECK(st.puzzles == 12);
  CHECK(st.pending_runs == 0);
  CHECK(canonical_forms(dir / "k.json").size() == 12);
  for (const auto& c : canonical_forms(dir / "k.json")) CHECK(cat->taken(c));
}

TEST_CASE("catalogue: a run killed before its commit is removed by the next one, and its puzzles freed") {
  TempDir dir("gridpress-catalogue-test");
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto cat = catalogue::Catalogue::open(dir / "k.db", catalogue::Access::write);
    catalogue::Entry e;
    e.canonical = e.givens = std::string(81, '.');
    e.grid = "9x9";
    e.kind = "book";
    auto id = cat->reserve({"book", "Never", "x.yaml", 1}, {e});
    if (id) (void)cat->attach_files(*id, {{dir / "never.pdf", dir / ".staged-never.pdf", false}});
    ::raise(SIGKILL);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  {
    auto cat = catalogue::Catalogue::open(dir / "k.db", catalogue::Access::read);
    REQUIRE(cat.ok());
    CHECK(cat->taken(std::string(81, '.')));  // reserved while pending
  }
  auto cat = catalogue::Catalogue::open(dir / "k.db", catalogue::Access::write);
  REQUIRE(cat.ok());
  REQUIRE(cat->repairs().size() == 1);
  CHECK(cat->repairs()[0] == "removed the run of 'Never' (book, process " + std::to_string(child) +
                                 "), which ended before its files were written");
  CHECK_FALSE(cat->taken(std::string(81, '.')));
  CHECK(stats_of(dir / "k.db").runs == 0);
}

TEST_CASE("catalogue: two processes at once on one catalogue never take the same puzzle") {
  TempDir dir("gridpress-catalogue-test");
  // Two copies of one spec (same seed: without the catalogue they would pick the same puzzles),
  // long enough to generate that both are picking puzzles at the same time.
  for (const char* name : {"a", "b"})
    spit(dir / (std::string(name) + ".yaml"),
         std::string("title: Copy ") + name +
             "\nseed: 5\ncatalogue: shared.db\nsections:\n  - {name: All, count: 300, grid: 9x9, clues: 28}\n"
             "output: {path: " +
             name + ".pdf}\n");
  const std::string bin = std::string("'") + GRIDPRESS_BINARY + "'";
  const Output r = shell("(" + bin + " book '" + dir / "a.yaml" + "' -q -j 1 & " + bin + " book '" +
                             dir / "b.yaml" + "' -q -j 1 & wait %1; ra=$?; wait %2; rb=$?; echo $ra $rb)",
                         dir);
  INFO(r.err);
  CHECK(r.out == "0 0\n");
  const auto ca = canonical_forms(dir / "a.json"), cb = canonical_forms(dir / "b.json");
  CHECK(ca.size() == 300);
  CHECK(cb.size() == 300);
  CHECK(disjoint(ca, cb));
  CHECK(stats_of(dir / "shared.db").puzzles == 600);
}

TEST_CASE("catalogue: a reservation fails, writing nothing, when another connection holds a puzzle") {
  TempDir dir("gridpress-catalogue-test");
  auto one = catalogue::Catalogue::open(dir / "c.db", catalogue::Access::write);
  auto two = catalogue::Catalogue::open(dir / "c.db", catalogue::Access::write);
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  auto entry = [](char c) {
    catalogue::Entry e;
    e.canonical = e.givens = std::string(80, '.') + c;
    e.grid = "9x9";
    e.kind = "book";
    return e;
  };
  REQUIRE(one->reserve({"book", "One", "one.yaml", 1}, {entry('1'), entry('2')}).ok());
  std::vector<std::string> conflicts;
  auto clash = two->reserve({"book", "Two", "two.yaml", 1}, {entry('3'), entry('2')}, &conflicts);
  REQUIRE_FALSE(clash.ok());
  CHECK(conflicts == std::vector<std::string>{entry('2').canonical});
  CHECK_FALSE(two->taken(entry('3').canonical));  // nothing of the failed reservation was written
  CHECK(two->taken(entry('1').canonical));        // the other run's pending puzzles count as taken
  REQUIRE(two->reserve({"book", "Two", "two.yaml", 1}, {entry('3')}).ok());
  CHECK(stats_of(dir / "c.db").pending_runs == 2);
}

TEST_CASE("catalogue: a damaged catalogue is refused by every command, naming it") {
  TempDir dir("gridpress-catalogue-test");
  book_ok(volume(dir, "old", "Old Volume"), "", dir, "-q");
  REQUIRE(gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "old.json" + "'", dir).code == 0);
  REQUIRE_FALSE(fs::exists(dir / "c.db-wal"));
  // Damage every page after the first (the header and the schema stay readable).
  std::string bytes = slurp(dir / "c.db");
  REQUIRE(bytes.size() > 8192);
  for (std::size_t i = 4096; i < bytes.size(); i += 4096) bytes.replace(i + 8, 64, std::string(64, '\x5a'));
  spit(dir / "c.db", bytes);
  const std::string db = "'" + dir / "c.db" + "'";
  spit(dir / "some.txt", std::string(81, '.').replace(0, 9, "123456789") + "\n");
  for (const std::string& args :
       {"catalogue check -c " + db + " '" + dir / "some.txt" + "'", "catalogue list -c " + db,
        "catalogue stats -c " + db, "generate --count 1 --seed 2 -q --catalogue " + db,
        "book '" + volume(dir, "new", "New", "catalogue: c.db\n") + "' -q"}) {
    CAPTURE(args);
    const Output r = gridpress(args, dir);
    CHECK(r.code != 0);
    CHECK(r.out.empty());
    CHECK(r.err.find(dir / "c.db" + ": is damaged: ") != std::string::npos);
  }
  CHECK(slurp(dir / "c.db") == bytes);  // left as it is
  CHECK_FALSE(fs::exists(dir / "new.pdf"));
}

TEST_CASE("catalogue: a lock held too long fails the run after the wait, with a message") {
  TempDir dir("gridpress-catalogue-test");
  { REQUIRE(catalogue::Catalogue::open(dir / "c.db", catalogue::Access::write).ok()); }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "c.db").c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK);
  const auto start = std::chrono::steady_clock::now();
  const Output r = shell("GRIDPRESS_CATALOGUE_WAIT=1 '" + std::string(GRIDPRESS_BINARY) +
                             "' generate --count 1 --seed 2 -q --catalogue '" + dir / "c.db" + "'",
                         dir);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  CHECK(r.code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.find(dir / "c.db" + ": ") != std::string::npos);
  CHECK(r.err.find("the catalogue is locked by another run (waited 1 s; GRIDPRESS_CATALOGUE_WAIT sets how long)") !=
        std::string::npos);
  CHECK(seconds < 20);  // the wait is bounded (a few waits of 1 s at most), never as long as the lock
  // Released: the same run works.
  CHECK(gridpress("generate --count 1 --seed 2 -q --catalogue '" + dir / "c.db" + "'", dir).code == 0);
}

TEST_CASE("catalogue: read-only commands leave no -wal or -shm file; exclude globs skip them") {
  TempDir dir("gridpress-catalogue-test");
  book_ok(volume(dir, "old", "Old Volume"), "", dir, "-q");
  REQUIRE(gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "old.json" + "'", dir).code == 0);
  const std::string db = "'" + dir / "c.db" + "'";
  for (const std::string& args : {"catalogue list -c " + db, "catalogue stats -c " + db,
                                   "catalogue check -c " + db + " '" + dir / "old.json" + "'"}) {
    CAPTURE(args);
    REQUIRE(gridpress(args, dir).code == 0);
    CHECK_FALSE(fs::exists(dir / "c.db-wal"));
    CHECK_FALSE(fs::exists(dir / "c.db-shm"));
  }
  // A catalogue another process holds open has them: a glob over the folder reads the catalogue
  // and not its companions.
  spit(dir / "c.db-wal", "");
  spit(dir / "c.db-shm", std::string(100, '\0'));
  spit(dir / "g.yaml", "title: G\nseed: 5\nexclude: 'c.db*'\nsections:\n  - {count: 1, grid: 4x4}\noutput: {path: g.pdf}\n");
  auto spec = spec::load_book_spec(dir / "g.yaml");
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  CHECK(spec->exclude == std::vector<std::string>{dir / "c.db"});
}

TEST_CASE("catalogue: files it lists as published are not replaced without --force") {
  TempDir dir("gridpress-catalogue-test");
  const std::string spec = volume(dir, "p", "Published", "catalogue: p.db\n");
  book_ok(spec, "", dir, "-q");
  const std::string pdf = slurp(dir / "p.pdf");
  const auto first = canonical_forms(dir / "p.json");
  const Output again = gridpress("book '" + spec + "' -q", dir);
  CHECK(again.code == 2);
  CHECK(again.err ==
        dir / "p.db" + ": '" + dir / "p.pdf" +
            "' was published in 'Published' (book, recorded 2026-03-02T09:00:00Z); give --force to "
            "replace it (its puzzles stay in the catalogue)\n");
  CHECK(slurp(dir / "p.pdf") == pdf);
  // --force replaces them; the puzzles published before stay listed, so the new files get new ones.
  book_ok(spec, "", dir, "-q --force");
  CHECK(slurp(dir / "p.pdf") != pdf);
  CHECK(disjoint(first, canonical_forms(dir / "p.json")));
  CHECK(stats_of(dir / "p.db").puzzles == 24);
}

TEST_CASE("catalogue: import of existing manifests, check, list and stats") {
  TempDir dir("gridpress-catalogue-test");
  book_ok(volume(dir, "old", "Old Volume"), "", dir, "-q");
  // JSON and CSV manifests of one book: the same puzzles, imported once.
  const Output imp = gridpress(
      "catalogue import -c '" + dir / "c.db" + "' '" + dir / "old.json" + "' '" + dir / "old.csv" + "'", dir);
  INFO(imp.err);
  REQUIRE(imp.code == 0);
  CHECK(imp.err.find("imported 12 new puzzles into " + dir / "c.db" + " (12 already there or repeated)") !=
        std::string::npos);
  CHECK(stats_of(dir / "c.db").puzzles == 12);
  CHECK(gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "old.json" + "'", dir)
            .err.find("imported 0 new") != std::string::npos);

  // A new volume with the catalogue avoids every imported puzzle.
  book_ok(volume(dir, "new", "New Volume", "catalogue: c.db\n"), "", dir, "-q");
  CHECK(disjoint(canonical_forms(dir / "old.json"), canonical_forms(dir / "new.json")));

  // check: which puzzles of a file are in it, and where they were published.
  std::string lines;
  for (const auto& g : givens_of(dir / "old.json"))
    if (g.size() == 81) lines += g + "\n";
  spit(dir / "some.txt", lines + std::string(81, '.').replace(0, 9, "123456789") + "\n");
  const Output chk = gridpress("catalogue check -c '" + dir / "c.db" + "' '" + dir / "some.txt" + "'", dir);
  INFO(chk.err);
  REQUIRE(chk.code == 0);
  CHECK(chk.err == "6 of 7 puzzles in " + dir / "some.txt" + " already in " + dir / "c.db" + "\n");
  CHECK(chk.out.find(",yes,2026-03-02T09:00:00Z,book,Old Volume,Nines,") != std::string::npos);
  CHECK(chk.out.find(",no,") != std::string::npos);

  const Output list = gridpress("catalogue list -c '" + dir / "c.db" + "' --format json", dir);
  REQUIRE(list.code == 0);
  CHECK(json::parse(list.out).size() == 24);
  const Output since = gridpress("catalogue list -c '" + dir / "c.db" + "' --since 2026-03-03", dir);
  CHECK(since.out.find('\n') == since.out.size() - 1);  // the header only
  const Output stats = gridpress("catalogue stats -c '" + dir / "c.db" + "'", dir);
  CHECK(stats.out.find("puzzles: 24\n") != std::string::npos);
  CHECK(stats.out.find("by grid: 6x6 12; 9x9 12;") != std::string::npos);

  // A bad file imports nothing (exit 1).
  spit(dir / "bad.txt", "123\n");
  const Output bad = gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "bad.txt" + "'", dir);
  CHECK(bad.code == 1);
  CHECK(stats_of(dir / "c.db").puzzles == 24);
}

namespace {

// The records of an RFC 4180 text, each a list of fields (quoted fields may hold commas, quotes
// and line breaks).
std::vector<std::vector<std::string>> csv_records(const std::string& text) {
  std::vector<std::vector<std::string>> out(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        out.back().back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back().back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.back().emplace_back();
    } else if (c == '\n') {
      out.emplace_back(1);
    } else {
      out.back().back() += c;
    }
  }
  if (out.back().size() == 1 && out.back().front().empty()) out.pop_back();
  return out;
}

}  // namespace

TEST_CASE("catalogue: list and check quote fields with commas, quotes and line breaks (RFC 4180)") {
  TempDir dir("gridpress-catalogue-test");
  book_ok(volume(dir, "old", "Old Volume"), "", dir, "-q");
  json doc = json::parse(slurp(dir / "old.json"));
  const std::string title = "Odd, \"Title\"\nTwo\r";
  doc["title"] = title;
  for (auto& p : doc["puzzles"]) p["section"] = "Nines, hard";
  spit(dir / "odd.json", doc.dump());
  REQUIRE(gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "odd.json" + "'", dir).code == 0);
  const Output list = gridpress("catalogue list -c '" + dir / "c.db" + "'", dir);
  REQUIRE(list.code == 0);
  CHECK(list.out.find("\"Odd, \"\"Title\"\"\nTwo\r\",\"Nines, hard\"") != std::string::npos);
  const auto records = csv_records(list.out);
  REQUIRE(records.size() == 13);  // the header and 12 puzzles
  for (const auto& r : records) {
    CHECK(r.size() == 17);
    if (&r != &records.front()) {
      CHECK(r[2] == title);
      CHECK(r[3] == "Nines, hard");
    }
  }
  spit(dir / "some.json", doc.dump());
  const Output chk = gridpress("catalogue check -c '" + dir / "c.db" + "' '" + dir / "some.json" + "'", dir);
  REQUIRE(chk.code == 0);
  const auto rows = csv_records(chk.out);
  REQUIRE(rows.size() == 13);
  for (const auto& r : rows) CHECK(r.size() == 10);
  CHECK(rows[1][5] == title);
  CHECK(rows[1][6] == "Nines, hard");
}

TEST_CASE("catalogue: generate --catalogue skips what it lists and records what it prints") {
  TempDir dir("gridpress-catalogue-test");
  const std::string cat = "--catalogue '" + dir / "g.db" + "'";
  const Output one = gridpress("generate --count 5 --clues 30 --seed 3 -q " + cat, dir);
  REQUIRE(one.code == 0);
  const Output two = gridpress("generate --count 5 --clues 30 --seed 3 -q " + cat, dir);
  REQUIRE(two.code == 0);
  const Output plain = gridpress("generate --count 5 --clues 30 --seed 3 -q", dir);
  CHECK(one.out == plain.out);  // an empty catalogue changes nothing
  spit(dir / "one.txt", one.out);
  spit(dir / "two.txt", two.out);
  CHECK(disjoint(canonical_forms(dir / "one.txt"), canonical_forms(dir / "two.txt")));
  CHECK(stats_of(dir / "g.db").puzzles == 10);
  // --exclude takes a catalogue too (read only).
  const std::string before = slurp(dir / "g.db");
  const Output three =
      gridpress("generate --count 5 --clues 30 --seed 3 -q --exclude '" + dir / "g.db" + "'", dir);
  REQUIRE(three.code == 0);
  spit(dir / "three.txt", three.out);
  CHECK(disjoint(canonical_forms(dir / "three.txt"), canonical_forms(dir / "one.txt")));
  CHECK(disjoint(canonical_forms(dir / "three.txt"), canonical_forms(dir / "two.txt")));
  CHECK(slurp(dir / "g.db") == before);

  // Variants are kept apart by their canonical forms ("x:..."), and imported from a JSON manifest
  // with the same keys.
  REQUIRE(gridpress("generate --variant x --count 3 --seed 3 -q --format json " + cat, dir).code == 0);
  auto c = catalogue::Catalogue::open(dir / "g.db", catalogue::Access::read);
  REQUIRE(c.ok());
  int x = 0;
  REQUIRE(c->for_each("", [&](const catalogue::Entry& e) -> Status {
               if (e.variant == "x" && e.canonical.rfind("x:", 0) == 0) ++x;
               return Ok{};
             }).ok());
  CHECK(x == 3);
  const Output xs = gridpress("generate --variant x --count 3 --seed 3 -q --format json", dir);
  spit(dir / "x.json", xs.out);
  const auto from_file = canonical_forms(dir / "x.json");
  CHECK(from_file.size() == 3);
  for (const auto& form : from_file) CHECK(c->taken(form));
}

namespace {

// A newspaper run of 3 days into the folder `folder`, titled "Daily Test", with the catalogue
// daily.db; `keys` adds newspaper keys (start_date, start_number).
std::string daily(const TempDir& dir, const std::string& name, const std::string& keys) {
  const std::string path = dir / (name + ".yaml");
  spit(path,
       "title: Daily Test\nseed: 11\nprofile: newspaper\ncatalogue: daily.db\nnewspaper:\n  days: 3\n"
       "  formats: [pdf]\n" +
           keys + "output: {path: papers/run.json}\n");
  return path;
}

json manifest_of(const std::string& path) {
  return json::parse(slurp(path));
}

}  // namespace

TEST_CASE("catalogue: newspaper runs continue its numbers and dates, and never print a number twice") {
  TempDir dir("gridpress-catalogue-test");
  const std::string first = daily(dir, "first", "  start_date: 2026-03-02\n  start_number: 1201\n");
  const std::string next = daily(dir, "next", "");  // no start_date, no start_number

  // Nothing to continue from yet.
  const Output none = gridpress("book '" + next + "' -q", dir);
  CHECK(none.code == 2);
  CHECK(none.err == next + ": newspaper.start_date: missing, and the catalogue " + dir / "daily.db" +
                        " has no earlier day of 'Daily Test' to continue from\n");

  book_ok(first, "", dir, "-q");
  const json a = manifest_of(dir / "papers/run.json");
  CHECK(a["start_number"] == 1201);
  const std::set<std::string> ca = canonical_forms(dir / "papers/run.json");

  // The next run takes the number and the day after the catalogue's last.
  const Output r = book_ok(next, "", dir);
  CHECK(r.err.find("No. 1204 2026-03-05 .. No. 1206 2026-03-07") != std::string::npos);
  CHECK(r.err.find("recorded in " + dir / "daily.db" + " (the next run continues from No. 1207)") !=
        std::string::npos);
  const json b = manifest_of(dir / "papers/run.json");
  CHECK(b["start_number"] == 1204);
  CHECK(b["puzzles"][0]["date"] == "2026-03-05");
  CHECK(b["puzzles"][0]["weekday"] == "Thursday");
  CHECK(disjoint(ca, canonical_forms(dir / "papers/run.json")));
  CHECK(fs::exists(dir / "papers/sudoku-2026-03-07.pdf"));

  // A number already published is refused, before anything is made.
  const Output twice = gridpress("book '" + next + "' --start-number 1202 -q", dir);
  CHECK(twice.code == 2);
  CHECK(
      twice.err.rfind(next +
                          ": Nos. 1202..1204 (3 numbers of this run) of 'Daily Test' were already published "
                          "(No. 1202 on 2026-03-03, recorded 2026-03-02T09:00:00Z in " +
                          dir / "daily.db" + "); the next free number is 1207",
                      0) == 0);
  CHECK(gridpress("book '" + first + "' -q", dir).code == 2);  // its own numbers again

  // New numbers on days already printed: the days are refused (a day prints once), --force or not.
  const std::string monday = slurp(dir / "papers/sudoku-2026-03-02.pdf");
  for (const char* force : {"", " --force", " --replace-published"}) {
    const Output files = gridpress("book '" + first + "' --start-number 1300 -q" + force, dir);
    CHECK(files.code == 2);
    CHECK(files.err == first + ": The days 2026-03-02 .. 2026-03-04 (3 days of this run) of 'Daily Test' were "
                               "already published (2026-03-02 as No. 1201, recorded 2026-03-02T09:00:00Z in " +
                           dir / "daily.db" +
                           "); a day is printed once, whatever its number; the next free day is 2026-03-08 "
                           "(No. 1207): leave out newspaper.start_date, newspaper.start_number and --start-number "
                           "to continue from it\n");
  }
  CHECK(slurp(dir / "papers/sudoku-2026-03-02.pdf") == monday);
  CHECK(stats_of(dir / "daily.db").puzzles == 6);
}

namespace {

// md5 of the files of a run's folder `folder`/papers and its catalogue (names and bytes, sorted;
// the test's own stdout.txt / stderr.txt beside them are left out).
std::string folder_md5(const TempDir& dir, const std::string& folder) {
  const Output r = shell("cd '" + folder + "' && find papers daily.db -type f | LC_ALL=C sort | xargs md5sum | md5sum",
                         dir);
  REQUIRE(r.code == 0);
  return r.out;
}

}  // namespace

TEST_CASE("catalogue: the re-run mistakes of issue 29 are refused with nothing touched") {
  TempDir dir("gridpress-catalogue-test");
  // A week printed, file names and feed by number.
  const std::string week = daily(dir, "week",
                                 "  start_date: 2026-03-02\n  start_number: 1201\n  file_name: \"sudoku-{number}\"\n"
                                 "  solution_file_name: \"sudoku-{number}-solution\"\n"
                                 "  feed_file_name: \"feed-{number}\"\n");
  book_ok(week, "", dir, "-q");
  const std::string before = folder_md5(dir, dir.path);
  CHECK(fs::exists(dir / "papers/feed-1201.json"));

  // start_number dropped, start_date kept: the printed days again as new numbers (1204..1206 would
  // have overwritten nothing by number, and reprinted Monday to Wednesday).
  std::string text = slurp(week);
  text.replace(text.find("  start_number: 1201\n"), 21, "");
  const std::string dropped = dir / "dropped.yaml";
  spit(dropped, text);
  // The same week again; a number of it; a later number on the same days; each with --force.
  for (const std::string& args : {"'" + dropped + "'", "'" + week + "'", "'" + week + "' --start-number 1203",
                                   "'" + week + "' --start-number 5000"})
    for (const char* force : {"", " --force"}) {
      const Output r = gridpress("book " + args + " -q" + force, dir);
      CHECK(r.code == 2);
      CHECK(r.err.find("already published") != std::string::npos);
      CHECK(folder_md5(dir, dir.path) == before);
    }

  // Another title's week into the same folder, with the same file names: the first week's files are
  // published, so --force does not replace them; --replace-published does, naming each one.
  text = slurp(week);
  text.replace(text.find("Daily Test"), 10, "Other Test");
  const std::string other = dir / "other.yaml";
  spit(other, text);
  for (const char* force : {"", " --force"}) {
    const Output r = gridpress("book '" + other + "' -q" + force, dir);
    CHECK(r.code == 2);
    CHECK(r.err.find("'" + dir / "papers/sudoku-1201.pdf" +
                     "' was published in 'Daily Test' (newspaper, recorded 2026-03-02T09:00:00Z); give "
                     "--replace-published to replace it") != std::string::npos);
    CHECK(r.err.find("papers/feed-1203.json' was published") != std::string::npos);  // the feed too
    CHECK(folder_md5(dir, dir.path) == before);
  }

  // The folder moved elsewhere with its catalogue: still protected (paths relative to the catalogue).
  TempDir moved("gridpress-catalogue-moved");
  REQUIRE(shell("cp -a '" + dir.path.string() + "/.' '" + moved.path.string() + "/'", dir).code == 0);
  const std::string moved_before = folder_md5(moved, moved.path);
  REQUIRE(fs::remove_all(dir.path / "papers") > 0);  // the original is gone: nothing to find there
  fs::remove(dir / "daily.db");
  const Output r = gridpress("book '" + moved / "other.yaml" + "' -q --force", moved);
  CHECK(r.code == 2);
  CHECK(r.err.find("'" + moved / "papers/sudoku-1201.pdf" + "' was published in 'Daily Test'") !=
        std::string::npos);
  CHECK(folder_md5(moved, moved.path) == moved_before);
  const Output also = gridpress("book '" + moved / "dropped.yaml" + "' -q --force", moved);
  CHECK(also.code == 2);
  CHECK(folder_md5(moved, moved.path) == moved_before);

  // --replace-published: replaces them and names each file it replaced.
  const std::string old_monday = slurp(moved / "papers/sudoku-1201.pdf");
  const Output replaced = gridpress("book '" + moved / "other.yaml" + "' -q --replace-published", moved);
  CHECK(replaced.code == 0);
  for (const char* name : {"sudoku-1201.pdf", "sudoku-1202-solution.pdf", "feed-1203.json"})
    CHECK(replaced.err.find("warning: replacing '" + moved / "papers/" + name +
                            "', a published file (--replace-published)") != std::string::npos);
  CHECK(slurp(moved / "papers/sudoku-1201.pdf") != old_monday);
}

TEST_CASE("catalogue: newspaper numbers past the largest are refused with their place, never wrapped") {
  TempDir dir("gridpress-catalogue-test");
  const std::string first = daily(dir, "first", "  start_date: 2026-03-02\n  start_number: 999999997\n");
  // Three days from 999999997 end at the largest number; four would not.
  book_ok(first, "", dir, "-q");
  const std::string next = daily(dir, "next", "");
  const Output over = gridpress("book '" + next + "' -q", dir);
  CHECK(over.code == 2);
  CHECK(over.err == next + ": the run's numbers, from 1000000000 (the number after the last of 'Daily Test' in " +
                        dir / "daily.db" + ") to 1000000002, go past 999999999, the largest puzzle number "
                        "gridpress prints\n");

  // A catalogue holding a number past the 32-bit range (an earlier import): refused, naming it.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "daily.db").c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "UPDATE puzzles SET number = 2147483647 WHERE number = 999999999", nullptr, nullptr,
                       nullptr) == SQLITE_OK);
  sqlite3_close(db);
  const Output wrapped = gridpress("book '" + next + "' -q", dir);
  CHECK(wrapped.code == 2);
  CHECK(wrapped.err == dir / "daily.db" + ": the last number of 'Daily Test', 2147483647, is past the largest "
                                            "puzzle number gridpress prints (999999999): this catalogue's "
                                            "numbering cannot be continued\n");
  CHECK(wrapped.err.find("-2147483648") == std::string::npos);

  // Import: a manifest number past the largest is refused with its place; nothing is imported.
  json doc = manifest_of(dir / "papers/run.json");
  doc["puzzles"][1]["number"] = 2147483647;
  spit(dir / "big.json", doc.dump());
  const Output imp = gridpress("catalogue import -c '" + dir / "other.db" + "' '" + dir / "big.json" + "'", dir);
  CHECK(imp.code != 0);
  CHECK(imp.err.find(dir / "big.json" + ": puzzles[1]: \"number\" 2147483647 is past the largest puzzle "
                                        "number gridpress prints (999999999)") != std::string::npos);
  std::string csv = slurp(dir / "papers/run.csv");
  const auto row = csv.find("\n2026-03-03,");
  REQUIRE(row != std::string::npos);
  const auto at = csv.find(",999999998,", row);
  REQUIRE(at != std::string::npos);
  csv.replace(at, 11, ",9223372036854775807,");
  spit(dir / "big.csv", csv);
  const Output imp_csv = gridpress("catalogue import -c '" + dir / "other.db" + "' '" + dir / "big.csv" + "'", dir);
  CHECK(imp_csv.code != 0);
  CHECK(imp_csv.err.find(dir / "big.csv" + ": line 3: number '9223372036854775807' is past the largest puzzle number gridpress prints (999999999)") !=
        std::string::npos);
}

TEST_CASE("catalogue: a bad date in the catalogue is reported naming the catalogue") {
  TempDir dir("gridpress-catalogue-test");
  book_ok(daily(dir, "first", "  start_date: 2026-03-02\n  start_number: 1\n"), "", dir, "-q");
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir / "daily.db").c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "UPDATE puzzles SET date = 'not-a-date' WHERE number = 3", nullptr, nullptr, nullptr) ==
          SQLITE_OK);
  sqlite3_close(db);
  const Output r = gridpress("book '" + daily(dir, "next", "") + "' -q", dir);
  CHECK(r.code == 2);
  CHECK(r.err == dir / "daily.db" + ": the last date of 'Daily Test', 'not-a-date', is not a date (YYYY-MM-DD), so "
                                    "the next day cannot follow it: give newspaper.start_date\n");
}

TEST_CASE("exclude: at the top level and per section, with manifests, globs, puzzle files and catalogues") {
  TempDir dir("gridpress-catalogue-test");
  // Two earlier books, the first with the seed the new ones use (so without exclude they repeat it).
  book_ok(volume(dir, "old-a", "Old A"), "", dir, "-q");
  std::string b = slurp(volume(dir, "old-b", "Old B"));
  spit(dir / "old-b.yaml", b.replace(b.find("seed: 5"), 7, "seed: 6"));
  book_ok(dir / "old-b.yaml", "", dir, "-q");
  const auto a = canonical_forms(dir / "old-a.json"), bb = canonical_forms(dir / "old-b.json");

  // The book's exclude: a glob over both manifests.
  book_ok(volume(dir, "glob", "Glob", "exclude: old-*.json\n"), "", dir, "-q");
  const auto g = canonical_forms(dir / "glob.json");
  CHECK(g.size() == 12);
  CHECK(disjoint(g, a));
  CHECK(disjoint(g, bb));

  // A section's own exclude: a puzzle file with the 9x9 puzzles of old-a; the 6x6 section, not
  // excluded, repeats old-a's (same seed).
  std::string nines;
  for (const auto& x : givens_of(dir / "old-a.json"))
    if (x.size() == 81) nines += x + "\n";
  spit(dir / "nines.txt", nines);
  const std::string spec = dir / "section.yaml";
  std::string text = slurp(volume(dir, "section", "Section"));
  const std::string key = "layout: 1x2}";
  text.replace(text.find(key), key.size(), "layout: 1x2, exclude: nines.txt}");
  spit(spec, text);
  book_ok(spec, "", dir, "-q");
  const json m = json::parse(slurp(dir / "section.json"));
  const auto old_givens = givens_of(dir / "old-a.json");
  int nines_repeated = 0, sixes_repeated = 0;
  for (const auto& p : m["puzzles"]) {
    const std::string givens = p["givens"].get<std::string>();
    if (old_givens.count(givens)) ++(givens.size() == 81 ? nines_repeated : sixes_repeated);
  }
  CHECK(nines_repeated == 0);
  CHECK(sixes_repeated == 6);

  // A catalogue as an excluded file (read, never written).
  REQUIRE(gridpress("catalogue import -c '" + dir / "c.db" + "' '" + dir / "old-a.json" + "'", dir).code ==
          0);
  const std::string before = slurp(dir / "c.db");
  book_ok(volume(dir, "cat", "Cat", "exclude: [c.db]\n"), "", dir, "-q");
  CHECK(disjoint(canonical_forms(dir / "cat.json"), a));
  CHECK(slurp(dir / "c.db") == before);

  // Errors at the key, exit 2, nothing written.
  const Output none =
      gridpress("book '" + volume(dir, "none", "None", "exclude: [nothing-*.json]\n") + "' -q", dir);
  CHECK(none.code == 2);
  CHECK(none.err.find(dir / "none.yaml" + ":3:10: exclude: 'nothing-*.json' matches no file") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(dir / "none.pdf"));
}

TEST_CASE("generate --shard K/N and --first I: shards merged give exactly one run's puzzles") {
  TempDir dir("gridpress-catalogue-test");
  const std::string request = "generate --count 40 --clues 28 --seed 4 -q";
  const Output whole = gridpress(request, dir);
  REQUIRE(whole.code == 0);
  std::string joined;
  for (int k = 1; k <= 3; ++k) {  // 13, 13 and 14 puzzles
    const Output part = gridpress(request + " --shard " + std::to_string(k) + "/3", dir);
    REQUIRE(part.code == 0);
    joined += part.out;
  }
  CHECK(joined == whole.out);
  // --first I --count C: lines I .. I+C-1 of the whole run.
  const Output middle = gridpress("generate --first 11 --count 5 --clues 28 --seed 4 -q", dir);
  std::string expected;
  std::istringstream lines(whole.out);
  std::string line;
  for (int i = 1; std::getline(lines, line); ++i)
    if (i >= 11 && i < 16) expected += line + "\n";
  CHECK(middle.out == expected);

  // JSON shards keep the run's indices and merge into one catalogue as the whole run does.
  for (int k = 1; k <= 4; ++k) {
    const Output part = gridpress(request + " --format json --shard " + std::to_string(k) + "/4", dir);
    REQUIRE(part.code == 0);
    spit(dir / ("shard-" + std::to_string(k) + ".json"), part.out);
  }
  CHECK(json::parse(slurp(dir / "shard-2.json"))["puzzles"][0]["index"] == 11);
  REQUIRE(gridpress("catalogue import -c '" + dir / "bank.db" + "' '" + dir / "shard-1.json" + "' '" +
                        dir / "shard-2.json" + "' '" + dir / "shard-3.json" + "' '" + dir / "shard-4.json" +
                        "'",
                    dir)
              .code == 0);
  spit(dir / "whole.txt", whole.out);
  std::set<std::string> merged;
  auto cat = catalogue::Catalogue::open(dir / "bank.db", catalogue::Access::read);
  REQUIRE(cat.ok());
  REQUIRE(cat->for_each("",
                        [&](const catalogue::Entry& e) -> Status {
                          merged.insert(e.canonical);
                          return Ok{};
                        })
              .ok());
  CHECK(merged == canonical_forms(dir / "whole.txt"));
  CHECK(merged.size() == 40);

  const Output bad = gridpress("generate --count 10 --shard 4/3", dir);
  CHECK(bad.code == 2);
  CHECK(bad.err == "error: invalid --shard '4/3': expected K/N with 1 <= K <= N, e.g. 3/8\n");
}

TEST_CASE("catalogue: a newspaper run records each day's puzzle under the number and date it prints with") {
  // Two weeks of one band: the run orders their puzzles by rating, so a puzzle may print on
  // another day than it was made for; the catalogue must list it where it prints.
  TempDir dir("gridpress-catalogue-test");
  const std::string spec = daily(dir, "week",
                                 "  days: 14\n  start_date: 2026-03-02\n  start_number: 1\n  weekday_difficulty: "
                                 "{monday: medium, tuesday: medium, wednesday: medium, thursday: medium, friday: "
                                 "medium, saturday: medium, sunday: medium}\n");
  // `daily` sets 3 days: this run has 14.
  std::string text = slurp(spec);
  text.replace(text.find("  days: 3\n"), 10, "");
  spit(spec, text);
  book_ok(spec, "", dir, "-q");
  const json m = manifest_of(dir / "papers/run.json");
  REQUIRE(m["puzzles"].size() == 14);
  const Output listed = gridpress("catalogue list -c '" + dir / "daily.db" + "' --format json", dir);
  REQUIRE(listed.code == 0);
  const json c = json::parse(listed.out);
  REQUIRE(c.size() == 14);
  std::set<double> ratings;
  for (const auto& day : m["puzzles"]) {
    ratings.insert(day["rating"].get<double>());
    bool found = false;
    for (const auto& e : c)
      if (e["number"] == day["number"]) {
        found = true;
        CHECK(e["givens"] == day["givens"]);
        CHECK(e["date"] == day["date"]);
        CHECK(e["rating"].get<double>() == Approx(day["rating"].get<double>()));
      }
    CHECK(found);
  }
  CHECK(ratings.size() >= 2);  // the days were reordered by rating, not all alike
}
