// Page geometry and the book plan.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "core/codec.hpp"
#include "core/text.hpp"
#include "layout/grid_draw.hpp"
#include "layout/internal.hpp"
#include "layout/symbols.hpp"
#include "spec/spec.hpp"
#include "spec/symbols.hpp"
#include "core/variants.hpp"

namespace gp::layout {

namespace {
constexpr double kMinLiveMm = 30.0;

// Answers a page as columns x rows: the book's answers layout; a samurai board (21 cells a side)
// at most two a page, one above the other.
std::pair<int, int> answer_layout(const spec::BookSpec& spec, const spec::SectionSpec& sec) {
  const VariantDef* def = find_variant_def(sec.variant);
  if (!def || !def->multi_grid) return {spec.answers.columns, spec.answers.rows};
  return {1, spec.answers.columns * spec.answers.rows >= 2 ? 2 : 1};
}

}  // namespace

double kdp_gutter_mm(int page_count) {
  double in = 0.375;
  if (page_count > 700) {
    in = 0.875;
  } else if (page_count > 500) {
    in = 0.75;
  } else if (page_count > 300) {
    in = 0.625;
  } else if (page_count > 150) {
    in = 0.5;
  }
  return in * kMmPerInch;
}

double kdp_min_margin_mm(bool bleed) { return (bleed ? 0.375 : 0.25) * kMmPerInch; }

Result<PageGeometry> PageGeometry::make(const spec::PageSpec& page, const LayoutOptions& options,
                                        int page_count) {
  PageGeometry g;
  g.trim_w_ = page.width;
  g.trim_h_ = page.height;
  if (page.landscape && g.trim_w_ < g.trim_h_) std::swap(g.trim_w_, g.trim_h_);
  if (!(g.trim_w_ > 0) || !(g.trim_h_ > 0)) {
    return Error("page: the trim size must be positive, got " + one_decimal(g.trim_w_) + " x " +
                 one_decimal(g.trim_h_) + " mm");
  }
  const spec::Margins& m = page.margins;
  if (m.top < 0 || m.bottom < 0 || m.inside < 0 || m.outside < 0) {
    return Error("page: margins must not be negative");
  }
  g.bleed_ = page.bleed ? kBleedMm : 0.0;
  g.mirrored_ = page.mirror_margins;
  g.margins_ = {m.top, m.bottom, m.inside, m.outside};
  if (options.kdp || page.auto_gutter) {
    g.margins_.inside = std::max(g.margins_.inside, kdp_gutter_mm(page_count));
  }
  if (options.kdp) {
    const double edge = kdp_min_margin_mm(page.bleed);
    g.margins_.outside = std::max(g.margins_.outside, edge);
    g.margins_.top = std::max(g.margins_.top, edge);
    g.margins_.bottom = std::max(g.margins_.bottom, edge);
  }
  if (g.content_width() < kMinLiveMm || g.content_height() < kMinLiveMm) {
    return Error("page: margins leave a live area of " + one_decimal(g.content_width()) + " x " +
                 one_decimal(g.content_height()) + " mm on a " + one_decimal(g.trim_w_) + " x " + one_decimal(g.trim_h_) +
                 " mm page (need at least 30 x 30 mm)");
  }
  return g;
}

PageFrame PageGeometry::frame(int page_number) const {
  PageFrame f;
  f.recto = page_number % 2 == 1;
  f.width = trim_w_ + bleed_;
  f.height = trim_h_ + 2 * bleed_;
  // Bleed is on the outer edge: the right of a recto page, the left of a verso page.
  f.trim = Box{f.recto ? 0.0 : bleed_, bleed_, trim_w_, trim_h_};
  const double left = (!mirrored_ || f.recto) ? margins_.inside : margins_.outside;
  f.content = Box{f.trim.x + left, f.trim.y + margins_.top, content_width(), content_height()};
  return f;
}

LayoutOptions options_for(const spec::BookSpec& spec) {
  LayoutOptions o;
  o.kdp = spec.print.rules == "kdp";
  o.pad_to_even = o.kdp && spec.print.pad_even;
  return o;
}

const char* page_kind_name(PageKind kind) {
  switch (kind) {
    case PageKind::title: return "title";
    case PageKind::notice: return "notice";
    case PageKind::contents: return "contents";
    case PageKind::how_to_play: return "how_to_play";
    case PageKind::section_heading: return "section_heading";
    case PageKind::puzzles: return "puzzles";
    case PageKind::answers: return "answers";
    case PageKind::notes: return "notes";
    case PageKind::blank: return "blank";
    case PageKind::techniques: return "techniques";
    case PageKind::cage_combinations: return "cage_combinations";
    case PageKind::hints: return "hints";
    case PageKind::worked: return "worked";
    case PageKind::cutouts: return "cutouts";
  }
  return "?";
}

std::vector<PlannedPage> BookPlan::document_pages(int document) const {
  std::vector<PlannedPage> out;
  for (const PlannedPage& p : pages) {
    if (p.document == document) out.push_back(p);
  }
  return out;
}

std::vector<std::size_t> BookPlan::book_order() const {
  std::vector<std::size_t> order(records.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const PuzzleRecord &x = records[a], &y = records[b];
    return std::tie(x.part, x.page, x.number) < std::tie(y.part, y.page, y.number);
  });
  return order;
}

