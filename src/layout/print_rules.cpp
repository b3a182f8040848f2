#include "layout/print_rules.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

namespace gp::layout {
namespace {

bool trim_is(double w_mm, double h_mm, double w_in, double h_in) {
  const double w = w_mm / kMmPerInch, h = h_mm / kMmPerInch;
  constexpr double tol = 0.01;
  return (std::abs(w - w_in) < tol && std::abs(h - h_in) < tol) ||
         (std::abs(w - h_in) < tol && std::abs(h - w_in) < tol);
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// Short, single-line quote of a text for messages.
std::string quote(const std::string& s) {
  std::string q;
  for (char c : s) q += (c == '\n' ? ' ' : c);
  if (q.size() > 30) {
    std::size_t cut = 27;
    while (cut > 0 && (static_cast<unsigned char>(q[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 chars
    q = q.substr(0, cut) + "...";
  }
  return "'" + q + "'";
}

Box ink(const Item& item) {
  if (const auto* l = std::get_if<LineItem>(&item)) {
    const double h = pt_to_mm(l->width_pt) / 2;
    // A butt-capped line reaches half its width sideways only; a square cap also lengthwise.
    const double dx = std::abs(l->x2 - l->x1), dy = std::abs(l->y2 - l->y1);
    const double len = std::hypot(dx, dy);
    const double ux = len > 0 ? dx / len : 0, uy = len > 0 ? dy / len : 0;
    const double ex = h * uy + (l->square_cap ? h * ux : 0);
    const double ey = h * ux + (l->square_cap ? h * uy : 0);
    return Box{std::min(l->x1, l->x2) - ex, std::min(l->y1, l->y2) - ey, dx + 2 * ex, dy + 2 * ey};
  }
  if (const auto* r = std::get_if<RectItem>(&item)) {
    const double h = r->stroke_pt > 0 ? pt_to_mm(r->stroke_pt) / 2 : 0;
    return Box{r->box.x - h, r->box.y - h, r->box.w + 2 * h, r->box.h + 2 * h};
  }
  if (const auto* p = std::get_if<PathItem>(&item)) {
    if (p->points.empty()) return Box{};
    double x0 = p->points[0].first, y0 = p->points[0].second, x1 = x0, y1 = y0;
    for (const auto& [x, y] : p->points) {
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
      y0 = std::min(y0, y);
      y1 = std::max(y1, y);
    }
    const double h = p->stroke_pt > 0 ? pt_to_mm(p->stroke_pt) / 2 : 0;  // joins are round
    return Box{x0 - h, y0 - h, x1 - x0 + 2 * h, y1 - y0 + 2 * h};
  }
  if (const auto* f = std::get_if<FillItem>(&item)) return f->box;
  if (const auto* i = std::get_if<ImageItem>(&item)) return i->clip;
  return std::get<TextItem>(item).box;
}

bool within(const Box& b, const Box& area) {
  constexpr double eps = 1e-6;
  return b.x >= area.x - eps && b.y >= area.y - eps && b.right() <= area.right() + eps &&
         b.bottom() <= area.bottom() + eps;
}

const char* kind(const Item& item) {
  if (std::holds_alternative<LineItem>(item)) return "a line";
  if (std::holds_alternative<RectItem>(item)) return "a rectangle";
  if (std::holds_alternative<PathItem>(item)) return "a shape";
  if (std::holds_alternative<FillItem>(item)) return "a colour fill";
  if (std::holds_alternative<ImageItem>(item)) return "an image";
  return "text";
}

bool bad_grey(double g) { return g < 0 || g > 1; }

}  // namespace

int kdp_max_pages(double w, double h, Paper paper) {
  const bool white = paper == Paper::white;
  if (trim_is(w, h, 8.25, 6) || trim_is(w, h, 8.25, 8.25)) return white ? 800 : 750;
  if (trim_is(w, h, 8.5, 8.5) || trim_is(w, h, 8.5, 11)) return white ? 590 : 550;
  if (trim_is(w, h, 8.27, 11.69)) return white ? 780 : 730;
  return white ? 828 : 776;
}

double spine_width_mm(int page_count, Paper paper) {
  const double per_page_in = paper == Paper::white ? 0.002252 : 0.0025;
  return page_count * per_page_in * kMmPerInch;
}

PrintRules kdp_rules(double w, double h, Paper paper) {
  PrintRules r;
  r.max_pages = kdp_max_pages(w, h, paper);
  return r;
}

Preflight::Preflight(PrintRules rules, PageGeometry geometry) : rules_(rules), geometry_(std::move(geometry)) {}

void Preflight::check(const Page& page) {
  const int number = ++pages_;
  const PageFrame f = geometry_.frame(number);
  const std::string where = "page " + std::to_string(number) + ": ";
  bool small_text = false, thin_line = false, outside = false, grey = false;
  bool blank = true;
  const std::string folio = std::to_string(page.folio);
  for (const Item& item : page.items) {
    if (const auto* t = std::get_if<TextItem>(&item)) {
      if (!(page.folio > 0 && t->text == folio)) blank = false;
      if (!small_text && t->font.size_pt < rules_.min_text_pt - 1e-9) {
        small_text = true;
        problems_.push_back(where + "text " + quote(t->text) + " is set at " + fmt("%.1f", t->font.size_pt) +
                            " pt (the minimum is " + fmt("%g", rules_.min_text_pt) + " pt)");
      }
      if (!grey && bad_grey(t->grey)) {
        grey = true;
        problems_.push_back(where + "grey level " + fmt("%.2f", t->grey) + " is outside 0..1");
      }
    } else {
      blank = false;
      double w = rules_.min_line_pt, g = 0;  // colour fills and images have no line width
      if (const auto* l = std::get_if<LineItem>(&item)) {
        w = l->width_pt;
        g = l->grey;
      } else if (const auto* r = std::get_if<RectItem>(&item)) {
        w = r->stroke_pt > 0 ? r->stroke_pt : rules_.min_line_pt;  // a fill has no line width
        g = r->stroke_pt > 0 ? r->stroke_grey : 0;
        if (!grey && r->fill_grey > 1) {
          grey = true;
          problems_.push_back(where + "grey level " + fmt("%.2f", r->fill_grey) + " is outside 0..1");
        }
      } else if (const auto* p = std::get_if<PathItem>(&item)) {
        w = p->stroke_pt > 0 ? p->stroke_pt : rules_.min_line_pt;
        g = p->stroke_pt > 0 ? p->stroke_grey : 0;
        if (!grey && p->fill_grey > 1) {
          grey = true;
          problems_.push_back(where + "grey level " + fmt("%.2f", p->fill_grey) + " is outside 0..1");
        }
      }
      if (!thin_line && w < rules_.min_line_pt - 1e-9) {
        thin_line = true;
        problems_.push_back(where + kind(item) + " is " + fmt("%.2f", w) + " pt wide (the minimum is " +
                            fmt("%g", rules_.min_line_pt) + " pt)");
      }
      if (!grey && bad_grey(g)) {
        grey = true;
        problems_.push_back(where + "grey level " + fmt("%.2f", g) + " is outside 0..1");
      }
    }
    if (!outside && !within(ink(item), f.content)) {
      outside = true;
      const auto* t = std::get_if<TextItem>(&item);
      problems_.push_back(where + (t != nullptr ? "text " + quote(t->text) : std::string(kind(item))) +
                          " reaches outside the margins");
    }
  }
  if (blank) {
    if (blank_start_ == 0) blank_start_ = number;
  } else if (blank_start_ != 0) {
    if (number - blank_start_ > rules_.max_blank_run) blank_runs_.emplace_back(blank_start_, number - 1);
    blank_start_ = 0;
  }
}

PageSink Preflight::wrap(PageSink next) {
  return [this, next = std::move(next)](Page&& page) -> Status {
    check(page);
    return next(std::move(page));
  };
}

std::vector<std::string> Preflight::finish() const {
  std::vector<std::string> out = problems_;
  std::vector<std::pair<int, int>> runs = blank_runs_;
  if (blank_start_ != 0 && pages_ + 1 - blank_start_ > rules_.max_blank_run) runs.emplace_back(blank_start_, pages_);
  for (const auto& [first, last] : runs) {
    out.push_back("pages " + std::to_string(first) + "-" + std::to_string(last) + " are blank: at most " +
                  std::to_string(rules_.max_blank_run) + " blank pages in a row");
  }
  if (rules_.check_page_count) {
    const std::string has = "the book has " + std::to_string(pages_) + " pages; ";
    if (pages_ < rules_.min_pages) out.push_back(has + "the minimum is " + std::to_string(rules_.min_pages));
    if (pages_ > rules_.max_pages) {
      out.push_back(has + "the maximum for this trim is " + std::to_string(rules_.max_pages));
    }
    if (pages_ % 2 != 0) out.push_back(has + "the page count must be even (add a notes page)");
  }
  return out;
}

}  // namespace gp::layout
