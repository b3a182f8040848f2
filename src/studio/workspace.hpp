// Internal to src/studio: what the studio's requests do with a spec, without HTTP (server.cpp
// wraps it). Loading a spec confined to FOLDER, its diagnostics as JSON, previews (pages rendered
// to SVG in memory, the generated puzzles kept for the next preview), builds, saving and zips.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/puzzle_store.hpp"
#include "core/result.hpp"
#include "spec/book_spec.hpp"

namespace gp::studio {

using nlohmann::json;

// A spec text loaded as FOLDER/name: the spec, or its problems (the loader's, then any file it
// names outside FOLDER and the templates).
struct Loaded {
  std::optional<spec::BookSpec> spec;
  std::vector<Diagnostic> problems;
};

class Workspace {
 public:
  // `folder`: FOLDER, made absolute and canonical; `templates`: the installed templates folder
  // (profiles and images may come from it).
  Workspace(std::string folder, std::string templates, int jobs);

  const std::string& folder() const { return folder_; }

  // A spec file name the studio accepts: a plain name (no folder) ending in .yaml or .yml.
  static bool good_spec_name(const std::string& name);
  // The path of `relative` inside FOLDER, or nullopt when it is outside (also through a symbolic
  // link), absolute, or empty.
  std::optional<std::string> inside(const std::string& relative) const;
  // `path` relative to FOLDER ("out/book.pdf"); the path itself when it is outside.
  std::string relative(const std::string& path) const;

  Loaded load(const std::string& name, std::string_view yaml) const;

  // {"ok", "diagnostics": [{"file","line","column","key","message","text"}], "summary", "form"}.
  json diagnostics_json(const std::string& name, const std::vector<Diagnostic>& problems) const;
  json check(const std::string& name, std::string_view yaml) const;

  // Pages first..first+count-1 (1-based, the book's pages then a separate answer document's) as
  // SVG: {"ok":true, "pages":[{"number","svg"}], "total_pages", "generated", "reused", "ms"}; or
  // the diagnostics ({"ok":false, ...}); or {"ok":false, "cancelled":true} when `ticket` stopped
  // being the latest preview. One preview runs at a time.
  json preview(const std::string& name, std::string_view yaml, int first, int count, std::uint64_t ticket);
  // A new preview ticket: every older preview stops at its next page or section.
  std::uint64_t next_ticket() { return ++latest_; }
  void cancel_previews() { ++latest_; }

  // Writes the spec text to FOLDER/name atomically.
  Status save(const std::string& name, std::string_view yaml) const;

  // A stored (uncompressed) zip of `files` (absolute paths inside FOLDER), named in the archive by
  // their paths relative to `base`, written atomically to `zip_path`.
  static Status write_zip(const std::string& zip_path, const std::vector<std::string>& files, const std::string& base);

 private:
  // One section of the last preview's puzzles, kept while the inputs that made it are unchanged.
  struct Made {
    std::string key;                           // generation inputs of this section and all before it
    PuzzleStore puzzles;
    std::unordered_set<std::string> seen;      // canonical forms of this and the earlier sections
  };
  // The pages, {"ok":false,"cancelled":true}, or the problems found.
  Result<json> preview_book(const spec::BookSpec& spec, int first, int count, std::uint64_t ticket);
  Result<json> preview_newspaper(const spec::BookSpec& spec, int first, int count, std::uint64_t ticket);
  bool stale(std::uint64_t ticket) const { return latest_.load() != ticket; }

  std::string folder_;
  std::string templates_;
  int jobs_;
  std::atomic<std::uint64_t> latest_{0};
  std::mutex preview_mu_;  // one preview at a time; guards made_
  std::vector<Made> made_;
};

}  // namespace gp::studio
