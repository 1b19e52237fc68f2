#include "core/util/contained_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace anth::util {

namespace fs = std::filesystem;

namespace {

// realpath(3): every symbolic link resolved; empty when some part does not exist.
fs::path real_path(const fs::path& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) return {};
  fs::path out(resolved);
  std::free(resolved);
  return out;
}

bool is_inside(const fs::path& real, const fs::path& root_real) {
  fs::path rel = real.lexically_relative(root_real);
  return !rel.empty() && *rel.begin() != "..";
}

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISDIR(mode)) return "a folder";
  return "not a regular file";
}

std::string not_regular(mode_t mode) {
  return std::string("file is not a regular file (") + kind_of(mode) + "); not read";
}

// Right after the failing call, before anything else can change errno.
std::string cannot_read() { return std::string("cannot read file: ") + std::strerror(errno); }

const char* const outside = "file leads outside the corpus through a symbolic link; not read";

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// What the descriptor really is, by the kernel's account: a file swapped after the checks by path.
fs::path path_of(int fd) {
  char buffer[PATH_MAX];
  std::string link = "/proc/self/fd/" + std::to_string(fd);
  ssize_t n = ::readlink(link.c_str(), buffer, sizeof buffer);
  return n > 0 && static_cast<std::size_t>(n) < sizeof buffer ? fs::path(std::string(buffer, static_cast<std::size_t>(n)))
                                                               : fs::path();
}

Expected<std::string> read_all(int fd, std::uint64_t limit, std::uint64_t size_hint) {
  std::string bytes;
  bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(limit + 1, std::max<std::uint64_t>(size_hint + 1, 4096))));
  std::size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (bytes.size() > limit) break;
      bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(bytes.size() * 2, limit + 1)));
    }
    ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return failure(cannot_read());
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace

fs::path real_root(const fs::path& root) {
  fs::path real = real_path(root);
  if (!real.empty()) return real;
  std::error_code ec;
  return fs::absolute(root, ec).lexically_normal();
}

bool resolves_inside(const fs::path& root_real, const fs::path& path) {
  std::error_code ec;
  fs::path real = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return !ec && is_inside(real, root_real);
}

Expected<std::string> read_inside(const fs::path& root_real, const std::string& relative, std::uint64_t limit) {
  // First by path, so that nothing outside the corpus and nothing but a regular file is even opened
  // (opening some devices has effects of its own). The scanner never enters a linked folder, so only
  // the last step can be a link, and only then is the whole path resolved.
  fs::path path = root_real / relative;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return failure(cannot_read());
  if (S_ISLNK(st.st_mode)) {
    path = real_path(path);
    if (path.empty()) return failure(cannot_read());
    if (!is_inside(path, root_real)) return failure(outside);
    if (::stat(path.c_str(), &st) != 0) return failure(cannot_read());
  }
  if (!S_ISREG(st.st_mode)) return failure(not_regular(st.st_mode));

  // Then what was opened: no link followed at the last step, never blocking on a FIFO put there since.
  Fd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) return failure(cannot_read());
  if (::fstat(fd.get(), &st) != 0) return failure(cannot_read());
  if (!S_ISREG(st.st_mode)) return failure(not_regular(st.st_mode));
  if (fs::path opened = path_of(fd.get()); !opened.empty() && !is_inside(opened, root_real)) return failure(outside);
  return read_all(fd.get(), limit, static_cast<std::uint64_t>(st.st_size));
}

}  // namespace anth::util