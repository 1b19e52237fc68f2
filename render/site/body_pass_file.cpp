// The file form of the body passes, an index and its parts, each its magic, then varint-framed fields,
// then an XXH3 of all the bytes before it. The index: the renderer, the number of parts, the snippet
// files' keys, the term shards' names and keys. A part: the renderer, its number and the number of
// parts, its dictionary (each word and its hash), then each of its notes' path, key, features,
// glossary terms, search meta, packed terms (numbers into the part's dictionary) and length.
#include "render/site/own_file.h"
#include "render/site/body_pass_file.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace anth::render::site {

namespace {

// The index (ANTHPAS1 was the whole cache in one file, ANTHPAS2 an index without the shards' keys:
// both read now as damaged) and a part.
constexpr std::string_view index_magic = "ANTHPAS3";
constexpr std::string_view part_magic = "ANTHPAP1";
constexpr std::uint32_t unnumbered = ~std::uint32_t{0};

void put_number(std::string& out, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) out += static_cast<char>((v & 0x7f) | 0x80);
  out += static_cast<char>(v);
}

void put_text(std::string& out, std::string_view s) {
  put_number(out, s.size());
  out.append(s);
}

void put_fixed(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }

// Each term of a pass's packed terms (BodyPassCache::pack): its dictionary number, and the bytes of its
// title and body counts as they are.
template <class F>
void each_packed_term(std::string_view in, F f) {
  while (!in.empty()) {
    std::uint32_t number = get_varint(in);
    std::string_view counts = in;
    get_varint(in);
    get_varint(in);
    f(number, counts.substr(0, counts.size() - in.size()));
  }
}

// Reads what put_* wrote; any read past the end or malformed number makes ok false for good.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : rest_(bytes) {}
  std::uint64_t number() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (rest_.empty()) break;
      auto byte = static_cast<unsigned char>(rest_.front());
      rest_.remove_prefix(1);
      v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
    }
    ok = false;
    return 0;
  }
  std::string_view text() {
    std::uint64_t n = number();
    if (!ok || n > rest_.size()) return ok = false, std::string_view{};
    std::string_view s = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return s;
  }
  std::uint64_t fixed() {
    std::uint64_t v = 0;
    if (rest_.size() < sizeof v) return ok = false, 0;
    std::memcpy(&v, rest_.data(), sizeof v);
    rest_.remove_prefix(sizeof v);
    return v;
  }
  // A count of items each at least one byte long: never more than the bytes left.
  std::uint64_t count() {
    std::uint64_t n = number();
    if (n > rest_.size()) ok = false;
    return ok ? n : 0;
  }
  bool done() const { return ok && rest_.empty(); }
  bool ok = true;

 private:
  std::string_view rest_;
};

// Whether packed search terms name only words of the dictionary, in whole triples.
bool packed_fits(std::string_view packed, std::size_t words) {
  Reader in(packed);
  while (in.ok && !in.done()) {
    if (in.number() >= words) return false;
    in.number();
    in.number();
  }
  return in.ok;
}

}  // namespace

// Notes by path, and the dictionary renumbered in the order they use it, holding only their words:
// the same passes give the same bytes (a part kept from the last site is what would be written), and
// words no note uses any more are dropped.
std::string BodyPassCache::encode_part(std::size_t part, std::vector<const Entry*> notes, std::string_view renderer,
                                       std::vector<std::uint32_t>& renumbered) const {
  std::sort(notes.begin(), notes.end(), [](const Entry* a, const Entry* b) { return a->first < b->first; });
  // The terms used, numbered in their first use's order: the dictionary goes before the notes, which
  // are then written straight after it.
  std::vector<std::uint32_t> used;  // old numbers, in their new order
  std::size_t size = part_magic.size() + renderer.size() + 64;
  for (const Entry* entry : notes) {
    const PassedNote& note = *entry->second;
    size += entry->first.size() + note.meta.size() + note.packed.size() + 5 * note.terms.size() + 48;
    each_packed_term(note.packed, [&](std::uint32_t number, std::string_view) {
      if (renumbered[number] == unnumbered) renumbered[number] = static_cast<std::uint32_t>(used.size()), used.push_back(number);
    });
  }
  for (std::uint32_t number : used) size += words_[number].size() + 16;
  std::string out(part_magic);
  out.reserve(size);
  put_text(out, renderer);
  put_number(out, part);
  put_number(out, part_count());
  put_number(out, used.size());
  for (std::uint32_t number : used) {
    put_text(out, words_[number]);
    put_fixed(out, hashes_[number]);
  }
  put_number(out, notes.size());
  std::string packed;
  for (const Entry* entry : notes) {
    const PassedNote& note = *entry->second;
    put_text(out, entry->first);
    put_fixed(out, note.key);
    put_number(out, note.features);
    put_number(out, note.terms.size());
    for (std::uint32_t t : note.terms) put_number(out, t);
    put_text(out, note.meta);
    packed.clear();
    each_packed_term(note.packed, [&](std::uint32_t number, std::string_view counts) {
      put_varint(packed, renumbered[number]);
      packed.append(counts);
    });
    put_text(out, packed);
    put_number(out, note.length);
  }
  put_fixed(out, XXH3_64bits(out.data(), out.size()));
  for (std::uint32_t number : used) renumbered[number] = unnumbered;  // for the next part
  return out;
}

