// The paperback cover: text that cannot fit is refused at its key (never cut or run off), the
// proof guides, themes, and `gridpress preflight COVER.pdf --cover`.
#include <cairo-pdf.h>
#include <cairo.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "book/cover.hpp"
#include "cli_support.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "layout/cover.hpp"
#include "layout/cover_theme.hpp"
#include "layout/layout.hpp"
#include "layout/print_rules.hpp"
#include "render/text.hpp"
#include "spec/spec.hpp"

namespace fs = std::filesystem;
using namespace gp;

namespace {

using test::TempDir;

// A small KDP book with a cover; `extra` is appended to the spec (top-level keys).
std::string cover_spec(const TempDir& dir, const std::string& extra, const std::string& title = "Puzzle Nights") {
  const std::string path = dir / "book.yaml";
  test::spit(path, "title: \"" + title + "\"\n" +
                       "author: A. Author\n"
                       "seed: 3\n"
                       "page: {size: 6x9}\n"
                       "sections:\n"
                       "  - {name: Easy, count: 24, clues: 34, layout: 1x1}\n"
                       "print: {rules: kdp}\n"
                       "output: {path: book.pdf, manifest: false}\n" +
                       extra);
  return path;
}

spec::BookSpec load(const std::string& path) {
  auto spec = spec::load_book_spec(path);
  INFO((spec ? std::string() : spec.error().to_string()));
  REQUIRE(spec.ok());
  return *spec;
}

// About `n` words of ordinary blurb.
std::string blurb(int n) {
  const char* words[] = {"Sixty", "clever", "puzzles", "for", "quiet", "evenings,", "each", "one", "checked", "by", "hand."};
  std::string out;
  for (int i = 0; i < n; ++i) out += std::string(i ? " " : "") + words[i % 11];
  return out;
}

int count_text(const layout::Page& page, const std::string& text) {
  int n = 0;
  for (const auto& item : page.items)
    if (const auto* t = std::get_if<layout::TextItem>(&item); t && t->text == text) ++n;
  return n;
}

}  // namespace

TEST_CASE("cover: a 600-word back text is refused at cover.back_text by book and preflight; one that fits is set whole") {
  TempDir dir;
  const std::string spec = cover_spec(dir, "cover:\n  back_text: \"" + blurb(600) + "\"\n");
  const test::Output book = test::gridpress("book '" + spec + "' -q", dir);
  CHECK(book.code == 2);
  CHECK(book.err.find(spec + ":10:14: cover.back_text: the back text would run into the barcode area: it needs ") == 0);
  CHECK(book.err.find("fit above the barcode (about ") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "book.pdf"));
  CHECK_FALSE(fs::exists(dir / "book-cover.pdf"));
  const test::Output pre = test::gridpress("preflight '" + spec + "'", dir);
  CHECK(pre.code == 2);
  CHECK(pre.err.find("cover.back_text: the back text would run into the barcode area") != std::string::npos);
  CHECK(pre.out.find("passed") == std::string::npos);

  // 60 words fit: set whole, above the barcode area, inside the back's safe box.
  const spec::BookSpec ok = load(cover_spec(dir, "cover:\n  back_text: \"" + blurb(60) + "\"\n"));
  render::PangoTextMeasure measure;
  auto page = layout::lay_out_cover(ok, 100, layout::cover_options(ok), measure);
  REQUIRE(page.ok());
  const layout::CoverGeometry g = layout::cover_geometry(ok.page, 100);
  REQUIRE(count_text(*page, blurb(60)) == 1);
  for (const auto& item : page->items) {
    const auto* t = std::get_if<layout::TextItem>(&item);
    if (t == nullptr || t->text != blurb(60)) continue;
    CHECK(t->box.y + measure.measure(t->text, t->font, t->box.w).height <= g.barcode.y);
    CHECK(t->box.x >= g.back_safe.x);
    CHECK(t->box.right() <= g.back_safe.right());
  }
}

TEST_CASE("cover: a long title wraps and shrinks to fit the front; one that cannot fit fails at the title's key") {
  TempDir dir;
  render::PangoTextMeasure measure;
  const std::string long_title = "The Big Book of Relaxing Sudoku Puzzles for Long Winter Evenings and Sunny Afternoons";
  const spec::BookSpec spec = load(cover_spec(dir, "cover: true\n", long_title));
  auto page = layout::lay_out_cover(spec, 100, layout::cover_options(spec), measure);
  REQUIRE(page.ok());
  const layout::CoverGeometry g = layout::cover_geometry(spec.page, 100);
  bool found = false;
  for (const auto& item : page->items) {
    const auto* t = std::get_if<layout::TextItem>(&item);
    if (t == nullptr || t->text != long_title) continue;
    found = true;
    CHECK(t->wrap);
    CHECK(t->font.size_pt >= layout::kMinCoverTitlePt);
    const layout::TextSize size = measure.measure(t->text, t->font, t->box.w);
    CHECK(size.height <= t->box.h + 1e-9);
    CHECK(size.height > 2 * measure.measure("Ag", t->font).height);  // wrapped to three lines or more
    CHECK(t->box.x >= g.front_safe.x);
    CHECK(t->box.right() <= g.front_safe.right());
  }
  CHECK(found);

  // A title no size can fit: an error at the title's line and column, nothing cut.
  std::string huge;
  for (int i = 0; i < 25; ++i) huge += "Enormous Puzzles ";
  const spec::BookSpec bad = load(cover_spec(dir, "cover: true\n", huge));
  auto refused = layout::lay_out_cover(bad, 100, layout::cover_options(bad), measure);
  REQUIRE_FALSE(refused.ok());
  const std::string msg = refused.error().to_string();
  INFO(msg);
  CHECK(msg.find(dir / "book.yaml" + ":1:1: title: the title does not fit on the front cover even at 16 pt (the smallest)") == 0);
  // One word wider than the front at the smallest size: said so.
  const spec::BookSpec word = load(cover_spec(dir, "cover: true\n", std::string(60, 'W')));
  auto wide = layout::lay_out_cover(word, 100, layout::cover_options(word), measure);
  REQUIRE_FALSE(wide.ok());
  CHECK(wide.error().to_string().find("the word 'WWW") != std::string::npos);
}

