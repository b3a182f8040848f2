// PDF preflight: each rule caught in a planted violation, in Cairo-made PDFs and in
// hand-written ones (non-embedded fonts, Form XObjects, ExtGState line widths, bleed), and a
// real gridpress KDP book passing.
#include <cairo-pdf.h>
#include <cairo.h>
#include <unistd.h>

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "layout/layout.hpp"
#include "layout/print_rules.hpp"
#include "pdfcheck/gray.hpp"
#include "pdfcheck/pdfcheck.hpp"
#include "pdfcheck_support.hpp"

namespace fs = std::filesystem;
using namespace gp;
using namespace gp::pdfcheck;
using namespace pdfcheck_test;

TEST_CASE("page_ranges joins runs of pages") {
  CHECK(page_ranges({}) == "");
  CHECK(page_ranges({4}) == "4");
  CHECK(page_ranges({1, 2, 3, 5, 7, 8}) == "1-3, 5, 7-8");
}

TEST_CASE("a clean Cairo book of 24 pages passes the KDP rules") {
  TempDir dir;
  cairo_pdf(dir / "clean.pdf", 24, [](cairo_t* cr, cairo_surface_t*, int p) {
    text(cr, 72, 100, 10);
    line(cr, 0.75);
    cairo_rectangle(cr, 60, 200, 300, 300);
    cairo_fill(cr);
    if (p % 2 == 0) line(cr, 2.0, 40, 600, 380, 600);  // even page: 0.55 in from the (right) gutter
  });
  Rules rules;
  rules.page_size_pt = std::pair{kW, kH};
  rules.live_margin_pt = 18;
  rules.inside_margin_pt = [](int) { return 27.0; };
  const Report report = checked(dir / "clean.pdf", rules);
  CHECK(report.pages == 24);
  CHECK(report.width_pt == Approx(kW));
  CHECK(report.height_pt == Approx(kH));
  CHECK(messages(report) == Strings{});
  CHECK(report.ok());
}

TEST_CASE("small text is caught, after the font size and the CTM") {
  TempDir dir;
  cairo_pdf(dir / "text.pdf", 3, [](cairo_t* cr, cairo_surface_t*, int p) {
    if (p == 1) text(cr, 72, 100, 6);  // too small
    if (p == 2) {
      cairo_scale(cr, 0.5, 0.5);
      text(cr, 144, 200, 14);  // 7 pt effective: fine
    }
    if (p == 3) {
      cairo_scale(cr, 0.5, 0.5);
      text(cr, 144, 200, 12);  // 6 pt effective
      text(cr, 144, 300, 8);   // 4 pt: the smallest is reported
    }
  });
  const Report report = checked(dir / "text.pdf", only_content());
  CHECK(messages(report) == Strings{"page 1: text set at 6.0 pt (the minimum is 7 pt)",
                                    "page 3: text set at 4.0 pt (the minimum is 7 pt)"});
  REQUIRE(report.findings.size() == 2);
  CHECK(report.findings[0].page == 1);
  CHECK(report.findings[0].rule == "text-size");
}

TEST_CASE("thin lines are caught, after the line width and the CTM") {
  TempDir dir;
  cairo_pdf(dir / "lines.pdf", 4, [](cairo_t* cr, cairo_surface_t*, int p) {
    if (p == 1) line(cr, 0.5);
    if (p == 2) {
      cairo_scale(cr, 2, 2);
      line(cr, 0.5, 50, 50, 100, 50);  // 1 pt on paper: fine
    }
    if (p == 3) {
      cairo_scale(cr, 0.5, 0.5);
      line(cr, 1.0, 200, 200, 300, 200);  // 0.5 pt on paper
    }
    if (p == 4) line(cr, 0.75);
  });
  const Report report = checked(dir / "lines.pdf", only_content());
  // One finding for the two pages (grouped).
  CHECK(messages(report) == Strings{"pages 1, 3: a line 0.50 pt wide (the minimum is 0.75 pt)"});
  REQUIRE(report.findings.size() == 1);
  CHECK(report.findings[0].rule == "line-width");
  CHECK(report.findings[0].page == 1);
  CHECK(report.findings[0].pages == std::vector<int>{1, 3});
}

// The KDP defaults, for documents whose pages are left blank on purpose.
Rules blank_ok() {
  Rules r;
  r.max_blank_run = 0;
  return r;
}

