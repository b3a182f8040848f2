#include "render/manifest.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "codec/board_codec.hpp"
#include "core/codec.hpp"
#include "core/text.hpp"
#include "render/atomic_file.hpp"

namespace gp::render {
namespace {

nlohmann::ordered_json entry_json(const ManifestEntry& e) {
  nlohmann::ordered_json p;
  p["section"] = e.section;
  p["section_index"] = e.section_index;
  if (!e.pupil.empty()) p["pupil"] = e.pupil;
  if (!e.file.empty()) p["file"] = e.file;
  p["number"] = e.number;
  p["page"] = e.page;
  p["answer_page"] = e.answer_page;
  p["answer_file"] = e.answer_file;
  p["grid"] = e.grid;
  p["givens"] = e.givens;
  p["solution"] = e.solution;
  p["clues"] = e.clues;
  p["symmetry"] = e.symmetry;
  if (e.variant != "classic") p["variant"] = e.variant;
  codec::put_json(p, e.board.get());
  p["seed"] = e.seed;
  if (e.rating >= 0) {
    // One decimal, as the SE scale is quoted; parsed back so JSON holds a number.
    p["rating"] = rounded_rating(e.rating);
    p["label"] = e.label;
    p["hardest"] = e.hardest;
  } else {
    p["rating"] = nullptr;
    p["label"] = nullptr;
    p["hardest"] = nullptr;
  }
  return p;
}

std::string csv_header(const std::vector<std::string_view>& columns) {
  std::string out = "section,number,page,answer_page,grid,givens,solution,clues,symmetry,seed,rating,label,hardest";
  if (!columns.empty()) out += ",variant";
  for (std::string_view key : columns) out += "," + std::string(key);
  return out + "\n";
}

std::string csv_row(const ManifestEntry& e, const std::vector<std::string_view>& columns) {
  CsvRow row;
  row.add(e.section).add(e.number).add(e.page).add(e.answer_page).add(e.grid).add(e.givens).add(e.solution);
  row.add(e.clues).add(e.symmetry).add(e.seed).add(e.rating >= 0 ? one_decimal(e.rating) : "").add(e.label);
  row.add(e.hardest);
  if (!columns.empty()) row.add(e.variant);
  for (std::string_view key : columns) row.add(codec::token(e.board.get(), key));
  return row.line();
}

// The JSON document written piece by piece, laid out exactly as nlohmann's dump(2) of the whole.
template <class Out>
void stream_json(const ManifestInfo& info, int count, const ManifestSource& entry_at, Out&& out) {
  nlohmann::ordered_json head;
  head["title"] = info.title;
  head["book"] = info.book_file;
  head["files"] = info.files;
  head["seed"] = info.seed;
  head["pages"] = info.pages;
  head["generator"] = info.generator;
  std::string text = head.dump(2);
  text.resize(text.size() - 2);  // drop "\n}"
  text += ",\n  \"puzzles\": [";
  out(text);
  for (int i = 0; i < count; ++i) {
    std::string item = entry_json(entry_at(i)).dump(2);
    std::string indented = i == 0 ? "\n    " : ",\n    ";
    for (char c : item) {
      indented += c;
      if (c == '\n') indented += "    ";
    }
    out(indented);
  }
  out(count == 0 ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace

std::string manifest_json(const ManifestInfo& info, const std::vector<ManifestEntry>& entries) {
  std::string text;
  stream_json(info, static_cast<int>(entries.size()), [&](int i) { return entries[static_cast<size_t>(i)]; },
              [&](std::string_view piece) { text += piece; });
  return text;
}

std::string manifest_csv(const std::vector<ManifestEntry>& entries, const std::vector<std::string_view>& data_columns) {
  std::string out = csv_header(data_columns);
  for (const ManifestEntry& e : entries) out += csv_row(e, data_columns);
  return out;
}

Status write_manifest(const std::string& stem, const ManifestInfo& info,
                      const std::vector<ManifestEntry>& entries) {
  return write_manifest(stem, info, static_cast<int>(entries.size()),
                        [&](int i) { return entries[static_cast<size_t>(i)]; });
}

Status write_manifest(const std::string& stem, const ManifestInfo& info, int count,
                      const ManifestSource& entry_at) {
  auto json = AtomicFile::create(stem + ".json");
  if (!json) return json.error();
  auto csv = AtomicFile::create(stem + ".csv");
  if (!csv) return csv.error();
  stream_json(info, count, entry_at, [&](std::string_view piece) { json->write(piece); });
  csv->write(csv_header(info.data_columns));
  for (int i = 0; i < count; ++i) csv->write(csv_row(entry_at(i), info.data_columns));
  if (Status s = json->commit(); !s) return s;
  return csv->commit();
}

}  // namespace gp::render
