// gridpress serve [FOLDER] [--port N] [--host 127.0.0.1] [--no-browser]: the studio, a local web
// page to write a book spec with a live preview and build it (src/studio, docs/studio.md).
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "studio/studio.hpp"

extern char** environ;

namespace gp::cli {

namespace {

struct ServeCliOptions {
  std::string folder = ".";
  std::string host = "127.0.0.1";
  int port = 8470;
  bool no_browser = false;
};

constexpr const char* kServeFooter =
    "Serves the studio on http://HOST:PORT/: a YAML editor beside a form for the common keys, the\n"
    "spec checked as you type (the messages of `gridpress spec`), a live preview of the first pages\n"
    "(rendered as `gridpress book` renders them), Save, and Build (the book written into FOLDER as\n"
    "`gridpress book` writes it, then offered for download). Nothing is read or written outside\n"
    "FOLDER (the default: the current folder) except the program's own templates.\n"
    "The studio listens on 127.0.0.1 unless --host says otherwise; it refuses requests whose Host\n"
    "or Origin is not its own. Stop it with Ctrl-C (or SIGTERM). See docs/studio.md.\n"
    "Exit code: 0 when stopped, 2 if it cannot start (no FOLDER, the port in use).";

// Opens `url` in the desktop's browser (xdg-open), without waiting for it. Failure only warns.
void open_browser(const std::string& url) {
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const int rc = posix_spawnp(&pid, "xdg-open", &actions, nullptr, const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    std::cerr << "gridpress serve: could not open a browser (xdg-open: " << std::strerror(rc)
              << "); open the address above yourself\n";
    return;
  }
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();  // no zombie
}

int run_serve(const ServeCliOptions& opt) {
  studio::Options so;
  so.folder = opt.folder;
  so.host = opt.host;
  so.port = opt.port;
  // SIGINT and SIGTERM are taken by a thread of their own (sigwait), which stops the server; the
  // other threads (HTTP, builds) never see them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);
  studio::Server server(so);
  if (Status st = server.bind(); !st) {
    print_error(st.error());
    return kExitUsage;
  }
  if (!studio::is_loopback(opt.host))
    std::cerr << "gridpress serve: warning: listening on " << opt.host
              << ", not only on this computer: anyone who can reach it can read and write the files in "
              << opt.folder << "\n";
  std::cout << "gridpress studio: " << server.url() << "  (folder " << opt.folder << "; Ctrl-C stops)" << std::endl;
  if (!opt.no_browser) open_browser(server.url());
  std::thread waiter([&server, stop_signals] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    if (sig == 0) return;  // woken by the main thread below after the server ended on its own
    std::cerr << "gridpress serve: stopping (" << (sig == SIGINT ? "SIGINT" : "SIGTERM") << ")\n";
    server.stop();
  });
  Status served = server.run();
  // Wake the waiter if the server ended without a signal.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  if (!served) {
    print_error(served.error());
    return kExitFailure;
  }
  std::cout << "gridpress studio: stopped" << std::endl;
  return kExitOk;
}

}  // namespace

void add_serve_command(CLI::App& app, Run& run) {
  auto opt = std::make_shared<ServeCliOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "The studio: a local web page to write, preview and build a book");
  cmd->add_option("FOLDER", opt->folder, "the folder of the specs and books (default: the current folder)");
  cmd->add_option("--port", opt->port, "the port to listen on")->check(CLI::Range(1, 65535))->capture_default_str();
  cmd->add_option("--host", opt->host, "the address to listen on (others than 127.0.0.1 get a warning)")
      ->capture_default_str();
  cmd->add_flag("--no-browser", opt->no_browser, "do not open the page in the default browser");
  cmd->footer(kServeFooter);
  cmd->callback([opt, &run] { run = [opt] { return run_serve(*opt); }; });
}

}  // namespace gp::cli