std::string BodyPassCache::encode_index(std::string_view renderer) const {
  std::string out(index_magic);
  put_text(out, renderer);
  put_number(out, part_count());
  put_number(out, chunk_keys_.size());
  for (std::uint64_t k : chunk_keys_) put_fixed(out, k);
  put_number(out, shard_keys_.size());
  for (const auto& [shard, k] : shard_keys_) {
    put_text(out, shard);
    put_fixed(out, k);
  }
  put_fixed(out, XXH3_64bits(out.data(), out.size()));
  return out;
}

bool BodyPassCache::encode_parts(std::string_view renderer, const std::function<bool(std::size_t)>& keep,
                                 const std::function<bool(std::size_t, std::string)>& put) const {
  const std::size_t parts = part_count();
  std::vector<std::vector<const Entry*>> of_part(parts);
  for (const Entry& entry : by_path_) of_part[part_of(entry.first, parts)].push_back(&entry);
  std::vector<std::uint32_t> renumbered(words_.size(), unnumbered);  // a part's numbers, while it is made
  for (std::size_t k = 0; k < parts; ++k) {
    bool unchanged = parts == read_parts_ && !part_changed_[k];
    if (unchanged && keep && keep(k)) continue;
    if (!put(k, encode_part(k, std::move(of_part[k]), renderer, renumbered))) return false;
  }
  return true;
}

namespace {

// The bytes between a file's magic and its checksum, when both are right.
std::optional<std::string_view> checked(std::string_view bytes, std::string_view magic) {
  if (bytes.size() < magic.size() + 8 || bytes.substr(0, magic.size()) != magic) return std::nullopt;
  std::uint64_t sum = 0;
  std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
  bytes.remove_suffix(8);
  if (XXH3_64bits(bytes.data(), bytes.size()) != sum) return std::nullopt;
  return bytes.substr(magic.size());
}

}  // namespace

bool BodyPassCache::decode_index(std::string_view bytes, std::string_view renderer) {
  *this = BodyPassCache();
  std::optional<std::string_view> body = checked(bytes, index_magic);
  if (!body) return false;
  Reader in(*body);
  if (in.text() != renderer || !in.ok) return false;
  std::uint64_t parts = in.number();
  if (!in.ok || parts == 0 || parts > 4096) return false;
  std::vector<std::uint64_t> chunk_keys;
  for (std::uint64_t i = 0, n = in.count(); in.ok && i < n; ++i) chunk_keys.push_back(in.fixed());
  std::map<std::string, std::uint64_t> shard_keys;
  for (std::uint64_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    std::string shard(in.text());
    shard_keys[std::move(shard)] = in.fixed();
  }
  if (!in.done()) return false;
  chunk_keys_ = std::move(chunk_keys);
  shard_keys_ = std::move(shard_keys);
  read_parts_ = parts;
  part_read_.assign(parts, false);
  part_changed_.assign(parts, true);
  return true;
}

// The part is read whole first; only then do its words join the cache's dictionary (a word seen before
// keeps its number) and each pass's packed terms get renumbered into it, so a damaged part adds nothing.
bool BodyPassCache::decode_part(std::size_t part, std::string_view bytes, std::string_view renderer) {
  if (part >= read_parts_ || part_read_[part]) return false;
  std::optional<std::string_view> body = checked(bytes, part_magic);
  if (!body) return false;
  Reader in(*body);
  if (in.text() != renderer || in.number() != part || in.number() != read_parts_ || !in.ok) return false;
  std::vector<std::pair<std::string_view, std::uint64_t>> words(in.count());
  for (std::size_t i = 0; in.ok && i < words.size(); ++i) words[i] = {in.text(), in.fixed()};
  struct Read {
    std::string path;
    std::shared_ptr<PassedNote> note;
    std::string_view packed;  // numbers into `words`
  };
  std::vector<Read> read;
  for (std::uint64_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    Read r{std::string(in.text()), std::make_shared<PassedNote>(), {}};
    r.note->key = in.fixed();
    r.note->features = static_cast<std::uint8_t>(in.number());
    for (std::uint64_t t = 0, terms = in.count(); in.ok && t < terms; ++t) r.note->terms.push_back(static_cast<std::uint32_t>(in.number()));
    r.note->meta = in.text();
    r.packed = in.text();
    r.note->length = in.number();
    if (!in.ok || part_of(r.path, read_parts_) != part || !packed_fits(r.packed, words.size())) return false;
    read.push_back(std::move(r));
  }
  if (!in.done()) return false;
  std::vector<std::uint32_t> number(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) number[i] = number_of(words[i].first, words[i].second);
  for (Read& r : read) {
    each_packed_term(r.packed, [&](std::uint32_t n, std::string_view counts) {
      put_varint(r.note->packed, number[n]);
      r.note->packed.append(counts);
    });
    by_path_.emplace(std::move(r.path), std::move(r.note));  // a path twice (damaged): the first kept
  }
  part_read_[part] = true;
  return true;
}

std::shared_ptr<BodyPassCache> load_body_passes(const ReadSiteFile& read, std::string_view renderer) {
  auto cache = std::make_shared<BodyPassCache>();
  std::optional<std::string> index = read(body_passes_file);
  if (!index || !cache->decode_index(*index, renderer)) return std::make_shared<BodyPassCache>();
  for (std::size_t k = 0; k < cache->read_parts(); ++k)
    if (std::optional<std::string> bytes = read(body_pass_part_file(k))) cache->decode_part(k, *bytes, renderer);
  return cache;
}

std::shared_ptr<BodyPassCache> load_body_passes(const std::filesystem::path& site, std::string_view renderer) {
  return load_body_passes([&](const std::string& name) { return read_own_file(site, name); }, renderer);
}

}  // namespace anth::render::site