TEST_CASE("page count: minimum, maximum and even") {
  TempDir dir;
  cairo_pdf(dir / "odd.pdf", 25);
  CHECK(messages(checked(dir / "odd.pdf", blank_ok())) ==
        Strings{"the document has 25 pages; the page count must be even (add a notes page)"});
  cairo_pdf(dir / "short.pdf", 22);
  CHECK(messages(checked(dir / "short.pdf", blank_ok())) == Strings{"the document has 22 pages; the minimum is 24"});
  Rules low_max = blank_ok();
  low_max.max_pages = 20;
  low_max.min_pages = 0;
  const Report report = checked(dir / "odd.pdf", low_max);
  CHECK(messages(report, "page-count") == Strings{"the document has 25 pages; the maximum is 20"});
  REQUIRE_FALSE(report.findings.empty());
  CHECK(report.findings[0].page == 0);
  cairo_pdf(dir / "one.pdf", 1);
  CHECK(messages(checked(dir / "one.pdf", blank_ok()), "page-count") == Strings{"the document has 1 page; the minimum is 24"});
}

TEST_CASE("runs of more than 2 blank pages are caught; white paint and clipped ink leave a page blank") {
  TempDir dir;
  cairo_pdf(dir / "blank.pdf", 10, [](cairo_t* cr, cairo_surface_t*, int p) {
    if (p == 1 || p == 5 || p == 6) text(cr, 72, 100, 10);
    if (p == 3) {  // white on white
      cairo_set_source_rgb(cr, 1, 1, 1);
      cairo_paint(cr);
    }
    if (p == 4) {  // clipped away entirely
      cairo_rectangle(cr, 10, 10, 20, 20);
      cairo_clip(cr);
      text(cr, 200, 300, 10);
    }
  });
  Rules rules = only_content();
  rules.max_blank_run = 2;
  const Report report = checked(dir / "blank.pdf", rules);
  CHECK(messages(report) == Strings{"pages 2-4 are blank: at most 2 blank pages in a row",
                                    "pages 7-10 are blank: at most 2 blank pages in a row"});
  REQUIRE(report.findings.size() == 2);
  CHECK(report.findings[0].page == 2);
  CHECK(report.findings[0].rule == "blank-pages");
  rules.max_blank_run = 4;
  CHECK(messages(checked(dir / "blank.pdf", rules)) == Strings{});
}

TEST_CASE("bookmarks and links are caught") {
  TempDir dir;
  cairo_pdf(dir / "marks.pdf", 2, [](cairo_t* cr, cairo_surface_t* surface, int p) {
    if (p == 1) cairo_pdf_surface_add_outline(surface, CAIRO_PDF_OUTLINE_ROOT, "Puzzles", "page=1", CAIRO_PDF_OUTLINE_FLAG_OPEN);
    if (p == 2) {
      cairo_tag_begin(cr, CAIRO_TAG_LINK, "uri='https://example.com'");
      text(cr, 72, 100, 10, "example.com");
      cairo_tag_end(cr, CAIRO_TAG_LINK);
    }
  });
  const Report report = checked(dir / "marks.pdf", only_content());
  CHECK(messages(report) == Strings{"the document has bookmarks (outlines); KDP interiors must not",
                                    "page 2 has 1 link annotation"});
  REQUIRE(report.findings.size() == 2);
  CHECK(report.findings[1].rule == "annotations");

  // Cairo writes an empty /Outlines dictionary into every PDF: that is no bookmark.
  cairo_pdf(dir / "plain.pdf", 2);
  CHECK(messages(checked(dir / "plain.pdf", only_content())) == Strings{});

  Rules allowed = only_content();
  allowed.no_outlines = false;
  allowed.no_annotations = false;
  CHECK(messages(checked(dir / "marks.pdf", allowed)) == Strings{});
}

TEST_CASE("several annotations on a page are counted by kind") {
  TempDir dir;
  const std::string annots = "/Annots [5 0 R 6 0 R 7 0 R]";
  write_file(dir / "annots.pdf",
             one_page_pdf("", "", {"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] >>",
                                   "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] >>",
                                   "<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] >>"},
                          annots));
  CHECK(messages(checked(dir / "annots.pdf", only_content())) ==
        Strings{"page 1 has 3 annotations (2 link, 1 text)"});
}

