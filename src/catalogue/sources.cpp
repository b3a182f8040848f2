#include "catalogue/sources.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/codec.hpp"
#include "core/files.hpp"
#include "generator/canonical.hpp"
#include "input/puzzle_reader.hpp"
#include "input/source.hpp"

namespace gp::catalogue {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Splits one CSV record (RFC 4180 quoting; no newlines inside fields, which our manifests never
// have in the columns read here).
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  return out;
}

// Fills the grid, clue count and (when missing) the canonical form of `e` from its givens.
Status complete(Entry& e, const std::string& where) {
  if (e.givens.empty()) return Ok{};  // a manifest that gives only canonical forms
  auto g = parse_line(e.givens);
  if (!g) return Error(where + ": " + g.error().to_string());
  auto variant = parse_variant(e.variant.empty() ? "classic" : e.variant);
  if (!variant) return Error(where + ": " + variant.error().to_string());
  // With its canonical form given the board is not needed (a jigsaw board needs its regions).
  if (*variant != Variant::kClassic && e.canonical.empty()) {
    auto board = variant_board(g->shape, *variant);
    if (!board) return Error(where + ": " + board.error().to_string());
    Grid v(*board);
    v.cells = g->cells;
    *g = std::move(v);
  }
  if (e.grid.empty()) e.grid = g->shape.name();
  if (e.clues == 0) e.clues = g->clue_count();
  if (e.canonical.empty()) e.canonical = gen::canonical_form(*g);
  return Ok{};
}

Result<Source> from_json(const std::string& path, const std::string& body) {
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded()) return Error(path + ": not valid JSON");
  if (!doc.is_object() || !doc.contains("puzzles") || !doc["puzzles"].is_array())
    return Error(path + ": not a gridpress manifest (no \"puzzles\" list)");
  Source src;
  const auto text_of = [](const json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : std::string();
  };
  const auto int_of = [](const json& o, const char* key) {
    return o.is_object() && o.contains(key) && o[key].is_number_integer() ? o[key].get<long long>() : 0LL;
  };
  src.title = text_of(doc, "title");
  const bool newspaper = text_of(doc, "kind") == "newspaper";
  const bool generated = doc.contains("request");
  src.kind = generated ? SourceKind::generated : SourceKind::manifest;
  const std::string kind = newspaper ? "newspaper" : generated ? "generate" : "book";
  const std::string book_file = text_of(doc, "book");
  const fs::path folder = fs::absolute(path).parent_path();
  int i = 0;
  for (const json& p : doc["puzzles"]) {
    const std::string where = path + ": puzzles[" + std::to_string(i++) + "]";
    Entry e;
    e.canonical = text_of(p, "canonical");
    e.givens = text_of(p, "givens");
    if (e.givens.empty()) e.givens = text_of(p, "puzzle");
    if (e.canonical.empty() && e.givens.empty()) return Error(where + ": no \"canonical\" or \"givens\"");
    e.solution = text_of(p, "solution");
    if (std::string v = text_of(p, "variant"); !v.empty()) e.variant = v;
    e.grid = text_of(p, "grid");
    e.clues = static_cast<int>(int_of(p, "clues"));
    if (p.contains("rating") && p["rating"].is_number()) e.rating = p["rating"].get<double>();
    e.label = text_of(p, "label");
    e.hardest = text_of(p, "hardest");
    e.kind = kind;
    e.title = src.title;
    e.section = text_of(p, "section");
    e.number = static_cast<int>(int_of(p, "number"));
    e.date = text_of(p, "date");
    if (p.contains("seed") && p["seed"].is_number_unsigned()) e.seed = p["seed"].get<std::uint64_t>();
    std::string file = book_file;
    if (p.contains("files") && p["files"].is_array() && !p["files"].empty() && p["files"][0].is_string())
      file = p["files"][0].get<std::string>();
    if (!file.empty()) e.file = (folder / file).lexically_normal().string();
    if (Status st = complete(e, where); !st) return st.error();
    src.entries.push_back(std::move(e));
  }
  return src;
}

