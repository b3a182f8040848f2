#include "layout/cover.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "layout/grid_draw.hpp"
#include "spec/spec.hpp"

namespace gp::layout {
namespace {

constexpr double kSafeMm = 0.125 * kMmPerInch;       // text keeps this far from trim edges
constexpr double kSpineFoldMm = 0.0625 * kMmPerInch;  // and this far from the spine's folds
constexpr double kMinSpineForTextMm = 0.25 * kMmPerInch;

Box inset(const Box& b, double dx, double dy) { return Box{b.x + dx, b.y + dy, b.w - 2 * dx, b.h - 2 * dy}; }

std::string inches(double mm) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f in", mm / kMmPerInch);
  return buf;
}

std::string points(double pt) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g pt", pt);
  return buf;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// `text` set in `start`, shrunk by half points down to `min_pt` until every word fits `width`
// and the wrapped text fits `max_h`. The font it fits at, and its height.
struct Fitted {
  Font font;
  double height = 0;
};
Result<Fitted> fit_text(const spec::BookSpec& spec, const char* key, const char* what, const std::string& text,
                        Font font, double min_pt, double width, double max_h, const TextMeasure& measure) {
  const std::vector<std::string> words = words_of(text);
  const double start = std::max(font.size_pt, min_pt);
  double widest = 0, height = 0;
  std::string wide_word;
  for (font.size_pt = start; font.size_pt >= min_pt - 1e-9; font.size_pt -= 0.5) {
    widest = 0;
    for (const std::string& w : words) {
      const double ww = measure.measure(w, font).width;
      if (ww > widest) widest = ww, wide_word = w;
    }
    height = measure.measure(text, font, width).height;
    if (widest <= width && height <= max_h) return Fitted{font, height};
  }
  font.size_pt += 0.5;
  const std::string why = widest > width
                              ? "the word '" + wide_word + "' is " + inches(widest) + " wide and the front has " + inches(width)
                              : "it needs " + inches(height) + " and the " + what + " may take " + inches(max_h);
  return Error(spec::key_diagnostic(spec, {key}, std::string("the ") + what + " does not fit on the front cover even at " +
                                                     points(font.size_pt) + " (the smallest): " + why +
                                                     "; shorten it"));
}

TextItem coloured(TextItem t, const Colour& c) {
  t.coloured = true;
  t.colour = c;
  return t;
}

// The puzzle-grid motif: the sample's grid centred in `area`, on a white card framed in the accent
// colour (or bare white under the grid for a plain theme). A multi-grid board (samurai) is drawn
// at its own scale: its whole layout (drawn_side cells a side) fits the area, card included.
void draw_motif(std::vector<Item>& out, const CoverTheme& look, const spec::Theme& theme, const Puzzle& sample,
                const Box& area) {
  const double frame = look.grid_card ? 1.5 : 0, margin = look.grid_card ? 3.0 : 0;
  const GridStyle base = grid_style(theme);
  const int n = drawn_side(sample.givens);
  const double room = std::min(area.w, area.h) - 2 * (frame + margin);
  const double cell = cell_for_extent(n, room, base);
  if (cell < 2.0) return;  // no room for a grid worth drawing: the front goes without one
  const GridStyle style = style_for_cell(base, cell);
  const double extent = grid_extent_mm(n, cell, style);
  const double gx = area.x + (area.w - extent) / 2, gy = area.y + (area.h - extent) / 2;
  if (look.grid_card) {
    const double o = frame + margin;
    add(out, FillItem{Box{gx - o, gy - o, extent + 2 * o, extent + 2 * o}, look.accent, look.accent});
  }
  const Colour white{1, 1, 1};
  add(out, FillItem{Box{gx - margin, gy - margin, extent + 2 * margin, extent + 2 * margin}, white, white});
  draw_grid(out, gx, gy, cell, sample.givens, nullptr, style);
}

// ".svg" for "art.SVG".
std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// The pixel size of a PNG file, from its header; an error naming cover.image when the file is
// missing, unreadable or not a PNG.
Result<std::pair<int, int>> png_pixels(const spec::BookSpec& spec, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(spec::key_diagnostic(spec, {"cover.image"}, "cannot read '" + path + "': no such file or no permission"));
  unsigned char h[24] = {};
  in.read(reinterpret_cast<char*>(h), sizeof h);
  static constexpr unsigned char kSig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (in.gcount() < 24 || !std::equal(kSig, kSig + 8, h) || std::string(reinterpret_cast<char*>(h + 12), 4) != "IHDR")
    return Error(spec::key_diagnostic(spec, {"cover.image"}, "'" + path + "' is not a PNG file"));
  auto be32 = [&](int at) {
    return static_cast<long>(h[at]) << 24 | static_cast<long>(h[at + 1]) << 16 | static_cast<long>(h[at + 2]) << 8 | h[at + 3];
  };
  const long w = be32(16), ht = be32(20);
  if (w < 1 || ht < 1 || w > 100000 || ht > 100000)
    return Error(spec::key_diagnostic(spec, {"cover.image"}, "'" + path + "' has an impossible size"));
  return std::pair{static_cast<int>(w), static_cast<int>(ht)};
}

// The image placed in `area`: scaled to cover it (`fill`, cropped by the clip) or to fit inside
// it, centred. Its resolution at that size must reach cover.image_min_dpi.
// An SVG (its size read by the book layer) is scaled the same way, with no resolution to check.
Result<ImageItem> place_image(const spec::BookSpec& spec, const CoverOptions& cover, const Box& area, bool fill) {
  const bool svg = cover.image_width > 0 && cover.image_height > 0;
  if (!svg && lower_extension(cover.image) == ".svg")
    return Error(spec::key_diagnostic(spec, {"cover.image"}, "'" + cover.image + "': the SVG's size was not read"));
  auto px = svg ? Result<std::pair<int, int>>(std::pair{0, 0}) : png_pixels(spec, cover.image);
  if (!px) return px.error();
  const double pw = svg ? cover.image_width : px->first, ph = svg ? cover.image_height : px->second;
  const double sx = area.w / pw, sy = area.h / ph;  // mm a pixel
  const double mm_per_px = fill ? std::max(sx, sy) : std::min(sx, sy);
  ImageItem item;
  item.path = cover.image;
  item.pixels_w = px->first;  // 0 for an SVG
  item.pixels_h = px->second;
  item.placed = Box{area.x + (area.w - pw * mm_per_px) / 2, area.y + (area.h - ph * mm_per_px) / 2, pw * mm_per_px,
                    ph * mm_per_px};
  item.clip = area;
  const double dpi = kMmPerInch / mm_per_px;
  if (!svg && dpi + 1e-6 < cover.image_min_dpi) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "is %d x %d pixels: %.0f dpi at its printed size (%.2f x %.2f in); ", px->first, px->second, dpi,
                  item.placed.w / kMmPerInch, item.placed.h / kMmPerInch);
    const int need_w = static_cast<int>(std::ceil(item.placed.w / kMmPerInch * cover.image_min_dpi));
    return Error(spec::key_diagnostic(
        spec, {"cover.image"},
        "'" + cover.image + "' " + buf + "print needs " + std::to_string(cover.image_min_dpi) + " dpi (about " +
            std::to_string(need_w) + " pixels wide); use a larger image, or set cover.image_min_dpi lower to accept it"));
  }
  return item;
}

