// Internal to pdfcheck: the content-stream walk of one page (text sizes, line widths, where ink
// lands, which fonts the page uses). Coordinates are the page's default user space, in pt.
#pragma once

#include <optional>
#include <stdexcept>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <string>
#include <vector>

namespace gp::pdfcheck::detail {

struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 < x0 || y1 < y0; }
};

// What the walk of one page checks against. Margins are checked only when `margins` is set.
struct PageLimits {
  double min_text_pt = 0;  // 0 = unchecked
  double min_line_pt = 0;  // 0 = unchecked
  bool margins = false;
  Box trim;                // the trim box
  double top = 0, bottom = 0, outside = 0, inside = 0;  // required clearance from each trim edge
  bool recto = true;       // odd pages: the inside edge is the left one
  bool bleed = false;      // ink past the top, bottom or outside trim edge is bleed art
  double min_image_dpi = 0;  // 0 = unchecked
  bool collect_text = false;  // keep the box of every piece of text shown (PageInk::text_boxes)
};

// An image printed at a lower resolution than the minimum: its pixels over its placed size.
struct LowImage {
  double dpi = 0;              // the lower of the two directions
  long width_px = 0, height_px = 0;
  double width_pt = 0, height_pt = 0;  // placed size (the image's unit square through the CTM)
};

// The ink that reaches furthest into a margin.
struct MarginHit {
  std::string what;        // "text", "a line", "a filled shape", "an image"
  std::string edge;        // "top", "bottom", "inside", "outside"
  double clearance = 0;    // pt from the trim edge inwards; negative = past the edge
  double required = 0;     // pt
};

struct PageInk {
  bool has_ink = false;                  // anything visible was painted (white paint is not ink)
  std::optional<double> smallest_text;   // effective size of the smallest text under the minimum
  std::optional<double> thinnest_line;   // effective width of the thinnest stroke under the minimum
  std::optional<MarginHit> margin;       // the worst margin intrusion, if any
  std::optional<LowImage> low_image;     // the image at the lowest resolution under the minimum
  std::vector<QPDFObjectHandle> fonts;   // every font dictionary in the resources walked
  std::vector<Box> text_boxes;           // with PageLimits::collect_text: each text shown, clipped
};

// The walk of a page met one of its work limits (a content stream decoding to more than 16 MiB,
// 128 MiB decoded in all, 10,000,000 objects parsed, forms counted each time they are drawn, or
// 50,000 forms drawn); what() says which.
struct ContentLimit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Walks the page's content streams and the Form XObjects they draw.
// Throws (QPDFExc, std::exception) when a content stream cannot be read, ContentLimit when the
// walk meets a work limit.
PageInk walk_page(QPDFPageObjectHelper& page, const PageLimits& limits);

}  // namespace gp::pdfcheck::detail