TEST_CASE("cover: the barcode area is drawn only in proof mode") {
  TempDir dir;
  render::PangoTextMeasure measure;
  const spec::BookSpec plain = load(cover_spec(dir, "cover: true\n"));
  auto a = layout::lay_out_cover(plain, 100, layout::cover_options(plain), measure);
  REQUIRE(a.ok());
  CHECK(count_text(*a, "barcode area") == 0);
  const spec::BookSpec proof = load(cover_spec(dir, "cover: {proof: true}\n"));
  auto b = layout::lay_out_cover(proof, 100, layout::cover_options(proof), measure);
  REQUIRE(b.ok());
  CHECK(count_text(*b, "barcode area") == 1);
  const layout::CoverGeometry g = layout::cover_geometry(proof.page, 100);
  int outlined = 0;
  for (const auto& item : b->items)
    if (const auto* r = std::get_if<layout::RectItem>(&item);
        r && r->stroke_pt > 0 && std::abs(r->box.x - g.barcode.x) < 1e-9 && std::abs(r->box.w - g.barcode.w) < 1e-9)
      ++outlined;
  CHECK(outlined == 1);
}

namespace {

// A sample puzzle with a few givens for the motif.
Puzzle sample_puzzle() {
  Puzzle p;
  p.givens.set(0, 0, 5);
  p.givens.set(4, 4, 7);
  p.givens.set(8, 8, 1);
  return p;
}

const layout::FillItem* ground_of(const layout::Page& page) {
  return page.items.empty() ? nullptr : std::get_if<layout::FillItem>(&page.items.front());
}

}  // namespace

TEST_CASE("cover: the themes the spec offers are the themes layout draws; colours are checked at their key") {
  TempDir dir;
  for (const std::string& name : layout::cover_theme_names()) {
    INFO(name);
    const spec::BookSpec spec = load(cover_spec(dir, "cover: {theme: " + name + "}\n"));
    CHECK(spec.cover.theme == name);
    CHECK(layout::cover_options(spec).theme.name == name);
  }
  auto unknown = spec::load_book_spec(cover_spec(dir, "cover: {theme: neon}\n"));
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().to_string().find(":9:16: cover.theme:") != std::string::npos);
  auto bad = spec::load_book_spec(cover_spec(dir, "cover:\n  background: \"#12345g\"\n"));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().to_string().find(":10:15: cover.background: expected a colour as \"#rrggbb\"") != std::string::npos);
  CHECK(layout::parse_colour("#FF8000") == layout::Colour{1, 128 / 255.0, 0});
  CHECK_FALSE(layout::parse_colour("ff8000").has_value());
}

TEST_CASE("cover: a theme fills the whole wrap with its ground; overrides make it flat or a gradient") {
  TempDir dir;
  render::PangoTextMeasure measure;
  const Puzzle sample = sample_puzzle();
  const spec::BookSpec midnight = load(cover_spec(dir, "cover: {theme: midnight}\n"));
  auto a = layout::lay_out_cover(midnight, 100, layout::cover_options(midnight), measure, &sample);
  REQUIRE(a.ok());
  const layout::CoverTheme night = *layout::cover_theme("midnight");
  const layout::FillItem* ground = ground_of(*a);
  REQUIRE(ground != nullptr);
  CHECK(ground->box.w == Approx(a->width));
  CHECK(ground->box.h == Approx(a->height));
  CHECK(ground->top == night.ground);
  CHECK(ground->bottom == night.ground2);
  CHECK_FALSE(ground->top == ground->bottom);  // a gradient
  for (const auto& item : a->items)
    if (const auto* t = std::get_if<layout::TextItem>(&item); t && t->text == midnight.title) {
      CHECK(t->coloured);
      CHECK(t->colour == night.title);
    }

  const spec::BookSpec flat = load(cover_spec(dir, "cover: {background: \"#102030\", accent: \"#ff0000\"}\n"));
  auto b = layout::lay_out_cover(flat, 100, layout::cover_options(flat), measure, &sample);
  REQUIRE(b.ok());
  CHECK(ground_of(*b)->top == *layout::parse_colour("#102030"));
  CHECK(ground_of(*b)->bottom == *layout::parse_colour("#102030"));
  int accent = 0;
  for (const auto& item : b->items)
    if (const auto* f = std::get_if<layout::FillItem>(&item); f && f->top == *layout::parse_colour("#ff0000")) ++accent;
  CHECK(accent == 1);  // the grid's frame
  const spec::BookSpec grad = load(cover_spec(dir, "cover: {background: \"#102030\", background2: \"#405060\"}\n"));
  auto c = layout::lay_out_cover(grad, 100, layout::cover_options(grad), measure, &sample);
  REQUIRE(c.ok());
  CHECK(ground_of(*c)->bottom == *layout::parse_colour("#405060"));
}

