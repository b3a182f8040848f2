#include "render/staging.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
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
constexpr std::string_view kJournalMagic = "gridpress staging journal 2\n";
constexpr std::size_t kJournalMax = 4 << 20;  // a journal names a run's files: never this large

// An earlier version of a file is kept under this name while the group is being renamed.
std::string kept_name(const std::string& staged) { return staged + ".old"; }

std::string parent_folder(const std::string& path) {
  const std::string dir = fs::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
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

// The PID and serial in a name made by a Staging ("[.].gp-stage-PID-K-..." or
// "[.].gp-journal-PID-K"); pid 0 when it is not one.
struct NameId {
  int pid = 0;
  long serial = -1;
};
NameId id_in(std::string_view name) {
  if (name.starts_with("..")) name.remove_prefix(1);  // an AtomicFile temporary of one of ours
  for (std::string_view prefix : {kStage, kJournal}) {
    if (!name.starts_with(prefix)) continue;
    name.remove_prefix(prefix.size());
    NameId id;
    std::size_t i = 0;
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9' && id.pid < 100000000; ++i)
      id.pid = id.pid * 10 + (name[i] - '0');
    if (i == 0 || i >= name.size() || name[i] != '-') return {};
    std::size_t j = ++i;
    long serial = 0;
    for (; j < name.size() && name[j] >= '0' && name[j] <= '9' && serial < 100000000; ++j) serial = serial * 10 + (name[j] - '0');
    if (j > i) id.serial = serial;
    return id;
  }
  return {};
}
int pid_in(std::string_view name) { return id_in(name).pid; }

bool alive(int pid) { return pid == ::getpid() || ::kill(pid, 0) == 0 || errno == EPERM; }

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A file name alone: no folder part, not "." or "..", no NUL.
bool plain_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
         name.find('\0') == std::string::npos;
}

// Reads a journal without following a link or blocking on a pipe: a regular file of this user,
// at most kJournalMax bytes. Error: why it is not read.
Result<std::string> read_journal_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return Error(std::string("cannot read it (") + std::strerror(errno) + ")");
  struct stat st {};
  std::string text;
  std::string problem;
  if (::fstat(fd, &st) != 0)
    problem = std::string("cannot read it (") + std::strerror(errno) + ")";
  else if (!S_ISREG(st.st_mode))
    problem = std::string("it is ") + file_kind(st.st_mode) + ", not a journal";
  else if (st.st_uid != ::getuid())
    problem = "it belongs to another user (uid " + std::to_string(st.st_uid) + ")";
  else if (static_cast<std::uint64_t>(st.st_size) > kJournalMax)
    problem = "it is larger than any journal gridpress writes";
  while (problem.empty()) {
    char buf[1 << 14];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) problem = std::string("cannot read it (") + std::strerror(errno) + ")";
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > kJournalMax) problem = "it is larger than any journal gridpress writes";
  }
  ::close(fd);
  if (!problem.empty()) return Error(problem);
  return text;
}

}  // namespace

