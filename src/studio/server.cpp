// The studio's HTTP side: routes, the Host/Origin guard, the build queue. The work itself is in
// workspace.cpp.
#include <httplib.h>

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "book/newspaper.hpp"
#include "book/run.hpp"
#include "spec/key_info.hpp"
#include "spec/spec.hpp"
#include "studio/studio.hpp"
#include "studio/workspace.hpp"

namespace gp::studio {

namespace fs = std::filesystem;

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "::1" || host == "localhost" || host.rfind("127.", 0) == 0;
}

namespace {

// The page's files, served by name only.
const std::map<std::string, std::string>& assets() {
  static const std::map<std::string, std::string> a = {{"index.html", "text/html; charset=utf-8"},
                                                       {"studio.css", "text/css; charset=utf-8"},
                                                       {"studio.js", "text/javascript; charset=utf-8"}};
  return a;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string content_type(const fs::path& p) {
  const std::string e = p.extension().string();
  if (e == ".pdf") return "application/pdf";
  if (e == ".svg") return "image/svg+xml";
  if (e == ".png") return "image/png";
  if (e == ".json") return "application/json";
  if (e == ".csv") return "text/csv; charset=utf-8";
  if (e == ".zip") return "application/zip";
  if (e == ".eps") return "application/postscript";
  if (e == ".yaml" || e == ".yml" || e == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

void send_json(httplib::Response& res, const json& j, int status = 200) {
  res.status = status;
  res.set_content(j.dump(), "application/json");
}

void refuse(httplib::Response& res, int status, const std::string& why) {
  send_json(res, {{"ok", false}, {"error", why}}, status);
}

}  // namespace

// Named (not in the anonymous namespace): Server::Impl holds it, and GCC refuses a field of a type
// with internal linkage when this file is compiled inside a unity file (-Wsubobject-linkage).
namespace server_detail {

// One build: queued, running, then done or failed.
struct Job {
  int id = 0;
  std::string name;           // the spec's file name
  spec::BookSpec spec;
  std::string state = "queued";  // queued | running | done | failed | cancelled
  std::string what;           // progress: the stage
  long done = 0, total = 0;
  json result;                // files (relative to FOLDER), download, warnings, findings, diagnostics
};

}  // namespace server_detail

struct Server::Impl {
  using Job = server_detail::Job;
  Options options;
  std::string assets_dir;
  std::unique_ptr<Workspace> ws;
  httplib::Server http;
  int port = 0;
  bool bound = false;

  std::mutex mu;  // guards the jobs and `stopping`
  std::condition_variable cv;
  std::map<int, Job> jobs;
  std::deque<int> queue;
  int next_job = 0;
  bool stopping = false;
  std::thread builder;

  std::string host_name() const {
    return options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  }

  // The names this server answers to: its address and, on a loopback address, localhost.
  bool own_host(const std::string& host) const {
    const std::string p = ":" + std::to_string(port);
    if (host == host_name() + p) return true;
    if (is_loopback(options.host) || options.host == "0.0.0.0" || options.host == "::")
      if (host == "localhost" + p || host == "127.0.0.1" + p || host == "[::1]" + p) return true;
    if (options.host == "0.0.0.0" || options.host == "::") {
      // Listening on every address: any address of this machine, written as an address (a DNS
      // rebinding page can only send a name).
      if (host.size() <= p.size() || host.compare(host.size() - p.size(), p.size(), p) != 0) return false;
      const std::string name = host.substr(0, host.size() - p.size());
      if (name.front() == '[' && name.back() == ']')
        return name.find_first_not_of("0123456789abcdefABCDEF:.[]") == std::string::npos;
      return name.find_first_not_of("0123456789.") == std::string::npos;
    }
    return false;
  }

  httplib::Server::HandlerResponse guard(const httplib::Request& req, httplib::Response& res) {
    // DNS rebinding: a foreign name resolving to us carries its own name in Host.
    if (!own_host(req.get_header_value("Host"))) {
      refuse(res, 403, "refused: Host '" + req.get_header_value("Host") + "' is not this studio");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Cross-site requests from a page elsewhere carry its Origin.
    if (req.has_header("Origin")) {
      const std::string origin = req.get_header_value("Origin");
      const std::string prefix = "http://";
      if (origin.rfind(prefix, 0) != 0 || !own_host(origin.substr(prefix.size()))) {
        refuse(res, 403, "refused: Origin '" + origin + "' is not this studio");
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    if (req.method != "GET" && req.method != "POST") {
      refuse(res, 405, "only GET and POST");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  }

  // The spec name of a request (?name=), or "" after refusing it.
  std::string spec_name(const httplib::Request& req, httplib::Response& res) {
    const std::string name = req.has_param("name") ? req.get_param_value("name") : "book.yaml";
    if (!Workspace::good_spec_name(name)) {
      refuse(res, 400, "not a spec file name: '" + name + "' (a name ending in .yaml, no folder)");
      return {};
    }
    return name;
  }

  void routes() {
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) { return guard(req, res); });
    http.set_payload_max_length(options.max_body);
    http.set_read_timeout(10, 0);
    http.set_write_timeout(30, 0);
    http.set_keep_alive_max_count(100);
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      refuse(res, 500, what);
    });
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty())
        res.set_content(json{{"ok", false}, {"error", "HTTP " + std::to_string(res.status)}}.dump(), "application/json");
    });

    http.Get("/", [this](const httplib::Request&, httplib::Response& res) { asset("index.html", res); });
    http.Get(R"(/(studio\.css|studio\.js))",
             [this](const httplib::Request& req, httplib::Response& res) { asset(req.matches[1], res); });

    http.Get("/api/schema", [this](const httplib::Request&, httplib::Response& res) {
      json keys = json::array();
      for (const spec::KeyInfo& k : spec::key_infos())
        keys.push_back({{"table", k.table}, {"name", k.name}, {"kind", k.kind}, {"lo", k.lo}, {"hi", k.hi},
                        {"choices", k.choices}, {"type", k.type}, {"default", k.default_value}, {"notes", k.notes}});
      spec::LoadOptions lo;
      lo.use_environment = false;
      json starters = json::array();
      for (const auto& s : starter_names()) starters.push_back(s);
      json specs = json::array();
      std::error_code ec;
      for (fs::directory_iterator it(ws->folder(), ec), end; !ec && it != end; it.increment(ec)) {
        const std::string n = it->path().filename().string();
        if (Workspace::good_spec_name(n) && it->is_regular_file(ec)) specs.push_back(n);
      }
      std::sort(specs.begin(), specs.end());
      send_json(res, {{"keys", keys},
                      {"profiles", spec::available_profiles(ws->folder(), lo)},
                      {"variants", spec::variant_names()},
                      {"bands", [] {
                         json b = json::array();
                         for (const auto& [name, range] : spec::default_bands()) b.push_back(name);
                         return b;
                       }()},
                      {"starters", starters},
                      {"specs", specs},
                      {"folder", ws->folder()}});
    });

    http.Get("/api/starter", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = req.get_param_value("name");
      const auto names = starter_names();
      if (std::find(names.begin(), names.end(), name) == names.end()) return refuse(res, 404, "no starter '" + name + "'");
      res.set_content(read_text(fs::path(assets_dir) / "starters" / (name + ".yaml")), "text/plain; charset=utf-8");
    });

