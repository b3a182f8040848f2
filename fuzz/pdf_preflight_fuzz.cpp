// libFuzzer target: the PDF preflight reader (qpdf plus our content-stream walk) on any bytes,
// with every rule on. check_pdf reads a file, so each input is written to one first.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "pdfcheck/pdfcheck.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/gridpress-fuzz-" + std::to_string(::getpid()) + ".pdf";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  gp::pdfcheck::Rules rules;
  rules.page_size_pt = std::pair{432.0, 648.0};
  rules.live_margin_pt = 18;
  rules.inside_margin_pt = [](int pages) { return pages > 150 ? 36.0 : 27.0; };
  rules.bleed_pt = 9;
  (void)gp::pdfcheck::check_pdf(path, rules);
  std::remove(path.c_str());
  return 0;
}