TEST_CASE("a font that is not embedded is caught, once, with its pages") {
  TempDir dir;
  const std::string content = "BT /F1 12 Tf 72 700 Td (Hello) Tj ET";
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 432 648] "
      "/Resources << /Font << /F1 7 0 R >> >> >>",
      "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>",
      "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>",
      "<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>",
      stream("", content),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  };
  write_file(dir / "helvetica.pdf", pdf_bytes(objects));
  const Report report = checked(dir / "helvetica.pdf", only_content());
  CHECK(report.pages == 3);
  CHECK(messages(report) == Strings{"font 'Helvetica' is not embedded (pages 1-3)"});
  REQUIRE(report.findings.size() == 1);
  CHECK(report.findings[0].rule == "fonts-embedded");
  CHECK(report.findings[0].page == 1);

  // Cairo embeds its fonts.
  cairo_pdf(dir / "cairo.pdf", 1, [](cairo_t* cr, cairo_surface_t*, int) { text(cr, 72, 100, 10); });
  CHECK(messages(checked(dir / "cairo.pdf", only_content())) == Strings{});
}

TEST_CASE("fonts: Type0 descendants need a font file, Type3 fonts need none") {
  TempDir dir;
  const std::string type0 =
      "<< /Type /Font /Subtype /Type0 /BaseFont /NotoSans /Encoding /Identity-H /DescendantFonts [6 0 R] >>";
  const std::string cid = "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /NotoSans /FontDescriptor 7 0 R >>";
  const std::string descriptor = "<< /Type /FontDescriptor /FontName /NotoSans /Flags 32 /Ascent 900 /Descent -200 >>";
  write_file(dir / "type0.pdf", one_page_pdf("BT /F1 10 Tf 72 500 Td <00410042> Tj ET", "/Font << /F1 5 0 R >>",
                                             {type0, cid, descriptor}));
  CHECK(messages(checked(dir / "type0.pdf", only_content())) == Strings{"font 'NotoSans' is not embedded (page 1)"});

  const std::string type3 =
      "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] "
      "/CharProcs << /a 6 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] >>";
  write_file(dir / "type3.pdf", one_page_pdf("BT /F1 10 Tf 72 500 Td (a) Tj ET", "/Font << /F1 5 0 R >>",
                                             {type3, stream("", "1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f")}));
  CHECK(messages(checked(dir / "type3.pdf", only_content())) == Strings{});
}

TEST_CASE("Form XObjects: their /Matrix scales lines and text; gs /LW sets the width") {
  TempDir dir;
  const std::string form = stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400] /Matrix [0.5 0 0 0.5 0 0]",
                                  "1 w 10 10 m 100 10 l S");
  write_file(dir / "form.pdf", one_page_pdf("q 1 0 0 1 100 100 cm /Fm1 Do Q", "/XObject << /Fm1 5 0 R >>", {form}));
  CHECK(messages(checked(dir / "form.pdf", only_content())) ==
        Strings{"page 1: a line 0.50 pt wide (the minimum is 0.75 pt)"});

  // The same form drawn at 2x: 1 pt.
  write_file(dir / "form2.pdf", one_page_pdf("q 2 0 0 2 0 0 cm /Fm1 Do Q", "/XObject << /Fm1 5 0 R >>", {form}));
  CHECK(messages(checked(dir / "form2.pdf", only_content())) == Strings{});

  // A nested form with its own font resources: text at 8 pt x 0.5 = 4 pt, and Helvetica unembedded.
  const std::string outer = stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400] /Resources << /XObject << /In 6 0 R >> >>",
                                   "q 0.5 0 0 0.5 0 0 cm /In Do Q");
  const std::string inner = stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400] /Resources << /Font << /H 7 0 R >> >>",
                                   "BT /H 8 Tf 20 20 Td (x) Tj ET");
  write_file(dir / "nested.pdf",
             one_page_pdf("/Out Do", "/XObject << /Out 5 0 R >>",
                          {outer, inner, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}));
  CHECK(messages(checked(dir / "nested.pdf", only_content())) ==
        Strings{"font 'Helvetica' is not embedded (page 1)", "page 1: text set at 4.0 pt (the minimum is 7 pt)"});

  // ExtGState /LW, and q/Q restoring the width.
  write_file(dir / "gs.pdf", one_page_pdf("q /G1 gs 10 10 m 100 10 l S Q 10 20 m 100 20 l S", "/ExtGState << /G1 5 0 R >>",
                                          {"<< /Type /ExtGState /LW 0.3 >>"}));
  CHECK(messages(checked(dir / "gs.pdf", only_content())) == Strings{"page 1: a line 0.30 pt wide (the minimum is 0.75 pt)"});

  // A form that draws itself is walked once, not forever.
  const std::string loop = stream("/Type /XObject /Subtype /Form /BBox [0 0 400 400] /Resources << /XObject << /Me 5 0 R >> >>",
                                  "/Me Do 0.2 w 0 0 m 10 0 l S");
  write_file(dir / "loop.pdf", one_page_pdf("/Me Do", "/XObject << /Me 5 0 R >>", {loop}));
  CHECK(messages(checked(dir / "loop.pdf", only_content())) == Strings{"page 1: a line 0.20 pt wide (the minimum is 0.75 pt)"});
}

