// Internal to src/spec: every spec key, described once. Reading and validation (reader.cpp,
// schema.cpp), `spec --resolved` (emit.cpp) and the key tables of docs/spec.md (docs.cpp) are all
// derived from this table; docs/spec.md, "Adding a key", says how to add one.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "spec/reader.hpp"

namespace gp::spec::detail {

// Where a key may appear: the mapping it belongs to.
enum class Scope {
  Top,        // the spec's (or a profile's) top level
  Page,       // page:
  PageSize,   // page.size: {width, height}
  Margins,    // page.margins:
  Theme,      // theme:
  Section,    // each entry of sections:, and section_defaults:
  Answers,    // answers:
  Front,      // front_matter:
  Output,     // output:
  Print,      // print:
  Cover,      // cover:
  Newspaper,  // newspaper:
  Weekdays,   // newspaper.weekday_difficulty:
  Worksheet,  // worksheet:
  Killer,     // killer: (how killer cages are drawn)
  Jigsaw,     // jigsaw: (how jigsaw regions are drawn)
};

// How a key's value is read. All but Custom are read and written by the schema itself from the
// key's range and choices; Custom keys bring their own read (and emit) functions.
enum class Kind { Text, NonEmptyText, Bool, Whole, Number, Points, Length, Choice, Template, Mapping, Custom };

// What a read function is working on: the state being built and, inside a section, the section.
struct Pending;  // per-mapping scratch for cross-key checks (schema.cpp)
struct Target {
  State& st;
  SectionState* sec = nullptr;    // set for Scope::Section
  bool section_defaults = false;  // reading section_defaults (no `name`)
  Pending* pending = nullptr;
};

// What an emit function writes from: the resolved book and, inside a section, the section.
struct View {
  const BookSpec& book;
  const SectionSpec* sec = nullptr;
  bool section_defaults = false;  // writing section_defaults (no `name`)
};

using ReadFn = std::function<void(Reader&, const YAML::Node& value, const std::string& path, Target&)>;
using EmitFn = std::function<void(YAML::Emitter&, const View&)>;

enum KeyFlags : unsigned {
  kNoHome = 1,        // not named in "'x' belongs under ..." hints (a name common to many mappings)
  kNotInDefaults = 2, // a section key that section_defaults does not take (name)
  kOwnLoc = 4,        // the read function records the key's place itself (only when valid)
  kFlow = 8,          // a mapping written on one line by --resolved
  kDocHidden = 16,    // no row of its own in the docs table (covered by another key's row)
};

struct Key {
  Scope scope = Scope::Top;
  std::string_view name;
  Kind kind = Kind::Custom;
  std::string_view doc_name;           // the docs table's first column; empty = `name`
  std::string_view notes;              // the docs table's last column
  double lo = 0, hi = 0;               // Whole, Number, Points: the allowed range
  std::vector<std::string> choices;    // Choice: the allowed values
  std::string_view type_doc;           // docs "Type"; empty = from kind, range and choices
  std::string_view default_doc;        // docs "Default"; empty = the built-in value as --resolved writes it
  unsigned flags = 0;
  Scope child = Scope::Top;            // Mapping: the scope of its keys
  ReadFn read;                         // sets the value into the Target (reports problems)
  EmitFn emit;                         // writes the value for --resolved; empty = not written
  std::function<bool(const View&)> omit;  // --resolved leaves the key out when this says so
};

// Every key, grouped by scope, each scope in the order of its mapping in --resolved output.
const std::vector<Key>& schema();
// The keys of a scope, in order.
std::vector<const Key*> keys_of(Scope scope);
// Their names (for "unknown key" suggestions and "expected a mapping of keys (...)").
std::vector<std::string> key_names(Scope scope, bool section_defaults = false);
// "page", "page.margins", "theme", "each section (or section_defaults)", ...; the mapping a key of
// `scope` is reported to belong under. Empty for scopes that are not named in such hints.
std::string_view home_name(Scope scope);
// The scopes named in "belongs under" hints, in the order they are tried.
const std::vector<Scope>& home_scopes();

// Reads a mapping whose keys are those of `scope`: unknown and duplicate keys reported, each known
// key's place recorded and its read function called.
void read_scope(Reader& r, Scope scope, const YAML::Node& map, const std::string& path, Target& t);
// Writes the keys of `scope` that have an emit function, as a block (or flow) mapping.
void emit_scope(YAML::Emitter& out, Scope scope, const View& v, bool flow = false);

}  // namespace gp::spec::detail
