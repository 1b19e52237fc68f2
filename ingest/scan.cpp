#include "ingest/scan.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

#include "core/util/file_times.h"

namespace anth::ingest {

namespace {

using util::ctime_ns;
using util::mtime_ns;

bool is_note_name(std::string_view name) { return name.size() > 3 && name.substr(name.size() - 3) == ".md"; }

// A file that is not a note: its size (its target's, for a link) and whether it is a link; a broken
// link or a link to a folder is no attachment.
void add_attachment(int dir_fd, const dirent* entry, std::string path, CorpusScan& out) {
  struct stat st {}, self {};
  if (fstatat(dir_fd, entry->d_name, &st, 0) != 0 || !S_ISREG(st.st_mode)) return;
  bool link = entry->d_type == DT_LNK ||
              (entry->d_type == DT_UNKNOWN && fstatat(dir_fd, entry->d_name, &self, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(self.st_mode));
  out.attachments.push_back({std::move(path), static_cast<std::uint64_t>(st.st_size), mtime_ns(st), ctime_ns(st), link});
}

// Walks one folder (an open descriptor it takes over); `rel` is its path relative to the root.
// POSIX directly: std::filesystem builds and splits a path object per entry, which was most of the
// cost of a freshness check at 100,000 notes.
// `attachments`: whether files that are not notes are listed here (not inside a site: site_writer.h's marker).
void walk(int dir_fd, const std::string& rel, CorpusScan& out, int depth, bool attachments) {
  if (attachments && faccessat(dir_fd, ".anthology-site", F_OK, AT_SYMLINK_NOFOLLOW) == 0) attachments = false;
  struct stat self {};
  if (fstat(dir_fd, &self) == 0) out.folders.push_back({rel, mtime_ns(self)});
  DIR* dir = fdopendir(dir_fd);
  if (!dir) {
    close(dir_fd);
    return;
  }
  while (dirent* entry = readdir(dir)) {
    std::string_view name = entry->d_name;
    if (name.empty() || name[0] == '.') continue;  // hidden, and "." and ".."
    bool maybe_dir = entry->d_type == DT_DIR || entry->d_type == DT_UNKNOWN;
    bool maybe_note = is_note_name(name) && entry->d_type != DT_DIR;
    std::string path = rel.empty() ? std::string(name) : rel + "/" + std::string(name);
    if (!maybe_dir && !maybe_note) {
      if (attachments && (entry->d_type == DT_REG || entry->d_type == DT_LNK)) add_attachment(dirfd(dir), entry, std::move(path), out);
      continue;
    }
    if (maybe_note) {
      // Follows a symbolic link (its target's stamp is what changes); a broken one gets its own. Links,
      // FIFOs and devices are listed so that reading them (core/util/contained_file.h) can refuse them
      // with a finding; a link to a folder is not followed, like any folder link.
      struct stat st {};
      if (fstatat(dirfd(dir), entry->d_name, &st, 0) != 0 &&
          fstatat(dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;
      if (!S_ISDIR(st.st_mode)) {
        out.files.push_back({std::move(path), static_cast<std::uint64_t>(st.st_size), mtime_ns(st), ctime_ns(st)});
        continue;
      }
      if (entry->d_type != DT_UNKNOWN) continue;  // a link to a folder; else a folder, walked below
    }
    // A folder, never followed through a symbolic link (a link cycle would never end).
    int child = openat(dirfd(dir), entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (child < 0) {
      if (attachments && entry->d_type == DT_UNKNOWN && !maybe_note) add_attachment(dirfd(dir), entry, std::move(path), out);
      continue;
    }
    if (depth + 1 > max_folder_depth) {  // the recursion has a bound; what is past it is said
      close(child);
      out.too_deep.push_back(std::move(path));
      continue;
    }
    walk(child, path, out, depth + 1, attachments);
  }
  closedir(dir);
}

}  // namespace

CorpusScan scan_corpus_tree(const std::filesystem::path& root) {
  CorpusScan out;
  int fd = open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return out;
  walk(fd, "", out, 0, true);
  std::sort(out.files.begin(), out.files.end(), [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  std::sort(out.attachments.begin(), out.attachments.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  std::sort(out.too_deep.begin(), out.too_deep.end());
  std::sort(out.folders.begin(), out.folders.end(),
            [](const FolderStamp& a, const FolderStamp& b) { return a.path < b.path; });
  return out;
}

std::string encode_folder_stamps(const CorpusScan& scan) {
  std::string text = std::to_string(scan.files.size()) + "\n";
  for (const FolderStamp& f : scan.folders) text += std::to_string(f.mtime_ns) + "\t" + f.path + "\n";
  return text;
}

std::size_t stamped_file_count(std::string_view encoded) {
  std::size_t count = 0;
  auto [end, ec] = std::from_chars(encoded.data(), encoded.data() + encoded.size(), count);
  return ec == std::errc() && end != encoded.data() && *end == '\n' ? count : 0;
}

bool folders_unchanged(const std::filesystem::path& root, std::string_view encoded) {
  std::size_t line_end = encoded.find('\n');
  if (line_end == std::string_view::npos) return false;
  bool any = false;
  for (std::size_t at = line_end + 1; at < encoded.size();) {
    std::size_t end = encoded.find('\n', at);
    if (end == std::string_view::npos) return false;
    std::string_view line = encoded.substr(at, end - at);
    at = end + 1;
    std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) return false;
    std::int64_t mtime = 0;
    if (std::from_chars(line.data(), line.data() + tab, mtime).ec != std::errc()) return false;
    std::filesystem::path folder = tab + 1 == line.size() ? root : root / std::string(line.substr(tab + 1));
    struct stat st {};
    if (stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || mtime_ns(st) != mtime) return false;
    any = true;
  }
  return any;
}

}  // namespace anth::ingest
