// What every command shares (see commands.hpp).
#include "cli/commands.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <string>
#include <thread>

#include <unistd.h>

namespace gp::cli {

void print_error(const Error& e, std::ostream& err) {
  for (const Diagnostic& d : e.diagnostics) err << d.to_string() << '\n';
}

namespace {

// std::cout's buffer: writes go to file descriptor 1 with write(2), and the first failure's errno
// is kept (C stdio forgets it once the buffer is dropped). Line-buffered on a terminal, 64 KiB
// blocks otherwise. After a failure the rest of the output is dropped.
class StdoutBuffer : public std::streambuf {
 public:
  StdoutBuffer() : line_buffered_(::isatty(STDOUT_FILENO) == 1) { setp(buf_, buf_ + sizeof buf_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::streamsize put = std::streambuf::xsputn(s, n);
    if (line_buffered_ && std::char_traits<char>::find(s, static_cast<std::size_t>(n), '\n') != nullptr) drain();
    return put;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    std::size_t n = static_cast<std::size_t>(pptr() - pbase());
    while (n > 0 && error_ == 0) {
      const ssize_t done = ::write(STDOUT_FILENO, p, n);
      if (done < 0 && errno == EINTR) continue;
      if (done < 0) {
        error_ = errno;
        break;
      }
      p += done;
      n -= static_cast<std::size_t>(done);
    }
    setp(buf_, buf_ + sizeof buf_);
    return error_ == 0;
  }

  char buf_[1 << 16];
  int error_ = 0;
  bool line_buffered_;
};

// Never destroyed: std::cout is flushed once more when the program exits, after function-local
// statics are gone, so its buffer must outlive them (a static object here is a use after free).
StdoutBuffer& stdout_buffer() {
  static StdoutBuffer* const buffer = new StdoutBuffer;
  return *buffer;
}

}  // namespace

int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

void use_checked_stdout() { std::cout.rdbuf(&stdout_buffer()); }

int finish_stdout() {
  std::cout.flush();
  if (const int err = stdout_buffer().error(); err != 0) return err;
  return std::cout.fail() ? EIO : 0;
}

}  // namespace gp::cli