namespace journal {

std::string encode(const Journal& j) {
  std::string out(kJournalMagic);
  auto field = [&](std::string_view f) {  // NUL-terminated: a file name may hold any other byte
    out += f;
    out += '\0';
  };
  field(std::to_string(j.uid));
  field(j.host);
  field(std::to_string(j.pid));
  field(std::to_string(j.serial));
  field(j.group);
  field(j.committed ? "committed" : "prepared");
  field(std::to_string(j.siblings.size()));
  for (const std::string& s : j.siblings) field(s);
  field(std::to_string(j.entries.size()));
  for (const Entry& e : j.entries) {
    field(e.had_earlier ? "1" : "0");
    field(e.target);
    field(e.staged);
    field(std::to_string(e.device));
    field(std::to_string(e.inode));
  }
  out += "sum " + hex64(fnv1a(out)) + "\n";
  return out;
}

Result<Journal> decode(const std::string& text) {
  if (!text.starts_with(kJournalMagic)) return Error("it does not start as a gridpress journal does");
  const std::size_t sum_at = text.rfind("sum ");
  if (sum_at == std::string::npos || sum_at < kJournalMagic.size() || text.size() != sum_at + 4 + 16 + 1 ||
      text.back() != '\n' || text.substr(sum_at + 4, 16) != hex64(fnv1a(std::string_view(text).substr(0, sum_at))))
    return Error("its checksum does not match (damaged, or not written by gridpress)");
  std::size_t i = kJournalMagic.size();
  bool bad = false;
  auto field = [&]() -> std::string {
    const auto end = text.find('\0', i);
    if (end == std::string::npos || end >= sum_at) {
      bad = true;
      return {};
    }
    std::string f = text.substr(i, end - i);
    i = end + 1;
    return f;
  };
  auto number = [&]() -> std::uint64_t {
    const std::string f = field();
    if (f.empty() || f.size() > 19 || f.find_first_not_of("0123456789") != std::string::npos) {
      bad = true;
      return 0;
    }
    return std::stoull(f);
  };
  Journal j;
  j.uid = number();
  j.host = field();
  j.pid = number();
  j.serial = number();
  j.group = field();
  const std::string state = field();
  j.committed = state == "committed";
  if (state != "committed" && state != "prepared") bad = true;
  const std::uint64_t siblings = bad ? 0 : number();
  for (std::uint64_t k = 0; k < siblings && !bad; ++k) j.siblings.push_back(field());
  const std::uint64_t entries = bad ? 0 : number();
  for (std::uint64_t k = 0; k < entries && !bad; ++k) {
    Entry e;
    const std::string flag = field();
    e.had_earlier = flag == "1";
    if (flag != "0" && flag != "1") bad = true;
    e.target = field();
    e.staged = field();
    e.device = number();
    e.inode = number();
    j.entries.push_back(std::move(e));
  }
  if (bad || i != sum_at) return Error("it is not laid out as a gridpress journal");
  return j;
}

}  // namespace journal

