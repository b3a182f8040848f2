// YAML -> BookSpec: files, profiles and the order of the layers (defaults < profile < spec). The
// keys themselves are read by the schema (schema.cpp); cross-key checks are in finish.cpp.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "spec/limits.hpp"
#include "spec/reader.hpp"
#include "spec/spec.hpp"

namespace gp::spec {

namespace {

namespace fs = std::filesystem;
using detail::describe;
using detail::finish;
using detail::join;
using detail::Reader;
using detail::State;
using detail::suggestion;

// ---- Files and profiles ----

// Where a nesting too deep for the parser starts: the first place where more than 100 flow
// brackets ([ or {) are open, or else the first line indented more than 200 columns; {0, 0}
// if neither is found. Quoted text and comments are skipped roughly (enough to find the place).
std::pair<int, int> deep_nesting_place(std::string_view text) {
  int line = 1, col = 0, depth = 0, indent = 0;
  bool line_start = true;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    ++col;
    if (c == '\n') {
      ++line, col = 0, indent = 0, line_start = true;
      if (quote == 0 || depth == 0) quote = 0;
      continue;
    }
    if (line_start && c == ' ') {
      if (++indent > 200) return {line, col};
      continue;
    }
    line_start = false;
    if (quote != 0) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"') ++i, ++col;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '#') while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    else if ((c == '[' || c == '{') && ++depth > 100) return {line, col};
    else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return {0, 0};
}

// A quoted scalar whose closing quote is missing: yaml-cpp takes the rest of the file as its
// text and reports nothing. Every quoted scalar under `n` is checked against the source text;
// the first unterminated one is reported where its quote opens. `seen` holds the positions of
// the lists and maps already walked: an alias (*name) is walked once, so nested aliases cannot
// make the walk explode.
bool unterminated_quote(const YAML::Node& n, std::string_view text, const std::string& where,
                        const std::string& file, std::vector<Diagnostic>& diags, std::set<int>& seen) {
  if (n.IsMap() || n.IsSequence()) {
    if (!seen.insert(n.Mark().pos).second) return false;
    int i = 0;
    for (auto it = n.begin(); it != n.end(); ++it, ++i) {
      const YAML::Node value = n.IsMap() ? it->second : *it;
      const std::string key = n.IsMap() ? (it->first.IsScalar() ? it->first.Scalar() : std::string("?"))
                                        : "[" + std::to_string(i) + "]";
      const std::string path = n.IsMap() && !where.empty() ? where + "." + key : where + key;
      if (n.IsMap() && unterminated_quote(it->first, text, path, file, diags, seen)) return true;
      if (unterminated_quote(value, text, path, file, diags, seen)) return true;
    }
    return false;
  }
  if (!n.IsScalar() || n.Mark().is_null() || n.Mark().pos < 0) return false;
  const auto pos = static_cast<std::size_t>(n.Mark().pos);
  if (pos >= text.size() || (text[pos] != '"' && text[pos] != '\'')) return false;
  const char q = text[pos];
  for (std::size_t i = pos + 1; i < text.size(); ++i) {
    if (q == '"' && text[i] == '\\') ++i;
    else if (text[i] == q && q == '\'' && i + 1 < text.size() && text[i + 1] == '\'') ++i;
    else if (text[i] == q) return false;
  }
  diags.push_back({file, n.Mark().line + 1, n.Mark().column + 1,
                   (where.empty() ? std::string() : where + ": ") + "the " + (q == '"' ? "double" : "single") +
                       " quote opened here is never closed (the rest of the file was read as this text)"});
  return true;
}

// A hint for a syntax error on line `line` (0-based) of `text` when that line is `key: value` and
// its unquoted value holds ": " (YAML reads a second mapping there): quote the value.
std::string colon_hint(const std::string& text, int line) {
  std::size_t start = 0;
  for (int i = 0; i < line && start != std::string::npos; ++i) {
    start = text.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos || start >= text.size()) return {};
  std::string l = text.substr(start, text.find('\n', start) - start);
  if (!l.empty() && l.back() == '\r') l.pop_back();
  const std::size_t key_start = l.find_first_not_of(" -");
  const std::size_t colon = l.find(": ", key_start == std::string::npos ? 0 : key_start);
  if (key_start == std::string::npos || colon == std::string::npos) return {};
  const std::size_t value_start = l.find_first_not_of(' ', colon + 1);
  if (value_start == std::string::npos) return {};
  const char first = l[value_start];
  if (first == '"' || first == '\'' || first == '[' || first == '{') return {};
  std::string value = l.substr(value_start);
  if (value.find(": ") == std::string::npos && (value.empty() || value.back() != ':')) return {};
  std::string quoted;
  for (char c : value) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return " (the value of '" + l.substr(key_start, colon - key_start) + "' has a colon in it: put it in quotes, " +
         l.substr(key_start, colon - key_start) + ": \"" + quoted + "\")";
}

// Parses YAML text; a syntax error becomes a diagnostic at its position.
std::optional<YAML::Node> parse_yaml(const std::string& text, const std::string& file,
                                     std::vector<Diagnostic>& diags) {
  try {
    YAML::Node root = YAML::Load(text);
    std::set<int> seen;
    if (unterminated_quote(root, text, "", file, diags, seen)) return std::nullopt;
    return root;
  } catch (const YAML::DeepRecursion& e) {
    const auto [line, col] = deep_nesting_place(text);
    diags.push_back({file, line > 0 ? line : e.mark.line + 1, line > 0 ? col : e.mark.column + 1,
                     "YAML nested too deeply to read (lists or maps inside each other about a thousand "
                     "levels deep; a spec needs a handful): the deep part starts here"});
  } catch (const YAML::ParserException& e) {
    diags.push_back({file, e.mark.is_null() ? 0 : e.mark.line + 1, e.mark.is_null() ? 0 : e.mark.column + 1,
                     "YAML syntax error: " + e.msg + (e.mark.is_null() ? std::string() : colon_hint(text, e.mark.line))});
  } catch (const YAML::Exception& e) {
    diags.push_back({file, 0, 0, "YAML error: " + e.msg});
  }
  return std::nullopt;
}

std::string location_text(const std::string& file, const Mark& m) {
  std::string out = file;
  if (m.line > 0) {
    out += ':' + std::to_string(m.line);
    if (m.col > 0) out += ':' + std::to_string(m.col);
  }
  return out;
}

void sort_diagnostics(std::vector<Diagnostic>& diags, const std::string& spec_file) {
  // Profile problems first, then the spec's, each in file order.
  std::stable_sort(diags.begin(), diags.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    const bool sa = a.file == spec_file, sb = b.file == spec_file;
    if (sa != sb) return sb;
    if (a.file != b.file) return false;
    if (a.line != b.line) return a.line < b.line;
    return a.col < b.col;
  });
}

std::vector<std::string> split_env_dir(const char* value) {
  if (!value || !*value) return {};
  return {(fs::path(value) / "templates").string()};
}

bool looks_like_path(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".yaml") || name.ends_with(".yml");
}

