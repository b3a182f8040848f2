// Exact, fast formatting of the numbers Cairo writes into a PDF page (issue 32).
//
// Cairo prints every coordinate, matrix entry and glyph position of a page through the C
// library's snprintf ("%f", "%.*f", "%d"), and glibc's "%f" works in multiple precision: in the
// 1,000-puzzle book it was 18 % of all instructions. format_fixed gives the same characters as
// glibc for the cases it takes (exact integer arithmetic on the double's binary value, rounded to
// nearest with ties to even, as glibc does in the default rounding mode) and declines the rest, so
// a caller can fall back to the C library. src/cli/fast_snprintf.cpp puts format_printf in front
// of snprintf for the libraries the program loads; tests/render_test.cpp compares both functions
// with the C library's own output.
#pragma once

#include <cstdarg>
#include <cstddef>

namespace gp::render {

// As snprintf(out, size, "%.*f", precision, value): returns the length of the whole text (not
// counting the NUL) and writes at most size - 1 characters and a NUL (nothing when size is 0).
// Returns -1 and writes nothing when it declines: a value that is not finite or not below 2^63 in
// magnitude, a precision outside 0..18, a decimal point other than '.' in the current locale, or a
// rounding mode other than to nearest.
int format_fixed(char* out, std::size_t size, double value, int precision);

// As vsnprintf(out, size, format, args) for the formats "%f", "%.Nf" (N one or two digits), "%.*f",
// "%d" and "%u" exactly (nothing before or after the conversion), within format_fixed's limits;
// -1 for any other format or value, with nothing written and `args` untouched (it reads a copy).
int format_printf(char* out, std::size_t size, const char* format, std::va_list args);

}  // namespace gp::render