// The back text, one size, in `w` x `room`: an error at cover.back_text when it would run into
// the barcode area, naming how many of its words fit.
Status check_back_text(const spec::BookSpec& spec, const std::string& text, const Font& body, double w, double room,
                       const TextMeasure& measure) {
  const double need = measure.measure(text, body, w).height;
  if (need <= room) return Ok{};
  const std::vector<std::string> words = words_of(text);
  size_t lo = 0, hi = words.size();  // the most words that fit: lo fits, hi does not
  auto prefix = [&](size_t n) {
    std::string t;
    for (size_t i = 0; i < n; ++i) t += (i ? " " : "") + words[i];
    return t;
  };
  while (hi - lo > 1) {
    const size_t mid = (lo + hi) / 2;
    (measure.measure(prefix(mid), body, w).height <= room ? lo : hi) = mid;
  }
  return Error(spec::key_diagnostic(
      spec, {"cover.back_text"},
      "the back text would run into the barcode area: it needs " + inches(need) + " and " + inches(room) +
          " fit above the barcode (about " + std::to_string(lo) + " of its " + std::to_string(words.size()) +
          " words at " + points(body.size_pt) + "); shorten it"));
}


}  // namespace

CoverOptions cover_options(const spec::BookSpec& spec) {
  CoverOptions c;
  c.paper = spec.print.paper == "cream" ? Paper::cream : Paper::white;
  c.back_text = spec.cover.back_text;
  c.spine_text = spec.cover.spine_text;
  c.proof = spec.cover.proof;
  c.theme = resolved_cover_theme(spec.cover);
  c.image = spec.cover.image;
  c.image_fit = spec.cover.image_fit;
  c.image_min_dpi = spec.cover.image_min_dpi;
  return c;
}

