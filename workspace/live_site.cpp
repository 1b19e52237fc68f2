#include "workspace/live_site.h"

#include <algorithm>

#include "core/util/contained_file.h"
#include "render/site/page_keys_file.h"
#include "render/site/site_builder.h"
#include "render/site/site_writer.h"

namespace anth::workspace {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t largest_file = std::uint64_t(1) << 30;

}  // namespace

LiveSite::LiveSite(site::SiteOptions options, std::vector<StoredKernelResult> kernel_results, fs::path folder)
    : options_(std::move(options)), kernel_results_(std::move(kernel_results)), folder_(std::move(folder)) {
  options_.renderer = "anthology workspace";  // a site of its own: any fixed name will do
}

std::optional<std::vector<std::string>> LiveSite::render(const Workspace& ws) {
  site::SiteInput input{ws.corpus(), ws.graph(), ws.diagnostics(), kernel_results_, options_};
  input.options.recorded = site::RecordedKeys::load(folder_);
  site::WriteOptions write;
  write.corpus = ws.root();
  auto writer = site::SiteWriter::begin(folder_, write);
  auto fail = [&](std::string why) {
    std::lock_guard lock(mutex_);
    error_ = std::move(why);
    return std::nullopt;
  };
  if (!writer) return fail(writer.error());
  std::mutex turn;
  std::set<std::string> after;
  std::vector<std::string> changed;
  fs::path real = real_root(folder_);
  bool built = site::build_site(
      input,
      [&](const std::string& path, std::string bytes) {
        auto before = read_inside(real, path, largest_file);
        {
          std::lock_guard lock(turn);
          after.insert(path);
          if ((!before || *before != bytes) && path != site::page_keys_file) changed.push_back(path);
        }
        return (*writer)->put(path, std::move(bytes));
      },
      [&](const std::string& path) {
        if (!(*writer)->keep(path)) return false;
        std::lock_guard lock(turn);
        after.insert(path);
        return true;
      });
  if (!built) return fail((*writer)->error());
  auto stats = (*writer)->commit();
  if (!stats) return fail(stats.error());
  std::lock_guard lock(mutex_);
  for (const std::string& path : paths_)
    if (!after.count(path)) changed.push_back(path);
  std::sort(changed.begin(), changed.end());
  paths_ = std::move(after);
  error_.clear();
  return changed;
}

std::string LiveSite::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

std::shared_ptr<const std::string> LiveSite::file(const std::string& path) const {
  auto bytes = read_inside(real_root(folder_), path, largest_file);
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
