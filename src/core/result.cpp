#include "core/result.hpp"

namespace gp {

std::string Diagnostic::to_string() const {
  std::string out;
  if (!file.empty()) {
    out += file;
    if (line > 0) {
      out += ':' + std::to_string(line);
      if (col > 0) out += ':' + std::to_string(col);
    }
    out += ": ";
  } else if (line > 0) {
    out += "line " + std::to_string(line) + ": ";
  }
  out += message;
  return out;
}

Diagnostic Diagnostic::keyed(std::string file, int line, int col, std::string key, const std::string& message) {
  Diagnostic d{std::move(file), line, col, key.empty() ? message : key + ": " + message};
  d.key = std::move(key);
  return d;
}

Error Error::about(std::string key, std::string message) {
  Error e(std::move(message));
  e.diagnostics.front().key = std::move(key);
  return e;
}

std::string Error::to_string() const {
  std::string out;
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    if (i) out += '\n';
    out += diagnostics[i].to_string();
  }
  return out;
}

}  // namespace gp
