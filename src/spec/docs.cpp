// The key tables of docs/spec.md, written from the schema: one row per key with its type, its
// built-in default (as `spec --resolved` writes it, unless the schema says it in words) and its note.
#include <map>

#include "spec/key_info.hpp"
#include "spec/schema.hpp"
#include "spec/spec.hpp"

namespace gp::spec {

namespace {

using detail::Key;
using detail::Kind;
using detail::Scope;

const std::map<std::string, Scope, std::less<>>& tables() {
  static const std::map<std::string, Scope, std::less<>> t = {
      {"top", Scope::Top},         {"page", Scope::Page},       {"theme", Scope::Theme},
      {"section", Scope::Section}, {"answers", Scope::Answers}, {"front_matter", Scope::Front},
      {"output", Scope::Output},   {"print", Scope::Print},     {"cover", Scope::Cover},
      {"newspaper", Scope::Newspaper}, {"worksheet", Scope::Worksheet}, {"killer", Scope::Killer},
      {"jigsaw", Scope::Jigsaw}};
  return t;
}

std::string type_text(const Key& k) {
  if (!k.type_doc.empty()) return std::string(k.type_doc);
  const std::string range = detail::fmt(k.lo) + ".." + detail::fmt(k.hi);
  switch (k.kind) {
    case Kind::Text:
    case Kind::NonEmptyText: return "text";
    case Kind::Template: return "template";
    case Kind::Bool: return "bool";
    case Kind::Whole: return "whole, " + range;
    case Kind::Number: return "number, " + range;
    case Kind::Points: return "points, " + range;
    case Kind::Length: return "length";
    case Kind::Mapping: return "mapping";
    case Kind::Choice: {
      std::string out;
      for (const auto& c : k.choices) out += (out.empty() ? "`" : " \\| `") + c + "`";
      return out;
    }
    case Kind::Custom: break;
  }
  return {};
}

std::string default_text(const Key& k) {
  if (!k.default_doc.empty()) return std::string(k.default_doc);
  if (!k.emit) return {};
  BookSpec b;
  b.bands = default_bands();
  const detail::View v{b, &b.section_defaults, false};
  YAML::Emitter out;
  k.emit(out, v);
  std::string s = out.c_str();
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  return s.empty() ? std::string("empty") : "`" + s + "`";
}

std::string row(const Key& k, const std::string& prefix) {
  const std::string name = k.doc_name.empty() ? "`" + prefix + std::string(k.name) + "`" : std::string(k.doc_name);
  return "| " + name + " | " + type_text(k) + " | " + default_text(k) + " | " + std::string(k.notes) + " |\n";
}

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Text:
    case Kind::NonEmptyText: return "text";
    case Kind::Bool: return "bool";
    case Kind::Whole: return "whole";
    case Kind::Number: return "number";
    case Kind::Points: return "points";
    case Kind::Length: return "length";
    case Kind::Choice: return "choice";
    case Kind::Template: return "template";
    case Kind::Mapping: return "mapping";
    case Kind::Custom: break;
  }
  return "custom";
}

// The docs table's text without markdown backticks and escaped bars.
std::string plain(std::string s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') continue;
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '|') continue;
    out += s[i];
  }
  return out;
}

KeyInfo info(const std::string& table, const Key& k, const std::string& prefix) {
  KeyInfo i;
  i.table = table;
  i.name = prefix + std::string(k.name);
  i.kind = kind_name(k.kind);
  i.lo = k.lo;
  i.hi = k.hi;
  i.choices = k.choices;
  i.type = plain(type_text(k));
  i.default_value = plain(default_text(k));
  if (i.default_value == "empty") i.default_value.clear();
  i.notes = plain(std::string(k.notes));
  return i;
}

}  // namespace

std::vector<KeyInfo> key_infos() {
  std::vector<KeyInfo> out;
  for (const char* table : {"top", "page", "theme", "section", "answers", "front_matter", "output", "print", "cover",
                            "newspaper", "worksheet"}) {
    for (const Key* k : detail::keys_of(tables().find(std::string_view(table))->second)) {
      if (k->flags & detail::kDocHidden) continue;
      out.push_back(info(table, *k, ""));
      if (k->child == Scope::Margins)
        for (const Key* c : detail::keys_of(k->child)) out.push_back(info(table, *c, std::string(k->name) + "."));
    }
  }
  return out;
}

std::string key_table(std::string_view name) {
  const auto it = tables().find(name);
  if (it == tables().end()) return {};
  std::string out = "| Key | Type | Default | Notes |\n|---|---|---|---|\n";
  for (const Key* k : detail::keys_of(it->second)) {
    if (k->flags & detail::kDocHidden) continue;
    out += row(*k, "");
    if (k->child == Scope::Margins)  // written inline as margins.top, ...
      for (const Key* c : detail::keys_of(k->child)) out += row(*c, std::string(k->name) + ".");
  }
  return out;
}

std::string refresh_key_tables(std::string_view doc) {
  static constexpr std::string_view kOpen = "<!-- keys: ", kEnd = "<!-- end keys -->";
  std::string out;
  size_t pos = 0;
  while (true) {
    const size_t open = doc.find(kOpen, pos);
    if (open == std::string_view::npos) break;
    const size_t close = doc.find(" -->\n", open);
    const size_t end = close == std::string_view::npos ? close : doc.find(kEnd, close);
    if (end == std::string_view::npos) break;
    const std::string_view name = doc.substr(open + kOpen.size(), close - open - kOpen.size());
    out += doc.substr(pos, close + 5 - pos);
    out += key_table(name);
    pos = end;
  }
  out += doc.substr(pos);
  return out;
}

}  // namespace gp::spec