TEST_CASE("cover: the grid motif is the sample puzzle's, above or below the title as the theme places it") {
  TempDir dir;
  render::PangoTextMeasure measure;
  const Puzzle sample = sample_puzzle();
  auto positions = [&](const std::string& theme) {
    const spec::BookSpec spec = load(cover_spec(dir, "cover: {theme: " + theme + "}\n"));
    auto page = layout::lay_out_cover(spec, 100, layout::cover_options(spec), measure, &sample);
    REQUIRE(page.ok());
    double title_y = -1, card_y = -1;
    int digits = 0;
    for (const auto& item : page->items) {
      if (const auto* t = std::get_if<layout::TextItem>(&item)) {
        if (t->text == spec.title) title_y = t->box.y;
        if (t->optical) ++digits;
      }
      if (const auto* f = std::get_if<layout::FillItem>(&item); f && f->top == layout::Colour{1, 1, 1}) card_y = f->box.y;
    }
    CHECK(digits == 3);  // the sample's three givens
    return std::pair{title_y, card_y};
  };
  const auto [t1, g1] = positions("midnight");
  CHECK(t1 < g1);
  const auto [t2, g2] = positions("sunrise");
  CHECK(g2 < t2);
}

TEST_CASE("cover: a themed cover PDF is opaque (no soft masks, no partial alpha) with every font embedded") {
  for (const char* tool : {"qpdf", "pdffonts"}) test::require_tool(tool);
  TempDir dir;
  const std::string spec = cover_spec(dir, "cover: {theme: sunrise, back_text: \"Twenty-four puzzles.\"}\n");
  test::book_ok(spec, "", dir, "--jobs 2");
  REQUIRE(fs::exists(dir / "book-cover.pdf"));
  const test::Output q =
      test::shell("qpdf --qdf --object-streams=disable '" + (dir / "book-cover.pdf") + "' '" + (dir / "q.pdf") + "'", dir);
  REQUIRE(q.code == 0);
  const std::string raw = test::slurp(dir / "q.pdf");
  CHECK(raw.find("/SMask") == std::string::npos);
  CHECK(raw.find("/ShadingType 2") != std::string::npos);  // the gradient is a shading, not an image
  for (size_t at = raw.find("/CA "); at != std::string::npos; at = raw.find("/CA ", at + 1))
    CHECK(raw.substr(at, 6) == "/CA 1\n");
  for (size_t at = raw.find("/ca "); at != std::string::npos; at = raw.find("/ca ", at + 1))
    CHECK(raw.substr(at, 6) == "/ca 1\n");
  const test::Output fonts = test::shell("pdffonts '" + (dir / "book-cover.pdf") + "'", dir);
  CHECK(fonts.out.find(" no ") == std::string::npos);
}

namespace {

// Writes a `w` x `h` PNG (a flat colour) with Cairo.
void write_png(const std::string& path, int w, int h) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 0.2, 0.5, 0.7);
  cairo_paint(cr);
  cairo_destroy(cr);
  REQUIRE(cairo_surface_write_to_png(s, path.c_str()) == CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(s);
}

}  // namespace

TEST_CASE("cover: a front image fills the front to its bleed edges or fits where the grid goes, at 300 dpi or more") {
  TempDir dir;
  render::PangoTextMeasure measure;
  const Puzzle sample = sample_puzzle();
  write_png(dir / "big.png", 1900, 2800);   // 6.125 x 9.25 in to fill: 302 dpi
  write_png(dir / "small.png", 1200, 1800);
  const spec::BookSpec fill = load(cover_spec(dir, "cover:\n  image: big.png\n"));
  CHECK(fill.cover.image == dir / "big.png");  // relative to the spec's folder
  auto a = layout::lay_out_cover(fill, 100, layout::cover_options(fill), measure, &sample);
  REQUIRE(a.ok());
  const layout::CoverGeometry g = layout::cover_geometry(fill.page, 100);
  const auto* image = std::get_if<layout::ImageItem>(&a->items.at(1));  // over the ground, under all text
  REQUIRE(image != nullptr);
  CHECK(image->clip.x == Approx(g.front.x));
  CHECK(image->clip.right() == Approx(g.width));
  CHECK(image->clip.h == Approx(g.height));
  CHECK(image->placed.w >= image->clip.w - 1e-9);
  CHECK(image->placed.h >= image->clip.h - 1e-9);
  int digits = 0;
  for (const auto& item : a->items)
    if (const auto* t = std::get_if<layout::TextItem>(&item); t && t->optical) ++digits;
  CHECK(digits == 0);  // the picture instead of the grid

  // Too few pixels for the front: an error at cover.image with the resolution, unless lowered.
  const spec::BookSpec low = load(cover_spec(dir, "cover:\n  image: small.png\n"));
  auto refused = layout::lay_out_cover(low, 100, layout::cover_options(low), measure, &sample);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().to_string().find(":10:10: cover.image: '" + (dir / "small.png") +
                                         "' is 1200 x 1800 pixels: 195 dpi at its printed size") != std::string::npos);
  const spec::BookSpec lowered = load(cover_spec(dir, "cover:\n  image: small.png\n  image_min_dpi: 150\n"));
  CHECK(layout::lay_out_cover(lowered, 100, layout::cover_options(lowered), measure, &sample).ok());
  // The same picture fits where the grid goes at more than 300 dpi.
  const spec::BookSpec fit = load(cover_spec(dir, "cover:\n  image: small.png\n  image_fit: fit\n"));
  auto b = layout::lay_out_cover(fit, 100, layout::cover_options(fit), measure, &sample);
  REQUIRE(b.ok());
  const auto* fitted = std::get_if<layout::ImageItem>(&b->items.at(1));
  REQUIRE(fitted != nullptr);
  CHECK(fitted->placed.x >= fitted->clip.x - 1e-9);
  CHECK(fitted->placed.right() <= fitted->clip.right() + 1e-9);
  CHECK(fitted->placed.bottom() <= fitted->clip.bottom() + 1e-9);
  CHECK(fitted->clip.x >= g.front_safe.x);

  // Missing, not a PNG, or an SVG: errors at the key when the spec is read.
  auto m = spec::load_book_spec(cover_spec(dir, "cover:\n  image: gone.png\n"));
  REQUIRE_FALSE(m.ok());
  CHECK(m.error().to_string().find(":10:10: cover.image: cannot read '" + (dir / "gone.png") + "'") != std::string::npos);
  test::spit(dir / "text.png", "not a picture at all, just some words");
  auto t = spec::load_book_spec(cover_spec(dir, "cover:\n  image: text.png\n"));
  REQUIRE_FALSE(t.ok());
  CHECK(t.error().to_string().find(":10:10: cover.image: '" + (dir / "text.png") + "' is not a PNG file") != std::string::npos);
  auto jpeg = spec::load_book_spec(cover_spec(dir, "cover:\n  image: art.jpg\n"));
  REQUIRE_FALSE(jpeg.ok());
  CHECK(jpeg.error().to_string().find("cover.image: the cover image must be a PNG or an SVG") != std::string::npos);
}

