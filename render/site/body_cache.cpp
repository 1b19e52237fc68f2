#include "render/site/body_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/util/output_file.h"

namespace anth::site {

namespace {

// File: magic, context, then the entries' payloads, then the table (count, then per entry: path,
// content hash, dependencies, offset, length), then the table's offset as the last 8 bytes.
// Payload: queries, plain text, links (target, excerpt), terms; each text as u32 length + bytes.
constexpr char magic[8] = {'A', 'N', 'T', 'H', 'B', 'O', 'D', '1'};
constexpr std::uint64_t table_cap = 1u << 26;  // a table larger than this is damage, not a cache

class Out {
 public:
  void u32(std::uint32_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void u64(std::uint64_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void text(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes.append(s);
  }
  std::string bytes;
};

class In {
 public:
  explicit In(std::string_view b) : rest_(b) {}
  bool u32(std::uint32_t& v) { return raw(&v, sizeof v); }
  bool u64(std::uint64_t& v) { return raw(&v, sizeof v); }
  bool text(std::string& s) {
    std::string_view v;
    if (!text_view(v)) return false;
    s.assign(v);
    return true;
  }
  bool text_view(std::string_view& s) {
    std::uint32_t n = 0;
    if (!u32(n) || n > rest_.size()) return false;
    s = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return true;
  }
  bool done() const { return rest_.empty(); }

 private:
  bool raw(void* to, std::size_t n) {
    if (rest_.size() < n) return false;
    std::memcpy(to, rest_.data(), n);
    rest_.remove_prefix(n);
    return true;
  }
  std::string_view rest_;
};

bool read_at(int fd, std::uint64_t offset, std::string& into) {
  for (std::size_t done = 0; done < into.size();) {
    ssize_t n = ::pread(fd, into.data() + done, into.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

BodyCache::BodyCache(std::filesystem::path file, std::uint64_t context)
    : file_(std::move(file)), next_(file_.string() + ".tmp-" + std::to_string(::getpid())), context_(context) {
  in_ = ::open(file_.c_str(), O_RDONLY | O_CLOEXEC);
  if (in_ >= 0) {
    // Head and footer, then the table; anything amiss leaves the cache empty.
    off_t size = ::lseek(in_, 0, SEEK_END);
    std::string head(16, '\0'), foot(8, '\0');
    std::uint64_t stored_context = 0, table_at = 0;
    bool ok = size >= 24 && read_at(in_, 0, head) && std::memcmp(head.data(), magic, sizeof magic) == 0 &&
              read_at(in_, static_cast<std::uint64_t>(size) - 8, foot);
    if (ok) {
      std::memcpy(&stored_context, head.data() + 8, 8);
      std::memcpy(&table_at, foot.data(), 8);
      ok = stored_context == context_ && table_at >= 16 && table_at + 8 <= static_cast<std::uint64_t>(size) &&
           static_cast<std::uint64_t>(size) - 8 - table_at <= table_cap;
    }
    std::string table;
    if (ok) {
      table.resize(static_cast<std::size_t>(static_cast<std::uint64_t>(size) - 8 - table_at));
      ok = read_at(in_, table_at, table);
    }
    In t(table);
    std::uint64_t count = 0;
    if (ok && t.u64(count)) {
      for (std::uint64_t i = 0; i < count; ++i) {
        std::string path;
        Entry e;
        if (!t.text(path) || !t.u64(e.content_hash) || !t.u64(e.dependencies) || !t.u64(e.offset) || !t.u64(e.length) ||
            e.offset + e.length > table_at) {
          old_.clear();
          break;
        }
        old_.emplace(std::move(path), e);
      }
    }
  }
  out_ = ::open(next_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  Out head;
  head.bytes.append(magic, sizeof magic);
  head.u64(context_);
  broken_ = out_ < 0 || !write_all(out_, head.bytes);
  written_ = head.bytes.size();
}

BodyCache::~BodyCache() {
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) {
    ::close(out_);
    ::unlink(next_.c_str());
  }
}

std::optional<RenderedBody> BodyCache::find(const std::string& path, std::uint64_t content_hash,
                                            const std::function<std::uint64_t(std::string_view)>& replay) const {
  auto it = old_.find(path);
  if (in_ < 0 || it == old_.end() || it->second.content_hash != content_hash) return std::nullopt;
  std::string payload(it->second.length, '\0');
  if (!read_at(in_, it->second.offset, payload)) return std::nullopt;
  In in(payload);
  std::string_view queries;
  if (!in.text_view(queries) || replay(queries) != it->second.dependencies) return std::nullopt;
  RenderedBody b;
  std::uint32_t links = 0, terms = 0;
  if (!in.text(b.plain) || !in.u32(links)) return std::nullopt;
  for (std::uint32_t i = 0; i < links; ++i) {
    BodyLink l;
    if (!in.text(l.target) || !in.text(l.excerpt)) return std::nullopt;
    b.links.push_back(std::move(l));
  }
  if (!in.u32(terms)) return std::nullopt;
  for (std::uint32_t i = 0; i < terms; ++i) {
    std::string term;
    if (!in.text(term)) return std::nullopt;
    b.terms.push_back(std::move(term));
  }
  if (!in.done()) return std::nullopt;
  ++hits_;
  return b;
}

void BodyCache::add(const std::string& path, std::uint64_t content_hash, std::uint64_t dependencies,
                    std::string_view queries, const RenderedBody& body) {
  if (broken_) return;
  Out p;
  p.text(queries);
  p.text(body.plain);
  p.u32(static_cast<std::uint32_t>(body.links.size()));
  for (const BodyLink& l : body.links) p.text(l.target), p.text(l.excerpt);
  p.u32(static_cast<std::uint32_t>(body.terms.size()));
  for (const std::string& t : body.terms) p.text(t);
  if (!write_all(out_, p.bytes)) {
    broken_ = true;
    return;
  }
  new_.push_back({path, {content_hash, dependencies, written_, p.bytes.size()}});
  written_ += p.bytes.size();
}

bool BodyCache::save() {
  if (file_.empty()) return true;
  if (broken_ || out_ < 0) return false;
  Out t;
  t.u64(new_.size());
  for (const auto& [path, e] : new_) {
    t.text(path);
    t.u64(e.content_hash);
    t.u64(e.dependencies);
    t.u64(e.offset);
    t.u64(e.length);
  }
  t.u64(written_);
  bool ok = write_all(out_, t.bytes) && ::close(out_) == 0;
  out_ = -1;
  if (ok) ok = ::rename(next_.c_str(), file_.c_str()) == 0;
  if (!ok) ::unlink(next_.c_str());
  return ok;
}

}  // namespace anth::site
