#include "catalogue/catalogue.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <unordered_set>

#include "catalogue/sql.hpp"
#include "core/codec.hpp"

namespace gp::catalogue {
namespace {

namespace fs = std::filesystem;

// Schema version 1. puzzles is keyed by the canonical form (a WITHOUT ROWID table: the lookup
// during generation is one B-tree search). A puzzle belongs to one run; a run is pending from its
// reservation until its files are committed, then published.
constexpr const char* kSchema = R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  seed TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'published')),
  host TEXT NOT NULL DEFAULT '',
  pid INTEGER NOT NULL DEFAULT 0,
  started TEXT NOT NULL,
  finished TEXT
);
CREATE TABLE puzzles (
  canonical TEXT NOT NULL PRIMARY KEY,
  run INTEGER NOT NULL REFERENCES runs(id),
  variant TEXT NOT NULL DEFAULT 'classic',
  grid TEXT NOT NULL,
  givens TEXT NOT NULL,
  solution TEXT,
  clues INTEGER,
  rating REAL,
  label TEXT,
  hardest TEXT,
  kind TEXT NOT NULL,
  title TEXT,
  section TEXT,
  number INTEGER,
  date TEXT,
  file TEXT,
  seed TEXT
) WITHOUT ROWID;
CREATE INDEX puzzles_run ON puzzles(run);
CREATE INDEX puzzles_number ON puzzles(kind, title, number);
CREATE TABLE files (
  path TEXT NOT NULL,
  run INTEGER NOT NULL REFERENCES runs(id),
  fingerprint TEXT NOT NULL,
  manifest INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (path, run)
);
CREATE INDEX files_run ON files(run);
)sql";

constexpr const char* kEntryColumns =
    "p.canonical, p.variant, p.grid, p.givens, p.solution, p.clues, p.rating, p.label, p.hardest, p.kind, "
    "p.title, p.section, p.number, p.date, p.file, p.seed, coalesce(r.finished, r.started), p.run";

Entry entry_from(const sql::Stmt& s) {
  Entry e;
  e.canonical = s.text(0);
  e.variant = s.text(1);
  e.grid = s.text(2);
  e.givens = s.text(3);
  e.solution = s.text(4);
  e.clues = static_cast<int>(s.integer(5));
  e.rating = s.null(6) ? -1.0 : s.real(6);
  e.label = s.text(7);
  e.hardest = s.text(8);
  e.kind = s.text(9);
  e.title = s.text(10);
  e.section = s.text(11);
  e.number = s.integer(12);
  e.date = s.text(13);
  e.file = s.text(14);
  if (!s.null(15)) e.seed = std::strtoull(s.text(15).c_str(), nullptr, 10);
  e.recorded = s.text(16);
  e.run = s.integer(17);
  return e;
}

std::string absolute(const std::string& path) {
  if (path.empty()) return path;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) p = fs::absolute(path, ec).lexically_normal();
  return p.string();
}

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

bool process_alive(std::int64_t pid) {
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// A commit journal of process `pid` left in `folder` (render/staging: ".gp-journal-PID-K").
bool journal_left(const fs::path& folder, std::int64_t pid) {
  const std::string prefix = ".gp-journal-" + std::to_string(pid) + "-";
  DIR* d = ::opendir(folder.empty() ? "." : folder.c_str());
  if (!d) return false;
  bool found = false;
  while (const dirent* e = ::readdir(d))
    if (std::strncmp(e->d_name, prefix.c_str(), prefix.size()) == 0) found = true;
  ::closedir(d);
  return found;
}

std::string seed_text(const std::optional<std::uint64_t>& seed) {
  return seed ? std::to_string(*seed) : "";
}

}  // namespace

struct Catalogue::Impl {
  std::string path;
  sql::Db db;
  std::vector<std::string> repairs;
  mutable std::mutex mu;  // one connection: every statement runs under this lock
  mutable sql::Stmt taken;
  mutable std::string lookup_error;  // the first failed taken() lookup (under mu)

