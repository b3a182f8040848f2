// libFuzzer target: the spec loader (YAML text -> BookSpec, or diagnostics), then the resolved
// spec written back as YAML. Profiles are looked up nowhere but the spec's own (missing) folder.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "spec/spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gp::spec::LoadOptions options;
  options.use_environment = false;
  options.use_builtin_dirs = false;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto spec = gp::spec::parse_book_spec(text, "/nonexistent-gridpress-fuzz/spec.yaml", options);
  if (spec) (void)gp::spec::to_yaml(*spec);
  return 0;
}
