#include "workspace/live_site.h"

#include <algorithm>

#include "core/util/contained_file.h"
#include "workspace/folder_patch.h"
#include "render/site/page_keys_file.h"
#include "render/site/site_builder.h"
#include "render/site/site_writer.h"

namespace anth::workspace {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t largest_file = std::uint64_t(1) << 30;

}  // namespace

LiveSite::LiveSite(render::site::SiteOptions options, std::vector<index::StoredKernelResult> kernel_results, fs::path folder)
    : options_(std::move(options)), kernel_results_(std::move(kernel_results)), folder_(std::move(folder)) {
  options_.renderer = "anthology workspace";  // a site of its own: any fixed name will do
  options_.pass_cache = std::make_shared<render::site::BodyPassCache>();
}

// What was written stays; the next render is whole and lists the folder again (with the lock held).
void LiveSite::forget(std::string why) {
  paths_.clear();
  recorded_.reset();
  options_.pass_cache = std::make_shared<render::site::BodyPassCache>();
  error_ = std::move(why);
}

// The folder's files after a render or patch, and those that changed (with the lock held).
std::vector<std::string> LiveSite::finish(FolderPatch& folder, std::string keys) {
  std::vector<std::string> changed = folder.finish(paths_);
  std::erase(changed, std::string(render::site::page_keys_file));
  std::erase(changed, std::string(render::site::site_marker));
  paths_.erase(render::site::site_marker);  // the folder's mark, no file of the site
  recorded_ = std::move(keys);
  error_.clear();
  return changed;
}

std::optional<std::vector<std::string>> LiveSite::patch(const Workspace& ws, bool& failed) {
  failed = false;
  std::set<std::string> present;
  {
    std::lock_guard lock(mutex_);
    present = paths_;
  }
  if (present.empty()) return std::nullopt;
  FolderPatch folder(folder_, std::move(present), true);
  if (!folder.error().empty()) return std::nullopt;  // the whole render says why
  std::error_code ec;
  fs::remove(folder_ / render::site::page_keys_file, ec);  // as render(): written last
  std::string keys;
  std::vector<const Note*> touched = ws.touched_since(kept_refreshes_);
  auto done = kept_->patch(
      [&](const std::string& path, std::string bytes) {
        if (path == render::site::page_keys_file) return keys = std::move(bytes), true;
        return folder.put(path, bytes);
      },
      [&](const std::string& path) { return folder.drop(path); }, &touched);
  if (done == render::site::SiteRender::Patched::done && !keys.empty() && !folder.put(render::site::page_keys_file, keys))
    done = render::site::SiteRender::Patched::failed;
  std::lock_guard lock(mutex_);
  if (done != render::site::SiteRender::Patched::done) {
    kept_.reset();
    failed = done == render::site::SiteRender::Patched::failed;
    if (failed) forget(folder.error().empty() ? "the site could not be patched" : folder.error());
    return std::nullopt;
  }
  std::vector<std::string> changed = finish(folder, std::move(keys));
  ++patches_;
  pages_patched_ = kept_->pages_rendered();
  return changed;
}

std::optional<std::vector<std::string>> LiveSite::render(const Workspace& ws) {
  if (kept_ && kept_of_ == &ws && kept_graph_ == ws.graph_builds()) {
    bool failed = false;
    if (auto changed = patch(ws, failed)) return kept_refreshes_ = ws.refreshes(), changed;
    if (failed) return std::nullopt;
  }
  kept_.reset();
  render::site::SiteInput input{ws.corpus(), ws.graph(), ws.diagnostics(), kernel_results_, options_};
  // The keys describe the pages beside them only once the patch is whole: they are taken out of the
  // folder first, so that a patch cut short leaves pages without keys (rendered again next time),
  // never keys that vouch for pages the patch did not write.
  std::set<std::string> present;
  {
    std::lock_guard lock(mutex_);
    present = paths_;
  }
  FolderPatch patch(folder_, std::move(present));
  if (!patch.error().empty()) {  // not our folder: refused before anything in it is read or removed
    std::lock_guard lock(mutex_);
    error_ = patch.error();
    return std::nullopt;
  }
  input.options.recorded = recorded_ ? render::site::RecordedKeys::parse(*recorded_) : render::site::RecordedKeys::load(folder_);
  std::error_code ec;
  fs::remove(folder_ / render::site::page_keys_file, ec);
  std::string keys;
  auto made = std::make_unique<render::site::SiteRender>(input, true);
  bool built = made->build(
      [&](const std::string& path, std::string bytes) {
        if (path == render::site::page_keys_file) return keys = std::move(bytes), true;  // written last
        return patch.put(path, bytes);
      },
      [&](const std::string& path) { return patch.keep(path); });
  if (built && !keys.empty()) built = patch.put(render::site::page_keys_file, keys);
  std::lock_guard lock(mutex_);
  if (!built) {
    forget(patch.error().empty() ? "the site could not be rendered" : patch.error());
    return std::nullopt;
  }
  std::vector<std::string> changed = finish(patch, std::move(keys));
  kept_ = std::move(made);
  kept_of_ = &ws;
  kept_graph_ = ws.graph_builds();
  kept_refreshes_ = ws.refreshes();
  return changed;
}

std::string LiveSite::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

std::shared_ptr<const std::string> LiveSite::file(const std::string& path) const {
  auto bytes = util::read_inside(util::real_root(folder_), path, largest_file);
  return bytes ? std::make_shared<const std::string>(std::move(*bytes)) : nullptr;
}

std::size_t LiveSite::size() const {
  std::lock_guard lock(mutex_);
  return paths_.size();
}

std::vector<std::string> LiveSite::paths() const {
  std::lock_guard lock(mutex_);
  return {paths_.begin(), paths_.end()};
}

}  // namespace anth::workspace