  // An error of the database itself (locked, disk full, ...): kind io, so exit code 1.
  Error fail(const std::string& what) const {
    Error e(Diagnostic{path, 0, 0, what + ": " + sql::error_text(db.get())});
    e.kind = ErrorKind::io;
    return e;
  }
  Status exec(const char* text, const char* what) const {
    if (sql::exec(db.get(), text) != SQLITE_OK) return fail(what);
    return Ok{};
  }
  sql::Stmt prepare(std::string_view text) const { return sql::Stmt(db.get(), text); }
  void rollback() const { sql::exec(db.get(), "ROLLBACK"); }
  // Runs a query of at most one row (its parameters bound): nullopt for none, read(s) for the row,
  // the read failure for an error. Every lookup of one entry, number or file goes through it.
  template <class Read>
  auto at_most_one(sql::Stmt& s, Read read) const -> Result<std::optional<decltype(read(s))>> {
    using T = decltype(read(s));
    if (!s.ok()) return fail("cannot read the catalogue");
    const int rc = s.step();
    if (rc == SQLITE_DONE) return std::optional<T>();
    if (rc != SQLITE_ROW) return fail("cannot read the catalogue");
    return std::optional<T>(read(s));
  }
  Status repair_dead_runs(const FolderRecovery& recover_folder);
  // A file's path as stored: relative to the catalogue's folder, so a folder that is moved or
  // mounted elsewhere with its catalogue stays protected (absolute when no relative path exists).
  std::string stored(const std::string& file) const {
    const fs::path abs = absolute(file);
    const fs::path rel = abs.lexically_relative(fs::path(absolute(path)).parent_path());
    return rel.empty() ? abs.string() : rel.string();
  }
  // The file a stored path names now (rows of older catalogues hold absolute paths).
  std::string resolved(const std::string& stored_path) const {
    if (stored_path.empty() || fs::path(stored_path).is_absolute()) return stored_path;
    return (fs::path(absolute(path)).parent_path() / stored_path).lexically_normal().string();
  }
};

bool is_sqlite_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;  // a pipe is never read here
  std::ifstream in(path, std::ios::binary);
  char head[16] = {};
  in.read(head, sizeof head);
  return in.gcount() == 16 && std::memcmp(head, "SQLite format 3", 16) == 0;
}

std::string now_text() {
  if (const char* fixed = std::getenv("GRIDPRESS_NOW"); fixed && *fixed) return fixed;
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string fingerprint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::uint64_t hash = 0xcbf29ce484222325ULL, size = 0;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    const auto n = static_cast<size_t>(in.gcount());
    for (size_t i = 0; i < n; ++i) hash = (hash ^ static_cast<unsigned char>(buf[i])) * 0x100000001b3ULL;
    size += n;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::to_string(size) + ":" + hex;
}

Entry entry_of(const Puzzle& p, std::string kind) {
  Entry e;
  e.canonical = p.canonical;
  e.variant = std::string(variant_name(p.givens.variant()));
  e.grid = p.givens.shape.name();
  e.givens = format_line(p.givens);
  e.solution = format_line(p.solution);
  e.clues = p.givens.clue_count();
  e.rating = p.rating;
  e.label = p.label;
  e.hardest = p.hardest;
  e.kind = std::move(kind);
  e.seed = p.seed;
  return e;
}

