#pragma once
// What the site's body pass (site_body_pass.cpp) made of each note, kept between the renders of a
// resident site (workspace/live_site.h): a note whose key is unchanged is not read, filled in or
// counted for search again. The key hashes everything the pass reads: the note's file (content hash),
// its path and id, what its links draw from other notes (body_dependencies: titles and kinds of the
// notes linked, embedded notes' content), the glossary and its query blocks' answers. Kept small (the
// workspace's memory is held to 1.5x a cold lint's): the search terms as numbers into one dictionary,
// no snippet text (a snippet file whose notes' keys are those it was written with is kept as it is).
// A cold build has no cache; the site is the same with or without one. A build keeps the cache in the
// site it wrote (body_pass_file.h), so that a build changing few notes reads few bodies.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/site/search_index.h"

namespace anth::render::site {

// One note's pass, less its HTML (kept pages do not need it; a page rendered fills its body again).
struct PassedNote {
  std::uint64_t key = 0;
  std::uint8_t features = 0;
  std::vector<std::uint32_t> terms;  // glossary terms linked (FilledBody::terms)
  std::string meta;                // SearchEntry::meta
  std::string packed;              // the search terms: dictionary number, title tf, body tf, as varints
  std::size_t length = 0;          // DocTerms::length
};

class BodyPassCache {
 public:
  // The pass of the note at `path` when it was made with `key`, or null. Safe from any thread while
  // no render stores.
  std::shared_ptr<const PassedNote> find(const std::string& path, std::uint64_t key) const;
  // The snippet files' keys of the last render (search_chunk_key).
  const std::vector<std::uint64_t>& chunk_keys() const { return chunk_keys_; }

  // A note's search entry as the pass made it, kept without its snippet (one thread at a time).
  void pack(PassedNote& note, const SearchEntry& entry);
  // The entry again, without its snippet (snippet_made false; one thread at a time).
  SearchEntry unpack(const PassedNote& note) const;

  // The pass held for `path` whatever its key, or null; and a pass put in its place (a resident site's
  // patch, site_render.h: one note's pass made again).
  std::shared_ptr<const PassedNote> held(const std::string& path) const;
  void put(const std::string& path, std::shared_ptr<const PassedNote> pass) { by_path_[path] = std::move(pass); }
  void set_chunk_key(std::size_t chunk, std::uint64_t key) {
    if (chunk < chunk_keys_.size()) chunk_keys_[chunk] = key;
  }

  // The passes of this render, replacing the last render's (notes gone are dropped with them).
  void replace(std::unordered_map<std::string, std::shared_ptr<const PassedNote>> passes, std::vector<std::uint64_t> chunk_keys);

  // The cache as bytes, tagged with the program that made it, and back (body_pass_file.cpp): decode
  // is false, leaving the cache empty, for the bytes of another program or damaged ones.
  std::string encode(std::string_view renderer) const;
  bool decode(std::string_view bytes, std::string_view renderer);

 private:
  std::unordered_map<std::string, std::shared_ptr<const PassedNote>> by_path_;
  std::vector<std::uint64_t> chunk_keys_;
  // The number of a term, given a number when new (its hash is DocTerms::Term::hash).
  std::uint32_t number_of(std::string_view word, std::uint64_t hash);

  // Every search term seen, numbered: a term's text and hash are held once, not once per note, and
  // found by its hash in an open-addressed table (slot: number + 1; 0 free), as the search index does.
  std::vector<std::string> words_;
  std::vector<std::uint64_t> hashes_;
  std::vector<std::uint32_t> slots_;
};

}  // namespace anth::render::site