namespace detail {

Fonts book_fonts(const spec::BookSpec& spec, const LayoutOptions& options) {
  const spec::Theme& t = spec.theme;
  const double floor_pt = options.kdp ? kMinTextPt : 1.0;
  auto sz = [&](double pt) { return std::max(pt, floor_pt); };
  Fonts f;
  f.head = Font{t.font, sz(t.caption_size), false, true};
  f.folio = Font{t.font, sz(t.caption_size), false, false};
  f.caption = Font{t.font, sz(t.caption_size), false, false};
  f.answer_caption = Font{t.font, sz(std::max(t.caption_size * 0.85, kMinTextPt)), false, false};
  f.answer_title = Font{t.font, sz(t.body_size), true, false};
  f.heading = Font{t.title_font, sz(t.heading_size), true, false};
  f.title = Font{t.title_font, sz(t.title_size), true, false};
  f.subtitle = Font{t.title_font, sz(std::max(t.heading_size * 0.7, t.body_size)), false, true};
  f.body = Font{t.font, sz(t.body_size), false, false};
  return f;
}

Bands measure_bands(const spec::BookSpec& spec, const Fonts& fonts, const TextMeasure& measure,
                    const LayoutOptions& options) {
  const std::string sample = "Ag0123456789";
  Bands b;
  if (spec.theme.running_head) b.head = measure.measure(sample, fonts.head).height + options.band_gap_mm;
  if (spec.theme.page_numbers) b.foot = measure.measure(sample, fonts.folio).height + options.band_gap_mm;
  b.answer_title = measure.measure(sample, fonts.answer_title).height + options.band_gap_mm;
  b.caption = measure.measure(sample, fonts.caption).height + kCaptionGapMm;
  b.answer_caption = measure.measure(sample, fonts.answer_caption).height + kCaptionGapMm;
  if (spec.worksheet.header && !spec.worksheet.header_fields.empty()) {
    b.worksheet = measure.measure(sample, fonts.body).height * 1.8 + options.band_gap_mm;
  }
  return b;
}

namespace {

// "a, b, c and d"
std::string listing(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i)
    s += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return s;
}

}  // namespace

std::string rules_text(const spec::WorksheetSpec& worksheet, const spec::SectionSpec& section) {
  if (!section.rules_text.empty()) return section.rules_text;
  if (!worksheet.rules_text.empty()) return worksheet.rules_text;
  // A jigsaw's regions (also a combination's with jigsaw) are shapes with a thick border, not boxes.
  const VariantDef* def = find_variant_def(section.variant);
  const std::string rule = std::string(" Each row, each column and each ") +
                           (def && has_part(def->variant, Variant::kJigsaw) ? "shape" : "box") +
                           " with a thick border must have ";
  const std::vector<std::string> symbols = spec::section_symbols(section);
  if (section.symbols == "letters")
    return "Write a letter in every empty square." + rule + "all the letters from A to " + symbols.back() +
           ", and no letter twice.";
  if (section.symbols == "shapes")
    return "Draw a shape in every empty square." + rule + "each shape once: " + listing(symbols) + ".";
  if (section.symbols == "colors") {
    std::vector<std::string> named;
    for (const auto& c : symbols) named.push_back(c + " (" + symbol_initial(c) + ")");
    return "Colour every empty square." + rule + "each colour once: " + listing(named) + ".";
  }
  if (section.symbols == "custom")
    return "Fill in every empty square." + rule + "each of these once: " + listing(symbols) + ".";
  const int n = section.shape.n();
  const std::string numbers = n <= 9 ? "all the numbers from 1 to " + std::to_string(n)
                                     : std::string("all the numbers from 1 to 9 and the letters A to ") + value_char(n);
  std::string out = "Write a number in every empty square." + rule + numbers + ", and no number twice.";
  if (def && has_part(def->variant, Variant::kSandwich))  // the clues outside the grid, in the same words
    out += " A number outside the grid is the sum of the numbers between the 1 and the " + std::to_string(n) +
           " in its row or column.";
  return out;
}

