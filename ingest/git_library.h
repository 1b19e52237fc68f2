#pragma once
// libgit2, loaded when a corpus is a git repository and not before. Linking it would make every
// command load it and the thirteen libraries it needs (TLS, SSH, Kerberos) at start-up, for the one
// question it answers: each note's last commit day (ingest/commit_dates.h). Only the functions named
// below are looked up.
#include <git2.h>

#include <string>

namespace anth::ingest {

#define ANTH_GIT_FUNCTIONS(X)                                                                          \
  X(git_libgit2_init) X(git_error_last) X(git_repository_open_ext) X(git_repository_workdir)          \
  X(git_repository_free) X(git_revwalk_new) X(git_revwalk_free) X(git_revwalk_sorting)                \
  X(git_revwalk_simplify_first_parent) X(git_revwalk_push_head) X(git_revwalk_next)                   \
  X(git_commit_lookup) X(git_commit_free) X(git_commit_tree) X(git_commit_parentcount)                \
  X(git_commit_parent) X(git_commit_time) X(git_tree_free) X(git_diff_tree_to_tree) X(git_diff_free)  \
  X(git_diff_num_deltas) X(git_diff_get_delta) X(git_reference_name_to_id) X(git_oid_tostr)

struct GitLibrary {
#define ANTH_GIT_POINTER(name) decltype(&::name) name = nullptr;
  ANTH_GIT_FUNCTIONS(ANTH_GIT_POINTER)
#undef ANTH_GIT_POINTER
};

// The library, loaded and initialised once (thread-safe); null when it cannot be, with `problem` saying
// why (not installed, or a function missing).
const GitLibrary* git_library(std::string& problem);

}  // namespace anth::ingest
