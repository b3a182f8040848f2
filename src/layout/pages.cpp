// Emitting the planned pages.
#include <algorithm>
#include <cctype>
#include <numeric>
#include <optional>
#include <set>
#include <string>

#include "core/codec.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "core/variants.hpp"
#include "layout/calendar.hpp"
#include "layout/grid_draw.hpp"
#include "layout/internal.hpp"
#include "layout/symbols.hpp"
#include "spec/symbols.hpp"

namespace gp::layout {
namespace {

using detail::Bands;
using detail::Fonts;

struct Context {
  const spec::BookSpec& spec;
  const BookPlan& plan;
  const std::vector<PuzzleStore>& puzzles;
  const TextMeasure& measure;
  const LayoutOptions& options;
  const std::vector<TechniqueDiagram>& techniques;
  const std::vector<VariantExample>& examples;
  const std::vector<std::vector<PuzzleHint>>& hints;
  const std::vector<WorkedSolution>& worked;
  Fonts fonts;
  Bands bands;
  GridStyle style;
  std::vector<std::size_t> first_record;  // index of each section's first record
};


// A one-line text that must fit `width`: the font shrinks (not below 7 pt) until it does.
Font fit_font(const Context& cx, const std::string& s, Font font, double width) {
  const double w = cx.measure.measure(s, font).width;
  if (w > width && w > 0) font.size_pt = std::max(kMinTextPt, font.size_pt * width / w);
  return font;
}

// The book's title on verso pages, `recto_text` on recto pages; `both` = on either side (a puzzle
// page of a book in mixed order names its section, so every page says which kind it holds).
void running_head(const Context& cx, Page& page, const PageFrame& f, const std::string& recto_text, bool both = false) {
  if (!cx.spec.theme.running_head) return;
  const std::string s = f.recto || both ? recto_text : cx.spec.title;
  if (s.empty()) return;
  const double h = cx.bands.head - cx.options.band_gap_mm;
  const Font font = fit_font(cx, s, cx.fonts.head, f.content.w);
  page.items.push_back(text_item(Box{f.content.x, f.content.y, f.content.w, h}, s, font, HAlign::center, VAlign::top));
}

void folio(const Context& cx, Page& page, const PageFrame& f, int number) {
  if (!cx.spec.theme.page_numbers || number <= 0) return;
  page.folio = number;
  const double h = cx.bands.foot - cx.options.band_gap_mm;
  // Outer corner: right on recto pages, left on verso pages (right on every page when not mirrored).
  const bool right = f.recto || !cx.plan.book_geometry.mirrored();
  page.items.push_back(text_item(Box{f.content.x, f.content.bottom() - h, f.content.w, h}, std::to_string(number),
                            cx.fonts.folio, right ? HAlign::right : HAlign::left, VAlign::bottom));
}

// "Name ________  Date ______  Class ______": labels with a line to write on; the first field
// gets twice the room of the others. A child's sheets (class list) have the name written on the
// first field's line.
const std::string kNoValue;

void worksheet_header(const Context& cx, Page& page, const PageFrame& f, const std::string& pupil) {
  const auto& fields = cx.spec.worksheet.header_fields;
  if (cx.bands.worksheet <= 0 || fields.empty()) return;
  const double y = f.content.y + cx.bands.head;
  const double h = cx.bands.worksheet - cx.options.band_gap_mm;
  const double line_h = cx.measure.measure("Ag", cx.fonts.body).height;
  const double units = static_cast<double>(fields.size()) + 1.0;
  const double gap = 4.0;
  double x = f.content.x;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const double w = f.content.w * (i == 0 ? 2.0 : 1.0) / units;
    const std::string label = fields[i];
    const double label_w = std::min(cx.measure.measure(label, cx.fonts.body).width, w / 2);
    const double base = y + h - 0.6;  // the writing line, just above the band's foot
    page.items.push_back(text_item(Box{x, base - line_h, label_w, line_h}, label,
                              fit_font(cx, label, cx.fonts.body, label_w), HAlign::left, VAlign::bottom));
    const double x1 = x + label_w + 1.5, x2 = x + w - (i + 1 < fields.size() ? gap : 0.0);
    if (x2 > x1) add(page.items, LineItem{x1, base, x2, base, kMinLinePt, 0, false});
    // The name on the first line; worksheet.class and worksheet.date on the Class and Date lines.
    std::string lowered = label;
    for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string& value = i == 0                ? pupil
                               : lowered == "class" ? cx.spec.worksheet.class_name
                               : lowered == "date"  ? cx.spec.worksheet.date
                                                    : kNoValue;
    if (!value.empty() && x2 > x1 + 2) {
      const double value_w = x2 - x1 - 2;
      page.items.push_back(text_item(Box{x1 + 1, base - line_h - 0.4, value_w, line_h}, value,
                                     fit_font(cx, value, cx.fonts.body, value_w), HAlign::left, VAlign::bottom));
    }
    x += w;
  }
}

// The rules in plain words in a box at the foot of the puzzle area.
void rules_box(const Context& cx, Page& page, const PageFrame& f, const spec::SectionSpec& section, double height) {
  const double bottom = f.content.bottom() - cx.bands.foot;
  const Box box{f.content.x, bottom - height, f.content.w, height};
  const double half = pt_to_mm(kMinLinePt) / 2;
  add(page.items, RectItem{Box{box.x + half, box.y + half, box.w - 2 * half, box.h - 2 * half}, kMinLinePt, 0, -1});
  const double pad = detail::kRulesPadMm;
  page.items.push_back(text_item(Box{box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad}, detail::rules_text(cx.spec.worksheet, section),
                            cx.fonts.body, HAlign::left, VAlign::top, true));
  // The picture key of a pack of shapes or colours: each symbol with its name, along the foot.
  const double key_h = detail::picture_key_height(cx.fonts, cx.measure, section);
  if (key_h <= 0) return;
  const std::vector<std::string> symbols = spec::section_symbols(section);
  const double name_h = cx.measure.measure("Ag", cx.fonts.body).height;
  const double top = box.bottom() - pad - name_h - 1.0 - detail::kKeySymbolMm;
  const double each = (box.w - 2 * pad) / static_cast<double>(symbols.size());
  SymbolStyle look{cx.style.digit_font, 0.0, detail::kKeySymbolMm * 0.8};
  look.font.size_pt = detail::kKeySymbolMm * 0.6 / pt_to_mm(1);
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    const double x = box.x + pad + each * static_cast<double>(i);
    draw_symbol(page.items, symbols[i],
                Box{x + (each - detail::kKeySymbolMm) / 2, top, detail::kKeySymbolMm, detail::kKeySymbolMm}, look);
    page.items.push_back(text_item(Box{x, top + detail::kKeySymbolMm + 1.0, each, name_h}, symbols[i], cx.fonts.body,
                                   HAlign::center, VAlign::top));
  }
}

const PuzzleRecord& record(const Context& cx, int section, int index) {
  return cx.plan.records[cx.first_record[static_cast<std::size_t>(section)] + static_cast<std::size_t>(index)];
}

