#include "render/staging.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>

#include "core/files.hpp"
#include "render/atomic_file.hpp"

namespace gp::render {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStage = ".gp-stage-";
constexpr std::string_view kJournal = ".gp-journal-";
constexpr std::string_view kJournalHeader = "gridpress staging journal 1\n";

// An earlier version of a file is kept under this name while the group is being renamed.
std::string kept_name(const std::string& staged) { return staged + ".old"; }

std::string parent_folder(const std::string& path) {
  const std::string dir = fs::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}


// Where a file written to `path` must go: `path` itself, or the file a symbolic link there
// names. Error: the message after "cannot write 'PATH': ".
Result<std::string> write_target(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return path;  // no file yet (or the folder will say why)
  std::string target = path;
  if (S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const fs::path resolved = fs::canonical(path, ec);
    if (ec) return Error("it is a symbolic link to a file that does not exist (" + ec.message() + ")");
    target = resolved.string();
    if (::stat(target.c_str(), &st) != 0) return Error(std::string("cannot follow the link (") + std::strerror(errno) + ")");
  }
  if (!S_ISREG(st.st_mode)) return Error(std::string("it is ") + file_kind(st.st_mode) + ", not a regular file");
  return target;
}

// The PID in a name made by a Staging ("[.].gp-stage-PID-..." or "[.].gp-journal-PID-..."), or 0.
int pid_in(std::string_view name) {
  if (name.starts_with("..")) name.remove_prefix(1);  // an AtomicFile temporary of one of ours
  for (std::string_view prefix : {kStage, kJournal}) {
    if (!name.starts_with(prefix)) continue;
    name.remove_prefix(prefix.size());
    int pid = 0;
    std::size_t i = 0;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9' && pid < 100000000; ++i) pid = pid * 10 + (name[i] - '0');
    return i > 0 && i < name.size() && name[i] == '-' ? pid : 0;
  }
  return 0;
}

bool alive(int pid) { return pid == ::getpid() || ::kill(pid, 0) == 0 || errno == EPERM; }

struct JournalEntry {
  bool had_earlier = false;
  std::string target, staged;
};

std::string journal_text(const std::vector<JournalEntry>& entries) {
  std::string out(kJournalHeader);
  for (const auto& e : entries) {  // NUL-separated: a file name may hold any other byte
    out += e.had_earlier ? '1' : '0';
    out += '\0' + e.target + '\0' + e.staged + '\0';
  }
  return out;
}

std::optional<std::vector<JournalEntry>> parse_journal(const std::string& text) {
  if (!text.starts_with(kJournalHeader)) return std::nullopt;
  std::vector<JournalEntry> out;
  std::size_t i = kJournalHeader.size();
  auto field = [&](std::string& f) {
    const auto end = text.find('\0', i);
    if (end == std::string::npos) return false;
    f = text.substr(i, end - i);
    i = end + 1;
    return true;
  };
  while (i < text.size()) {
    JournalEntry e;
    std::string flag;
    if (!field(flag) || !field(e.target) || !field(e.staged) || (flag != "0" && flag != "1")) return std::nullopt;
    e.had_earlier = flag == "1";
    out.push_back(std::move(e));
  }
  return out;
}

// Puts every file of an interrupted commit back as it was before it.
Status roll_back(const std::vector<JournalEntry>& entries) {
  std::error_code ec;
  for (const JournalEntry& e : entries) {
    const std::string kept = kept_name(e.staged);
    if (fs::exists(fs::symlink_status(e.staged, ec))) {  // not renamed: the final name is untouched
      fs::remove(e.staged, ec);
      fs::remove(kept, ec);
      continue;
    }
    if (e.had_earlier) {
      if (!fs::exists(fs::symlink_status(kept, ec))) continue;  // never replaced, or put back already
      fs::rename(kept, e.target, ec);
    } else {
      fs::remove(e.target, ec);
    }
    if (ec) return Error(ErrorKind::io, "cannot restore '" + e.target + "' after an interrupted run: " + ec.message());
  }
  return Ok{};
}

}  // namespace

Staging::Staging() {
  static std::atomic<int> serial{0};
  const std::string id = std::to_string(::getpid()) + "-" + std::to_string(serial++);
  prefix_ = std::string(kStage) + id + "-";
  journal_ = std::string(kJournal) + id;
}

Staging::~Staging() {
  std::error_code ec;
  for (const File& f : files_) {
    if (!committed_) fs::remove(f.staged, ec);
    fs::remove(kept_name(f.staged), ec);
  }
}

// Rolls back the journals of dead runs in `folder`, then removes the staged files dead runs left
// there. An earlier version kept aside by a dead run (".old") is only ever removed by rolling its
// journal back: the journal may be in another folder.
Status Staging::recover(const std::string& folder) {
  if (!recovered_.insert(folder).second) return Ok{};
  std::vector<std::string> journals, leftovers;
  if (DIR* d = ::opendir(folder.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      const int pid = pid_in(name);
      if (pid == 0 || alive(pid)) continue;
      if (name.starts_with(kJournal))
        journals.push_back(name);
      else if (!name.ends_with(".old"))
        leftovers.push_back(name);
    }
    ::closedir(d);
  }
  std::sort(journals.begin(), journals.end());
  for (const std::string& name : journals) {
    const std::string path = (fs::path(folder) / name).string();
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (auto entries = parse_journal(text.str())) {
      if (Status st = roll_back(*entries); !st) return st;
    }
    std::error_code ec;
    fs::remove(path, ec);
  }
  std::error_code ec;
  for (const std::string& name : leftovers) fs::remove(fs::path(folder) / name, ec);
  return Ok{};
}

