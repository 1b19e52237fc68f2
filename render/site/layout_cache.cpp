#include "render/site/layout_cache.h"

#include <xxhash.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace anth::render::site {

namespace {

constexpr char magic[8] = {'A', 'N', 'T', 'H', 'L', 'A', 'Y', '1'};

std::uint32_t quantize(const graph::Point& p) {
  auto q = [](double v) {
    double c = std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.5;
    return static_cast<std::uint32_t>(std::lround(c * 65535.0));
  };
  return q(p.x) << 16 | q(p.y);
}

graph::Point unquantize(std::uint32_t q) { return {static_cast<double>(q >> 16) / 65535.0, static_cast<double>(q & 0xffff) / 65535.0}; }

// The layout's input: the ids in order and the edges among them (as slots).
std::uint64_t key_of(const graph::Graph& g, const Adjacency& adjacency, const std::vector<std::size_t>& vertices) {
  std::string buffer;
  std::vector<std::pair<std::size_t, std::uint32_t>> slots;  // (vertex, its first slot), sorted
  slots.reserve(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    slots.emplace_back(vertices[i], static_cast<std::uint32_t>(i));
    buffer += g.note(vertices[i]).id;
    buffer += '\0';
  }
  std::sort(slots.begin(), slots.end());
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::size_t i = 0; i < vertices.size(); ++i)
    for (const OutEdge& e : adjacency.out(vertices[i])) {
      auto it = std::lower_bound(slots.begin(), slots.end(), std::pair<std::size_t, std::uint32_t>(e.to, 0));
      if (it != slots.end() && it->first == e.to && it->second != i)
        edges.emplace_back(std::min<std::uint32_t>(i, it->second), std::max<std::uint32_t>(i, it->second));
    }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  buffer += '\1';
  for (auto [a, b] : edges) {
    buffer.append(reinterpret_cast<const char*>(&a), sizeof a);
    buffer.append(reinterpret_cast<const char*>(&b), sizeof b);
  }
  return XXH3_64bits(buffer.data(), buffer.size());
}

// The layout of a fixed small graph: changes when Graph::layout does.
std::uint64_t layout_fingerprint() {
  Corpus c;
  for (int i = 1; i <= 5; ++i) {
    Note n;
    n.id = "LIT-" + std::to_string(i);
    n.path = "lit/" + n.id + ".md";
    n.kind = Kind::Lit;
    for (int j : {i % 5 + 1, (i + 1) % 5 + 1})
      if (j != i) n.relations.push_back({"cites", n.id, "LIT-" + std::to_string(j), "LIT-" + std::to_string(j), {}, Origin::Frontmatter});
    c.notes.push_back(std::move(n));
  }
  c.index_ids();
  graph::Graph g(c);
  std::vector<std::size_t> all{0, 1, 2, 3, 4};
  std::string buffer;
  for (const graph::Point& p : g.layout(all)) {
    std::uint32_t q = quantize(p);
    buffer.append(reinterpret_cast<const char*>(&q), sizeof q);
  }
  return XXH3_64bits(buffer.data(), buffer.size());
}

template <class T>
bool read_value(std::istream& in, T& value) {
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&value), sizeof value));
}

}  // namespace

LayoutCache::LayoutCache(std::filesystem::path file) : file_(std::move(file)), fingerprint_(layout_fingerprint()) {
  std::ifstream in(file_, std::ios::binary);
  char head[8];
  std::uint64_t fingerprint = 0, count = 0;
  if (!in.read(head, sizeof head) || std::memcmp(head, magic, sizeof magic) != 0) return;
  if (!read_value(in, fingerprint) || fingerprint != fingerprint_ || !read_value(in, count)) return;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t key = 0;
    std::uint32_t n = 0;
    if (!read_value(in, key) || !read_value(in, n) || n > (1u << 20)) break;
    Quantized q(n);
    if (!in.read(reinterpret_cast<char*>(q.data()), static_cast<std::streamsize>(n * sizeof(std::uint32_t)))) break;
    stored_.emplace(key, std::move(q));
  }
}

std::vector<graph::Point> LayoutCache::layout(const graph::Graph& graph, const Adjacency& edges, const std::vector<std::size_t>& vertices) {
  std::uint64_t key = key_of(graph, edges, vertices);
  Quantized q;
  bool found = false;
  {
    std::lock_guard lock(mutex_);
    if (auto it = used_.find(key); it != used_.end() && it->second.size() == vertices.size()) {
      q = it->second;
      found = true;
    } else if (auto st = stored_.find(key); st != stored_.end() && st->second.size() == vertices.size()) {
      q = st->second;
      used_.emplace(key, q);
      found = true;
    }
    if (found) ++reused_;
  }
  if (!found) {
    for (const graph::Point& p : graph.layout(vertices)) q.push_back(quantize(p));
    q.resize(vertices.size(), quantize({0.5, 0.5}));
    std::lock_guard lock(mutex_);
    used_.emplace(key, q);
    ++computed_;
  }
  std::vector<graph::Point> out;
  out.reserve(q.size());
  for (std::uint32_t v : q) out.push_back(unquantize(v));
  return out;
}

namespace {

// Only a missing file or one that starts with our signature may be replaced: with `--index`, the cache
// sits beside an index that may be in a folder of the user's own files.
bool replaceable(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, ec))) return true;
  std::ifstream in(file, std::ios::binary);
  char head[sizeof magic] = {};
  return std::filesystem::is_regular_file(std::filesystem::symlink_status(file, ec)) && in.read(head, sizeof head) &&
         std::memcmp(head, magic, sizeof magic) == 0;
}

}  // namespace

bool LayoutCache::save() {
  if (file_.empty()) return true;
  if (computed_ == 0 && used_.size() == stored_.size()) return true;
  if (!replaceable(file_)) return false;  // a file of someone else's by that name: keep it, lose only time
  std::vector<std::uint64_t> keys;
  for (const auto& [k, q] : used_) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  std::filesystem::path tmp = file_;
  tmp += ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    std::uint64_t count = keys.size();
    out.write(magic, sizeof magic);
    out.write(reinterpret_cast<const char*>(&fingerprint_), sizeof fingerprint_);
    out.write(reinterpret_cast<const char*>(&count), sizeof count);
    for (std::uint64_t k : keys) {
      const Quantized& q = used_.at(k);
      std::uint32_t n = static_cast<std::uint32_t>(q.size());
      out.write(reinterpret_cast<const char*>(&k), sizeof k);
      out.write(reinterpret_cast<const char*>(&n), sizeof n);
      out.write(reinterpret_cast<const char*>(q.data()), static_cast<std::streamsize>(n * sizeof(std::uint32_t)));
    }
    if (!out) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file_, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
}

}  // namespace anth::render::site
