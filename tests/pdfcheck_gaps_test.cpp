// PDF preflight, the rules a seller relies on beyond the basics: the page size must be a KDP trim
// when no trim is given, the page maximum follows the trim and the paper, images print at 300 dpi,
// and a problem on many pages is one finding with its pages.
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "book/kdp.hpp"
#include "pdfcheck/pdfcheck.hpp"
#include "pdfcheck_support.hpp"

using namespace gp;
using namespace gp::pdfcheck;
using namespace pdfcheck_test;

namespace {

// A hand-written PDF of `pages` pages of `width` x `height` pt, all drawing one small black square
// (so no page is blank).
std::string pages_pdf(int pages, double width, double height, const std::string& page_extra = "") {
  std::vector<std::string> objects = {"<< /Type /Catalog /Pages 2 0 R >>", "", stream("", "0 0 0 rg 100 100 10 10 re f")};
  std::string kids;
  for (int i = 0; i < pages; ++i) {
    kids += std::to_string(4 + i) + " 0 R ";
    objects.push_back("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + std::to_string(width) + " " +
                      std::to_string(height) + "] /Resources << >> /Contents 3 0 R " + page_extra + ">>");
  }
  objects[1] = "<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages) + " >>";
  return pdf_bytes(objects);
}

constexpr auto kCream = layout::Paper::cream;

// The KDP rules `gridpress preflight` uses: trim "" = none given, else "WxH" in inches.
Report preflight(const std::string& path, const std::string& trim = "", bool bleed = false,
                 layout::Paper paper = layout::Paper::white) {
  std::optional<std::pair<double, double>> trim_pt;
  if (!trim.empty()) {
    const auto x = trim.find('x');
    trim_pt = std::pair{std::stod(trim.substr(0, x)) * 72, std::stod(trim.substr(x + 1)) * 72};
  }
  return checked(path, book::kdp_pdf_rules(trim_pt, bleed, paper));
}

// An image XObject of w x h pixels (8-bit grey, data not needed for the check) as object 5.
std::string image_object(int w, int h) {
  return stream("/Type /XObject /Subtype /Image /Width " + std::to_string(w) + " /Height " + std::to_string(h) +
                    " /ColorSpace /DeviceGray /BitsPerComponent 8",
                std::string(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), '\x80'));
}

}  // namespace

TEST_CASE("without a trim, the page size must be one of the KDP trims") {
  TempDir dir;
  SECTION("Legal and 5x5 in are refused, every page named once") {
    write_file(dir / "legal.pdf", pages_pdf(24, 612, 1008));
    CHECK(messages(preflight(dir / "legal.pdf"), "page-size") ==
          Strings{"pages 1-24 are 8.5 x 14 in (612 x 1008 pt), not a KDP trim size (give --trim WxH for a custom trim)"});
    cairo_pdf(dir / "square.pdf", 24, [](cairo_t* cr, cairo_surface_t*, int) { text(cr, 72, 72, 10); }, 360, 360);
    CHECK(messages(preflight(dir / "square.pdf"), "page-size") ==
          Strings{"pages 1-24 are 5 x 5 in (360 x 360 pt), not a KDP trim size (give --trim WxH for a custom trim)"});
  }
  SECTION("a KDP trim passes; the one given with --trim replaces the list") {
    write_file(dir / "6x9.pdf", pages_pdf(24, 432, 648));
    CHECK(messages(preflight(dir / "6x9.pdf"), "page-size").empty());
    write_file(dir / "8.25x6.pdf", pages_pdf(24, 594, 432));
    CHECK(messages(preflight(dir / "8.25x6.pdf"), "page-size").empty());
    write_file(dir / "5x5.pdf", pages_pdf(24, 360, 360));
    CHECK(messages(preflight(dir / "5x5.pdf", "5x5"), "page-size").empty());
  }
  SECTION("with bleed the trims are 0.125 in wider and 0.25 in taller; a TrimBox of a trim passes") {
    write_file(dir / "bleed.pdf", pages_pdf(24, 441, 666));
    CHECK(messages(preflight(dir / "bleed.pdf", "", true), "page-size").empty());
    CHECK(messages(preflight(dir / "bleed.pdf"), "page-size").size() == 1);
    write_file(dir / "boxed.pdf", pages_pdf(24, 441, 666, "/TrimBox [0 9 432 657]"));
    CHECK(messages(preflight(dir / "boxed.pdf"), "page-size").empty());
  }
  SECTION("one page is named as one page") {
    write_file(dir / "mixed.pdf", one_page_pdf("0 g 100 100 10 10 re f", "", {}, "", "[0 0 612 1008]"));
    CHECK(messages(preflight(dir / "mixed.pdf"), "page-size") ==
          Strings{"page 1 is 8.5 x 14 in (612 x 1008 pt), not a KDP trim size (give --trim WxH for a custom trim)"});
  }
}