namespace {

using journal::Journal;

// The checks a journal found at `path` must pass before anything it names is touched: written by
// this user on this host by the process and Staging its name says, for its own folder, naming
// only files in that folder (plain names; staged names of that same Staging). Error: why not.
Result<Journal> trusted_journal(const std::string& path) {
  auto text = read_journal_file(path);
  if (!text) return text.error();
  auto j = journal::decode(*text);
  if (!j) return j.error();
  const NameId id = id_in(fs::path(path).filename().string());
  if (j->uid != ::getuid() || j->host != host_name())
    return Error("it was written by another user or on another machine (uid " + std::to_string(j->uid) +
                 ", host '" + j->host + "')");
  if (id.pid <= 0 || static_cast<std::uint64_t>(id.pid) != j->pid || id.serial < 0 ||
      static_cast<std::uint64_t>(id.serial) != j->serial)
    return Error("its name does not match the run that wrote it");
  const std::string prefix =
      std::string(kStage) + std::to_string(j->pid) + "-" + std::to_string(j->serial) + "-";
  for (const journal::Entry& e : j->entries) {
    if (!plain_name(e.target) || !plain_name(e.staged))
      return Error("it names a file outside its own folder ('" + (plain_name(e.target) ? e.staged : e.target) + "')");
    if (!e.staged.starts_with(prefix) || e.target.starts_with(kStage) || e.target.starts_with(kJournal))
      return Error("it names a file gridpress does not stage ('" + e.staged + "')");
  }
  for (const std::string& s : j->siblings)
    if (!s.starts_with("/") || !fs::path(s).filename().string().starts_with(kJournal))
      return Error("it names a journal that is not one ('" + s + "')");
  return j;
}

// The device and inode of `path` (not following a link); {0, 0} when there is none.
std::pair<std::uint64_t, std::uint64_t> identity(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return {0, 0};
  return {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

// Ends the commit that journal `j` (found in `folder`) describes, in that folder only: forward
// (the new files stay, the kept earlier versions go) or back (every final name gets its earlier
// version again, or no file). A final name is changed only while it still holds the very file the
// journal's run renamed there (same device and inode).
Status finish(const std::string& folder, const Journal& j, bool forward) {
  std::error_code ec;
  for (const journal::Entry& e : j.entries) {
    const std::string staged = (fs::path(folder) / e.staged).string();
    const std::string target = (fs::path(folder) / e.target).string();
    const std::string kept = kept_name(staged);
    if (fs::exists(fs::symlink_status(staged, ec))) {  // not renamed: the final name is untouched
      fs::remove(staged, ec);
      fs::remove(kept, ec);
      continue;
    }
    const bool ours = identity(target) == std::pair{e.device, e.inode};
    if (forward || !ours) {
      fs::remove(kept, ec);
      continue;
    }
    if (e.had_earlier) {
      if (!fs::exists(fs::symlink_status(kept, ec))) continue;  // put back already
      fs::rename(kept, target, ec);
    } else {
      fs::remove(target, ec);
    }
    if (ec) return Error(ErrorKind::io, "cannot restore '" + target + "' after an interrupted run: " + ec.message());
  }
  return Ok{};
}

}  // namespace

Staging::Staging() {
  static std::atomic<int> serial{0};
  serial_ = serial++;
  const std::string id = std::to_string(::getpid()) + "-" + std::to_string(serial_);
  prefix_ = std::string(kStage) + id + "-";
  journal_name_ = std::string(kJournal) + id;
}

Staging::~Staging() {
  std::error_code ec;
  for (const File& f : files_) {
    if (!committed_) fs::remove(f.staged, ec);
    fs::remove(kept_name(f.staged), ec);
  }
}

// Ends the interrupted commits of dead runs in `folder` (each journal, with the journals of the
// same commit in other folders: see staging.hpp), then removes the staged files and kept earlier
// versions dead runs left there.
Status Staging::recover(const std::string& folder) {
  if (!recovered_.insert(folder).second) return Ok{};
  return recover_folder(folder);
}

Status recover_folder(const std::string& folder) {
  std::vector<std::string> journals, leftovers, kept;
  if (DIR* d = ::opendir(folder.c_str())) {
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      const int pid = pid_in(name);
      if (pid == 0 || alive(pid)) continue;
      if (name.starts_with(kJournal))
        journals.push_back(name);
      else if (name.ends_with(".old"))
        kept.push_back(name);
      else
        leftovers.push_back(name);
    }
    ::closedir(d);
  }
  std::sort(journals.begin(), journals.end());
  std::error_code ec;
  for (const std::string& name : journals) {
    const std::string path = (fs::path(folder) / name).string();
    if (!fs::exists(fs::symlink_status(path, ec))) continue;  // ended with a sibling already
    auto j = trusted_journal(path);
    if (!j)
      return Error(ErrorKind::bad_input,
                   "refusing the journal '" + path + "' of an interrupted run: " + j.error().to_string() +
                       "; nothing it names was touched (remove it if no gridpress run was interrupted in '" +
                       folder + "')");
    // The commit's journals in other folders: only ones that pass the same checks and belong to
    // the same commit count; each is ended in its own folder.
    std::vector<std::pair<std::string, Journal>> group{{path, *j}};
    bool committed = j->committed;
    for (const std::string& s : j->siblings) {
      if (!fs::exists(fs::symlink_status(s, ec))) continue;
      auto sj = trusted_journal(s);
      if (!sj || sj->group != j->group || sj->pid != j->pid || sj->serial != j->serial) continue;
      committed = committed || sj->committed;
      group.emplace_back(s, std::move(*sj));
    }
    for (const auto& [jpath, jr] : group)
      if (Status st = finish(parent_folder(jpath), jr, committed); !st) return st;
    for (const auto& [jpath, jr] : group) fs::remove(jpath, ec);
  }
  for (const std::string& name : leftovers) fs::remove(fs::path(folder) / name, ec);
  // Kept versions whose journal has ended: a commit that had finished its renames.
  for (const std::string& name : kept) {
    const NameId id = id_in(name);
    const std::string journal_name =
        std::string(kJournal) + std::to_string(id.pid) + "-" + std::to_string(id.serial);
    if (!fs::exists(fs::symlink_status(fs::path(folder) / journal_name, ec))) fs::remove(fs::path(folder) / name, ec);
  }
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
  committed_ = true;
  if (files_.empty()) return Ok{};
  std::error_code ec;
  int step = 0;
  auto done_step = [&] {
    if (after_step) after_step(++step);
  };
  // The commit's identity, shared by its journals: no other commit has it.
  std::random_device rd;
  std::string group;
  for (int k = 0; k < 4; ++k) group += hex64((static_cast<std::uint64_t>(rd()) << 32) ^ rd()).substr(8);
  // One journal per folder, naming only that folder's files.
  std::vector<std::string> folders;
  for (File& f : files_) {
    f.had_earlier = fs::is_regular_file(f.target, ec);
    const std::string folder = parent_folder(f.target);
    if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
  }
  journals_.clear();
  for (const std::string& folder : folders)
    journals_.push_back(fs::absolute(fs::path(folder) / journal_name_, ec).lexically_normal().string());
  auto journal_of = [&](std::size_t k, bool committed) {
    Journal j;
    j.uid = ::getuid();
    j.host = host_name();
    j.pid = static_cast<std::uint64_t>(::getpid());
    j.serial = static_cast<std::uint64_t>(serial_);
    j.group = group;
    j.committed = committed;
    for (std::size_t o = 0; o < journals_.size(); ++o)
      if (o != k) j.siblings.push_back(journals_[o]);
    for (const File& f : files_) {
      if (parent_folder(f.target) != folders[k]) continue;
      const auto [dev, ino] = identity(f.staged);
      j.entries.push_back({f.had_earlier, fs::path(f.target).filename().string(),
                           fs::path(f.staged).filename().string(), dev, ino});
    }
    return journal::encode(j);
  };
  // 1. The journals: what to put back should the process die before step 4.
  for (std::size_t k = 0; k < journals_.size(); ++k) {
    if (Status st = write_file_atomically(journals_[k], journal_of(k, false)); !st)
      return undo(0, Error(ErrorKind::io, "cannot write '" + files_.front().final_path + "': " + st.error().to_string()));
    done_step();
  }
  // 2. Keep every earlier version beside its staged name.
  for (const File& f : files_) {
    if (!f.had_earlier) continue;
    const std::string old = kept_name(f.staged);
    fs::create_hard_link(f.target, old, ec);
    if (ec) fs::copy_file(f.target, old, fs::copy_options::overwrite_existing, ec);
    if (ec) return undo(0, Error(ErrorKind::io, "cannot keep '" + f.final_path + "' while replacing it: " + ec.message()));
    done_step();
  }
  // 3. The renames.
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const File& f = files_[i];
    fs::rename(f.staged, f.target, ec);
    if (ec) return undo(i, Error(ErrorKind::io, "cannot write '" + f.final_path + "': " + ec.message()));
    done_step();
  }
  // 4. The commit point: once any journal says "committed", a recovery keeps the new files.
  for (std::size_t k = 0; k < journals_.size(); ++k) {
    if (Status st = write_file_atomically(journals_[k], journal_of(k, true)); !st) {
      if (k == 0) return undo(files_.size(), Error(ErrorKind::io, "cannot write '" + files_.front().final_path + "': " + st.error().to_string()));
      break;  // the first is marked: a recovery keeps the new files
    }
    done_step();
  }
  // 5. Clean up: the kept versions, then the journals.
  for (const File& f : files_) {
    if (!f.had_earlier) continue;
    fs::remove(kept_name(f.staged), ec);
    done_step();
  }
  for (const std::string& j : journals_) {
    fs::remove(j, ec);
    done_step();
  }
  return Ok{};
}

// Puts back the first `renamed` files (the earlier version, or none), removes the kept versions
// and the journals, and returns `error`.
Status Staging::undo(std::size_t renamed, Error error) {
  std::error_code ec;
  for (std::size_t i = 0; i < renamed; ++i) {
    const File& f = files_[i];
    if (f.had_earlier)
      fs::rename(kept_name(f.staged), f.target, ec);
    else
      fs::remove(f.target, ec);
  }
  committed_ = false;
  for (const File& f : files_) fs::remove(kept_name(f.staged), ec);
  for (const std::string& j : journals_) fs::remove(j, ec);
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