namespace {

// Pixels of the first page of `pdf` at 20 dpi that are clearly red (the SVG's circle).
int red_pixels(const std::string& pdf, const TempDir& dir) {
  test::require_tool("pdftoppm");
  REQUIRE(test::shell("pdftoppm -r 20 -f 1 -l 1 -singlefile '" + pdf + "' '" + (dir / "page") + "'", dir).code == 0);
  std::istringstream ppm(test::slurp(dir / "page.ppm"));
  std::string magic;
  int w = 0, h = 0, max = 0;
  ppm >> magic >> w >> h >> max;
  ppm.get();
  REQUIRE(magic == "P6");
  int red = 0;
  for (int i = 0; i < w * h; ++i) {
    const int r = ppm.get(), g = ppm.get(), b = ppm.get();
    if (r > 180 && g < 90 && b < 90) ++red;
  }
  return red;
}

}  // namespace

TEST_CASE("cover: an SVG front image is vector art (no resolution check), filling or fitting; a bad one is refused at the key") {
  test::require_tool("pdfimages");
  TempDir dir;
  fs::copy_file(std::string(GRIDPRESS_TEST_DATA) + "/cover-art.svg", dir / "art.svg");
  // 400 x 600 px is far under 300 dpi at 6 x 9 in: an SVG is drawn as paths, so that does not count.
  test::book_ok(cover_spec(dir, "cover: {image: art.svg, image_min_dpi: 1200}\n"), "", dir, "--jobs 2");
  const test::Output list = test::shell("pdfimages -list '" + (dir / "book-cover.pdf") + "'", dir);
  CHECK(list.out.find(" image ") == std::string::npos);  // no raster image in the cover
  const int filled = red_pixels(dir / "book-cover.pdf", dir);
  CHECK(filled > 300);  // the circle, about 2.3 in across at 20 dpi
  test::book_ok(cover_spec(dir, "cover: {image: art.svg, image_fit: fit}\n"), "", dir, "--jobs 2");
  const int fitted = red_pixels(dir / "book-cover.pdf", dir);
  CHECK(fitted > 50);
  CHECK(fitted < filled);  // where the grid goes: smaller than the whole front

  // Broken, or with no size: exit 2 at cover.image, naming the file, nothing written.
  fs::remove(dir / "book-cover.pdf");
  test::spit(dir / "broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<g>\n</svg>\n");
  const test::Output broken = test::gridpress("book '" + cover_spec(dir, "cover: {image: broken.svg}\n") + "' -q", dir);
  CHECK(broken.code == 2);
  CHECK(broken.err.find("cover.image: '" + (dir / "broken.svg") + "' is not an SVG librsvg can read: ") !=
        std::string::npos);
  test::spit(dir / "sizeless.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>\n");
  const test::Output sizeless = test::gridpress("book '" + cover_spec(dir, "cover: {image: sizeless.svg}\n") + "' -q", dir);
  CHECK(sizeless.code == 2);
  CHECK(sizeless.err.find("cover.image: '" + (dir / "sizeless.svg") + "' has no width, height or viewBox") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(dir / "book-cover.pdf"));
}

