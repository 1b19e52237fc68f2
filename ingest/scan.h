#pragma once
// Stage 1 of ingest: find the corpus's note files (docs/format.md, "Which files are notes") and stamp its folders.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace anth::ingest {

struct SourceFile {
  std::string path;  // relative to the corpus root, '/'-separated
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  // Status-change time: the kernel sets it on every write and no tool can set it back, so it shows the
  // edits that `cp -p`, `rsync -t` or `tar x` hide by restoring size and mtime.
  std::int64_t ctime_ns = 0;
  bool link = false;  // a symbolic link (attachments only: whether the site may copy it is checked)
};

// A folder of the corpus and its modification time, which changes whenever a file in it is created,
// deleted or renamed over (how most editors save).
struct FolderStamp {
  std::string path;  // relative to the corpus root, '/'-separated; "" for the root
  std::int64_t mtime_ns = 0;
};

// Folders nest at most this deep under the root (a folder in the root is at depth 1); the walk is
// recursive.
inline constexpr int max_folder_depth = 64;

struct CorpusScan {
  std::vector<SourceFile> files;      // sorted by path
  // The other files Obsidian shows (images, PDFs, ...: anything but a note, in no hidden folder and
  // no site this tool wrote), sorted by path; only stat'ed, never read. `size` is the target's.
  std::vector<SourceFile> attachments;
  std::vector<FolderStamp> folders;   // sorted by path
  std::vector<std::string> too_deep;  // folders past max_folder_depth, not entered; sorted
};

// Every `.md` file under root at any depth, skipping hidden files and folders, sorted by path, every
// other file as an attachment, and every folder visited. "File" is anything but a folder: symbolic links (to files, or broken), FIFOs and
// devices are listed for the reader to refuse with a finding; links to folders are never followed. Folders that cannot be listed are skipped silently; a missing root gives an
// empty scan. One fstatat per note, relative to its folder, and none per folder entry that is not one.
CorpusScan scan_corpus_tree(const std::filesystem::path& root);
inline std::vector<SourceFile> scan_corpus(const std::filesystem::path& root) { return scan_corpus_tree(root).files; }

// Folder stamps as one text value ("<count of files>\n" then "<mtime_ns>\t<path>\n" per folder), and
// whether the folders on disk still have the stamps of such a text: one stat per folder.
std::string encode_folder_stamps(const CorpusScan& scan);
bool folders_unchanged(const std::filesystem::path& root, std::string_view encoded);
// The count of files an encoded text was made with; 0 when unreadable.
std::size_t stamped_file_count(std::string_view encoded);

}  // namespace anth::ingest
