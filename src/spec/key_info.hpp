// The spec schema (schema.hpp, internal to src/spec) as plain data for code outside src/spec: the
// studio (src/studio) builds its form from it. One entry per key, with the same type, default and
// note the key tables of docs/spec.md show.
#pragma once

#include <string>
#include <vector>

namespace gp::spec {

struct KeyInfo {
  std::string table;    // the mapping: "top", "page", "theme", "section", "answers", "front_matter",
                        // "output", "print", "cover", "newspaper", "worksheet" (key_table's names)
  std::string name;     // the key in that mapping ("count", "margins.top")
  std::string kind;     // "text", "bool", "whole", "number", "points", "length", "choice",
                        // "template", "mapping" or "custom" (read by its own function)
  double lo = 0, hi = 0;              // whole, number, points: the allowed range
  std::vector<std::string> choices;   // choice: the allowed values
  std::string type;     // the docs table's "Type" column, as text
  std::string default_value;  // the docs table's "Default" column ("" = none)
  std::string notes;    // the docs table's "Notes" column
};

// Every documented key of every table above, in the order of docs/spec.md.
std::vector<KeyInfo> key_infos();

}  // namespace gp::spec
