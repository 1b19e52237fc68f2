#include "render/site/body_pass_cache.h"

namespace anth::render::site {

std::shared_ptr<const PassedNote> BodyPassCache::find(const std::string& path, std::uint64_t key) const {
  auto it = by_path_.find(path);
  return key != 0 && it != by_path_.end() && it->second->key == key ? it->second : nullptr;
}

void BodyPassCache::pack(PassedNote& note, const SearchEntry& entry) {
  note.meta = entry.meta;
  note.length = entry.terms.length;
  note.packed.clear();
  std::string_view words = entry.terms.words;
  for (const DocTerms::Term& t : entry.terms.terms) {
    auto [it, added] = numbers_.try_emplace(std::string(words.substr(t.offset, t.length)), static_cast<std::uint32_t>(words_.size()));
    if (added) {
      words_.push_back(&it->first);
      hashes_.push_back(t.hash);
    }
    put_varint(note.packed, it->second);
    put_varint(note.packed, t.title_tf);
    put_varint(note.packed, t.body_tf);
  }
}

SearchEntry BodyPassCache::unpack(const PassedNote& note) const {
  SearchEntry e;
  e.meta = note.meta;
  e.key = note.key;
  e.snippet_made = false;
  e.terms.length = note.length;
  for (std::string_view in = note.packed; !in.empty();) {
    std::uint32_t number = get_varint(in);
    const std::string& word = *words_[number];
    DocTerms::Term t{hashes_[number], static_cast<std::uint32_t>(e.terms.words.size()), static_cast<std::uint16_t>(word.size()), 0, 0};
    t.title_tf = static_cast<std::uint16_t>(get_varint(in));
    t.body_tf = static_cast<std::uint16_t>(get_varint(in));
    e.terms.words += word;
    e.terms.terms.push_back(t);
  }
  return e;
}

void BodyPassCache::replace(std::unordered_map<std::string, std::shared_ptr<const PassedNote>> passes,
                            std::vector<std::uint64_t> chunk_keys) {
  by_path_ = std::move(passes);
  chunk_keys_ = std::move(chunk_keys);
}

}  // namespace anth::render::site