namespace {

// The first bytes of a PNG of w x h pixels: its signature and header chunk, enough for every
// reader of its size (the pixels are never reached: it is refused first).
std::string png_header(std::uint32_t w, std::uint32_t h) {
  std::string b("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
  for (std::uint32_t v : {w, h})
    for (int k = 3; k >= 0; --k) b += static_cast<char>((v >> (8 * k)) & 0xFF);
  b += std::string("\x08\x06\0\0\0", 5);
  b += std::string("\0\0\0\0", 4);  // the CRC: not checked before the size
  return b;
}

std::string base64_of(const std::string& bytes) {
  static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::uint32_t v = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
    out += t[(v >> 18) & 63];
    out += t[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? t[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? t[v & 63] : '=';
  }
  return out;
}

std::string svg_with(const std::string& inner) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"400\" "
         "height=\"600\">" + inner + "</svg>\n";
}

}  // namespace

TEST_CASE("cover: images are capped (size, pixels, what an SVG draws) and checked when the spec is read, at the key") {
  TempDir dir;
  auto refused = [&](const std::string& image, const std::string& message) {
    CAPTURE(image);
    auto r = spec::load_book_spec(cover_spec(dir, "cover:\n  image: " + image + "\n"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().to_string() == dir / "book.yaml" + ":10:10: cover.image: " + message);
  };
  const std::string caps = "a picture may have at most 30000 pixels a side and 60 million in all";
  test::spit(dir / "huge.png", png_header(40000, 40000));
  refused("huge.png", "'" + dir / "huge.png" + "' is 40000 x 40000 pixels; " + caps);
  test::spit(dir / "wide.png", png_header(9000, 9000));  // 81 million pixels
  refused("wide.png", "'" + dir / "wide.png" + "' is 9000 x 9000 pixels; " + caps);
  // A file past the size cap is refused by its size, unread (a sparse file: no disk used).
  { std::ofstream(dir / "fat.png") << png_header(100, 100); }
  fs::resize_file(dir / "fat.png", (std::uintmax_t{64} << 20) + 1);
  refused("fat.png", "'" + dir / "fat.png" + "' is 65 MiB; a picture file may be at most 64 MiB");
  // A FIFO (or a device) is refused without being opened: nothing waits on it.
  REQUIRE(::mkfifo((dir / "pipe.png").c_str(), 0600) == 0);
  refused("pipe.png", "'" + dir / "pipe.png" + "' is a FIFO, not a picture file");
  // An SVG that draws a huge PNG, beside it or embedded, or anything gridpress cannot check.
  test::spit(dir / "refers.svg", svg_with("<image xlink:href=\"huge.png\" width=\"400\" height=\"600\"/>"));
  refused("refers.svg", "'huge.png', which '" + dir / "refers.svg" + "' refers to, is 40000 x 40000 pixels; " + caps);
  test::spit(dir / "embeds.svg", svg_with("<image href=\"data:image/png;base64," + base64_of(png_header(40000, 40000)) +
                                          "\" width=\"400\" height=\"600\"/>"));
  refused("embeds.svg", "a picture embedded in '" + dir / "embeds.svg" + "' is 40000 x 40000 pixels; " + caps);
  test::spit(dir / "many.svg", svg_with("<image href=\"wide1.png\"/><image href=\"wide1.png\"/>"));
  test::spit(dir / "wide1.png", png_header(6000, 6000));  // 36 million each: 72 in all
  refused("many.svg", "'" + dir / "many.svg" + "' draws pictures of more than 60 million pixels in all");
  test::spit(dir / "web.svg", svg_with("<image href=\"https://example.invalid/a.png\"/>"));
  refused("web.svg", "'" + dir / "web.svg" +
                         "' refers to 'https://example.invalid/a.png', which is not a file beside it (gridpress reads "
                         "no addresses)");
  test::spit(dir / "nested.svg", svg_with("<image href=\"refers.svg\"/>"));
  refused("nested.svg", "'refers.svg', which '" + dir / "nested.svg" +
                            "' refers to, is not a PNG or JPEG picture gridpress can check");
  test::spit(dir / "piped.svg", svg_with("<use href=\"pipe.png#x\"/>"));
  refused("piped.svg", "'pipe.png#x', which '" + dir / "piped.svg" + "' refers to, is a FIFO, not a picture file");
  test::spit(dir / "style.svg", svg_with("<style>@import url(other.css);</style>"));
  refused("style.svg", "'" + dir / "style.svg" + "' imports a stylesheet (@import), which gridpress does not allow");
  // Internal references and a small embedded picture are fine.
  test::spit(dir / "fine.svg", svg_with("<defs><linearGradient id=\"g\"/></defs><rect fill=\"url(#g)\" width=\"9\" "
                                        "height=\"9\"/><image href=\"data:image/png;base64," +
                                        base64_of(png_header(10, 10)) + "\"/>"));
  CHECK(spec::load_book_spec(cover_spec(dir, "cover:\n  image: fine.svg\n")).ok());

  // The spec command says so too, at the key, and exits 2 at once.
  const test::Output r = test::gridpress("spec '" + cover_spec(dir, "cover:\n  image: pipe.png\n") + "'", dir);
  CHECK(r.code == 2);
  CHECK(r.err.find(dir / "book.yaml" + ":10:10: cover.image: '" + dir / "pipe.png" + "' is a FIFO, not a picture file") !=
        std::string::npos);
}

TEST_CASE("cover: the book command refuses a low-resolution image before any work and draws a good one") {
  test::require_tool("pdfimages");
  TempDir dir;
  write_png(dir / "small.png", 1200, 1800);
  write_png(dir / "big.png", 1900, 2800);
  const test::Output low = test::gridpress("book '" + cover_spec(dir, "cover: {image: small.png}\n") + "' -q", dir);
  CHECK(low.code == 2);
  CHECK(low.err.find("cover.image: '" + (dir / "small.png") + "' is 1200 x 1800 pixels: 195 dpi") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "book.pdf"));
  test::book_ok(cover_spec(dir, "cover: {image: big.png}\n"), "", dir, "--jobs 2");
  const test::Output list = test::shell("pdfimages -list '" + (dir / "book-cover.pdf") + "'", dir);
  CHECK(list.out.find("1900  2800") != std::string::npos);
  CHECK(list.out.find("smask") == std::string::npos);
}

TEST_CASE("cover: preflight --cover checks a finished cover's size, spine, fonts and text safety") {
  TempDir dir;
  const std::string spec = cover_spec(dir, "cover: {theme: forest, back_text: \"Twenty-four puzzles.\"}\n");
  test::book_ok(spec, "", dir, "--jobs 2");
  const std::string cover = dir / "book-cover.pdf";
  // 24 puzzles one a page + title page = the interior's page count (from the book's own summary).
  const test::Output info = test::shell("pdfinfo '" + (dir / "book.pdf") + "' | grep Pages", dir);
  const int pages = std::stoi(info.out.substr(info.out.find_first_of("0123456789")));
  const std::string n = std::to_string(pages);
  const test::Output ok = test::gridpress("preflight '" + cover + "' --cover --pages " + n + " --strict", dir);
  INFO(ok.out + ok.err);
  CHECK(ok.code == 0);
  CHECK(ok.out.find("preflight: passed (1 page, ") == 0);
  CHECK(ok.out.find("cover: 6x9 in trim, ") != std::string::npos);
  // Given the trim, the same; the wrong paper makes the spine, and so the size, wrong.
  CHECK(test::gridpress("preflight '" + cover + "' --cover --pages " + n + " --trim 6x9 --strict", dir).code == 0);
  const test::Output cream = test::gridpress("preflight '" + cover + "' --cover --pages 400 --paper cream --strict", dir);
  CHECK(cream.code == 1);
  CHECK(cream.out.find("which is not a KDP trim size") != std::string::npos);
  const test::Output trim = test::gridpress("preflight '" + cover + "' --cover --pages 400 --trim 6x9 --strict", dir);
  CHECK(trim.code == 1);
  CHECK(trim.out.find("expected 13.151 x 9.25 in") != std::string::npos);  // 12 + 400 x 0.002252 + 0.25
  // No page count, or a page count without --cover: usage errors.
  CHECK(test::gridpress("preflight '" + cover + "' --cover", dir).code == 2);
  const test::Output stray = test::gridpress("preflight '" + (dir / "book.pdf") + "' --pages 30", dir);
  CHECK(stray.code == 2);
  CHECK(stray.err.find("--pages: only a cover check (--cover) takes the page count") == 0);

  // A proof has the barcode area marked in text: not a cover to upload.
  const std::string proof = cover_spec(dir, "cover: {proof: true, path: proof.pdf}\n");
  test::book_ok(proof, "", dir, "--jobs 2");
  const test::Output p = test::gridpress("preflight '" + (dir / "proof.pdf") + "' --cover --pages " + n, dir);
  CHECK(p.code == 0);  // findings without --strict
  CHECK(p.out.find(" in (from the cover's top-left) is in the barcode area") != std::string::npos);

  // Text drawn by hand from 25 pt before the media's right edge (the trim is 9 pt in, the safe
  // area 18 pt): outside the safe area.
  const double w = (12 + 100 * 0.002252 + 0.25) * 72, h = 9.25 * 72;
  cairo_surface_t* s = cairo_pdf_surface_create((dir / "edge.pdf").c_str(), w, h);
  cairo_t* cr = cairo_create(s);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 12);
  cairo_move_to(cr, w - 25, 300);
  cairo_show_text(cr, "Edge");
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  const test::Output edge = test::gridpress("preflight '" + (dir / "edge.pdf") + "' --cover --pages 100 --strict", dir);
  CHECK(edge.code == 1);
  CHECK(edge.out.find("is outside the safe area") != std::string::npos);
  CHECK(edge.out.find("preflight: 1 problem\n") != std::string::npos);
}

