// Render: recording canvas, Pango text measurement, and the Cairo canvases checked through SVG,
// EPS and PNG output (pixels read back) rather than PDF bytes; plus atomic writes and determinism.
#include <cairo.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <climits>
#include <clocale>
#include <cstdlib>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <random>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "render/atomic_file.hpp"
#include "render/canvas.hpp"
#include "render/number_format.hpp"
#include "render/staging.hpp"
#include "render/text.hpp"

namespace fs = std::filesystem;
using namespace gp;
using namespace gp::render;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("gridpress-render-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { if (!getenv("KEEP")) fs::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
  int count_files() const {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(path)) ++n;
    return n;
  }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

layout::Page sample_page(double w = 100, double h = 80) {
  layout::Page p;
  p.width = w;
  p.height = h;
  p.trim = {0, 0, w, h};
  p.folio = 3;
  p.items.push_back(layout::LineItem{10, 10, 90, 10, 2.0, 0, true});
  p.items.push_back(layout::RectItem{{10, 20, 30, 30}, 1.5, 0, 0.8});
  layout::TextItem t;
  t.box = {50, 20, 30, 30};
  t.text = "7";
  t.font.size_pt = 40;
  t.halign = layout::HAlign::center;
  t.valign = layout::VAlign::middle;
  t.optical = true;
  p.items.push_back(t);
  return p;
}

}  // namespace

TEST_CASE("recording canvas keeps pages and items in order") {
  RecordingCanvas c;
  REQUIRE(render_page(c, sample_page()).ok());
  REQUIRE(render_page(c, sample_page(50, 40)).ok());
  REQUIRE(c.finish().ok());
  REQUIRE(c.pages().size() == 2);
  CHECK(c.pages()[0].items.size() == 3);
  CHECK(c.pages()[0].folio == 3);
  CHECK(c.pages()[1].width == 50);
  CHECK(std::holds_alternative<layout::TextItem>(c.pages()[0].items[2]));
  CHECK(c.finished());
}

TEST_CASE("recording canvas refuses calls out of order") {
  RecordingCanvas c;
  CHECK(c.end_page().error().to_string() == "end_page outside a page");
  REQUIRE(c.begin_page(sample_page()).ok());
  CHECK(c.begin_page(sample_page()).error().to_string() == "begin_page inside a page");
  CHECK(c.finish().error().to_string() == "finish inside a page");
  layout::Page empty;
  RecordingCanvas d;
  CHECK(d.begin_page(empty).error().to_string() == "page size must be positive");
}

TEST_CASE("formats and page file names") {
  CHECK(*parse_format("svg") == Format::svg);
  CHECK(*parse_format("eps") == Format::eps);
  CHECK(parse_format("tiff").error().to_string() == "unknown format 'tiff' (expected pdf, svg, png or eps)");
  CHECK(default_page_path("out/book.svg", Format::svg, 0) == "out/book-001.svg");
  CHECK(default_page_path("out.d/book", Format::png, 11) == "out.d/book-012.png");
  CHECK(default_page_path("book.pdf", Format::eps, 1233) == "book-1234.eps");
}

TEST_CASE("Pango measures text in mm, consistently with font size and wrapping") {
  PangoTextMeasure m;
  layout::Font f;
  f.size_pt = 10;
  const auto one = m.measure("8", f);
  const auto two = m.measure("88", f);
  CHECK(one.width > 0.5);
  CHECK(two.width == Approx(2 * one.width).epsilon(0.01));  // unhinted: advances add up exactly
  // DejaVu Sans line height at 10 pt is about 11.6 pt = 4.1 mm.
  CHECK(one.height == Approx(layout::pt_to_mm(11.64)).margin(0.3));
  layout::Font big = f;
  big.size_pt = 20;
  CHECK(m.measure("88", big).width == Approx(2 * two.width).epsilon(0.02));
  layout::Font bold = f;
  bold.bold = true;
  CHECK(m.measure("Sudoku puzzles", bold).width > m.measure("Sudoku puzzles", f).width);

  const std::string para = "Fill every row, column and box with the digits one to nine, each exactly once.";
  const auto line = m.measure(para, f);
  const auto wrapped = m.measure(para, f, 40);
  CHECK(wrapped.width <= 40.0 + 1e-6);
  CHECK(wrapped.height > 2.5 * one.height);
  CHECK(line.height == Approx(one.height));
  CHECK(m.measure(std::string("\xff\xfe"), f).width == 0);  // invalid UTF-8 measures empty
}

TEST_CASE("font families are checked against fontconfig") {
  CHECK(check_font_family("DejaVu Sans").ok());
  CHECK(check_font_family("dejavu serif").ok());
  const auto missing = check_font_family("No Such Font Qwxz");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().to_string().rfind("font 'No Such Font Qwxz' is not installed (fontconfig would use '", 0) == 0);
}