CoverGeometry cover_geometry(const spec::PageSpec& page, int page_count, Paper paper) {
  double tw = page.width, th = page.height;
  if (page.landscape && tw < th) std::swap(tw, th);
  CoverGeometry g;
  g.spine = spine_width_mm(page_count, paper);
  g.width = 2 * g.bleed + 2 * tw + g.spine;
  g.height = th + 2 * g.bleed;
  g.trim = Box{g.bleed, g.bleed, 2 * tw + g.spine, th};
  g.back = Box{g.bleed, g.bleed, tw, th};
  g.spine_box = Box{g.bleed + tw, g.bleed, g.spine, th};
  g.front = Box{g.bleed + tw + g.spine, g.bleed, tw, th};
  g.back_safe = inset(g.back, kSafeMm, kSafeMm);
  g.front_safe = inset(g.front, kSafeMm, kSafeMm);
  g.spine_safe = Box{g.spine_box.x + kSpineFoldMm, g.spine_box.y + kSafeMm,
                     std::max(0.0, g.spine - 2 * kSpineFoldMm), th - 2 * kSafeMm};
  const double bw = 2.0 * kMmPerInch, bh = 1.2 * kMmPerInch, off = 0.25 * kMmPerInch;
  g.barcode = Box{g.back.right() - off - bw, g.back.bottom() - off - bh, bw, bh};
  return g;
}

