#pragma once
// The site of a workspace for `serve`: rendered into a folder of its own (beside the index, never the
// `build` site), whole once, its render kept (render/site/site_render.h). After a patch of the workspace
// that kept the graph (notes changed in place, the same vertices and edges), the kept render is patched:
// only what shows something of the notes that changed is made again. Otherwise the site is rendered
// again with every node page whose key (render/site/page_keys.h) is unchanged left as it is. Either way
// the folder is patched in place (folder_patch.h: only the files whose bytes changed are written, each
// atomically), so that the server knows which pages changed and tells the browsers showing them. A
// folder rather than memory: the pages of 10,000 notes are several times the workspace's own size.
// Read from any thread while the next renders.
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
#include "render/site/site_render.h"
#include "workspace/folder_patch.h"
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
  // How many renders were patches of the kept render, and how many node pages the last one rendered (tests).
  std::size_t patches() const { return patches_; }
  std::size_t pages_patched() const { return pages_patched_; }

 private:
  render::site::SiteOptions options_;
  std::vector<index::StoredKernelResult> kernel_results_;
  std::filesystem::path folder_;
  std::filesystem::path corpus_;
  mutable std::mutex mutex_;
  std::set<std::string> paths_;  // of the site patched in last
  std::optional<std::string> recorded_;  // the page keys of the last patch that was whole
  std::string error_;
  std::unique_ptr<render::site::SiteRender> kept_;  // the last whole render, patched since
  const Workspace* kept_of_ = nullptr;
  std::uint64_t kept_graph_ = 0;                    // the workspace's graph_builds() it was made with
  std::uint64_t kept_refreshes_ = 0;                // the workspace's refreshes() it shows
  std::size_t patches_ = 0, pages_patched_ = 0;

  // The kept render patched into the folder: nullopt when this change needs a whole render (`failed`
  // false) or the folder could not be written (`failed` true).
  std::optional<std::vector<std::string>> patch(const Workspace& ws, bool& failed);
  void forget(std::string why);
  std::vector<std::string> finish(FolderPatch& folder, std::string keys);
};

}  // namespace anth::workspace
