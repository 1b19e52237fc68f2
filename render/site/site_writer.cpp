#include "render/site/site_writer.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

namespace anth::site {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

bool is_page(std::string_view path) { return path.ends_with(".html"); }

// The current site's file under a second name in the new one (a hard link), else a copy; the error
// when neither worked.
std::error_code link_or_copy(const fs::path& from, const fs::path& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return {};
  std::error_code ec;
  fs::copy_file(from, to, ec);
  return ec;
}

// Files queued and not yet written, at most: rendering runs ahead of writing only this far.
constexpr std::size_t queue_bytes_cap = 16u << 20;

bool same_bytes(const fs::path& file, const std::string& bytes) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  struct stat st {};
  bool same = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) == bytes.size();
  // Compared a block at a time: no copy of the old file is held.
  char block[1 << 16];
  for (std::size_t done = 0; same && done < bytes.size();) {
    ssize_t n = ::read(fd, block, std::min(sizeof block, bytes.size() - done));
    if (n < 0 && errno == EINTR) continue;
    same = n > 0 && std::memcmp(block, bytes.data() + done, static_cast<std::size_t>(n)) == 0;
    done += n > 0 ? static_cast<std::size_t>(n) : 0;
  }
  ::close(fd);
  return same;
}

Expected<void> write_file(const fs::path& file, const std::string& bytes) {
  int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return failure("cannot create " + file.string() + ": " + errno_text());
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string reason = errno_text();
      ::close(fd);
      return failure("cannot write " + file.string() + ": " + reason);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return failure("cannot write " + file.string() + ": " + errno_text());
  return {};
}

// Removes OUT.tmp-<pid> and OUT.old-<pid> folders whose process is gone.
void remove_stale_siblings(const fs::path& out) {
  std::error_code ec;
  fs::path parent = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::string name = out.filename().string();
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    std::string other = entry.path().filename().string();
    for (const char* tag : {".tmp-", ".old-"}) {
      std::string prefix = name + tag;
      if (other.rfind(prefix, 0) != 0) continue;
      std::string digits = other.substr(prefix.size());
      if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
      long pid = std::strtol(digits.c_str(), nullptr, 10);
      if (pid <= 0 || (pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) == 0) || (pid != ::getpid() && errno == EPERM)) continue;
      fs::remove_all(entry.path(), ec);
    }
  }
}

}  // namespace

bool safe_relative_path(std::string_view path) {
  if (path.empty() || path.front() == '/') return false;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t slash = path.find('/', start);
    std::string_view seg = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (seg.empty() || seg == "." || seg == ".." || seg.find('\\') != std::string_view::npos ||
        seg.find('\0') != std::string_view::npos)
      return false;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return true;
}

Expected<void> check_out_dir(const fs::path& out, const fs::path& corpus_root) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(fs::absolute(out, ec), ec);
  fs::path corpus = fs::weakly_canonical(fs::absolute(corpus_root, ec), ec);
  if (target.empty() || target == target.root_path()) return failure("refusing to write the site to " + out.string());
  // The corpus, or a folder holding it, must never be swapped away.
  auto rel = corpus.lexically_relative(target);
  if (!rel.empty() && rel.native().rfind("..", 0) != 0)
    return failure("refusing to write the site to " + out.string() + ": it holds the corpus");
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec)) return failure(out.string() + " exists and is not a folder");
    bool empty = fs::directory_iterator(target, ec) == fs::directory_iterator();
    if (!empty && !fs::exists(target / site_marker, ec))
      return failure("refusing to replace " + out.string() + ": it is not a site written by anthology (no " +
                     site_marker + "); remove it or choose another --out");
  }
  return {};
}

