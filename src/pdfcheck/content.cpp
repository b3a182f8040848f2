// The content-stream walk: a small interpreter of the PDF graphics and text state (PDF 32000-1
// sections 8.4, 9.3, 9.4) that keeps only what the preflight needs: the CTM, line width, clip
// box, whether the current colours are white, the text state and glyph advances.
#include "pdfcheck/content.hpp"

#include <qpdf/Pipeline.hh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace gp::pdfcheck::detail {

namespace {

// A PDF matrix [a b c d e f]; points are row vectors: [x y 1] x M.
struct Matrix {
  double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;

  // this x m: apply this first, then m.
  Matrix times(const Matrix& m) const {
    return {a * m.a + b * m.c,       a * m.b + b * m.d,       c * m.a + d * m.c,
            c * m.b + d * m.d,       e * m.a + f * m.c + m.e, e * m.b + f * m.d + m.f};
  }
  std::pair<double, double> apply(double x, double y) const { return {a * x + c * y + e, b * x + d * y + f}; }
  std::pair<double, double> apply_linear(double x, double y) const { return {a * x + c * y, b * x + d * y}; }
  // Largest and smallest stretch of the linear part (its singular values).
  double max_scale() const {
    const double s = a * a + b * b + c * c + d * d, det = a * d - b * c;
    return std::sqrt((s + std::sqrt(std::max(0.0, s * s - 4 * det * det))) / 2);
  }
  double min_scale() const {
    const double mx = max_scale();
    return mx > 0 ? std::fabs(a * d - b * c) / mx : 0;
  }
};

Matrix translation(double x, double y) { return {1, 0, 0, 1, x, y}; }

double number(QPDFObjectHandle o, double fallback = 0) {
  return o.isNumber() ? o.getNumericValue() : fallback;
}

// A number as an int in [lo, hi] (files may hold any value; a cast out of range is undefined).
int clamped_int(double v, int lo, int hi) {
  if (!(v >= lo)) return lo;  // also NaN
  if (v > hi) return hi;
  return static_cast<int>(v);
}

Matrix matrix_of(QPDFObjectHandle array, const Matrix& fallback = {}) {
  if (!array.isArray() || array.getArrayNItems() != 6) return fallback;
  return {number(array.getArrayItem(0)), number(array.getArrayItem(1)), number(array.getArrayItem(2)),
          number(array.getArrayItem(3)), number(array.getArrayItem(4)), number(array.getArrayItem(5))};
}

struct BoxBuilder {
  Box box{1, 1, 0, 0};  // empty
  void add(double x, double y) {
    if (box.empty()) {
      box = {x, y, x, y};
      return;
    }
    box.x0 = std::min(box.x0, x);
    box.y0 = std::min(box.y0, y);
    box.x1 = std::max(box.x1, x);
    box.y1 = std::max(box.y1, y);
  }
  void add(std::pair<double, double> p) { add(p.first, p.second); }
};

Box intersect(const Box& a, const Box& b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

// The corners of [x0,x1] x [y0,y1] mapped by m, as a box.
Box mapped_box(const Matrix& m, double x0, double y0, double x1, double y1) {
  BoxBuilder b;
  b.add(m.apply(x0, y0));
  b.add(m.apply(x1, y0));
  b.add(m.apply(x0, y1));
  b.add(m.apply(x1, y1));
  return b.box;
}

// How to read a colour: the components that make "white" (no ink) depend on the colour space.
enum class ColorFamily { gray, rgb, cmyk, tint, other };

struct Color {
  ColorFamily family = ColorFamily::gray;
  bool white = false;  // initial colour: black
};

// Metrics of one font, enough to advance the text position and size the glyph box.
struct FontInfo {
  bool two_byte = false;          // Type0: 2-byte codes (Identity-H and the like)
  int first_char = 0;
  std::vector<double> widths;     // simple fonts, glyph units, from first_char
  std::unordered_map<int, double> cid_widths;  // Type0
  double default_width = 500;     // glyph units
  double ascent = 800, descent = -200;          // glyph units
  Matrix font_matrix{0.001, 0, 0, 0.001, 0, 0};  // glyph space -> text space

  double width(int code) const {
    if (two_byte) {
      auto it = cid_widths.find(code);
      return it == cid_widths.end() ? default_width : it->second;
    }
    const int i = code - first_char;
    return i >= 0 && i < static_cast<int>(widths.size()) ? widths[static_cast<std::size_t>(i)] : default_width;
  }
};

FontInfo read_font(QPDFObjectHandle font) {
  FontInfo info;
  if (!font.isDictionary()) return info;
  const std::string subtype = font.getKey("/Subtype").isName() ? font.getKey("/Subtype").getName() : "";
  QPDFObjectHandle descriptor = font.getKey("/FontDescriptor");
  if (subtype == "/Type0") {
    info.two_byte = true;
    info.default_width = 1000;
    QPDFObjectHandle desc = font.getKey("/DescendantFonts");
    if (desc.isArray() && desc.getArrayNItems() > 0) {
      QPDFObjectHandle cid = desc.getArrayItem(0);
      if (cid.isDictionary()) {
        descriptor = cid.getKey("/FontDescriptor");
        info.default_width = number(cid.getKey("/DW"), 1000);
        // /W: c [w1 w2 ...] or c_first c_last w
        QPDFObjectHandle w = cid.getKey("/W");
        const int n = w.isArray() ? w.getArrayNItems() : 0;
        for (int i = 0; i + 1 < n;) {
          const int first = clamped_int(number(w.getArrayItem(i)), 0, 65535);
          QPDFObjectHandle next = w.getArrayItem(i + 1);
          if (next.isArray()) {
            for (int k = 0; k < next.getArrayNItems(); ++k) info.cid_widths[first + k] = number(next.getArrayItem(k));
            i += 2;
          } else {
            if (i + 2 >= n) break;
            const int last = clamped_int(number(next), 0, 65535);
            const double width = number(w.getArrayItem(i + 2));
            for (int c = first; c <= last; ++c) info.cid_widths[c] = width;
            i += 3;
          }
        }
      }
    }
  } else {
    info.first_char = clamped_int(number(font.getKey("/FirstChar")), 0, 255);
    QPDFObjectHandle w = font.getKey("/Widths");
    if (w.isArray())
      for (int i = 0; i < w.getArrayNItems(); ++i) info.widths.push_back(number(w.getArrayItem(i)));
    if (subtype == "/Type3") {
      info.font_matrix = matrix_of(font.getKey("/FontMatrix"), info.font_matrix);
      QPDFObjectHandle bbox = font.getKey("/FontBBox");
      if (bbox.isArray() && bbox.getArrayNItems() == 4) {
        const double lly = number(bbox.getArrayItem(1)), ury = number(bbox.getArrayItem(3));
        if (ury != lly) {
          info.descent = std::min(lly, ury);
          info.ascent = std::max(lly, ury);
        }
      }
      info.default_width = 0;
    }
  }
  if (descriptor.isDictionary()) {
    if (!info.two_byte) info.default_width = number(descriptor.getKey("/MissingWidth"), info.default_width);
    const double asc = number(descriptor.getKey("/Ascent")), desc = number(descriptor.getKey("/Descent"));
    if (asc > desc) {
      info.ascent = asc;
      info.descent = std::min(desc, 0.0);
    }
  }
  return info;
}

struct GraphicsState {
  Matrix ctm;
  double line_width = 1;
  std::optional<Box> clip;
  Color fill, stroke;
  // Text state (part of the graphics state).
  double char_spacing = 0, word_spacing = 0, h_scale = 1, leading = 0, rise = 0;
  double font_size = 0;
  int render_mode = 0;
  const FontInfo* font = nullptr;
};

// Counts the bytes of a decoded stream without keeping them, and stops (throws; qpdf then ends
// the decoding and reports failure) once they pass `max`.
class ByteCounter : public Pipeline {
 public:
  explicit ByteCounter(std::uint64_t max) : Pipeline("gridpress content size", nullptr), max_(max) {}
  void write(unsigned char const*, size_t len) override {
    bytes_ += len;
    if (bytes_ > max_) throw std::length_error("content stream over the limit");
  }
  void finish() override {}
  std::uint64_t bytes() const { return bytes_; }
  bool over() const { return bytes_ > max_; }

 private:
  std::uint64_t max_;
  std::uint64_t bytes_ = 0;
};

// Adds the decoded size of `stream` to `size` (a stream that cannot be decoded adds what was
// decoded before the error; parsing it reports the error).
void measure(QPDFObjectHandle& stream, ByteCounter& size) {
  try {
    stream.pipeStreamData(&size, 0, qpdf_dl_all, true);
  } catch (const std::length_error&) {  // the counter stopped it (when qpdf lets that through)
  }
}

class Walker : public QPDFObjectHandle::ParserCallbacks {
 public:
  explicit Walker(const PageLimits& limits) : limits_(limits) {}

  void walk_page(QPDFPageObjectHelper& page) {
    resources_.push_back(page.getAttribute("/Resources", false));
    note_fonts(resources_.back());
    // The page's content streams, measured one by one (qpdf's pipeContents would buffer them all
    // first): parseContents then holds them in memory together.
    ByteCounter size(kMaxStreamBytes);
    QPDFObjectHandle contents = page.getObjectHandle().getKey("/Contents");
    if (contents.isStream()) {
      measure(contents, size);
    } else if (contents.isArray()) {
      for (int i = 0; i < contents.getArrayNItems() && !size.over(); ++i)
        if (QPDFObjectHandle item = contents.getArrayItem(i); item.isStream()) measure(item, size);
    }
    count_bytes(size, "the page's content");
    page.parseContents(this);
    resources_.pop_back();
  }

  PageInk take() { return std::move(ink_); }

  void handleObject(QPDFObjectHandle obj, size_t, size_t) override {
    if (++objects_ > kMaxObjects)
      throw ContentLimit("gave up after " + std::to_string(kMaxObjects) +
                         " content objects (operators and operands, counted again each time a form is drawn): "
                         "preflight's work limit for one page (forms drawing forms many times over?)");
    if (!obj.isOperator()) {
      operands_.push_back(std::move(obj));
      return;
    }
    std::vector<QPDFObjectHandle> args;
    args.swap(operands_);
    run(obj.getOperatorValue(), args);
  }
  void handleEOF() override {}

 private:
  static constexpr int kMaxFormDepth = 16;

  static double arg(std::vector<QPDFObjectHandle>& args, std::size_t i) {
    return i < args.size() ? number(args[i]) : 0;
  }

  void run(const std::string& op, std::vector<QPDFObjectHandle>& args) {
    GraphicsState& g = gs_.back();
    const std::size_t n = args.size();
    // Graphics state.
    if (op == "q") {
      gs_.push_back(g);
    } else if (op == "Q") {
      if (gs_.size() > base_depth_) gs_.pop_back();
    } else if (op == "cm" && n == 6) {
      g.ctm = Matrix{arg(args, 0), arg(args, 1), arg(args, 2), arg(args, 3), arg(args, 4), arg(args, 5)}.times(g.ctm);
    } else if (op == "w" && n == 1) {
      g.line_width = arg(args, 0);
    } else if (op == "gs" && n == 1 && args[0].isName()) {
      ext_gstate(resource("/ExtGState", args[0].getName()));
    }
    // Path construction (points go to device space at once: the CTM cannot change inside a path).
    else if ((op == "m" || op == "l") && n == 2) {
      add_point(arg(args, 0), arg(args, 1));
    } else if (op == "c" && n == 6) {
      for (std::size_t i = 0; i < 6; i += 2) add_point(arg(args, i), arg(args, i + 1));
    } else if ((op == "v" || op == "y") && n == 4) {
      for (std::size_t i = 0; i < 4; i += 2) add_point(arg(args, i), arg(args, i + 1));
    } else if (op == "re" && n == 4) {
      const double x = arg(args, 0), y = arg(args, 1), w = arg(args, 2), h = arg(args, 3);
      add_point(x, y);
      add_point(x + w, y + h);
      add_point(x + w, y);
      add_point(x, y + h);
    } else if (op == "W" || op == "W*") {
      clip_pending_ = true;
    }
    // Path painting.
    else if (op == "S" || op == "s") {
      paint(false, true);
    } else if (op == "f" || op == "F" || op == "f*") {
      paint(true, false);
    } else if (op == "B" || op == "B*" || op == "b" || op == "b*") {
      paint(true, true);
    } else if (op == "n") {
      paint(false, false);
    } else if (op == "sh") {
      if (g.clip) ink(*g.clip, "a filled shape", g.fill.white);
    }
    // Colour.
    else if (op == "g" || op == "rg" || op == "k") {
      set_color(g.fill, op == "g" ? ColorFamily::gray : op == "rg" ? ColorFamily::rgb : ColorFamily::cmyk, args);
    } else if (op == "G" || op == "RG" || op == "K") {
      set_color(g.stroke, op == "G" ? ColorFamily::gray : op == "RG" ? ColorFamily::rgb : ColorFamily::cmyk, args);
    } else if ((op == "cs" || op == "CS") && n == 1 && args[0].isName()) {
      Color& c = op == "cs" ? g.fill : g.stroke;
      c = {color_family(args[0].getName()), false};
    } else if (op == "sc" || op == "scn") {
      set_color(g.fill, g.fill.family, args);
    } else if (op == "SC" || op == "SCN") {
      set_color(g.stroke, g.stroke.family, args);
    }
    // XObjects and inline images.
    else if (op == "Do" && n == 1 && args[0].isName()) {
      draw_xobject(resource("/XObject", args[0].getName()));
    } else if (op == "ID") {
      inline_px_ = inline_image_size(args);
    } else if (op == "EI") {
      ink(mapped_box(g.ctm, 0, 0, 1, 1), "an image", false);
      check_image(inline_px_.first, inline_px_.second);
      inline_px_ = {0, 0};
    }
    // Text objects and state.
    else if (op == "BT") {
      tm_ = tlm_ = Matrix{};
    } else if (op == "Tc" && n == 1) {
      g.char_spacing = arg(args, 0);
    } else if (op == "Tw" && n == 1) {
      g.word_spacing = arg(args, 0);
    } else if (op == "Tz" && n == 1) {
      g.h_scale = arg(args, 0) / 100;
    } else if (op == "TL" && n == 1) {
      g.leading = arg(args, 0);
    } else if (op == "Ts" && n == 1) {
      g.rise = arg(args, 0);
    } else if (op == "Tr" && n == 1) {
      g.render_mode = clamped_int(arg(args, 0), 0, 7);
    } else if (op == "Tf" && n == 2 && args[0].isName()) {
      g.font = font(resource("/Font", args[0].getName()));
      g.font_size = arg(args, 1);
    } else if (op == "Td" && n == 2) {
      move_line(arg(args, 0), arg(args, 1));
    } else if (op == "TD" && n == 2) {
      g.leading = -arg(args, 1);
      move_line(arg(args, 0), arg(args, 1));
    } else if (op == "Tm" && n == 6) {
      tm_ = tlm_ = Matrix{arg(args, 0), arg(args, 1), arg(args, 2), arg(args, 3), arg(args, 4), arg(args, 5)};
    } else if (op == "T*") {
      move_line(0, -g.leading);
    } else if (op == "Tj" && n == 1) {
      show(args[0]);
    } else if (op == "'" && n == 1) {
      move_line(0, -g.leading);
      show(args[0]);
    } else if (op == "\"" && n == 3) {
      g.word_spacing = arg(args, 0);
      g.char_spacing = arg(args, 1);
      move_line(0, -g.leading);
      show(args[2]);
    } else if (op == "TJ" && n == 1 && args[0].isArray()) {
      for (int i = 0; i < args[0].getArrayNItems(); ++i) {
        QPDFObjectHandle item = args[0].getArrayItem(i);
        if (item.isString()) {
          show(item);
        } else if (item.isNumber()) {
          const double tx = -item.getNumericValue() / 1000 * gs_.back().font_size * gs_.back().h_scale;
          tm_ = translation(tx, 0).times(tm_);
        }
      }
    }
  }

  // --- resources -------------------------------------------------------------------------------

  QPDFObjectHandle resource(const char* category, const std::string& name) const {
    for (auto it = resources_.rbegin(); it != resources_.rend(); ++it) {
      QPDFObjectHandle res = *it;
      if (!res.isDictionary()) continue;
      QPDFObjectHandle dict = res.getKey(category);
      if (dict.isDictionary() && dict.hasKey(name)) return dict.getKey(name);
      break;  // only the innermost resources apply; outer ones are a fallback for forms without any
    }
    return QPDFObjectHandle::newNull();
  }

  void note_fonts(QPDFObjectHandle resources) {
    if (!resources.isDictionary()) return;
    QPDFObjectHandle fonts = resources.getKey("/Font");
    if (!fonts.isDictionary()) return;
    for (const auto& key : fonts.getKeys()) {
      QPDFObjectHandle f = fonts.getKey(key);
      if (!f.isDictionary()) continue;
      const bool seen = f.isIndirect() && !font_ids_.insert(f.getObjGen().unparse(' ')).second;
      if (!seen) ink_.fonts.push_back(f);
    }
  }

  const FontInfo* font(QPDFObjectHandle f) {
    if (!f.isDictionary()) return nullptr;
    const std::string key = f.isIndirect() ? f.getObjGen().unparse(' ') : f.unparse();
    auto it = fonts_.find(key);
    if (it == fonts_.end()) it = fonts_.emplace(key, std::make_unique<FontInfo>(read_font(f))).first;
    return it->second.get();
  }

  void ext_gstate(QPDFObjectHandle dict) {
    if (!dict.isDictionary()) return;
    GraphicsState& g = gs_.back();
    if (dict.getKey("/LW").isNumber()) g.line_width = dict.getKey("/LW").getNumericValue();
    QPDFObjectHandle f = dict.getKey("/Font");
    if (f.isArray() && f.getArrayNItems() == 2) {
      g.font = font(f.getArrayItem(0));
      g.font_size = number(f.getArrayItem(1));
    }
  }

  // --- colour ----------------------------------------------------------------------------------

  ColorFamily color_family(const std::string& name) const {
    if (name == "/DeviceGray" || name == "/CalGray" || name == "/G") return ColorFamily::gray;
    if (name == "/DeviceRGB" || name == "/CalRGB" || name == "/RGB") return ColorFamily::rgb;
    if (name == "/DeviceCMYK" || name == "/CMYK") return ColorFamily::cmyk;
    QPDFObjectHandle cs = resource("/ColorSpace", name);
    if (!cs.isArray() || cs.getArrayNItems() < 1 || !cs.getArrayItem(0).isName()) return ColorFamily::other;
    const std::string kind = cs.getArrayItem(0).getName();
    if (kind == "/Separation" || kind == "/DeviceN") return ColorFamily::tint;
    if (kind == "/CalGray") return ColorFamily::gray;
    if (kind == "/CalRGB") return ColorFamily::rgb;
    if (kind == "/ICCBased" && cs.getArrayNItems() > 1 && cs.getArrayItem(1).isStream()) {
      const double comps = number(cs.getArrayItem(1).getDict().getKey("/N"));
      return comps == 1 ? ColorFamily::gray : comps == 3 ? ColorFamily::rgb : comps == 4 ? ColorFamily::cmyk : ColorFamily::other;
    }
    return ColorFamily::other;
  }

  void set_color(Color& c, ColorFamily family, std::vector<QPDFObjectHandle>& args) {
    c.family = family;
    bool all_numbers = !args.empty();
    bool all_high = true, all_low = true;
    for (auto& a : args) {
      if (!a.isNumber()) {
        all_numbers = false;
        continue;
      }
      all_high = all_high && a.getNumericValue() >= 0.999;
      all_low = all_low && a.getNumericValue() <= 0.001;
    }
    switch (family) {
      case ColorFamily::gray:
      case ColorFamily::rgb: c.white = all_numbers && all_high; break;
      case ColorFamily::cmyk:
      case ColorFamily::tint: c.white = all_numbers && all_low; break;
      case ColorFamily::other: c.white = false; break;
    }
  }

  // --- paths -----------------------------------------------------------------------------------

  void add_point(double x, double y) { path_.add(gs_.back().ctm.apply(x, y)); }

  void paint(bool fill, bool stroke) {
    GraphicsState& g = gs_.back();
    const Box path = path_.box;
    if (!path.empty()) {
      if (stroke) {
        const double width = g.line_width * g.ctm.min_scale();
        if (limits_.min_line_pt > 0 && width < limits_.min_line_pt - 0.005 &&
            (!ink_.thinnest_line || width < *ink_.thinnest_line))
          ink_.thinnest_line = width;
        const double half = g.line_width * g.ctm.max_scale() / 2;
        ink({path.x0 - half, path.y0 - half, path.x1 + half, path.y1 + half}, "a line", g.stroke.white);
      }
      if (fill) ink(path, "a filled shape", g.fill.white);
      if (clip_pending_) g.clip = g.clip ? intersect(*g.clip, path) : path;
    }
    clip_pending_ = false;
    path_ = {};
  }

  // --- images --------------------------------------------------------------------------------

  // The /W and /H (or /Width, /Height) of an inline image: the operands of ID, key and value pairs.
  static std::pair<long, long> inline_image_size(std::vector<QPDFObjectHandle>& args) {
    long w = 0, h = 0;
    for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
      if (!args[i].isName()) continue;
      const std::string key = args[i].getName();
      if (key == "/W" || key == "/Width") w = clamped_int(number(args[i + 1]), 0, 1 << 30);
      if (key == "/H" || key == "/Height") h = clamped_int(number(args[i + 1]), 0, 1 << 30);
    }
    return {w, h};
  }

  // An image maps its unit square through the CTM: its first axis (width_px pixels) to (a, b),
  // its second (height_px) to (c, d). The resolution in each direction is pixels per inch along
  // that vector; the lower of the two counts.
  void check_image(long width_px, long height_px) {
    if (limits_.min_image_dpi <= 0 || width_px <= 0 || height_px <= 0) return;
    const Matrix& m = gs_.back().ctm;
    const double w_pt = std::hypot(m.a, m.b), h_pt = std::hypot(m.c, m.d);
    if (!(w_pt > 0) || !(h_pt > 0)) return;  // not visible
    const double dpi = std::min(width_px / (w_pt / 72.0), height_px / (h_pt / 72.0));
    if (dpi >= limits_.min_image_dpi - 0.5) return;
    if (!ink_.low_image || dpi < ink_.low_image->dpi) ink_.low_image = LowImage{dpi, width_px, height_px, w_pt, h_pt};
  }

  // --- XObjects --------------------------------------------------------------------------------

  void draw_xobject(QPDFObjectHandle xobject) {
    if (!xobject.isStream()) return;
    QPDFObjectHandle dict = xobject.getDict();
    const std::string subtype = dict.getKey("/Subtype").isName() ? dict.getKey("/Subtype").getName() : "";
    GraphicsState& g = gs_.back();
    if (subtype == "/Image") {
      ink(mapped_box(g.ctm, 0, 0, 1, 1), "an image", false);
      check_image(clamped_int(number(dict.getKey("/Width")), 0, 1 << 30), clamped_int(number(dict.getKey("/Height")), 0, 1 << 30));
      return;
    }
    if (subtype != "/Form" || form_depth_ >= kMaxFormDepth) return;
    const std::string id = xobject.getObjGen().unparse(' ');
    if (!forms_open_.insert(id).second) return;  // a form that draws itself

    GraphicsState inner = g;
    inner.ctm = matrix_of(dict.getKey("/Matrix")).times(g.ctm);
    QPDFObjectHandle bbox = dict.getKey("/BBox");
    if (bbox.isArray() && bbox.getArrayNItems() == 4) {
      const Box b = mapped_box(inner.ctm, number(bbox.getArrayItem(0)), number(bbox.getArrayItem(1)),
                               number(bbox.getArrayItem(2)), number(bbox.getArrayItem(3)));
      inner.clip = inner.clip ? intersect(*inner.clip, b) : b;
    }
    const Matrix saved_tm = tm_, saved_tlm = tlm_;
    const std::size_t saved_base = base_depth_;
    gs_.push_back(inner);
    base_depth_ = gs_.size();
    QPDFObjectHandle res = dict.getKey("/Resources");
    const bool own_resources = res.isDictionary();
    if (own_resources) {
      resources_.push_back(res);
      note_fonts(res);
    }
    if (++form_draws_ > kMaxFormDraws)
      throw ContentLimit("gave up after " + std::to_string(kMaxFormDraws) +
                         " form drawings: preflight's work limit for one page (forms drawing forms many times over?)");
    ++form_depth_;
    ByteCounter size(kMaxStreamBytes);
    measure(xobject, size);
    count_bytes(size, "form " + id);
    xobject.parseAsContents(this);
    --form_depth_;
    if (own_resources) resources_.pop_back();
    gs_.resize(base_depth_ - 1);
    base_depth_ = saved_base;
    tm_ = saved_tm;
    tlm_ = saved_tlm;
    forms_open_.erase(id);
    path_ = {};
    clip_pending_ = false;
  }

  // --- text ------------------------------------------------------------------------------------

  void move_line(double tx, double ty) { tm_ = tlm_ = translation(tx, ty).times(tlm_); }

  void show(QPDFObjectHandle str) {
    if (!str.isString()) return;
    GraphicsState& g = gs_.back();
    static const FontInfo fallback_font;
    const FontInfo& f = g.font ? *g.font : fallback_font;
    const std::string bytes = str.getStringValue();

    // Advance over the glyphs (PDF 32000-1 9.4.4): tx = (w0 * Tfs + Tc + Tw) * Th.
    double tx = 0;
    const std::size_t step = f.two_byte ? 2 : 1;
    for (std::size_t i = 0; i + step <= bytes.size(); i += step) {
      const int code = f.two_byte ? (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1])
                                  : static_cast<unsigned char>(bytes[i]);
      const double w0 = f.font_matrix.apply_linear(f.width(code), 0).first;
      double adv = w0 * g.font_size + g.char_spacing;
      if (!f.two_byte && code == 32) adv += g.word_spacing;
      tx += adv * g.h_scale;
    }

    const bool visible = g.render_mode != 3 && g.render_mode != 7 && !bytes.empty();
    if (visible) {
      const Matrix m = tm_.times(g.ctm);
      // Effective size: the em (1000 glyph units up) through the font matrix, Tfs, Tm and the CTM.
      const auto em = f.font_matrix.apply_linear(0, 1000);
      const auto dev = m.apply_linear(em.first * g.font_size, em.second * g.font_size);
      const double size = std::hypot(dev.first, dev.second);
      if (limits_.min_text_pt > 0 && size < limits_.min_text_pt - 0.005 &&
          (!ink_.smallest_text || size < *ink_.smallest_text))
        ink_.smallest_text = size;
      // Glyph box in text space: the advance across, descent to ascent up.
      const double asc = f.font_matrix.apply_linear(0, f.ascent).second * g.font_size;
      const double desc = f.font_matrix.apply_linear(0, f.descent).second * g.font_size;
      ink(mapped_box(m, std::min(0.0, tx), g.rise + std::min(asc, desc), std::max(0.0, tx), g.rise + std::max(asc, desc)),
          "text", g.fill.white && g.render_mode == 0);
    }
    tm_ = translation(tx, 0).times(tm_);
  }

