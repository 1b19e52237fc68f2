#pragma once
// Stage 1 of ingest: find the corpus's note files (format.md, "Files").
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace anth {

struct SourceFile {
  std::string path;                 // relative to the corpus root, '/'-separated
  std::filesystem::path full_path;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
};

// Every `.md` file under root at any depth, skipping hidden files and folders, sorted by path.
// Folders that cannot be listed are skipped silently; a missing root gives an empty list.
std::vector<SourceFile> scan_corpus(const std::filesystem::path& root);

}  // namespace anth