// A manifest's CSV (a header with a "givens" or "canonical" column); nullopt when the header has
// neither (then it is read as puzzle input).
std::optional<Result<Source>> from_csv(const std::string& path, const std::string& body) {
  std::istringstream in(body);
  std::string line;
  if (!std::getline(in, line)) return Result<Source>(Error(path + ": empty manifest"));
  const std::vector<std::string> header = csv_fields(line);
  const auto column = [&](const char* name) {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? -1 : static_cast<int>(it - header.begin());
  };
  const int canon = column("canonical"), givens = column("givens");
  if (canon < 0 && givens < 0) return std::nullopt;
  const int solution = column("solution"), section = column("section"), number = column("number"),
            date = column("date"), seed = column("seed"), rating = column("rating"), label = column("label"),
            hardest = column("hardest"), files = column("files");
  Source src;
  for (int line_no = 2; std::getline(in, line); ++line_no) {
    if (line.empty() || line == "\r") continue;
    const std::vector<std::string> f = csv_fields(line);
    const auto at = [&](int c) {
      return c >= 0 && c < static_cast<int>(f.size()) ? f[static_cast<size_t>(c)] : "";
    };
    const std::string where = path + ": line " + std::to_string(line_no);
    Entry e;
    e.canonical = at(canon);
    e.givens = at(givens);
    if (e.canonical.empty() && e.givens.empty())
      return Result<Source>(Error(where + ": no canonical form or givens"));
    e.solution = at(solution);
    e.kind = date >= 0 ? "newspaper" : "book";
    e.section = at(section);
    e.number = std::atoi(at(number).c_str());
    e.date = at(date);
    if (!at(seed).empty()) e.seed = std::strtoull(at(seed).c_str(), nullptr, 10);
    if (!at(rating).empty()) e.rating = std::atof(at(rating).c_str());
    e.label = at(label);
    e.hardest = at(hardest);
    if (std::string first = at(files).substr(0, at(files).find(';')); !first.empty())
      e.file = (fs::absolute(path).parent_path() / first).lexically_normal().string();
    if (Status st = complete(e, where); !st) return Result<Source>(st.error());
    src.entries.push_back(std::move(e));
  }
  return Result<Source>(std::move(src));
}

Result<Source> from_puzzle_file(const std::string& path) {
  auto input = input::open_input(path);
  if (!input) return input.error();
  input::PuzzleReader reader(*input->stream, input->name);
  Source src;
  while (auto item = reader.next()) {
    if (!item->grid) return item->grid.error();
    Entry e;
    e.givens = format_line(*item->grid);
    e.grid = item->grid->shape.name();
    e.clues = item->grid->clue_count();
    e.canonical = gen::canonical_form(*item->grid);
    e.kind = "import";
    src.entries.push_back(std::move(e));
  }
  if (reader.failed()) return reader.failure();
  return src;
}

Result<Source> from_catalogue(const std::string& path) {
  auto cat = Catalogue::open(path, Access::read);
  if (!cat) return cat.error();
  Source src;
  src.kind = SourceKind::catalogue;
  Status st = cat->for_each("", [&](const Entry& e) -> Status {
    src.entries.push_back(e);
    return Ok{};
  });
  if (!st) return st.error();
  return src;
}

}  // namespace

Result<Source> read_source(const std::string& path) {
  if (is_sqlite_file(path)) return from_catalogue(path);
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".json" || ext == ".csv") {
    auto body = read_regular_file(path, "manifest", kMaxManifestBytes);
    if (!body) return body.error();
    if (ext == ".json") return from_json(path, *body);
    if (auto manifest = from_csv(path, *body)) return std::move(*manifest);
  }
  return from_puzzle_file(path);
}

}  // namespace gp::catalogue