  // --- margins ---------------------------------------------------------------------------------

  void ink(Box box, const char* what, bool white) {
    if (white) return;
    const GraphicsState& g = gs_.back();
    if (g.clip) box = intersect(box, *g.clip);
    if (box.empty()) return;
    ink_.has_ink = true;
    if (limits_.collect_text && std::string_view(what) == "text") ink_.text_boxes.push_back(box);
    if (!limits_.margins) return;
    constexpr double kTolerance = 0.5;  // pt
    const Box& t = limits_.trim;
    struct Side {
      const char* edge;
      double clearance, required;
      bool bleeds;  // may run into the bleed
    };
    const bool left_inside = limits_.recto;
    const Side sides[] = {
        {"top", t.y1 - box.y1, limits_.top, limits_.bleed},
        {"bottom", box.y0 - t.y0, limits_.bottom, limits_.bleed},
        {left_inside ? "inside" : "outside", box.x0 - t.x0, left_inside ? limits_.inside : limits_.outside,
         limits_.bleed && !left_inside},
        {left_inside ? "outside" : "inside", t.x1 - box.x1, left_inside ? limits_.outside : limits_.inside,
         limits_.bleed && left_inside},
    };
    for (const Side& s : sides) {
      if (s.clearance >= s.required - kTolerance) continue;
      if (s.bleeds && s.clearance < 0) continue;  // bleed art
      const double shortfall = s.required - s.clearance;
      if (!ink_.margin || shortfall > ink_.margin->required - ink_.margin->clearance)
        ink_.margin = MarginHit{what, s.edge, s.clearance, s.required};
    }
  }