TEST_CASE("the page maximum follows the trim and the paper") {
  TempDir dir;
  // 8.5x11: 590 pages on white paper, 550 on cream.
  write_file(dir / "letter.pdf", pages_pdf(560, 612, 792));
  CHECK(messages(preflight(dir / "letter.pdf", "8.5x11"), "page-count").empty());
  CHECK(messages(preflight(dir / "letter.pdf", "8.5x11", false, kCream), "page-count") ==
        Strings{"the document has 560 pages; the maximum is 550"});
  // Without --trim the first page's trim sets it.
  CHECK(messages(preflight(dir / "letter.pdf"), "page-count").empty());
  CHECK(messages(preflight(dir / "letter.pdf", "", false, kCream), "page-count") ==
        Strings{"the document has 560 pages; the maximum is 550"});
  write_file(dir / "letter600.pdf", pages_pdf(600, 612, 792));
  CHECK(messages(preflight(dir / "letter600.pdf"), "page-count") == Strings{"the document has 600 pages; the maximum is 590"});
  // 6x9: 828 white, 776 cream.
  write_file(dir / "long.pdf", pages_pdf(800, 432, 648));
  CHECK(messages(preflight(dir / "long.pdf"), "page-count").empty());
  CHECK(messages(preflight(dir / "long.pdf", "6x9", false, kCream), "page-count") ==
        Strings{"the document has 800 pages; the maximum is 776"});
}