Catalogue::Catalogue(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Catalogue::Catalogue(Catalogue&&) noexcept = default;
Catalogue& Catalogue::operator=(Catalogue&&) noexcept = default;
Catalogue::~Catalogue() {
  if (impl_) impl_->taken = sql::Stmt();  // statements before the connection
}

const std::string& Catalogue::path() const {
  return impl_->path;
}
const std::vector<std::string>& Catalogue::repairs() const {
  return impl_->repairs;
}

Result<Catalogue> Catalogue::open(const std::string& path, Access access, const FolderRecovery& recover_folder) {
  auto refuse = [&](const std::string& why) { return Error(Diagnostic{path, 0, 0, why}); };
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (!exists && access == Access::read) return refuse("no catalogue here (No such file or directory)");
  if (exists && !S_ISREG(st.st_mode)) return refuse("is not a regular file, so not a catalogue");
  bool fresh = !exists || st.st_size == 0;
  if (!fresh && !is_sqlite_file(path))
    return refuse("is not a gridpress catalogue (not an SQLite database); it was left as it is");
  if (!exists) {
    std::error_code ec;
    if (const fs::path dir = fs::path(path).parent_path(); !dir.empty()) fs::create_directories(dir, ec);
  }

  auto impl = std::make_unique<Impl>();
  impl->path = path;
  // Checked read-only first, so a foreign file is never touched (not even by a journal mode).
  if (!fresh) {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    sql::Db probe(raw);
    if (rc != SQLITE_OK) return refuse(std::string("cannot open the catalogue: ") + sqlite3_errstr(rc));
    sqlite3_busy_timeout(probe.get(), sql::busy_timeout_ms());
    sql::Stmt app(probe.get(), "PRAGMA application_id");
    sql::Stmt version(probe.get(), "PRAGMA user_version");
    if (!app.ok() || app.step() != SQLITE_ROW || !version.ok() || version.step() != SQLITE_ROW)
      return refuse(std::string("cannot read the catalogue: ") + sqlite3_errmsg(probe.get()));
    const auto id = static_cast<std::int32_t>(app.integer(0));
    const auto v = static_cast<int>(version.integer(0));
    sql::Stmt tables(probe.get(), "SELECT count(*) FROM sqlite_schema");
    const bool empty = tables.ok() && tables.step() == SQLITE_ROW && tables.integer(0) == 0;
    if (id == 0 && v == 0 && empty) {
      fresh = true;  // an empty database: another run is making the catalogue (or one that never began)
    } else if (id != kApplicationId) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%08x", static_cast<unsigned>(id));
      return refuse(std::string("is an SQLite database but not a gridpress catalogue (application_id ") +
                    hex + "); it was left as it is");
    }
    if (!fresh && v > kSchemaVersion)
      return refuse("is a catalogue of schema version " + std::to_string(v) +
                    ", newer than this gridpress reads (" + std::to_string(kSchemaVersion) +
                    "): use a newer gridpress; it was left as it is");
    if (!fresh && v < 1)
      return refuse("is a gridpress catalogue without a schema version; it was left as it is");
    // Damaged pages would answer lookups wrongly: check the whole file before trusting it.
    if (!fresh) {
      sql::Stmt check(probe.get(), "PRAGMA quick_check");
      std::string problems;
      int rows = 0, step = SQLITE_ROW;
      while (check.ok() && (step = check.step()) == SQLITE_ROW && rows < 3) {
        const std::string line = check.text(0);
        if (line != "ok") problems += (problems.empty() ? "" : "; ") + line;
        ++rows;
      }
      if (!check.ok() || (step != SQLITE_ROW && step != SQLITE_DONE))
        return refuse("is damaged: the integrity check failed (" + sql::error_text(probe.get()) +
                      "); it was left as it is");
      if (!problems.empty())
        return refuse("is damaged: the integrity check found " + problems + "; it was left as it is");
    }
  }

  sqlite3* raw = nullptr;
  // Reading opens the file for writing too (when the user may write it) but with query_only on:
  // then closing the last connection checkpoints the WAL and removes the -wal and -shm files,
  // which a read-only connection would leave behind. Nothing is ever written through it.
  const bool read_write = access == Access::write || ::access(path.c_str(), W_OK) == 0;
  const int flags = access == Access::write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                    : read_write           ? SQLITE_OPEN_READWRITE
                                           : SQLITE_OPEN_READONLY;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_FULLMUTEX, nullptr);
  impl->db.reset(raw);
  if (rc != SQLITE_OK)
    return Error(ErrorKind::io, path + ": cannot open the catalogue: " + sqlite3_errstr(rc));
  sqlite3_busy_timeout(impl->db.get(), sql::busy_timeout_ms());
  sqlite3_extended_result_codes(impl->db.get(), 1);
  if (access == Access::read && read_write)
    if (Status s = impl->exec("PRAGMA query_only = 1", "cannot open the catalogue"); !s) return s.error();
  if (access == Access::write) {
    if (fresh) {
      // Two runs may create it at once: the exclusive transaction lets one write the schema; the
      // other then finds it written.
      if (Status s = impl->exec("PRAGMA journal_mode=WAL", "cannot set up the catalogue"); !s)
        return s.error();
      if (Status s = impl->exec("BEGIN IMMEDIATE", "cannot set up the catalogue"); !s) return s.error();
      sql::Stmt v(impl->db.get(), "PRAGMA user_version");
      const bool made = v.ok() && v.step() == SQLITE_ROW && v.integer(0) > 0;
      v = sql::Stmt();
      if (!made) {
        const std::string setup = std::string(kSchema) +
                                  "PRAGMA application_id = " + std::to_string(kApplicationId) +
                                  "; PRAGMA user_version = " + std::to_string(kSchemaVersion) + ";";
        if (sql::exec(impl->db.get(), setup.c_str()) != SQLITE_OK) {
          Error e = impl->fail("cannot set up the catalogue");
          impl->rollback();
          return e;
        }
      }
      if (Status s = impl->exec("COMMIT", "cannot set up the catalogue"); !s) return s.error();
    }
    if (Status s = impl->repair_dead_runs(recover_folder); !s) return s.error();
  }
  impl->taken = impl->prepare("SELECT 1 FROM puzzles WHERE canonical = ?1");
  if (!impl->taken.ok()) return impl->fail("cannot read the catalogue");
  return Catalogue(std::move(impl));
}