// One puzzle (or answer) of `section` in its slot: caption + grid centred in it.
void slot_grid(const Context& cx, Page& page, const Box& slot, int section, int index, bool answers) {
  const SectionFit& fit = cx.plan.fits[static_cast<std::size_t>(section)];
  const double cell = answers ? fit.answer_cell_mm : fit.cell_mm;
  const double cap_h = answers ? cx.bands.answer_caption : cx.bands.caption;
  const Font& cap_font = answers ? cx.fonts.answer_caption : cx.fonts.caption;
  const std::string& tmpl = answers ? cx.spec.theme.answer_caption : cx.spec.theme.caption;
  const bool below = cx.options.caption_below;
  const GridStyle style = style_for_cell(answers ? detail::answer_style(cx.style) : cx.style, cell);
  const spec::SectionSpec& sec = cx.spec.sections[static_cast<std::size_t>(section)];
  const std::vector<std::string> symbols = spec::section_symbols(sec);
  const std::vector<std::string>* drawn = sec.symbols == "digits" ? nullptr : &symbols;
  const Puzzle p = cx.puzzles[static_cast<std::size_t>(section)].get(static_cast<std::size_t>(index));
  const double extent = grid_extent_mm(drawn_side(p.givens), cell, style);
  const double group_h = cap_h + extent;
  const double top = slot.y + (slot.h - group_h) / 2;
  const double gx = slot.x + (slot.w - extent) / 2;
  const double gy = below ? top : top + cap_h;
  const std::string caption = expand_caption(tmpl, caption_fields(cx.spec, record(cx, section, index), p));
  if (!caption.empty()) {
    const double text_h = cap_h - detail::kCaptionGapMm;
    const Box box{slot.x, below ? gy + extent + detail::kCaptionGapMm : top, slot.w, text_h};
    page.items.push_back(text_item(box, caption, fit_font(cx, caption, cap_font, slot.w), HAlign::center,
                              below ? VAlign::top : VAlign::bottom));
  }
  draw_grid(page.items, gx, gy, cell, p.givens, answers ? &p.solution : nullptr, style, drawn);
}

// Puzzles (or answers) in equal slots: caption + grid centred in each slot.
void grid_slots(const Context& cx, Page& page, const Box& area, const PlannedPage& pp, bool answers) {
  const SectionFit& fit = cx.plan.fits[static_cast<std::size_t>(pp.section)];
  const int columns = answers ? fit.answer_columns : fit.columns;
  const int rows = answers ? fit.answer_rows : fit.rows;
  for (int k = 0; k < pp.count; ++k) {
    Box slot = detail::slot_box(area, columns, rows, k, cx.options.slot_gap_mm);
    // A section that puts fewer puzzles on a page than it has slots (per_page: 3 as 2x2) centres
    // its part-filled last row.
    if (!answers && cx.spec.sections[static_cast<std::size_t>(pp.section)].per_page > 0) {
      const int row = k / columns, in_row = std::min(columns, pp.count - row * columns);
      slot.x += (columns - in_row) * (slot.w + cx.options.slot_gap_mm) / 2;
    }
    slot_grid(cx, page, slot, pp.section, pp.first + k, answers);
  }
}

// A class's answers, compact: the slots run on from child to child; over each row, each child's
// answers in it are headed by the child's name, with a line under the name as wide as their
// slots (a child whose answers go on to the next row or page is named there again).
void class_answer_slots(const Context& cx, Page& page, const Box& area, const PlannedPage& pp) {
  const SectionFit& fit = cx.plan.fits[static_cast<std::size_t>(pp.section)];
  const int columns = fit.answer_columns, rows = fit.answer_rows;
  const double name_h = cx.bands.answer_title;
  const double gap = cx.options.slot_gap_mm;
  for (const AnswerBlock& b : pp.blocks) {
    const std::string& name = cx.spec.sections[static_cast<std::size_t>(b.section)].pupil;
    for (int k = 0; k < b.count; ++k) {
      const int t = b.slot + k;
      const Box slot = detail::slot_box(area, columns, rows, t, gap);
      slot_grid(cx, page, Box{slot.x, slot.y + name_h, slot.w, slot.h - name_h}, b.section, b.first + k, true);
      // The name over the child's run of slots in this row, once, at its first slot.
      if (k > 0 && t % columns != 0) continue;
      const int in_row = std::min(b.count - k, columns - t % columns);
      const double w = in_row * slot.w + (in_row - 1) * gap;
      const double text_h = name_h - cx.options.band_gap_mm;
      page.items.push_back(text_item(Box{slot.x, slot.y, w, text_h}, name,
                                     fit_font(cx, name, cx.fonts.answer_title, w), HAlign::left, VAlign::top));
      const double y = slot.y + text_h + cx.options.band_gap_mm / 2;
      add(page.items, LineItem{slot.x, y, slot.x + w, y, kMinLinePt, 0, false});
    }
  }
}

// Stacks paragraphs from `y` down; returns the y below the last one.
double paragraphs(const Context& cx, Page& page, const Box& content, double y, const std::vector<std::string>& paras,
                  const Font& font) {
  const double gap = cx.measure.measure("Ag", font).height * 0.6;
  for (const std::string& para : paras) {
    const double h = cx.measure.measure(para, font, content.w).height;
    page.items.push_back(text_item(Box{content.x, y, content.w, h}, para, font, HAlign::left, VAlign::top, true));
    y += h + gap;
  }
  return y;
}

double heading(const Context& cx, Page& page, const PageFrame& f, const std::string& s) {
  const double h = cx.measure.measure(s, cx.fonts.heading, f.content.w).height;
  page.items.push_back(text_item(Box{f.content.x, f.content.y, f.content.w, h}, s, cx.fonts.heading, HAlign::left,
                            VAlign::top, true));
  return f.content.y + h * 1.8;
}

}  // namespace

