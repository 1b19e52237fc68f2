#include "render/site/site_writer.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "core/util/output_file.h"
#include "render/site/site_carry.h"

namespace anth::render::site {

namespace fs = std::filesystem;

namespace {

bool is_page(std::string_view path) { return path.ends_with(".html"); }

// Files queued and not yet written, at most: rendering runs ahead of writing only this far.
constexpr std::size_t queue_bytes_cap = 16u << 20;

bool same_bytes(const fs::path& file, const std::string& bytes) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);  // a FIFO must not block
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

util::Expected<void> write_file(const fs::path& file, const std::string& bytes) {
  auto made = util::create_new_file(file, bytes);
  if (!made) return std::unexpected(made.error());
  if (!*made) return util::failure("cannot create " + file.string() + ": " + std::strerror(EEXIST));
  return {};
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

util::Expected<void> check_out_dir(const fs::path& out, const fs::path& corpus_root) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(fs::absolute(out, ec), ec);
  fs::path corpus = fs::weakly_canonical(fs::absolute(corpus_root, ec), ec);
  if (target.empty() || target == target.root_path()) return util::failure("refusing to write the site to " + out.string());
  // The corpus, or a folder holding it, must never be swapped away.
  auto rel = corpus.lexically_relative(target);
  if (!rel.empty() && rel.native().rfind("..", 0) != 0)
    return util::failure("refusing to write the site to " + out.string() + ": it holds the corpus");
  if (fs::exists(target, ec)) {
    if (!fs::is_directory(target, ec)) return util::failure(out.string() + " exists and is not a folder");
    bool empty = fs::directory_iterator(target, ec) == fs::directory_iterator();
    if (!empty && !fs::exists(target / site_marker, ec))
      return util::failure("refusing to replace " + out.string() + ": it is not a site written by anthology (no " +
                     site_marker + "); remove it or choose another --out");
    auto manifest = SiteManifest::load(target);
    if (manifest && !manifest->corpus.empty() && manifest->corpus != corpus.string())
      return util::failure("refusing to replace " + out.string() + ": it is the site of the corpus at " + manifest->corpus +
                     ", not of " + corpus.string() + "; choose another --out (or, if that corpus moved here, remove " +
                     (out / manifest_file).string() + ")");
  }
  return {};
}

util::Expected<std::unique_ptr<SiteWriter>> SiteWriter::begin(const fs::path& out_given, const WriteOptions& options) {
  auto place = prepare_site_place(out_given, options.swap_entries);
  if (!place) return std::unexpected(place.error());
  place->renames = options.swap_renames;
  std::optional<SiteManifest> before = SiteManifest::load(place->out);
  return std::unique_ptr<SiteWriter>(new SiteWriter(std::move(*place), std::move(before), options));
}

SiteWriter::SiteWriter(SitePlace place, std::optional<SiteManifest> before, const WriteOptions& options)
    : place_(std::move(place)), before_(std::move(before)), options_(options) {
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

const FileRecord* SiteWriter::keepable(const std::string& path) const {
  if (failed_ || !safe_relative_path(path) || !before_) return nullptr;
  auto recorded = before_->files.find(path);
  if (recorded == before_->files.end()) return nullptr;
  // A page damaged inside the site is rendered again. Its bytes are read and hashed unless it still
  // has the size, mtime and inode recorded with the hash (reading every kept page of 10,000 costs
  // about a second; a change that restores the mtime by hand is the one it misses).
  if (!same_stat(recorded->second, out_ / path)) {
    std::optional<FileRecord> now = record_of_file(out_ / path);
    if (!now || now->hash != recorded->second.hash || now->size != recorded->second.size) return nullptr;
  }
  return &recorded->second;
}

bool SiteWriter::keep(const std::string& path) {
  const FileRecord* recorded = keepable(path);
  return recorded && enqueue({path, {}, true, *recorded});
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
      if (!failed_) file.keep ? carry_over(file) : write(file.path, file.bytes);
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

void SiteWriter::carry_over(const Queued& file) {
  if (!make_parent(file.path)) return;
  if (auto ec = link_or_copy(out_ / file.path, tmp_ / file.path))
    fail("cannot keep " + (out_ / file.path).string() + ": " + ec.message());
  else
    after_.files[file.path] = with_stat(file.kept.hash, tmp_ / file.path);
}

void SiteWriter::write(const std::string& path, const std::string& bytes) {
  fs::path target = tmp_ / path;
  if (!make_parent(path)) return;
  fs::path old = out_ / path;
  const std::uint64_t hash = hash_bytes(bytes);
  if (same_bytes(old, bytes) && !link_or_copy(old, target)) {
    after_.files[path] = with_stat(hash, target);
    return;
  }
  long n = writes_.fetch_add(1);
  if (options_.checkpoint) options_.checkpoint("file");
  if (options_.fail_after >= 0 && n >= options_.fail_after) {
    fail("cannot write " + target.string() + ": injected fault");
    return;
  }
  if (auto w = write_file(target, bytes); !w) {
    fail(w.error());
    return;
  }
  after_.files[path] = with_stat(hash, target);
  std::lock_guard lock(mutex_);
  ++stats_.files_written;
  if (is_page(path)) ++stats_.pages_written;
}

util::Expected<void> SiteWriter::carry_user_entries() {
  UserEntries user = find_user_entries(out_, paths_, before_ ? &*before_ : nullptr);
  if (!user.conflicts.empty()) {
    std::string names;
    for (std::size_t i = 0; i < user.conflicts.size() && i < 5; ++i) names += (i ? ", " : "") + user.conflicts[i];
    if (user.conflicts.size() > 5) names += " and " + std::to_string(user.conflicts.size() - 5) + " more";
    return util::failure("refusing to replace " + names + " in " + out_.string() +
                   ": not written by anthology, and the build now writes a file of that name; move it away");
  }
  for (const std::string& path : user.carried) {
    if (!make_parent(path)) return util::failure(error());
    if (auto carried = carry_entry(out_ / path, tmp_ / path); !carried) return carried;
  }
  after_.user = std::move(user.carried);
  return {};
}

util::Expected<void> SiteWriter::write_manifest() {
  std::error_code ec;
  if (!options_.corpus.empty()) after_.corpus = fs::weakly_canonical(fs::absolute(options_.corpus, ec), ec).string();
  std::string bytes = after_.encode();
  fs::path old = out_ / manifest_file, target = tmp_ / manifest_file;
  if (same_bytes(old, bytes) && !link_or_copy(old, target)) return {};
  return write_file(target, bytes);
}

util::Expected<WriteStats> SiteWriter::commit() {
  if (!put(site_marker, "This folder is a site written by `anthology build`. The next build replaces the files it\n"
                        "wrote (listed in .anthology-files) and keeps every other file.\n"))
    return util::failure(error());
  finish_writing();
  if (failed_) return util::failure(error());
  const Checkpoint& point = options_.checkpoint;
  if (point) point("written");
  if (auto carried = carry_user_entries(); !carried) return std::unexpected(carried.error());
  if (point) point("carried");
  if (auto manifest = write_manifest(); !manifest) return std::unexpected(manifest.error());
  if (point) point("manifest");
  if (auto swapped = swap_site_in(place_, point); !swapped) return std::unexpected(swapped.error());
  done_ = true;
  return stats_;
}

util::Expected<WriteStats> write_site(const fs::path& out, const SiteFiles& files, const WriteOptions& options) {
  auto writer = SiteWriter::begin(out, options);
  if (!writer) return std::unexpected(writer.error());
  for (const SiteFile& f : files)
    if (!(*writer)->put(f.path, f.bytes)) return util::failure((*writer)->error());
  return (*writer)->commit();
}

}  // namespace anth::render::site