Status Catalogue::Impl::repair_dead_runs(const FolderRecovery& recover_folder) {
  struct Dead {
    std::int64_t id, pid;
    std::string title, kind;
  };
  std::vector<Dead> dead;
  {
    sql::Stmt s = prepare("SELECT id, pid, title, kind FROM runs WHERE state = 'pending' AND host = ?1");
    if (!s.ok()) return fail("cannot read the catalogue");
    s.bind(1, host_name());
    int rc;
    while ((rc = s.step()) == SQLITE_ROW)
      if (!process_alive(s.integer(1))) dead.push_back({s.integer(0), s.integer(1), s.text(2), s.text(3)});
    if (rc != SQLITE_DONE) return fail("cannot read the catalogue");
  }
  for (const Dead& d : dead) {
    const std::string who =
        "the run of '" + d.title + "' (" + d.kind + ", process " + std::to_string(d.pid) + ")";
    if (recover_folder) {  // end the run's interrupted file commit first, in every folder it wrote
      std::set<std::string> folders;
      sql::Stmt f = prepare("SELECT path FROM files WHERE run = ?1");
      if (!f.ok()) return fail("cannot read the catalogue");
      f.bind(1, d.id);
      int rc;
      while ((rc = f.step()) == SQLITE_ROW) {
        const std::string folder = fs::path(resolved(f.text(0))).parent_path().string();
        folders.insert(folder.empty() ? "." : folder);
      }
      if (rc != SQLITE_DONE) return fail("cannot read the catalogue");
      std::string problem;
      for (const std::string& folder : folders)
        if (Status st = recover_folder(folder); !st && problem.empty()) problem = st.error().to_string();
      if (!problem.empty()) {
        repairs.push_back("left " + who + " pending: " + problem);
        continue;
      }
    }
    bool committed = true;
    int files = 0;
    {
      sql::Stmt f = prepare("SELECT path, fingerprint FROM files WHERE run = ?1");
      if (!f.ok()) return fail("cannot read the catalogue");
      f.bind(1, d.id);
      std::set<fs::path> folders;
      int rc;
      while ((rc = f.step()) == SQLITE_ROW) {
        ++files;
        const std::string p = resolved(f.text(0)), now = fingerprint(p);
        if (now.empty() || now != f.text(1)) committed = false;
        folders.insert(fs::path(p).parent_path());
      }
      if (rc != SQLITE_DONE) return fail("cannot read the catalogue");
      for (const fs::path& folder : folders)
        if (journal_left(folder, d.pid)) committed = false;
    }
    committed = committed && files > 0;
    if (Status s = exec("BEGIN IMMEDIATE", "cannot repair the catalogue"); !s) return s;
    bool ok = true;
    const std::string now = now_text();
    // Still pending and dead: another process may have repaired it meanwhile.
    sql::Stmt still = prepare("SELECT 1 FROM runs WHERE id = ?1 AND state = 'pending'");
    still.bind(1, d.id);
    const int still_rc = still.step();
    if (still_rc != SQLITE_ROW && still_rc != SQLITE_DONE) {
      Error e = fail("cannot repair the catalogue");
      still = sql::Stmt();
      rollback();
      return e;
    }
    if (still_rc == SQLITE_ROW) {
      if (committed) {
        sql::Stmt u = prepare("UPDATE runs SET state = 'published', finished = ?2 WHERE id = ?1");
        u.bind(1, d.id).bind(2, now);
        ok = u.run() == SQLITE_DONE;
      } else {
        for (const char* text : {"DELETE FROM puzzles WHERE run = ?1", "DELETE FROM files WHERE run = ?1",
                                 "DELETE FROM runs WHERE id = ?1"}) {
          sql::Stmt del = prepare(text);
          del.bind(1, d.id);
          ok = ok && del.run() == SQLITE_DONE;
        }
      }
    }
    still = sql::Stmt();
    if (!ok) {
      Error e = fail("cannot repair the catalogue");
      rollback();
      return e;
    }
    if (Status s = exec("COMMIT", "cannot repair the catalogue"); !s) return s;
    repairs.push_back(committed ? "recorded " + who + ", which was killed after writing its files"
                                : "removed " + who + ", which ended before its files were written");
  }
  return Ok{};
}