TEST_CASE("SVG: one file per page with the page size in points") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::svg;
  o.path = dir / "book.svg";
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, sample_page(100, 80)).ok());
  REQUIRE(render_page(**canvas, sample_page(25.4, 50.8)).ok());
  CHECK(dir.count_files() == 2);  // temporaries only so far
  CHECK_FALSE(fs::exists(dir / "book-001.svg"));
  REQUIRE((*canvas)->finish().ok());
  CHECK((*canvas)->files() == std::vector<std::string>{dir / "book-001.svg", dir / "book-002.svg"});
  CHECK(dir.count_files() == 2);
  const std::string svg2 = slurp(dir / "book-002.svg");
  CHECK(svg2.find("width=\"72pt\"") != std::string::npos);
  CHECK(svg2.find("height=\"144pt\"") != std::string::npos);
  const std::string svg1 = slurp(dir / "book-001.svg");
  CHECK(svg1.find("<symbol") != std::string::npos);             // the digit, as glyph outlines
  CHECK(svg1.find("stroke-width:2") != std::string::npos);      // the 2 pt line
  CHECK(svg1.find("rgb(80%,80%,80%)") != std::string::npos);    // the grey fill
}

TEST_CASE("SVG: the page is white, painted before anything else") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::svg;
  o.path = dir / "page.svg";
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, sample_page(100, 80)).ok());
  REQUIRE((*canvas)->finish().ok());
  const std::string svg = slurp(dir / "page-001.svg");
  // The first drawing after the glyph definitions is a white rectangle over the whole page.
  const auto body = svg.find("<g id=\"surface");
  REQUIRE(body != std::string::npos);
  const auto first = svg.find('<', body + 1);
  const std::string element = svg.substr(first, svg.find('>', first) - first);
  INFO(element);
  CHECK(element.rfind("<rect ", 0) == 0);
  CHECK(element.find("width=\"283.") != std::string::npos);  // 100 mm = 283.46 pt
  CHECK(element.find("height=\"226.") != std::string::npos);  // 80 mm = 226.77 pt
  CHECK(element.find("fill:rgb(100%,100%,100%)") != std::string::npos);
}

TEST_CASE("PNG: the resolution is recorded in a pHYs chunk with a correct CRC") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::png;
  o.path = dir / "p.png";
  o.dpi = 300;
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, sample_page(20, 10)).ok());
  REQUIRE((*canvas)->finish().ok());
  const std::string png = slurp(dir / "p-001.png");
  const auto be32 = [&](size_t i) {
    std::uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) v = v << 8 | static_cast<unsigned char>(png[i + k]);
    return v;
  };
  // Walk the chunks: IHDR first, pHYs before the first IDAT, every CRC right.
  std::vector<std::string> order;
  for (size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t len = be32(at);
    REQUIRE(at + 12 + len <= png.size());
    const std::string type = png.substr(at + 4, 4);
    order.push_back(type);
    // CRC-32 of type and data, computed bit by bit (independently of the writer's table).
    std::uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = at + 4; i < at + 8 + len; ++i) {
      crc ^= static_cast<unsigned char>(png[i]);
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    INFO(type);
    CHECK((crc ^ 0xFFFFFFFFu) == be32(at + 8 + len));
    if (type == "pHYs") {
      REQUIRE(len == 9);
      CHECK(be32(at + 8) == 11811);  // 300 dpi = 11811 pixels a metre
      CHECK(be32(at + 12) == 11811);
      CHECK(png[at + 16] == 1);  // unit: the metre
    }
    at += 12 + len;
  }
  REQUIRE(order.size() >= 4);
  CHECK(order.front() == "IHDR");
  CHECK(order[1] == "pHYs");
  CHECK(std::count(order.begin(), order.end(), "pHYs") == 1);
  CHECK(order.back() == "IEND");
  // Cairo still reads the file.
  cairo_surface_t* img = cairo_image_surface_create_from_png((dir / "p-001.png").c_str());
  CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(img);
}

TEST_CASE("SVG: pages left by an earlier, longer book are removed") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::svg;
  o.path = dir / "book.svg";
  for (int pages : {4, 2}) {
    auto canvas = open_canvas(o);
    REQUIRE(canvas.ok());
    for (int i = 0; i < pages; ++i) REQUIRE(render_page(**canvas, sample_page()).ok());
    REQUIRE((*canvas)->finish().ok());
  }
  CHECK(fs::exists(dir / "book-002.svg"));
  CHECK_FALSE(fs::exists(dir / "book-003.svg"));
  CHECK_FALSE(fs::exists(dir / "book-004.svg"));
  CHECK(dir.count_files() == 2);
}

