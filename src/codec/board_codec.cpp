#include "codec/board_codec.hpp"

#include <algorithm>
#include <variant>

#include "core/codec.hpp"
#include "core/rules.hpp"
#include "core/variants.hpp"

namespace gp::codec {
namespace {

constexpr std::string_view kRegions = "regions";

// --- per rule type: its JSON form (a new rule type fails to compile until it has both) ---

nlohmann::ordered_json rule_json(const CageRule& rule) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Cage& c : rule.cages) out.push_back({{"sum", c.sum}, {"cells", c.cells}});
  return out;
}

// The token of a cage rule from its JSON list; `why` says what is wrong with the list's form.
// Numbers are kept to what a token can hold (4 digits), so nothing overflows before the checks.
Result<std::string> token_from_json(const CageRule*, const nlohmann::json& j) {
  const std::string key = "\"cages\" ";
  if (!j.is_array()) return Error(key + "is not a list");
  std::vector<Cage> cages;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& c = j[k];
    const std::string name = key + "[" + std::to_string(k) + "]";
    if (!c.is_object() || !c.contains("sum") || !c["sum"].is_number_integer() || !c.contains("cells") ||
        !c["cells"].is_array())
      return Error(name + " is not {\"sum\": S, \"cells\": [...]}");
    const auto sum = c["sum"].get<long long>();
    if (sum < 0 || sum > 9999) return Error(name + ": sum " + std::to_string(sum) + " is out of range");
    Cage cage;
    cage.sum = static_cast<int>(sum);
    if (c["cells"].empty()) return Error(name + ": no cells");
    for (const auto& x : c["cells"]) {
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 9999)
        return Error(name + ": a cell that is not a cell number");
      cage.cells.push_back(x.get<int>());
    }
    cages.push_back(std::move(cage));
  }
  if (cages.empty()) return Error(key + "is an empty list");
  return format_cages(cages);
}

// Parity marks: the n*n marks as one string ("E.O..."), as the line token.
nlohmann::ordered_json rule_json(const ParityRule& rule) { return rule.marks; }

Result<std::string> token_from_json(const ParityRule*, const nlohmann::json& j) {
  if (!j.is_string()) return Error("\"parity\" is not a string of marks (E even, O odd, . none)");
  return j.get<std::string>();
}

// Thermos: a list of cell lists, bulb first ("thermos": [[0, 1, 2], [9, 10]]).
nlohmann::ordered_json rule_json(const ThermoRule& rule) { return rule.thermos; }

Result<std::string> token_from_json(const ThermoRule*, const nlohmann::json& j) {
  if (!j.is_array() || j.empty()) return Error("\"thermos\" is not a list of thermos (cell lists, bulb first)");
  std::string out;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const std::string name = "\"thermos\"[" + std::to_string(k) + "]";
    if (!j[k].is_array()) return Error(name + " is not a list of cells, bulb first");
    out += k ? ";" : "";
    for (std::size_t i = 0; i < j[k].size(); ++i) {
      const auto& x = j[k][i];
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 9999)
        return Error(name + ": a cell that is not a cell number");
      out += (i ? "<" : "") + std::to_string(x.get<int>());
    }
  }
  return out;
}

// Arrows: [{"circle": c, "path": [...]}, ...].
nlohmann::ordered_json rule_json(const ArrowRule& rule) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Arrow& a : rule.arrows) out.push_back({{"circle", a.circle}, {"path", a.path}});
  return out;
}

Result<std::string> token_from_json(const ArrowRule*, const nlohmann::json& j) {
  if (!j.is_array() || j.empty()) return Error("\"arrows\" is not a list of arrows ({\"circle\": c, \"path\": [...]})");
  auto cell = [](const nlohmann::json& x) { return x.is_number_integer() && x.get<long long>() >= 0 && x.get<long long>() <= 9999; };
  std::string out;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& a = j[k];
    const std::string name = "\"arrows\"[" + std::to_string(k) + "]";
    if (!a.is_object() || !a.contains("circle") || !a.contains("path") || !a["path"].is_array())
      return Error(name + " is not {\"circle\": c, \"path\": [...]}");
    if (!cell(a["circle"])) return Error(name + ": a circle that is not a cell number");
    out += (k ? ";" : "") + std::to_string(a["circle"].get<int>()) + ":";
    for (std::size_t i = 0; i < a["path"].size(); ++i) {
      if (!cell(a["path"][i])) return Error(name + ": a path cell that is not a cell number");
      out += (i ? "+" : "") + std::to_string(a["path"][i].get<int>());
    }
  }
  return out;
}

