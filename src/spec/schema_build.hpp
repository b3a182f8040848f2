// Internal to src/spec: the pieces the schema's key lists (schema.cpp, schema_sections.cpp) are
// built from. A plain key needs only plain(); a key with its own rules uses custom().
#pragma once

#include <cstdio>
#include <filesystem>
#include <optional>
#include <type_traits>

#include "spec/schema.hpp"

namespace gp::spec::detail {

// Scratch shared by the keys of one mapping, for checks that involve two keys of it.
struct Pending {
  std::optional<std::string> grid_text, box_text;
  std::optional<YAML::Node> grid_node, box_node, difficulty_node, per_page_node;
  bool has_rating = false, has_layout = false;
  std::string shorthand;  // output: {pdf: book.pdf} = path + format in one key
};

// Shortest decimal with at most 4 places: 152.4, 0.75, 2.
inline std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s(buf);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

inline std::string mm(double v) { return num(v) + "mm"; }

// A path as the user would write it in the spec: relative to the spec's folder when inside it.
inline std::string spec_relative(const std::string& path, const std::string& base_dir) {
  if (path.empty() || base_dir.empty()) return path;
  const std::filesystem::path rel = std::filesystem::path(path).lexically_relative(base_dir);
  if (rel.empty() || *rel.begin() == "..") return path;
  return rel.string();
}

inline std::string layout_text(int columns, int rows) { return std::to_string(columns) + "x" + std::to_string(rows); }

inline void emit_range(YAML::Emitter& out, double a, double b) {
  out << YAML::Flow << YAML::BeginSeq << num(a) << num(b) << YAML::EndSeq;
}

// The struct the plain keys of a scope live in.
template <class S> S& part(Target& t);
template <> inline BookSpec& part(Target& t) { return t.st.book; }
template <> inline PageSpec& part(Target& t) { return t.st.book.page; }
template <> inline Margins& part(Target& t) { return t.st.book.page.margins; }
template <> inline Theme& part(Target& t) { return t.st.book.theme; }
template <> inline SectionSpec& part(Target& t) { return t.sec->spec; }
template <> inline AnswersSpec& part(Target& t) { return t.st.book.answers; }
template <> inline FrontMatter& part(Target& t) { return t.st.book.front; }
template <> inline OutputSpec& part(Target& t) { return t.st.book.output; }
template <> inline PrintSpec& part(Target& t) { return t.st.book.print; }
template <> inline CoverSpec& part(Target& t) { return t.st.book.cover; }
template <> inline NewspaperSpec& part(Target& t) { return t.st.book.newspaper; }
template <> inline WorksheetSpec& part(Target& t) { return t.st.book.worksheet; }
template <> inline KillerSpec& part(Target& t) { return t.st.book.killer; }
template <> inline JigsawSpec& part(Target& t) { return t.st.book.jigsaw; }

template <class S> const S& part(const View& v);
template <> inline const BookSpec& part(const View& v) { return v.book; }
template <> inline const PageSpec& part(const View& v) { return v.book.page; }
template <> inline const Margins& part(const View& v) { return v.book.page.margins; }
template <> inline const Theme& part(const View& v) { return v.book.theme; }
template <> inline const SectionSpec& part(const View& v) { return *v.sec; }
template <> inline const AnswersSpec& part(const View& v) { return v.book.answers; }
template <> inline const FrontMatter& part(const View& v) { return v.book.front; }
template <> inline const OutputSpec& part(const View& v) { return v.book.output; }
template <> inline const PrintSpec& part(const View& v) { return v.book.print; }
template <> inline const CoverSpec& part(const View& v) { return v.book.cover; }
template <> inline const NewspaperSpec& part(const View& v) { return v.book.newspaper; }
template <> inline const WorksheetSpec& part(const View& v) { return v.book.worksheet; }
template <> inline const KillerSpec& part(const View& v) { return v.book.killer; }
template <> inline const JigsawSpec& part(const View& v) { return v.book.jigsaw; }

// A plain key: read and written from its kind, range and choices alone.
template <class S, class T>
Key plain(Scope scope, std::string_view name, Kind kind, T S::*member, std::string_view notes, double lo = 0,
          double hi = 0, std::vector<std::string> choices = {}) {
  Key k;
  k.scope = scope;
  k.name = name;
  k.kind = kind;
  k.notes = notes;
  k.lo = lo;
  k.hi = hi;
  k.choices = std::move(choices);
  k.read = [member, kind, lo, hi, choices = k.choices](Reader& r, const YAML::Node& v, const std::string& path,
                                                         Target& t) {
    static_cast<void>(kind), static_cast<void>(lo), static_cast<void>(hi);  // not every T's branch reads them
    T& dst = part<S>(t).*member;
    if constexpr (std::is_same_v<T, bool>) {
      if (auto b = r.boolean(v, path)) dst = *b;
    } else if constexpr (std::is_same_v<T, std::string>) {
      std::optional<std::string> s;
      if (kind == Kind::Choice) s = r.choice(v, path, choices);
      else if (kind == Kind::NonEmptyText) s = r.nonempty_text(v, path);
      else s = r.text(v, path);
      if (s && kind == Kind::Template) r.check_template(v, path, *s);
      if (s) dst = *s;
    } else if constexpr (std::is_same_v<T, int>) {
      if (auto x = r.whole(v, path, static_cast<long long>(lo), static_cast<long long>(hi))) dst = static_cast<int>(*x);
    } else {
      static_assert(std::is_same_v<T, double>);
      std::optional<double> x;
      if (kind == Kind::Whole) {
        if (auto w = r.whole(v, path, static_cast<long long>(lo), static_cast<long long>(hi)))
          x = static_cast<double>(*w);
      } else if (kind == Kind::Number) {
        x = r.number(v, path, lo, hi);
      } else if (kind == Kind::Points) {
        x = r.points(v, path, lo, hi);
      } else {
        x = r.length_mm(v, path);
      }
      if (x) dst = *x;
    }
  };
  k.emit = [member, kind](YAML::Emitter& out, const View& v) {
    static_cast<void>(kind);  // not every T's branch reads it
    const T& x = part<S>(v).*member;
    if constexpr (std::is_same_v<T, double>) {
      out << (kind == Kind::Length ? mm(x) : num(x));
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (kind == Kind::Template) out << YAML::DoubleQuoted;
      out << x;
    } else {
      out << x;
    }
  };
  return k;
}

// A key with its own read (and emit) function.
inline Key custom(Scope scope, std::string_view name, std::string_view type_doc, std::string_view default_doc,
           std::string_view notes, ReadFn read, EmitFn emit = {}, unsigned flags = 0) {
  Key k;
  k.scope = scope;
  k.name = name;
  k.kind = Kind::Custom;
  k.type_doc = type_doc;
  k.default_doc = default_doc;
  k.notes = notes;
  k.read = std::move(read);
  k.emit = std::move(emit);
  k.flags = flags;
  return k;
}

// A key whose value is a mapping of the keys of `child`; `read` handles other forms (a bool).
inline Key mapping(std::string_view name, Scope child, std::string_view type_doc, std::string_view default_doc,
            std::string_view notes, ReadFn read = {}) {
  Key k;
  k.scope = Scope::Top;
  k.name = name;
  k.kind = Kind::Mapping;
  k.child = child;
  k.type_doc = type_doc;
  k.default_doc = default_doc;
  k.notes = notes;
  k.read = read ? std::move(read) : ReadFn([child](Reader& r, const YAML::Node& v, const std::string& path, Target& t) {
    read_scope(r, child, v, path, t);
  });
  k.emit = [child](YAML::Emitter& out, const View& v) { emit_scope(out, child, v); };
  return k;
}

inline Key with_flags(Key k, unsigned flags) {
  k.flags |= flags;
  return k;
}

inline Key with_docs(Key k, std::string_view type_doc, std::string_view default_doc = {}) {
  k.type_doc = type_doc;
  k.default_doc = default_doc;
  return k;
}

// `answers: false`, `cover: true`: a bool in place of the mapping.
inline bool read_bool_form(Reader& r, const YAML::Node& v, const std::string& path, bool& enabled) {
  if (!v.IsScalar()) return false;
  if (auto b = r.boolean(v, path)) enabled = *b;
  return true;
}

// Reads an `exclude` value: a path or glob, or a list of them, relative to the spec's folder. A
// path must name a regular file and a glob (with * ? or [) at least one; globs expand in name
// order. Problems are reported at the value; nullopt then.
std::optional<std::vector<std::string>> exclude_paths(Reader& r, const YAML::Node& v, const std::string& full,
                                                      const std::string& base_dir);
// Writes a list of paths relative to the spec's folder, on one line.
void emit_paths(YAML::Emitter& out, const std::vector<std::string>& paths, const std::string& base_dir);

// Reads one section (or section_defaults) and runs the checks between its keys.
void read_section(Reader& r, const YAML::Node& n, const std::string& path, State& st, SectionState& sec,
                  bool is_defaults);

// The keys of sections, answers, front_matter, output, print, cover, worksheet and newspaper
// (schema_sections.cpp).
std::vector<Key> section_keys();
std::vector<Key> book_part_keys();
std::vector<Key> newspaper_keys();

}  // namespace gp::spec::detail
