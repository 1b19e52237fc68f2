#include "ingest/commit_dates.h"

#include <ctime>
#include <memory>
#include <string_view>

#include "ingest/git_library.h"

namespace anth::ingest {

namespace fs = std::filesystem;

namespace {

// libgit2's objects, freed by their own functions.
template <class T>
using Owned = std::unique_ptr<T, void (*)(T*)>;
using Repository = Owned<git_repository>;
using Walk = Owned<git_revwalk>;
using Commit = Owned<git_commit>;
using Tree = Owned<git_tree>;
using Diff = Owned<git_diff>;

std::string last_error(const GitLibrary& git) {
  const git_error* e = git.git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

std::string utc_day(git_time_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char day[16];
  std::strftime(day, sizeof day, "%Y-%m-%d", &tm);
  return day;
}

// The repository whose work tree is exactly `root`, or null; libgit2 is loaded only when `root` has a
// .git of its own.
Repository open_at(const GitLibrary*& git, const fs::path& root, std::string& problem) {
  Repository none(nullptr, [](git_repository*) {});
  std::error_code ec;
  if (!fs::exists(root / ".git", ec)) return none;
  if (!(git = git_library(problem))) return none;
  git_repository* raw = nullptr;
  if (git->git_repository_open_ext(&raw, root.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
    problem = last_error(*git);
    return none;
  }
  Repository repo(raw, git->git_repository_free);
  const char* work = git->git_repository_workdir(repo.get());
  if (!work || fs::weakly_canonical(work, ec) != fs::weakly_canonical(root, ec)) return none;
  return repo;
}

// The tree of commit c's first parent, or null for a root commit.
Tree parent_tree(const GitLibrary& git, git_commit* c) {
  Tree none(nullptr, git.git_tree_free);
  if (git.git_commit_parentcount(c) == 0) return none;
  git_commit* parent = nullptr;
  if (git.git_commit_parent(&parent, c, 0) != 0) return none;
  Commit owned(parent, git.git_commit_free);
  git_tree* tree = nullptr;
  git.git_commit_tree(&tree, parent);
  return Tree(tree, git.git_tree_free);
}

}  // namespace

CommitDates last_commit_dates(const fs::path& root, const std::vector<std::string>& paths) {
  CommitDates out;
  const GitLibrary* lib = nullptr;
  Repository repo = open_at(lib, root, out.problem);
  if (!repo) return out;
  const GitLibrary& git = *lib;
  git_revwalk* raw_walk = nullptr;
  if (git.git_revwalk_new(&raw_walk, repo.get()) != 0) return out.problem = last_error(git), out;
  Walk walk(raw_walk, git.git_revwalk_free);
  git.git_revwalk_sorting(walk.get(), GIT_SORT_TIME);
  git.git_revwalk_simplify_first_parent(walk.get());
  if (git.git_revwalk_push_head(walk.get()) != 0) return out;  // no commit yet
  std::unordered_map<std::string_view, bool> wanted;
  for (const std::string& p : paths) wanted.emplace(p, false);
  std::size_t remaining = wanted.size();
  git_oid oid;
  while (remaining > 0 && git.git_revwalk_next(&oid, walk.get()) == 0) {
    git_commit* raw_commit = nullptr;
    git_tree* raw_tree = nullptr;
    if (git.git_commit_lookup(&raw_commit, repo.get(), &oid) != 0) break;
    Commit commit(raw_commit, git.git_commit_free);
    if (git.git_commit_tree(&raw_tree, commit.get()) != 0) break;
    Tree tree(raw_tree, git.git_tree_free);
    Tree before = parent_tree(git, commit.get());
    git_diff* raw_diff = nullptr;
    if (git.git_diff_tree_to_tree(&raw_diff, repo.get(), before.get(), tree.get(), nullptr) != 0) break;
    Diff diff(raw_diff, git.git_diff_free);
    ++out.commits;
    const std::string day = utc_day(git.git_commit_time(commit.get()));
    for (std::size_t i = 0, n = git.git_diff_num_deltas(diff.get()); i < n; ++i) {
      const git_diff_delta* d = git.git_diff_get_delta(diff.get(), i);
      auto it = wanted.find(d->new_file.path ? std::string_view(d->new_file.path) : std::string_view());
      if (it == wanted.end() || it->second) continue;
      it->second = true;
      --remaining;
      out.by_path.emplace(std::string(it->first), day);
    }
  }
  return out;
}

std::string history_head(const fs::path& root) {
  std::string problem;
  const GitLibrary* git = nullptr;
  Repository repo = open_at(git, root, problem);
  git_oid oid;
  if (!repo || git->git_reference_name_to_id(&oid, repo.get(), "HEAD") != 0) return "";
  char hex[GIT_OID_HEXSZ + 1];
  git->git_oid_tostr(hex, sizeof hex, &oid);
  return hex;
}

void apply_commit_dates(Corpus& corpus, const fs::path& root) {
  std::vector<std::string> paths;
  paths.reserve(corpus.notes.size());
  for (const Note& n : corpus.notes) paths.push_back(n.path);
  CommitDates dates = last_commit_dates(root, paths);
  for (Note& n : corpus.notes)
    if (auto it = dates.by_path.find(n.path); it != dates.by_path.end()) n.committed = it->second;
}

}  // namespace anth::ingest
