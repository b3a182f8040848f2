// BookSpec -> YAML: the spec with its profile and defaults applied, in the spec's own key names,
// so a user can see (and copy) exactly what a book will be made from.
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "spec/spec.hpp"

namespace gp::spec {

namespace {

namespace fs = std::filesystem;

// Shortest decimal with at most 4 places: 152.4, 0.75, 2.
std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string mm(double v) { return num(v) + "mm"; }

// A path as the user would write it in the spec: relative to the spec's folder when inside it.
std::string spec_relative(const std::string& path, const std::string& base_dir) {
  if (path.empty() || base_dir.empty()) return path;
  const fs::path rel = fs::path(path).lexically_relative(base_dir);
  if (rel.empty() || *rel.begin() == "..") return path;
  return rel.string();
}

std::string layout_text(int columns, int rows) { return std::to_string(columns) + "x" + std::to_string(rows); }

void emit_range(YAML::Emitter& out, double a, double b) {
  out << YAML::Flow << YAML::BeginSeq << num(a) << num(b) << YAML::EndSeq;
}

void emit_section(YAML::Emitter& out, const SectionSpec& s, bool with_name) {
  out << YAML::BeginMap;
  if (with_name) out << YAML::Key << "name" << YAML::Value << s.name;
  out << YAML::Key << "count" << YAML::Value << s.count;
  const int n = s.shape.n();
  out << YAML::Key << "grid" << YAML::Value << (std::to_string(n) + "x" + std::to_string(n));
  out << YAML::Key << "box" << YAML::Value << layout_text(s.shape.box_rows, s.shape.box_cols);
  out << YAML::Key << "clues" << YAML::Value;
  if (s.clues_max == 0) out << "any";
  else if (s.clues_min == s.clues_max) out << s.clues_max;
  else out << YAML::Flow << YAML::BeginSeq << s.clues_min << s.clues_max << YAML::EndSeq;
  if (!s.difficulty.empty()) out << YAML::Key << "difficulty" << YAML::Value << s.difficulty;
  if (s.rating) {
    out << YAML::Key << "rating" << YAML::Value;
    emit_range(out, s.rating->first, s.rating->second);
  }
  out << YAML::Key << "symmetry" << YAML::Value << s.symmetry;
  out << YAML::Key << "fill" << YAML::Value << s.fill;
  out << YAML::Key << "minimal" << YAML::Value << s.minimal;
  out << YAML::Key << "layout" << YAML::Value << layout_text(s.columns, s.rows);
  out << YAML::Key << "heading_page" << YAML::Value << s.heading_page;
  out << YAML::EndMap;
}

}  // namespace

std::string to_yaml(const BookSpec& b) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "title" << YAML::Value << b.title;
  out << YAML::Key << "subtitle" << YAML::Value << b.subtitle;
  out << YAML::Key << "author" << YAML::Value << b.author;
  out << YAML::Key << "seed" << YAML::Value << b.seed;

  const PageSpec& p = b.page;
  out << YAML::Key << "page" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "size" << YAML::Value;
  if (p.size_name != "custom" && find_page_preset(p.size_name)) {
    out << p.size_name;
  } else {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "width" << YAML::Value << mm(p.width) << YAML::Key
        << "height" << YAML::Value << mm(p.height) << YAML::EndMap;
  }
  out << YAML::Key << "orientation" << YAML::Value << (p.landscape ? "landscape" : "portrait");
  out << YAML::Key << "margins" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "top" << YAML::Value << mm(p.margins.top);
  out << YAML::Key << "bottom" << YAML::Value << mm(p.margins.bottom);
  out << YAML::Key << "inside" << YAML::Value << (p.auto_gutter ? std::string("auto") : mm(p.margins.inside));
  out << YAML::Key << "outside" << YAML::Value << mm(p.margins.outside);
  out << YAML::EndMap;
  out << YAML::Key << "bleed" << YAML::Value << p.bleed;
  out << YAML::Key << "mirror_margins" << YAML::Value << p.mirror_margins;
  out << YAML::EndMap;

  const Theme& t = b.theme;
  out << YAML::Key << "theme" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "font" << YAML::Value << t.font;
  out << YAML::Key << "digit_font" << YAML::Value << t.digit_font;
  out << YAML::Key << "title_font" << YAML::Value << t.title_font;
  for (auto [key, v] : {std::pair{"body_size", t.body_size}, std::pair{"caption_size", t.caption_size},
                        std::pair{"heading_size", t.heading_size}, std::pair{"title_size", t.title_size},
                        std::pair{"digit_scale", t.digit_scale}, std::pair{"thin_line", t.thin_line},
                        std::pair{"box_line", t.box_line}, std::pair{"border_line", t.border_line},
                        std::pair{"grey_givens", t.grey_givens}, std::pair{"answer_fill_grey", t.answer_fill_grey}})
    out << YAML::Key << key << YAML::Value << num(v);
  out << YAML::Key << "running_head" << YAML::Value << t.running_head;
  out << YAML::Key << "page_numbers" << YAML::Value << t.page_numbers;
  out << YAML::Key << "caption" << YAML::Value << YAML::DoubleQuoted << t.caption;
  out << YAML::Key << "answer_caption" << YAML::Value << YAML::DoubleQuoted << t.answer_caption;
  out << YAML::Key << "min_digit_size" << YAML::Value << num(t.min_digit_size);
  out << YAML::EndMap;

