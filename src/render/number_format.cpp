// Exact fixed-point formatting of doubles; see number_format.hpp.
#include "render/number_format.hpp"

#include <langinfo.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace gp::render {

namespace {

__extension__ typedef unsigned __int128 u128;  // GCC and clang on 64-bit targets

// snprintf's contract for a text already made: copy what fits, always end with a NUL.
int emit(char* out, std::size_t size, const char* text, int length) {
  if (size > 0) {
    const std::size_t n = static_cast<std::size_t>(length) < size - 1 ? static_cast<std::size_t>(length) : size - 1;
    std::memcpy(out, text, n);
    out[n] = '\0';
  }
  return length;
}

// "00" to "99": two digits a division.
constexpr char kPairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Writes v's decimal digits ending just before `end`; returns where they start.
char* digits_before(char* end, std::uint64_t v) {
  while (v >= 100) {
    const auto pair = static_cast<unsigned>(v % 100) * 2;
    v /= 100;
    *--end = kPairs[pair + 1];
    *--end = kPairs[pair];
  }
  if (v >= 10) {
    const auto pair = static_cast<unsigned>(v) * 2;
    *--end = kPairs[pair + 1];
    *--end = kPairs[pair];
  } else {
    *--end = static_cast<char>('0' + v);
  }
  return end;
}

// Writes exactly `count` decimal digits of v (v < 10^count: leading zeros) ending just before `end`.
char* fixed_digits_before(char* end, std::uint64_t v, int count) {
  for (; count >= 2; count -= 2) {
    const auto pair = static_cast<unsigned>(v % 100) * 2;
    v /= 100;
    *--end = kPairs[pair + 1];
    *--end = kPairs[pair];
  }
  if (count == 1) *--end = static_cast<char>('0' + v);
  return end;
}

constexpr std::uint64_t kPowersOf10[19] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000,
    100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
    10000000000000000, 100000000000000000, 1000000000000000000};

// The decimal point printf uses: LC_NUMERIC's of the thread's locale (what localeconv() reports,
// without filling and returning localeconv's shared structure on every call).
bool plain_decimal_point() {
  const char* point = nl_langinfo(RADIXCHAR);
  return point != nullptr && point[0] == '.' && point[1] == '\0';
}

}  // namespace

int format_fixed(char* out, std::size_t size, double value, int precision) {
  if (!std::isfinite(value) || precision < 0 || precision > 18) return -1;
  const double magnitude = std::fabs(value);
  if (magnitude >= 9223372036854775808.0) return -1;  // 2^63: the integer part stays in 64 bits
  if (std::fegetround() != FE_TONEAREST || !plain_decimal_point()) return -1;

  // magnitude = m * 2^e exactly, m an integer below 2^53 (read from the bits: IEEE 754 binary64).
  std::uint64_t bits = 0;
  std::memcpy(&bits, &magnitude, sizeof bits);
  const int biased = static_cast<int>(bits >> 52);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  int e = -1074;  // subnormal (or zero)
  if (biased != 0) {
    m |= std::uint64_t{1} << 52;
    e = biased - 1075;
  }
  const std::uint64_t pow10 = kPowersOf10[precision];
  // The value times 10^precision, below 2^53 * 10^18 < 2^113, rounded to an integer q.
  const u128 scaled = static_cast<u128>(m) * pow10;
  u128 q = 0;
  if (e >= 0) {
    q = scaled << e;  // magnitude < 2^63, so e <= 10 and q < 2^123
  } else if (-e <= 113) {
    const int shift = -e;
    q = scaled >> shift;
    const u128 rest = scaled & ((static_cast<u128>(1) << shift) - 1);
    const u128 half = static_cast<u128>(1) << (shift - 1);
    if (rest > half || (rest == half && (q & 1) != 0)) ++q;
  }
  // else: scaled < 2^113 <= half a unit of the last place, so it rounds to zero.

  // q / 10^precision is below 2^63 + 1; in 64 bits when q is (page coordinates always are).
  std::uint64_t whole = 0;
  std::uint64_t decimals = 0;
  if ((q >> 64) == 0) {
    const auto q64 = static_cast<std::uint64_t>(q);
    whole = q64 / pow10;
    decimals = q64 % pow10;
  } else {
    whole = static_cast<std::uint64_t>(q / pow10);
    decimals = static_cast<std::uint64_t>(q % pow10);
  }
  char text[64];
  char* const end = text + sizeof text;
  char* p = end;
  if (precision > 0) {
    p = fixed_digits_before(p, decimals, precision);
    *--p = '.';
  }
  p = digits_before(p, whole);
  if (std::signbit(value)) *--p = '-';  // glibc writes the sign of -0.0 and of a value rounded to 0
  return emit(out, size, p, static_cast<int>(end - p));
}

int format_printf(char* out, std::size_t size, const char* format, std::va_list args) {
  if (format == nullptr || format[0] != '%') return -1;
  const char* f = format + 1;
  int result = -1;
  std::va_list copy;
  va_copy(copy, args);
  if ((f[0] == 'd' || f[0] == 'u') && f[1] == '\0') {
    char text[24];
    char* const end = text + sizeof text;
    char* p = nullptr;
    if (f[0] == 'd') {
      const int v = va_arg(copy, int);
      const std::uint64_t magnitude = v < 0 ? static_cast<std::uint64_t>(-static_cast<std::int64_t>(v)) : static_cast<std::uint64_t>(v);
      p = digits_before(end, magnitude);
      if (v < 0) *--p = '-';
    } else {
      p = digits_before(end, va_arg(copy, unsigned));
    }
    result = emit(out, size, p, static_cast<int>(end - p));
  } else {
    int precision = 6;
    bool fixed = false;
    bool from_args = false;
    if (f[0] == 'f' && f[1] == '\0') {
      fixed = true;
    } else if (f[0] == '.' && f[1] == '*' && f[2] == 'f' && f[3] == '\0') {
      fixed = from_args = true;
    } else if (f[0] == '.' && f[1] >= '0' && f[1] <= '9') {
      int n = f[1] - '0';
      const char* g = f + 2;
      if (*g >= '0' && *g <= '9') n = n * 10 + (*g++ - '0');
      if (g[0] == 'f' && g[1] == '\0') {
        fixed = true;
        precision = n;
      }
    }
    if (fixed) {
      if (from_args) precision = va_arg(copy, int);
      result = format_fixed(out, size, va_arg(copy, double), precision);
    }
  }
  va_end(copy);
  return result;
}

}  // namespace gp::render