TEST_CASE("cover: the themed examples (6x9 hard/expert, 8.5x11 large print) pass preflight, interior and cover") {
  // Two whole example books (expert puzzles included): checked in the optimised build, where the
  // books are what a user gets; too slow for the sanitizer build, which runs the other cases.
  if (std::getenv("GRIDPRESS_SANITIZED")) return;
  for (const char* tool : {"pdfinfo", "pdffonts"}) test::require_tool(tool);
  TempDir dir;
  struct Example {
    const char* name;
    const char* paper;
  };
  for (const Example& e : {Example{"kdp-hard-6x9", "white"}, Example{"kdp-large-print", "cream"}}) {
    INFO(e.name);
    const std::string spec = std::string(GRIDPRESS_TEST_DATA) + "/../../examples/" + e.name + ".yaml";
    const std::string pdf = dir / (std::string(e.name) + ".pdf");
    const test::Output book = test::book_ok(spec, pdf, dir, "--jobs 2");
    CHECK(book.err.find("preflight passed") != std::string::npos);
    const test::Output info = test::shell("pdfinfo '" + pdf + "' | grep Pages", dir);
    const std::string pages = std::to_string(std::stoi(info.out.substr(info.out.find_first_of("0123456789"))));
    const test::Output cover = test::gridpress("preflight '" + (dir / (std::string(e.name) + "-cover.pdf")) +
                                                   "' --cover --strict --pages " + pages + " --paper " + e.paper,
                                               dir);
    INFO(cover.out + cover.err);
    CHECK(cover.code == 0);
    CHECK(cover.out.find("preflight: passed (1 page, ") == 0);
    const test::Output fonts = test::shell("pdffonts '" + (dir / (std::string(e.name) + "-cover.pdf")) + "'", dir);
    CHECK(fonts.out.find(" no ") == std::string::npos);
  }
}

