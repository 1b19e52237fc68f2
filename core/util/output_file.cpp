#include "core/util/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace anth::util {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

// A FIFO or a device: opened and written as `>` would.
Expected<void> write_through(const fs::path& path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return failure("cannot open " + path.string() + ": " + errno_text());
  bool written = write_all(fd, bytes);
  std::string reason = errno_text();
  if (::close(fd) != 0 && written) {
    written = false;
    reason = errno_text();
  }
  if (!written) return failure("cannot write " + path.string() + ": " + reason);
  return {};
}

// A temporary file beside `path`, renamed over it once whole.
Expected<void> replace_file(const fs::path& path, std::string_view bytes, const struct stat* existing) {
  fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::string temp = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return failure("cannot write " + path.string() + ": " + errno_text());
  mode_t mode = 0;
  if (existing) {
    mode = existing->st_mode & 07777;
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  bool ok = ::fchmod(fd, mode) == 0 && write_all(fd, bytes) && ::fsync(fd) == 0;
  std::string reason = errno_text();
  if (::close(fd) != 0 && ok) {
    ok = false;
    reason = errno_text();
  }
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    reason = errno_text();
  }
  if (!ok) {
    ::unlink(temp.c_str());
    return failure("cannot write " + path.string() + ": " + reason);
  }
  return {};
}

}  // namespace

Expected<void> write_output_file(const fs::path& given, std::string_view bytes, const OutputFileOptions& options) {
  fs::path path = given;
  struct stat st {};
  // Follows a chain of links by hand: what the last one names may not exist yet, as `>` allows.
  for (int hops = 0; ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode); ++hops) {
    std::error_code ec;
    fs::path target = fs::read_symlink(path, ec);
    if (!options.follow_links)
      return failure("refusing to write " + given.string() + ": it is a symbolic link (to " + target.string() + ")");
    if (ec) return failure("cannot write " + given.string() + ": " + ec.message());
    if (hops == 40) return failure("cannot write " + given.string() + ": too many levels of symbolic links");
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  bool exists = ::lstat(path.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) return failure("cannot write " + given.string() + ": " + errno_text());
  if (exists && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) return write_through(path, bytes);
  if (exists && S_ISDIR(st.st_mode)) return failure("cannot write " + given.string() + ": it is a folder");
  if (exists && !S_ISREG(st.st_mode))
    return failure("refusing to write " + given.string() + ": not a regular file, pipe or character device");
  if (exists && options.may_replace)
    if (auto ok = options.may_replace(path); !ok) return ok;
  return replace_file(path, bytes, exists ? &st : nullptr);
}

Expected<bool> create_new_file(const fs::path& path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (errno == EEXIST) return false;
    return failure("cannot create " + path.string() + ": " + errno_text());
  }
  bool written = write_all(fd, bytes);
  std::string reason = written ? "" : errno_text();
  if (::close(fd) != 0 && written) written = false, reason = errno_text();
  if (written) return true;
  ::unlink(path.c_str());  // ours: created just now, and not whole
  return failure("cannot write " + path.string() + ": " + reason);
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace anth::util