TEST_CASE("PNG: pixel size from dpi, digits optically centred in their box") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::png;
  o.path = dir / "p.png";
  o.dpi = 254;  // 10 px per mm
  layout::Page page;
  page.width = 60;
  page.height = 40;
  for (int i = 0; i < 2; ++i) {
    layout::TextItem t;
    t.box = {5.0 + 30 * i, 5, 20, 30};
    t.text = i == 0 ? "1" : "7";
    t.font.size_pt = 50;
    t.halign = layout::HAlign::center;
    t.valign = layout::VAlign::middle;
    t.optical = true;
    page.items.push_back(t);
  }
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, page).ok());
  REQUIRE((*canvas)->finish().ok());

  cairo_surface_t* img = cairo_image_surface_create_from_png((dir / "p-001.png").c_str());
  REQUIRE(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS);
  CHECK(cairo_image_surface_get_width(img) == 600);
  CHECK(cairo_image_surface_get_height(img) == 400);
  const int stride = cairo_image_surface_get_stride(img);
  const unsigned char* data = cairo_image_surface_get_data(img);
  for (int i = 0; i < 2; ++i) {
    // Ink bounding box of dark pixels inside the box, compared with the box centre (pixels).
    const int x0 = 50 + 300 * i, x1 = x0 + 200, y0 = 50, y1 = 350;
    int minx = 1 << 20, maxx = -1, miny = 1 << 20, maxy = -1;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) {
        const unsigned char g = data[y * stride + x * 4 + 1];
        if (g < 128) {
          minx = std::min(minx, x), maxx = std::max(maxx, x);
          miny = std::min(miny, y), maxy = std::max(maxy, y);
        }
      }
    REQUIRE(maxx > 0);
    CHECK((minx + maxx + 1) / 2.0 == Approx(x0 + 100).margin(1.5));
    CHECK((miny + maxy + 1) / 2.0 == Approx(y0 + 150).margin(1.5));
  }
  cairo_surface_destroy(img);
}

TEST_CASE("EPS: header, bounding box and a fixed creation date") {
  TempDir dir;
  OutputOptions o;
  o.format = Format::eps;
  o.path = dir / "x.eps";
  o.page_path = [&](int i) { return dir / ("sudoku-" + std::to_string(i + 1) + ".eps"); };
  o.info.creation_date = "2026-03-02T00:00:00Z";
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, sample_page(50.8, 25.4)).ok());
  REQUIRE((*canvas)->finish().ok());
  const std::string eps = slurp(dir / "sudoku-1.eps");
  CHECK(eps.rfind("%!PS-Adobe-3.0 EPSF-3.0", 0) == 0);
  CHECK(eps.find("%%BoundingBox: 0 0 144 72") != std::string::npos);
  CHECK(eps.find("%%HiResBoundingBox: 0 0 144.000 72.000") != std::string::npos);
  CHECK(eps.find("%%CreationDate: (2026-03-02T00:00:00Z)") != std::string::npos);
}

TEST_CASE("PDF output is reproducible byte for byte") {
  TempDir dir;
  auto write = [&](const std::string& name) {
    OutputOptions o;
    o.path = dir / name;
    o.info.title = "Test book";
    o.info.author = "A. Setter";
    auto canvas = open_canvas(o);
    REQUIRE(canvas.ok());
    for (int i = 0; i < 3; ++i) REQUIRE(render_page(**canvas, sample_page()).ok());
    REQUIRE((*canvas)->finish().ok());
    return slurp(dir / name);
  };
  const std::string a = write("a.pdf");
  sleep(1);  // a different wall-clock second must not change anything
  const std::string b = write("b.pdf");
  CHECK(a.rfind("%PDF-", 0) == 0);
  CHECK(a.size() > 1000);
  CHECK(a == b);
  CHECK(a.find("/CreationDate (D:20000101000000Z)   ") != std::string::npos);
  CHECK(a.find("/Title (Test book)") != std::string::npos);
}

TEST_CASE("PDF dates carry the D: prefix, in UTC") {
  TempDir dir;
  OutputOptions o;
  o.path = dir / "d.pdf";
  o.info.creation_date = "2026-05-01T01:30:07+02:00";
  auto canvas = open_canvas(o);
  REQUIRE(canvas.ok());
  REQUIRE(render_page(**canvas, sample_page()).ok());
  REQUIRE((*canvas)->finish().ok());
  const std::string pdf = slurp(dir / "d.pdf");
  CHECK(pdf.find("/CreationDate (D:20260430233007Z)   ") != std::string::npos);
  CHECK(pdf.find("/ModDate (D:20260430233007Z)   ") != std::string::npos);

  o.path = dir / "e.pdf";  // a date alone, as a spec may give it
  o.info.creation_date = "2026-01-31";
  auto day = open_canvas(o);
  REQUIRE(day.ok());
  REQUIRE(render_page(**day, sample_page()).ok());
  REQUIRE((*day)->finish().ok());
  CHECK(slurp(dir / "e.pdf").find("/CreationDate (D:20260131000000Z)   ") != std::string::npos);
}

