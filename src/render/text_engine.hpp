// Internal to render: owning handles for Cairo/Pango/GObject objects and the text shaping shared by
// PangoTextMeasure and the Cairo canvases. Not for use outside src/render.
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "layout/document.hpp"

namespace gp::render {

// ---- RAII handles (move-only through unique_ptr) ----
struct GObjectUnref {
  void operator()(void* p) const {
    if (p != nullptr) g_object_unref(p);
  }
};
struct CairoSurfaceDestroy {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct CairoDestroy {
  void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
struct FontDescriptionFree {
  void operator()(PangoFontDescription* d) const { pango_font_description_free(d); }
};
struct FontOptionsDestroy {
  void operator()(cairo_font_options_t* o) const { cairo_font_options_destroy(o); }
};

using SurfacePtr = std::unique_ptr<cairo_surface_t, CairoSurfaceDestroy>;
using CairoPtr = std::unique_ptr<cairo_t, CairoDestroy>;
using FontMapPtr = std::unique_ptr<PangoFontMap, GObjectUnref>;
using ContextPtr = std::unique_ptr<PangoContext, GObjectUnref>;
using LayoutPtr = std::unique_ptr<PangoLayout, GObjectUnref>;
using FontPtr = std::unique_ptr<PangoFont, GObjectUnref>;
using FontDescriptionPtr = std::unique_ptr<PangoFontDescription, FontDescriptionFree>;
using FontOptionsPtr = std::unique_ptr<cairo_font_options_t, FontOptionsDestroy>;

// The one glyph run of a one-line text without attributes (a grid digit), as
// pango_cairo_show_layout hands it to Cairo: drawn by show_shaped without Pango's renderer (the
// same drawing calls, so the same output bytes, at a fraction of the cost; thousands a book). The
// font stays installed in the cairo_t after it (no cairo_save/cairo_restore around each digit).
struct GlyphRun {
  PangoFont* font = nullptr;  // the run's font, owned by the layout
  cairo_scaled_font_t* scaled = nullptr;  // its Cairo font (pango_cairo_font_get_scaled_font), owned by `font`
  int x = 0, y = 0;           // the run's origin from the layout's, Pango units (line x, baseline)
  struct Glyph {
    unsigned long index;
    int x;  // from the run's origin: advances before it plus its own offset, Pango units
    int y;  // its vertical offset, Pango units
  };
  std::vector<Glyph> glyphs;
  std::vector<cairo_text_cluster_t> clusters;
  const char* text = nullptr;  // the run's bytes, in the layout's text
  int text_len = 0;
  bool backward = false;
};

// A shaped piece of text. Rectangles in points relative to the layout origin (top-left of the
// first line's logical box).
struct Shaped {
  LayoutPtr layout;
  double ink_x = 0, ink_y = 0, ink_w = 0, ink_h = 0;
  double log_x = 0, log_y = 0, log_w = 0, log_h = 0;
  std::optional<GlyphRun> run;  // cached texts that are one plain run (show_shaped's fast path)
};

// Draws `s` at the current point as pango_cairo_show_layout does (the current point is the
// layout's top-left); a cached one-run text through its GlyphRun.
void show_shaped(cairo_t* cr, const Shaped& s);

// Font description for a layout::Font (size in points; 1 pt = 1 unit at 72 dpi).
FontDescriptionPtr make_font_description(const layout::Font& font);

// One private Pango font map and context: 72 dpi (font points = Cairo user units = PDF points),
// metrics unhinted and glyph positions unrounded, so shapes are identical whatever the surface.
class TextEngine {
 public:
  TextEngine();
  TextEngine(const TextEngine&) = delete;
  TextEngine& operator=(const TextEngine&) = delete;

  // Shapes `text` (valid UTF-8 required; check with valid_utf8) in `font`. wrap_width_pt > 0 wraps
  // at that width, aligned by `align` inside it. Unwrapped texts of one or two bytes (grid digits)
  // are cached, and so are the last texts of any length (a layout measures a caption, then the
  // canvas draws it: OutputOptions::text_engine); the returned reference is valid until the next
  // call.
  const Shaped& shape(std::string_view text, const layout::Font& font, double wrap_width_pt = 0,
                      PangoAlignment align = PANGO_ALIGN_LEFT);

  PangoFontMap* font_map() const { return font_map_.get(); }
  PangoContext* context() const { return context_.get(); }

 private:
  void fill(Shaped& s, std::string_view text, const layout::Font& font, double wrap_width_pt,
            PangoAlignment align);

  FontMapPtr font_map_;
  ContextPtr context_;
  std::unordered_map<std::string, Shaped> cache_;   // grid digits
  // The cached one-byte texts of the last few fonts asked for, by byte: a grid's digits (givens and
  // answers in two fonts, side by side) are looked up here without making cache_'s key. Pointers
  // into cache_, whose nodes do not move; emptied with it.
  struct RecentFont {
    std::string family;
    long size = -1;  // font.size_pt in Pango units, rounded as in cache_'s key
    bool bold = false, italic = false;
    std::array<const Shaped*, 128> bytes{};
  };
  std::array<RecentFont, 4> recent_fonts_;
  std::size_t next_recent_font_ = 0;  // the slot a new font takes (round robin)
  std::unordered_map<std::string, Shaped> recent_;  // other texts: the last ones (emptied at 256)
};

bool valid_utf8(std::string_view text);

}  // namespace gp::render