// A book spec in a folder that is searched for profiles is not a profile: files with a top-level
// sections: key are skipped.
bool is_book_spec_file(const fs::path& f) {
  auto text = read_spec_text(f.string());
  return text && (text->starts_with("sections:") || text->find("\nsections:") != std::string::npos);
}

}  // namespace

std::vector<std::string> profile_search_path(const std::string& spec_dir, const LoadOptions& options) {
  std::vector<std::string> dirs;
  if (options.use_environment)
    for (auto& d : split_env_dir(std::getenv("GRIDPRESS_DATA_DIR"))) dirs.push_back(d);
  for (const auto& d : options.profile_dirs) dirs.push_back(d);
  dirs.push_back(spec_dir.empty() ? std::string(".") : spec_dir);
  if (options.use_builtin_dirs)
    if (const std::string data = builtin_data_dir(); !data.empty()) dirs.push_back((fs::path(data) / "templates").string());
  return dirs;
}

std::vector<std::string> available_profiles(const std::string& spec_dir, const LoadOptions& options) {
  std::set<std::string> names;
  for (const auto& dir : profile_search_path(spec_dir, options)) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& f = it->path();
      if (f.extension() != ".yaml" || !it->is_regular_file(ec)) continue;
      if (is_book_spec_file(f)) continue;
      names.insert(f.stem().string());
    }
  }
  return {names.begin(), names.end()};
}

