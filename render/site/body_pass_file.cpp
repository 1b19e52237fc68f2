// The file form of the body passes: "ANTHPAS1", then varint-framed fields, then an XXH3 of all the
// bytes before it. Fields: the renderer; the dictionary (each word and its hash); the snippet files'
// keys; each note's path, key, features, glossary terms, search meta, packed terms and length.
#include "render/site/own_file.h"
#include "render/site/body_pass_file.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

namespace anth::render::site {

namespace {

constexpr std::string_view magic = "ANTHPAS1";

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
// the same passes give the same bytes, and words no note uses any more are dropped.
std::string BodyPassCache::encode(std::string_view renderer) const {
  std::vector<const std::pair<const std::string, std::shared_ptr<const PassedNote>>*> notes;
  notes.reserve(by_path_.size());
  for (const auto& entry : by_path_) notes.push_back(&entry);
  std::sort(notes.begin(), notes.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
  // The terms used, numbered in their first use's order: the dictionary goes before the notes, which
  // are then written straight after it (a copy of 100 MB at 100,000 notes when they were written apart).
  constexpr std::uint32_t none = ~std::uint32_t{0};
  std::vector<std::uint32_t> renumbered(words_.size(), none);
  std::vector<std::uint32_t> used;  // old numbers, in their new order
  std::size_t size = magic.size() + renderer.size() + 9 * chunk_keys_.size() + 64;
  for (const auto* entry : notes) {
    const PassedNote& note = *entry->second;
    size += entry->first.size() + note.meta.size() + note.packed.size() + 5 * note.terms.size() + 48;
    each_packed_term(note.packed, [&](std::uint32_t number, std::string_view) {
      if (renumbered[number] == none) renumbered[number] = static_cast<std::uint32_t>(used.size()), used.push_back(number);
    });
  }
  for (std::uint32_t number : used) size += words_[number].size() + 16;
  std::string out(magic);
  out.reserve(size);
  put_text(out, renderer);
  put_number(out, used.size());
  for (std::uint32_t number : used) {
    put_text(out, words_[number]);
    put_fixed(out, hashes_[number]);
  }
  put_number(out, chunk_keys_.size());
  for (std::uint64_t k : chunk_keys_) put_fixed(out, k);
  put_number(out, notes.size());
  std::string packed;
  for (const auto* entry : notes) {
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
  return out;
}

bool BodyPassCache::decode(std::string_view bytes, std::string_view renderer) {
  *this = BodyPassCache();
  if (bytes.size() < magic.size() + 8 || bytes.substr(0, magic.size()) != magic) return false;
  std::uint64_t sum = 0;
  std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
  bytes.remove_suffix(8);
  if (XXH3_64bits(bytes.data(), bytes.size()) != sum) return false;
  Reader in(bytes.substr(magic.size()));
  if (in.text() != renderer || !in.ok) return false;
  BodyPassCache made;
  std::uint64_t words = in.count();
  made.words_.reserve(words);
  made.hashes_.reserve(words);
  for (std::uint64_t i = 0; in.ok && i < words; ++i) {
    std::string_view word = in.text();
    std::uint64_t hash = in.fixed();
    if (in.ok && made.number_of(word, hash) != i) return false;  // a word twice
  }
  for (std::uint64_t i = 0, n = in.count(); in.ok && i < n; ++i) made.chunk_keys_.push_back(in.fixed());
  for (std::uint64_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    std::string path(in.text());
    auto note = std::make_shared<PassedNote>();
    note->key = in.fixed();
    note->features = static_cast<std::uint8_t>(in.number());
    for (std::uint64_t t = 0, terms = in.count(); in.ok && t < terms; ++t) note->terms.push_back(static_cast<std::uint32_t>(in.number()));
    note->meta = in.text();
    note->packed = in.text();
    note->length = in.number();
    if (!in.ok || !packed_fits(note->packed, made.words_.size())) return false;
    made.by_path_.emplace(std::move(path), std::move(note));
  }
  if (!in.done()) return false;
  *this = std::move(made);
  return true;
}

std::shared_ptr<BodyPassCache> load_body_passes(const std::filesystem::path& site, std::string_view renderer) {
  auto cache = std::make_shared<BodyPassCache>();
  if (auto bytes = read_own_file(site, body_passes_file)) cache->decode(*bytes, renderer);
  return cache;
}

}  // namespace anth::render::site