TEST_CASE("text matrix, Tz and TJ: the size comes from Tf x Tm x CTM") {
  TempDir dir;
  // Tf 1 with a text matrix of 6.5: 6.5 pt. Invisible text (Tr 3, an OCR layer) is not checked.
  write_file(dir / "tm.pdf", one_page_pdf("BT /F1 1 Tf 6.5 0 0 6.5 72 500 Tm [(ab) -200 (c)] TJ ET "
                                          "BT 3 Tr /F1 5 Tf 72 400 Td (hidden) Tj ET",
                                          "/Font << /F1 5 0 R >>",
                                          {"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"}));
  Rules rules = only_content();
  rules.fonts_embedded = false;
  CHECK(messages(checked(dir / "tm.pdf", rules)) == Strings{"page 1: text set at 6.5 pt (the minimum is 7 pt)"});
}

TEST_CASE("ink in the margins, and white paint that is not ink") {
  TempDir dir;
  Rules rules = only_content();
  rules.live_margin_pt = 18;                          // 0.25 in
  rules.inside_margin_pt = [](int) { return 27.0; };  // 0.375 in
  // Page 1 is recto: the inside (gutter) edge is the left one.
  write_file(dir / "gutter.pdf", one_page_pdf("0 0 1 rg 10 300 50 50 re f", ""));
  CHECK(messages(checked(dir / "gutter.pdf", rules)) ==
        Strings{"page 1: a filled shape comes within 0.139 in of the inside trim edge (keep 0.375 in clear)"});
  write_file(dir / "bottom.pdf", one_page_pdf("BT /F1 10 Tf 100 -1 Td (folio) Tj ET", "/Font << /F1 5 0 R >>",
                                              {"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"}));
  rules.fonts_embedded = false;
  // Courier has no descriptor here: 200 units of descent below the baseline (2 pt), so the glyph
  // box starts 3 pt below the trim.
  CHECK(messages(checked(dir / "bottom.pdf", rules)) ==
        Strings{"page 1: text runs 0.042 in past the bottom trim edge (keep 0.25 in clear)"});
  write_file(dir / "stroke.pdf", one_page_pdf("4 w 100 100 m 100 640 l S", ""));
  CHECK(messages(checked(dir / "stroke.pdf", rules)) ==
        Strings{"page 1: a line comes within 0.083 in of the top trim edge (keep 0.25 in clear)"});
  // A white page background is not ink; clipped-away ink does not count either.
  write_file(dir / "white.pdf", one_page_pdf("1 g 0 0 432 648 re f 1 1 1 rg 0 0 432 648 re f "
                                             "0 0 0 0 k 0 0 432 648 re f "
                                             "q 100 100 200 200 re W n 0 g 0 0 432 648 re f Q", ""));
  CHECK(messages(checked(dir / "white.pdf", rules)) == Strings{});
  // An image placed by the CTM.
  write_file(dir / "image.pdf",
             one_page_pdf("q 100 0 0 100 330 300 cm /Im1 Do Q", "/XObject << /Im1 5 0 R >>",
                          {stream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray "
                                  "/BitsPerComponent 8", std::string(1, '\0'))}));
  CHECK(messages(checked(dir / "image.pdf", rules), "margins") ==
        Strings{"page 1: an image comes within 0.028 in of the outside trim edge (keep 0.25 in clear)"});
}