namespace {

// Finds and applies the profile named at `node` (spec file `spec_file`).
void apply_profile(const YAML::Node& node, const std::string& spec_file, const std::string& base_dir,
                   const LoadOptions& options, State& st, std::vector<Diagnostic>& diags) {
  const YAML::Mark m = node.Mark();
  auto here = [&](const std::string& message) {
    diags.push_back(Diagnostic::keyed(spec_file, m.is_null() ? 0 : m.line + 1, m.is_null() ? 0 : m.column + 1,
                                      "profile", message));
  };
  if (!node.IsScalar() || node.Scalar().empty()) {
    here("expected a profile name such as kdp-6x9 or a path to a .yaml file, got " + describe(node));
    return;
  }
  const std::string name = node.Scalar();
  std::string found;
  if (looks_like_path(name)) {
    const fs::path p = fs::path(name).is_absolute() ? fs::path(name) : fs::path(base_dir) / name;
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) found = p.lexically_normal().string();
    else {
      here("profile file '" + p.lexically_normal().string() + "' not found");
      return;
    }
  } else {
    for (const auto& dir : profile_search_path(base_dir, options)) {
      const fs::path p = fs::path(dir) / (name + ".yaml");
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) continue;
      if (found.empty()) found = p.lexically_normal().string();
      // A book spec of that name (examples/kdp-6x9.yaml beside examples/paperback-6x9.yaml) gives
      // way to a real profile further along the path; with none, it is reported as it is.
      if (!is_book_spec_file(p)) {
        found = p.lexically_normal().string();
        break;
      }
    }
    if (found.empty()) {
      const auto names = available_profiles(base_dir, options);
      here("no profile named '" + name + "'" + suggestion(name, names) + " (available: " +
           (names.empty() ? std::string("none") : join(names)) + ")");
      return;
    }
  }
  if (options.may_read && !options.may_read(found)) {
    here("profile file '" + found + "' may not be read here");
    return;
  }
  auto text = read_spec_text(found, "profile");
  if (!text) {
    here("profile file '" + found + "' " + text.error().diagnostics.front().message);
    return;
  }
  auto root = parse_yaml(*text, found, diags);
  if (!root) return;
  st.book.profile = name;
  st.book.profile_file = found;
  if (root->IsNull()) return;  // an empty profile changes nothing
  Reader(found, diags, true).apply(*root, st);
}

