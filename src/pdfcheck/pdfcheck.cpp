// check_pdf: open the file with qpdf, then the document rules (page count, outlines), the page
// rules (size, annotations, content stream) and the fonts, grouped by font over pages.
#include "pdfcheck/pdfcheck.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

#include "pdfcheck/content.hpp"

namespace gp::pdfcheck {

namespace {

using detail::Box;

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// "7", "0.75", "612", "441.5": at most 2 decimals, no trailing zeros.
std::string points(double pt) {
  std::string s = fmt("%.2f", pt);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string size_text(double w, double h) {
  return inches_text(w) + " x " + inches_text(h) + " in (" + points(w) + " x " + points(h) + " pt)";
}

std::string plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

Box box_of(QPDFObjectHandle array) {
  if (!array.isArray() || array.getArrayNItems() != 4) return {1, 1, 0, 0};
  double v[4];
  for (int i = 0; i < 4; ++i) {
    QPDFObjectHandle o = array.getArrayItem(i);
    v[i] = o.isNumber() ? o.getNumericValue() : 0;
  }
  return {std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3])};
}

// Reads the first bytes: errors for a missing file and for a file that is not a PDF at all (qpdf
// would otherwise try to "recover" any file into an empty document).
Status check_header(const std::string& path) {
  std::error_code ec;
  const auto type = std::filesystem::status(path, ec).type();
  if (type == std::filesystem::file_type::directory) return Error("cannot read '" + path + "': it is a folder");
  // A FIFO would block the read below, a device would never end: only files are read.
  if (!ec && type != std::filesystem::file_type::regular)
    return Error("cannot read '" + path + "': not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error("cannot read '" + path + "': " + std::strerror(errno));
  std::string head(1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.find("%PDF-") == std::string::npos) return Error("cannot read '" + path + "': not a PDF file (no %PDF- header)");
  return Ok{};
}

bool font_embedded(QPDFObjectHandle font) {
  const std::string subtype = font.getKey("/Subtype").isName() ? font.getKey("/Subtype").getName() : "";
  if (subtype == "/Type3") return true;  // glyphs are drawn by content streams in the font itself
  QPDFObjectHandle descriptor = font.getKey("/FontDescriptor");
  if (subtype == "/Type0") {
    QPDFObjectHandle desc = font.getKey("/DescendantFonts");
    if (!desc.isArray() || desc.getArrayNItems() < 1 || !desc.getArrayItem(0).isDictionary()) return false;
    descriptor = desc.getArrayItem(0).getKey("/FontDescriptor");
  }
  if (!descriptor.isDictionary()) return false;
  return descriptor.getKey("/FontFile").isStream() || descriptor.getKey("/FontFile2").isStream() ||
         descriptor.getKey("/FontFile3").isStream();
}

std::string font_name(QPDFObjectHandle font) {
  QPDFObjectHandle base = font.getKey("/BaseFont");
  if (base.isName()) return base.getName().substr(1);
  QPDFObjectHandle name = font.getKey("/Name");
  return name.isName() ? name.getName().substr(1) : "(unnamed)";
}

std::string annotation_text(int page, const std::map<std::string, int>& by_subtype) {
  int total = 0;
  for (const auto& [subtype, count] : by_subtype) total += count;
  std::string msg = "page " + std::to_string(page) + " has ";
  if (by_subtype.size() == 1) return msg + plural(total, by_subtype.begin()->first + " annotation", by_subtype.begin()->first + " annotations");
  msg += plural(total, "annotation", "annotations") + " (";
  bool first = true;
  for (const auto& [subtype, count] : by_subtype) {
    msg += (first ? "" : ", ") + std::to_string(count) + " " + subtype;
    first = false;
  }
  return msg + ")";
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// A page's size in pt after /Rotate and /UserUnit: the MediaBox, and the TrimBox when it has one.
struct PageSizes {
  Box media, trim_box;
  bool has_trim = false;
  double unit = 1;
  std::pair<double, double> media_pt, trim_pt;
};

PageSizes page_sizes(QPDFPageObjectHelper& page) {
  PageSizes s;
  QPDFObjectHandle rotate_obj = page.getAttribute("/Rotate", false);
  const int rotate = rotate_obj.isInteger() ? static_cast<int>(((rotate_obj.getIntValue() % 360) + 360) % 360) : 0;
  QPDFObjectHandle unit_obj = page.getAttribute("/UserUnit", false);
  s.unit = unit_obj.isNumber() && unit_obj.getNumericValue() > 0 ? unit_obj.getNumericValue() : 1.0;
  s.media = box_of(page.getMediaBox());
  QPDFObjectHandle trim_obj = page.getAttribute("/TrimBox", false);
  s.has_trim = trim_obj.isArray();
  s.trim_box = s.has_trim ? box_of(trim_obj) : s.media;
  auto oriented = [&](const Box& b) {
    const double w = (b.x1 - b.x0) * s.unit, h = (b.y1 - b.y0) * s.unit;
    return rotate == 90 || rotate == 270 ? std::pair{h, w} : std::pair{w, h};
  };
  s.media_pt = oriented(s.media);
  s.trim_pt = oriented(s.trim_box);
  return s;
}

bool size_is(std::pair<double, double> s, double w, double h) {
  return std::fabs(s.first - w) <= 0.5 && std::fabs(s.second - h) <= 0.5;
}

// The listed size the page is (MediaBox or TrimBox), or nullptr.
const Rules::PageSize* listed_size(const PageSizes& s, const std::vector<Rules::PageSize>& sizes) {
  for (const auto& size : sizes)
    if (size_is(s.media_pt, size.width_pt, size.height_pt) ||
        (s.has_trim && size_is(s.trim_pt, size.width_pt, size.height_pt)))
      return &size;
  return nullptr;
}

struct FontUse {
  std::string name;
  std::vector<int> pages;
};

class Checker {
 public:
  Checker(const Rules& rules, Report& report) : rules_(rules), report_(report) {}

  void run(QPDF& pdf) {
    std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    report_.pages = static_cast<int>(pages.size());
    max_pages_ = rules_.max_pages;
    if (!rules_.page_size_pt && !pages.empty()) {
      const Rules::PageSize* first = listed_size(page_sizes(pages.front()), rules_.page_sizes_pt);
      if (first && first->max_pages > 0) max_pages_ = first->max_pages;
    }
    document_rules(pdf);
    for (std::size_t i = 0; i < pages.size(); ++i) page_rules(pages[i], static_cast<int>(i) + 1);
    blank_findings();
    size_findings();
    font_findings();
    report_.findings.insert(report_.findings.end(), page_findings_.begin(), page_findings_.end());
  }

 private:
  void document(const char* rule, std::string message) { report_.findings.push_back({0, rule, std::move(message), {}}); }
  void on_page(int page, const char* rule, std::string message) {
    page_findings_.push_back({page, rule, std::move(message), {page}});
  }

  void document_rules(QPDF& pdf) {
    const int n = report_.pages;
    const std::string has = "the document has " + plural(n, "page", "pages");
    if (rules_.min_pages > 0 && n < rules_.min_pages)
      document("page-count", has + "; the minimum is " + std::to_string(rules_.min_pages));
    if (max_pages_ > 0 && n > max_pages_) document("page-count", has + "; the maximum is " + std::to_string(max_pages_));
    if (rules_.even_pages && n % 2 != 0) document("even-pages", has + "; the page count must be even (add a notes page)");
    if (rules_.no_outlines) {
      QPDFObjectHandle outlines = pdf.getRoot().getKey("/Outlines");
      if (outlines.isDictionary() && outlines.getKey("/First").isDictionary())
        document("outlines", "the document has bookmarks (outlines); KDP interiors must not");
    }
  }

  void page_rules(QPDFPageObjectHelper& page, int number) {
    // Size: the MediaBox, or the TrimBox when the MediaBox does not match.
    const PageSizes sizes = page_sizes(page);
    const bool has_trim = sizes.has_trim;
    const Box trim_box = sizes.trim_box;
    const double unit = sizes.unit;
    const auto [mw, mh] = sizes.media_pt;
    if (number == 1) {
      report_.width_pt = mw;
      report_.height_pt = mh;
    }
    if (rules_.page_size_pt) {
      const double ew = rules_.page_size_pt->first, eh = rules_.page_size_pt->second;
      if (!size_is(sizes.media_pt, ew, eh) && !(has_trim && size_is(sizes.trim_pt, ew, eh)))
        wrong_sizes_[size_text(mw, mh)].push_back(number);
    } else if (!rules_.page_sizes_pt.empty() && !listed_size(sizes, rules_.page_sizes_pt)) {
      wrong_sizes_[size_text(mw, mh)].push_back(number);
    }

    if (rules_.bleed_boxes && rules_.bleed_pt > 0) box_rules(page, sizes, number);

    if (rules_.no_annotations) {
      std::map<std::string, int> by_subtype;
      for (auto& annot : page.getAnnotations()) {
        const std::string subtype = annot.getSubtype();
        by_subtype[subtype.size() > 1 ? lower(subtype.substr(1)) : "unknown"]++;
      }
      if (!by_subtype.empty()) on_page(number, "annotations", annotation_text(number, by_subtype));
    }

    // The content stream: text sizes, line widths, ink in the margins, fonts.
    detail::PageLimits limits;
    limits.min_text_pt = rules_.min_text_pt;
    limits.min_line_pt = rules_.min_line_pt;
    limits.recto = number % 2 == 1;
    limits.min_image_dpi = rules_.min_image_dpi;
    if (rules_.live_margin_pt) {
      limits.margins = true;
      limits.top = limits.bottom = limits.outside = *rules_.live_margin_pt;
      limits.inside = rules_.inside_margin_pt ? rules_.inside_margin_pt(report_.pages) : *rules_.live_margin_pt;
      limits.bleed = rules_.bleed_pt > 0;
      limits.trim = trim_box;
      if (!has_trim && limits.bleed) {
        const double b = rules_.bleed_pt / unit;
        limits.trim.y0 += b;
        limits.trim.y1 -= b;
        (limits.recto ? limits.trim.x1 : limits.trim.x0) += limits.recto ? -b : b;
      }
    }
    detail::PageInk ink;
    try {
      ink = detail::walk_page(page, limits);
    } catch (const detail::ContentLimit& e) {
      on_page(number, "work-limit", "page " + std::to_string(number) + ": " + e.what());
      return;
    } catch (const std::exception& e) {
      on_page(number, "content", "page " + std::to_string(number) + ": the content cannot be read (" + e.what() + ")");
      return;
    }
    if (!ink.has_ink) blank_.push_back(number);
    const std::string prefix = "page " + std::to_string(number) + ": ";
    if (ink.smallest_text)
      on_page(number, "text-size", prefix + "text set at " + fmt("%.1f", *ink.smallest_text) + " pt (the minimum is " +
                                       points(rules_.min_text_pt) + " pt)");
    if (ink.thinnest_line)
      on_page(number, "line-width", prefix + "a line " + fmt("%.2f", *ink.thinnest_line) + " pt wide (the minimum is " +
                                        points(rules_.min_line_pt) + " pt)");
    if (ink.margin) {
      const auto& m = *ink.margin;
      const std::string where = m.clearance >= 0 ? " comes within " + inches_text(m.clearance) + " in of the "
                                                 : " runs " + inches_text(-m.clearance) + " in past the ";
      on_page(number, "margins", prefix + m.what + where + m.edge + " trim edge (keep " + inches_text(m.required) + " in clear)");
    }
    if (ink.low_image) {
      const auto& im = *ink.low_image;
      on_page(number, "image-resolution",
              prefix + "an image prints at " + fmt("%.0f", im.dpi) + " dpi (" + std::to_string(im.width_px) + " x " +
                  std::to_string(im.height_px) + " px over " + inches_text(im.width_pt) + " x " + inches_text(im.height_pt) +
                  " in; the minimum is " + points(rules_.min_image_dpi) + " dpi)");
    }
    if (rules_.fonts_embedded) {
      for (auto& f : ink.fonts) {
        if (font_embedded(f)) continue;
        const std::string key = f.isIndirect() ? f.getObjGen().unparse(' ') : font_name(f);
        auto it = fonts_.find(key);
        if (it == fonts_.end()) {
          font_order_.push_back(key);
          it = fonts_.emplace(key, FontUse{font_name(f), {}}).first;
        }
        if (it->second.pages.empty() || it->second.pages.back() != number) it->second.pages.push_back(number);
      }
    }
  }

  // A bleed page's TrimBox: the MediaBox less the bleed on the top, bottom and outside edges (the
  // right one on odd pages); its BleedBox: the MediaBox.
  void box_rules(QPDFPageObjectHelper& page, const PageSizes& sizes, int number) {
    const std::string prefix = "page " + std::to_string(number) + ": ";
    const double b = rules_.bleed_pt / sizes.unit, tol = 0.5 / sizes.unit;
    const Box& m = sizes.media;
    const Box expected = number % 2 == 1 ? Box{m.x0, m.y0 + b, m.x1 - b, m.y1 - b} : Box{m.x0 + b, m.y0 + b, m.x1, m.y1 - b};
    auto same = [&](const Box& x, const Box& y) {
      return std::fabs(x.x0 - y.x0) <= tol && std::fabs(x.y0 - y.y0) <= tol && std::fabs(x.x1 - y.x1) <= tol &&
             std::fabs(x.y1 - y.y1) <= tol;
    };
    auto shown = [](const Box& x) {
      return "[" + points(x.x0) + " " + points(x.y0) + " " + points(x.x1) + " " + points(x.y1) + "]";
    };
    QPDFObjectHandle bleed_obj = page.getAttribute("/BleedBox", false);
    if (!sizes.has_trim && !bleed_obj.isArray()) {
      on_page(number, "page-boxes", prefix + "no TrimBox or BleedBox (a bleed book declares both)");
      return;
    }
    if (!sizes.has_trim)
      on_page(number, "page-boxes", prefix + "no TrimBox (a bleed book declares its trim)");
    else if (!same(sizes.trim_box, expected))
      on_page(number, "page-boxes", prefix + "the TrimBox is " + shown(sizes.trim_box) + "; expected " + shown(expected) +
                                        " (the page less " + inches_text(rules_.bleed_pt) +
                                        " in bleed on the outside edge, top and bottom)");
    if (!bleed_obj.isArray())
      on_page(number, "page-boxes", prefix + "no BleedBox (a bleed book declares it: the whole page)");
    else if (!same(box_of(bleed_obj), m))
      on_page(number, "page-boxes", prefix + "the BleedBox is " + shown(box_of(bleed_obj)) + "; expected the whole page " +
                                        shown(m));
  }

  // Runs of more than max_blank_run pages without ink: "pages 4-6 are blank: at most 2 blank pages in a row".
  void blank_findings() {
    if (rules_.max_blank_run <= 0) return;
    for (std::size_t i = 0; i < blank_.size();) {
      std::size_t j = i;
      while (j + 1 < blank_.size() && blank_[j + 1] == blank_[j] + 1) ++j;
      if (static_cast<int>(j - i + 1) > rules_.max_blank_run)
        page_findings_.push_back({blank_[i], "blank-pages",
                                  "pages " + std::to_string(blank_[i]) + "-" + std::to_string(blank_[j]) +
                                      " are blank: at most " + plural(rules_.max_blank_run, "blank page", "blank pages") +
                                      " in a row",
                                  std::vector<int>(blank_.begin() + static_cast<std::ptrdiff_t>(i),
                                                   blank_.begin() + static_cast<std::ptrdiff_t>(j) + 1)});
      i = j + 1;
    }
  }

  void size_findings() {
    for (const auto& [size, pages] : wrong_sizes_) {
      const std::string which = pages.size() == 1 ? "page " + page_ranges(pages) + " is " : "pages " + page_ranges(pages) + " are ";
      const std::string expected = rules_.page_size_pt
                                       ? "; expected " + size_text(rules_.page_size_pt->first, rules_.page_size_pt->second)
                                       : ", not " + rules_.page_sizes_name;
      page_findings_.push_back({pages.front(), "page-size", which + size + expected, pages});
    }
  }

  void font_findings() {
    for (const auto& key : font_order_) {
      const FontUse& use = fonts_.at(key);
      report_.findings.push_back({use.pages.front(), "fonts-embedded",
                                  "font '" + use.name + "' is not embedded (" + (use.pages.size() == 1 ? "page " : "pages ") +
                                      page_ranges(use.pages) + ")",
                                  use.pages});
    }
  }

  const Rules& rules_;
  Report& report_;
  int max_pages_ = 0;  // rules_.max_pages, or the first page's listed size's
  std::vector<Finding> page_findings_;
  std::vector<int> blank_;  // pages without ink, ascending
  std::map<std::string, std::vector<int>> wrong_sizes_;
  std::map<std::string, FontUse> fonts_;
  std::vector<std::string> font_order_;  // first use first
};

}  // namespace

std::vector<std::pair<int, int>> page_runs(const std::vector<int>& pages) {
  std::vector<std::pair<int, int>> runs;
  for (std::size_t i = 0; i < pages.size();) {
    std::size_t j = i;
    while (j + 1 < pages.size() && pages[j + 1] == pages[j] + 1) ++j;
    runs.emplace_back(pages[i], pages[j]);
    i = j + 1;
  }
  return runs;
}

std::vector<Finding> group_findings(std::vector<Finding> findings, std::size_t max_per_rule) {
  // "page 12: X" -> 12 and "X"; false for any other message.
  auto split = [](const std::string& message, int& page, std::string& rest) {
    if (message.rfind("page ", 0) != 0) return false;  // C++17: the fuzz build compiles this library so
    std::size_t at = 5, digits = 0;
    page = 0;
    while (at < message.size() && message[at] >= '0' && message[at] <= '9' && digits < 9) {
      page = page * 10 + (message[at++] - '0');
      ++digits;
    }
    if (digits == 0 || message.compare(at, 2, ": ") != 0) return false;
    rest = message.substr(at + 2);
    return true;
  };
  struct Group {
    std::string rule, rest;
    std::vector<int> pages;
    std::size_t seq = 0;  // where its first finding was
  };
  std::vector<std::pair<std::size_t, Finding>> out;  // (seq, finding)
  std::vector<Group> groups;
  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (rule, rest) -> groups
  for (std::size_t seq = 0; seq < findings.size(); ++seq) {
    Finding& f = findings[seq];
    int page = 0;
    std::string rest;
    if (!split(f.message, page, rest)) {
      out.emplace_back(seq, std::move(f));
      continue;
    }
    auto [it, added] = index.emplace(std::pair{f.rule, rest}, groups.size());
    if (added) groups.push_back({f.rule, rest, {}, seq});
    groups[it->second].pages.push_back(page);
  }
  auto label = [](const std::vector<int>& pages) {
    return (pages.size() == 1 ? "page " : "pages ") + page_ranges(pages);
  };
  std::map<std::string, std::vector<const Group*>> by_rule;
  std::vector<std::string> rule_order;
  for (const Group& g : groups) {
    auto& list = by_rule[g.rule];
    if (list.empty()) rule_order.push_back(g.rule);
    list.push_back(&g);
  }
  for (const std::string& rule : rule_order) {
    const auto& list = by_rule[rule];
    if (max_per_rule > 0 && list.size() > max_per_rule) {
      std::vector<int> pages;
      for (const Group* g : list) pages.insert(pages.end(), g->pages.begin(), g->pages.end());
      std::sort(pages.begin(), pages.end());
      pages.erase(std::unique(pages.begin(), pages.end()), pages.end());
      const Group* first = list.front();
      for (const Group* g : list)
        if (g->pages.front() < first->pages.front()) first = g;
      out.emplace_back(first->seq, Finding{pages.front(), rule,
                                           label(pages) + " (" + std::to_string(pages.size()) + " pages): " + first->rest +
                                               " on page " + std::to_string(first->pages.front()) +
                                               ", and the like on the others",
                                           pages});
      continue;
    }
    for (const Group* g : list) {
      std::vector<int> pages = g->pages;
      std::sort(pages.begin(), pages.end());
      out.emplace_back(g->seq, Finding{pages.front(), rule, label(pages) + ": " + g->rest, pages});
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.second.page != b.second.page ? a.second.page < b.second.page : a.first < b.first;
  });
  std::vector<Finding> result;
  result.reserve(out.size());
  for (auto& [seq, f] : out) result.push_back(std::move(f));
  return result;
}

std::string page_ranges(const std::vector<int>& pages) {
  std::string out;
  for (std::size_t i = 0; i < pages.size();) {
    std::size_t j = i;
    while (j + 1 < pages.size() && pages[j + 1] == pages[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(pages[i]);
    if (j > i) out += "-" + std::to_string(pages[j]);
    i = j + 1;
  }
  return out;
}

std::string inches_text(double pt) {
  std::string s = fmt("%.3f", pt / 72.0);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

Result<Report> check_pdf(const std::string& path, const Rules& rules) {
  if (auto header = check_header(path); !header) return header.error();
  Report report;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(path.c_str());
    Checker(rules, report).run(pdf);
  } catch (const QPDFExc& e) {
    return Error("cannot read '" + path + "': " + e.getMessageDetail());
  } catch (const std::exception& e) {
    return Error("cannot read '" + path + "': " + e.what());
  }
  report.findings = group_findings(std::move(report.findings));
  return report;
}

}  // namespace gp::pdfcheck
