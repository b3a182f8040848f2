// A group of files that replace their earlier versions together or not at all: a book with its
// answers, cover and manifest; a newspaper run's puzzle and solution files. Each file is first
// written, by whatever writer makes it, under a hidden staged name in its final folder; commit()
// then renames them all into place. If any rename fails, the files renamed so far are put back as
// they were. Staged files that were not committed are removed on destruction, so a run that fails
// at any point leaves every earlier file untouched.
//
// A run killed during commit() (kill -9, a crash) leaves a journal, ".gp-journal-PID-K", in each
// folder the group writes into. A journal names only files of its own folder (plain names, no
// folder part) and carries its own checks: a magic line, the writer (user id, host name, process
// id and Staging serial, which its name repeats), the commit's random identity, its state
// ("prepared" until every rename is done, then "committed") and an FNV-1a checksum of the rest.
// The next Staging that adds a file in a folder ends the commits dead runs left there: when any
// journal of that commit (this folder's, and the other folders' journals it lists, which must pass
// the same checks and carry the same identity) says "committed", the new files stay and the kept
// earlier versions go; otherwise every final name gets its earlier version again (or no file), as
// if the killed run had never started. Each journal is applied in its own folder only, and a final
// name is changed only while it still holds the file the dead run renamed there (same inode). A
// journal that fails a check (written by another user or host, damaged, naming a file outside its
// folder, not a regular file) is refused: add() fails with "refusing the journal 'PATH' of an
// interrupted run: REASON; nothing it names was touched ..." and nothing is changed. The staged
// files and kept versions that dead runs left in the folder are removed too.
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

#include <cstdint>
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

  // Renames every staged file to its final name, in the order added: (1) the journals are written
  // ("prepared"), (2) each file already at a final name is kept (hard-linked, or copied, beside its
  // staged name), (3) the renames, (4) the journals are marked "committed" (the commit point),
  // (5) the kept versions and then the journals are removed. A kill at any point leaves the old
  // group or the new one once the next Staging in any of its folders has recovered it.
  // Errors ("cannot write 'FINAL': REASON", e.g. a folder of that name; "cannot keep 'FINAL'
  // while replacing it: REASON"): the files renamed so far are put back as they were (the
  // earlier version, or no file), so no final name has changed. Call once.
  Status commit();

  // `error` with every staged name in its messages replaced by the final name the user gave: what
  // a writer pointed at a staged name reports is shown by the file the user knows.
  Error user_names(Error error) const;

  // For tests: called after each step of commit() (each journal written, earlier version kept,
  // rename, journal marked, kept version or journal removed) with the number of steps done so
  // far; a test may end the process there to leave an interrupted commit behind.
  std::function<void(int)> after_step;

 private:
  struct File {
    std::string staged, final_path;  // final_path: as the user gave it
    std::string target;              // where the file goes: final_path, or the file its link names
    bool had_earlier = false;        // commit(): an earlier version is kept under kept_name
  };
  Status undo(std::size_t renamed, Error error);
  Status recover(const std::string& folder);

  int serial_ = 0;             // K
  std::string prefix_;         // ".gp-stage-PID-K-"
  std::string journal_name_;   // ".gp-journal-PID-K"
  std::vector<std::string> journals_;  // while commit() runs: one per folder, absolute
  std::vector<File> files_;
  std::unordered_map<std::string, std::size_t> index_;  // final path -> files_ index
  std::set<std::string> recovered_;                     // folders already cleaned
  bool committed_ = false;
};

// The journal format, for tests and the catalogue's repair.
namespace journal {
struct Entry {
  bool had_earlier = false;
  std::string target, staged;            // plain file names in the journal's folder
  std::uint64_t device = 0, inode = 0;  // of the staged file: what the rename puts at `target`
};
struct Journal {
  std::uint64_t uid = 0, pid = 0, serial = 0;
  std::string host, group;
  bool committed = false;
  std::vector<std::string> siblings;  // absolute paths of the commit's journals in other folders
  std::vector<Entry> entries;
};
std::string encode(const Journal& j);
// Error: why the bytes are not a journal ("its checksum does not match ...").
Result<Journal> decode(const std::string& text);
}  // namespace journal

// What the first add() in a folder does: ends the commits dead runs left interrupted there (and
// their journals in other folders), removes their staged files. Errors: a refused journal, a file
// that cannot be put back. For the catalogue's repair, which knows the folders of a dead run.
Status recover_folder(const std::string& folder);

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
