#include "catalogue/sql.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace gp::catalogue::sql {

Stmt::Stmt(sqlite3* db, std::string_view text) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, text.data(), static_cast<int>(text.size()), &s, nullptr) == SQLITE_OK)
    stmt_.reset(s);
}

Stmt& Stmt::bind(int i, std::string_view text) {
  sqlite3_bind_text(stmt_.get(), i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

Stmt& Stmt::bind(int i, std::int64_t value) {
  sqlite3_bind_int64(stmt_.get(), i, value);
  return *this;
}

Stmt& Stmt::bind(int i, double value) {
  sqlite3_bind_double(stmt_.get(), i, value);
  return *this;
}

Stmt& Stmt::bind_null(int i) {
  sqlite3_bind_null(stmt_.get(), i);
  return *this;
}

int Stmt::step() {
  return sqlite3_step(stmt_.get());
}

int Stmt::run() {
  int rc;
  while ((rc = step()) == SQLITE_ROW) {
  }
  return rc;
}

void Stmt::reset() {
  sqlite3_reset(stmt_.get());
  sqlite3_clear_bindings(stmt_.get());
}

std::string Stmt::text(int col) const {
  const unsigned char* t = sqlite3_column_text(stmt_.get(), col);
  return t ? std::string(reinterpret_cast<const char*>(t),
                         static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), col)))
           : std::string();
}

std::int64_t Stmt::integer(int col) const {
  return sqlite3_column_int64(stmt_.get(), col);
}

double Stmt::real(int col) const {
  return sqlite3_column_double(stmt_.get(), col);
}

bool Stmt::null(int col) const {
  return sqlite3_column_type(stmt_.get(), col) == SQLITE_NULL;
}

int busy_timeout_ms() {
  static const int ms = [] {
    const char* text = std::getenv("GRIDPRESS_CATALOGUE_WAIT");
    if (!text || !*text) return kBusyTimeoutMs;
    char* end = nullptr;
    const double s = std::strtod(text, &end);
    if (end == text || *end != '\0' || !(s >= 0) || s > 3600) return kBusyTimeoutMs;
    return static_cast<int>(s * 1000);
  }();
  return ms;
}

int exec(sqlite3* db, const char* text) {
  // The busy handler is not called in every case (a journal-mode switch, WAL recovery, another
  // connection setting the file up): wait here too. One deadline for all the tries (each try may
  // itself wait in the busy handler).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(busy_timeout_ms());
  for (;;) {
    const int rc = sqlite3_exec(db, text, nullptr, nullptr, nullptr);
    const int primary = rc & 0xff;
    if ((primary != SQLITE_BUSY && primary != SQLITE_LOCKED) || std::chrono::steady_clock::now() >= deadline)
      return rc;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string error_text(sqlite3* db) {
  const int primary = sqlite3_errcode(db) & 0xff;
  if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
    const int ms = busy_timeout_ms();
    char waited[32];
    std::snprintf(waited, sizeof waited, "%g", ms / 1000.0);
    return std::string("the catalogue is locked by another run (waited ") + waited +
           " s; GRIDPRESS_CATALOGUE_WAIT sets how long)";
  }
  return sqlite3_errmsg(db);
}

}  // namespace gp::catalogue::sql