namespace {

// The item's ink box (mm): a line's ends, a fill's or a text's box.
std::optional<layout::Box> ink_box(const layout::Item& item) {
  if (const auto* l = std::get_if<layout::LineItem>(&item))
    return layout::Box{std::min(l->x1, l->x2), std::min(l->y1, l->y2), std::abs(l->x2 - l->x1), std::abs(l->y2 - l->y1)};
  if (const auto* f = std::get_if<layout::FillItem>(&item)) return f->box;
  if (const auto* t = std::get_if<layout::TextItem>(&item)) return t->box;
  return std::nullopt;
}

bool within(const layout::Box& b, const layout::Box& area) {
  return b.x >= area.x - 1e-6 && b.y >= area.y - 1e-6 && b.x + b.w <= area.x + area.w + 1e-6 &&
         b.y + b.h <= area.y + area.h + 1e-6;
}

bool overlap(const layout::Box& a, const layout::Box& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

}  // namespace

TEST_CASE("cover: a samurai board is drawn at its own scale, inside the front's safe area and clear of the author") {
  // The issue: the 21x21 board was drawn at the scale of one 9x9 grid, off the front and over the author.
  TempDir dir;
  render::PangoTextMeasure measure;
  Puzzle sample;
  sample.givens = Grid(samurai_board());
  sample.givens.cells[0] = 5;                                          // top-left corner of the layout
  sample.givens.cells[static_cast<size_t>(sample.givens.size() - 1)] = 9;  // bottom-right corner
  for (const std::string theme : {"midnight", "sunrise", "plain"}) {
    INFO(theme);
    const spec::BookSpec spec = load(cover_spec(dir, "cover: {theme: " + theme + "}\n"));
    auto page = layout::lay_out_cover(spec, 100, layout::cover_options(spec), measure, &sample);
    REQUIRE(page.ok());
    const layout::CoverGeometry g = layout::cover_geometry(spec.page, 100);
    std::optional<layout::Box> author, title, card;
    double left = 1e9, right = -1e9;
    int lines = 0, digits = 0;
    for (const auto& item : page->items) {
      if (const auto* t = std::get_if<layout::TextItem>(&item)) {
        if (t->text == spec.author && t->box.x > g.front.x) author = t->box;
        if (t->text == spec.title && t->box.x > g.front.x) title = t->box;
        if (t->optical) ++digits;
      }
      if (const auto* f = std::get_if<layout::FillItem>(&item); f && f->top == layout::Colour{1, 1, 1}) card = f->box;
      if (const auto* l = std::get_if<layout::LineItem>(&item)) {
        ++lines;
        left = std::min({left, l->x1, l->x2});
        right = std::max({right, l->x1, l->x2});
        CHECK(within(*ink_box(item), g.front_safe));
      }
    }
    REQUIRE(author.has_value());
    REQUIRE(title.has_value());
    REQUIRE(card.has_value());
    CHECK(digits == 2);
    CHECK(lines > 0);
    CHECK(within(*card, g.front_safe));
    CHECK_FALSE(overlap(*card, *author));
    CHECK_FALSE(overlap(*card, *title));
    // The whole 21-cell layout is drawn: the board's lines span the card (less its margin), so
    // a cell is a 21st of that, not a 9th.
    CHECK(right - left == Approx(card->w).margin(card->w * 0.15));
  }
}

TEST_CASE("cover: cover.sample picks the puzzle shown; by default a representative puzzle of the main variant") {
  TempDir dir;
  render::PangoTextMeasure measure;
  auto plan_of = [&](const spec::BookSpec& spec) {
    std::vector<int> counts;
    for (const auto& s : spec.sections) counts.push_back(s.count);
    auto plan = layout::plan_book(spec, counts, measure, layout::options_for(spec));
    REQUIRE(plan.ok());
    return *plan;
  };
  auto book = [&](const std::string& sections, const std::string& extra = "") {
    const std::string path = dir / "sample.yaml";
    test::spit(path, "title: Samples\nseed: 1\nsections:\n" + sections + "cover: {enabled: true" + extra + "}\n");
    return load(path);
  };
  // Classic 4 + 3 = 7 against x 6: classic is the main variant; its 4th puzzle (the middle of 7) is
  // the first section's last.
  const std::string three = "  - {name: A, grid: 4x4, count: 4}\n  - {name: B, grid: 4x4, variant: x, count: 6}\n"
                            "  - {name: C, grid: 4x4, count: 3}\n";
  spec::BookSpec a = book(three);
  auto at = book::cover_sample(a, plan_of(a));
  REQUIRE(at.ok());
  REQUIRE(at->has_value());
  CHECK((*at)->section == 0);
  CHECK((*at)->index == 3);
  // With one puzzle less of classic than of x, x is: the 3rd of its 6.
  spec::BookSpec b = book("  - {name: A, grid: 4x4, count: 4}\n  - {name: B, grid: 4x4, variant: x, count: 6}\n"
                          "  - {name: C, grid: 4x4, count: 1}\n");
  at = book::cover_sample(b, plan_of(b));
  REQUIRE(at.ok());
  CHECK((*at)->section == 1);
  CHECK((*at)->index == 2);
  // Practice grids never count and are never shown.
  spec::BookSpec c = book("  - {name: Practice, grid: 4x4, count: 20, blank: true}\n"
                          "  - {name: B, grid: 4x4, variant: x, count: 3}\n");
  at = book::cover_sample(c, plan_of(c));
  REQUIRE(at.ok());
  CHECK((*at)->section == 1);
  CHECK((*at)->index == 1);
  // cover.sample: N is the puzzle numbered N (numbers run through the book).
  spec::BookSpec d = book(three, ", sample: 5");
  at = book::cover_sample(d, plan_of(d));
  REQUIRE(at.ok());
  CHECK((*at)->section == 1);
  CHECK((*at)->index == 0);
  spec::BookSpec e = book(three, ", sample: 14");
  auto none = book::cover_sample(e, plan_of(e));
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().to_string() == dir / "sample.yaml" + ":7:32: cover.sample: the book has no puzzle 14 (its puzzles are numbered 1 to 13)");
  spec::BookSpec f = book("  - {name: Practice, grid: 4x4, count: 2, blank: true}\n  - {name: B, grid: 4x4, count: 3}\n",
                          ", sample: 2");
  auto blank = book::cover_sample(f, plan_of(f));
  REQUIRE_FALSE(blank.ok());
  CHECK(blank.error().to_string().find("cover.sample: puzzle 2 is a practice grid (section 'Practice' is blank)") !=
        std::string::npos);
  // A sample the book lacks fails `spec` and `book` alike, before any work.
  test::spit(dir / "bad.yaml", "title: Samples\nseed: 1\nsections:\n" + three + "cover: {enabled: true, sample: 14}\n");
  const test::Output s = test::gridpress("spec '" + dir / "bad.yaml" + "'", dir);
  const test::Output k = test::gridpress("book '" + dir / "bad.yaml" + "' -q", dir);
  CHECK(s.code == 2);
  CHECK(k.code == 2);
  CHECK(s.err.find("bad.yaml:7:32: cover.sample: the book has no puzzle 14") != std::string::npos);
  CHECK(k.err.find("bad.yaml:7:32: cover.sample: the book has no puzzle 14") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "book.pdf"));
}

