#pragma once
// The site of a workspace for `serve`: rendered into a folder of its own (beside the index, never the
// `build` site), whole once, then after each patch again with every node page whose key
// (render/site/page_keys.h) is unchanged left as it is, and the folder patched in place
// (folder_patch.h: only the files whose bytes changed are written, each atomically), so that the server
// knows which pages changed and tells the browsers showing them. A folder rather than memory: the pages of
// 10,000 notes are several times the workspace's own size. Read from any thread while the next renders.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "render/site/site_context.h"
#include "workspace/workspace.h"

namespace anth::workspace {

class LiveSite {
 public:
  // `options`: as `build` gives them (title, bodies stored in the index, KaTeX's folder, ...).
  // `kernel_results`: the kernels' last results, from the index. `folder`: where the site is written.
  LiveSite(render::site::SiteOptions options, std::vector<index::StoredKernelResult> kernel_results, std::filesystem::path folder);

  // Renders the site of `ws` as it is now and swaps it in. Returns the paths that were added, changed
  // or removed, sorted; nullopt when it could not be written (the site before stays; error() says why).
  std::optional<std::vector<std::string>> render(const Workspace& ws);
  std::string error() const;

  // A file of the site by its path ("LIT-001.html", "style.css"; checked by the caller: no ".."), or
  // null. Only regular files inside the folder are read.
  std::shared_ptr<const std::string> file(const std::string& path) const;
  std::size_t size() const;
  // Every file's path, sorted (tests).
  std::vector<std::string> paths() const;

 private:
  render::site::SiteOptions options_;
  std::vector<index::StoredKernelResult> kernel_results_;
  std::filesystem::path folder_;
  std::filesystem::path corpus_;
  mutable std::mutex mutex_;
  std::set<std::string> paths_;  // of the site patched in last
  std::optional<std::string> recorded_;  // the page keys of the last patch that was whole
  std::string error_;
};

}  // namespace anth::workspace