TEST_CASE("images under 300 dpi at their printed size are caught") {
  TempDir dir;
  Rules rules = only_content();
  const std::string res = "/XObject << /Im1 5 0 R >>";
  SECTION("150 px over 1 in is 150 dpi; over 0.5 in it is 300") {
    write_file(dir / "low.pdf", one_page_pdf("q 72 0 0 72 100 100 cm /Im1 Do Q", res, {image_object(150, 150)}));
    CHECK(messages(checked(dir / "low.pdf", rules), "image-resolution") ==
          Strings{"page 1: an image prints at 150 dpi (150 x 150 px over 1 x 1 in; the minimum is 300 dpi)"});
    write_file(dir / "ok.pdf", one_page_pdf("q 36 0 0 36 100 100 cm /Im1 Do Q", res, {image_object(150, 150)}));
    CHECK(messages(checked(dir / "ok.pdf", rules), "image-resolution").empty());
    rules.min_image_dpi = 0;
    CHECK(messages(checked(dir / "low.pdf", rules), "image-resolution").empty());
  }
  SECTION("the lower direction counts, through nested scales and rotation") {
    // 600 x 150 px over 1 x 1 in: 600 dpi across, 150 dpi up.
    write_file(dir / "wide.pdf", one_page_pdf("q 72 0 0 72 100 100 cm /Im1 Do Q", res, {image_object(600, 150)}));
    CHECK(messages(checked(dir / "wide.pdf", rules), "image-resolution") ==
          Strings{"page 1: an image prints at 150 dpi (600 x 150 px over 1 x 1 in; the minimum is 300 dpi)"});
    // Turned a quarter and scaled in two steps (0.5 in x 2): 150 px over 1 in = 150 dpi.
    write_file(dir / "turned.pdf",
               one_page_pdf("q 2 0 0 2 0 0 cm 0 36 -36 0 200 100 cm /Im1 Do Q", res, {image_object(150, 150)}));
    CHECK(messages(checked(dir / "turned.pdf", rules), "image-resolution") ==
          Strings{"page 1: an image prints at 150 dpi (150 x 150 px over 1 x 1 in; the minimum is 300 dpi)"});
    // Inside a Form XObject whose /Matrix halves it: 150 px over 0.5 in = 300 dpi passes.
    write_file(dir / "form.pdf",
               one_page_pdf("q 72 0 0 72 100 100 cm /Fm1 Do Q", "/XObject << /Fm1 6 0 R >>",
                            {image_object(150, 150),
                             stream("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Matrix [0.5 0 0 0.5 0 0] "
                                    "/Resources << /XObject << /Im1 5 0 R >> >>",
                                    "/Im1 Do")}));
    CHECK(messages(checked(dir / "form.pdf", rules), "image-resolution").empty());
  }
  SECTION("an image Cairo paints, scaled up: 100 px over 2 in is 50 dpi") {
    cairo_pdf(dir / "cairo.pdf", 1, [](cairo_t* cr, cairo_surface_t*, int) {
      cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 100, 100);
      cairo_t* ic = cairo_create(image);
      cairo_set_source_rgb(ic, 0.5, 0.5, 0.5);
      cairo_paint(ic);
      cairo_destroy(ic);
      cairo_translate(cr, 100, 100);
      cairo_scale(cr, 1.44, 1.44);
      cairo_set_source_surface(cr, image, 0, 0);
      cairo_paint(cr);
      cairo_surface_destroy(image);
    });
    CHECK(messages(checked(dir / "cairo.pdf", rules), "image-resolution") ==
          Strings{"page 1: an image prints at 50 dpi (100 x 100 px over 2 x 2 in; the minimum is 300 dpi)"});
  }
  SECTION("inline images count too") {
    const std::string data(100, '\x80');
    write_file(dir / "inline.pdf",
               one_page_pdf("q 72 0 0 72 100 100 cm BI /W 10 /H 10 /BPC 8 /CS /G ID " + data + " EI Q", ""));
    CHECK(messages(checked(dir / "inline.pdf", rules), "image-resolution") ==
          Strings{"page 1: an image prints at 10 dpi (10 x 10 px over 1 x 1 in; the minimum is 300 dpi)"});
  }
}

TEST_CASE("a problem on many pages is one finding with its pages") {
  TempDir dir;
  SECTION("the same message on pages 3-26 and 28") {
    cairo_pdf(dir / "small.pdf", 28, [](cairo_t* cr, cairo_surface_t*, int page) {
      text(cr, 72, 72, page >= 3 && page != 27 ? 6 : 10);
    });
    const Report report = checked(dir / "small.pdf", only_content());
    REQUIRE(messages(report, "text-size") == Strings{"pages 3-26, 28: text set at 6.0 pt (the minimum is 7 pt)"});
    std::vector<int> expected;
    for (int p = 3; p <= 26; ++p) expected.push_back(p);
    expected.push_back(28);
    CHECK(report.findings.front().page == 3);
    CHECK(report.findings.front().pages == expected);
    CHECK(page_runs(report.findings.front().pages) == std::vector<std::pair<int, int>>{{3, 26}, {28, 28}});
  }
  SECTION("different figures on many pages: up to 3 groups a rule, more become one naming the first") {
    cairo_pdf(dir / "varied.pdf", 30, [](cairo_t* cr, cairo_surface_t*, int page) {
      text(cr, 72, 72, page % 2 == 0 ? 6 : 5);
      const double widths[] = {0.5, 0.25, 0.4, 0.3};
      line(cr, widths[page % 4]);
    });
    const Report report = checked(dir / "varied.pdf", only_content());
    CHECK(messages(report, "text-size") ==
          Strings{"pages 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29: text set at 5.0 pt (the minimum is 7 pt)",
                  "pages 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30: text set at 6.0 pt (the minimum is 7 pt)"});
    CHECK(messages(report, "line-width") ==
          Strings{"pages 1-30 (30 pages): a line 0.25 pt wide (the minimum is 0.75 pt) on page 1, and the like on the others"});
  }
  SECTION("group_findings: more than max_per_rule groups of a rule merge into one") {
    std::vector<Finding> in;
    for (int p = 1; p <= 6; ++p)
      in.push_back({p, "margins", "page " + std::to_string(p) + ": text comes within 0." + std::to_string(p) + " in", {p}});
    in.insert(in.begin(), Finding{0, "page-count", "the document has 6 pages; the minimum is 24", {}});
    const auto out = group_findings(in);
    REQUIRE(out.size() == 2);
    CHECK(out[0].message == "the document has 6 pages; the minimum is 24");
    CHECK(out[1].message == "pages 1-6 (6 pages): text comes within 0.1 in on page 1, and the like on the others");
    CHECK(out[1].pages == std::vector<int>{1, 2, 3, 4, 5, 6});
    CHECK(group_findings(in, 0).size() == 7);
  }
}

