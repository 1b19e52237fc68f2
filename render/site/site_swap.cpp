#include "render/site/site_swap.h"
#include "render/site/own_file.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace anth::render::site {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

constexpr std::string_view in_place_prefix = ".anthology-tmp-";

bool mark_leftover(const fs::path& folder, const std::string& name) {
  std::ofstream out(folder / leftover_marker, std::ios::binary | std::ios::trunc);
  out << name << "\n";
  return static_cast<bool>(out.flush());
}

bool marked_leftover(const fs::path& folder) {
  std::istringstream in(read_own_file(folder, leftover_marker, 4096).value_or(""));
  std::string line;
  return std::getline(in, line) && line == folder.filename().string();
}

// Removes a folder a build of ours left behind: marked, or empty. False when it is neither.
bool remove_leftover(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(fs::symlink_status(folder, ec))) return !fs::exists(fs::symlink_status(folder, ec));
  if (marked_leftover(folder)) {
    fs::remove_all(folder, ec);
    return !ec;
  }
  return ::rmdir(folder.c_str()) == 0;  // empty: a build killed right after making it
}

bool process_gone(long pid) { return pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH; }

// Whether `name` is PREFIX<pid> of a process that is gone.
bool of_dead_process(const std::string& name, const std::string& prefix) {
  if (!name.starts_with(prefix)) return false;
  std::string digits = name.substr(prefix.size());
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  return process_gone(std::stol(digits));
}

// Leftovers named PREFIX<pid> in `dir` of processes that are gone.
void remove_dead_leftovers(const fs::path& dir, const std::set<std::string>& prefixes) {
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    for (const std::string& prefix : prefixes)
      if (of_dead_process(name, prefix)) remove_leftover(it->path());
  }
}