TEST_CASE("a failed render leaves the previous output intact and no temporaries") {
  TempDir dir;
  const std::string path = dir / "book.pdf";
  REQUIRE(write_file_atomically(path, "previous book").ok());

  {  // error while drawing: invalid UTF-8 in a caption
    OutputOptions o;
    o.path = path;
    auto canvas = open_canvas(o);
    REQUIRE(canvas.ok());
    REQUIRE(render_page(**canvas, sample_page()).ok());
    layout::Page bad = sample_page();
    layout::TextItem t;
    t.box = {0, 0, 10, 10};
    t.text = "No. \xc3";
    bad.items.push_back(t);
    CHECK(render_page(**canvas, bad).error().to_string() == "page 2: text is not valid UTF-8");
    CHECK((*canvas)->finish().error().to_string() == "canvas already failed");
  }
  CHECK(slurp(path) == "previous book");
  CHECK(dir.count_files() == 1);

  {  // abandoned half way (e.g. the generator failed): destroyed without finish()
    OutputOptions o;
    o.path = path;
    auto canvas = open_canvas(o);
    REQUIRE(canvas.ok());
    REQUIRE(render_page(**canvas, sample_page()).ok());
  }
  CHECK(slurp(path) == "previous book");
  CHECK(dir.count_files() == 1);

  {  // svg pages abandoned: nothing renamed
    OutputOptions o;
    o.format = Format::svg;
    o.path = dir / "pages.svg";
    auto canvas = open_canvas(o);
    REQUIRE(canvas.ok());
    REQUIRE(render_page(**canvas, sample_page()).ok());
  }
  CHECK(dir.count_files() == 1);
}

TEST_CASE("staging: a group of files replaces the earlier ones together") {
  TempDir dir;
  REQUIRE(write_file_atomically(dir / "a.txt", "old a").ok());
  {
    Staging staging;
    auto a = staging.add(dir / "a.txt");
    auto b = staging.add(dir / "b.txt");
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(fs::path(*a).parent_path() == dir.path);
    CHECK(fs::path(*a).filename().string().rfind(".gp-stage-", 0) == 0);
    CHECK(*staging.add(dir / "a.txt") == *a);  // the same name again
    CHECK(fs::exists(*a));                     // created at once, empty
    REQUIRE(write_file_atomically(*a, "new a").ok());
    REQUIRE(write_file_atomically(*b, "new b").ok());
    CHECK(slurp(dir / "a.txt") == "old a");  // nothing changes before commit
    CHECK_FALSE(fs::exists(dir / "b.txt"));
    REQUIRE(staging.commit().ok());
  }
  CHECK(slurp(dir / "a.txt") == "new a");
  CHECK(slurp(dir / "b.txt") == "new b");
  CHECK(dir.count_files() == 2);

  // A stem's files: staged names that differ only in the extension, as the final ones do.
  Staging staging;
  auto json = staging.add(dir / "book.json"), csv = staging.add(dir / "book.csv");
  REQUIRE(json.ok());
  REQUIRE(csv.ok());
  CHECK(fs::path(*json).replace_extension(".csv").string() == *csv);
}

