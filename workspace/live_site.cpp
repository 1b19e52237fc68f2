#include "workspace/live_site.h"

#include <algorithm>
#include <mutex>

#include "render/site/page_keys_file.h"
#include "render/site/site_builder.h"

namespace anth::workspace {

LiveSite::LiveSite(site::SiteOptions options, std::vector<StoredKernelResult> kernel_results)
    : options_(std::move(options)), kernel_results_(std::move(kernel_results)) {
  options_.renderer = "anthology workspace";  // keys live as long as the process: any fixed name will do
}

std::vector<std::string> LiveSite::render(const Workspace& ws) {
  Files before;
  {
    std::shared_lock lock(mutex_);
    before = files_;
  }
  site::SiteInput input{ws.corpus(), ws.graph(), ws.diagnostics(), kernel_results_, options_};
  if (auto keys = before.find(site::page_keys_file); keys != before.end())
    input.options.recorded = site::RecordedKeys::parse(*keys->second);
  Files after;
  std::mutex turn;
  bool built = site::build_site(
      input,
      [&](const std::string& path, std::string bytes) {
        auto shared = std::make_shared<const std::string>(std::move(bytes));
        std::lock_guard lock(turn);
        after[path] = std::move(shared);
        return true;
      },
      [&](const std::string& path) {
        auto it = before.find(path);
        if (it == before.end()) return false;
        std::lock_guard lock(turn);
        after[path] = it->second;
        return true;
      });
  if (!built) return {};
  std::vector<std::string> changed;
  for (const auto& [path, bytes] : after) {
    auto it = before.find(path);
    if (path != site::page_keys_file && (it == before.end() || (it->second != bytes && *it->second != *bytes)))
      changed.push_back(path);
  }
  for (const auto& [path, bytes] : before)
    if (!after.count(path)) changed.push_back(path);
  std::sort(changed.begin(), changed.end());
  std::unique_lock lock(mutex_);
  files_ = std::move(after);
  ++generation_;
  return changed;
}

std::shared_ptr<const std::string> LiveSite::file(const std::string& path) const {
  std::shared_lock lock(mutex_);
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : it->second;
}

std::uint64_t LiveSite::generation() const {
  std::shared_lock lock(mutex_);
  return generation_;
}

std::size_t LiveSite::size() const {
  std::shared_lock lock(mutex_);
  return files_.size();
}

std::vector<std::string> LiveSite::paths() const {
  std::shared_lock lock(mutex_);
  std::vector<std::string> out;
  for (const auto& entry : files_) out.push_back(entry.first);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace anth::workspace
