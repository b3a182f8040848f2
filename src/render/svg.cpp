#include "render/svg.hpp"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>

namespace gp::render {
namespace {

struct HandleFree {
  void operator()(RsvgHandle* h) const { g_object_unref(h); }
};
using HandlePtr = std::unique_ptr<RsvgHandle, HandleFree>;
struct ErrorFree {
  void operator()(GError* e) const { g_error_free(e); }
};
using ErrorPtr = std::unique_ptr<GError, ErrorFree>;
struct SurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

// Opens the file; on failure `why` holds librsvg's reason.
HandlePtr open(const std::string& path, std::string& why) {
  GError* raw = nullptr;
  HandlePtr h(rsvg_handle_new_from_file(path.c_str(), &raw));
  ErrorPtr error(raw);
  if (!h) why = error ? error->message : "unknown error";
  return h;
}

bool render(RsvgHandle* h, cairo_t* cr, double x, double y, double w, double hgt, std::string& why) {
  const RsvgRectangle viewport{x, y, w, hgt};
  GError* raw = nullptr;
  const bool ok = rsvg_handle_render_document(h, cr, &viewport, &raw);
  ErrorPtr error(raw);
  if (!ok) why = error ? error->message : "unknown error";
  return ok;
}

}  // namespace

bool is_svg_path(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".svg";
}

Result<std::pair<double, double>> svg_size(const std::string& path) {
  std::string why;
  HandlePtr h = open(path, why);
  if (!h) return Error("'" + path + "' is not an SVG librsvg can read: " + why);
  rsvg_handle_set_dpi(h.get(), 96.0);
  double w = 0, ht = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(h.get(), &w, &ht)) {
    gboolean has_w = FALSE, has_h = FALSE, has_box = FALSE;
    RsvgLength lw{}, lh{};
    RsvgRectangle box{};
    rsvg_handle_get_intrinsic_dimensions(h.get(), &has_w, &lw, &has_h, &lh, &has_box, &box);
    if (has_box) {
      w = box.width;
      ht = box.height;
    }
  }
  if (!(w > 0 && ht > 0 && w < 1e7 && ht < 1e7))
    return Error("'" + path + "' has no width, height or viewBox to give its size");
  // Drawn once off-screen, so that a picture librsvg cannot draw fails before the book is made.
  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
  std::unique_ptr<cairo_t, ContextFree> cr(cairo_create(surface.get()));
  if (!render(h.get(), cr.get(), 0, 0, w, ht, why)) return Error("'" + path + "' is not an SVG librsvg can draw: " + why);
  return std::pair{w, ht};
}

bool draw_svg(void* cr, const std::string& path, double x, double y, double w, double h, std::string& why) {
  HandlePtr handle = open(path, why);
  if (!handle) return false;
  rsvg_handle_set_dpi(handle.get(), 96.0);
  return render(handle.get(), static_cast<cairo_t*>(cr), x, y, w, h, why);
}

}  // namespace gp::render