TEST_CASE("staging: a failed rename puts the earlier files back; nothing is left behind") {
  TempDir dir;
  REQUIRE(write_file_atomically(dir / "a.txt", "old a").ok());
  {
    Staging staging;
    for (const char* name : {"a.txt", "b.txt", "c.txt"}) {
      auto staged = staging.add(dir / name);
      REQUIRE(staged.ok());
      REQUIRE(write_file_atomically(*staged, std::string("new ") + name).ok());
    }
    fs::create_directory(dir / "c.txt");  // a folder in the way of the last file, made after add()
    CHECK(staging.commit().error().to_string() == "cannot write '" + (dir / "c.txt") + "': Is a directory");
    CHECK(slurp(dir / "a.txt") == "old a");  // put back at once, not by the destructor
    CHECK_FALSE(fs::exists(dir / "b.txt"));
  }
  CHECK(slurp(dir / "a.txt") == "old a");
  CHECK(fs::is_directory(dir / "c.txt"));
  CHECK(dir.count_files() == 2);

  {  // never committed: the staged files go, the earlier ones stay
    Staging staging;
    auto a = staging.add(dir / "a.txt");
    REQUIRE(a.ok());
    REQUIRE(write_file_atomically(*a, "newer a").ok());
  }
  CHECK(slurp(dir / "a.txt") == "old a");
  CHECK(dir.count_files() == 2);

  // A folder that cannot take the file is reported by the final name.
  Staging staging;
  CHECK(staging.add("/nonexistent-gridpress-dir/book.pdf").error().to_string() ==
        "cannot write '/nonexistent-gridpress-dir/book.pdf': No such file or directory");
  CHECK(staging.add(dir / "sub/").error().to_string() == "cannot write '" + (dir / "sub/") + "': not a file name");
  // A final name that is not a regular file is refused at once.
  CHECK(staging.add(dir / "c.txt").error().to_string() ==
        "cannot write '" + (dir / "c.txt") + "': it is a folder, not a regular file");
  CHECK(staging.add("/dev/null").error().to_string() ==
        "cannot write '/dev/null': it is a character device, not a regular file");
}

