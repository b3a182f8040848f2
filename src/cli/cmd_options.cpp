// Option checks shared by the commands (see commands.hpp). A command file: it sees CLI11.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "cli/commands.hpp"

namespace gp::cli {

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || p != end)
          return "expected a whole number from 0 to 18446744073709551615, got '" + text + "'";
        return {};
      },
      "SEED");
}

CLI::Validator budget_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0;
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, v);
        if (text.empty() || ec != std::errc() || p != end || !std::isfinite(v) || v <= 0 || v > 31536000)
          return "expected a number of seconds above 0 and at most 31536000 (a year), got '" + text + "'";
        return {};
      },
      "SECONDS");
}

}  // namespace gp::cli