bool Catalogue::taken(const std::string& canonical) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt& s = impl_->taken;
  s.reset();
  s.bind(1, canonical);
  const int rc = s.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE && impl_->lookup_error.empty())
    impl_->lookup_error = "cannot look a puzzle up: " + sql::error_text(impl_->db.get());
  s.reset();
  return rc == SQLITE_ROW;
}

Status Catalogue::lookups() const {
  std::lock_guard lock(impl_->mu);
  if (impl_->lookup_error.empty()) return Ok{};
  Error e(Diagnostic{impl_->path, 0, 0, impl_->lookup_error});
  e.kind = ErrorKind::io;
  return e;
}

Result<std::optional<Entry>> Catalogue::find(const std::string& canonical) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(std::string("SELECT ") + kEntryColumns +
                               " FROM puzzles p JOIN runs r ON r.id = p.run WHERE p.canonical = ?1");
  if (s.ok()) s.bind(1, canonical);
  return impl_->at_most_one(s, entry_from);
}

namespace {

// Inserts a run row; its id.
Result<std::int64_t> insert_run(sqlite3* db, const RunInfo& run, const char* state, const std::string& now) {
  sql::Stmt s(db,
              "INSERT INTO runs (kind, title, source, seed, state, host, pid, started, finished) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  s.bind(1, run.kind).bind(2, run.title).bind(3, run.source).bind_opt(4, seed_text(run.seed)).bind(5, state);
  s.bind(6, host_name()).bind(7, static_cast<std::int64_t>(::getpid())).bind(8, now);
  if (std::strcmp(state, "published") == 0)
    s.bind(9, now);
  else
    s.bind_null(9);
  if (s.run() != SQLITE_DONE) return Error(std::string("cannot record the run: ") + sqlite3_errmsg(db));
  return sqlite3_last_insert_rowid(db);
}

// Inserts one entry of run `run`; SQLite's code (SQLITE_CONSTRAINT_PRIMARYKEY when already there).
int insert_entry(sql::Stmt& s, const Entry& e, std::int64_t run) {
  s.reset();
  s.bind(1, e.canonical).bind(2, run).bind(3, e.variant.empty() ? "classic" : e.variant).bind(4, e.grid);
  s.bind(5, e.givens).bind_opt(6, e.solution);
  if (e.clues > 0)
    s.bind(7, e.clues);
  else
    s.bind_null(7);
  if (e.rating >= 0)
    s.bind(8, e.rating);
  else
    s.bind_null(8);
  s.bind_opt(9, e.label).bind_opt(10, e.hardest).bind(11, e.kind.empty() ? "import" : e.kind);
  s.bind_opt(12, e.title).bind_opt(13, e.section);
  if (e.number > 0)
    s.bind(14, e.number);
  else
    s.bind_null(14);
  s.bind_opt(15, e.date).bind_opt(16, e.file).bind_opt(17, seed_text(e.seed));
  return s.run();
}

constexpr const char* kInsertEntry =
    "INSERT INTO puzzles (canonical, run, variant, grid, givens, solution, clues, rating, label, hardest, "
    "kind, "
    "title, section, number, date, file, seed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
    "?13, "
    "?14, ?15, ?16, ?17)";

}  // namespace

Result<std::int64_t> Catalogue::reserve(const RunInfo& run, const std::vector<Entry>& entries,
                                        std::vector<std::string>* conflicts) {
  std::lock_guard lock(impl_->mu);
  if (Status s = impl_->exec("BEGIN IMMEDIATE", "cannot reserve the run's puzzles"); !s) return s.error();
  auto id = insert_run(impl_->db.get(), run, "pending", now_text());
  if (!id) {
    impl_->rollback();
    return Error(Diagnostic{impl_->path, 0, 0, id.error().to_string()});
  }
  sql::Stmt ins = impl_->prepare(kInsertEntry);
  std::vector<std::string> clash;
  for (const Entry& e : entries) {
    const int rc = insert_entry(ins, e, *id);
    if (rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
      clash.push_back(e.canonical);
    } else if (rc != SQLITE_DONE) {
      Error err = impl_->fail("cannot reserve the run's puzzles");
      ins = sql::Stmt();
      impl_->rollback();
      return err;
    }
  }
  ins = sql::Stmt();
  if (!clash.empty()) {
    impl_->rollback();
    const size_t n = clash.size();
    if (conflicts) *conflicts = std::move(clash);
    return Error(Diagnostic{impl_->path, 0, 0,
                            std::to_string(n) + (n == 1 ? " puzzle was" : " puzzles were") +
                                " taken by another run at the same time"});
  }
  if (Status s = impl_->exec("COMMIT", "cannot reserve the run's puzzles"); !s) {
    impl_->rollback();
    return s.error();
  }
  return *id;
}

Status Catalogue::attach_files(std::int64_t run, const std::vector<RunFile>& files) {
  std::lock_guard lock(impl_->mu);
  if (Status s = impl_->exec("BEGIN IMMEDIATE", "cannot record the run's files"); !s) return s;
  sql::Stmt ins = impl_->prepare(
      "INSERT OR REPLACE INTO files (path, run, fingerprint, manifest) VALUES (?1, ?2, ?3, ?4)");
  for (const RunFile& f : files) {
    ins.reset();
    ins.bind(1, impl_->stored(f.path)).bind(2, run).bind(3, fingerprint(f.staged)).bind(4, f.manifest ? 1 : 0);
    if (ins.run() != SQLITE_DONE) {
      Error e = impl_->fail("cannot record the run's files");
      ins = sql::Stmt();
      impl_->rollback();
      return e;
    }
  }
  ins = sql::Stmt();
  return impl_->exec("COMMIT", "cannot record the run's files");
}

Status Catalogue::publish(std::int64_t run) {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(
      "UPDATE runs SET state = 'published', finished = ?2 WHERE id = ?1 AND state = 'pending'");
  s.bind(1, run).bind(2, now_text());
  if (s.run() != SQLITE_DONE) return impl_->fail("cannot record the run");
  if (sqlite3_changes(impl_->db.get()) != 1)
    return Error(Diagnostic{impl_->path, 0, 0, "cannot record the run: it is no longer pending"});
  return Ok{};
}

void Catalogue::abandon(std::int64_t run) noexcept {
  std::lock_guard lock(impl_->mu);
  if (sql::exec(impl_->db.get(), "BEGIN IMMEDIATE") != SQLITE_OK) return;
  bool ok = true;
  for (const char* text : {"DELETE FROM puzzles WHERE run = ?1", "DELETE FROM files WHERE run = ?1",
                           "DELETE FROM runs WHERE id = ?1 AND state = 'pending'"}) {
    sql::Stmt del = impl_->prepare(text);
    del.bind(1, run);
    ok = ok && del.run() == SQLITE_DONE;
  }
  sql::exec(impl_->db.get(), ok ? "COMMIT" : "ROLLBACK");
}

Result<long long> Catalogue::import(const RunInfo& run, const std::vector<Entry>& entries) {
  std::lock_guard lock(impl_->mu);
  if (Status s = impl_->exec("BEGIN IMMEDIATE", "cannot import"); !s) return s.error();
  auto id = insert_run(impl_->db.get(), run, "published", now_text());
  if (!id) {
    impl_->rollback();
    return Error(Diagnostic{impl_->path, 0, 0, id.error().to_string()});
  }
  sql::Stmt ins = impl_->prepare(std::string(kInsertEntry) + " ON CONFLICT (canonical) DO NOTHING");
  long long added = 0;
  for (const Entry& e : entries) {
    if (insert_entry(ins, e, *id) != SQLITE_DONE) {
      Error err = impl_->fail("cannot import");
      ins = sql::Stmt();
      impl_->rollback();
      return err;
    }
    added += sqlite3_changes(impl_->db.get());
  }
  ins = sql::Stmt();
  if (Status s = impl_->exec("COMMIT", "cannot import"); !s) {
    impl_->rollback();
    return s.error();
  }
  return added;
}

Result<std::optional<FileRecord>> Catalogue::published_file(const std::string& path) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(
      "SELECT f.path, r.title, r.kind, coalesce(r.finished, r.started), r.id FROM files f JOIN runs r ON "
      "r.id = f.run "
      "WHERE f.path IN (?1, ?2) AND r.state = 'published' AND f.manifest = 0 ORDER BY r.id DESC LIMIT 1");
  if (s.ok()) s.bind(1, impl_->stored(path)).bind(2, absolute(path));  // rows of older catalogues are absolute
  return impl_->at_most_one(
      s, [](sql::Stmt& row) { return FileRecord{row.text(0), row.text(1), row.text(2), row.text(3), row.integer(4)}; });
}