double picture_key_height(const Fonts& fonts, const TextMeasure& measure, const spec::SectionSpec& section) {
  if (section.symbols != "shapes" && section.symbols != "colors") return 0;
  return kKeySymbolMm + 1.0 + measure.measure("Ag", fonts.body).height + kRulesPadMm;
}

double rules_box_height(const Fonts& fonts, const TextMeasure& measure, const spec::WorksheetSpec& worksheet,
                        const spec::SectionSpec& section, double width) {
  return measure.measure(rules_text(worksheet, section), fonts.body, width - 2 * kRulesPadMm).height +
         2 * kRulesPadMm + picture_key_height(fonts, measure, section);
}

Box puzzle_area_with_rules(const Box& content, const Bands& bands, double rules_box, double gap) {
  Box a = puzzle_area(content, bands);
  if (rules_box > 0) a.h -= rules_box + gap;
  return a;
}

Box puzzle_area(const Box& content, const Bands& bands) {
  const double top = bands.head + bands.worksheet;
  return Box{content.x, content.y + top, content.w, content.h - top - bands.foot};
}

Box answer_area(const Box& content, const Bands& bands) {
  const double top = bands.head + bands.answer_title;
  return Box{content.x, content.y + top, content.w, content.h - top - bands.foot};
}

Box slot_box(const Box& area, int columns, int rows, int k, double gap) {
  const double w = (area.w - (columns - 1) * gap) / columns;
  const double h = (area.h - (rows - 1) * gap) / rows;
  const int col = k % columns, row = k / columns;
  return Box{area.x + col * (w + gap), area.y + row * (h + gap), w, h};
}

}  // namespace detail

namespace {

struct Planner {
  BookPlan plan;
  int next[2] = {1, 1};
  int part = -1;  // the child's file the book pages go to (worksheet.split: per_child)

  int add(int doc, PageKind kind, bool folio, int section = -1, int first = 0, int count = 0) {
    const int number = next[doc]++;
    plan.pages.push_back(
        PlannedPage{kind, doc, number, folio ? number : 0, section, first, count, doc == 0 ? part : -1, {}});
    return number;
  }
};

// Rows of the contents page (kept in step with pages.cpp, which prints them).
int contents_entries(const spec::BookSpec& spec) {
  // A book in mixed order (order: interleave or rising) lists its puzzles once ("Puzzles").
  int n = spec.order == "sections" ? static_cast<int>(spec.sections.size()) : 1;
  if (spec.front.how_to_play) ++n;
  if (spec.front.techniques) ++n;
  if (spec.front.cage_combinations && !detail::cage_combination_lines(spec).empty()) ++n;
  if (spec.answers.enabled && spec.answers.placement != "separate") ++n;
  if (spec.answers.hints && (!spec.answers.enabled || spec.answers.placement != "separate")) ++n;
  // Worked solutions: an entry when the spec asks for them (planned before the puzzles, the
  // contents keeps a row for them so that its page count does not change).
  if ((spec.answers.explained > 0 || !spec.answers.explained_numbers.empty()) &&
      (!spec.answers.enabled || spec.answers.placement != "separate"))
    ++n;
  return n;
}

}  // namespace