namespace detail {

namespace {

// True when every word of `text` fits `width` on a line of its own at `font` (wrapping never breaks
// a word, so a longer one would run off the page).
bool words_fit(const std::string& text, const Font& font, const TextMeasure& measure, double width) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find_first_of(" \n", start);
    if (end == std::string::npos) end = text.size();
    if (end > start && measure.measure(text.substr(start, end - start), font).width > width + 1e-6) return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

Result<TitleLayout> title_layout(const spec::BookSpec& spec, const Fonts& fonts, const TextMeasure& measure,
                                 const Box& c) {
  TitleLayout t;
  t.title = fonts.title;
  t.subtitle = fonts.subtitle;
  t.author = fonts.subtitle;
  t.author.italic = false;
  const double min_title = std::max({fonts.title.size_pt / 2, fonts.body.size_pt, kMinTextPt});
  const double min_subtitle = std::max(std::min(fonts.body.size_pt, fonts.subtitle.size_pt), kMinTextPt);
  // The author first: it sets how far down the title block may reach.
  const double author_top = c.y + c.h * 0.72;
  double author_h = 0;
  if (!spec.author.empty()) {
    for (;;) {
      author_h = measure.measure(spec.author, t.author, c.w).height;
      if (author_h <= c.bottom() - author_top + 1e-6 && words_fit(spec.author, t.author, measure, c.w)) break;
      if (t.author.size_pt <= min_subtitle + 1e-9)
        return Error::about("author", "'" + spec.author + "' does not fit the title page even at " +
                     one_decimal(t.author.size_pt) + " pt; shorten it");
      t.author.size_pt = std::max(min_subtitle, t.author.size_pt - 1);
    }
    t.author_box = Box{c.x, author_top, c.w, author_h};
  }
  const double bottom = spec.author.empty() ? c.bottom() : author_top - measure.measure("Ag", t.author).height;
  for (double scale = 1.0;; scale -= 0.05) {
    t.title.size_pt = std::max(min_title, fonts.title.size_pt * scale);
    t.subtitle.size_pt = std::max(min_subtitle, fonts.subtitle.size_pt * scale);
    const double th = measure.measure(spec.title, t.title, c.w).height;
    const double gap = measure.measure("Ag", t.subtitle).height * 0.8;
    const double sh = spec.subtitle.empty() ? 0 : measure.measure(spec.subtitle, t.subtitle, c.w).height;
    const double block = th + gap + sh;
    const double top = std::max(c.y + c.h * 0.08, std::min(c.y + c.h * 0.28, bottom - block));
    const bool fits = top + block <= bottom + 1e-6 && words_fit(spec.title, t.title, measure, c.w) &&
                      words_fit(spec.subtitle, t.subtitle, measure, c.w);
    if (fits) {
      t.title_box = Box{c.x, top, c.w, th};
      t.subtitle_box = Box{c.x, top + th + gap, c.w, sh};
      return t;
    }
    if (t.title.size_pt <= min_title + 1e-9 && t.subtitle.size_pt <= min_subtitle + 1e-9)
      return Error::about("title", std::string(spec.subtitle.empty() ? "the title does" : "the title and subtitle do") +
                   " not fit the title page above the author even at " + one_decimal(t.title.size_pt) + " pt and " +
                   one_decimal(t.subtitle.size_pt) + " pt; shorten them");
  }
}

}  // namespace detail

namespace {

void title_page(const Context& cx, Page& page, const PageFrame& f) {
  // plan_book refused a title page that does not fit, so this succeeds.
  auto t = detail::title_layout(cx.spec, cx.fonts, cx.measure, f.content);
  if (!t) return;
  page.items.push_back(text_item(t->title_box, cx.spec.title, t->title, HAlign::center, VAlign::top, true));
  if (!cx.spec.subtitle.empty())
    page.items.push_back(text_item(t->subtitle_box, cx.spec.subtitle, t->subtitle, HAlign::center, VAlign::top, true));
  if (!cx.spec.author.empty())
    page.items.push_back(text_item(t->author_box, cx.spec.author, t->author, HAlign::center, VAlign::top, true));
}

void notice_page(const Context& cx, Page& page, const PageFrame& f) {
  const Box& c = f.content;
  const double h = cx.measure.measure(cx.spec.front.notice, cx.fonts.body, c.w).height;
  page.items.push_back(text_item(Box{c.x, c.bottom() - h, c.w, h}, cx.spec.front.notice, cx.fonts.body, HAlign::left,
                            VAlign::bottom, true));
}

void contents_page(const Context& cx, Page& page, const PageFrame& f, int index_among_contents) {
  struct Entry {
    std::string name;
    int page;
  };
  std::vector<Entry> entries;
  if (cx.spec.front.how_to_play) entries.push_back({"How to play", cx.plan.how_to_play_page});
  if (cx.spec.front.techniques) entries.push_back({"Solving techniques", cx.plan.techniques_page});
  if (cx.plan.combinations_page > 0) entries.push_back({"Cage combinations", cx.plan.combinations_page});
  if (cx.spec.order == "sections") {
    for (std::size_t s = 0; s < cx.spec.sections.size(); ++s) {
      entries.push_back({cx.spec.sections[s].name, cx.plan.section_pages[s]});
    }
  } else {  // mixed order: the sections' pages are dealt together, one entry for them all
    int first = 0;
    for (int p : cx.plan.section_pages)
      if (p > 0 && (first == 0 || p < first)) first = p;
    entries.push_back({"Puzzles", first});
  }
  const bool separate = cx.spec.answers.placement == "separate";
  // The hints come before the answers (or end the book): listed in that order.
  if (cx.plan.hints_page > 0 && cx.plan.hints_document == 0) entries.push_back({"Hints", cx.plan.hints_page});
  if ((cx.spec.answers.explained > 0 || !cx.spec.answers.explained_numbers.empty()) && cx.plan.hints_document == 0)
    entries.push_back({"Worked solutions", cx.plan.worked_page});
  if (cx.spec.answers.enabled && !separate && cx.plan.answers_first_page > 0) {
    entries.push_back({"Answers", cx.plan.answers_first_page});
  }
  double y = f.content.y;
  if (index_among_contents == 0) y = heading(cx, page, f, "Contents");
  const double line_h = cx.measure.measure("Ag", cx.fonts.body).height;
  const double step = line_h * 1.6;
  const double head = cx.measure.measure("Contents", cx.fonts.heading).height * 1.8;
  const int per_page = std::max(1, static_cast<int>((f.content.h - head - cx.bands.foot) / step));
  const std::size_t begin = static_cast<std::size_t>(index_among_contents * per_page);
  const std::size_t end = std::min(entries.size(), begin + static_cast<std::size_t>(per_page));
  for (std::size_t i = begin; i < end; ++i) {
    const std::string num = std::to_string(entries[i].page);
    const double num_w = cx.measure.measure(num, cx.fonts.body).width;
    const double name_w = std::max(10.0, f.content.w - num_w - 6);
    page.items.push_back(text_item(Box{f.content.x, y, name_w, line_h}, entries[i].name,
                              fit_font(cx, entries[i].name, cx.fonts.body, name_w), HAlign::left, VAlign::top));
    page.items.push_back(text_item(Box{f.content.x, y, f.content.w, line_h}, num, cx.fonts.body, HAlign::right, VAlign::top));
    y += step;
  }
}

// The lines (rows or columns) 0..bands*size-1 in a random order that keeps each band of `size`
// lines together: lines shuffled within their band, bands shuffled among themselves.
std::vector<int> permuted_lines(Rng& rng, int size, int bands) {
  std::vector<int> band_order(static_cast<std::size_t>(bands));
  std::iota(band_order.begin(), band_order.end(), 0);
  rng.shuffle(band_order);
  std::vector<int> out;
  for (int b : band_order) {
    std::vector<int> lines(static_cast<std::size_t>(size));
    std::iota(lines.begin(), lines.end(), b * size);
    rng.shuffle(lines);
    out.insert(out.end(), lines.begin(), lines.end());
  }
  return out;
}

// A solved example of the smallest grid in the book under the text, when there is room: givens
// black, the digits a solver fills in grey, as in the answer key.
void how_to_play_example(const Context& cx, Page& page, const PageFrame& f, double y, std::vector<Shape> shapes) {
  if (shapes.empty()) return;
  const Shape shape = *std::min_element(shapes.begin(), shapes.end(),
                                        [](const Shape& a, const Shape& b) { return a.n() < b.n(); });
  const int n = shape.n();
  // Drawn in the pack's symbols when every section of that size shows the same ones (a pack of
  // shapes: an example of shapes, not digits).
  std::optional<std::vector<std::string>> symbols;
  std::string kind = "digits";
  for (const spec::SectionSpec& s : cx.spec.sections) {
    if (s.shape.n() != n) continue;
    const std::vector<std::string> here =
        s.symbols == "digits" || spec::marks_are_arithmetic(s.variant) ? std::vector<std::string>{} : spec::section_symbols(s);
    if (!symbols) {
      symbols = here;
      kind = s.symbols == "shapes" ? "shapes" : s.symbols == "colors" ? "colours" : s.symbols == "letters" ? "letters"
                                                                      : "symbols";
    } else if (*symbols != here) {
      symbols = std::vector<std::string>{};
    }
  }
  if (!symbols || symbols->empty()) kind = "digits";
  const std::vector<std::string>* drawn = kind == "digits" ? nullptr : &*symbols;
  const std::string caption =
      "A solved " + std::to_string(n) + "x" + std::to_string(n) + " puzzle: " +
      (kind == "colours" ? std::string("some colours were given, the others filled in.")
                         : "the black " + kind + " were given, the grey ones filled in.");
  const double cap_h = cx.measure.measure(caption, cx.fonts.body, f.content.w).height;
  const double room = f.content.bottom() - cx.bands.foot - y - cap_h - detail::kCaptionGapMm;
  const GridStyle base = detail::answer_style(cx.style);
  const double cell = cell_for_extent(n, std::min({room, f.content.w * 0.6, 70.0}), base);
  if (cell < 5.0) return;
  // A valid solution for any shape: each row is the previous one shifted, box by box, then made to
  // look like any other grid by the changes that keep a grid valid (digits relabelled, rows
  // permuted within bands and bands among themselves, the same for columns), with a fixed seed so
  // every book shows the same example. Givens: about two cells in five, symmetric under a half turn.
  Rng rng(0x5EED'0F'E8A3'1234ULL);
  std::vector<int> digit(static_cast<std::size_t>(n)), row = permuted_lines(rng, shape.box_rows, shape.box_cols),
                                                        col = permuted_lines(rng, shape.box_cols, shape.box_rows);
  std::iota(digit.begin(), digit.end(), 1);
  rng.shuffle(digit);
  Grid solution(shape), givens(shape);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int pr = row[static_cast<std::size_t>(r)], pc = col[static_cast<std::size_t>(c)];
      const int v = digit[static_cast<std::size_t>((shape.box_cols * (pr % shape.box_rows) + pr / shape.box_rows + pc) % n)];
      solution.set(r, c, v);
    }
  }
  for (int k = 0; k < n * n; ++k) {
    const int m = n * n - 1 - k;
    if (k > m) break;
    if (rng.below(5) < 2) {
      givens.cells[static_cast<std::size_t>(k)] = solution.cells[static_cast<std::size_t>(k)];
      givens.cells[static_cast<std::size_t>(m)] = solution.cells[static_cast<std::size_t>(m)];
    }
  }
  const GridStyle style = style_for_cell(base, cell);
  const double extent = grid_extent_mm(n, cell, style);
  const double top = y + (room - extent) / 2;
  page.items.push_back(text_item(Box{f.content.x, top, f.content.w, cap_h}, caption, cx.fonts.body, HAlign::center,
                            VAlign::top, true));
  draw_grid(page.items, f.content.x + (f.content.w - extent) / 2, top + cap_h + detail::kCaptionGapMm, cell, givens,
            &solution, style, drawn);
}

// How to play in the words of the symbols the grids show: a pack of shapes says "each shape once
// in every row, every column and every box", never "the digits 1 to 4". When every section
// shows one kind of symbol on one grid size, the first paragraph is in its words and the
// paragraph about numbers goes; otherwise each kind gets a paragraph of its own.
void symbol_paragraphs(const spec::BookSpec& spec, std::vector<std::string>& paras) {
  std::vector<std::pair<std::string, std::string>> kinds;  // (symbols, rule sentence), in book order
  bool all = !spec.sections.empty();
  std::set<int> sizes;
  for (const spec::SectionSpec& s : spec.sections) {
    sizes.insert(s.shape.n());
    if (s.symbols == "digits" || spec::marks_are_arithmetic(s.variant)) {
      all = false;
      continue;
    }
    const std::vector<std::string> symbols = spec::section_symbols(s);
    std::string list;
    for (std::size_t i = 0; i < symbols.size(); ++i)
      list += (i == 0 ? "" : i + 1 == symbols.size() ? " and " : ", ") + symbols[i];
    const std::string word = s.symbols == "shapes"    ? "shape"
                             : s.symbols == "colors"  ? "colour"
                             : s.symbols == "letters" ? "letter"
                                                      : "symbol";
    const std::string rule = "each " + word + " once in every row, every column and every box (" + list + ")";
    bool known = false;
    for (const auto& k : kinds) known = known || k.second == rule;
    if (!known) kinds.emplace_back(s.name, rule);
  }
  if (kinds.empty()) return;
  if (all && kinds.size() == 1 && sizes.size() == 1 && !paras.empty()) {
    const std::string n = std::to_string(*sizes.begin());
    paras[0] = "Each puzzle is a grid of " + n + " rows and " + n + " columns, divided into boxes with a thick "
               "border. Some squares are already filled in. Fill in the empty squares: " + kinds.front().second + ".";
    for (std::string& p : paras)
      if (p.starts_with("The numbers are symbols, not sums"))
        p = "No counting is needed. Every puzzle has exactly one solution, and it can be found by looking and "
            "thinking, without guessing.";
    return;
  }
  // A size whose sections all show symbols has no digits to describe: its "NxN grids: the digits
  // ..." line goes.
  std::set<int> digit_sizes;
  for (const spec::SectionSpec& s : spec.sections)
    if (s.symbols == "digits" || spec::marks_are_arithmetic(s.variant)) digit_sizes.insert(s.shape.n());
  std::erase_if(paras, [&](const std::string& p) {
    for (int n : sizes)
      if (!digit_sizes.count(n) && p.starts_with(std::to_string(n) + "x" + std::to_string(n) + " grids: ")) return true;
    return false;
  });
  std::size_t at = 1;
  for (const auto& [name, rule] : kinds) {
    std::string text = (name.empty() ? std::string("Some puzzles") : name) + " show other symbols than numbers: " + rule + ".";
    paras.insert(paras.begin() + static_cast<std::ptrdiff_t>(std::min(at++, paras.size())), text);
  }
}

void how_to_play_page(const Context& cx, Page& page, const PageFrame& f) {
  double y = heading(cx, page, f, "How to play");
  std::vector<Shape> shapes;
  for (const spec::SectionSpec& s : cx.spec.sections) shapes.push_back(s.shape);
  std::vector<std::string> paras = how_to_play_paragraphs(shapes);
  std::vector<std::string> variants;
  for (const spec::SectionSpec& s : cx.spec.sections) variants.push_back(s.variant);
  const auto rules = variant_paragraphs(variants);
  if (std::any_of(variants.begin(), variants.end(), [](const std::string& v) { return spec::marks_are_arithmetic(v); }))
    for (std::string& p : paras)
      if (p.starts_with("The numbers are symbols, not sums"))
        p = "Outside killer cages the numbers are symbols, not sums. Every puzzle has exactly one solution, and it "
            "can be found by reasoning alone, without guessing.";
  paras.insert(paras.begin() + 1, rules.begin(), rules.end());
  symbol_paragraphs(cx.spec, paras);
  if (cx.spec.answers.enabled && cx.plan.answers_first_page > 0) {
    const std::string& where = cx.spec.answers.placement;
    if (where == "separate") {
      paras.push_back("The answers are printed separately.");
    } else if (where == "after-section") {
      paras.push_back("The answers follow each section.");
    } else {
      paras.push_back("The answers start on page " + std::to_string(cx.plan.answers_first_page) + ".");
    }
  }
  y = paragraphs(cx, page, f.content, y, paras, cx.fonts.body);
  how_to_play_example(cx, page, f, y, shapes);
}

// Worked examples of the techniques the book's puzzles need, each a real step (the book layer
// chose them); without any, a line saying the puzzles need only singles. A book with variants has
// a page a variant (technique_page_variants, the page's `first`), each with its own steps drawn
// with the variant's marks.
void techniques_page(const Context& cx, Page& page, const PageFrame& f, const PlannedPage& pp) {
  const std::vector<std::string> variants = technique_page_variants(cx.spec);
  const std::string variant = variants[static_cast<std::size_t>(pp.first) % variants.size()];
  std::vector<TechniqueDiagram> diagrams;
  for (const TechniqueDiagram& d : cx.techniques)
    if (d.variant == variant) diagrams.push_back(d);
  const bool classic = variant == "classic";
  const std::string title = classic ? "Classic Sudoku" : variant_title(variant);
  double y = heading(cx, page, f, variants.size() == 1 ? "Solving techniques" : "Solving " + title);
  std::string intro;
  if (classic) {
    intro = diagrams.empty()
                ? "Every puzzle in this book can be solved by finding the one cell left for a digit in a row, column or "
                  "box, or the one digit left for a cell."
                : "When a puzzle seems stuck, pencil in the candidates of its empty cells: the digits each cell can still "
                  "hold. Each step below is taken from a real puzzle, numbered when it is one of this book's. Rows are "
                  "numbered from the top, columns from the left: r2c7 is the cell in row 2, column 7.";
    if (variants.size() > 1 && !diagrams.empty())
      intro += " These steps work in every puzzle of the book; the pages that follow show what each variant adds.";
  } else {
    intro = diagrams.empty()
                ? "The " + title + " puzzles in this book need no step of their own beyond the singles and the techniques "
                  "of classic Sudoku."
                : "What the " + title + " rules add to the classic techniques, each step taken from a real puzzle of this "
                  "book (its number in brackets) and drawn with its marks as on the puzzle pages. Rows are numbered "
                  "from the top, columns from the left: r2c7 is the cell in row 2, column 7.";
  }
  y = paragraphs(cx, page, f.content, y, {intro}, cx.fonts.body);
  const Box area{f.content.x, y, f.content.w, f.content.bottom() - cx.bands.foot - y};
  detail::techniques_body(page.items, area, diagrams, cx.fonts.body, cx.style, cx.measure);
}

// A variant's solved example in a square of `side` mm at (x, y): givens black, the rest grey, its
// marks drawn as on the puzzle pages; a board of several grids as its bare grids. Nothing when the
// book layer made none for it.
void draw_example(const Context& cx, Page& page, const std::string& variant, double x, double y, double side) {
  const auto it = std::find_if(cx.examples.begin(), cx.examples.end(),
                               [&](const VariantExample& e) { return e.variant == variant; });
  if (it == cx.examples.end()) return;
  GridStyle base = detail::answer_style(cx.style);
  base.solved_example = true;
  const int cells = drawn_side(it->givens);
  const double cell = cell_for_extent(cells, side, base);
  if (cell <= 0) return;
  const GridStyle style = style_for_cell(base, cell);
  const double extent = grid_extent_mm(cells, cell, style);
  draw_grid(page.items, x + (side - extent) / 2, y, cell, it->givens, it->solution.complete() ? &it->solution : nullptr,
            style);
}

// One block of a variant book's how-to-play page at `y`: the title in bold and the rules on the
// left, the example in the column on the right. Returns the top of the next block.
double how_to_play_block(const Context& cx, Page& page, const Box& c, double y, const detail::HowToPlayBlock& b) {
  const double column = detail::example_column_mm(c.w);
  const double text_w = c.w - column - 4.0;
  Font title_font = cx.fonts.body;
  title_font.bold = true;
  const double th = cx.measure.measure(b.title, title_font, text_w).height;
  page.items.push_back(text_item(Box{c.x, y, text_w, th}, b.title, title_font, HAlign::left, VAlign::top, true));
  const double h = cx.measure.measure(b.text, cx.fonts.body, text_w).height;
  page.items.push_back(text_item(Box{c.x, y + th + 1.0, text_w, h}, b.text, cx.fonts.body, HAlign::left, VAlign::top,
                                 true));
  draw_example(cx, page, b.variant, c.right() - column, y, column);
  return y + detail::how_to_play_block_height(b, cx.fonts, cx.measure, c.w);
}

// How to play in a book with variants: the introduction on the first page, then the blocks the
// plan gives the page (first, count).
void variant_how_to_play_page(const Context& cx, Page& page, const PageFrame& f, const PlannedPage& pp) {
  double y = heading(cx, page, f, "How to play");
  if (pp.first == 0)
    y = paragraphs(cx, page, f.content, y, {detail::how_to_play_intro(cx.spec, cx.plan.answers_first_page)},
                   cx.fonts.body);
  const std::vector<detail::HowToPlayBlock> blocks = detail::how_to_play_blocks(cx.spec);
  for (int i = pp.first; i < pp.first + pp.count && i < static_cast<int>(blocks.size()); ++i)
    y = how_to_play_block(cx, page, f.content, y, blocks[static_cast<std::size_t>(i)]);
}

// Page `index` of the cage combinations table: the heading (and on the first, the introduction),
// then the lines the flow gives its columns, measured on the narrowest live area as the plan was.
void cage_combinations_page(const Context& cx, Page& page, const PageFrame& f, int index) {
  double y = heading(cx, page, f, "Cage combinations");
  const Box content = detail::narrowest_content(cx.spec, cx.options, f.content);
  const double top = detail::below_heading("Cage combinations", cx.fonts, cx.measure, content);
  const double first_top = top + cx.measure.measure(detail::cage_combinations_intro(), cx.fonts.body, content.w).height +
                           cx.measure.measure("Ag", cx.fonts.body).height * 0.6;
  if (index == 0) paragraphs(cx, page, Box{f.content.x, y, content.w, 0}, y, {detail::cage_combinations_intro()}, cx.fonts.body);
  const std::vector<detail::ComboLine> lines = detail::cage_combination_lines(cx.spec);
  const auto flow = detail::combination_flow(lines, cx.fonts, cx.measure, content, first_top, top,
                                             content.bottom() - cx.bands.foot);
  if (index < 0 || index >= static_cast<int>(flow.size())) return;
  const int columns = detail::combination_columns(content.w);
  const double gap = 5.0, column_w = (content.w - gap * (columns - 1)) / columns;
  // The plan's tops are measured from the narrow area's top; this page's live area starts at f.content.y.
  const double shift = f.content.y - content.y;
  const auto& page_columns = flow[static_cast<std::size_t>(index)];
  for (std::size_t c = 0; c < page_columns.size(); ++c) {
    double cy = (index == 0 ? first_top : top) + shift;
    const double x = f.content.x + static_cast<double>(c) * (column_w + gap);
    for (int i = page_columns[c].first; i < page_columns[c].first + page_columns[c].second; ++i) {
      const detail::ComboLine& line = lines[static_cast<std::size_t>(i)];
      const Font font = detail::combination_font(cx.fonts, line.head, line.bold);
      const double h = detail::combination_line_height(line, cx.fonts, cx.measure, column_w);
      const double th = cx.measure.measure(line.text, font, column_w).height;
      page.items.push_back(text_item(Box{x, cy + (h - th), column_w, th}, line.text, font, HAlign::left, VAlign::top, true));
      cy += h;
    }
  }
}

// Page `index` of the hints: the heading (and on the first, the introduction), then one entry a
// puzzle in number order down the columns: the number in bold, the hint in two lines beside it.
void hints_page(const Context& cx, Page& page, const PageFrame& f, int index) {
  double y = heading(cx, page, f, "Hints");
  const Box content = detail::narrowest_content(cx.spec, cx.options, f.content);
  if (index == 0) paragraphs(cx, page, Box{f.content.x, y, content.w, 0}, y, {detail::hints_intro()}, cx.fonts.body);
  const detail::HintFlow flow = detail::hint_flow(cx.fonts, cx.measure, content, content.bottom() - cx.bands.foot);
  std::vector<std::size_t> order;  // the records with a hint, in book order
  for (std::size_t r : cx.plan.book_order())
    if (!cx.spec.sections[static_cast<std::size_t>(cx.plan.records[r].section)].blank) order.push_back(r);
  const auto [first, count] = flow.page_entries(index, static_cast<int>(order.size()));
  const double gap = 5.0, column_w = (content.w - gap * (flow.columns - 1)) / flow.columns;
  const double number_w = detail::hint_number_width(cx.fonts, cx.measure);
  const double entry_h = detail::hint_entry_height(cx.fonts, cx.measure);
  const int per_column = index == 0 ? flow.first_per_column : flow.per_column;
  const double shift = f.content.y - content.y;  // the plan measured from the narrow area's top
  const Font number_font = detail::hint_font(cx.fonts, true);
  const double line = cx.measure.measure("Ag", number_font).height;
  for (int k = 0; k < count; ++k) {
    const PuzzleRecord& rec = cx.plan.records[order[static_cast<std::size_t>(first + k)]];
    const int column = k / per_column, row = k % per_column;
    const double x = f.content.x + column * (column_w + gap);
    const double top = (index == 0 ? flow.first_top : flow.top) + shift + row * entry_h;
    page.items.push_back(text_item(Box{x, top, number_w, line}, std::to_string(rec.number), number_font, HAlign::left,
                                   VAlign::top));
    const auto sec = static_cast<std::size_t>(rec.section), at = static_cast<std::size_t>(rec.index);
    const PuzzleHint none{"No hint: the grader recorded no step.", "No hint."};
    const PuzzleHint& h = sec < cx.hints.size() && at < cx.hints[sec].size() ? cx.hints[sec][at] : none;
    Font font;
    const std::string text = detail::fitted_hint(h.full, h.brief, cx.measure, column_w - number_w, font, cx.fonts);
    const double th = cx.measure.measure(text, font, column_w - number_w).height;
    page.items.push_back(
        text_item(Box{x + number_w, top, column_w - number_w, th}, text, font, HAlign::left, VAlign::top, true));
  }
}

// Page `pp.count` of worked solution `pp.first`: its heading (and on its first page the
// introduction), then the steps the flow gives the page, a diagram with its text beside it.
void worked_page(const Context& cx, Page& page, const PageFrame& f, const PlannedPage& pp) {
  if (pp.first < 0 || pp.first >= static_cast<int>(cx.worked.size())) return;
  const WorkedSolution& w = cx.worked[static_cast<std::size_t>(pp.first)];
  const int number = record(cx, w.section, w.index).number;
  const std::string title = detail::worked_heading(number, pp.count > 0);
  double y = heading(cx, page, f, title);
  const Box content = detail::narrowest_content(cx.spec, cx.options, f.content);
  const Font font = detail::worked_font(cx.fonts);
  if (pp.count == 0) {
    const double h = cx.measure.measure(detail::worked_intro(), font, content.w).height;
    page.items.push_back(text_item(Box{f.content.x, y, content.w, h}, detail::worked_intro(), font, HAlign::left,
                                   VAlign::top, true));
  }
  const GridStyle base = detail::answer_style(cx.style);
  const auto flow = detail::worked_flow(w, cx.fonts, cx.measure, content, content.bottom() - cx.bands.foot, base);
  if (pp.count >= static_cast<int>(flow.size())) return;
  const auto [first, count] = flow[static_cast<std::size_t>(pp.count)];
  y = (pp.count == 0 ? detail::worked_first_top(cx.fonts, cx.measure, content)
                     : detail::below_heading(detail::worked_heading(9999, true), cx.fonts, cx.measure, content)) +
      (f.content.y - content.y);
  for (int i = first; i < first + count; ++i) {
    const WorkedStep& step = w.steps[static_cast<std::size_t>(i)];
    const double h = detail::worked_step_height(step, cx.fonts, cx.measure, content.w, base);
    if (step.diagram) {
      const double cell = detail::worked_diagram_cell(*step.diagram, content.w, base);
      const GridStyle style = style_for_cell(base, cell);
      const DiagramWindow window = diagram_window(*step.diagram);
      const Box size = diagram_size(window, cell, style, &board_of(step.diagram->givens));
      draw_diagram(page.items, f.content.x, y + 1.6, cell, *step.diagram, window, style);
      if (detail::worked_stacked(*step.diagram)) {  // the text under a variant's whole grid
        const double th = cx.measure.measure(step.text, font, content.w).height;
        page.items.push_back(text_item(Box{f.content.x, y + 1.6 + size.h + 1.6, content.w, th}, step.text, font,
                                       HAlign::left, VAlign::top, true));
        y += h;
        continue;
      }
      const double text_w = content.w - size.w - 5.0;
      const double th = cx.measure.measure(step.text, font, text_w).height;
      page.items.push_back(text_item(Box{f.content.x + size.w + 5.0, y + 1.6, text_w, th}, step.text, font,
                                     HAlign::left, VAlign::top, true));
    } else {
      const double th = cx.measure.measure(step.text, font, content.w).height;
      page.items.push_back(text_item(Box{f.content.x, y, content.w, th}, step.text, font, HAlign::left, VAlign::top, true));
    }
    y += h;
  }
}

// The cut-and-glue page after a puzzle page (worksheet.cutouts): for each of its puzzles, a line
// naming it and the symbols missing from it (the solution's value of every empty cell, in order),
// each in a square of the puzzle's cell size with grey lines to cut along.
void cutouts_page(const Context& cx, Page& page, const PageFrame& f, const PlannedPage& pp) {
  const spec::SectionSpec& sec = cx.spec.sections[static_cast<std::size_t>(pp.section)];
  const SectionFit& fit = cx.plan.fits[static_cast<std::size_t>(pp.section)];
  const Box area = detail::puzzle_area(f.content, cx.bands);
  double y = area.y;
  const std::string intro = "Cut out the squares along the grey lines and glue each one into its place in the puzzle.";
  const double ih = cx.measure.measure(intro, cx.fonts.body, area.w).height;
  page.items.push_back(text_item(Box{area.x, y, area.w, ih}, intro, cx.fonts.body, HAlign::left, VAlign::top, true));
  y += ih * 1.6;
  const std::vector<std::string> symbols = spec::section_symbols(sec);
  const GridStyle style = style_for_cell(cx.style, fit.cell_mm);
  const double line_h = cx.measure.measure("Ag", cx.fonts.caption).height;
  for (int i = pp.first; i < pp.first + pp.count; ++i) {
    const Puzzle p = cx.puzzles[static_cast<std::size_t>(pp.section)].get(static_cast<std::size_t>(i));
    std::vector<int> missing;
    for (int c = 0; c < p.givens.size(); ++c)
      if (!p.givens.cells[static_cast<std::size_t>(c)]) missing.push_back(p.solution.cells[static_cast<std::size_t>(c)]);
    std::sort(missing.begin(), missing.end());
    const double half = pt_to_mm(kMinLinePt) / 2;  // the cut lines' ink past their squares
    const int across = std::max(1, static_cast<int>((area.w - 2 * half) / fit.cell_mm));
    const int rows = (static_cast<int>(missing.size()) + across - 1) / across;
    // As many squares as the page holds at the puzzle's cell size, smaller when they would not fit.
    const double room = area.bottom() - y - line_h * 1.4 - 2 * half;
    const double cell = rows > 0 ? std::min(fit.cell_mm, room / rows) : fit.cell_mm;
    if (cell < 5.0) break;  // no room left on the page for this puzzle's pieces
    const std::string name = "Puzzle " + std::to_string(record(cx, pp.section, i).number);
    page.items.push_back(text_item(Box{area.x, y, area.w, line_h}, name, cx.fonts.caption, HAlign::left, VAlign::top));
    y += line_h * 1.4;
    const int per_row = std::max(1, static_cast<int>((area.w - 2 * half) / cell));
    for (std::size_t k = 0; k < missing.size(); ++k) {
      const double x = area.x + half + static_cast<double>(static_cast<int>(k) % per_row) * cell;
      const double top = y + half + static_cast<double>(static_cast<int>(k) / per_row) * cell;
      add(page.items, RectItem{Box{x, top, cell, cell}, kMinLinePt, 0.55, -1});
      const Box box{x, top, cell, cell};
      const int v = missing[k];
      if (sec.symbols != "digits" && v >= 1 && v <= static_cast<int>(symbols.size())) {
        SymbolStyle look{style.digit_font, 0.0, cell * style.digit_scale * 1.15};
        look.font.size_pt = digit_size_pt(cell, style);
        draw_symbol(page.items, symbols[static_cast<std::size_t>(v - 1)], box, look);
      } else {
        Font font = style.digit_font;
        font.size_pt = digit_size_pt(cell, style);
        page.items.push_back(text_item(box, std::string(1, value_char(v)), font, HAlign::center, VAlign::middle));
      }
    }
    const int used_rows = (static_cast<int>(missing.size()) + per_row - 1) / per_row;
    y += used_rows * cell + 2 * half + line_h;
  }
}

void section_heading_page(const Context& cx, Page& page, const PageFrame& f, int section) {
  const spec::SectionSpec& sec = cx.spec.sections[static_cast<std::size_t>(section)];
  const Box& c = f.content;
  const double h = cx.measure.measure(sec.name, cx.fonts.heading, c.w).height;
  const double y = c.y + c.h * 0.38;
  page.items.push_back(text_item(Box{c.x, y, c.w, h}, sec.name, cx.fonts.heading, HAlign::center, VAlign::top, true));
  const int count = static_cast<int>(cx.puzzles[static_cast<std::size_t>(section)].size());
  const int n = sec.shape.n();
  std::string detail = std::to_string(count) + (count == 1 ? " puzzle" : " puzzles") + " \u00b7 " +
                       std::to_string(n) + "x" + std::to_string(n);
  if (!sec.difficulty.empty()) detail += " \u00b7 " + sec.difficulty;
  const double dh = cx.measure.measure(detail, cx.fonts.body).height;
  page.items.push_back(text_item(Box{c.x, y + h + dh, c.w, dh}, detail, fit_font(cx, detail, cx.fonts.body, c.w),
                            HAlign::center, VAlign::top));
  // In a book with variants, the section's rules and its example below (the classic book keeps
  // its heading pages bare).
  if (example_variants(cx.spec).empty()) return;
  const VariantDef* def = find_variant_def(sec.variant);
  const std::string name = def ? std::string(def->name) : sec.variant;
  for (const detail::HowToPlayBlock& b : detail::how_to_play_blocks(cx.spec)) {
    if (b.variant != name) continue;
    const double w = c.w * 0.8;
    const double top = y + h + 3 * dh;
    const double th = cx.measure.measure(b.text, cx.fonts.body, w).height;
    page.items.push_back(text_item(Box{c.x + (c.w - w) / 2, top, w, th}, b.text, cx.fonts.body, HAlign::left,
                                   VAlign::top, true));
    const double room = c.bottom() - cx.bands.foot - (top + th + dh);
    const double side = std::min({room, c.w * 0.45, 60.0});
    if (side >= 20.0) draw_example(cx, page, name, c.x + (c.w - side) / 2, top + th + dh, side);
  }
}

void notes_page(const Context& cx, Page& page, const PageFrame& f) {
  const double top = heading(cx, page, f, "Notes");
  const double bottom = f.content.bottom() - cx.bands.foot;
  for (double y = top + 9.0; y <= bottom; y += 9.0) {
    add(page.items, LineItem{f.content.x, y, f.content.right(), y, kMinLinePt, 0.6, false});
  }
}

}  // namespace