// Stages new versions of A/a.txt, A/b.txt and B/c.txt (earlier versions exist for a and c) in a
// child process that is killed after `steps` steps of the commit (0: never). Returns the child's
// exit status.
int killed_commit(const TempDir& dir, int steps) {
  const pid_t child = ::fork();
  if (child == 0) {
    Staging staging;
    for (const char* name : {"A/a.txt", "A/b.txt", "B/c.txt"}) {
      auto staged = staging.add(dir / name);
      if (!staged || !write_file_atomically(*staged, std::string("new ") + name).ok()) ::_exit(3);
    }
    staging.after_step = [steps](int done) {
      if (done == steps) ::kill(::getpid(), SIGKILL);
    };
    ::_exit(staging.commit().ok() ? 0 : 4);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

// The names in `folder` that a Staging made (staged files, kept versions, journals).
std::vector<std::string> gp_files(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(folder))
    if (e.path().filename().string().find(".gp-") != std::string::npos) out.push_back(e.path().filename().string());
  return out;
}

TEST_CASE("staging: a commit killed at any step leaves the old group or the new one once the next run recovers") {
  // 13 steps: 2 journals, 2 kept versions, 3 renames, 2 journals marked, 2 kept versions and 2
  // journals removed. Killed before a journal is marked: the old group; after: the new one.
  for (int steps = 1; steps <= 14; ++steps) {
    CAPTURE(steps);
    TempDir dir;
    fs::create_directories(dir / "A");
    fs::create_directories(dir / "B");
    REQUIRE(write_file_atomically(dir / "A/a.txt", "old a").ok());
    REQUIRE(write_file_atomically(dir / "B/c.txt", "old c").ok());
    const int status = killed_commit(dir, steps);
    if (steps <= 13) {
      REQUIRE(WIFSIGNALED(status));
      REQUIRE(WTERMSIG(status) == SIGKILL);
    } else {
      REQUIRE(WIFEXITED(status));
      REQUIRE(WEXITSTATUS(status) == 0);
    }
    // The next run that writes into either folder ends the whole commit, in both folders.
    {
      Staging next;
      REQUIRE(next.add(dir / (steps % 2 ? "A/other.txt" : "B/other.txt")).ok());
    }
    const bool is_new = steps >= 8;
    CHECK(slurp(dir / "A/a.txt") == (is_new ? "new A/a.txt" : "old a"));
    CHECK(fs::exists(dir / "A/b.txt") == is_new);
    if (is_new) CHECK(slurp(dir / "A/b.txt") == "new A/b.txt");
    CHECK(slurp(dir / "B/c.txt") == (is_new ? "new B/c.txt" : "old c"));
    // No journal or kept ".old" copy is left in either folder, and nothing at all in the folder
    // written into (a staged file of the dead run in the other folder, made before its journal,
    // goes with the next run there).
    const std::string recovered = steps % 2 ? "A" : "B", other = steps % 2 ? "B" : "A";
    CHECK(gp_files(dir / recovered).empty());
    for (const std::string& name : gp_files(dir / other)) {
      CAPTURE(name);
      CHECK(name.rfind(".gp-stage-", 0) == 0);
      CHECK_FALSE(name.ends_with(".old"));
    }
  }
}

// A process id that is not running (a child that has ended).
int dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

std::string host() {
  char buf[256] = {};
  ::gethostname(buf, sizeof buf - 1);
  return buf;
}

TEST_CASE("staging: a planted journal is refused and nothing outside its folder is touched") {
  TempDir dir;
  fs::create_directories(dir / "out");
  REQUIRE(write_file_atomically(dir / "victim.txt", "precious").ok());
  REQUIRE(write_file_atomically(dir / "out/inside.txt", "mine").ok());
  const int pid = dead_pid();
  const std::string name = ".gp-journal-" + std::to_string(pid) + "-0";
  const std::string journal_path = dir / ("out/" + name);
  auto refused = [&](const std::string& bytes, const std::string& why) {
    CAPTURE(why);
    std::ofstream(journal_path, std::ios::binary) << bytes;
    Staging staging;
    auto r = staging.add(dir / "out/book.pdf");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().to_string() == "refusing the journal '" + journal_path + "' of an interrupted run: " + why +
                                       "; nothing it names was touched (remove it if no gridpress run was "
                                       "interrupted in '" + (dir / "out") + "')");
    CHECK(slurp(dir / "victim.txt") == "precious");
    CHECK(slurp(dir / "out/inside.txt") == "mine");
    CHECK(fs::exists(journal_path));
  };
  // The earlier format, with absolute paths (what the hostile review planted).
  refused(std::string("gridpress staging journal 1\n0") + '\0' + (dir / "victim.txt") + '\0' +
              (dir / "out/.gp-stage-1-0-x") + '\0',
          "it does not start as a gridpress journal does");
  journal::Journal j;
  j.uid = ::getuid();
  j.host = host();
  j.pid = static_cast<std::uint64_t>(pid);
  j.serial = 0;
  j.group = "g";
  j.entries.push_back({false, "../victim.txt", ".gp-stage-" + std::to_string(pid) + "-0-x", 0, 0});
  std::string bytes = journal::encode(j);
  // Damaged: one byte changed.
  std::string damaged = bytes;
  damaged[damaged.find("victim")] = 'V';
  refused(damaged, "its checksum does not match (damaged, or not written by gridpress)");
  // Well formed, but naming a file outside its folder.
  refused(bytes, "it names a file outside its own folder ('../victim.txt')");
  j.entries[0].target = dir / "victim.txt";
  refused(journal::encode(j), "it names a file outside its own folder ('" + (dir / "victim.txt") + "')");
  // Written by someone else: another host, another user.
  j.entries[0].target = "inside.txt";
  j.host = "elsewhere.invalid";
  refused(journal::encode(j), "it was written by another user or on another machine (uid " +
                                  std::to_string(::getuid()) + ", host 'elsewhere.invalid')");
  j.host = host();
  j.uid = ::getuid() + 1;
  refused(journal::encode(j), "it was written by another user or on another machine (uid " +
                                  std::to_string(::getuid() + 1) + ", host '" + host() + "')");
  // Its name and its writer disagree.
  j.uid = ::getuid();
  j.pid = static_cast<std::uint64_t>(pid) + 1;
  refused(journal::encode(j), "its name does not match the run that wrote it");
  // Not a regular file: refused without blocking.
  fs::remove(journal_path);
  REQUIRE(::mkfifo(journal_path.c_str(), 0600) == 0);
  {
    Staging staging;
    auto r = staging.add(dir / "out/book.pdf");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().to_string().find("it is a FIFO, not a journal") != std::string::npos);
  }
  fs::remove(journal_path);

  // A well-formed journal of this user naming a file of its folder that is not the file its run
  // renamed there (another inode): accepted, ended, and the file is left as it is.
  j.pid = static_cast<std::uint64_t>(pid);
  std::ofstream(journal_path, std::ios::binary) << journal::encode(j);
  {
    Staging staging;
    REQUIRE(staging.add(dir / "out/book.pdf").ok());
  }
  CHECK(slurp(dir / "out/inside.txt") == "mine");
  CHECK_FALSE(fs::exists(journal_path));
  CHECK(slurp(dir / "victim.txt") == "precious");
}

TEST_CASE("staging: errors from writers name the user's file, not the staged one") {
  TempDir dir;
  Staging staging;
  auto staged = staging.add(dir / "book.pdf");
  REQUIRE(staged.ok());
  const Error shown = staging.user_names(Error("cannot write '" + *staged + "': No space left on device"));
  CHECK(shown.to_string() == "cannot write '" + (dir / "book.pdf") + "': No space left on device");
}