    http.Get("/api/spec", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = spec_name(req, res);
      if (name.empty()) return;
      const fs::path p = fs::path(ws->folder()) / name;
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) return refuse(res, 404, "no file '" + name + "' in " + ws->folder());
      res.set_content(read_text(p), "text/plain; charset=utf-8");
    });

    http.Post("/api/check", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = spec_name(req, res);
      if (name.empty()) return;
      send_json(res, ws->check(name, req.body));
    });

    http.Post("/api/preview", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = spec_name(req, res);
      if (name.empty()) return;
      const std::uint64_t ticket = ws->next_ticket();
      int first = 1, count = 4;
      try {
        if (req.has_param("page")) first = std::stoi(req.get_param_value("page"));
        if (req.has_param("count")) count = std::stoi(req.get_param_value("count"));
      } catch (const std::exception&) {
        return refuse(res, 400, "page and count are whole numbers");
      }
      if (first < 1 || count < 1 || count > options.max_preview_pages)
        return refuse(res, 400, "page from 1, count from 1 to " + std::to_string(options.max_preview_pages));
      json out = ws->preview(name, req.body, first, count, ticket);
      send_json(res, out, out.value("cancelled", false) ? 409 : 200);
    });

    http.Post("/api/save", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = spec_name(req, res);
      if (name.empty()) return;
      if (Status st = ws->save(name, req.body); !st) return refuse(res, 500, st.error().to_string());
      send_json(res, {{"ok", true}, {"saved", name}});
    });

    http.Post("/api/build", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = spec_name(req, res);
      if (name.empty()) return;
      Loaded l = ws->load(name, req.body);
      if (!l.spec) return send_json(res, ws->diagnostics_json(name, l.problems));
      std::lock_guard lock(mu);
      if (stopping) return refuse(res, 503, "the studio is stopping");
      if (static_cast<int>(queue.size()) >= options.queue)
        return refuse(res, 429, "a build is running and " + std::to_string(queue.size()) + " are waiting; try again later");
      Job job;
      job.id = ++next_job;
      job.name = name;
      job.spec = std::move(*l.spec);
      const int id = job.id;
      jobs.emplace(id, std::move(job));
      queue.push_back(id);
      // Keep the last few finished jobs only.
      while (jobs.size() > 16 && jobs.begin()->second.state != "queued" && jobs.begin()->second.state != "running")
        jobs.erase(jobs.begin());
      cv.notify_all();
      send_json(res, {{"ok", true}, {"job", id}, {"state", "queued"}, {"waiting", queue.size()}});
    });

    http.Get("/api/build", [this](const httplib::Request& req, httplib::Response& res) {
      int id = 0;
      try {
        id = std::stoi(req.get_param_value("job"));
      } catch (const std::exception&) {
        return refuse(res, 400, "job is a number");
      }
      std::lock_guard lock(mu);
      const auto it = jobs.find(id);
      if (it == jobs.end()) return refuse(res, 404, "no build " + std::to_string(id));
      const Job& j = it->second;
      json out = j.result;
      out["ok"] = j.state != "failed" && j.state != "cancelled";
      out["job"] = j.id;
      out["state"] = j.state;
      out["progress"] = {{"what", j.what}, {"done", j.done}, {"total", j.total}};
      send_json(res, out);
    });

    http.Get("/api/file", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string rel = req.get_param_value("path");
      const auto path = ws->inside(rel);
      std::error_code ec;
      if (!path) return refuse(res, 403, "refused: '" + rel + "' is not inside " + ws->folder());
      if (!fs::is_regular_file(*path, ec)) return refuse(res, 404, "no file '" + rel + "'");
      res.set_content(read_text(*path), content_type(*path));
      res.set_header("Content-Disposition", "attachment; filename=\"" + fs::path(*path).filename().string() + "\"");
    });
  }

  std::vector<std::string> starter_names() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(fs::path(assets_dir) / "starters", ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".yaml") names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  void asset(const std::string& name, httplib::Response& res) {
    const auto it = assets().find(name);
    if (it == assets().end()) return refuse(res, 404, "not found");
    res.set_content(read_text(fs::path(assets_dir) / name), it->second);
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Content-Security-Policy",
                   "default-src 'self'; img-src 'self' data: blob:; connect-src 'self' blob:; style-src 'self'; frame-ancestors 'none'");
  }

  // The build thread: one build at a time, in order.
  void build_loop() {
    for (;;) {
      int id = 0;
      spec::BookSpec spec;
      {
        std::unique_lock lock(mu);
        cv.wait(lock, [&] { return stopping || !queue.empty(); });
        if (stopping) {
          for (int q : queue) jobs[q].state = "cancelled";
          queue.clear();
          return;
        }
        id = queue.front();
        queue.pop_front();
        Job& j = jobs[id];
        j.state = "running";
        spec = j.spec;
      }
      json result = build(id, spec);
      std::lock_guard lock(mu);
      Job& j = jobs[id];
      j.state = result.value("ok", false) ? "done" : "failed";
      result.erase("ok");
      j.result = std::move(result);
      j.spec = {};
    }
  }

  json build(int id, spec::BookSpec& spec) {
    auto progress = [this, id](const std::string& what, long done, long total) {
      std::lock_guard lock(mu);
      Job& j = jobs[id];
      j.what = what;
      j.done = done;
      j.total = total;
    };
    const std::string name = [&] {
      std::lock_guard lock(mu);
      return jobs[id].name;
    }();
    json out;
    std::vector<std::string> files;
    std::vector<std::string> warnings, findings;
    Error error;
    bool ok = true;
    if (spec.newspaper.enabled) {
      book::NewspaperOptions no;
      no.jobs = options.jobs;
      book::NewspaperRun run = book::run_newspaper(spec, no);
      ok = run.outcome == book::Outcome::ok;
      error = run.error;
      warnings = run.warnings;
      if (ok) {
        // Every file the run wrote is listed in its manifest; they go into one zip beside it.
        const fs::path dir = run.out_dir.empty() ? fs::path(ws->folder()) : fs::path(run.out_dir);
        std::vector<std::string> listed;
        if (!run.manifest_path.empty()) {
          listed.push_back(run.manifest_path);
          const fs::path csv = fs::path(run.manifest_path).replace_extension(".csv");
          std::error_code ec;
          if (fs::is_regular_file(csv, ec)) listed.push_back(csv.string());
          try {
            const json m = json::parse(read_text(run.manifest_path));
            // Every text in the manifest that names a file of the run's folder (files,
            // solution_files, feed files, ...).
            std::function<void(const json&)> walk = [&](const json& v) {
              if (v.is_object() || v.is_array()) {
                for (const auto& x : v) walk(x);
              } else if (v.is_string()) {
                const std::string text = v.get<std::string>();
                if (text.empty() || text.size() > 4096 || text.find('\n') != std::string::npos) return;
                const fs::path f = fs::path(text).is_absolute() ? fs::path(text) : dir / text;
                std::error_code e2;
                if (fs::is_regular_file(f, e2) && ws->inside(ws->relative(f.string())) &&
                    std::find(listed.begin(), listed.end(), f.string()) == listed.end())
                  listed.push_back(f.string());
              }
            };
            walk(m);
          } catch (const std::exception& e) {
            warnings.push_back(run.manifest_path + ": " + e.what());
          }
        }
        const std::string zip = (dir / (fs::path(spec.output.path).stem().string() + ".zip")).string();
        if (Status st = Workspace::write_zip(zip, listed, dir.string()); !st) {
          ok = false;
          error = st.error();
        } else {
          files.push_back(zip);
          files.insert(files.end(), listed.begin(), listed.end());
        }
      }
    } else {
      book::BookRunOptions ro;
      ro.jobs = options.jobs;
      ro.progress = progress;
      auto format = book::apply_overrides(spec, {});
      if (!format) {
        ok = false;
        error = format.error();
      } else {
        book::BookRun run = book::run_book_stages(spec, *format, ro);
        ok = run.outcome == book::Outcome::ok;
        error = run.error;
        warnings = run.warnings;
        findings = run.findings;
        if (ok) {
          files = run.files;
          if (spec.output.manifest) {
            const fs::path stem = fs::path(run.book_path).replace_extension();
            files.push_back(stem.string() + ".json");
            files.push_back(stem.string() + ".csv");
          }
        }
      }
    }
    json rel = json::array();
    for (const auto& f : files) rel.push_back(ws->relative(f));
    out = ws->diagnostics_json(name, ok ? std::vector<Diagnostic>{} : error.diagnostics);
    out["ok"] = ok;
    out["files"] = rel;
    out["download"] = rel.empty() ? json(nullptr) : rel.front();
    out["warnings"] = warnings;
    out["findings"] = findings;
    return out;
  }
};

