#pragma once
// Writing the site folder atomically and incrementally.
//
// The new site is assembled in a sibling folder (OUT.tmp-<pid>): a file whose bytes equal the file
// of the same path in the current site is hard-linked from it (copied when linking fails), every
// other file is written. Then the two folders are swapped in one step (renameat2 RENAME_EXCHANGE,
// or two renames where that is unsupported) and the old one is removed. A build that fails or is
// killed before the swap leaves the current site as it was; its leftover folder is removed by the
// next build.
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "core/util/expected.h"
#include "render/site/site_files.h"

namespace anth::site {

// The file that marks a folder as a site this tool wrote, so that a build never replaces a folder
// of something else.
inline constexpr const char* site_marker = ".anthology-site";

struct WriteOptions {
  // Fault injection for tests (SQLite-style): after this many files written, fail the build
  // (fail_after) or kill the process with SIGKILL (kill_after). Negative: off.
  long fail_after = -1;
  long kill_after = -1;
};

struct WriteStats {
  std::size_t pages_written = 0;  // .html files
  std::size_t pages_total = 0;
  std::size_t files_written = 0;  // every file
  std::size_t files_total = 0;
};

// Refuses an output folder that would destroy something: the corpus itself or a folder holding it,
// the file system root, or an existing non-empty folder that is not a site (no marker file).
Expected<void> check_out_dir(const std::filesystem::path& out, const std::filesystem::path& corpus_root);

// One build's writing: begin() prepares the sibling folder, put() adds files (from any thread),
// commit() swaps the new site in. A writer destroyed before commit() removes its folder, so a failed
// build leaves nothing behind but the previous site.
class SiteWriter {
 public:
  static Expected<std::unique_ptr<SiteWriter>> begin(const std::filesystem::path& out, const WriteOptions& options = {});
  ~SiteWriter();
  SiteWriter(const SiteWriter&) = delete;
  SiteWriter& operator=(const SiteWriter&) = delete;

  // Adds one file; a second file of the same path is ignored. False once anything failed: error()
  // tells what.
  bool put(const std::string& path, std::string bytes);
  Expected<WriteStats> commit();
  std::string error() const;

 private:
  SiteWriter(std::filesystem::path out, std::filesystem::path tmp, const WriteOptions& options);
  std::filesystem::path out_, tmp_;
  WriteOptions options_;
  mutable std::mutex mutex_;
  std::set<std::string> paths_, dirs_;
  std::atomic<long> writes_{0};
  WriteStats stats_;
  std::string error_;
  std::atomic<bool> failed_{false};
  bool done_ = false;
};

// All of `files` at once.
Expected<WriteStats> write_site(const std::filesystem::path& out, const SiteFiles& files, const WriteOptions& options = {});

// True when `path` is a relative path of safe segments (no "", ".", ".." or leading '/').
bool safe_relative_path(std::string_view path);

}  // namespace anth::site
