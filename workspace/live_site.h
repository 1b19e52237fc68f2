#pragma once
// The site of a workspace held in memory, for `serve`: rendered whole once, then after each patch
// again with every node page whose key (render/site/page_keys.h) is unchanged carried over rather than
// rendered, and compared file by file with what it replaces, so that the server knows which pages
// changed and tells the browsers showing them. Read from any thread while the next one renders.
#include <cstdint>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/index/index.h"
#include "render/site/site_context.h"
#include "workspace/workspace.h"

namespace anth::workspace {

class LiveSite {
 public:
  // `options`: as `build` gives them (title, bodies stored in the index, KaTeX's folder, ...); the
  // keys recorded are the site's own. `kernel_results`: the kernels' last results, from the index.
  LiveSite(site::SiteOptions options, std::vector<StoredKernelResult> kernel_results);

  // Renders the site of `ws` as it is now and swaps it in. Returns the paths that were added, changed
  // or removed, sorted; empty when the render failed (the site before stays).
  std::vector<std::string> render(const Workspace& ws);

  // A file of the site by its path ("LIT-001.html", "style.css"), or null.
  std::shared_ptr<const std::string> file(const std::string& path) const;
  // How many renders were swapped in: a browser's page knows whether it is behind.
  std::uint64_t generation() const;
  std::size_t size() const;
  // Every file's path, sorted (tests).
  std::vector<std::string> paths() const;

 private:
  using Files = std::unordered_map<std::string, std::shared_ptr<const std::string>>;
  site::SiteOptions options_;
  std::vector<StoredKernelResult> kernel_results_;
  mutable std::shared_mutex mutex_;
  Files files_;
  std::uint64_t generation_ = 0;
};

}  // namespace anth::workspace