TEST_CASE("cover: the front shows the sample's givens (the book's cover PDF, read back)") {
  test::require_tool("pdftotext");
  TempDir dir;
  test::spit(dir / "b.yaml", "title: Samples\nauthor: A. Author\nseed: 4\nsections:\n"
                             "  - {name: A, grid: 6x6, count: 5, clues: 14}\n"
                             "cover: {enabled: true, sample: 4}\noutput: {path: b.pdf}\n");
  test::book_ok(dir / "b.yaml", "", dir, "--jobs 2");
  const nlohmann::json manifest = nlohmann::json::parse(test::slurp(dir / "b.json"));
  std::string givens;
  for (const auto& p : manifest["puzzles"])
    if (p["number"] == 4) givens = p["givens"].get<std::string>();
  REQUIRE(givens.size() == 36);
  std::string want, got;
  for (char ch : givens)
    if (ch >= '1' && ch <= '9') want += ch;
  const test::Output text = test::shell("pdftotext -layout '" + dir / "b-cover.pdf" + "' -", dir);
  for (char ch : text.out)
    if (ch >= '1' && ch <= '9') got += ch;
  CHECK(got == want);  // the grid's digits in reading order, and no other digit on the cover
}

TEST_CASE("cover: book runs the cover preflight; with --strict a cover that fails it fails the run and replaces nothing") {
  TempDir dir;
  // A good book and cover first.
  const std::string spec = cover_spec(dir, "cover: {enabled: true}\n");
  const test::Output good = test::book_ok(spec, "", dir, "--jobs 2 --strict");
  CHECK(good.err.find("; preflight passed") != std::string::npos);
  const std::string cover_before = test::slurp(dir / "book-cover.pdf");
  const std::string book_before = test::slurp(dir / "book.pdf");
  // A proof cover (the barcode area labelled in text) fails the cover preflight.
  CHECK(cover_spec(dir, "cover: {enabled: true, proof: true}\n") == spec);
  const test::Output warned = test::gridpress("book '" + spec + "' --jobs 2 -o '" + dir / "proof.pdf" + "'", dir);
  INFO(warned.err);
  CHECK(warned.code == 0);  // without strict: written, with the findings as a warning
  CHECK(warned.err.find("warning: proof-cover.pdf does not pass the cover preflight:\n  text at ") != std::string::npos);
  CHECK(warned.err.find("is in the barcode area") != std::string::npos);
  CHECK(warned.err.find("preflight passed") == std::string::npos);
  CHECK(fs::exists(dir / "proof-cover.pdf"));
  const test::Output strict = test::gridpress("book '" + spec + "' --jobs 2 --strict", dir);
  INFO(strict.err);
  CHECK(strict.code == 1);
  CHECK(strict.err.find("book-cover.pdf does not pass the cover preflight:") != std::string::npos);
  CHECK(strict.err.find("print.strict is true, so nothing was written (the earlier files are as they were)") !=
        std::string::npos);
  CHECK(test::slurp(dir / "book-cover.pdf") == cover_before);
  CHECK(test::slurp(dir / "book.pdf") == book_before);
  for (const auto& e : fs::directory_iterator(dir.path))  // no staged file left behind
    CHECK(e.path().filename().string().rfind(".gp-", 0) == std::string::npos);
}