CaptionFields caption_fields(const spec::BookSpec& spec, const PuzzleRecord& record, const Puzzle& puzzle) {
  const spec::SectionSpec& sec = spec.sections[static_cast<std::size_t>(record.section)];
  CaptionFields f;
  f.number = record.number;
  f.label = puzzle.label;
  f.rating = puzzle.rating;
  f.clues = puzzle.givens.clue_count();
  f.section = sec.name;
  const VariantDef* def = find_variant_def(sec.variant);  // an alias (windoku) prints as its variant
  f.variant = variant_title(def ? def->name : std::string_view(sec.variant));
  const int n = puzzle.givens.n();
  f.grid = std::to_string(n) + "x" + std::to_string(n);
  f.page = record.page;
  f.answer_page = record.answer_page;
  f.date = sec.date;
  f.locale = spec.newspaper.locale;
  f.weekday = sec.date.empty() ? sec.weekday : format_date(sec.date, "%A", f.locale);
  if (!sec.level.empty())
    f.level = sec.level;
  else if (const auto level = spec.worksheet.levels.find(puzzle.label); level != spec.worksheet.levels.end())
    f.level = level->second;
  // The band's rank by its lower bound: easy 1, medium 2, hard 3, expert 4, fiendish 5.
  if (const auto band = spec.bands.find(puzzle.label); band != spec.bands.end()) {
    f.stars = 1;
    for (const auto& [name, range] : spec.bands)
      if (range.first < band->second.first) ++f.stars;
  }
  return f;
}

