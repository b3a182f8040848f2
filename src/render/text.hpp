// Text measurement with Pango, for layout: the same shaping the Cairo canvases draw with, so a
// caption measured here is exactly as wide on the page.
#pragma once

#include <memory>
#include <string>

#include "core/result.hpp"
#include "layout/document.hpp"

namespace gp::render {

class TextEngine;  // Pango font map + context + layout cache (render/text_engine.hpp)

// layout::TextMeasure backed by Pango/fontconfig. Text is set at 72 dpi with unhinted metrics, so
// sizes do not depend on the output format or resolution. Not thread-safe (it caches layouts);
// use one per thread.
class PangoTextMeasure final : public layout::TextMeasure {
 public:
  PangoTextMeasure();
  ~PangoTextMeasure() override;
  PangoTextMeasure(const PangoTextMeasure&) = delete;
  PangoTextMeasure& operator=(const PangoTextMeasure&) = delete;

  // Logical extents in mm. With wrap_width > 0 (mm) the text wraps at that width (word, then
  // character boundaries). Text that is not valid UTF-8 measures as empty.
  layout::TextSize measure(const std::string& text, const layout::Font& font,
                           double wrap_width = 0) const override;

  // The engine it measures with, for a canvas that draws what was measured
  // (OutputOptions::text_engine): the texts it shaped last are drawn without shaping them again.
  const std::shared_ptr<TextEngine>& engine() const { return engine_; }

 private:
  std::shared_ptr<TextEngine> engine_;
};

// Checks that fontconfig has `family` (case-insensitive match of the family it resolves to).
// Error: "font 'X' is not installed (fontconfig would use 'Y' instead)".
Status check_font_family(const std::string& family);

}  // namespace gp::render
