// A thin RAII layer over the SQLite C API for the catalogue: a connection, prepared statements
// with bound parameters, and transactions. Errors come back as gp::Error naming the catalogue file.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace gp::catalogue::sql {

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct FinalizeStmt {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;

// One prepared statement. Parameters are bound by position (1-based); rows are read with step().
class Stmt {
 public:
  Stmt() = default;
  Stmt(sqlite3* db, std::string_view text);
  bool ok() const { return stmt_ != nullptr; }
  Stmt& bind(int i, std::string_view text);
  Stmt& bind(int i, std::int64_t value);
  Stmt& bind(int i, int value) { return bind(i, static_cast<std::int64_t>(value)); }
  Stmt& bind(int i, double value);
  Stmt& bind_null(int i);
  // Optional values: null when absent (or, for text, empty).
  Stmt& bind_opt(int i, std::string_view text) { return text.empty() ? bind_null(i) : bind(i, text); }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step();
  // Steps to the end; the SQLite result code (SQLITE_DONE when it worked).
  int run();
  void reset();
  std::string text(int col) const;
  std::int64_t integer(int col) const;
  double real(int col) const;
  bool null(int col) const;
  sqlite3_stmt* get() const { return stmt_.get(); }

 private:
  std::unique_ptr<sqlite3_stmt, FinalizeStmt> stmt_;
};

// How long a statement waits for another connection's lock before it fails: 60 s, or the
// environment variable GRIDPRESS_CATALOGUE_WAIT (seconds, 0 to 3600; for tests and impatient
// scripts). In milliseconds.
inline constexpr int kBusyTimeoutMs = 60000;
int busy_timeout_ms();

// Runs statements without results, waiting in all at most busy_timeout_ms() while the database
// is locked; SQLite's code.
int exec(sqlite3* db, const char* text);

// The text of a failed step: SQLite's message, and for a lock held too long "the catalogue is
// locked by another run (waited 60 s)".
std::string error_text(sqlite3* db);

}  // namespace gp::catalogue::sql
