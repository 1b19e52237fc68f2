#pragma once
// The day each note's file was last committed, when the corpus folder is itself the root of a git
// repository (its own .git; a corpus inside a larger repository gets none, so that its site does
// not change with the repository's history). Read with libgit2, never by running git: the corpus is
// untrusted input, and nothing in it may make the tool run a program. History is walked once for
// all files (first parents from HEAD, newest first), stopping when every file has its day.
#include <cstddef>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/corpus.h"

namespace anth::ingest {

struct CommitDates {
  std::unordered_map<std::string, std::string> by_path;  // corpus-relative path: YYYY-MM-DD (UTC)
  std::size_t commits = 0;                               // commits read
  std::string problem;                                   // why there are none, when the repository could not be read
};

// The days of `paths` (corpus-relative, '/'-separated); none when `root` is not a repository's root.
CommitDates last_commit_dates(const std::filesystem::path& root, const std::vector<std::string>& paths);

// The commit HEAD names (hex), "" when `root` is not a repository's root or has no commit: what the
// dates depend on beyond the files, for a build that is skipped when nothing changed (cli/build_stamp).
std::string history_head(const std::filesystem::path& root);

// Sets Note::committed of every note of the corpus that has a day.
void apply_commit_dates(Corpus& corpus, const std::filesystem::path& root);

}  // namespace anth::ingest
