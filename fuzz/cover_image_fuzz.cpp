// libFuzzer target: cover pictures as a spec names them (spec/limits.hpp image_problem: the file
// checks, the PNG/JPEG size readers, the SVG text scan and the pictures it refers to). The first
// byte picks the file's extension (.png or .svg), the rest is the file. A small valid PNG lies
// beside it (tiny.png) for an SVG to refer to. A PNG the checks accept and that is small is then
// decoded by Cairo as the renderer does, so what passes the checks is also read.
#include <cairo.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "spec/limits.hpp"

namespace {

// A folder of the target's own, made once, with tiny.png in it.
const std::string& folder() {
  static const std::string dir = [] {
    char name[] = "/tmp/gp-fuzz-cover-XXXXXX";
    if (!mkdtemp(name)) std::abort();
    const std::string d = name;
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2, 2);
    if (cairo_surface_write_to_png(s, (d + "/tiny.png").c_str()) != CAIRO_STATUS_SUCCESS) std::abort();
    cairo_surface_destroy(s);
    return d;
  }();
  return dir;
}

// Width and height from a PNG's IHDR (the checks have accepted the file, so it is there).
std::uint64_t png_pixels(const std::uint8_t* p, std::size_t n) {
  if (n < 24) return 0;
  auto be32 = [&](std::size_t i) {
    return (std::uint32_t{p[i]} << 24) | (std::uint32_t{p[i + 1]} << 16) | (std::uint32_t{p[i + 2]} << 8) | p[i + 3];
  };
  return std::uint64_t{be32(16)} * be32(20);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool svg = data[0] & 1;
  const std::string path = folder() + (svg ? "/cover.svg" : "/cover.png");
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
    if (!out) std::abort();
  }
  const auto problem = gp::spec::image_problem(path);
  if (problem && problem->empty()) std::abort();  // a refusal always says why
  // Decode what passed, while small enough to keep the fuzzer fast (the caps allow 60 million
  // pixels; Cairo allocates the whole surface first).
  if (!problem && !svg && png_pixels(data + 1, size - 1) <= 1'000'000) {
    cairo_surface_t* s = cairo_image_surface_create_from_png(path.c_str());
    cairo_surface_destroy(s);
  }
  return 0;
}