Server::Server(Options options) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(options); }

Server::~Server() {
  stop();
  if (impl_->builder.joinable()) impl_->builder.join();
}

Status Server::bind() {
  Impl& m = *impl_;
  std::error_code ec;
  if (!fs::is_directory(m.options.folder, ec)) return Error("studio: no folder '" + m.options.folder + "'");
  m.assets_dir = m.options.assets_dir;
  if (m.assets_dir.empty()) {
    const std::string data = spec::builtin_data_dir();
    if (data.empty()) return Error("studio: the program's templates/ folder was not found (is gridpress installed?)");
    m.assets_dir = (fs::path(data) / "templates" / "studio").string();
  }
  for (const auto& [name, type] : assets())
    if (!fs::is_regular_file(fs::path(m.assets_dir) / name, ec))
      return Error("studio: the page's file '" + (fs::path(m.assets_dir) / name).string() + "' is missing");
  const std::string templates = fs::path(m.assets_dir).parent_path().string();
  m.ws = std::make_unique<Workspace>(m.options.folder, templates, m.options.jobs);
  m.routes();
  if (m.options.port == 0) {
    m.port = m.http.bind_to_any_port(m.options.host);
    if (m.port <= 0) return Error("studio: cannot listen on " + m.options.host);
  } else {
    if (!m.http.bind_to_port(m.options.host, m.options.port))
      return Error("studio: cannot listen on " + m.options.host + ":" + std::to_string(m.options.port) +
                   " (in use? try --port)");
    m.port = m.options.port;
  }
  m.bound = true;
  m.builder = std::thread([&m] { m.build_loop(); });
  return Ok{};
}

int Server::port() const { return impl_->port; }

std::string Server::url() const {
  // Listening on every address: this computer's own address is one of them.
  const std::string& h = impl_->options.host;
  const std::string name = h == "0.0.0.0" ? "127.0.0.1" : h == "::" ? "[::1]" : impl_->host_name();
  return "http://" + name + ":" + std::to_string(impl_->port) + "/";
}

Status Server::run() {
  Impl& m = *impl_;
  if (!m.bound) return Error("studio: run() before bind()");
  {
    std::lock_guard lock(m.mu);
    if (m.stopping) return Ok{};
  }
  const bool served = m.http.listen_after_bind();
  stop();
  if (m.builder.joinable()) m.builder.join();
  if (!served) return Error("studio: the server stopped unexpectedly");
  return Ok{};
}

void Server::stop() {
  Impl& m = *impl_;
  {
    std::lock_guard lock(m.mu);
    m.stopping = true;
  }
  m.cv.notify_all();
  if (m.ws) m.ws->cancel_previews();
  m.http.stop();
}

}  // namespace gp::studio
