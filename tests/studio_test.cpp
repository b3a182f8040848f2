// The studio's HTTP API (src/studio), through a real server on a free port of 127.0.0.1 and
// cpp-httplib's client: check, preview, build and download, save, and the refusals (a foreign
// Host or Origin, a body over 1 MB, paths outside the folder, a full build queue).
#include <httplib.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>

#include "cli_support.hpp"
#include "spec/spec.hpp"
#include "studio/studio.hpp"
#include "studio/workspace.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kSmall =
    "title: Studio Test\n"
    "seed: 7\n"
    "page:\n"
    "  size: 6x9\n"
    "sections:\n"
    "  - name: Small grids\n"
    "    count: 4\n"
    "    grid: 6x6\n"
    "    symmetry: none\n"
    "    layout: 2x2\n"
    "answers:\n"
    "  layout: 2x2\n"
    "output:\n"
    "  path: out/small.pdf\n";

// A studio serving `dir` on a free port, stopped and joined at the end of the test.
struct Running {
  gp::studio::Server server;
  std::thread thread;
  explicit Running(const std::string& dir, int queue = 2)
      : server([&] {
          gp::studio::Options o;
          o.folder = dir;
          o.port = 0;
          o.queue = queue;
          o.jobs = 2;
          o.assets_dir = std::string(GRIDPRESS_SOURCE_DIR) + "/templates/studio";
          return o;
        }()) {
    gp::Status st = server.bind();
    INFO((st ? std::string() : st.error().to_string()));
    REQUIRE(st);
    thread = std::thread([this] { (void)server.run(); });
  }
  ~Running() {
    server.stop();
    thread.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", server.port());
    c.set_read_timeout(120, 0);
    return c;
  }
};

json post_json(httplib::Client& c, const std::string& path, const std::string& body, int expect = 200) {
  auto res = c.Post(path.c_str(), body, "text/plain");
  REQUIRE(res);
  INFO(res->body);
  REQUIRE(res->status == expect);
  return json::parse(res->body);
}

json get_json(httplib::Client& c, const std::string& path, int expect = 200) {
  auto res = c.Get(path.c_str());
  REQUIRE(res);
  INFO(res->body);
  REQUIRE(res->status == expect);
  return json::parse(res->body);
}

}  // namespace

TEST_CASE("studio serves its page and the schema of the form", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  auto page = c.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->body.find("gridpress") != std::string::npos);
  CHECK(page->get_header_value("Content-Type").rfind("text/html", 0) == 0);
  auto js = c.Get("/studio.js");
  REQUIRE(js);
  CHECK(js->status == 200);
  auto missing = c.Get("/etc/passwd");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  const json schema = get_json(c, "/api/schema");
  bool count = false;
  for (const auto& k : schema["keys"])
    if (k["table"] == "section" && k["name"] == "count") {
      count = true;
      CHECK(k["kind"] == "whole");
      CHECK(k["lo"] == 1);
    }
  CHECK(count);
  CHECK(std::find(schema["profiles"].begin(), schema["profiles"].end(), "kdp-6x9") != schema["profiles"].end());
  for (const char* starter : {"paperback", "newspaper-week", "classroom", "variety"})
    CHECK(std::find(schema["starters"].begin(), schema["starters"].end(), starter) != schema["starters"].end());
}

TEST_CASE("studio check: the messages of gridpress spec with line, column and key", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  const json ok = post_json(c, "/api/check?name=book.yaml", kSmall);
  CHECK(ok["ok"] == true);
  CHECK(ok["diagnostics"].empty());
  CHECK(ok["summary"] == "book.yaml: ok - 1 section, 4 puzzles, page 6x9 -> out/small.pdf");
  CHECK(ok["form"]["title"] == "Studio Test");
  CHECK(ok["form"]["sections"][0]["grid"] == "6x6");

  std::string bad = kSmall;
  bad.replace(bad.find("count: 4"), 8, "count: ten");
  const json j = post_json(c, "/api/check?name=book.yaml", bad);
  CHECK(j["ok"] == false);
  REQUIRE(j["diagnostics"].size() == 1);
  const json& d = j["diagnostics"][0];
  CHECK(d["line"] == 7);
  CHECK(d["column"] == 12);
  CHECK(d["key"] == "sections[0].count");
  // The same message as the loader (and so `gridpress spec`) gives for the same file.
  gp::spec::LoadOptions lo;
  lo.use_environment = false;
  auto loaded = gp::spec::parse_book_spec(bad, (fs::canonical(dir.path) / "book.yaml").string(), lo);
  REQUIRE(!loaded);
  CHECK(d["message"] == loaded.error().diagnostics.front().message);
  CHECK(d["text"] == "book.yaml:7:12: " + loaded.error().diagnostics.front().message);
}

