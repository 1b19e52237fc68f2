#include "render/site/body_pass_cache.h"

#include <xxhash.h>

#include <algorithm>
#include <bit>

namespace anth::render::site {

std::shared_ptr<const PassedNote> BodyPassCache::find(const std::string& path, std::uint64_t key) const {
  auto it = by_path_.find(path);
  return key != 0 && it != by_path_.end() && it->second->key == key ? it->second : nullptr;
}

std::shared_ptr<const PassedNote> BodyPassCache::held(const std::string& path) const {
  auto it = by_path_.find(path);
  return it == by_path_.end() ? nullptr : it->second;
}

void BodyPassCache::put(const std::string& path, std::shared_ptr<const PassedNote> pass) {
  by_path_[path] = std::move(pass);
  if (read_parts_) part_changed_[part_of(path, read_parts_)] = true;
}

void BodyPassCache::pack(PassedNote& note, const SearchEntry& entry) {
  note.meta = entry.meta;
  note.length = entry.terms.length;
  note.packed.clear();
  std::string_view words = entry.terms.words;
  for (const DocTerms::Term& t : entry.terms.terms) {
    put_varint(note.packed, number_of(words.substr(t.offset, t.length), t.hash));
    put_varint(note.packed, t.title_tf);
    put_varint(note.packed, t.body_tf);
  }
}

std::uint32_t BodyPassCache::number_of(std::string_view word, std::uint64_t hash) {
  if (2 * (words_.size() + 1) > slots_.size()) {  // at most half full: rebuilt twice as large
    slots_.assign(std::max<std::size_t>(1024, 2 * slots_.size()), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::uint32_t n = 0; n < words_.size(); ++n) {
      std::size_t at = hashes_[n] & mask;
      while (slots_[at] != 0) at = (at + 1) & mask;
      slots_[at] = n + 1;
    }
  }
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
    std::uint32_t slot = slots_[at];
    if (slot == 0) {
      slots_[at] = static_cast<std::uint32_t>(words_.size() + 1);
      words_.emplace_back(word);
      hashes_.push_back(hash);
      return static_cast<std::uint32_t>(words_.size() - 1);
    }
    if (hashes_[slot - 1] == hash && words_[slot - 1] == word) return slot - 1;
  }
}

SearchEntry BodyPassCache::numbered(const PassedNote& note) const {
  SearchEntry e;
  e.meta = note.meta;
  e.key = note.key;
  e.snippet_made = false;
  e.terms.length = note.length;
  e.numbered = {note.packed, &words_, &hashes_};
  return e;
}

SearchEntry BodyPassCache::unpack(const PassedNote& note) const {
  SearchEntry e = numbered(note);
  e.numbered = {};
  for (std::string_view in = note.packed; !in.empty();) {
    std::uint32_t number = get_varint(in);
    const std::string& word = words_[number];
    DocTerms::Term t{hashes_[number], static_cast<std::uint32_t>(e.terms.words.size()), static_cast<std::uint16_t>(word.size()), 0, 0};
    t.title_tf = static_cast<std::uint16_t>(get_varint(in));
    t.body_tf = static_cast<std::uint16_t>(get_varint(in));
    e.terms.words += word;
    e.terms.terms.push_back(t);
  }
  return e;
}

// A part read is unchanged when it would hold the very passes it was read with: a pass taken from the
// cache is the same object, and a note added, made again or gone changes its part.
void BodyPassCache::replace(std::unordered_map<std::string, std::shared_ptr<const PassedNote>> passes,
                            std::vector<std::uint64_t> chunk_keys) {
  if (read_parts_) {
    for (std::size_t k = 0; k < read_parts_; ++k) part_changed_[k] = !part_read_[k];
    for (const auto& [path, pass] : passes) {
      auto it = by_path_.find(path);
      if (it == by_path_.end() || it->second != pass) part_changed_[part_of(path, read_parts_)] = true;
    }
    for (const auto& [path, pass] : by_path_)
      if (!passes.count(path)) part_changed_[part_of(path, read_parts_)] = true;
  }
  by_path_ = std::move(passes);
  chunk_keys_ = std::move(chunk_keys);
}

std::size_t BodyPassCache::part_count() const {
  constexpr std::size_t most = 256;
  std::size_t wanted = (by_path_.size() + notes_per_part_ - 1) / notes_per_part_;
  return std::min(most, std::bit_ceil(std::max<std::size_t>(1, wanted)));
}

std::size_t BodyPassCache::part_of(std::string_view path, std::size_t parts) {
  return parts <= 1 ? 0 : XXH3_64bits(path.data(), path.size()) % parts;
}

}  // namespace anth::render::site
