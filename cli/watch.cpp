#include "cli/watch.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <set>

namespace anth::cli {

namespace fs = std::filesystem;

namespace {

volatile std::sig_atomic_t interrupted = 0;
void on_interrupt(int) { interrupted = 1; }

constexpr std::uint32_t watch_mask =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ATTRIB;

bool hidden(const fs::path& p) {
  std::string name = p.filename().string();
  return !name.empty() && name[0] == '.';
}

class Watcher {
 public:
  explicit Watcher(fs::path root) : root_(std::move(root)) {}
  ~Watcher() {
    if (fd_ >= 0) ::close(fd_);
  }

  util::Expected<void> start() {
    fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd_ < 0) return util::failure(std::string("cannot watch files: ") + std::strerror(errno));
    return add_tree(root_);
  }

  // Waits up to timeout_ms for events; returns the corpus-relative paths of .md files and anthology.toml
  // that changed (new folders are watched as they appear).
  std::set<std::string> poll_changes(int timeout_ms) {
    std::set<std::string> changed;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) <= 0) return changed;
    alignas(inotify_event) char buf[64 * 1024];
    for (ssize_t n; (n = ::read(fd_, buf, sizeof buf)) > 0;) {
      for (char* at = buf; at < buf + n;) {
        auto* ev = reinterpret_cast<inotify_event*>(at);
        at += sizeof(inotify_event) + ev->len;
        auto dir = dirs_.find(ev->wd);
        if (dir == dirs_.end() || ev->len == 0) continue;
        fs::path path = dir->second / ev->name;
        if (hidden(path)) continue;
        std::error_code ec;
        if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO))) {
          (void)add_tree(path);
          changed.insert(fs::relative(path, root_, ec).generic_string() + "/");
        } else if (path.extension() == ".md" || path.filename() == "anthology.toml") {
          changed.insert(fs::relative(path, root_, ec).generic_string());
        }
      }
    }
    return changed;
  }

 private:
  util::Expected<void> add_tree(const fs::path& top) {
    if (auto ok = add(top); !ok) return ok;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(top, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_directory(ec)) continue;
      if (hidden(it->path())) {
        it.disable_recursion_pending();
        continue;
      }
      (void)add(it->path());
    }
    return {};
  }

  util::Expected<void> add(const fs::path& dir) {
    int wd = ::inotify_add_watch(fd_, dir.c_str(), watch_mask);
    if (wd < 0) return util::failure("cannot watch " + dir.string() + ": " + std::strerror(errno));
    dirs_[wd] = dir;
    return {};
  }

  fs::path root_;
  int fd_ = -1;
  std::map<int, fs::path> dirs_;
};

}  // namespace

util::Expected<void> watch_corpus(const WatchOptions& options,
                            const std::function<void(const std::vector<std::string>& changed)>& rebuild) {
  Watcher watcher(options.root);
  if (auto ok = watcher.start(); !ok) return ok;
  if (options.watching) options.watching();
  interrupted = 0;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  int rebuilds = 0;
  while (!interrupted && (options.max_rebuilds < 0 || rebuilds < options.max_rebuilds)) {
    std::set<std::string> changed = watcher.poll_changes(500);
    if (changed.empty()) continue;
    // Let a burst of saves (editors write, rename and touch) settle into one rebuild.
    for (std::set<std::string> more; !(more = watcher.poll_changes(options.settle_ms)).empty();)
      changed.insert(more.begin(), more.end());
    rebuild(std::vector<std::string>(changed.begin(), changed.end()));
    ++rebuilds;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  return {};
}

}  // namespace anth::cli