TEST_CASE("studio preview: the first pages and a page on request as SVG", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  const json p = post_json(c, "/api/preview?name=book.yaml&page=1&count=2", kSmall);
  REQUIRE(p["ok"] == true);
  REQUIRE(p["pages"].size() == 2);
  CHECK(p["pages"][0]["number"] == 1);
  const std::string svg = p["pages"][0]["svg"];
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find("width=\"432pt\"") != std::string::npos);  // 6 x 9 in
  const int total = p["total_pages"];
  CHECK(total > 3);
  CHECK(p["generated"] == 0);  // the title and how-to-play pages need no puzzles
  // The last page (an answer page), on request: the section is made; asked again, it is reused,
  // also after an edit that does not change the puzzles.
  const std::string last_page = "/api/preview?name=book.yaml&page=" + std::to_string(total) + "&count=1";
  const json last = post_json(c, last_page, kSmall);
  REQUIRE(last["pages"].size() == 1);
  CHECK(last["pages"][0]["number"] == total);
  CHECK(last["generated"] == 1);
  std::string retitled = kSmall;
  retitled.replace(retitled.find("Studio Test"), 11, "Other Title");
  const json again = post_json(c, last_page, retitled);
  CHECK(again["generated"] == 0);
  CHECK(again["reused"] == 1);
  const std::regex surface("id=\"surface[0-9]+\"");  // Cairo numbers the surfaces it makes
  CHECK(std::regex_replace(again["pages"][0]["svg"].get<std::string>(), surface, "") ==
        std::regex_replace(last["pages"][0]["svg"].get<std::string>(), surface, ""));
  // Nothing was written.
  CHECK(!fs::exists(dir.path / "out"));
  // A spec with problems gives its diagnostics instead.
  std::string bad = kSmall;
  bad.replace(bad.find("grid: 6x6"), 9, "grid: 7x7");
  const json b = post_json(c, "/api/preview?name=book.yaml", bad);
  CHECK(b["ok"] == false);
  CHECK(!b["diagnostics"].empty());
  // Too many pages at once.
  post_json(c, "/api/preview?name=book.yaml&count=100", kSmall, 400);
}

TEST_CASE("studio preview: pages match the book's own SVG pages", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  const json p = post_json(c, "/api/preview?name=book.yaml&page=3&count=1", kSmall);
  REQUIRE(p["ok"] == true);
  // The same spec built as SVG by the book pipeline.
  gp::spec::LoadOptions lo;
  auto spec = gp::spec::parse_book_spec(kSmall, (dir.path / "book.yaml").string(), lo);
  REQUIRE(spec);
  spec->output.path = (dir.path / "svg" / "book.svg").string();
  spec->output.manifest = false;
  fs::create_directories(dir.path / "svg");
  const auto run = gp::book::run_book_stages(*spec, gp::render::Format::svg, {});
  REQUIRE(run.outcome == gp::book::Outcome::ok);
  // Byte for byte, but for the number Cairo gives each surface it makes in a process.
  const std::regex surface("id=\"surface[0-9]+\"");
  CHECK(std::regex_replace(p["pages"][0]["svg"].get<std::string>(), surface, "") ==
        std::regex_replace(gp::test::slurp((dir.path / "svg" / "book-003.svg").string()), surface, ""));
}

TEST_CASE("studio preview: a newer preview cancels an older one", "[studio]") {
  gp::test::TempDir dir("studio");
  gp::studio::Workspace ws(dir.path.string(), std::string(GRIDPRESS_SOURCE_DIR) + "/templates", 1);
  const auto older = ws.next_ticket();
  const auto newer = ws.next_ticket();
  const json cancelled = ws.preview("book.yaml", kSmall, 1, 1, older);
  CHECK(cancelled["ok"] == false);
  CHECK(cancelled["cancelled"] == true);
  const json shown = ws.preview("book.yaml", kSmall, 1, 1, newer);
  CHECK(shown["ok"] == true);
}

