// Errors carry a kind (core/result.hpp), so callers pick exit codes without reading message text.
#include <catch2/catch.hpp>

#include <string>

#include "cli_support.hpp"
#include "core/result.hpp"
#include "generator/generator.hpp"
#include "render/atomic_file.hpp"

TEST_CASE("errors carry a kind: bad input, budget, I/O", "[errors]") {
  CHECK(gp::Error("plain").kind == gp::ErrorKind::bad_input);

  gp::gen::Request impossible;
  impossible.clues_min = impossible.clues_max = 12;  // below the proven 17
  auto refused = gp::gen::check_request(impossible);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == gp::ErrorKind::bad_input);

  gp::gen::Request hard;
  hard.clues_min = hard.clues_max = 17;
  hard.budget_seconds = 0.05;
  auto ran_out = gp::gen::generate_batch(hard, 1, 1);
  REQUIRE_FALSE(ran_out.ok());
  CHECK(ran_out.error().kind == gp::ErrorKind::budget);
  CHECK(ran_out.error().to_string().starts_with("gave up after"));

  gp::test::TempDir dir("gridpress-errors");
  auto written = gp::render::write_file_atomically(dir.path.string(), "text");  // a folder is in the way
  REQUIRE_FALSE(written.ok());
  CHECK(written.error().kind == gp::ErrorKind::io);
}