Result<std::optional<Catalogue::PublishedRun>> Catalogue::published_run(std::int64_t run) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt r = impl_->prepare(
      "SELECT kind, title, source, seed, coalesce(finished, started) FROM runs WHERE id = ?1 AND state = 'published'");
  if (r.ok()) r.bind(1, run);
  auto head = impl_->at_most_one(r, [&](sql::Stmt& row) {
    PublishedRun out;
    out.id = run;
    out.info.kind = row.text(0);
    out.info.title = row.text(1);
    out.info.source = row.text(2);
    if (!row.null(3)) out.info.seed = std::strtoull(row.text(3).c_str(), nullptr, 10);
    out.recorded = row.text(4);
    return out;
  });
  if (!head) return head.error();
  if (!*head) return std::optional<PublishedRun>();
  PublishedRun out = std::move(**head);
  sql::Stmt s = impl_->prepare(std::string("SELECT ") + kEntryColumns +
                               " FROM puzzles p JOIN runs r ON r.id = p.run WHERE p.run = ?1 ORDER BY p.number, p.canonical");
  if (!s.ok()) return impl_->fail("cannot read the catalogue");
  s.bind(1, run);
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) out.entries.push_back(entry_from(s));
  if (rc != SQLITE_DONE) return impl_->fail("cannot read the catalogue");
  return std::optional<PublishedRun>(std::move(out));
}