Status lay_out_book(const spec::BookSpec& spec, const BookPlan& plan, const std::vector<PuzzleStore>& puzzles,
                    const TextMeasure& measure, const PageSinks& sinks, const LayoutOptions& options,
                    const std::vector<TechniqueDiagram>& techniques, const std::vector<VariantExample>& examples,
                    const std::vector<std::vector<PuzzleHint>>& hints, const std::vector<WorkedSolution>& worked) {
  if (puzzles.size() != spec.sections.size() || plan.fits.size() != spec.sections.size()) {
    return Error("layout: the plan, the spec and the puzzles disagree on the number of sections");
  }
  std::size_t total = 0;
  for (const auto& section : puzzles) total += section.size();
  if (total != plan.records.size()) {
    return Error("layout: the plan has " + std::to_string(plan.records.size()) + " puzzles, but " +
                 std::to_string(total) + " were given");
  }
  if (plan.answer_pages > 0 && !sinks.answers) {
    return Error("layout: answers are a separate document but no answer page sink was given");
  }
  if (!sinks.book) return Error("layout: no page sink was given");

  Context cx{spec,  plan, puzzles, measure, options, techniques, examples, hints, worked,
             detail::book_fonts(spec, options), {}, grid_style(spec.theme), {}};
  cx.bands = detail::measure_bands(spec, cx.fonts, measure, options);
  cx.style.tint_cages = spec.killer.tint == "alternate";
  cx.style.tint_regions = spec.jigsaw.tint == "alternate";
  cx.first_record.assign(spec.sections.size(), 0);
  for (std::size_t i = plan.records.size(); i-- > 0;) {
    cx.first_record[static_cast<std::size_t>(plan.records[i].section)] = i;
  }

  int contents_index = 0;
  for (const PlannedPage& pp : plan.pages) {
    const PageGeometry& g = pp.document == 0 ? plan.book_geometry : plan.answer_geometry;
    const PageFrame f = g.frame(pp.number);
    Page page;
    page.width = f.width;
    page.height = f.height;
    page.trim = f.trim;
    switch (pp.kind) {
      case PageKind::title: title_page(cx, page, f); break;
      case PageKind::notice: notice_page(cx, page, f); break;
      case PageKind::contents: contents_page(cx, page, f, contents_index++); break;
      case PageKind::how_to_play:
        if (example_variants(spec).empty())
          how_to_play_page(cx, page, f);
        else
          variant_how_to_play_page(cx, page, f, pp);
        break;
      case PageKind::techniques: techniques_page(cx, page, f, pp); break;
      case PageKind::cage_combinations: cage_combinations_page(cx, page, f, pp.first); break;
      case PageKind::hints: hints_page(cx, page, f, pp.first); break;
      case PageKind::worked: worked_page(cx, page, f, pp); break;
      case PageKind::cutouts:
        worksheet_header(cx, page, f, spec.sections[static_cast<std::size_t>(pp.section)].pupil);
        cutouts_page(cx, page, f, pp);
        break;
      case PageKind::section_heading: section_heading_page(cx, page, f, pp.section); break;
      case PageKind::notes: notes_page(cx, page, f); break;
      case PageKind::blank: break;
      case PageKind::puzzles: {
        const std::string& name = spec.sections[static_cast<std::size_t>(pp.section)].name;
        running_head(cx, page, f, name.empty() ? spec.title : name, spec.order != "sections");
        worksheet_header(cx, page, f, spec.sections[static_cast<std::size_t>(pp.section)].pupil);
        const SectionFit& fit = plan.fits[static_cast<std::size_t>(pp.section)];
        const bool with_rules = pp.first == 0 || spec.worksheet.rules_every_page;
        const double rules = with_rules ? fit.rules_box_mm : 0.0;
        if (rules > 0) rules_box(cx, page, f, spec.sections[static_cast<std::size_t>(pp.section)], rules);
        grid_slots(cx, page, detail::puzzle_area_with_rules(f.content, cx.bands, rules, options.slot_gap_mm), pp,
                   false);
        break;
      }
      case PageKind::answers: {
        running_head(cx, page, f, "Answers");
        const spec::SectionSpec& sec = spec.sections[static_cast<std::size_t>(pp.section)];
        // A class list: the child's name, so the teacher marks each sheet against its own answers
        // (compact: each child's answers are headed by the name on the page).
        const std::string title = !sec.pupil.empty() && pp.blocks.empty()
                                      ? "Answers for " + sec.pupil + (sec.name.empty() ? "" : ": " + sec.name)
                                  : sec.name.empty() ? "Answers"
                                                     : "Answers: " + sec.name;
        const double h = cx.bands.answer_title - options.band_gap_mm;
        page.items.push_back(text_item(Box{f.content.x, f.content.y + cx.bands.head, f.content.w, h}, title,
                                  fit_font(cx, title, cx.fonts.answer_title, f.content.w), HAlign::left,
                                  VAlign::top));
        if (pp.blocks.empty())
          grid_slots(cx, page, detail::answer_area(f.content, cx.bands), pp, true);
        else
          class_answer_slots(cx, page, detail::answer_area(f.content, cx.bands), pp);
        break;
      }
    }
    folio(cx, page, f, pp.folio);
    Status st = (pp.document == 0 ? sinks.book : sinks.answers)(std::move(page));
    if (!st) return st;
  }
  return Ok{};
}

}  // namespace gp::layout