// Greater-than signs: [[a, b], ...], cell a greater than cell b.
nlohmann::ordered_json rule_json(const InequalityRule& rule) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& s : rule.signs) out.push_back({s[0], s[1]});
  return out;
}

Result<std::string> token_from_json(const InequalityRule*, const nlohmann::json& j) {
  const std::string key = "\"inequalities\" ";
  if (!j.is_array()) return Error(key + "is not a list of [greater, smaller] cell pairs");
  std::vector<std::array<int, 2>> signs;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& s = j[k];
    const auto cell = [](const nlohmann::json& x) { return x.is_number_integer() && x.get<long long>() >= 0 && x.get<long long>() <= 9999; };
    if (!s.is_array() || s.size() != 2 || !cell(s[0]) || !cell(s[1]))
      return Error(key + "[" + std::to_string(k) + "] is not [greater, smaller] (two cell numbers, row-major from 0)");
    signs.push_back({s[0].get<int>(), s[1].get<int>()});
  }
  return format_signs(signs);
}

// Dots: [{"cells": [a, b], "kind": "white"}, ...]; a kropki rule's negative flag is the entry's
// "negative" (json_extras). The token's form (C:, K:, KN:) comes from the entry's "variant" and
// "negative"; without a variant, a black dot or "negative" makes it kropki.
nlohmann::ordered_json rule_json(const DotRule& rule) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Dot& d : rule.dots) out.push_back({{"cells", {d.a, d.b}}, {"kind", d.black ? "black" : "white"}});
  return out;
}

Result<std::string> token_from_json(const DotRule*, const nlohmann::json& j, const nlohmann::json* entry) {
  const std::string key = "\"dots\" ";
  if (!j.is_array()) return Error(key + "is not a list");
  std::string list;
  bool black = false;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& d = j[k];
    const std::string name = key + "[" + std::to_string(k) + "]";
    if (!d.is_object() || !d.contains("cells") || !d["cells"].is_array() || d["cells"].size() != 2 || !d.contains("kind") ||
        !d["kind"].is_string())
      return Error(name + " is not {\"cells\": [a, b], \"kind\": \"white\" or \"black\"}");
    for (const auto& x : d["cells"])
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 9999)
        return Error(name + ": a cell that is not a cell number");
    const std::string kind = d["kind"].get<std::string>();
    if (kind != "white" && kind != "black") return Error(name + ": kind '" + kind + "' is neither white nor black");
    black = black || kind == "black";
    list += (k ? ";" : "") + std::to_string(d["cells"][0].get<int>()) + "-" + std::to_string(d["cells"][1].get<int>()) +
            (kind == "black" ? "b" : "w");
  }
  auto plain = [&] {  // a consecutive token's dots carry no colour (rule_token's form)
    std::string out;
    for (char ch : list)
      if (ch != 'w') out += ch;
    return out;
  };
  const bool has_negative = entry && entry->is_object() && entry->contains("negative");
  if (has_negative && !(*entry)["negative"].is_boolean()) return Error("\"negative\" is not true or false");
  const bool negative = has_negative && (*entry)["negative"].get<bool>();
  std::string variant;
  if (entry && entry->is_object() && entry->contains("variant") && (*entry)["variant"].is_string())
    variant = (*entry)["variant"].get<std::string>();
  const bool kropki = variant == "kropki" || (variant.empty() && (black || has_negative));
  if (kropki) return (negative ? "KN:" : "K:") + list;
  if (has_negative && !negative) return Error("\"negative\": false, but a consecutive puzzle marks every consecutive pair");
  return "C:" + plain();
}

