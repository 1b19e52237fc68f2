#include "render/site/site_carry.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace anth::render::site {

namespace fs = std::filesystem;

namespace {

void add_folders(const std::string& path, std::set<std::string>& out) {
  for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
    out.insert(path.substr(0, slash));
}

struct Walk {
  const fs::path& site;
  const std::set<std::string>& written;
  const SiteManifest* before;
  std::set<std::string> written_folders, before_folders;
  UserEntries out;

  bool written_before(const std::string& rel) const { return before && before->files.contains(rel); }

  void folder(const std::string& rel_dir) {
    std::error_code ec;
    for (auto it = fs::directory_iterator(site / rel_dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (rel_dir.empty() && name.starts_with(".anthology-")) continue;  // the tool's bookkeeping
      entry(rel_dir.empty() ? name : rel_dir + "/" + name);
    }
  }

  void entry(const std::string& rel) {
    struct stat st {};
    if (::lstat((site / rel).c_str(), &st) != 0) return;
    const bool is_folder = S_ISDIR(st.st_mode);
    if (is_folder && (written_folders.contains(rel) || before_folders.contains(rel))) return folder(rel);
    if (written.contains(rel) || written_folders.contains(rel)) {
      // Ours to replace only when a build wrote it (any file, for a site without a manifest).
      if (!S_ISREG(st.st_mode) || (before && !written_before(rel))) out.conflicts.push_back(rel);
      return;
    }
    if (written_before(rel)) return;  // an older build's, no longer written: dropped
    out.carried.push_back(rel);
  }
};

}  // namespace

std::error_code link_or_copy(const fs::path& from, const fs::path& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return {};
  std::error_code ec;
  fs::copy_file(from, to, ec);
  return ec;
}

UserEntries find_user_entries(const fs::path& site, const std::set<std::string>& written, const SiteManifest* before) {
  Walk walk{site, written, before, {}, {}, {}};
  for (const std::string& path : written) add_folders(path, walk.written_folders);
  if (before)
    for (const auto& [path, record] : before->files) add_folders(path, walk.before_folders);
  walk.folder("");
  return std::move(walk.out);
}

util::Expected<void> carry_entry(const fs::path& from, const fs::path& to) {
  struct stat st {};
  if (::lstat(from.c_str(), &st) != 0) return {};  // gone meanwhile
  std::error_code ec;
  if (S_ISLNK(st.st_mode)) {
    fs::copy_symlink(from, to, ec);
  } else if (S_ISREG(st.st_mode)) {
    ec = link_or_copy(from, to);
  } else if (S_ISDIR(st.st_mode)) {
    // Writable by us while it fills, then given the folder's own permissions.
    if (::mkdir(to.c_str(), (st.st_mode & 07777) | S_IRWXU) != 0) ec = std::error_code(errno, std::generic_category());
    for (auto it = fs::directory_iterator(from, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
      if (auto carried = carry_entry(it->path(), to / it->path().filename()); !carried) return carried;
    if (!ec) ::chmod(to.c_str(), st.st_mode & 07777);
  } else {
    return util::failure("cannot carry " + from.string() + " into the new site: not a file, folder or link");
  }
  if (ec) return util::failure("cannot carry " + from.string() + " into the new site: " + ec.message());
  return {};
}

}  // namespace anth::render::site
