// The paperback cover: text that cannot fit is refused at its key (never cut or run off), the
// proof guides, themes, and `gridpress preflight COVER.pdf --cover`.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <string>

#include "cli_support.hpp"
#include "layout/cover.hpp"
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
