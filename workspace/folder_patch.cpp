#include "workspace/folder_patch.h"

#include <algorithm>
#include <atomic>
#include <fstream>

#include "core/util/contained_file.h"
#include "render/site/site_writer.h"

namespace anth::workspace {

namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t largest_file = std::uint64_t(1) << 30;
std::atomic<unsigned long> temporaries{0};

// Whether the folder holding `file` is a real folder inside `real` (no link planted in the site leads
// a write outside it).
bool parent_inside(const fs::path& real, const fs::path& file) {
  std::error_code ec;
  fs::path parent = fs::canonical(file.parent_path(), ec);
  if (ec) return false;
  auto [end, _] = std::mismatch(real.begin(), real.end(), parent.begin(), parent.end());
  return end == real.end();
}

}  // namespace

std::set<std::string> files_under(const fs::path& folder) {
  std::set<std::string> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && !it->is_symlink(ec)) out.insert(it->path().lexically_relative(folder).generic_string());
  return out;
}

FolderPatch::FolderPatch(fs::path folder, std::set<std::string> present, bool partial)
    : folder_(std::move(folder)), present_(std::move(present)), partial_(partial) {
  std::error_code ec;
  bool empty = !fs::exists(folder_, ec) || fs::directory_iterator(folder_, ec) == fs::directory_iterator();
  if (!empty && !fs::exists(folder_ / render::site::site_marker, ec)) {
    error_ = "refusing to patch " + folder_.string() + ": it is not a site written by anthology (no " +
             render::site::site_marker + "); remove it or use another --index";
    return;
  }
  fs::create_directories(folder_, ec);
  real_ = util::real_root(folder_);
  if (present_.empty()) present_ = files_under(folder_);
  if (!put(render::site::site_marker, "This folder is the site `anthology serve` patches after each edit. It may replace or\n"
                              "remove any file in it.\n"))
    return;
}

bool FolderPatch::fail(std::string why) {
  std::lock_guard lock(mutex_);
  if (error_.empty()) error_ = std::move(why);
  return false;
}

bool FolderPatch::put(const std::string& path, const std::string& bytes) {
  if (refused()) return false;
  auto before = util::read_inside(real_, path, largest_file);
  bool same = before && *before == bytes;
  if (!same) {
    fs::path target = folder_ / path;
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (!parent_inside(real_, target)) return fail("cannot write " + target.string() + ": its folder is not inside the site");
    fs::path temporary = target.parent_path() / (".patch-" + std::to_string(++temporaries) + ".tmp");
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      if (!out.flush()) {
        fs::remove(temporary, ec);
        return fail("cannot write " + temporary.string());
      }
    }
    fs::rename(temporary, target, ec);
    if (ec) {
      fs::remove(temporary, ec);
      return fail("cannot write " + target.string() + ": " + ec.message());
    }
  }
  std::lock_guard lock(mutex_);
  made_.insert(path);
  if (!same) changed_.push_back(path);
  return true;
}

bool FolderPatch::keep(const std::string& path) {
  if (refused() || !present_.count(path)) return false;
  std::lock_guard lock(mutex_);
  made_.insert(path);
  return true;
}

bool FolderPatch::drop(const std::string& path) {
  if (refused()) return false;
  std::lock_guard lock(mutex_);
  dropped_.insert(path);
  made_.erase(path);
  return true;
}

std::vector<std::string> FolderPatch::finish(std::set<std::string>& made) {
  std::lock_guard lock(mutex_);
  if (partial_)  // what the patch did not make stays, but what it dropped
    for (const std::string& path : present_)
      if (!dropped_.count(path)) made_.insert(path);
  for (const std::string& path : present_)
    if (!made_.count(path) && !real_.empty()) {
      std::error_code ec;
      fs::remove(folder_ / path, ec);
      changed_.push_back(path);
    }
  std::sort(changed_.begin(), changed_.end());
  changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
  made = std::move(made_);
  return std::move(changed_);
}

std::string FolderPatch::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

}  // namespace anth::workspace