// Anti-knight, anti-king: no data (their key is "", left out of data_keys(); the variant brings the rule).
nlohmann::ordered_json rule_json(const MoveRule&) { return nullptr; }
Result<std::string> token_from_json(const MoveRule*, const nlohmann::json&) { return Error("a move rule has no data"); }

// Sandwich clues: {"rows": [k or null, ...], "cols": [...]}, n entries each (null: no clue).
nlohmann::ordered_json rule_json(const SandwichRule& rule) {
  auto list = [](const std::vector<int>& v) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (int k : v) out.push_back(k == kNoSandwich ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(k));
    return out;
  };
  return {{"rows", list(rule.rows)}, {"cols", list(rule.cols)}};
}

Result<std::string> token_from_json(const SandwichRule*, const nlohmann::json& j) {
  const std::string key = "\"sandwich\" ";
  if (!j.is_object() || !j.contains("rows") || !j.contains("cols"))
    return Error(key + "is not {\"rows\": [...], \"cols\": [...]} (a clue or null per line)");
  std::string out = "S:";
  for (const char* side : {"rows", "cols"}) {
    const auto& v = j[side];
    if (!v.is_array()) return Error(key + "\"" + side + "\" is not a list (a clue or null per line)");
    if (std::string_view(side) == "cols") out += '/';
    for (std::size_t i = 0; i < v.size(); ++i) {
      const auto& x = v[i];
      if (x.is_null()) {
        out += i ? ".-" : "-";
        continue;
      }
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 999)
        return Error(key + "\"" + side + "\"[" + std::to_string(i) + "] is not a clue (a sum from 0, or null)");
      out += (i ? "." : "") + std::to_string(x.get<int>());
    }
  }
  return out;
}

// KenKen cages: [{"cells": [...], "target": T, "op": "+"}, ...] under "cages", the key killer
// cages have too ({"sum": S, "cells": [...]}). Which one a "cages" value is: the entry's "variant"
// (kenken, or one with killer cages) and the cages' own fields; a value that is not plainly killer
// cages is read here, which names a mix or a mismatch.
bool kenken_json(const nlohmann::json& j, const nlohmann::json* entry) {
  if (entry && entry->is_object() && entry->contains("variant") && (*entry)["variant"].is_string() &&
      (*entry)["variant"].get<std::string>() == "kenken")
    return true;
  if (!j.is_array()) return false;
  for (const auto& c : j)
    if (c.is_object() && (c.contains("op") || c.contains("target"))) return true;
  return false;
}

nlohmann::ordered_json rule_json(const ArithmeticCageRule& rule) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ArithmeticCage& c : rule.cages)
    out.push_back({{"cells", c.cells}, {"target", c.target}, {"op", std::string(1, static_cast<char>(c.op))}});
  return out;
}

bool claims_json(const CageRule*, const nlohmann::json& j, const nlohmann::json* entry) { return !kenken_json(j, entry); }
bool claims_json(const ArithmeticCageRule*, const nlohmann::json& j, const nlohmann::json* entry) { return kenken_json(j, entry); }

