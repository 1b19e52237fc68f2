#pragma once
// What the site's body pass (site_body_pass.cpp) made of each note, kept between the renders of a
// resident site (workspace/live_site.h): a note whose key is unchanged is not read, filled in or
// counted for search again. The key hashes everything the pass reads: the note's file (content hash),
// its path and id, what its links draw from other notes (body_dependencies: titles and kinds of the
// notes linked, embedded notes' content), the glossary and its query blocks' answers. Kept small (the
// workspace's memory is held to 1.5x a cold lint's): the search terms as numbers into one dictionary,
// no snippet text (a snippet file whose notes' keys are those it was written with is kept as it is).
// A cold build has no cache; the site is the same with or without one. A build keeps the cache in the
// site it wrote (body_pass_file.h), in parts by a hash of each note's path, so that a build changing
// few notes reads few bodies and writes few parts.
#include <cstdint>
#include <functional>
#include <map>
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
  // The term shards' keys of the last render (SearchIndexBuilder::shard_keys), kept in the index file.
  const std::map<std::string, std::uint64_t>& shard_keys() const { return shard_keys_; }
  void set_shard_keys(std::map<std::string, std::uint64_t> keys) { shard_keys_ = std::move(keys); }

  // A note's search entry as the pass made it, kept without its snippet (one thread at a time).
  void pack(PassedNote& note, const SearchEntry& entry);
  // The entry again, without its snippet (snippet_made false; one thread at a time).
  SearchEntry unpack(const PassedNote& note) const;
  // The same, its terms left as numbers into this cache's dictionary (SearchEntry::numbered): valid
  // while the cache and the note are, for the search index to take as it comes.
  SearchEntry numbered(const PassedNote& note) const;

  // The pass held for `path` whatever its key, or null; and a pass put in its place (a resident site's
  // patch, site_render.h: one note's pass made again).
  std::shared_ptr<const PassedNote> held(const std::string& path) const;
  void put(const std::string& path, std::shared_ptr<const PassedNote> pass);
  void set_chunk_key(std::size_t chunk, std::uint64_t key) {
    if (chunk < chunk_keys_.size()) chunk_keys_[chunk] = key;
  }

  // The passes of this render, replacing the last render's (notes gone are dropped with them); the
  // parts read from the site that now hold other passes are marked changed.
  void replace(std::unordered_map<std::string, std::shared_ptr<const PassedNote>> passes, std::vector<std::uint64_t> chunk_keys);

  // The cache as files (body_pass_file.cpp), each tagged with the program that made it: an index (the
  // snippet files' and term shards' keys and the number of parts) and the parts, a note in part
  // part_of(path, parts). Parts hold about notes_per_part notes, their number a power of two, so that one note's change
  // writes one part again: 16 of 560 KB at 10,000 notes, not one file of 9 MB.
  std::size_t part_count() const;
  static std::size_t part_of(std::string_view path, std::size_t parts);
  void set_notes_per_part(std::size_t n) { notes_per_part_ = n ? n : 1; }  // tests: parts of few notes
  std::string encode_index(std::string_view renderer) const;
  // Each part in turn, made only when handed to `put`: a part holding the passes it held when read
  // is first offered to `keep` (the site's file carried over), and made when that fails.
  bool encode_parts(std::string_view renderer, const std::function<bool(std::size_t part)>& keep,
                    const std::function<bool(std::size_t part, std::string bytes)>& put) const;
  // Reading back: decode_index empties the cache and is false for another program's or damaged
  // bytes; each part then adds its passes, or is false and adds none (damaged, another program's,
  // another split). A part not read counts as changed.
  bool decode_index(std::string_view bytes, std::string_view renderer);
  bool decode_part(std::size_t part, std::string_view bytes, std::string_view renderer);
  std::size_t read_parts() const { return read_parts_; }

 private:
  using Entry = std::pair<const std::string, std::shared_ptr<const PassedNote>>;
  std::string encode_part(std::size_t part, std::vector<const Entry*> notes, std::string_view renderer,
                          std::vector<std::uint32_t>& renumbered) const;

  std::unordered_map<std::string, std::shared_ptr<const PassedNote>> by_path_;
  std::vector<std::uint64_t> chunk_keys_;
  std::map<std::string, std::uint64_t> shard_keys_;
  std::size_t notes_per_part_ = 1024;
  std::size_t read_parts_ = 0;         // the number of parts of the index read (0: none read)
  std::vector<bool> part_read_;        // of those, each part read whole
  std::vector<bool> part_changed_;     // of those, each part whose passes replace() changed
  // The number of a term, given a number when new (its hash is DocTerms::Term::hash).
  std::uint32_t number_of(std::string_view word, std::uint64_t hash);

  // Every search term seen, numbered: a term's text and hash are held once, not once per note, and
  // found by its hash in an open-addressed table (slot: number + 1; 0 free), as the search index does.
  std::vector<std::string> words_;
  std::vector<std::uint64_t> hashes_;
  std::vector<std::uint32_t> slots_;
};

}  // namespace anth::render::site
