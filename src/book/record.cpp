#include "book/record.hpp"

namespace gp::book {

CatalogueRun::CatalogueRun(CatalogueRun&& o) noexcept
    : catalogue_(std::move(o.catalogue_)), run_(std::exchange(o.run_, std::nullopt)) {
  o.catalogue_.reset();
}

CatalogueRun::~CatalogueRun() {
  if (catalogue_ && run_) catalogue_->abandon(*run_);
}

Result<CatalogueRun> CatalogueRun::open(const std::string& path) {
  CatalogueRun run;
  if (path.empty()) return run;
  // A dead run's interrupted file commit is ended here too, in whichever folder it wrote.
  auto cat = catalogue::Catalogue::open(path, catalogue::Access::write, render::recover_folder);
  if (!cat) return cat.error();
  run.catalogue_.emplace(std::move(*cat));
  return run;
}

std::vector<std::string> CatalogueRun::repairs() const {
  std::vector<std::string> out;
  if (catalogue_)
    for (const std::string& r : catalogue_->repairs()) out.push_back(catalogue_->path() + ": " + r);
  return out;
}

Status CatalogueRun::check_outputs(const std::vector<std::string>& outputs, bool force, const std::string& option,
                                   std::vector<std::string>* replaced) const {
  if (!catalogue_) return Ok{};
  std::vector<Diagnostic> problems;
  for (const std::string& path : outputs) {
    auto found = catalogue_->published_file(path);
    if (!found) return found.error();
    if (const auto& f = *found) {
      if (force) {
        if (replaced) replaced->push_back(path);
        continue;
      }
      problems.push_back({catalogue_->path(), 0, 0,
                          "'" + path + "' was published in '" + f->title + "' (" + f->kind + ", recorded " +
                              f->recorded + "); give " + option +
                              " to replace it (its puzzles stay in the catalogue)"});
    }
  }
  if (problems.empty()) return Ok{};
  return Error(std::move(problems));
}

std::function<bool(const std::string&)> CatalogueRun::excluded() const {
  if (!catalogue_) return {};
  const catalogue::Catalogue* cat = &*catalogue_;
  return [cat](const std::string& canonical) { return cat->taken(canonical); };
}

Result<bool> CatalogueRun::reserve(const catalogue::RunInfo& run,
                                   const std::vector<catalogue::Entry>& entries) {
  if (!catalogue_) return true;
  // A lookup that failed while generating may have let a published puzzle through.
  if (Status st = catalogue_->lookups(); !st) return st.error();
  std::vector<std::string> conflicts;
  auto id = catalogue_->reserve(run, entries, &conflicts);
  if (id) {
    run_ = *id;
    return true;
  }
  if (!conflicts.empty()) return false;
  return id.error();
}

Status CatalogueRun::attach(render::Staging& staging, const std::vector<std::string>& outputs,
                            const std::vector<std::string>& manifests) {
  if (!catalogue_ || !run_) return Ok{};
  std::vector<catalogue::Catalogue::RunFile> files;
  for (const auto* list : {&outputs, &manifests})
    for (const std::string& path : *list) {
      auto staged = staging.add(path);  // added before: the same staged name
      if (!staged) return staged.error();
      files.push_back({path, *staged, list == &manifests});
    }
  return catalogue_->attach_files(*run_, files);
}

Status CatalogueRun::publish() {
  if (!catalogue_ || !run_) return Ok{};
  Status st = catalogue_->publish(*run_);
  run_.reset();  // published, or left pending for the repair: never abandoned after the commit
  return st;
}

}  // namespace gp::book