Result<std::string> token_from_json(const ArithmeticCageRule*, const nlohmann::json& j, const nlohmann::json* entry) {
  const std::string key = "\"cages\" ";
  const std::string form = "{\"cells\": [...], \"target\": T, \"op\": \"+\", \"-\", \"*\", \"/\" or \"=\"}";
  std::string variant;
  if (entry && entry->is_object() && entry->contains("variant") && (*entry)["variant"].is_string())
    variant = (*entry)["variant"].get<std::string>();
  if (!j.is_array()) return Error(key + "is not a list");
  if (j.empty()) return Error(key + "is an empty list");
  int killer_at = -1, kenken_at = -1;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& c = j[k];
    if (!c.is_object()) continue;
    if (c.contains("sum") && killer_at < 0) killer_at = static_cast<int>(k);
    if ((c.contains("op") || c.contains("target")) && kenken_at < 0) kenken_at = static_cast<int>(k);
  }
  if (killer_at >= 0 && kenken_at >= 0)
    return Error(key + "mixes killer cages ([" + std::to_string(killer_at) + "] has a \"sum\") and kenken cages ([" +
                 std::to_string(kenken_at) + "] has a \"target\" and an \"op\"): a puzzle has one kind");
  if (!variant.empty() && variant != "kenken")
    return Error(key + "[" + std::to_string(kenken_at) + "] is a kenken cage (\"target\" and \"op\"), but the puzzle's variant is " +
                 variant);
  std::string out;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto& c = j[k];
    const std::string name = key + "[" + std::to_string(k) + "]";
    if (c.is_object() && c.contains("sum"))
      return Error(name + " is a killer cage ({\"sum\": S, \"cells\": [...]}); a kenken cage is " + form);
    if (!c.is_object() || !c.contains("cells") || !c["cells"].is_array() || !c.contains("target") ||
        !c["target"].is_number_integer() || !c.contains("op") || !c["op"].is_string())
      return Error(name + " is not " + form);
    const auto target = c["target"].get<long long>();
    if (target < 1 || target > 999999) return Error(name + ": target " + std::to_string(target) + " is out of range");
    const std::string op = c["op"].get<std::string>();
    if (op.size() != 1 || std::string_view("+-*/=").find(op[0]) == std::string_view::npos)
      return Error(name + ": op '" + op.substr(0, 8) + "' is none of + - * / =");
    if (c["cells"].empty()) return Error(name + ": no cells");
    out += (k ? ";" : "") + std::to_string(target) + op + ":";
    for (std::size_t i = 0; i < c["cells"].size(); ++i) {
      const auto& x = c["cells"][i];
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 9999)
        return Error(name + ": a cell that is not a cell number");
      out += (i ? "." : "") + std::to_string(x.get<int>());
    }
  }
  return out;
}

nlohmann::ordered_json rule_json(const Rule& rule) {
  return std::visit([](const auto& r) { return rule_json(r); }, rule);
}

template <std::size_t I = 0>
Result<std::string> rule_token_from_json(std::string_view key, const nlohmann::json& value, const nlohmann::json* entry) {
  if constexpr (I == std::variant_size_v<Rule>) {
    return Error("unknown rule '" + std::string(key) + "'");
  } else {
    using R = std::variant_alternative_t<I, Rule>;
    bool claims = true;  // a key two types share ("cages"): each says whether the value is its own
    if constexpr (requires { claims_json(static_cast<const R*>(nullptr), value, entry); })
      claims = claims_json(static_cast<const R*>(nullptr), value, entry);
    if (rule_key(R{}) == key && claims) {
      if constexpr (requires { token_from_json(static_cast<const R*>(nullptr), value, entry); })
        return token_from_json(static_cast<const R*>(nullptr), value, entry);  // reads the entry's other fields
      else
        return token_from_json(static_cast<const R*>(nullptr), value);
    }
    return rule_token_from_json<I + 1>(key, value, entry);
  }
}

// The variant of a board with `rule` whose key several variants share ("dots": consecutive or
// kropki, told apart by the rule's token), else `by_key`.
Variant variant_of_rule(const Rule& rule, Variant by_key) {
  if (const auto* d = std::get_if<DotRule>(&rule)) return d->kropki ? Variant::kKropki : Variant::kConsecutive;
  if (std::holds_alternative<ArithmeticCageRule>(rule)) return Variant::kKenKen;  // "cages" is killer's too
  // (a consecutive token without dots, "C:", is a consecutive puzzle all the same: the line said so)
  return by_key;
}

const Rule* rule_of(const Board* board, std::string_view key) {
  if (!board) return nullptr;
  for (const Rule& r : board->rules)
    if (rule_key(r) == key) return &r;
  return nullptr;
}

}  // namespace

const std::vector<std::string_view>& data_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> out{kRegions};
    for (std::string_view k : rule_keys())  // a rule without data (MoveRule) has no key; "cages" is killer's and kenken's
      if (!k.empty() && std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    return out;
  }();
  return keys;
}

Variant variant_of_key(std::string_view key) {
  const VariantDef* d = variant_of_data(key);  // the variant table's data_key
  return d ? d->variant : Variant::kClassic;
}

bool carries(Variant variant, std::string_view key) {
  if (key.empty()) return false;
  for (Variant part : parts_of(variant))  // a combination carries each part's data (jigsaw+killer)
    if (variant_def(part).data_key == key) return true;
  return false;
}

