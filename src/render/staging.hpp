// A group of files that replace their earlier versions together or not at all: a book with its
// answers, cover and manifest; a newspaper run's puzzle and solution files. Each file is first
// written, by whatever writer makes it, under a hidden staged name in its final folder; commit()
// then renames them all into place. If any rename fails, the files renamed so far are put back as
// they were. Staged files that were not committed are removed on destruction, so a run that fails
// at any point leaves every earlier file untouched.
//
// A run killed during commit() (kill -9, a crash) leaves a journal, ".gp-journal-PID-K" in the
// folder of the first file added, naming every file of the group. The next Staging that adds a
// file in that folder rolls the group back: every final name gets its earlier version again (or
// no file, if there was none), as if the killed run had never started. It also removes the staged
// files that dead runs left in the folders it adds files to.
//
//   render::Staging staging;
//   auto staged = staging.add("out/book.pdf");   // write the book to *staged
//   ...
//   if (Status st = staging.commit(); !st) ...   // "cannot write 'out/book.pdf': Is a directory"
//
// Symbolic links are written through: a final name that is a link to a regular file keeps the
// link, and the file it points to is replaced (staged in that file's folder). A final name that
// exists and is not a regular file (a folder, a device, a FIFO, a socket) is refused by add().
//
// Staging only moves files: a writer that keeps its own temporaries (AtomicFile, the Cairo
// canvases) is pointed at the staged name and finishes there. Not thread-safe; neither copyable
// nor movable (writers hold the staged names).
#pragma once

#include <functional>
#include <set>
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
  // "DIR/NAME" (PID: this process; K: this Staging object among the process's; DIR: the folder of
  // the file a symbolic link at `final_path` points to). The staged file is created, empty, at
  // once, so a folder that is missing or cannot be written is reported here by the final name:
  // "cannot write 'FINAL': REASON"; so is a final name that is not a regular file ("cannot write
  // 'FINAL': it is a character device, not a regular file"). Before that, the first add() in a
  // folder recovers what dead runs left there (see above; "cannot restore 'FILE' after an
  // interrupted run: REASON"). Adding a path again returns the same name. Two final paths that
  // differ only in their extension get staged names that differ only in their extension (a writer
  // deriving NAME.csv from NAME.json may be given the staged NAME.json).
  // Requires: commit() has not been called.
  Result<std::string> add(const std::string& final_path);

  // Renames every staged file to its final name, in the order added. The journal is written
  // first, then each file already at a final name is kept (hard-linked, or copied, beside its
  // staged name) until every rename has succeeded; removing the journal completes the commit.
  // Errors ("cannot write 'FINAL': REASON", e.g. a folder of that name; "cannot keep 'FINAL'
  // while replacing it: REASON"): the files renamed so far are put back as they were (the
  // earlier version, or no file), so no final name has changed. Call once.
  Status commit();

  // `error` with every staged name in its messages replaced by the final name the user gave: what
  // a writer pointed at a staged name reports is shown by the file the user knows.
  Error user_names(Error error) const;

  // For tests: called after each rename of commit() with the number done so far (a test may end
  // the process there to leave an interrupted commit behind).
  std::function<void(int)> after_rename;

 private:
  struct File {
    std::string staged, final_path;  // final_path: as the user gave it
    std::string target;              // where the file goes: final_path, or the file its link names
    bool had_earlier = false;        // commit(): an earlier version is kept under kept_name
  };
  Status undo(std::size_t renamed, Error error);
  Status recover(const std::string& folder);

  std::string prefix_;   // ".gp-stage-PID-K-"
  std::string journal_;  // ".gp-journal-PID-K" in the first file's folder, while commit() runs
  std::vector<File> files_;
  std::unordered_map<std::string, std::size_t> index_;  // final path -> files_ index
  std::set<std::string> recovered_;                     // folders already cleaned
  bool committed_ = false;
};

// One file of a run, for check_output_paths: its path and what it is ("the book", "the spec").
struct NamedPath {
  std::string path;
  std::string role;
};

// Refuses a group of outputs that would destroy a file the user has, before anything is made:
// two outputs that are the same file ("'out/b.json' is both the book and its JSON manifest"), an
// output that is one of the run's inputs ("'book.yaml' is both the spec and the book: writing
// the book would replace the spec"), and an output that exists and is not a regular file (or a
// link to one): "cannot write '/dev/null': it is a character device, not a regular file". Paths
// are compared as the files they name (links and ".." resolved; hard links by device and inode).
Status check_output_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

}  // namespace gp::render
