// What every command shares (see commands.hpp).
#include "cli/commands.hpp"

namespace gp::cli {

void print_error(const Error& e, std::ostream& err) {
  for (const Diagnostic& d : e.diagnostics) err << d.to_string() << '\n';
}

}  // namespace gp::cli
