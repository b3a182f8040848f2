// gridpress studio: a local web page to write a book spec, with checks as you type, a live preview
// and builds, served over HTTP (cpp-httplib, Debian's libcpp-httplib-dev). A thin face on the same
// pipeline as the commands: the spec loader and its diagnostics (`gridpress spec`), the schema of
// the keys (spec/key_info.hpp), the layout and the SVG renderer (previews), and the book and
// newspaper pipelines with their staged, atomic writes (builds). See docs/studio.md.
//
// Everything the studio reads or writes is inside its FOLDER, except the program's own templates
// (profiles, images and the page's files): a spec naming a file elsewhere is refused.
// The library never prints; `gridpress serve` (src/cli/cmd_serve.cpp) prints the URL and warnings.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "core/result.hpp"

namespace gp::studio {

struct Options {
  std::string folder = ".";           // FOLDER: specs, builds and downloads live here
  std::string host = "127.0.0.1";     // the address to listen on
  int port = 8470;                    // 0 = any free port (tests)
  // The page's files (index.html, studio.css, studio.js, starters/); empty = the program's own
  // templates/studio (spec::builtin_data_dir()).
  std::string assets_dir;
  std::size_t max_body = 1 << 20;     // larger request bodies get 413
  int queue = 2;                      // builds waiting behind the running one; more get 429
  int jobs = 0;                       // generator threads; 0 = one per core
  // Previews: at most this many pages in one request (a page on request is one of them).
  int max_preview_pages = 8;
};

// True for a host the studio may listen on without a warning: 127.0.0.1, ::1, localhost.
bool is_loopback(const std::string& host);

class Server {
 public:
  explicit Server(Options options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Checks FOLDER and the assets and binds the socket. Errors: FOLDER missing, the page's files
  // missing, the address taken.
  Status bind();
  // The port bound (after bind()).
  int port() const;
  // "http://127.0.0.1:8470/" (IPv6 hosts in brackets).
  std::string url() const;
  // Serves requests until stop(); returns after the running build (if any) is cancelled or done.
  Status run();
  // Stops the server (any thread, also from a signal-handling thread): new requests are refused,
  // waiting builds dropped, the running preview abandoned at its next page or section.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gp::studio
