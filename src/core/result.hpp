// Errors as values. Library code returns Result<T>; only cli/ prints and picks exit codes.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gp {

// A problem with a place. `file` may be empty (e.g. stdin); line/col are 1-based, 0 = unknown.
struct Diagnostic {
  std::string file;
  int line = 0;
  int col = 0;
  std::string message;
  // The spec key path the problem is about ("sections[1].count", "answers.layout"), or empty. It is
  // carried as data so that callers (the studio's form, a section's checks) never parse `message`.
  std::string key = {};

  // A problem about `key`: the message reads "key: message" (the spec's own style).
  static Diagnostic keyed(std::string file, int line, int col, std::string key, const std::string& message);

  // "file:line:col: message", leaving out the parts that are unknown.
  std::string to_string() const;
};

// Several diagnostics collected in one pass (spec validation reports them all at once).
// What kind of failure an Error is, so that callers choose exit codes and scripts react without
// matching message text.
enum class ErrorKind {
  bad_input,  // the request, option, spec or input is wrong (the default)
  budget,     // a search ran out of its budget (time, or attempts at a distinct puzzle)
  io,         // a file could not be read or written
};

struct Error {
  std::vector<Diagnostic> diagnostics;
  ErrorKind kind = ErrorKind::bad_input;

  Error() = default;
  explicit Error(std::string message) { diagnostics.push_back({{}, 0, 0, std::move(message)}); }
  Error(ErrorKind k, std::string message) : kind(k) { diagnostics.push_back({{}, 0, 0, std::move(message)}); }
  explicit Error(Diagnostic d) { diagnostics.push_back(std::move(d)); }
  explicit Error(std::vector<Diagnostic> ds) : diagnostics(std::move(ds)) {}
  // An error about `key` (a key of the request or spec that the caller knows how to place), with
  // the message as given (not prefixed).
  static Error about(std::string key, std::string message);

  // One diagnostic per line, each formatted by Diagnostic::to_string.
  std::string to_string() const;
};

// Either a value or an Error. Minimal on purpose (std::expected is C++23).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}      // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Result for operations with no value.
struct Ok {};
using Status = Result<Ok>;

}  // namespace gp