Result<std::string> Staging::add(const std::string& final_path) {
  if (const auto it = index_.find(final_path); it != index_.end()) return files_[it->second].staged;
  const fs::path p(final_path);
  if (!p.has_filename()) return Error("cannot write '" + final_path + "': not a file name");
  auto target = write_target(final_path);
  if (!target) return Error("cannot write '" + final_path + "': " + target.error().to_string());
  if (Status st = recover(parent_folder(*target)); !st) return st.error();
  const fs::path t(*target);
  const std::string staged = (t.parent_path() / (prefix_ + t.filename().string())).string();
  const int fd = ::open(staged.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return Error(ErrorKind::io, "cannot write '" + final_path + "': " + std::strerror(errno));
  ::close(fd);
  index_.emplace(final_path, files_.size());
  files_.push_back({staged, final_path, *target, false});
  return staged;
}

Status Staging::commit() {
  if (files_.empty()) {
    committed_ = true;
    return Ok{};
  }
  std::error_code ec;
  // 1. The journal: what to put back should the process die before step 4.
  std::vector<JournalEntry> entries;
  for (File& f : files_) {
    f.had_earlier = fs::is_regular_file(f.target, ec);
    entries.push_back({f.had_earlier, fs::absolute(f.target, ec).string(), fs::absolute(f.staged, ec).string()});
  }
  journal_ = (fs::path(parent_folder(files_.front().target)) / journal_).string();
  if (Status st = write_file_atomically(journal_, journal_text(entries)); !st)
    return undo(0, Error(ErrorKind::io, "cannot write '" + files_.front().final_path + "': " + st.error().to_string()));
  // 2. Keep every earlier version beside its staged name.
  for (const File& f : files_) {
    if (!f.had_earlier) continue;
    const std::string old = kept_name(f.staged);
    fs::create_hard_link(f.target, old, ec);
    if (ec) fs::copy_file(f.target, old, fs::copy_options::overwrite_existing, ec);
    if (ec) return undo(0, Error(ErrorKind::io, "cannot keep '" + f.final_path + "' while replacing it: " + ec.message()));
  }
  // 3. The renames.
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const File& f = files_[i];
    fs::rename(f.staged, f.target, ec);
    if (ec) return undo(i, Error(ErrorKind::io, "cannot write '" + f.final_path + "': " + ec.message()));
    if (after_rename) after_rename(static_cast<int>(i) + 1);
  }
  // 4. Done: without the journal nothing will be rolled back.
  fs::remove(journal_, ec);
  committed_ = true;
  return Ok{};
}

// Puts back the first `renamed` files (the earlier version, or none), removes the journal and
// returns `error`.
Status Staging::undo(std::size_t renamed, Error error) {
  std::error_code ec;
  for (std::size_t i = 0; i < renamed; ++i) {
    const File& f = files_[i];
    if (f.had_earlier)
      fs::rename(kept_name(f.staged), f.target, ec);
    else
      fs::remove(f.target, ec);
  }
  fs::remove(journal_, ec);
  return error;
}

Error Staging::user_names(Error error) const {
  for (Diagnostic& d : error.diagnostics)
    for (const File& f : files_)
      for (std::size_t at; (at = d.message.find(f.staged)) != std::string::npos;)
        d.message.replace(at, f.staged.size(), f.final_path);
  return error;
}

Status check_output_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  std::vector<Diagnostic> problems;
  // Each file by its resolved absolute name, and, when it exists, by device and inode.
  std::map<std::string, const NamedPath*> by_name;
  std::map<std::pair<dev_t, ino_t>, const NamedPath*> by_inode;
  auto clash = [&](const NamedPath& p) -> const NamedPath* {
    std::error_code ec;
    const std::string name = fs::weakly_canonical(fs::absolute(p.path, ec), ec).string();
    const NamedPath* other = nullptr;
    if (auto [it, fresh] = by_name.emplace(name, &p); !fresh) other = it->second;
    struct stat st {};
    if (::stat(p.path.c_str(), &st) == 0)
      if (auto [it, fresh] = by_inode.emplace(std::pair{st.st_dev, st.st_ino}, &p); !fresh && other == nullptr)
        other = it->second;
    return other;
  };
  for (const NamedPath& in : inputs) clash(in);
  for (const NamedPath& out : outputs) {
    if (auto target = write_target(out.path); !target) {
      problems.push_back({{}, 0, 0, "cannot write '" + out.path + "': " + target.error().to_string()});
      continue;
    }
    const NamedPath* other = clash(out);
    if (other == nullptr) continue;
    const bool is_input =
        std::any_of(inputs.begin(), inputs.end(), [&](const NamedPath& in) { return &in == other; });
    if (is_input)
      problems.push_back({{}, 0, 0, "cannot write " + out.role + " to '" + out.path + "': it is " + other->role +
                                        " (writing there would replace it)"});
    else
      problems.push_back({{}, 0, 0, "cannot write " + out.role + " to '" + out.path + "': " + other->role +
                                        " goes there too ('" + other->path + "')"});
  }
  if (problems.empty()) return Ok{};
  return Error(std::move(problems));
}

}  // namespace gp::render
