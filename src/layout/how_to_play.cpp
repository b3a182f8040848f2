// How to play in a book with variants: a block per variant, its rules beside a solved example.
#include <algorithm>
#include <string>
#include <vector>

#include "core/variants.hpp"
#include "layout/internal.hpp"
#include "layout/layout.hpp"

namespace gp::layout {

std::vector<std::string> example_variants(const spec::BookSpec& spec) {
  std::vector<std::string> out;
  bool variants = false;
  for (const spec::SectionSpec& s : spec.sections) {
    const VariantDef* def = find_variant_def(s.variant);
    const std::string name = def ? std::string(def->name) : s.variant;  // an alias names its variant
    variants = variants || name != "classic";
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  if (!variants) out.clear();
  return out;
}

std::vector<std::string> technique_page_variants(const spec::BookSpec& spec) {
  std::vector<std::string> out;
  for (std::string name : example_variants(spec)) {
    if (name == "samurai") name = "classic";
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  if (out.empty()) out.push_back("classic");
  return out;
}

Shape example_shape(std::string_view variant) {
  const VariantDef* def = find_variant_def(variant);
  if (def && def->latin)  // a Latin square: its smallest size (no boxes)
    for (int n = 4; n <= 9; ++n)
      if (auto shape = variant_shape(n, def->variant)) return *shape;
  for (int n : {4, 6, 9}) {
    const Shape shape = *standard_shape(n);
    if (def && def->size_problem(shape).empty()) return shape;
  }
  return Shape{3, 3};
}

namespace detail {

namespace {

// The first section of `variant`'s grid (the rules name its digits).
Shape first_shape(const spec::BookSpec& spec, const std::string& variant) {
  for (const spec::SectionSpec& s : spec.sections) {
    const VariantDef* def = find_variant_def(s.variant);
    if ((def ? std::string(def->name) : s.variant) == variant) return s.shape;
  }
  return Shape{3, 3};
}

constexpr double kColumnGapMm = 4.0;  // between a block's text and its example
constexpr double kBlockGapMm = 5.0;   // between blocks

Font bold(Font f) {
  f.bold = true;
  return f;
}

}  // namespace

std::vector<HowToPlayBlock> how_to_play_blocks(const spec::BookSpec& spec) {
  std::vector<HowToPlayBlock> blocks;
  for (const std::string& v : example_variants(spec)) {
    HowToPlayBlock b{v, variant_title(v), {}};
    if (v == "classic") {
      std::vector<Shape> shapes;
      for (const spec::SectionSpec& s : spec.sections)
        if (s.variant == "classic") shapes.push_back(s.shape);
      // The classic page's rules: the grid, its boxes and symbols (one line per size when several).
      const std::vector<std::string> paras = how_to_play_paragraphs(shapes);
      b.text = paras.front();
      for (std::size_t i = 1; i < paras.size() && paras[i].find(" grids: ") != std::string::npos; ++i)
        b.text += " " + paras[i];
    } else {
      const VariantDef* def = find_variant_def(v);
      b.text = instruction_line(v, first_shape(spec, v));
      if (def && !def->how_to_play.empty()) b.text += " " + std::string(def->how_to_play);
      if (def && def->combination())  // both parts' paragraphs (killer+x: killer's, then x's)
        for (Variant part : def->parts) b.text += " " + std::string(variant_def(part).how_to_play);
    }
    blocks.push_back(std::move(b));
  }
  return blocks;
}

std::string how_to_play_intro(const spec::BookSpec& spec, int answers_page) {
  std::string s =
      "Every puzzle in this book has exactly one solution, and it can be found by reasoning alone, without "
      "guessing. Each kind of puzzle has its rules below, with a small solved example: the digits given are "
      "black, the ones a solver fills in grey.";
  if (spec.order != "sections")
    s += spec.order == "rising" ? " The kinds of puzzle are mixed, easiest first: the head of each page names its kind."
                                : " The kinds of puzzle take turns: the head of each page names its kind.";
  if (spec.answers.enabled && answers_page > 0) {
    if (spec.answers.placement == "separate")
      s += " The answers are printed separately.";
    else if (spec.answers.placement == "after-section")
      s += " The answers follow each section.";
    else
      s += " The answers start on page " + std::to_string(answers_page) + ".";
  }
  return s;
}

double example_column_mm(double content_w) { return std::min(40.0, 0.36 * content_w); }

double how_to_play_block_height(const HowToPlayBlock& block, const Fonts& fonts, const TextMeasure& measure,
                                double content_w) {
  const double column = example_column_mm(content_w);
  const double text_w = content_w - column - kColumnGapMm;
  const double title = measure.measure(block.title, bold(fonts.body), text_w).height;
  const double text = measure.measure(block.text, fonts.body, text_w).height;
  return std::max(title + text + 1.0, column) + kBlockGapMm;
}

double below_heading(const std::string& heading, const Fonts& fonts, const TextMeasure& measure, const Box& content) {
  return content.y + measure.measure(heading, fonts.heading, content.w).height * 1.8;
}

std::vector<std::pair<int, int>> how_to_play_pages(const spec::BookSpec& spec, const std::vector<HowToPlayBlock>& blocks,
                                                  const Fonts& fonts, const TextMeasure& measure,
                                                  const Box& content, const Bands& bands) {
  const double bottom = content.bottom() - bands.foot;
  const double top = below_heading("How to play", fonts, measure, content);
  const std::string intro = how_to_play_intro(spec, 99999);
  double y = top + measure.measure(intro, fonts.body, content.w).height + measure.measure("Ag", fonts.body).height * 0.6;
  std::vector<std::pair<int, int>> pages{{0, 0}};
  for (int i = 0; i < static_cast<int>(blocks.size()); ++i) {
    const double h = how_to_play_block_height(blocks[static_cast<std::size_t>(i)], fonts, measure, content.w);
    if (y + h > bottom && pages.back().second > 0) {
      pages.emplace_back(i, 0);
      y = top;
    }
    ++pages.back().second;
    y += h;
  }
  return pages;
}

}  // namespace detail
}  // namespace gp::layout
