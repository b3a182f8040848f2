#include "render/manifest.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "render/atomic_file.hpp"

namespace gp::render {
namespace {

std::string one_decimal(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string manifest_json(const ManifestInfo& info, const std::vector<ManifestEntry>& entries) {
  nlohmann::ordered_json doc;
  doc["title"] = info.title;
  doc["book"] = info.book_file;
  doc["files"] = info.files;
  doc["seed"] = info.seed;
  doc["pages"] = info.pages;
  doc["generator"] = info.generator;
  nlohmann::ordered_json puzzles = nlohmann::ordered_json::array();
  for (const ManifestEntry& e : entries) {
    nlohmann::ordered_json p;
    p["section"] = e.section;
    p["section_index"] = e.section_index;
    p["number"] = e.number;
    p["page"] = e.page;
    p["answer_page"] = e.answer_page;
    p["answer_file"] = e.answer_file;
    p["grid"] = e.grid;
    p["givens"] = e.givens;
    p["solution"] = e.solution;
    p["clues"] = e.clues;
    p["symmetry"] = e.symmetry;
    p["seed"] = e.seed;
    if (e.rating >= 0) {
      // One decimal, as the SE scale is quoted; parsed back so JSON holds a number.
      p["rating"] = std::stod(one_decimal(e.rating));
      p["label"] = e.label;
      p["hardest"] = e.hardest;
    } else {
      p["rating"] = nullptr;
      p["label"] = nullptr;
      p["hardest"] = nullptr;
    }
    puzzles.push_back(std::move(p));
  }
  doc["puzzles"] = std::move(puzzles);
  return doc.dump(2) + "\n";
}

std::string manifest_csv(const std::vector<ManifestEntry>& entries) {
  std::string out = "section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest\n";
  for (const ManifestEntry& e : entries) {
    out += csv_field(e.section) + ',' + std::to_string(e.number) + ',' + std::to_string(e.page) + ',' +
           std::to_string(e.answer_page) + ',' + csv_field(e.grid) + ',' + e.givens + ',' + e.solution + ',' +
           std::to_string(e.clues) + ',' + csv_field(e.symmetry) + ',' + std::to_string(e.seed) + ',' +
           (e.rating >= 0 ? one_decimal(e.rating) : "") + ',' + csv_field(e.label) + ',' + csv_field(e.hardest) +
           '\n';
  }
  return out;
}

Status write_manifest(const std::string& stem, const ManifestInfo& info,
                      const std::vector<ManifestEntry>& entries) {
  if (Status s = write_file_atomically(stem + ".json", manifest_json(info, entries)); !s) return s;
  return write_file_atomically(stem + ".csv", manifest_csv(entries));
}

}  // namespace gp::render
