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
  scratch_.layout.reset(pango_layout_new(context_.get()));
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
  // book: cache them. Longer texts (folios, captions) rarely repeat; a PangoLayout costs a few KB,
  // so caching them would make memory grow with the book.
  if (wrap_width_pt <= 0 && text.size() <= 2) {
    std::string key = font.family;
    key += '\x1f';
    key += std::to_string(std::lround(font.size_pt * PANGO_SCALE));
    key += font.bold ? 'b' : '-';
    key += font.italic ? 'i' : '-';
    key += '\x1f';
    key.append(text);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    if (cache_.size() > 512) cache_.clear();  // bounded whatever the fonts and sizes
    Shaped& s = cache_[key];
    s.layout.reset(pango_layout_new(context_.get()));
    fill(s, text, font, 0, PANGO_ALIGN_LEFT);
    return s;
  }
  fill(scratch_, text, font, wrap_width_pt, align);
  return scratch_;
}

PangoTextMeasure::PangoTextMeasure() : engine_(std::make_unique<TextEngine>()) {}
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
