// A group of files that replace their earlier versions together or not at all: a book with its
// answers, cover and manifest; a newspaper run's puzzle and solution files. Each file is first
// written, by whatever writer makes it, under a hidden staged name in its final folder; commit()
// then renames them all into place. If any rename fails, the files renamed so far are put back as
// they were. Staged files that were not committed are removed on destruction, so a run that fails
// at any point leaves every earlier file untouched.
//
//   render::Staging staging;
//   auto staged = staging.add("out/book.pdf");   // write the book to *staged
//   ...
//   if (Status st = staging.commit(); !st) ...   // "cannot write 'out/book.pdf': Is a directory"
//
// Staging only moves files: a writer that keeps its own temporaries (AtomicFile, the Cairo
// canvases) is pointed at the staged name and finishes there. Not thread-safe; neither copyable
// nor movable (writers hold the staged names).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "core/result.hpp"

namespace gp::render {

class Staging {
 public:
  Staging();
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  // Removes every staged file not committed, and the earlier versions kept during commit().
  ~Staging();

  // Registers `final_path` and returns the name to write it under: "DIR/.gp-stage-PID-K-NAME" for
  // "DIR/NAME" (PID: this process; K: this Staging object among the process's). The staged file is
  // created, empty, at once, so a folder that is missing or cannot be written is reported here by
  // the final name: "cannot write 'FINAL': REASON". Adding a path again returns the same name.
  // Two final paths that differ only in their extension get staged names that differ only in their
  // extension (a writer deriving NAME.csv from NAME.json may be given the staged NAME.json).
  // Requires: commit() has not been called.
  Result<std::string> add(const std::string& final_path);

  // Renames every staged file to its final name, in the order added. A file already at a final
  // name is kept (hard-linked, or copied, beside its staged name) until every rename has
  // succeeded. Errors ("cannot write 'FINAL': REASON", e.g. a folder of that name;
  // "cannot keep 'FINAL' while replacing it: REASON"): the files renamed so far are put back as
  // they were (the earlier version, or no file), so no final name has changed. Call once.
  Status commit();

 private:
  struct File {
    std::string staged, final_path;
  };
  Status undo(std::size_t failed, Error error);

  std::string prefix_;  // ".gp-stage-PID-K-"
  std::vector<File> files_;
  std::unordered_map<std::string, std::size_t> index_;  // final path -> files_ index
  bool committed_ = false;
};

}  // namespace gp::render
