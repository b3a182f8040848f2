// The program's own __snprintf_chk, in front of the C library's for the shared libraries it loads
// (issue 32). Cairo writes each number of a PDF page with snprintf ("%f", "%.*f", "%d"; built with
// _FORTIFY_SOURCE, so the calls arrive here as __snprintf_chk), and glibc's "%f" is slow: 18 % of
// the instructions of the 1,000-puzzle book. The dynamic linker binds a library's call to a symbol
// the executable defines and exports (the linker exports this one because libcairo refers to it),
// so Cairo's numbers go through render::format_printf, which writes exactly glibc's characters for
// the formats it takes and declines everything else; what it declines goes to the C library's own
// __vsnprintf_chk with the same arguments. Output bytes do not change (render_test compares the two
// on about 600,000 values; bench/README.md, "The page's numbers", has the measurements).
//
// Not in builds with sanitizers or fuzzing (src/cli/CMakeLists.txt leaves the file out): their
// runtimes intercept the printf family themselves.
#include <cstdarg>
#include <cstddef>

#include "render/number_format.hpp"

extern "C" {
// glibc's checking vsnprintf (exported since glibc 2.3.4), for every format format_printf declines.
int __vsnprintf_chk(char* s, std::size_t maxlen, int flag, std::size_t slen, const char* format,
                    std::va_list args) noexcept;

int __snprintf_chk(char* s, std::size_t maxlen, int flag, std::size_t slen, const char* format, ...) noexcept {
  std::va_list args;
  va_start(args, format);
  int n = -1;
  // maxlen > slen is a buffer overflow the C library reports (and aborts on): left to it.
  if (maxlen <= slen) n = gp::render::format_printf(s, maxlen, format, args);
  if (n < 0) n = __vsnprintf_chk(s, maxlen, flag, slen, format, args);
  va_end(args);
  return n;
}
}