TEST_CASE("bleed books: every page declares its TrimBox and BleedBox") {
  TempDir dir;
  Rules rules = only_content();
  rules.bleed_pt = 9;
  rules.bleed_boxes = true;
  const std::string ink = "0 g 100 100 10 10 re f";
  const std::string media = "[0 0 441 666]";
  SECTION("right boxes pass (odd page: the bleed on the right)") {
    write_file(dir / "ok.pdf", one_page_pdf(ink, "", {}, "/TrimBox [0 9 432 657] /BleedBox [0 0 441 666] ", media));
    CHECK(messages(checked(dir / "ok.pdf", rules), "page-boxes").empty());
  }
  SECTION("missing or wrong boxes are named") {
    write_file(dir / "none.pdf", one_page_pdf(ink, "", {}, "", media));
    CHECK(messages(checked(dir / "none.pdf", rules), "page-boxes") ==
          Strings{"page 1: no TrimBox or BleedBox (a bleed book declares both)"});
    write_file(dir / "no-bleed.pdf", one_page_pdf(ink, "", {}, "/TrimBox [0 9 432 657] ", media));
    CHECK(messages(checked(dir / "no-bleed.pdf", rules), "page-boxes") ==
          Strings{"page 1: no BleedBox (a bleed book declares it: the whole page)"});
    write_file(dir / "wrong.pdf", one_page_pdf(ink, "", {}, "/TrimBox [9 9 441 657] /BleedBox [0 0 432 648] ", media));
    CHECK(messages(checked(dir / "wrong.pdf", rules), "page-boxes") ==
          Strings{"page 1: the TrimBox is [9 9 441 657]; expected [0 9 432 657] (the page less 0.125 in bleed on the "
                  "outside edge, top and bottom)",
                  "page 1: the BleedBox is [0 0 432 648]; expected the whole page [0 0 441 666]"});
    rules.bleed_boxes = false;
    CHECK(messages(checked(dir / "none.pdf", rules), "page-boxes").empty());
  }
  SECTION("the KDP rules with bleed ask for them") {
    CHECK(book::kdp_pdf_rules(std::pair{432.0, 648.0}, true).bleed_boxes);
    CHECK_FALSE(book::kdp_pdf_rules(std::pair{432.0, 648.0}, false).bleed_boxes);
  }
}

TEST_CASE("the layout preflight's messages are grouped the same way") {
  std::vector<std::string> in;
  for (int p = 3; p <= 77; ++p) in.push_back("page " + std::to_string(p) + ": a line is 0.50 pt wide (the minimum is 0.75 pt)");
  for (int p = 10; p <= 14; ++p)
    in.push_back("page " + std::to_string(p) + ": text '" + std::to_string(p) + "' is set at 6.0 pt (the minimum is 7 pt)");
  in.push_back("page 80: text 'Puzzle 1' reaches outside the margins");
  in.push_back("the book has 81 pages; the page count must be even (add a notes page)");
  CHECK(book::grouped_messages(in) ==
        Strings{"the book has 81 pages; the page count must be even (add a notes page)",
                "pages 3-77: a line is 0.50 pt wide (the minimum is 0.75 pt)",
                "pages 10-14 (5 pages): text '10' is set at 6.0 pt (the minimum is 7 pt) on page 10, and the like on the others",
                "page 80: text 'Puzzle 1' reaches outside the margins"});
}