Status Catalogue::record_reprint(std::int64_t run, const std::string& title, const std::vector<RunFile>& files) {
  std::lock_guard lock(impl_->mu);
  if (Status s = impl_->exec("BEGIN IMMEDIATE", "cannot record the reprint"); !s) return s;
  bool ok = true;
  for (const char* text : {"UPDATE runs SET title = ?2 WHERE id = ?1 AND state = 'published'",
                           "UPDATE puzzles SET title = ?2 WHERE run = ?1"}) {
    sql::Stmt up = impl_->prepare(text);
    up.bind(1, run).bind(2, title);
    ok = ok && up.run() == SQLITE_DONE;
  }
  if (ok) {
    sql::Stmt ins = impl_->prepare(
        "INSERT OR REPLACE INTO files (path, run, fingerprint, manifest) VALUES (?1, ?2, ?3, ?4)");
    for (const RunFile& f : files) {
      ins.reset();
      ins.bind(1, impl_->stored(f.path)).bind(2, run).bind(3, fingerprint(f.staged)).bind(4, f.manifest ? 1 : 0);
      ok = ok && ins.run() == SQLITE_DONE;
    }
  }
  if (!ok) {
    Error e = impl_->fail("cannot record the reprint");
    impl_->rollback();
    return e;
  }
  return impl_->exec("COMMIT", "cannot record the reprint");
}

