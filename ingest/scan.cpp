#include "ingest/scan.h"

#include <algorithm>
#include <sys/stat.h>

namespace anth {

namespace fs = std::filesystem;

std::vector<SourceFile> scan_corpus(const fs::path& root) {
  std::vector<SourceFile> files;
  std::error_code ec;
  auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    if (!name.empty() && name[0] == '.') {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec) || p.extension() != ".md") continue;
    SourceFile f;
    f.full_path = p;
    // The iterator's paths all start with root: cut it off as text (fs::relative would stat every file).
    f.path = p.lexically_relative(root).generic_string();
    struct stat st {};  // one stat for size and time (the std accessors stat once each)
    if (::stat(p.c_str(), &st) == 0) {
      f.size = static_cast<std::uint64_t>(st.st_size);
      f.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    }
    files.push_back(std::move(f));
  }
  std::sort(files.begin(), files.end(), [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  return files;
}

}  // namespace anth
