#pragma once
// One render of serve's site patched into its folder in place (docs/serve.md): a file whose bytes
// differ from the one there is written to a temporary beside it and renamed over it, so a request never
// reads half a file; an unchanged file and a kept page are left alone; files the render no longer made
// are removed at the end. No copy of the site and no swap: an edit costs the files it changes. The
// folder is ours (`.anthology/serve-site`); a file damaged there by hand is replaced only when its page
// is rendered again.
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace anth::workspace {

class FolderPatch {
 public:
  // `present`: the files the folder holds (those of the last render; listed when empty). The folder
  // must be missing, empty, or marked as a site this tool wrote (site::site_marker, written here when
  // it is not): a folder of anything else is refused (error() says so) and nothing in it is touched.
  // `partial`: the render makes only what changed (render/site/site_render.h), so finish() keeps every
  // file not made and removes only those dropped.
  FolderPatch(std::filesystem::path folder, std::set<std::string> present, bool partial = false);

  // The render made `path` with these bytes: written when they differ from the file there. From any
  // thread; false when it could not be written (error() says why).
  bool put(const std::string& path, const std::string& bytes);
  // The render keeps the page at `path` as it is: true when the folder has it.
  bool keep(const std::string& path);
  // The render no longer makes `path` (a partial patch): it is removed at the end.
  bool drop(const std::string& path);
  // Removes what the render did not make (a partial patch: what it dropped). Returns the paths added, changed or removed, sorted, and
  // leaves in `made` every path of the new site.
  std::vector<std::string> finish(std::set<std::string>& made);
  std::string error() const;

 private:
  bool fail(std::string why);
  bool refused() const { return real_.empty(); }  // a folder of something else: nothing is touched

  std::filesystem::path folder_, real_;
  std::set<std::string> present_;
  mutable std::mutex mutex_;
  bool partial_ = false;
  std::set<std::string> made_, dropped_;
  std::vector<std::string> changed_;
  std::string error_;
};

// Every regular file under `folder`, by relative path (a folder not there: none).
std::set<std::string> files_under(const std::filesystem::path& folder);

}  // namespace anth::workspace
