#include "ingest/scan.h"

#include <algorithm>
#include <chrono>

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
    f.path = fs::relative(p, root, ec).generic_string();
    f.size = it->file_size(ec);
    auto mtime = it->last_write_time(ec);
    f.mtime_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(mtime.time_since_epoch()).count();
    files.push_back(std::move(f));
  }
  std::sort(files.begin(), files.end(), [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  return files;
}

}  // namespace anth