Result<BookSpec> parse_impl(std::string_view yaml, const std::string& filename,
                            const LoadOptions& options) {
  std::vector<Diagnostic> diags;
  State st;
  st.may_read = options.may_read;
  st.book.source_file = filename;
  st.book.base_dir = fs::path(filename).parent_path().string();
  if (yaml.size() > kMaxSpecBytes)
    return Error(Diagnostic{filename, 0, 0, "is " + std::to_string(yaml.size()) + " bytes; a spec is at most " +
                                                std::to_string(kMaxSpecBytes) + " bytes (1 MiB)"});
  auto root = parse_yaml(std::string(yaml), filename, diags);
  if (!root) return Error(std::move(diags));
  if (root->IsNull()) {
    diags.push_back({filename, 0, 0, "the spec is empty (it needs at least a sections: list)"});
    return Error(std::move(diags));
  }
  const YAML::Node& doc = *root;
  if (doc.IsMap()) {
    if (const YAML::Node prof = doc["profile"]; prof.IsDefined())
      apply_profile(prof, filename, st.book.base_dir, options, st, diags);
  }
  Reader(filename, diags, false).apply(doc, st);
  finish(st, filename, /*is_spec=*/true, diags);
  if (!diags.empty()) {
    sort_diagnostics(diags, filename);
    return Error(std::move(diags));
  }
  // Relative output paths resolve against the spec's folder.
  BookSpec& b = st.book;
  if (!fs::path(b.output.path).is_absolute() && !b.base_dir.empty())
    b.output.path = (fs::path(b.base_dir) / b.output.path).lexically_normal().string();
  if (b.cover.enabled) {
    if (b.cover.path.empty())
      b.cover.path = fs::path(b.output.path).replace_extension().string() + "-cover.pdf";
    else if (!fs::path(b.cover.path).is_absolute() && !b.base_dir.empty())
      b.cover.path = (fs::path(b.base_dir) / b.cover.path).lexically_normal().string();
  }
  if (!b.cover.image.empty() && !fs::path(b.cover.image).is_absolute() && !b.base_dir.empty())
    b.cover.image = (fs::path(b.base_dir) / b.cover.image).lexically_normal().string();
  // The cover picture's resource caps, at the key's place, before any work (limits.hpp).
  if (b.cover.enabled && !b.cover.image.empty()) {
    if (options.may_read && !options.may_read(b.cover.image))
      return Error(key_diagnostic(b, {"cover.image"}, "'" + b.cover.image + "' may not be read here"));
    if (auto why = image_problem(b.cover.image)) return Error(key_diagnostic(b, {"cover.image"}, *why));
  }
  return std::move(st.book);
}

}  // namespace

Result<BookSpec> parse_book_spec(std::string_view yaml, const std::string& filename,
                                 const LoadOptions& options) {
  return parse_impl(yaml, filename, options);
}

Result<BookSpec> load_book_spec(const std::string& path, const LoadOptions& options) {
  auto text = read_spec_text(path);
  if (!text) return text.error();
  // Standard input is named "<stdin>" and has no folder: relative paths stay relative to the
  // working directory.
  return parse_impl(*text, path == "-" ? "<stdin>" : path, options);
}

Result<BookSpec> load_profile_file(const std::string& path) {
  std::vector<Diagnostic> diags;
  auto text = read_spec_text(path, "profile");
  if (!text) return text.error();
  auto root = parse_yaml(*text, path, diags);
  if (!root) return Error(std::move(diags));
  State st;
  if (!root->IsNull()) Reader(path, diags, true).apply(*root, st);
  finish(st, path, /*is_spec=*/false, diags);
  if (!diags.empty()) return Error(std::move(diags));
  return std::move(st.book);
}

std::string section_location(const BookSpec& spec, int section) {
  return location_text(spec.source_file, spec.sections.at(static_cast<size_t>(section)).mark);
}

Diagnostic section_diagnostic(const BookSpec& spec, int section, std::string message, std::string_view key) {
  const SectionSpec& s = spec.sections.at(static_cast<size_t>(section));
  Mark m = s.mark;
  if (!key.empty())
    if (auto it = s.key_marks.find(std::string(key)); it != s.key_marks.end()) m = it->second;
  Diagnostic d{spec.source_file, m.line, m.col, std::move(message)};
  d.key = "sections[" + std::to_string(section) + "]" + (key.empty() ? std::string() : "." + std::string(key));
  return d;
}

Diagnostic key_diagnostic(const BookSpec& spec, std::initializer_list<std::string_view> keys, const std::string& message) {
  for (std::string_view key : keys)
    if (auto it = spec.key_places.find(std::string(key)); it != spec.key_places.end())
      return Diagnostic::keyed(it->second.file, it->second.line, it->second.col, std::string(key), message);
  return Diagnostic::keyed(spec.source_file, 0, 0, std::string(*keys.begin()), message);
}

}  // namespace gp::spec