TEST_CASE("check_output_paths: the same file twice, an input, or not a regular file") {
  TempDir dir;
  REQUIRE(write_file_atomically(dir / "spec.yaml", "x").ok());
  fs::create_hard_link(dir / "spec.yaml", dir / "hard.pdf");
  const std::vector<NamedPath> inputs{{dir / "spec.yaml", "the spec"}};
  CHECK(check_output_paths({{dir / "b.pdf", "the book"}, {dir / "sub/../b.pdf", "the cover"}}, inputs)
            .error()
            .to_string() == "cannot write the cover to '" + (dir / "sub/../b.pdf") + "': the book goes there too ('" +
                                (dir / "b.pdf") + "')");
  CHECK(check_output_paths({{dir / "hard.pdf", "the book"}}, inputs).error().to_string() ==
        "cannot write the book to '" + (dir / "hard.pdf") + "': it is the spec (writing there would replace it)");
  CHECK(check_output_paths({{dir / "b.pdf", "the book"}, {dir / "b.json", "the JSON manifest"}}, inputs).ok());
  CHECK(check_output_paths({{"/dev/null", "the book"}}, inputs).error().to_string() ==
        "cannot write '/dev/null': it is a character device, not a regular file");
}

TEST_CASE("open errors name the file and the reason") {
  OutputOptions o;
  o.path = "/nonexistent-gridpress-dir/book.pdf";
  CHECK(open_canvas(o).error().to_string() ==
        "cannot write '/nonexistent-gridpress-dir/book.pdf': No such file or directory");
  o.format = Format::png;
  o.path = "/tmp/x.png";
  o.dpi = 0;
  CHECK(open_canvas(o).error().to_string() == "png resolution must be between 1 and 4800 dpi, got 0.000000");
  o.format = Format::pdf;
  o.dpi = 150;
  o.info.creation_date = "yesterday";
  CHECK(open_canvas(o).error().to_string() ==
        "bad creation date 'yesterday' (expected ISO 8601 such as 2026-01-01T00:00:00Z)");
}

// ---------------------------------------------------------------------------------------------
// render::format_fixed / format_printf write exactly what the C library writes (they stand in for
// it under Cairo's numbers: src/cli/fast_snprintf.cpp).

namespace {

std::string libc_fixed(double v, int precision) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", precision, v);
  return buf;
}

std::string ours_fixed(double v, int precision) {
  char buf[512];
  const int n = gp::render::format_fixed(buf, sizeof buf, v, precision);
  return n < 0 ? std::string("(declined)") : std::string(buf, static_cast<std::size_t>(n));
}

int ours_printf(char* out, std::size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = gp::render::format_printf(out, size, format, args);
  va_end(args);
  return n;
}

}  // namespace

TEST_CASE("format_fixed writes the C library's digits") {
  std::vector<double> values = {0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.1, 0.125, 0.0078125, 1e-7, -1e-7,
                                5e-7, 0.0000005, 999999.9999995, 1e-300, -1e-300, 4.9e-324, 123.456, 612.0,
                                841.889764, 0.75, 1.0 / 3.0, 2.0 / 3.0, 9223372036854774784.0, -9223372036854774784.0,
                                4503599627370496.5, 9007199254740991.0, 1e15 + 0.3, 0.05, 0.049999999999999996};
  // Exact ties at every binary place: k / 2^j with k odd, where rounding to even decides.
  std::mt19937_64 rng(32);
  for (int j = 1; j <= 64; ++j)
    for (int k = 0; k < 40; ++k) {
      const double v = std::ldexp(static_cast<double>((rng() % 2000001) | 1), -j);
      values.push_back(v);
      values.push_back(-v);
    }
  // Page coordinates as Cairo prints them: points on a page, with and without a fraction.
  std::uniform_real_distribution<double> page(-2000.0, 2000.0);
  for (int i = 0; i < 20000; ++i) {
    values.push_back(page(rng));
    values.push_back(std::round(page(rng) * 1000) / 1000);
  }
  // Any finite double below 2^63: every exponent, down to the subnormals.
  const int random_bits = std::getenv("GRIDPRESS_SANITIZED") ? 20000 : 100000;
  for (int i = 0; i < random_bits; ++i) {
    std::uint64_t bits = rng();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    if (std::isfinite(v) && std::fabs(v) < 9223372036854775808.0) values.push_back(v);
  }
  std::size_t compared = 0;
  for (double v : values)
    for (int precision : {0, 1, 3, 6, 12, 18}) {
      const std::string want = libc_fixed(v, precision);
      const std::string got = ours_fixed(v, precision);
      if (got != want) FAIL_CHECK(std::hexfloat << v << " at " << precision << ": " << got << " != " << want);
      ++compared;
    }
  CHECK(compared > 100000);
}

TEST_CASE("format_fixed declines what it does not take exactly") {
  char buf[8] = "unset";
  CHECK(gp::render::format_fixed(buf, sizeof buf, INFINITY, 6) == -1);
  CHECK(gp::render::format_fixed(buf, sizeof buf, NAN, 6) == -1);
  CHECK(gp::render::format_fixed(buf, sizeof buf, 9223372036854775808.0, 6) == -1);
  CHECK(gp::render::format_fixed(buf, sizeof buf, 1.0, 19) == -1);
  CHECK(gp::render::format_fixed(buf, sizeof buf, 1.0, -1) == -1);
  CHECK(std::string(buf) == "unset");  // nothing written when it declines
}