TEST_CASE("studio build: the book written into the folder, then downloaded", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  const json started = post_json(c, "/api/build?name=book.yaml", kSmall);
  REQUIRE(started["ok"] == true);
  const int job = started["job"];
  json status;
  for (int i = 0; i < 1200; ++i) {
    status = get_json(c, "/api/build?job=" + std::to_string(job));
    if (status["state"] != "queued" && status["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  INFO(status.dump());
  REQUIRE(status["state"] == "done");
  CHECK(status["download"] == "out/small.pdf");
  CHECK(fs::is_regular_file(dir.path / "out" / "small.pdf"));
  CHECK(fs::is_regular_file(dir.path / "out" / "small.json"));
  auto pdf = c.Get("/api/file?path=out/small.pdf");
  REQUIRE(pdf);
  CHECK(pdf->status == 200);
  CHECK(pdf->get_header_value("Content-Type") == "application/pdf");
  CHECK(pdf->body.rfind("%PDF-", 0) == 0);
  CHECK(pdf->body == gp::test::slurp((dir.path / "out" / "small.pdf").string()));
  // Save writes the spec.
  CHECK(post_json(c, "/api/save?name=book.yaml", kSmall)["ok"] == true);
  CHECK(gp::test::slurp((dir.path / "book.yaml").string()) == kSmall);
  auto text = c.Get("/api/spec?name=book.yaml");
  REQUIRE(text);
  CHECK(text->body == kSmall);
}

TEST_CASE("studio refuses foreign hosts and origins, big bodies and paths outside its folder", "[studio]") {
  gp::test::TempDir dir("studio");
  fs::create_directories(dir.path / "work");
  gp::test::spit((dir.path / "secret.txt").string(), "secret\n");
  Running s((dir.path / "work").string());
  auto c = s.client();
  const std::string port = std::to_string(s.server.port());

  // DNS rebinding: a foreign name in Host.
  auto rebound = c.Get("/api/schema", {{"Host", "evil.example:" + port}});
  REQUIRE(rebound);
  CHECK(rebound->status == 403);
  auto wrong_port = c.Get("/", {{"Host", "127.0.0.1:1"}});
  REQUIRE(wrong_port);
  CHECK(wrong_port->status == 403);
  auto localhost = c.Get("/", {{"Host", "localhost:" + port}});
  REQUIRE(localhost);
  CHECK(localhost->status == 200);
  // A cross-site POST carries its page's Origin.
  auto cross = c.Post("/api/save?name=book.yaml", {{"Origin", "http://evil.example"}}, kSmall, "text/plain");
  REQUIRE(cross);
  CHECK(cross->status == 403);
  CHECK(!fs::exists(dir.path / "work" / "book.yaml"));
  auto same = c.Post("/api/check?name=book.yaml", {{"Origin", "http://127.0.0.1:" + port}}, kSmall, "text/plain");
  REQUIRE(same);
  CHECK(same->status == 200);
  // Bodies over 1 MB.
  auto big = c.Post("/api/check?name=book.yaml", std::string((1 << 20) + 1, '#'), "text/plain");
  REQUIRE(big);
  CHECK(big->status == 413);
  // Paths outside the folder: downloads, spec names, and files a spec names.
  for (const char* path : {"../secret.txt", "/etc/passwd", "out/../../secret.txt", ""}) {
    auto res = c.Get((std::string("/api/file?path=") + path).c_str());
    REQUIRE(res);
    INFO(path);
    CHECK(res->status == 403);
  }
  fs::create_symlink(dir.path / "secret.txt", dir.path / "work" / "link.txt");
  auto link = c.Get("/api/file?path=link.txt");
  REQUIRE(link);
  CHECK(link->status == 403);
  post_json(c, "/api/check?name=../book.yaml", kSmall, 400);
  post_json(c, "/api/save?name=sub%2Fbook.yaml", kSmall, 400);
  std::string outside = kSmall;
  outside.replace(outside.find("out/small.pdf"), 13, "../small.pdf");
  const json j = post_json(c, "/api/check?name=book.yaml", outside);
  CHECK(j["ok"] == false);
  REQUIRE(j["diagnostics"].size() == 1);
  CHECK(j["diagnostics"][0]["key"] == "output.path");
  CHECK(j["diagnostics"][0]["line"] == 14);
  // The key once, then the reason (the key is data, not read back out of the text).
  CHECK(j["diagnostics"][0]["message"].get<std::string>().rfind("output.path: '", 0) == 0);
  CHECK(j["diagnostics"][0]["message"].get<std::string>().find("output.path: output.path") == std::string::npos);
  const json b = post_json(c, "/api/build?name=book.yaml", outside);
  CHECK(b["ok"] == false);
  CHECK(!fs::exists(dir.path / "small.pdf"));
  std::string names = kSmall + "worksheet:\n  names_file: ../secret.txt\n";
  const json n = post_json(c, "/api/check?name=book.yaml", names);
  CHECK(n["diagnostics"][0]["key"] == "worksheet.names_file");
  // Refused before it is opened (the loader asks first), not read and then refused.
  CHECK(n["diagnostics"][0]["message"].get<std::string>().find("may not be read here") != std::string::npos);
  gp::test::spit((dir.path / "profile.yaml").string(), "page:\n  size: 6x9\n");
  const json p = post_json(c, "/api/check?name=book.yaml", "profile: ../profile.yaml\n" + kSmall);
  REQUIRE(p["diagnostics"].size() >= 1);
  CHECK(p["diagnostics"][0]["key"] == "profile");
  CHECK(p["diagnostics"][0]["message"].get<std::string>().find("may not be read here") != std::string::npos);
  gp::test::spit((dir.path / "work" / "profile.yaml").string(), "page:\n  size: 6x9\n");
  CHECK(post_json(c, "/api/check?name=book.yaml", "profile: profile.yaml\n" + kSmall)["ok"] == true);
}

TEST_CASE("studio: one build at a time, a bounded queue", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string(), /*queue=*/1);
  auto c = s.client();
  // A build long enough to be running while the next two are asked for.
  std::string slow = kSmall;
  slow.replace(slow.find("count: 4"), 8, "count: 400");
  const json first = post_json(c, "/api/build?name=book.yaml", slow);
  CHECK(first["ok"] == true);
  for (int i = 0; i < 600 && get_json(c, "/api/build?job=1")["state"] == "queued"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(get_json(c, "/api/build?job=1")["state"] == "running");
  const json second = post_json(c, "/api/build?name=book.yaml", kSmall);
  CHECK(second["ok"] == true);
  const json third = post_json(c, "/api/build?name=book.yaml", kSmall, 429);
  CHECK(third["ok"] == false);
}

TEST_CASE("studio build: a newspaper run's files and a zip of them", "[studio]") {
  gp::test::TempDir dir("studio");
  Running s(dir.path.string());
  auto c = s.client();
  std::string week = gp::test::slurp(std::string(GRIDPRESS_SOURCE_DIR) + "/templates/studio/starters/newspaper-week.yaml");
  REQUIRE(week.find("days: 7") != std::string::npos);
  week.replace(week.find("days: 7"), 7, "days: 2");
  const json started = post_json(c, "/api/build?name=week.yaml", week);
  REQUIRE(started["ok"] == true);
  json status;
  for (int i = 0; i < 1200; ++i) {
    status = get_json(c, "/api/build?job=" + std::to_string(started["job"].get<int>()));
    if (status["state"] != "queued" && status["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  INFO(status.dump());
  REQUIRE(status["state"] == "done");
  CHECK(status["download"] == "out/newspaper-week/week.zip");
  const std::string zip = gp::test::slurp((dir.path / "out" / "newspaper-week" / "week.zip").string());
  REQUIRE(zip.rfind("PK\x03\x04", 0) == 0);
  // Two days: a puzzle and a solution file each in EPS and PDF, a feed file a day, the manifest.
  for (const char* name : {"sudoku-2026-03-02.eps", "sudoku-2026-03-02.pdf", "sudoku-2026-03-03-solution.pdf",
                           "sudoku-2026-03-03.json", "week.json", "week.csv"}) {
    INFO(name);
    CHECK(zip.find(name) != std::string::npos);
  }
  std::size_t entries = 0;
  for (std::size_t at = zip.find("PK\x01\x02"); at != std::string::npos; at = zip.find("PK\x01\x02", at + 4)) ++entries;
  CHECK(entries == 12);
  auto got = c.Get("/api/file?path=out/newspaper-week/week.zip");
  REQUIRE(got);
  CHECK(got->get_header_value("Content-Type") == "application/zip");
  CHECK(got->body == zip);
}