std::vector<std::string_view> keys_of(Variant variant) {
  std::vector<std::string_view> out;
  for (std::string_view k : data_keys())
    if (carries(variant, k)) out.push_back(k);
  return out;
}

bool json_negative(const Board* board) {
  const DotRule* d = board ? board->rule<DotRule>() : nullptr;
  return d && d->kropki && d->negative;
}

Variant variant_of_keys(const std::vector<std::string_view>& keys) {
  if (keys.size() == 1) return variant_of_key(keys.front());
  if (keys.size() != 2) return Variant::kClassic;
  const VariantDef* d = combination_of(variant_of_key(keys[0]), variant_of_key(keys[1]));
  return d && keys_of(d->variant).size() == 2 ? d->variant : Variant::kClassic;
}

std::vector<Field> fields(const Board* board) {
  std::vector<Field> out;
  if (!board) return out;
  for (std::string_view key : data_keys())
    if (std::string t = token(board, key); !t.empty()) out.push_back({key, std::move(t)});
  return out;
}

std::string token(const Board* board, std::string_view key) {
  if (!board) return {};
  if (key == kRegions) return board->jigsaw() ? format_regions(board->region) : std::string();
  const Rule* r = rule_of(board, key);
  return r ? rule_token(*r) : std::string();
}

std::string line_tokens(const Board* board) {
  std::string out;
  for (const Field& f : fields(board)) out += (out.empty() ? "" : " ") + f.token;
  return out;
}

nlohmann::ordered_json json_value(const Board* board, std::string_view key) {
  if (!board) return nullptr;
  if (key == kRegions) return board->jigsaw() ? nlohmann::ordered_json(format_regions(board->region)) : nullptr;
  const Rule* r = rule_of(board, key);
  // A rule without a token (the non-consecutive rule: its variant's board) writes no field either.
  return r && !rule_token(*r).empty() ? rule_json(*r) : nlohmann::ordered_json(nullptr);
}

Result<std::string> token_from_json(std::string_view key, const nlohmann::json& value, const nlohmann::json* entry) {
  if (key == kRegions) {
    if (!value.is_string()) return Error("\"regions\" is not a string");
    return value.get<std::string>();
  }
  return rule_token_from_json(key, value, entry);
}

Variant variant_of_key(std::string_view key, Shape shape) {
  for (const VariantDef& d : variant_defs())
    if (d.data_key == key && d.latin == shape.latin()) return d.variant;
  return variant_of_key(key);
}

Result<std::shared_ptr<const Board>> board_from_token(Shape shape, std::string_view key, std::string_view token) {
  const Variant variant = variant_of_key(key, shape);
  std::string prefix;  // the variants carrying `key` on this shape ("consecutive or kropki" share "dots")
  for (Variant v : all_variants())
    if ((carries(v, key) && variant_def(v).latin == shape.latin()) || v == variant)
      prefix += (prefix.empty() ? "" : " or ") + std::string(variant_name(v));
  if (key == kRegions) {
    auto map = parse_regions(token, shape.n());
    if (!map) return Error(prefix + " " + map.error().diagnostics.front().message);
    auto board = jigsaw_board(shape, *map);
    if (!board) return Error(prefix + " " + board.error().diagnostics.front().message);
    return *board;
  }
  if (key == "cages" && arithmetic_token(token)) {
    // KenKen cages (TARGET OP:CELLS): a Latin square's, whatever box shape the cells were read with.
    auto board = latin_board(shape.n(), Variant::kKenKen);
    if (!board) return Error("kenken cages: " + board.error().diagnostics.front().message);
    auto rule = parse_rule(key, token, (*board)->shape);
    if (!rule) return Error("kenken " + rule.error().diagnostics.front().message);
    return with_rules(**board, Variant::kKenKen, {std::move(*rule)});
  }
  if (auto why = variant_size_problem(variant, shape); !why.empty())
    return Error(prefix + " " + std::string(key) + ": " + why);
  auto rule = parse_rule(key, token, shape);
  if (!rule) return Error(prefix + " " + rule.error().diagnostics.front().message);
  return with_rules(classic_board(shape), variant_of_rule(*rule, variant), {std::move(*rule)});
}

