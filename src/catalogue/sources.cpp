#include "catalogue/sources.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/files.hpp"
#include "core/numbering.hpp"
#include "core/variants.hpp"
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

// What a manifest entry says about its board besides the givens (codec/board_codec.hpp): a
// jigsaw's region map, a killer's cages, each as its key and token (JSON values read as tokens).
struct Rules {
  std::vector<std::pair<std::string_view, std::string>> data;
  std::string_view error_key;  // a JSON value that is not its key's form: the key and why
  std::string error;

  const std::string* token(std::string_view key) const {
    for (const auto& [k, t] : data)
      if (k == key) return &t;
    return nullptr;
  }
};

// The one checked path of every manifest entry (JSON, CSV, and the rows of another catalogue):
// the variant is a known name; the givens are a puzzle line of a size that variant can have (a
// samurai's 441-character board exactly when the variant is samurai); regions only on a jigsaw
// and cages only on a killer, each checked against the grid (jigsaw_board, killer_board); a
// solution, when given, a full grid of the givens' size. Fills the grid name, clue count and
// (when missing) the canonical form of `e`. A jigsaw or killer entry without its regions or cages
// is accepted only with its canonical form (the board is not needed then). Errors start with
// `where` ("PATH: puzzles[3]", "PATH: line 7").
Status complete(Entry& e, const Rules& rules, const std::string& where) {
  auto variant = parse_variant(e.variant.empty() ? "classic" : e.variant);
  if (!variant) return Error(where + ": \"variant\": " + variant.error().to_string());
  const std::string vname(variant_name(*variant));
  const auto belongs = [&](std::string_view key) -> Status {
    const Variant owner = codec::variant_of_key(key);
    if (codec::carries(*variant, key)) return Ok{};
    return Error(where + ": \"" + std::string(key) + "\" belong to a " + std::string(variant_name(owner)) +
                 " puzzle, not to variant " + vname);
  };
  for (std::string_view key : codec::data_keys())
    if (rules.token(key) || rules.error_key == key)
      if (Status st = belongs(key); !st) return st;
  if (e.givens.empty()) return Ok{};  // a manifest that gives only canonical forms
  // A Latin variant's givens (futoshiki) are a Latin square of their length: no boxes, 5x5 and 7x7 too.
  std::optional<Shape> latin;
  if (variant_def(*variant).latin) {
    int n = 1;
    while (static_cast<std::size_t>(n * n) < e.givens.size()) ++n;
    auto shape = variant_shape(n, *variant);
    if (!shape || static_cast<std::size_t>(n * n) != e.givens.size())
      return Error(where + ": \"givens\": " + std::to_string(e.givens.size()) + " cells: a " + vname +
                   " puzzle is 16, 25, 36, 49, 64 or 81 cells (4x4 to 9x9)");
    latin = *shape;
  }
  auto g = parse_line(e.givens, latin);
  if (!g) return Error(where + ": \"givens\": " + g.error().to_string());
  const bool samurai_line = g->variant() == Variant::kSamurai;
  if (samurai_line != (*variant == Variant::kSamurai))
    return Error(where + (samurai_line ? ": a samurai board (441 characters with '#') needs \"variant\": \"samurai\", not " + vname
                                       : ": \"variant\": \"" + vname + "\" does not fit givens of " +
                                             std::to_string(g->cells.size()) + " cells (" + g->shape.name() + ")" +
                                             (*variant == Variant::kSamurai ? ": a samurai board is 441 characters, '#' off the board" : "")));
  if (!e.solution.empty()) {
    auto s = parse_line(e.solution, latin ? std::optional<Shape>(Shape{1, g->n()}) : std::nullopt);
    if (!s) return Error(where + ": \"solution\": " + s.error().to_string());
    if (s->cells.size() != g->cells.size() || s->shape.n() != g->shape.n() || s->clue_count() != static_cast<int>(s->cells.size()))
      return Error(where + ": \"solution\" is not a full grid of the givens' " + std::to_string(g->cells.size()) + " cells");
  }
  const bool have_canonical = !e.canonical.empty();
  // The variant's board: its data when it has some (a jigsaw's regions, a killer's cages), else
  // its fixed board (x, hyper; samurai came with its line).
  const std::vector<std::string_view> keys = codec::keys_of(*variant);
  if (keys.empty() && g->variant() != *variant) {
    auto board = variant_board(g->shape, *variant);
    if (!board) return Error(where + ": " + board.error().to_string());
    g->board = *board;
  }
  for (std::string_view key : keys) {
    if (rules.error_key == key) return Error(where + ": " + rules.error);
    const std::string* token = rules.token(key);
    if (!token) {
      if (have_canonical) continue;  // the board is not needed
      return Error(where + ": a " + vname + " puzzle without its \"" + std::string(key) + "\"");
    }
    if (Status st = codec::put_token(*g, key, *token); !st) return Error(where + ": " + st.error().to_string());
  }
  if (e.grid.empty()) e.grid = g->shape.name();
  if (e.clues == 0) e.clues = g->clue_count();
  if (!have_canonical) e.canonical = gen::canonical_form(*g);
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
    e.number = int_of(p, "number");
    if (e.number < 0 || e.number > kMaxPuzzleNumber)
      return Error(where + ": \"number\" " + std::to_string(e.number) + past_max_number_text());
    e.date = text_of(p, "date");
    if (p.contains("seed") && p["seed"].is_number_unsigned()) e.seed = p["seed"].get<std::uint64_t>();
    std::string file = book_file;
    if (p.contains("files") && p["files"].is_array() && !p["files"].empty() && p["files"][0].is_string())
      file = p["files"][0].get<std::string>();
    if (!file.empty()) e.file = (folder / file).lexically_normal().string();
    Rules rules;
    for (std::string_view key : codec::data_keys()) {
      if (!p.is_object() || !p.contains(std::string(key))) continue;
      auto token = codec::token_from_json(key, p[std::string(key)], &p);
      if (token) {
        rules.data.emplace_back(key, std::move(*token));
      } else if (rules.error.empty()) {
        rules.error_key = key;
        rules.error = token.error().diagnostics.front().message;
      }
    }
    if (Status st = complete(e, rules, where); !st) return st.error();
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
            hardest = column("hardest"), files = column("files"), variant = column("variant");
  std::vector<std::pair<std::string_view, int>> data_columns;  // the board codec's columns
  for (std::string_view key : codec::data_keys())
    if (const int c = column(std::string(key).c_str()); c >= 0) data_columns.emplace_back(key, c);
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
    if (const std::string n = at(number); !n.empty()) {
      const bool digits = n.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || n.size() > 12 || std::stoll(n) > kMaxPuzzleNumber)
        return Result<Source>(Error(where + ": number '" + n + "'" +
                                    (digits ? past_max_number_text() : std::string(" is not a whole number"))));
      e.number = std::stoll(n);
    }
    e.date = at(date);
    if (!at(seed).empty()) e.seed = std::strtoull(at(seed).c_str(), nullptr, 10);
    if (!at(rating).empty()) e.rating = std::atof(at(rating).c_str());
    e.label = at(label);
    e.hardest = at(hardest);
    if (std::string first = at(files).substr(0, at(files).find(';')); !first.empty())
      e.file = (fs::absolute(path).parent_path() / first).lexically_normal().string();
    if (!at(variant).empty()) e.variant = at(variant);
    Rules rules;
    for (const auto& [key, c] : data_columns)
      if (!at(c).empty()) rules.data.emplace_back(key, at(c));
    if (Status st = complete(e, rules, where); !st) return Result<Source>(st.error());
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
  long long row = 0;
  Status st = cat->for_each("", [&](const Entry& e) -> Status {
    ++row;
    Entry checked = e;
    if (Status ok = complete(checked, Rules{}, path + ": puzzle " + std::to_string(row) + " (\"" + e.canonical.substr(0, 24) + "\")"); !ok)
      return ok;
    src.entries.push_back(std::move(checked));
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