TEST_CASE("bleed: the trim sits inside the media; ink past it is bleed art") {
  TempDir dir;
  Rules rules = only_content();
  rules.live_margin_pt = 18;
  rules.bleed_pt = 9;
  rules.page_size_pt = std::pair{441.0, 666.0};
  const std::string page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 441 666] /Contents ";
  // Page 1 (recto): a band over the top bleed and the outside (right) bleed; page 2 (verso): text
  // 10 pt from its left (outside) trim edge, which is 19 pt from the media edge.
  write_file(dir / "bleed.pdf",
             pdf_bytes({"<< /Type /Catalog /Pages 2 0 R >>",
                        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << /Font << /F1 7 0 R >> >> >>",
                        page + "5 0 R >>", page + "6 0 R >>", stream("", "0 g 100 620 341 46 re f"),
                        stream("", "BT /F1 10 Tf 19 300 Td (x) Tj ET"),
                        "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"}));
  rules.fonts_embedded = false;
  CHECK(messages(checked(dir / "bleed.pdf", rules)) ==
        Strings{"page 2: text comes within 0.139 in of the outside trim edge (keep 0.25 in clear)"});
  // Without bleed the same band runs off the page, and the page is the wrong size for 6 x 9.
  Rules no_bleed = only_content();
  no_bleed.fonts_embedded = false;
  no_bleed.live_margin_pt = 18;
  no_bleed.page_size_pt = std::pair{kW, kH};
  CHECK(messages(checked(dir / "bleed.pdf", no_bleed)) ==
        Strings{"page 1: a filled shape comes within 0 in of the top trim edge (keep 0.25 in clear)",
                "pages 1-2 are 6.125 x 9.25 in (441 x 666 pt); expected 6 x 9 in (432 x 648 pt)"});
}

TEST_CASE("a TrimBox of the right size passes the page size rule") {
  TempDir dir;
  Rules rules = only_content();
  rules.page_size_pt = std::pair{kW, kH};
  write_file(dir / "trim.pdf", one_page_pdf("", "", {}, "/TrimBox [9 9 441 657]", "[0 0 450 666]"));
  CHECK(messages(checked(dir / "trim.pdf", rules)) == Strings{});
  write_file(dir / "letter.pdf", one_page_pdf("", "", {}, "", "[0 0 612 792]"));
  CHECK(messages(checked(dir / "letter.pdf", rules)) ==
        Strings{"page 1 is 8.5 x 11 in (612 x 792 pt); expected 6 x 9 in (432 x 648 pt)"});
}

TEST_CASE("unreadable files are errors with the file name") {
  TempDir dir;
  auto missing = check_pdf(dir / "nope.pdf", Rules{});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().to_string() == "cannot read '" + (dir / "nope.pdf") + "': No such file or directory");
  auto folder = check_pdf(dir.path.string(), Rules{});
  REQUIRE_FALSE(folder.ok());
  CHECK(folder.error().to_string() == "cannot read '" + dir.path.string() + "': it is a folder");
  REQUIRE(::mkfifo((dir / "fifo.pdf").c_str(), 0600) == 0);  // would block a reader
  CHECK(check_pdf(dir / "fifo.pdf", Rules{}).error().to_string() ==
        "cannot read '" + (dir / "fifo.pdf") + "': not a regular file");
  write_file(dir / "text.pdf", "this is not a PDF\n");
  auto not_pdf = check_pdf(dir / "text.pdf", Rules{});
  REQUIRE_FALSE(not_pdf.ok());
  CHECK(not_pdf.error().to_string() == "cannot read '" + (dir / "text.pdf") + "': not a PDF file (no %PDF- header)");
  write_file(dir / "broken.pdf", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n");
  auto broken = check_pdf(dir / "broken.pdf", Rules{});
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().to_string().rfind("cannot read '" + (dir / "broken.pdf") + "': ", 0) == 0);
}