Result<std::shared_ptr<const Board>> board_from_fields(Shape shape, Variant variant, const std::vector<Field>& fields) {
  const std::string name(variant_name(variant));
  if (variant_def(variant).latin && !shape.latin()) {  // a Latin square's cells read as a grid with boxes
    auto latin = latin_shape(shape.n());
    if (!latin) return Error(name + ": " + latin.error().diagnostics.front().message);
    shape = *latin;
  }
  const std::vector<std::string_view> keys = keys_of(variant);
  for (std::string_view k : keys)
    if (std::none_of(fields.begin(), fields.end(), [&](const Field& f) { return f.key == k; }))
      return Error(name + " needs its " + std::string(k));
  for (const Field& f : fields)
    if (std::find(keys.begin(), keys.end(), f.key) == keys.end())
      return Error(name + " has no " + std::string(f.key) + " (" + std::string(variant_name(variant_of_key(f.key))) +
                   " data)");
  std::vector<int> map;
  bool regions = false;
  std::vector<Rule> rules;
  for (const Field& f : fields) {
    if (f.key == kRegions) {
      auto m = parse_regions(f.token, shape.n());
      if (!m) return Error(name + " " + m.error().diagnostics.front().message);
      map = std::move(*m);
      regions = true;
      continue;
    }
    if (auto why = variant_size_problem(variant, shape); !why.empty()) return Error(name + " " + std::string(f.key) + ": " + why);
    auto rule = parse_rule(f.key, f.token, shape);
    if (!rule) return Error(name + " " + rule.error().diagnostics.front().message);
    if (std::holds_alternative<ArithmeticCageRule>(*rule) != (variant == Variant::kKenKen))
      return Error(name + " " + std::string(f.key) + ": " +
                   (variant == Variant::kKenKen ? "killer cages (CELLS=SUM), not kenken's (TARGET OP:CELLS)"
                                                : "kenken cages (TARGET OP:CELLS), not " + name + "'s"));
    rules.push_back(std::move(*rule));
  }
  auto frame = frame_board(shape, variant, regions ? &map : nullptr);
  if (!frame) return Error(name + " " + frame.error().diagnostics.front().message);
  if (rules.empty()) return *frame;
  return with_rules(**frame, variant, std::move(rules));
}

Status put_token(Grid& grid, std::string_view key, std::string_view token) {
  if (std::vector<Field> have = fields(grid.board.get()); !have.empty()) {  // a combination's second key
    have.push_back({key, std::string(token)});
    std::vector<std::string_view> keys;
    for (const Field& f : have) keys.push_back(f.key);
    const Variant both = variant_of_keys(keys);
    if (both == Variant::kClassic)
      return Error(std::string(variant_name(grid.variant())) + " puzzle with " + std::string(key) +
                   " too: no variant carries both");
    auto board = board_from_fields(grid.shape, both, have);
    if (!board) return board.error();
    grid.board = *board;
    grid.shape = (*board)->shape;
    return Ok{};
  }
  auto board = board_from_token(grid.shape, key, token);
  if (!board) return board.error();
  grid.board = *board;
  grid.shape = (*board)->shape;  // kenken cages make the cells a Latin square's (Shape{1, n})
  return Ok{};
}

std::vector<std::string_view> csv_columns(const std::vector<Variant>& variants) {
  std::vector<std::string_view> out;
  for (std::string_view key : data_keys())
    if (std::any_of(variants.begin(), variants.end(), [&](Variant v) { return carries(v, key); })) out.push_back(key);
  return out;
}

std::vector<std::string_view> manifest_columns(const std::vector<Variant>& variants) {
  if (std::all_of(variants.begin(), variants.end(), [](Variant v) { return v == Variant::kClassic; })) return {};
  std::vector<std::string_view> out;
  for (std::string_view key : data_keys())
    if (key == kRegions || std::any_of(variants.begin(), variants.end(), [&](Variant v) { return carries(v, key); }))
      out.push_back(key);
  return out;
}

}  // namespace gp::codec
