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

std::optional<std::vector<std::string>> LiveSite::render(const Workspace& ws) {
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
  bool built = render::site::build_site(
      input,
      [&](const std::string& path, std::string bytes) {
        if (path == render::site::page_keys_file) return keys = std::move(bytes), true;  // written last
        return patch.put(path, bytes);
      },
      [&](const std::string& path) { return patch.keep(path); });
  if (built && !keys.empty()) built = patch.put(render::site::page_keys_file, keys);
  std::lock_guard lock(mutex_);
  if (!built) {  // what was written stays; the next patch lists the folder again
    paths_.clear();
    recorded_.reset();
    options_.pass_cache = std::make_shared<render::site::BodyPassCache>();
    error_ = patch.error().empty() ? "the site could not be rendered" : patch.error();
    return std::nullopt;
  }
  std::vector<std::string> changed = patch.finish(paths_);
  std::erase(changed, std::string(render::site::page_keys_file));
  std::erase(changed, std::string(render::site::site_marker));
  paths_.erase(render::site::site_marker);  // the folder's mark, no file of the site
  recorded_ = std::move(keys);
  error_.clear();
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