  out << YAML::Key << "bands" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, r] : b.bands) {
    out << YAML::Key << name << YAML::Value;
    emit_range(out, r.first, r.second);
  }
  out << YAML::EndMap;

  out << YAML::Key << "section_defaults" << YAML::Value;
  emit_section(out, b.section_defaults, false);
  if (!b.newspaper.enabled) {  // newspaper runs build their sections from the dates
    out << YAML::Key << "sections" << YAML::Value << YAML::BeginSeq;
    for (const auto& s : b.sections) emit_section(out, s, true);
    out << YAML::EndSeq;
  }

  const AnswersSpec& a = b.answers;
  out << YAML::Key << "answers" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "enabled" << YAML::Value << a.enabled;
  out << YAML::Key << "placement" << YAML::Value << a.placement;
  out << YAML::Key << "layout" << YAML::Value << layout_text(a.columns, a.rows);
  out << YAML::EndMap;

  const FrontMatter& f = b.front;
  out << YAML::Key << "front_matter" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "title_page" << YAML::Value << f.title_page;
  out << YAML::Key << "how_to_play" << YAML::Value << f.how_to_play;
  out << YAML::Key << "contents" << YAML::Value << f.contents;
  out << YAML::Key << "notice" << YAML::Value << f.notice;
  out << YAML::EndMap;

  const OutputSpec& o = b.output;
  out << YAML::Key << "output" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "path" << YAML::Value << spec_relative(o.path, b.base_dir);
  out << YAML::Key << "format" << YAML::Value << o.format;
  out << YAML::Key << "png_dpi" << YAML::Value << num(o.png_dpi);
  out << YAML::Key << "manifest" << YAML::Value << o.manifest;
  out << YAML::Key << "creation_date" << YAML::Value << o.creation_date;
  out << YAML::Key << "color" << YAML::Value << o.color;
  out << YAML::EndMap;

  out << YAML::Key << "print" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "rules" << YAML::Value << b.print.rules;
  out << YAML::Key << "strict" << YAML::Value << b.print.strict;
  out << YAML::Key << "pad_even" << YAML::Value << b.print.pad_even;
  out << YAML::Key << "paper" << YAML::Value << b.print.paper;
  out << YAML::EndMap;

  out << YAML::Key << "cover" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "enabled" << YAML::Value << b.cover.enabled;
  if (!b.cover.path.empty()) out << YAML::Key << "path" << YAML::Value << spec_relative(b.cover.path, b.base_dir);
  out << YAML::Key << "back_text" << YAML::Value << b.cover.back_text;
  out << YAML::Key << "spine_text" << YAML::Value << b.cover.spine_text;
  out << YAML::EndMap;

  const NewspaperSpec& np = b.newspaper;
  out << YAML::Key << "newspaper" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "enabled" << YAML::Value << np.enabled;
  if (np.width > 0) out << YAML::Key << "width" << YAML::Value << mm(np.width);
  out << YAML::Key << "formats" << YAML::Value << YAML::Flow << np.formats;
  out << YAML::Key << "start_date" << YAML::Value << np.start_date;
  out << YAML::Key << "days" << YAML::Value << np.days;
  out << YAML::Key << "start_number" << YAML::Value << np.start_number;
  out << YAML::Key << "caption" << YAML::Value << YAML::DoubleQuoted << np.caption;
  out << YAML::Key << "file_name" << YAML::Value << YAML::DoubleQuoted << np.file_name;
  out << YAML::Key << "solution_file_name" << YAML::Value << YAML::DoubleQuoted << np.solution_file_name;
  out << YAML::Key << "weekday_difficulty" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const char* day : {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
    if (auto it = np.weekday_difficulty.find(day); it != np.weekday_difficulty.end())
      out << YAML::Key << day << YAML::Value << it->second;
  out << YAML::EndMap;
  out << YAML::Key << "exclude" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& e : np.exclude) out << spec_relative(e, b.base_dir);
  out << YAML::EndSeq;
  out << YAML::EndMap;

  out << YAML::Key << "worksheet" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "header" << YAML::Value << b.worksheet.header;
  out << YAML::Key << "header_fields" << YAML::Value << YAML::Flow << b.worksheet.header_fields;
  if (b.worksheet.rules_box)
    out << YAML::Key << "rules_box" << YAML::Value << (b.worksheet.rules_every_page ? "every_page" : "first_page");
  else
    out << YAML::Key << "rules_box" << YAML::Value << false;
  out << YAML::Key << "rules_text" << YAML::Value << b.worksheet.rules_text;
  out << YAML::EndMap;

  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace gp::spec
