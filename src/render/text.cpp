#include <strings.h>

#include <cmath>
#include <string>

#include "render/text.hpp"
#include "render/text_engine.hpp"

namespace gp::render {

bool valid_utf8(std::string_view text) {
  return g_utf8_validate(text.data(), static_cast<gssize>(text.size()), nullptr) != 0;
}

FontDescriptionPtr make_font_description(const layout::Font& font) {
  FontDescriptionPtr desc(pango_font_description_new());
  pango_font_description_set_family(desc.get(), font.family.c_str());
  pango_font_description_set_size(desc.get(), static_cast<gint>(std::lround(font.size_pt * PANGO_SCALE)));
  pango_font_description_set_weight(desc.get(), font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style(desc.get(), font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  return desc;
}

namespace {

// The layout's glyph run when the layout is one line of one run that Pango's renderer would draw
// with a single cairo_show_text_glyphs and nothing else: no attributes (no colour, rise, shape,
// underline), no letter spacing or baseline shift, every glyph a real glyph of the run's font.
std::optional<GlyphRun> plain_run(PangoLayout* layout) {
  if (pango_layout_get_line_count(layout) != 1) return std::nullopt;
  PangoLayoutLine* line = pango_layout_get_line_readonly(layout, 0);
  if (line == nullptr || line->runs == nullptr || line->runs->next != nullptr) return std::nullopt;
  auto* item = static_cast<PangoGlyphItem*>(line->runs->data);
  const PangoAnalysis& a = item->item->analysis;
  if (a.extra_attrs != nullptr || (a.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) != 0 || a.font == nullptr ||
      item->y_offset != 0 || item->start_x_offset != 0 || item->end_x_offset != 0)
    return std::nullopt;
  if (pango_layout_get_attributes(layout) != nullptr) return std::nullopt;
  if (!PANGO_IS_CAIRO_FONT(a.font)) return std::nullopt;
  cairo_scaled_font_t* scaled = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(a.font));
  if (scaled == nullptr || cairo_scaled_font_status(scaled) != CAIRO_STATUS_SUCCESS) return std::nullopt;
  GlyphRun run;
  run.font = a.font;
  run.scaled = scaled;
  // The line's place as pango_renderer_draw_layout computes it: its logical x and its baseline.
  PangoLayoutIter* iter = pango_layout_get_iter(layout);
  PangoRectangle logical{};
  pango_layout_iter_get_line_extents(iter, nullptr, &logical);
  run.y = pango_layout_iter_get_baseline(iter);
  pango_layout_iter_free(iter);
  run.x = logical.x;
  const PangoGlyphString* glyphs = item->glyphs;
  int x_position = 0;
  for (int i = 0; i < glyphs->num_glyphs; ++i) {
    const PangoGlyphInfo& gi = glyphs->glyphs[i];
    if (gi.glyph == PANGO_GLYPH_EMPTY || (gi.glyph & PANGO_GLYPH_UNKNOWN_FLAG) != 0) return std::nullopt;
    run.glyphs.push_back({gi.glyph, x_position + gi.geometry.x_offset, gi.geometry.y_offset});
    x_position += gi.geometry.width;
  }
  // Clusters as Pango's Cairo renderer makes them for a surface that keeps text (PDF).
  const char* text = pango_layout_get_text(layout);
  PangoGlyphItemIter it;
  if (pango_glyph_item_iter_init_start(&it, item, text)) {
    do {
      const int bytes = it.end_index - it.start_index;
      const int count = (a.level & 1) != 0 ? it.start_glyph - it.end_glyph : it.end_glyph - it.start_glyph;
      if (bytes < 1 || count < 1) return std::nullopt;
      run.clusters.push_back({bytes, count});
    } while (pango_glyph_item_iter_next_cluster(&it));
  }
  run.text = text + item->item->offset;
  run.text_len = item->item->length;
  run.backward = (a.level & 1) != 0;
  return run;
}

}  // namespace

TextEngine::TextEngine() : font_map_(pango_cairo_font_map_new()) {
  pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(font_map_.get()), 72.0);
  context_.reset(pango_font_map_create_context(font_map_.get()));
  FontOptionsPtr options(cairo_font_options_create());
  cairo_font_options_set_hint_metrics(options.get(), CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options.get(), CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias(options.get(), CAIRO_ANTIALIAS_GRAY);  // greyscale output
  pango_cairo_context_set_font_options(context_.get(), options.get());    // copies the options
  pango_cairo_context_set_resolution(context_.get(), 72.0);
  pango_context_set_round_glyph_positions(context_.get(), FALSE);
  pango_context_set_language(context_.get(), pango_language_from_string("en"));
}

void TextEngine::fill(Shaped& s, std::string_view text, const layout::Font& font, double wrap_width_pt,
                      PangoAlignment align) {
  PangoLayout* layout = s.layout.get();
  FontDescriptionPtr desc = make_font_description(font);
  pango_layout_set_font_description(layout, desc.get());
  pango_layout_set_text(layout, text.data(), static_cast<int>(text.size()));
  if (wrap_width_pt > 0) {
    pango_layout_set_width(layout, static_cast<int>(std::lround(wrap_width_pt * PANGO_SCALE)));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(layout, align);
  } else {
    pango_layout_set_width(layout, -1);
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
  }
  PangoRectangle ink{}, logical{};
  pango_layout_get_extents(layout, &ink, &logical);
  constexpr double k = 1.0 / PANGO_SCALE;
  s.ink_x = ink.x * k;
  s.ink_y = ink.y * k;
  s.ink_w = ink.width * k;
  s.ink_h = ink.height * k;
  s.log_x = logical.x * k;
  s.log_y = logical.y * k;
  s.log_w = logical.width * k;
  s.log_h = logical.height * k;
}

const Shaped& TextEngine::shape(std::string_view text, const layout::Font& font, double wrap_width_pt,
                                PangoAlignment align) {
  // Grid digits (one character, two for 10-16 written as numbers) repeat thousands of times in a
  // book: cache them, with their glyph run for show_shaped. Longer texts (folios, captions) are
  // shaped twice at most, once to be measured and once to be drawn, close together: the last 256
  // are kept (a PangoLayout costs a few KB, so keeping all would make memory grow with the book).
  const long size = std::lround(font.size_pt * PANGO_SCALE);
  const bool one_byte = wrap_width_pt <= 0 && text.size() == 1 && static_cast<unsigned char>(text[0]) < 128;
  RecentFont* recent = nullptr;
  if (one_byte) {
    for (RecentFont& r : recent_fonts_)
      if (r.size == size && r.bold == font.bold && r.italic == font.italic && r.family == font.family) {
        recent = &r;
        if (const Shaped* hit = r.bytes[static_cast<unsigned char>(text[0])]) return *hit;
        break;
      }
  }
  std::string key = font.family;
  key += '\x1f';
  key += std::to_string(size);
  key += font.bold ? 'b' : '-';
  key += font.italic ? 'i' : '-';
  key += '\x1f';
  if (wrap_width_pt <= 0 && text.size() <= 2) {
    key.append(text);
    if (one_byte && recent == nullptr) {  // a font not among the recent ones takes the next slot
      recent = &recent_fonts_[next_recent_font_];
      next_recent_font_ = (next_recent_font_ + 1) % recent_fonts_.size();
      *recent = RecentFont{font.family, size, font.bold, font.italic, {}};
    }
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      if (cache_.size() > 512) {  // bounded whatever the fonts and sizes
        cache_.clear();
        for (RecentFont& r : recent_fonts_) r.bytes.fill(nullptr);
      }
      it = cache_.try_emplace(std::move(key)).first;
      Shaped& s = it->second;
      s.layout.reset(pango_layout_new(context_.get()));
      fill(s, text, font, 0, PANGO_ALIGN_LEFT);
      s.run = plain_run(s.layout.get());
    }
    if (recent != nullptr) recent->bytes[static_cast<unsigned char>(text[0])] = &it->second;
    return it->second;
  }
  // Any other text: fill() reads the width (in Pango units) and, for a wrapped text, the alignment.
  const int width = wrap_width_pt > 0 ? static_cast<int>(std::lround(wrap_width_pt * PANGO_SCALE)) : -1;
  key += std::to_string(width);
  key += '\x1f';
  key += wrap_width_pt > 0 ? std::to_string(static_cast<int>(align)) : std::string("-");
  key += '\x1f';
  key.append(text);
  auto it = recent_.find(key);
  if (it != recent_.end()) return it->second;
  if (recent_.size() >= 256) recent_.clear();
  Shaped& s = recent_[key];
  s.layout.reset(pango_layout_new(context_.get()));
  fill(s, text, font, wrap_width_pt, align);
  return s;
}

void show_shaped(cairo_t* cr, const Shaped& s) {
  if (!s.run) {
    pango_cairo_show_layout(cr, s.layout.get());
    return;
  }
  // What pango_cairo_show_layout does for one plain run: the origin read back from the current
  // point, each glyph placed by the same double arithmetic, the run's font installed (below), the
  // glyphs shown with their text and clusters where the surface keeps text.
  const GlyphRun& run = *s.run;
  double x0 = 0, y0 = 0;
  cairo_get_current_point(cr, &x0, &y0);
  const double base_x = x0 + static_cast<double>(run.x) / PANGO_SCALE;
  const double base_y = y0 + static_cast<double>(run.y) / PANGO_SCALE;
  constexpr std::size_t kStack = 16;
  cairo_glyph_t stack[kStack];
  std::vector<cairo_glyph_t> heap;
  cairo_glyph_t* glyphs = stack;
  if (run.glyphs.size() > kStack) {
    heap.resize(run.glyphs.size());
    glyphs = heap.data();
  }
  for (std::size_t i = 0; i < run.glyphs.size(); ++i) {
    const GlyphRun::Glyph& g = run.glyphs[i];
    glyphs[i].index = g.index;
    glyphs[i].x = base_x + static_cast<double>(g.x) / PANGO_SCALE;
    glyphs[i].y = g.y == 0 ? base_y : base_y + static_cast<double>(g.y) / PANGO_SCALE;
  }
  const int count = static_cast<int>(run.glyphs.size());
  // Pango's renderer installs the font in a saved state; here it stays installed (no text is drawn
  // with the state's font but through this function or Pango, which each install their own), so
  // the next digit in the same font finds it in place. The commands recorded are the same.
  cairo_set_scaled_font(cr, run.scaled);
  if (cairo_surface_has_show_text_glyphs(cairo_get_target(cr)))
    cairo_show_text_glyphs(cr, run.text, run.text_len, glyphs, count, run.clusters.data(),
                           static_cast<int>(run.clusters.size()),
                           run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t{});
  else
    cairo_show_glyphs(cr, glyphs, count);
}

PangoTextMeasure::PangoTextMeasure() : engine_(std::make_shared<TextEngine>()) {}
PangoTextMeasure::~PangoTextMeasure() = default;

layout::TextSize PangoTextMeasure::measure(const std::string& text, const layout::Font& font,
                                           double wrap_width) const {
  if (!valid_utf8(text)) return {};
  const Shaped& s = engine_->shape(text, font, wrap_width > 0 ? layout::mm_to_pt(wrap_width) : 0);
  return {layout::pt_to_mm(s.log_w), layout::pt_to_mm(s.log_h)};
}

Status check_font_family(const std::string& family) {
  TextEngine engine;
  layout::Font font;
  font.family = family;
  FontDescriptionPtr desc = make_font_description(font);
  FontPtr loaded(pango_font_map_load_font(engine.font_map(), engine.context(), desc.get()));
  if (!loaded) return Error("font '" + family + "' is not installed (no font could be loaded)");
  FontDescriptionPtr got(pango_font_describe(loaded.get()));
  const char* resolved = pango_font_description_get_family(got.get());
  const std::string resolved_name = resolved != nullptr ? resolved : "";
  if (strcasecmp(resolved_name.c_str(), family.c_str()) != 0) {
    return Error("font '" + family + "' is not installed (fontconfig would use '" + resolved_name +
                 "' instead)");
  }
  return Ok{};
}

}  // namespace gp::render
