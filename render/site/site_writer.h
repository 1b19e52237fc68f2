#pragma once
// Writing the site folder atomically and incrementally (docs/site-output.md).
//
// The new site is assembled in a folder of its own (site_swap.h): a file whose bytes equal the file
// of the same path in the current site is hard-linked from it (copied when linking fails), every
// other file is written, and what the user added to the current site is carried over (site_carry.h).
// The manifest (site_manifest.h) records each file's hash. Then the new site is swapped in and the
// old one removed. A build that fails or is killed before the swap leaves the current site as it
// was; its leftover folder is removed by the next build.
//
// Files are written by one thread of the writer's own, while the build renders: a file system
// creating thousands of files spends real time in each, and two threads creating files in one
// folder mostly wait on its lock.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include "core/util/expected.h"
#include "render/site/site_files.h"
#include "render/site/site_manifest.h"
#include "render/site/site_swap.h"

namespace anth::render::site {

// The file that marks a folder as a site this tool wrote, so that a build never replaces a folder
// of something else.
inline constexpr const char* site_marker = ".anthology-site";

struct WriteOptions {
  // Fault injection for tests (SQLite-style): after this many files written, fail the build.
  // Negative: off.
  long fail_after = -1;
  // Swap the new site in entry by entry, as for a mount point, or by two renames, as where
  // RENAME_EXCHANGE is unsupported (test hooks for those paths).
  bool swap_entries = false;
  bool swap_renames = false;
  // Called before each file written ("file") and at each step of commit() ("written", "carried",
  // "manifest", then the swap's: site_swap.h): the tests' kills (cli/cmd_build.cpp) happen there.
  Checkpoint checkpoint;
  // The corpus built from, recorded in the manifest (check_out_dir refuses another corpus's build).
  std::filesystem::path corpus;
};

struct WriteStats {
  std::size_t pages_written = 0;  // .html files
  std::size_t pages_total = 0;
  std::size_t files_written = 0;  // every file
  std::size_t files_total = 0;
};

// Refuses an output folder that would destroy something: the corpus itself or a folder holding it,
// the file system root, an existing non-empty folder that is not a site (no marker file), or the site
// of another corpus (its manifest names it).
util::Expected<void> check_out_dir(const std::filesystem::path& out, const std::filesystem::path& corpus_root);

// One build's writing: begin() prepares the sibling folder, put() adds files (from any thread),
// commit() swaps the new site in. A writer destroyed before commit() removes its folder, so a failed
// build leaves nothing behind but the previous site.
class SiteWriter {
 public:
  static util::Expected<std::unique_ptr<SiteWriter>> begin(const std::filesystem::path& out, const WriteOptions& options = {});
  ~SiteWriter();
  SiteWriter(const SiteWriter&) = delete;
  SiteWriter& operator=(const SiteWriter&) = delete;

  // Adds one file (queued for writing; waits while much is queued); a second file of the same path
  // is ignored. False once anything failed: error() tells what.
  bool put(const std::string& path, std::string bytes);
  // Carries the current site's file of `path` over unchanged (hard-linked, else copied), for a page
  // known not to have changed (page_keys.h). False, with nothing queued, when the current site has no
  // such file or its bytes are no longer the ones its manifest recorded (damaged in the site); the
  // caller then renders it.
  bool keep(const std::string& path);
  // Whether keep(path) would carry the file over (it is the current site's, undamaged), queuing nothing.
  bool can_keep(const std::string& path) const { return keepable(path) != nullptr; }
  // Waits for the queued files, carries the user's entries over (refusing when the build now writes a
  // file where the user has one), writes the manifest, then swaps the new site in.
  util::Expected<WriteStats> commit();
  std::string error() const;

 private:
  // The record of the current site's file at `path` when keep() may carry it over; else null.
  const FileRecord* keepable(const std::string& path) const;
  SiteWriter(SitePlace place, std::optional<SiteManifest> before, const WriteOptions& options);
  void drain();                                             // the writer thread
  struct Queued {
    std::string path, bytes;
    bool keep = false;  // carry the current site's file over instead
    FileRecord kept;    // its record, when kept
  };
  bool enqueue(Queued file);
  void write(const std::string& path, const std::string& bytes);  // one file, on the writer thread
  void carry_over(const Queued& file);                            // one kept file, on the writer thread
  util::Expected<void> carry_user_entries();                            // at commit
  util::Expected<void> write_manifest();                                // at commit
  bool make_parent(const std::string& path);
  bool fail(std::string reason);
  void finish_writing();                                    // stops the writer thread once the queue is empty

  SitePlace place_;
  const std::filesystem::path& out_ = place_.out;
  const std::filesystem::path& tmp_ = place_.tmp;
  std::optional<SiteManifest> before_;  // the current site's manifest
  SiteManifest after_;                  // the new site's: filled by the writer thread, then at commit
  WriteOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable queued_, taken_;
  std::deque<Queued> queue_;
  std::size_t queued_bytes_ = 0;
  bool closing_ = false;
  std::thread thread_;
  std::set<std::string> paths_, dirs_;
  std::atomic<long> writes_{0};
  WriteStats stats_;
  std::string error_;
  std::atomic<bool> failed_{false};
  bool done_ = false;
};

// All of `files` at once.
util::Expected<WriteStats> write_site(const std::filesystem::path& out, const SiteFiles& files, const WriteOptions& options = {});

// True when `path` is a relative path of safe segments (no "", ".", ".." or leading '/').
bool safe_relative_path(std::string_view path);

}  // namespace anth::render::site