bool is_mount_point(const fs::path& dir) {
  struct stat st {}, up {};
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return false;
#ifdef STATX_ATTR_MOUNT_ROOT
  struct statx sx {};
  if (::statx(AT_FDCWD, dir.c_str(), AT_SYMLINK_NOFOLLOW, 0, &sx) == 0 && (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
    return (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
#endif
  return ::stat(dir.parent_path().c_str(), &up) == 0 && up.st_dev != st.st_dev;
}

// OUT made absolute, with a chain of links followed to what the last one names.
util::Expected<fs::path> resolve_out(const fs::path& given) {
  std::error_code ec;
  fs::path out = fs::absolute(given, ec).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  struct stat st {};
  for (int hops = 0; ::lstat(out.c_str(), &st) == 0 && S_ISLNK(st.st_mode); ++hops) {
    fs::path target = fs::read_symlink(out, ec);
    if (ec || hops == 40) return util::failure("cannot follow the link " + given.string() + (ec ? ": " + ec.message() : ""));
    out = (target.is_absolute() ? target : out.parent_path() / target).lexically_normal();
    if (out.filename().empty()) out = out.parent_path();
  }
  return out;
}

// The entry-by-entry swap: each top-level entry of the new site exchanged with the current one's,
// then the current site's other entries moved into tmp, which is removed with them.
util::Expected<void> swap_entries(const SitePlace& place) {
  std::set<std::string> fresh;
  std::error_code ec;
  for (auto it = fs::directory_iterator(place.tmp, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->path().filename() != leftover_marker) fresh.insert(it->path().filename().string());
  if (ec) return util::failure("cannot read " + place.tmp.string() + ": " + ec.message());
  // The manifest first: a swap cut short then lists the new files (the old ones are carried as the user's).
  std::vector<std::string> order;
  if (fresh.contains(".anthology-files")) order.push_back(".anthology-files");
  for (const std::string& name : fresh)
    if (name != ".anthology-files") order.push_back(name);
  for (const std::string& name : order) {
    fs::path from = place.tmp / name, to = place.out / name;
    struct stat st {};
    bool exists = ::lstat(to.c_str(), &st) == 0;
    int rc = exists ? ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE)
                    : ::rename(from.c_str(), to.c_str());
    if (rc != 0) return util::failure("cannot move " + to.string() + " into place: " + errno_text());
  }
  for (auto it = fs::directory_iterator(place.out, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (fresh.contains(name) || name.starts_with(in_place_prefix)) continue;  // tmp, or another's
    if (::rename(it->path().c_str(), (place.tmp / name).c_str()) != 0)
      return util::failure("cannot remove " + it->path().string() + " from the old site: " + errno_text());
  }
  fs::remove_all(place.tmp, ec);
  return {};
}

// The two-rename swap where RENAME_EXCHANGE is unsupported: OUT to OUT.old-<pid>, then tmp to OUT. A
// kill between the two leaves no OUT: the next build puts OUT.old-<pid> back (restore_aside_site).
// Returns where the old site now is.
util::Expected<fs::path> swap_by_renames(const SitePlace& place, const Checkpoint& checkpoint) {
  fs::path old = place.out.parent_path() / (place.out.filename().string() + ".old-" + std::to_string(::getpid()));
  if (!remove_leftover(old)) return util::failure(old.string() + " is in the way and is not a leftover of anthology");
  mark_leftover(place.out, old.filename().string());
  if (::rename(place.out.c_str(), old.c_str()) != 0) {
    std::string reason = errno_text();
    fs::remove(place.out / leftover_marker);
    return util::failure("cannot move the old site aside: " + reason);
  }
  if (checkpoint) checkpoint("aside");
  if (::rename(place.tmp.c_str(), place.out.c_str()) != 0) {
    std::string reason = errno_text();
    ::rename(old.c_str(), place.out.c_str());
    std::error_code ec;
    fs::remove(place.out / leftover_marker, ec);
    return util::failure("cannot move the new site into place: " + reason);
  }
  if (checkpoint) checkpoint("renamed");
  return old;
}

// The new site (tmp) put at OUT in one step where it can be, by two renames where it cannot. Returns
// where the old site now is, marked as a leftover; empty when there was none.
util::Expected<fs::path> put_new_site(const SitePlace& place, const Checkpoint& checkpoint) {
  std::error_code ec;
  if (!fs::exists(place.out, ec)) {
    if (::rename(place.tmp.c_str(), place.out.c_str()) != 0)
      return util::failure("cannot move the new site into place: " + errno_text());
    return fs::path();
  }
  if (place.renames) return swap_by_renames(place, checkpoint);
  // The old site takes tmp's name in the exchange: marked first, so that a kill right after leaves a
  // leftover the next build removes. (The marker a kill leaves in the site names another folder: the
  // site is not taken for a leftover, and its top-level .anthology-* files are never the user's.)
  mark_leftover(place.out, place.tmp.filename().string());
  if (checkpoint) checkpoint("marked");
  if (::renameat2(AT_FDCWD, place.tmp.c_str(), AT_FDCWD, place.out.c_str(), RENAME_EXCHANGE) == 0) {
    if (checkpoint) checkpoint("exchanged");
    return place.tmp;
  }
  fs::remove(place.out / leftover_marker, ec);  // the old site's, put there for the exchange
  return swap_by_renames(place, checkpoint);
}

// A site a killed two-rename swap left aside: when OUT is missing and OUT.old-<pid> of a dead process
// is marked as ours, it goes back to OUT (with what the user kept in it) instead of being removed.
void restore_aside_site(const fs::path& out) {
  struct stat st {};
  if (::lstat(out.c_str(), &st) == 0 || errno != ENOENT) return;
  std::error_code ec;
  const std::string prefix = out.filename().string() + ".old-";
  for (auto it = fs::directory_iterator(out.parent_path(), ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (!of_dead_process(it->path().filename().string(), prefix) || !marked_leftover(it->path())) continue;
    if (::rename(it->path().c_str(), out.c_str()) == 0) fs::remove(out / leftover_marker, ec);
    return;
  }
}

}  // namespace

util::Expected<SitePlace> prepare_site_place(const fs::path& given, bool in_place) {
  auto out = resolve_out(given);
  if (!out) return std::unexpected(out.error());
  SitePlace place{*out, {}, in_place || is_mount_point(*out)};
  std::error_code ec;
  fs::path parent = place.out.parent_path();
  fs::create_directories(parent, ec);
  if (ec) return util::failure("cannot create " + parent.string() + ": " + ec.message());
  const std::string name = place.out.filename().string(), pid = std::to_string(::getpid());
  restore_aside_site(place.out);
  remove_dead_leftovers(parent, {name + ".tmp-", name + ".old-"});
  if (fs::is_directory(place.out, ec)) remove_dead_leftovers(place.out, {std::string(in_place_prefix)});
  place.tmp = place.in_place ? place.out / (std::string(in_place_prefix) + pid) : parent / (name + ".tmp-" + pid);
  if (place.in_place) fs::create_directories(place.out, ec);
  if (!remove_leftover(place.tmp)) return util::failure(place.tmp.string() + " is in the way and is not a leftover of anthology");
  if (!fs::create_directory(place.tmp, ec) || ec) return util::failure("cannot create " + place.tmp.string() + ": " + ec.message());
  if (!mark_leftover(place.tmp, place.tmp.filename().string()))
    return util::failure("cannot write in " + place.tmp.string() + ": " + errno_text());
  return place;
}

util::Expected<void> swap_site_in(const SitePlace& place, const Checkpoint& checkpoint) {
  if (place.in_place) return swap_entries(place);
  auto old = put_new_site(place, checkpoint);
  if (!old) return std::unexpected(old.error());
  // The new site kept its marker until it was in place (a kill before that leaves a marked leftover).
  std::error_code ec;
  fs::remove(place.out / leftover_marker, ec);
  if (!old->empty()) fs::remove_all(*old, ec);
  return {};
}

}  // namespace anth::render::site
