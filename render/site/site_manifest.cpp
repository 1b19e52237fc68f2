#include "render/site/site_manifest.h"
#include "render/site/own_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/util/file_times.h"

namespace anth::render::site {

namespace {

constexpr std::string_view header = "anthology site files 1";

// Reads one number and the space after it from `text`, advancing it.
template <class T>
bool take_number(std::string_view& text, T& value, int base = 10) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc() || end == text.data() + text.size() || *end != ' ') return false;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()) + 1);
  return true;
}

bool parse_file_line(std::string_view line, SiteManifest& m) {
  // "<16 hex> <size> <mtime_ns> <inode> <path>"
  FileRecord r;
  if (line.size() < 17 || line[16] != ' ') return false;
  if (!take_number(line, r.hash, 16) || !take_number(line, r.size) || !take_number(line, r.mtime_ns) ||
      !take_number(line, r.inode) || line.empty())
    return false;
  m.files.emplace(std::string(line), r);
  return true;
}

using util::mtime_ns;

}  // namespace

std::optional<SiteManifest> SiteManifest::load(const std::filesystem::path& site) {
  std::istringstream in(read_own_file(site, manifest_file).value_or(""));
  std::string line;
  if (!std::getline(in, line) || line != header) return std::nullopt;
  SiteManifest m;
  while (std::getline(in, line)) {
    if (line.starts_with("corpus ")) {
      m.corpus = line.substr(7);
    } else if (line.starts_with("user ")) {
      if (line.size() > 5) m.user.push_back(line.substr(5));
    } else if (!parse_file_line(line, m)) {
      return std::nullopt;
    }
  }
  return m;
}

std::string SiteManifest::encode() const {
  std::vector<std::pair<std::string, FileRecord>> sorted(files.begin(), files.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> users = user;
  std::sort(users.begin(), users.end());
  std::string out = std::string(header) + "\n";
  if (!corpus.empty() && corpus.find('\n') == std::string::npos) out += "corpus " + corpus + "\n";
  char hex[17];
  for (const auto& [path, r] : sorted) {
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(r.hash));
    out.append(hex, 16).append(" ").append(std::to_string(r.size)).append(" ").append(std::to_string(r.mtime_ns));
    out.append(" ").append(std::to_string(r.inode)).append(" ").append(path).append("\n");
  }
  for (const std::string& path : users)
    if (path.find('\n') == std::string::npos) out.append("user ").append(path).append("\n");
  return out;
}

std::uint64_t hash_bytes(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::optional<FileRecord> record_of_file(const std::filesystem::path& file) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);  // a FIFO must not block
  if (fd < 0) return std::nullopt;
  struct Free {
    void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
  };
  std::unique_ptr<XXH3_state_t, Free> state(XXH3_createState());
  XXH3_64bits_reset(state.get());
  struct stat st {};
  FileRecord r;
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  char block[1 << 16];
  while (ok) {
    ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    XXH3_64bits_update(state.get(), block, static_cast<std::size_t>(n));
    r.size += static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  if (!ok) return std::nullopt;
  r.hash = XXH3_64bits_digest(state.get());
  r.mtime_ns = mtime_ns(st);
  r.inode = st.st_ino;
  return r;
}

FileRecord with_stat(std::uint64_t hash, const std::filesystem::path& file) {
  FileRecord r{hash, 0, 0, 0};
  struct stat st {};
  if (::lstat(file.c_str(), &st) == 0) {
    r.size = static_cast<std::uint64_t>(st.st_size);
    r.mtime_ns = mtime_ns(st);
    r.inode = st.st_ino;
  }
  return r;
}

bool same_stat(const FileRecord& r, const std::filesystem::path& file) {
  struct stat st {};
  return r.inode != 0 && ::lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         static_cast<std::uint64_t>(st.st_size) == r.size && mtime_ns(st) == r.mtime_ns && st.st_ino == r.inode;
}

}  // namespace anth::render::site
