#include "catalogue/sql.hpp"

#include <chrono>
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

int exec(sqlite3* db, const char* text) {
  // The busy handler is not called in every case (a journal-mode switch, WAL recovery, another
  // connection setting the file up): wait here too, as long as the busy timeout.
  for (int waited_ms = 0;; waited_ms += 5) {
    const int rc = sqlite3_exec(db, text, nullptr, nullptr, nullptr);
    const int primary = rc & 0xff;
    if ((primary != SQLITE_BUSY && primary != SQLITE_LOCKED) || waited_ms >= kBusyTimeoutMs) return rc;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace gp::catalogue::sql
