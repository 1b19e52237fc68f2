#include "render/site/site_builder.h"

#include <algorithm>
#include <mutex>

#include "render/site/site_render.h"

namespace anth::render::site {

bool build_site(const SiteInput& input, const FileSink& sink, const KeepFile& keep) {
  return SiteRender(input, false).build(sink, keep);
}

SiteFiles build_site(const SiteInput& input) {
  SiteFiles files;
  std::mutex mutex;
  build_site(input, [&](const std::string& path, std::string bytes) {
    std::lock_guard lock(mutex);
    files.push_back({path, std::move(bytes)});
    return true;
  });
  std::stable_sort(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path < b.path; });
  files.erase(std::unique(files.begin(), files.end(), [](const SiteFile& a, const SiteFile& b) { return a.path == b.path; }),
              files.end());
  return files;
}

}  // namespace anth::render::site