TEST_CASE("format_fixed declines under a thread locale whose decimal point is not '.'") {
  // A German locale (decimal comma), compiled into a temporary folder from the locales package's
  // sources (scripts/setup.sh installs it) and used by this thread only.
  const auto dir = std::filesystem::temp_directory_path() / ("gp-locale-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string make = "localedef -i de_DE -f UTF-8 '" + (dir / "de_DE.UTF-8").string() + "' >/dev/null 2>&1";
  REQUIRE(std::system(make.c_str()) == 0);
  REQUIRE(::setenv("LOCPATH", dir.c_str(), 1) == 0);
  locale_t german = ::newlocale(LC_NUMERIC_MASK, "de_DE.UTF-8", static_cast<locale_t>(nullptr));
  ::unsetenv("LOCPATH");
  REQUIRE(german != static_cast<locale_t>(nullptr));
  const locale_t before = ::uselocale(german);
  char buf[32] = "unset";
  const int declined = gp::render::format_fixed(buf, sizeof buf, 1.5, 6);
  const std::string libc = libc_fixed(1.5, 6);
  ::uselocale(before);
  ::freelocale(german);
  std::filesystem::remove_all(dir);
  CHECK(libc == "1,500000");  // the C library writes the locale's comma: the case declined
  CHECK(declined == -1);
  CHECK(std::string(buf) == "unset");
  CHECK(ours_fixed(1.5, 6) == "1.500000");  // and takes the number again in the C locale
}

TEST_CASE("format_printf: the formats Cairo uses, snprintf's truncation, everything else declined") {
  char ours[64];
  char libc[64];
  for (int v : {0, 1, -1, 42, -612, INT_MAX, INT_MIN}) {
    CHECK(ours_printf(ours, sizeof ours, "%d", v) == std::snprintf(libc, sizeof libc, "%d", v));
    CHECK(std::string(ours) == libc);
  }
  for (unsigned v : {0u, 7u, UINT_MAX}) {
    CHECK(ours_printf(ours, sizeof ours, "%u", v) == std::snprintf(libc, sizeof libc, "%u", v));
    CHECK(std::string(ours) == libc);
  }
  for (double v : {0.0, -0.25, 12.3456789, 0.012345678901234567, 1e-20}) {
    CHECK(ours_printf(ours, sizeof ours, "%f", v) == std::snprintf(libc, sizeof libc, "%f", v));
    CHECK(std::string(ours) == libc);
    CHECK(ours_printf(ours, sizeof ours, "%.18f", v) == std::snprintf(libc, sizeof libc, "%.18f", v));
    CHECK(std::string(ours) == libc);
    CHECK(ours_printf(ours, sizeof ours, "%.3f", v) == std::snprintf(libc, sizeof libc, "%.3f", v));
    CHECK(std::string(ours) == libc);
    for (int precision : {0, 2, 9, 17}) {
      CHECK(ours_printf(ours, sizeof ours, "%.*f", precision, v) == std::snprintf(libc, sizeof libc, "%.*f", precision, v));
      CHECK(std::string(ours) == libc);
    }
  }
  // Truncation: the whole length returned, what fits written with its NUL, nothing when size is 0.
  for (std::size_t size : {0, 1, 2, 4}) {
    std::memset(ours, 'x', sizeof ours);
    std::memset(libc, 'x', sizeof libc);
    CHECK(ours_printf(ours, size, "%f", -612.125) == std::snprintf(libc, size, "%f", -612.125));
    CHECK(std::memcmp(ours, libc, sizeof ours) == 0);
    std::memset(ours, 'x', sizeof ours);
    std::memset(libc, 'x', sizeof libc);
    CHECK(ours_printf(ours, size, "%d", -61234) == std::snprintf(libc, size, "%d", -61234));
    CHECK(std::memcmp(ours, libc, sizeof ours) == 0);
  }
  // Anything else is the C library's: flags, widths, other conversions, text around, bad values.
  std::strcpy(ours, "unset");
  CHECK(ours_printf(ours, sizeof ours, "%g", 1.5) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%5.2f", 1.5) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%02x", 10) == -1);
  CHECK(ours_printf(ours, sizeof ours, "x%f", 1.5) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%f ", 1.5) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%ld", 10L) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%.123f", 1.5) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%f", INFINITY) == -1);
  CHECK(ours_printf(ours, sizeof ours, "%.*f", -1, 1.5) == -1);
  CHECK(std::string(ours) == "unset");
}