  // The work of one page's walk is bounded, whatever the file: each content stream decodes to at
  // most kMaxStreamBytes (measured before it is parsed, so memory stays bounded), all the streams
  // walked (a form again each time it is drawn) to kMaxPageBytes, the objects parsed to
  // kMaxObjects and the forms drawn to kMaxFormDraws. Past a limit the walk stops with ContentLimit (docs/preflight.md).
  static constexpr std::uint64_t kMaxStreamBytes = std::uint64_t{16} << 20;
  static constexpr std::uint64_t kMaxPageBytes = std::uint64_t{128} << 20;
  static constexpr std::uint64_t kMaxObjects = 10'000'000;
  static constexpr std::uint64_t kMaxFormDraws = 50'000;

  void count_bytes(const ByteCounter& size, const std::string& what) {
    if (size.over())
      throw ContentLimit(what + " decodes to more than " + std::to_string(kMaxStreamBytes >> 20) +
                         " MiB: preflight's limit for one content stream");
    page_bytes_ += size.bytes();
    if (page_bytes_ > kMaxPageBytes)
      throw ContentLimit("gave up after " + std::to_string(kMaxPageBytes >> 20) +
                         " MiB of decoded content (counted again each time a form is drawn): preflight's work limit "
                         "for one page");
  }

  const PageLimits& limits_;
  std::uint64_t objects_ = 0, page_bytes_ = 0, form_draws_ = 0;
  PageInk ink_;
  std::vector<QPDFObjectHandle> operands_;
  std::vector<GraphicsState> gs_{GraphicsState{}};
  std::size_t base_depth_ = 1;   // Q never pops below this (the state a form was entered with)
  std::vector<QPDFObjectHandle> resources_;
  std::map<std::string, std::unique_ptr<FontInfo>> fonts_;
  std::set<std::string> font_ids_;
  std::set<std::string> forms_open_;
  int form_depth_ = 0;
  Matrix tm_, tlm_;
  BoxBuilder path_;
  bool clip_pending_ = false;
  std::pair<long, long> inline_px_{0, 0};  // the inline image between ID and EI
};

}  // namespace

PageInk walk_page(QPDFPageObjectHelper& page, const PageLimits& limits) {
  Walker walker(limits);
  walker.walk_page(page);
  return walker.take();
}

}  // namespace gp::pdfcheck::detail
