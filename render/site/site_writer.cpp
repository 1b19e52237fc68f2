#include "render/site/site_writer.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace anth::site {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

bool same_bytes(const fs::path& file, const std::string& bytes) {
  std::error_code ec;
  auto status = fs::symlink_status(file, ec);
  if (ec || !fs::is_regular_file(status)) return false;
  if (fs::file_size(file, ec) != bytes.size() || ec) return false;
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  std::string have((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return have == bytes;
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

Expected<WriteStats> write_site(const fs::path& out_given, const SiteFiles& files, const WriteOptions& options) {
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

  WriteStats stats;
  auto abandon = [&](std::string reason) -> Expected<WriteStats> {
    std::error_code ignored;
    fs::remove_all(tmp, ignored);
    return failure(std::move(reason));
  };

  SiteFiles all = files;
  all.push_back({site_marker, "This folder is a site written by `anthology build`; the next build replaces it whole.\n"});
  for (const SiteFile& f : all) {
    if (!safe_relative_path(f.path)) return abandon("refusing to write outside the site: " + f.path);
    bool page = f.path.size() > 5 && f.path.compare(f.path.size() - 5, 5, ".html") == 0;
    ++stats.files_total;
    if (page) ++stats.pages_total;
    fs::path target = tmp / f.path;
    if (f.path.find('/') != std::string::npos) {
      fs::create_directories(target.parent_path(), ec);
      if (ec) return abandon("cannot create " + target.parent_path().string() + ": " + ec.message());
    }
    fs::path old = out / f.path;
    if (same_bytes(old, f.bytes)) {
      if (::link(old.c_str(), target.c_str()) == 0) continue;
      fs::copy_file(old, target, ec);
      if (!ec) continue;
    }
    if (options.kill_after >= 0 && static_cast<long>(stats.files_written) >= options.kill_after) ::kill(::getpid(), SIGKILL);
    if (options.fail_after >= 0 && static_cast<long>(stats.files_written) >= options.fail_after)
      return abandon("cannot write " + target.string() + ": injected fault");
    if (auto w = write_file(target, f.bytes); !w) return abandon(w.error());
    ++stats.files_written;
    if (page) ++stats.pages_written;
  }

  // Swap the new site in.
  if (fs::exists(out, ec)) {
    if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, out.c_str(), RENAME_EXCHANGE) == 0) {
      fs::remove_all(tmp, ec);  // now the old site
      return stats;
    }
    fs::path old = parent / (out.filename().string() + ".old-" + std::to_string(::getpid()));
    fs::remove_all(old, ec);
    if (::rename(out.c_str(), old.c_str()) != 0) return abandon("cannot move the old site aside: " + errno_text());
    if (::rename(tmp.c_str(), out.c_str()) != 0) {
      std::string reason = errno_text();
      ::rename(old.c_str(), out.c_str());
      return abandon("cannot move the new site into place: " + reason);
    }
    fs::remove_all(old, ec);
    return stats;
  }
  if (::rename(tmp.c_str(), out.c_str()) != 0) return abandon("cannot move the new site into place: " + errno_text());
  return stats;
}

}  // namespace anth::site