Result<BookPlan> plan_book(const spec::BookSpec& spec, const std::vector<int>& section_counts,
                           const TextMeasure& measure, const LayoutOptions& options,
                           const std::vector<std::vector<double>>& difficulty,
                           const std::vector<WorkedSolution>& worked) {
  std::vector<Diagnostic> problems;
  auto problem = [&](std::string msg) { problems.push_back(Diagnostic{{}, 0, 0, std::move(msg)}); };

  if (section_counts.size() != spec.sections.size()) {
    return Error("layout: " + std::to_string(section_counts.size()) + " puzzle counts for " +
                 std::to_string(spec.sections.size()) + " sections");
  }
  const std::string known = "(known: {number}, {label}, {rating}, {clues}, {section}, {grid}, {page}, {answer_page}, {date}, {weekday}, {stars}, {level}, {variant})";
  if (auto bad = unknown_placeholder(spec.theme.caption); !bad.empty()) {
    problem("theme.caption: unknown placeholder '" + bad + "' " + known);
  }
  if (auto bad = unknown_placeholder(spec.theme.answer_caption); !bad.empty()) {
    problem("theme.answer_caption: unknown placeholder '" + bad + "' " + known);
  }
  const bool answers = spec.answers.enabled;
  const bool separate = answers && spec.answers.placement == "separate";
  const bool after_section = answers && spec.answers.placement == "after-section";
  if (answers && spec.answers.placement != "end" && !separate && !after_section) {
    problem("answers.placement: expected end, after-section or separate, got '" + spec.answers.placement + "'");
  }
  if (answers && (spec.answers.columns < 1 || spec.answers.rows < 1)) {
    problem("answers: the layout must be at least 1x1, got " + std::to_string(spec.answers.columns) + "x" +
            std::to_string(spec.answers.rows));
  }
  for (std::size_t s = 0; s < spec.sections.size(); ++s) {
    const spec::SectionSpec& sec = spec.sections[s];
    if (sec.columns < 1 || sec.rows < 1) {
      problem("sections[" + std::to_string(s) + "]: the layout must be at least 1x1, got " +
              std::to_string(sec.columns) + "x" + std::to_string(sec.rows));
    }
    if (section_counts[s] < 0) problem("sections[" + std::to_string(s) + "]: negative puzzle count");
  }
  // A provisional geometry catches margin errors; the final one needs the page count.
  auto provisional = PageGeometry::make(spec.page, options, 0);
  if (!provisional) {
    for (const Diagnostic& d : provisional.error().diagnostics) problems.push_back(d);
  }
  if (!problems.empty()) return Error(std::move(problems));

  const detail::Fonts fonts = detail::book_fonts(spec, options);
  const detail::Bands bands = detail::measure_bands(spec, fonts, measure, options);

  Planner pl;
  BookPlan& plan = pl.plan;
  plan.section_pages.assign(spec.sections.size(), 0);

  // Front matter: at the front of the book, or of each child's file (worksheet.split: per_child).
  const bool split =
      spec.worksheet.split == "per_child" && !spec.sections.empty() && !spec.sections.front().pupil.empty();
  auto front_matter = [&] {
    if (spec.front.title_page) pl.add(0, PageKind::title, false);
    if (!spec.front.notice.empty()) pl.add(0, PageKind::notice, false);
    if (spec.front.contents) {
      const double line = measure.measure("Ag", fonts.body).height * 1.6;
      const double head = measure.measure("Contents", fonts.heading).height * 1.8;
      const double room = provisional->content_height() - head - bands.foot;
      const int per_page = std::max(1, static_cast<int>(room / line));
      const int entries = contents_entries(spec);
      const int pages = std::max(1, (entries + per_page - 1) / per_page);
      for (int i = 0; i < pages; ++i) {
        const int p = pl.add(0, PageKind::contents, true);
        if (i == 0) plan.contents_page = p;
      }
    }
    if (spec.front.how_to_play) {
      const std::vector<detail::HowToPlayBlock> blocks = detail::how_to_play_blocks(spec);
      if (blocks.empty()) {
        plan.how_to_play_page = pl.add(0, PageKind::how_to_play, true);
      } else {
        // A block per variant, as many pages as they take, measured on the narrowest live area
        // the book can have (the widest gutter), so the final one holds what is planned here.
        auto narrow = PageGeometry::make(spec.page, options, 100000);
        const Box content = narrow ? narrow->frame(1).content : provisional->frame(1).content;
        for (const auto& [first, count] : detail::how_to_play_pages(spec, blocks, fonts, measure, content, bands)) {
          const int p = pl.add(0, PageKind::how_to_play, true, -1, first, count);
          if (first == 0) plan.how_to_play_page = p;
        }
      }
    }
    if (spec.front.techniques) {
      // A page a variant (technique_page_variants); `first` is the variant's index.
      const std::size_t pages = technique_page_variants(spec).size();
      for (std::size_t i = 0; i < pages; ++i) {
        const int p = pl.add(0, PageKind::techniques, true, -1, static_cast<int>(i), 0);
        if (i == 0) plan.techniques_page = p;
      }
    }
    if (spec.front.cage_combinations) {
      const std::vector<detail::ComboLine> lines = detail::cage_combination_lines(spec);
      if (!lines.empty()) {
        const Box content = detail::narrowest_content(spec, options, provisional->frame(1).content);
        const double top = detail::below_heading("Cage combinations", fonts, measure, content);
        const double first_top = top + measure.measure(detail::cage_combinations_intro(), fonts.body, content.w).height +
                                 measure.measure("Ag", fonts.body).height * 0.6;
        const auto flow = detail::combination_flow(lines, fonts, measure, content, first_top, top,
                                                   content.bottom() - bands.foot);
        for (std::size_t i = 0; i < flow.size(); ++i) {
          const int p = pl.add(0, PageKind::cage_combinations, true, -1, static_cast<int>(i), 0);
          if (i == 0) plan.combinations_page = p;
        }
      }
    }
  };
  if (!split) front_matter();

  // Puzzle numbers run through the book (through each child's sheets, for a class list).
  int number = 0;
  std::vector<std::size_t> first_record(spec.sections.size(), 0);
  auto add_answers = [&](int doc, int s) {
    if (spec.sections[static_cast<std::size_t>(s)].blank) return;  // practice grids have no answers
    const auto [answer_columns, answer_rows] = answer_layout(spec, spec.sections[static_cast<std::size_t>(s)]);
    const int per = answer_columns * answer_rows;
    const int count = section_counts[static_cast<std::size_t>(s)];
    for (int first = 0; first < count; first += per) {
      const int page = pl.add(doc, PageKind::answers, true, s, first, std::min(per, count - first));
      if (plan.answers_first_page == 0) plan.answers_first_page = page;
      for (int i = first; i < std::min(first + per, count); ++i) {
        PuzzleRecord& r = plan.records[first_record[static_cast<std::size_t>(s)] + static_cast<std::size_t>(i)];
        r.answer_page = page;
        r.answer_document = doc;
      }
    }
  };
  // Mixed order (order: interleave or rising): the sections' puzzle pages dealt together, no
  // heading pages (the spec loader turned them off). The records stay section by section, so a
  // section's puzzle i is at first_record[s] + i as in every other book; the numbers run in page order.
  const bool mixed = spec.order != "sections";
  if (mixed) {
    struct Chunk {
      int section, first, count;
      double key;
    };
    std::vector<std::vector<Chunk>> per_section(spec.sections.size());
    std::size_t total = 0;
    for (std::size_t s = 0; s < spec.sections.size(); ++s) {
      first_record[s] = total;
      total += static_cast<std::size_t>(std::max(0, section_counts[s]));
      const spec::SectionSpec& sec = spec.sections[s];
      const int per = sec.per_page > 0 ? sec.per_page : sec.columns * sec.rows;
      const std::vector<double>* keys =
          s < difficulty.size() && difficulty[s].size() == static_cast<std::size_t>(section_counts[s]) ? &difficulty[s]
                                                                                                      : nullptr;
      for (int first = 0; first < section_counts[s]; first += per) {
        const int n_here = std::min(per, section_counts[s] - first);
        double key = 0;
        if (keys) {
          for (int i = first; i < first + n_here; ++i) key += (*keys)[static_cast<std::size_t>(i)];
          key /= n_here;
        }
        per_section[s].push_back(Chunk{static_cast<int>(s), first, n_here, key});
      }
    }
    plan.records.resize(total);
    // Round robin: the first page of each section, then the second of each, ...
    std::vector<Chunk> chunks;
    for (std::size_t round = 0;; ++round) {
      bool any = false;
      for (const auto& pages : per_section)
        if (round < pages.size()) {
          chunks.push_back(pages[round]);
          any = true;
        }
      if (!any) break;
    }
    // Rising: the pages by their puzzles' mean difficulty; pages alike keep the round-robin order.
    if (spec.order == "rising" && !difficulty.empty())
      std::stable_sort(chunks.begin(), chunks.end(), [](const Chunk& a, const Chunk& b) { return a.key < b.key; });
    for (const Chunk& c : chunks) {
      const auto s = static_cast<std::size_t>(c.section);
      if (plan.section_pages[s] == 0) plan.section_pages[s] = pl.next[0];
      const int page = pl.add(0, PageKind::puzzles, true, c.section, c.first, c.count);
      for (int i = c.first; i < c.first + c.count; ++i)
        plan.records[first_record[s] + static_cast<std::size_t>(i)] = PuzzleRecord{c.section, i, ++number, page, 0, 0, -1};
      if (spec.worksheet.cutouts && !spec.sections[s].blank)
        pl.add(0, PageKind::cutouts, true, c.section, c.first, c.count);
    }
  }
  for (std::size_t s = 0; s < spec.sections.size() && !mixed; ++s) {
    const spec::SectionSpec& sec = spec.sections[s];
    const int si = static_cast<int>(s);
    const int count = section_counts[s];
    // Page 1 is a right-hand page: a heading that would land on an even page gets a blank before it.
    // (Two children of one name are two children: their places in the list differ.)
    const bool new_child = !sec.pupil.empty() && (s == 0 || spec.sections[s - 1].pupil != sec.pupil ||
                                                  spec.sections[s - 1].child != sec.child);
    // worksheet.duplex: each child's first sheet on a front page, so no child's page is on the back
    // of another's.
    // worksheet.split: per_child: each child's file numbers its pages from 1, after its front matter.
    if (new_child && split) {
      pl.part = static_cast<int>(plan.parts.size());
      plan.parts.push_back(sec.pupil);
      pl.next[0] = 1;
      front_matter();
    }
    if (new_child && spec.worksheet.duplex && pl.next[0] % 2 == 0) pl.add(0, PageKind::blank, false);
    if (sec.heading_page && spec.section_start == "recto" && pl.next[0] % 2 == 0) pl.add(0, PageKind::blank, false);
    plan.section_pages[s] = pl.next[0];
    if (sec.heading_page) pl.add(0, PageKind::section_heading, false, si);
    first_record[s] = plan.records.size();
    if (sec.number > 0) number = sec.number - 1;  // newspaper runs carry their own numbering
    // A class list: each child's sheets number their puzzles from 1.
    if (new_child) number = 0;
    if (sec.number_from > 0) number = sec.number_from - 1;  // the section's own first number
    const int per = sec.per_page > 0 ? sec.per_page : sec.columns * sec.rows;
    for (int first = 0; first < count; first += per) {
      const int n_here = std::min(per, count - first);
      const int page = pl.add(0, PageKind::puzzles, true, si, first, n_here);
      for (int i = first; i < first + n_here; ++i) {
        plan.records.push_back(PuzzleRecord{si, i, ++number, page, 0, 0, pl.part});
      }
      if (spec.worksheet.cutouts && !sec.blank) pl.add(0, PageKind::cutouts, true, si, first, n_here);
    }
    if (after_section) add_answers(0, si);
  }
  // A class list's answers, compact: the answers of every child's copy of a section run on over
  // the answers layout's slots, child after child (each headed by the name when drawn), instead
  // of a page per child per section. Sections of one kind (name, grid and variant alike) share
  // pages; each kind starts a new page.
  const bool compact = answers && !after_section && !spec.sections.empty() && !spec.sections.front().pupil.empty();
  auto add_class_answers = [&](int doc) {
    std::vector<std::vector<int>> groups;
    std::vector<std::tuple<std::string, int, int, std::string>> kinds;
    for (std::size_t s = 0; s < spec.sections.size(); ++s) {
      const spec::SectionSpec& sec = spec.sections[s];
      if (sec.blank || section_counts[s] == 0) continue;
      const auto kind = std::tuple{sec.name, sec.shape.box_rows, sec.shape.box_cols, sec.variant};
      const auto g = static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
      if (g == kinds.size()) {
        kinds.push_back(kind);
        groups.emplace_back();
      }
      groups[g].push_back(static_cast<int>(s));
    }
    for (const std::vector<int>& group : groups) {
      const auto [answer_columns, answer_rows] = answer_layout(spec, spec.sections[static_cast<std::size_t>(group.front())]);
      const int per = answer_columns * answer_rows;
      int slot = per;  // the first answer opens a page
      std::size_t page_at = 0;
      int page = 0;
      for (int s : group) {
        for (int i = 0; i < section_counts[static_cast<std::size_t>(s)]; ++i) {
          if (slot == per) {
            page = pl.add(doc, PageKind::answers, true, s, i, 0);
            page_at = plan.pages.size() - 1;
            if (plan.answers_first_page == 0) plan.answers_first_page = page;
            slot = 0;
          }
          PlannedPage& pp = plan.pages[page_at];
          if (pp.blocks.empty() || pp.blocks.back().section != s) pp.blocks.push_back(AnswerBlock{s, i, 0, slot});
          ++pp.blocks.back().count;
          ++pp.count;
          ++slot;
          PuzzleRecord& r = plan.records[first_record[static_cast<std::size_t>(s)] + static_cast<std::size_t>(i)];
          r.answer_page = page;
          r.answer_document = doc;
        }
      }
    }
  };
  // The hints: before the answers in their document, or at the end of the book (answers after each
  // section, or none). A fixed height per entry: the count of pages follows from the puzzle count.
  if (spec.answers.hints) {
    int entries = 0;
    for (std::size_t s = 0; s < spec.sections.size(); ++s)
      if (!spec.sections[s].blank) entries += std::max(0, section_counts[s]);
    const int doc = separate ? 1 : 0;
    const Box content = detail::narrowest_content(spec, options, provisional->frame(1).content);
    const detail::HintFlow flow = detail::hint_flow(fonts, measure, content, content.bottom() - bands.foot);
    plan.hints_document = doc;
    for (int i = 0; i < flow.pages(entries); ++i) {
      const int p = pl.add(doc, PageKind::hints, true, -1, i, 0);
      if (i == 0) plan.hints_page = p;
    }
  }
  // The worked solutions, after the hints in the same place: each from a new page.
  if (!worked.empty()) {
    const int doc = separate ? 1 : 0;
    const Box content = detail::narrowest_content(spec, options, provisional->frame(1).content);
    const GridStyle base = detail::answer_style(grid_style(spec.theme));
    plan.hints_document = doc;
    for (std::size_t w = 0; w < worked.size(); ++w) {
      const auto flow = detail::worked_flow(worked[w], fonts, measure, content, content.bottom() - bands.foot, base);
      for (std::size_t i = 0; i < flow.size(); ++i) {
        const int p = pl.add(doc, PageKind::worked, true, worked[w].section, static_cast<int>(w), static_cast<int>(i));
        if (plan.worked_page == 0) plan.worked_page = p;
      }
    }
  }
  if (answers && !after_section) {
    if (compact) {
      add_class_answers(separate ? 1 : 0);
    } else {
      for (std::size_t s = 0; s < spec.sections.size(); ++s) add_answers(separate ? 1 : 0, static_cast<int>(s));
    }
  }
  if (options.pad_to_even) {
    if ((pl.next[0] - 1) % 2 == 1) pl.add(0, PageKind::notes, true);
    if (separate && (pl.next[1] - 1) % 2 == 1) pl.add(1, PageKind::notes, true);
  }
  plan.book_pages = static_cast<int>(
      std::count_if(plan.pages.begin(), plan.pages.end(), [](const PlannedPage& p) { return p.document == 0; }));
  plan.answer_pages = pl.next[1] - 1;

  // Geometry from the final page counts. The page count does not depend on the geometry (pages
  // hold a fixed number of puzzles), so one pass suffices even when the gutter grows with it.
  auto book_geometry = PageGeometry::make(spec.page, options, plan.book_pages);
  if (!book_geometry) return book_geometry.error();
  plan.book_geometry = *book_geometry;
  plan.answer_geometry = plan.book_geometry;
  if (plan.answer_pages > 0) {
    auto g = PageGeometry::make(spec.page, options, plan.answer_pages);
    if (!g) return g.error();
    plan.answer_geometry = *g;
  }

  // One cell size per section, from the slot size.
  const GridStyle style = grid_style(spec.theme);
  const Box content{0, 0, plan.book_geometry.content_width(), plan.book_geometry.content_height()};
  if (spec.front.title_page) {
    // Text that cannot fit is refused, at its key, never drawn over other text or off the page.
    if (auto t = detail::title_layout(spec, fonts, measure, content); !t) {
      const Diagnostic& d = t.error().diagnostics.front();
      problems.push_back(spec::key_diagnostic(spec, {d.key}, d.message));
    }
  }
  const Box answer_content{0, 0, plan.answer_geometry.content_width(), plan.answer_geometry.content_height()};
  std::set<int> answer_sizes;  // grid sizes whose answers were found not to fit
  for (std::size_t s = 0; s < spec.sections.size(); ++s) {
    const spec::SectionSpec& sec = spec.sections[s];
    SectionFit fit;
    fit.shape = sec.shape;
    fit.columns = sec.columns;
    fit.rows = sec.rows;
    const VariantDef* def = find_variant_def(sec.variant);
    const bool samurai = def && def->multi_grid;  // several grids: drawn whole
    const int n = samurai ? dug_board(def->variant, sec.shape).layout_cols : sec.shape.n();  // cells a side as drawn
    if (spec.worksheet.rules_box) {
      fit.rules_box_mm = detail::rules_box_height(fonts, measure, spec.worksheet, sec, content.w);
    }
    // The first page may carry the rules box: size the cells for its (smaller) slots.
    const Box area = detail::puzzle_area_with_rules(content, bands, fit.rules_box_mm, options.slot_gap_mm);
    const Box slot = detail::slot_box(area, sec.columns, sec.rows, 0, options.slot_gap_mm);
    fit.cell_mm = cell_for_extent(n, std::min(slot.w, slot.h - bands.caption), style);
    const std::string where = "sections[" + std::to_string(s) + "]: ";
    // Point at the section's layout key when it set one, else at the section.
    const std::string key = sec.key_marks.count("layout") != 0 ? "layout" : "per_page";
    auto fit_problem = [&](std::string msg) {
      problems.push_back(spec::section_diagnostic(spec, static_cast<int>(s), std::move(msg), key));
    };
    const std::string shape = samurai ? std::string(def->name) : std::to_string(n) + "x" + std::to_string(n);
    const std::string per_page = std::to_string(sec.columns) + "x" + std::to_string(sec.rows);
    // A grid with clues outside (sandwich) draws smaller cells inside the same footprint.
    const double drawn_cell = def && has_part(def->variant, Variant::kSandwich)
                                  ? outside_clue_cell_mm(n, fit.cell_mm, style)
                                  : fit.cell_mm;
    if (drawn_cell < detail::kMinCellMm) {
      fit_problem(where + shape + " grids at " + per_page + " per page would get " +
                  one_decimal(std::max(drawn_cell, 0.0)) + " mm cells; use fewer per page");
    } else if (const double pt = digit_size_pt(drawn_cell, style); pt < style.min_digit_pt - 1e-9) {
      const std::string floor = spec.theme.min_digit_size > kMinTextPt
                                    ? "theme.min_digit_size " + one_decimal(spec.theme.min_digit_size) + " pt"
                                    : "the 7 pt minimum";
      fit_problem(where + "digits would be " + one_decimal(pt) + " pt at " + per_page + " per page, below " + floor +
                  "; use fewer per page");
    }
    if (answers) {
      std::tie(fit.answer_columns, fit.answer_rows) = answer_layout(spec, sec);
      const Box& c = separate ? answer_content : content;
      Box aslot = detail::slot_box(detail::answer_area(c, bands), fit.answer_columns, fit.answer_rows, 0,
                                   options.slot_gap_mm);
      if (compact) aslot.h -= bands.answer_title;  // each slot under its child's name
      const GridStyle astyle = detail::answer_style(style);
      fit.answer_cell_mm = cell_for_extent(n, std::min(aslot.w, aslot.h - bands.answer_caption), astyle);
      const std::string per_answer_page =
          std::to_string(fit.answer_columns) + "x" + std::to_string(fit.answer_rows) + " per page";
      // The answers' layout is one key for the whole book: blamed there, once per grid size.
      auto answer_problem = [&](std::string msg) {
        if (!answer_sizes.insert(n).second) return;
        problems.push_back(spec::key_diagnostic(spec, {"answers.per_page", "answers.layout"}, std::move(msg)));
      };
      if (fit.answer_cell_mm < detail::kMinCellMm) {
        answer_problem(shape + " answer grids at " + per_answer_page + " would get " +
                       one_decimal(std::max(fit.answer_cell_mm, 0.0)) + " mm cells; use fewer answers per page");
      } else if (const double pt = digit_size_pt(fit.answer_cell_mm, astyle); pt < astyle.min_digit_pt - 1e-9) {
        answer_problem(shape + " answer digits would be " + one_decimal(pt) + " pt at " + per_answer_page +
                       ", below the 7 pt minimum; use fewer answers per page");
      }
    }
    plan.fits.push_back(fit);
  }
  if (!problems.empty()) return Error(std::move(problems));
  return plan;
}

}  // namespace gp::layout