Result<Page> lay_out_cover(const spec::BookSpec& spec, int page_count, const CoverOptions& cover,
                           const TextMeasure& measure, const Puzzle* sample) {
  if (page_count < 1) return Error("cover: the book has no pages");
  const CoverGeometry g = cover_geometry(spec.page, page_count, cover.paper);
  const spec::Theme& theme = spec.theme;
  const CoverTheme& look = cover.theme;
  Page page;
  page.width = g.width;
  page.height = g.height;
  page.trim = g.trim;
  // Ground: the theme's colour or gradient, to the bleed edge, across back, spine and front.
  add(page.items, FillItem{Box{0, 0, g.width, g.height}, look.ground, look.ground2});

  // Front: title block (title, subtitle), the grid motif, the author at the foot; the theme says
  // whether the title block or the grid comes first. Each text shrinks until it fits its share
  // of the front, or the cover fails at its key.
  const Box& f = g.front_safe;
  const std::string family = look.title_family.empty() ? theme.title_font : look.title_family;
  const Font title{family, std::max(theme.title_size * look.title_scale, kMinCoverTitlePt), true, false};
  const Font subtitle{family, std::max(theme.heading_size * 0.9, kMinCoverLinePt), false, true};
  const Font author{family, std::max(theme.heading_size, kMinCoverLinePt), false, false};
  const double pad = f.w * 0.08;
  const Box f_text{f.x + pad, f.y, f.w - 2 * pad, f.h};
  auto t_fit = fit_text(spec, "title", "title", spec.title, title, kMinCoverTitlePt, f_text.w, f.h * 0.30, measure);
  if (!t_fit) return t_fit.error();
  std::optional<Fitted> s_fit, a_fit;
  if (!spec.subtitle.empty()) {
    auto r = fit_text(spec, "subtitle", "subtitle", spec.subtitle, subtitle, kMinCoverLinePt, f_text.w, f.h * 0.15,
                      measure);
    if (!r) return r.error();
    s_fit = *r;
  }
  if (!spec.author.empty()) {
    auto r = fit_text(spec, "author", "author", spec.author, author, kMinCoverLinePt, f_text.w, f.h * 0.10, measure);
    if (!r) return r.error();
    a_fit = *r;
  }
  const double gap = measure.measure("Ag", subtitle).height * 0.6;
  const double block_h = t_fit->height + (s_fit ? gap + s_fit->height : 0);
  const double author_h = a_fit ? a_fit->height : 0;
  const double author_y = f.bottom() - f.h * 0.07 - author_h;
  const bool title_first = look.placement == CoverPlacement::title_above_grid;
  const double block_y = title_first ? f.y + f.h * 0.09 : author_y - f.h * 0.07 - block_h;
  double y = block_y;
  page.items.push_back(coloured(text_item(Box{f_text.x, y, f_text.w, t_fit->height}, spec.title, t_fit->font,
                                          HAlign::center, VAlign::top, true),
                                look.title));
  y += t_fit->height + gap;
  if (s_fit) {
    page.items.push_back(coloured(text_item(Box{f_text.x, y, f_text.w, s_fit->height}, spec.subtitle, s_fit->font,
                                            HAlign::center, VAlign::top, true),
                                  look.text));
  }
  if (a_fit) {
    page.items.push_back(coloured(text_item(Box{f_text.x, author_y, f_text.w, author_h}, spec.author, a_fit->font,
                                            HAlign::center, VAlign::top, true),
                                  look.text));
  }
  const double motif_top = title_first ? block_y + block_h + f.h * 0.05 : f.y + f.h * 0.07;
  const double motif_bottom = title_first ? author_y - f.h * 0.05 : block_y - f.h * 0.05;
  const Box motif{f.x + (f.w - f_text.w * 0.85) / 2, motif_top, f_text.w * 0.85, motif_bottom - motif_top};
  if (!cover.image.empty()) {
    // `fill`: the whole front to its bleed edges, under the text, which sits on bands of the
    // ground's colour; `fit`: the whole picture where the grid would go.
    const bool fill = cover.image_fit == "fill";
    const Box area = fill ? Box{g.front.x, 0, g.width - g.front.x, g.height} : motif;
    auto image = place_image(spec, cover, area, fill);
    if (!image) return image.error();
    std::vector<Item> under{std::move(*image)};
    if (fill) {
      const double band = f.h * 0.03;
      add(under, FillItem{Box{g.front.x, block_y - band, area.w, block_h + 2 * band}, look.ground, look.ground});
      if (a_fit)
        add(under, FillItem{Box{g.front.x, author_y - band, area.w, author_h + 2 * band}, look.ground2, look.ground2});
    }
    page.items.insert(page.items.begin() + 1, under.begin(), under.end());
  } else if (sample != nullptr) {
    draw_motif(page.items, look, theme, *sample, motif);
  }

  // Spine: "Title - Author", turned to read top to bottom.
  if (cover.spine_text && spine_text_allowed(page_count) && g.spine >= kMinSpineForTextMm) {
    const std::string s = spec.author.empty() ? spec.title : spec.title + "  \u00b7  " + spec.author;
    Font font{family, 7.0, true, false};
    // Largest size whose line height fits the spine (across it) and whose length fits along it.
    const TextSize unit = measure.measure(s, Font{font.family, 10.0, true, false});
    if (unit.height > 0 && unit.width > 0) {
      const double across = 10.0 * g.spine_safe.w / unit.height;
      const double along = 10.0 * g.spine_safe.h / unit.width;
      font.size_pt = std::min({across, along, theme.heading_size});
      if (font.size_pt >= kMinTextPt) {
        TextItem t = coloured(text_item(g.spine_safe, s, font, HAlign::center, VAlign::middle, false), look.title);
        t.quarter_turns = 1;
        page.items.push_back(std::move(t));
      }
    }
  }

  // Back: the title as a heading, then the blurb, above the barcode area; never cut or run on.
  if (!cover.back_text.empty()) {
    const Box& b = g.back_safe;
    const Font body{theme.font, std::max(theme.body_size * 1.1, 7.0), false, false};
    const double bpad = b.w * 0.08;
    const double w = b.w - 2 * bpad;
    double top = b.y + b.h * 0.08;
    const Font heading{family, std::max(theme.heading_size * 1.1, kMinCoverLinePt), true, false};
    if (auto h = fit_text(spec, "title", "title", spec.title, heading, kMinCoverLinePt, w, b.h * 0.15, measure)) {
      page.items.push_back(
          coloured(text_item(Box{b.x + bpad, top, w, h->height}, spec.title, h->font, HAlign::left, VAlign::top, true),
                   look.title));
      top += h->height + measure.measure("Ag", body).height;
    }  // (a title too long for the back's heading has already been refused on the front)
    const double room = g.barcode.y - kSafeMm - top;
    if (Status st = check_back_text(spec, cover.back_text, body, w, room, measure); !st) return st.error();
    const double h = measure.measure(cover.back_text, body, w).height;
    page.items.push_back(
        coloured(text_item(Box{b.x + bpad, top, w, h}, cover.back_text, body, HAlign::left, VAlign::top, true), look.text));
  }

  // Proof: the guides a designer checks against (never on the cover to upload).
  if (cover.proof) {
    for (const Box& b : {g.back_safe, g.spine_safe, g.front_safe}) add(page.items, RectItem{b, 0.75, 0.5, -1});
    add(page.items, RectItem{g.barcode, 0.75, 0.0, 1.0});
    page.items.push_back(text_item(g.barcode, "barcode area", Font{theme.font, 8, false, false}, HAlign::center,
                                   VAlign::middle));
  }
  return page;
}

}  // namespace gp::layout