TEST_CASE("a KDP 6x9 book made by gridpress passes every rule, margins and gutter included") {
  TempDir dir;
  const std::string pdf = dir / "kdp.pdf";
  const std::string command = std::string("'") + GRIDPRESS_BINARY + "' book '" + GRIDPRESS_TEST_DATA +
                              "/pdfcheck_kdp.yaml' -o '" + pdf + "' > '" + (dir / "log.txt") + "' 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  Rules rules;  // the KDP defaults, plus what depends on the trim
  rules.max_pages = layout::kdp_max_pages(152.4, 228.6);
  rules.page_size_pt = std::pair{kW, kH};
  rules.live_margin_pt = 18;
  rules.inside_margin_pt = [](int pages) { return layout::kdp_gutter_mm(pages) / 25.4 * 72; };
  const Report report = checked(pdf, rules);
  CHECK(report.pages >= 24);
  CHECK(report.pages % 2 == 0);
  CHECK(messages(report) == Strings{});

  // The same book against tighter rules: the checks do see its text, lines and ink.
  Rules tight = rules;
  tight.min_text_pt = 9.5;   // captions are 9 pt
  tight.min_line_pt = 1.0;   // thin grid lines are 0.75 pt
  tight.live_margin_pt = 40; // the outside margin is 0.5 in = 36 pt
  const Report strict = checked(pdf, tight);
  CHECK_FALSE(messages(strict, "text-size").empty());
  CHECK_FALSE(messages(strict, "line-width").empty());
  CHECK_FALSE(messages(strict, "margins").empty());
}

TEST_CASE("the planted file in tests/data fails each rule it plants") {
  const Report report = checked(std::string(GRIDPRESS_TEST_DATA) + "/pdfcheck_planted.pdf", Rules{});
  CHECK(report.pages == 3);
  CHECK(messages(report, "fonts-embedded") == Strings{"font 'Helvetica' is not embedded (pages 1-3)"});
  CHECK(messages(report, "annotations") == Strings{"page 3 has 1 link annotation"});
  // The same text size and line width on pages 1-3: one finding each.
  CHECK(messages(report, "text-size") == Strings{"pages 1-3: text set at 6.0 pt (the minimum is 7 pt)"});
  CHECK(messages(report, "line-width") == Strings{"pages 1-3: a line 0.50 pt wide (the minimum is 0.75 pt)"});
  CHECK(report.findings.size() == 6);
}

TEST_CASE("to_device_gray: greys become DeviceGray; a colour is refused") {
  TempDir dir;
  const auto slurp_file = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
  cairo_pdf(dir / "grey.pdf", 2, [](cairo_t* cr, cairo_surface_t*, int page) {
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    line(cr, 2);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, 100, 200, 12, page == 1 ? "12" : "34");
  });
  const std::string original = slurp_file(dir / "grey.pdf");
  auto gray = to_device_gray(original);
  REQUIRE(gray.ok());
  CHECK(*gray == *to_device_gray(original));  // the same bytes every time
  { std::ofstream(dir / "gray.pdf", std::ios::binary) << *gray; }
  // Uncompressed content: greys as "g"/"G", no "rg"/"RG" left, the groups blended in DeviceGray.
  REQUIRE(std::system(("qpdf --qdf --object-streams=disable '" + (dir / "gray.pdf") + "' '" + (dir / "qdf.pdf") +
                       "' >/dev/null 2>&1").c_str()) == 0);
  const std::string qdf = slurp_file(dir / "qdf.pdf");
  CHECK(qdf.find(" rg") == std::string::npos);
  CHECK(qdf.find(" RG") == std::string::npos);
  CHECK(qdf.find("0.25 G") != std::string::npos);
  CHECK(qdf.find("0 g") != std::string::npos);
  CHECK(qdf.find("/DeviceRGB") == std::string::npos);
  CHECK(std::system(("qpdf --check '" + (dir / "gray.pdf") + "' >/dev/null 2>&1").c_str()) == 0);

  cairo_pdf(dir / "red.pdf", 1, [](cairo_t* cr, cairo_surface_t*, int) {
    cairo_set_source_rgb(cr, 1, 0, 0);
    line(cr, 2);
  });
  auto red = to_device_gray(slurp_file(dir / "red.pdf"));
  REQUIRE_FALSE(red.ok());
  CHECK(red.error().to_string() ==
        "page 1: a colour that is not grey (1 0 0 RG): it cannot be printed on the black plate alone");
  CHECK(to_device_gray("not a pdf").error().to_string().rfind("cannot rewrite the PDF in DeviceGray: ", 0) == 0);
}
