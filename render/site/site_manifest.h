#pragma once
// What a site folder holds and whose it is, kept in the site as `.anthology-files`: every file the
// build wrote, with the XXH3-64 hash and size of its bytes, and every entry the build found there and
// did not write (the user's: `.git`, `CNAME`, ...), which the next build carries over unchanged
// (docs/site-output.md). The hashes let a build notice a kept page damaged inside the site.
//
//   anthology site files 1
//   corpus <absolute path>             the corpus it was built from: another corpus's build refuses it
//   <16 hex digits> <size> <mtime_ns> <inode> <path>
//                                      a file the build wrote: its bytes' hash, and its stat when written
//                                      (a file with that same stat is not read again, as git does)
//   user <path>                        an entry of the user's (a file, a link or a whole folder)
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace anth::render::site {

inline constexpr const char* manifest_file = ".anthology-files";

struct FileRecord {
  std::uint64_t hash = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::uint64_t inode = 0;
};

struct SiteManifest {
  std::string corpus;                                  // canonical path of the corpus built from
  std::unordered_map<std::string, FileRecord> files;  // written by the build
  std::vector<std::string> user;                      // carried over, the user's

  // The manifest of `site`; nullopt when it has none (a site written before manifests, or none at all).
  static std::optional<SiteManifest> load(const std::filesystem::path& site);
  std::string encode() const;
};

std::uint64_t hash_bytes(std::string_view bytes);
// The record of a file as it is now, read and hashed (O_NOFOLLOW: a link is no file of ours); nullopt
// when unreadable.
std::optional<FileRecord> record_of_file(const std::filesystem::path& file);
// `hash` with the file's size, mtime and inode as they are now (zeros when it cannot be stat'ed).
FileRecord with_stat(std::uint64_t hash, const std::filesystem::path& file);
// Whether the file at `file` still has the size, mtime and inode of `r` (then its bytes are taken to
// be the recorded ones without reading them).
bool same_stat(const FileRecord& r, const std::filesystem::path& file);

}  // namespace anth::render::site