Expected<std::unique_ptr<SiteWriter>> SiteWriter::begin(const fs::path& out_given, const WriteOptions& options) {
  std::error_code ec;
  fs::path out = fs::absolute(out_given, ec).lexically_normal();
  if (out.filename().empty()) out = out.parent_path();
  fs::path parent = out.parent_path();
  fs::create_directories(parent, ec);
  if (ec) return failure("cannot create " + parent.string() + ": " + ec.message());
  remove_stale_siblings(out);
  fs::path tmp = parent / (out.filename().string() + ".tmp-" + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  if (!fs::create_directory(tmp, ec) || ec) return failure("cannot create " + tmp.string() + ": " + ec.message());
  return std::unique_ptr<SiteWriter>(new SiteWriter(out, tmp, options));
}

SiteWriter::SiteWriter(fs::path out, fs::path tmp, const WriteOptions& options)
    : out_(std::move(out)), tmp_(std::move(tmp)), options_(options) {
  thread_ = std::thread([this] { drain(); });  // once every member is there
}

SiteWriter::~SiteWriter() {
  if (!done_) {
    std::lock_guard lock(mutex_);
    queue_.clear();  // a build that did not commit: nothing more is worth writing
  }
  finish_writing();
  if (done_) return;
  std::error_code ec;
  fs::remove_all(tmp_, ec);
}

std::string SiteWriter::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

bool SiteWriter::fail(std::string reason) {
  std::lock_guard lock(mutex_);
  if (error_.empty()) error_ = std::move(reason);
  failed_ = true;
  return false;
}

bool SiteWriter::put(const std::string& path, std::string bytes) {
  if (failed_) return false;
  if (!safe_relative_path(path)) return fail("refusing to write outside the site: " + path);
  return enqueue({path, std::move(bytes), false});
}

bool SiteWriter::keep(const std::string& path) {
  if (failed_ || !safe_relative_path(path)) return false;
  struct stat st{};
  if (::stat((out_ / path).c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  return enqueue({path, {}, true});
}

bool SiteWriter::enqueue(Queued file) {
  bool page = is_page(file.path);
  std::unique_lock lock(mutex_);
  if (closing_) return false;
  if (!paths_.insert(file.path).second) return true;  // the first file of a path keeps it
  ++stats_.files_total;
  if (page) ++stats_.pages_total;
  taken_.wait(lock, [&] { return queued_bytes_ < queue_bytes_cap || failed_; });
  if (failed_) return false;
  queued_bytes_ += file.bytes.size();
  queue_.push_back(std::move(file));
  queued_.notify_one();
  return true;
}

void SiteWriter::drain() {
  std::unique_lock lock(mutex_);
  while (true) {
    queued_.wait(lock, [&] { return !queue_.empty() || closing_; });
    if (queue_.empty()) return;
    Queued file = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    try {
      if (!failed_) file.keep ? carry_over(file.path) : write(file.path, file.bytes);
    } catch (const std::exception& e) {  // not a reason to end the process: the build fails instead
      fail("cannot write " + file.path + ": " + e.what());
    }
    lock.lock();
    queued_bytes_ -= file.bytes.size();
    taken_.notify_all();
  }
}

void SiteWriter::finish_writing() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  queued_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool SiteWriter::make_parent(const std::string& path) {
  if (auto slash = path.rfind('/'); slash != std::string::npos && dirs_.insert(path.substr(0, slash)).second) {
    fs::path parent = (tmp_ / path).parent_path();
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec) return fail("cannot create " + parent.string() + ": " + ec.message());
  }
  return true;
}

void SiteWriter::carry_over(const std::string& path) {
  if (!make_parent(path)) return;
  if (auto ec = link_or_copy(out_ / path, tmp_ / path)) fail("cannot keep " + (out_ / path).string() + ": " + ec.message());
}

void SiteWriter::write(const std::string& path, const std::string& bytes) {
  fs::path target = tmp_ / path;
  if (!make_parent(path)) return;
  fs::path old = out_ / path;
  if (same_bytes(old, bytes) && !link_or_copy(old, target)) return;
  long n = writes_.fetch_add(1);
  if (options_.kill_after >= 0 && n >= options_.kill_after) ::kill(::getpid(), SIGKILL);
  if (options_.fail_after >= 0 && n >= options_.fail_after) {
    fail("cannot write " + target.string() + ": injected fault");
    return;
  }
  if (auto w = write_file(target, bytes); !w) {
    fail(w.error());
    return;
  }
  std::lock_guard lock(mutex_);
  ++stats_.files_written;
  if (is_page(path)) ++stats_.pages_written;
}

Expected<WriteStats> SiteWriter::commit() {
  if (!put(site_marker, "This folder is a site written by `anthology build`; the next build replaces it whole.\n"))
    return failure(error());
  finish_writing();
  if (failed_) return failure(error());
  std::error_code ec;
  fs::path parent = out_.parent_path();
  if (fs::exists(out_, ec)) {
    if (::renameat2(AT_FDCWD, tmp_.c_str(), AT_FDCWD, out_.c_str(), RENAME_EXCHANGE) != 0) {
      fs::path old = parent / (out_.filename().string() + ".old-" + std::to_string(::getpid()));
      fs::remove_all(old, ec);
      if (::rename(out_.c_str(), old.c_str()) != 0) return failure("cannot move the old site aside: " + errno_text());
      if (::rename(tmp_.c_str(), out_.c_str()) != 0) {
        std::string reason = errno_text();
        ::rename(old.c_str(), out_.c_str());
        return failure("cannot move the new site into place: " + reason);
      }
      fs::remove_all(old, ec);
      done_ = true;
      return stats_;
    }
    fs::remove_all(tmp_, ec);  // now the old site
    done_ = true;
    return stats_;
  }
  if (::rename(tmp_.c_str(), out_.c_str()) != 0) return failure("cannot move the new site into place: " + errno_text());
  done_ = true;
  return stats_;
}

Expected<WriteStats> write_site(const fs::path& out, const SiteFiles& files, const WriteOptions& options) {
  auto writer = SiteWriter::begin(out, options);
  if (!writer) return std::unexpected(writer.error());
  for (const SiteFile& f : files)
    if (!(*writer)->put(f.path, f.bytes)) return failure((*writer)->error());
  return (*writer)->commit();
}

}  // namespace anth::site