Result<std::optional<Catalogue::Numbering>> Catalogue::newspaper_numbering(const std::string& title) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(
      "SELECT max(number), max(date) FROM puzzles WHERE kind = 'newspaper' AND title = ?1 AND number IS NOT "
      "NULL");
  if (!s.ok()) return impl_->fail("cannot read the catalogue");
  s.bind(1, title);
  const int rc = s.step();
  if (rc != SQLITE_ROW) return impl_->fail("cannot read the catalogue");
  if (s.null(0)) return std::optional<Numbering>();
  return std::optional<Numbering>(Numbering{s.integer(0), s.text(1)});
}

std::string Catalogue::stored_path(const std::string& file) const {
  return impl_->stored(file);
}

Result<std::optional<Entry>> Catalogue::newspaper_date(const std::string& title, const std::string& date) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(std::string("SELECT ") + kEntryColumns +
                               " FROM puzzles p JOIN runs r ON r.id = p.run WHERE p.kind = 'newspaper' AND "
                               "p.title = ?1 AND p.date = ?2 ORDER BY p.number LIMIT 1");
  if (s.ok()) s.bind(1, title).bind(2, date);
  return impl_->at_most_one(s, entry_from);
}

Result<std::optional<Entry>> Catalogue::newspaper_number(const std::string& title, std::int64_t number) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(std::string("SELECT ") + kEntryColumns +
                               " FROM puzzles p JOIN runs r ON r.id = p.run WHERE p.kind = 'newspaper' AND "
                               "p.title = ?1 AND p.number = ?2 LIMIT 1");
  if (s.ok()) s.bind(1, title).bind(2, number);
  return impl_->at_most_one(s, entry_from);
}

Status Catalogue::for_each(const std::string& since, const std::function<Status(const Entry&)>& each) const {
  std::lock_guard lock(impl_->mu);
  sql::Stmt s = impl_->prepare(std::string("SELECT ") + kEntryColumns +
                               " FROM puzzles p JOIN runs r ON r.id = p.run WHERE r.state = 'published' AND "
                               "coalesce(r.finished, r.started) >= ?1 ORDER BY p.run, p.number, p.canonical");
  if (!s.ok()) return impl_->fail("cannot read the catalogue");
  s.bind(1, since);
  int rc;
  while ((rc = s.step()) == SQLITE_ROW)
    if (Status st = each(entry_from(s)); !st) return st;
  if (rc != SQLITE_DONE) return impl_->fail("cannot read the catalogue");
  return Ok{};
}

Result<Stats> Catalogue::stats() const {
  std::lock_guard lock(impl_->mu);
  Stats st;
  bool failed = false;
  auto one = [&](const char* text, auto&& read) {
    if (failed) return;
    sql::Stmt s = impl_->prepare(text);
    int rc = SQLITE_ERROR;
    while (s.ok() && (rc = s.step()) == SQLITE_ROW) read(s);
    failed = rc != SQLITE_DONE;
  };
  const char* published = " FROM puzzles p JOIN runs r ON r.id = p.run WHERE r.state = 'published' ";
  one((std::string(
           "SELECT count(*), min(coalesce(r.finished, r.started)), max(coalesce(r.finished, r.started))") +
       published)
          .c_str(),
      [&](const sql::Stmt& s) {
        st.puzzles = s.integer(0);
        st.first_recorded = s.text(1);
        st.last_recorded = s.text(2);
      });
  one("SELECT count(*), coalesce(sum(state = 'pending'), 0) FROM runs", [&](const sql::Stmt& s) {
    st.runs = s.integer(0);
    st.pending_runs = s.integer(1);
  });
  one("SELECT count(*) FROM files f JOIN runs r ON r.id = f.run WHERE r.state = 'published' AND f.manifest = "
      "0",
      [&](const sql::Stmt& s) { st.files = s.integer(0); });
  for (auto [column, out] : {std::pair{"p.kind", &st.by_kind},
                             std::pair{"p.grid || "
                                       "(CASE p.variant WHEN 'classic' THEN '' ELSE ' ' || p.variant END)",
                                       &st.by_grid},
                             std::pair{"coalesce(p.label, '(unrated)')", &st.by_label}})
    one((std::string("SELECT ") + column + ", count(*)" + published + "GROUP BY 1 ORDER BY 2 DESC, 1")
            .c_str(),
        [&, out = out](const sql::Stmt& s) { out->emplace_back(s.text(0), s.integer(1)); });
  if (failed) return impl_->fail("cannot read the catalogue");
  return st;
}

}  // namespace gp::catalogue
