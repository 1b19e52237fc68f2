#pragma once
// Full-text search for a site opened from file://, where a page may load scripts but not fetch data:
// the build writes the inverted index as JavaScript files that assign into globals, sharded by the
// first two bytes of each term so that a query loads only the shards of its own terms.
//
//   search/meta.js        ANTH_SEARCH_META = {n, avgdl, chunk, docs: [[id, title, kind, href, length]]}
//   search/t-<key>.js     ANTH_SEARCH_SHARDS[key] = {term: [[doc, title tf, body tf], ...]}
//   search/d-<n>.js       ANTH_SEARCH_DOCS[n] = [text of docs n*chunk ...]   (for snippets)
//                         ANTH_SEARCH_HEADS[n] = {k: [[id, start, length] | [id, text], ...]}
//                           the headings of doc n*chunk+k that has any (search_headings.h)
//
// render/assets/site/static/search.js ranks with BM25 and a title boost.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/site/search_headings.h"
#include "render/site/site_files.h"

namespace anth::render::site {

struct SearchDoc {
  std::string id;
  std::string title;
  std::string aliases;  // the aliases and authors: searched with the title's weight, not shown
  std::string kind;   // "LIT", ...
  std::string href;
  std::string text;   // the body as plain text
  std::vector<SearchHeading> headings;  // in `text`, in order
};

// The terms the index holds of the text: its words as core/util/search_words.h splits and folds
// them (letters, marks and digits make words; CJK runs as pairs), of 2 to 40 bytes, stopwords dropped.
std::vector<std::string> search_terms(std::string_view text);

// The shard a term lives in: its first two bytes, letters and digits as they are and anything else
// as hex ("en", "x3c3").
std::string shard_key(std::string_view term);

// Builds the index one document at a time (in the order they are numbered), handing each snippet
// file to the sink as soon as it is full; finish() writes the meta and term shards.
// A document's distinct terms and how often each occurs in its title (with aliases and id) and body:
// the part of indexing that needs no other document, so that it can run on any thread before add().
struct DocTerms {
  struct Term {
    std::uint64_t hash;
    std::uint32_t offset;  // into words
    std::uint16_t length, title_tf, body_tf;
  };
  std::string words;  // the distinct terms, back to back
  std::vector<Term> terms;
  std::size_t length = 0;  // every occurrence, for BM25's document length
};

DocTerms count_terms(const SearchDoc& doc);

// A document's terms as numbers into a dictionary its maker keeps (body_pass_cache.h): each term
// as varints of its number, title tf and body tf, with the dictionary's words and their hashes.
struct NumberedTerms {
  std::string_view packed;
  const std::vector<std::string>* words = nullptr;  // null: none (the entry's terms are in `terms`)
  const std::vector<std::uint64_t>* hashes = nullptr;
};

// What the index takes of a document: its row of meta.js, its terms counted, and its part of the
// snippet file (its text's first bytes and its headings). Made on any thread; a resident site keeps
// it between renders for a note whose body did not change (body_pass_cache.h).
struct SearchEntry {
  std::string meta;     // [id,title,kind,href,length]
  DocTerms terms;
  // Instead of terms.terms, for a document a cache kept (its length still in terms.length): the index
  // takes each term by its number, spelt out and hashed once for every document that has it.
  NumberedTerms numbered;
  std::string snippet;  // the text's first bytes
  std::string heads;    // its headings as ANTH_SEARCH_HEADS holds them; empty: none
  std::uint64_t key = 0;      // what the entry was made from (body_pass_cache.h); 0: unknown
  bool snippet_made = true;   // false: snippet and heads were not made, the site's snippet file holds them
};

// The key of snippet file `chunk` of these entries' keys (0 when any is unknown): a resident site
// keeps the file whose key is the one it wrote last instead of making its snippets again.
std::uint64_t search_chunk_key(const std::uint64_t* keys, std::size_t count, std::size_t chunk);
inline constexpr std::size_t search_chunk_size = 50;  // documents per snippet file
// The snippet file of chunk n: search/d-<n>.js.
inline std::string search_chunk_file(std::size_t chunk) { return "search/d-" + std::to_string(chunk) + ".js"; }

// LEB128 (seven bits a byte, low first): the postings, and the terms a resident site keeps.
// Inline: the passes and the search shards call them three times per term of every note.
inline void put_varint(std::string& out, std::uint32_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}
inline std::uint32_t get_varint(std::string_view& in) {
  std::uint32_t v = 0;
  for (int shift = 0; !in.empty(); shift += 7) {
    auto byte = static_cast<unsigned char>(in.front());
    in.remove_prefix(1);
    v |= static_cast<std::uint32_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) break;
  }
  return v;
}

SearchEntry search_entry(const SearchDoc& doc, DocTerms counted);
// Sets the entry's snippet and heads from the document's text (snippet_made).
void make_snippet(const SearchDoc& doc, SearchEntry& entry);

class SearchIndexBuilder {
 public:
  // `keep`: carries a snippet file over whose entries came without their snippets.
  explicit SearchIndexBuilder(FileSink sink, KeepFile keep = {}) : sink_(std::move(sink)), keep_(std::move(keep)) {}
  bool add(const SearchDoc& doc) { return add(search_entry(doc, count_terms(doc))); }
  bool add(const SearchEntry& entry);
  bool finish();
  // The term shards' keys (an XXH3 of each shard's terms and postings) of the site being replaced: a
  // shard whose key is unchanged is carried over (`keep`) rather than written out again. After
  // finish(), shard_keys() are this build's, for the next.
  using ShardKeys = std::map<std::string, std::uint64_t>;
  void set_recorded_shards(ShardKeys recorded) { recorded_shards_ = std::move(recorded); }
  const ShardKeys& shard_keys() const { return shard_keys_; }

  // A resident site (site_render.h) keeps the builder after finish() and patches it: document `doc`
  // made `before` becomes `after` (its postings, its row of meta.js and the length), then
  // finish_patch() writes meta.js and the shards of the terms either had, through `sink`; a shard left
  // with no term goes to `drop`. The files equal those a builder given every entry anew writes.
  void replace(std::uint32_t doc, const SearchEntry& before, const SearchEntry& after);
  bool finish_patch(const FileSink& sink, const std::function<bool(const std::string&)>& drop);
  // Snippet file `chunk` of these entries (their snippets and heads made), through `sink`.
  static bool put_chunk(const FileSink& sink, std::size_t chunk, const std::vector<const SearchEntry*>& entries);

 private:
  bool flush_chunk();
  bool put_meta(const FileSink& sink) const;
  // A shard's terms in the order its file lists them.
  void sort_by_term(std::vector<std::uint32_t>& ids) const;
  // The file of one shard (its terms, in order, with postings), or "" when none of its terms has any.
  std::string shard_file(const std::string& key, const std::vector<std::uint32_t>& ids) const;
  // The key of a shard whose terms are in order: 0 when none of them has a posting (no file).
  std::uint64_t shard_key_of(const std::vector<std::uint32_t>& ids) const;
  void set_posting(std::uint32_t term, std::uint32_t doc, const DocTerms::Term* t);
  std::uint32_t term_id(std::string_view term, std::uint64_t hash);
  void add_terms(const DocTerms& counted, std::uint32_t doc);
  void add_numbered(const NumberedTerms& numbered, std::uint32_t doc);
  void add_posting(std::uint32_t id, std::uint32_t doc, std::uint32_t title_tf, std::uint32_t body_tf);
  FileSink sink_;
  KeepFile keep_;
  std::vector<std::uint64_t> chunk_keys_;  // the open chunk's entries' keys
  bool chunk_whole_ = true;  // every entry of the open chunk came with its snippet
  // Terms by number, found by hash (open addressing), and each term's postings: a document's terms
  // are counted by number, with no string made for a term the index already has.
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t id = UINT32_MAX;  // UINT32_MAX: empty
  };
  std::vector<Slot> slots_;
  std::vector<std::string> terms_;
  // Each term's postings (document, title tf, body tf), in document order, as varints with the
  // document as a gap from the term's previous one: about 4 bytes a posting instead of 8 (at 100,000
  // notes the postings are the index's largest part).
  std::vector<std::string> postings_;
  std::vector<std::uint32_t> last_doc_;
  // Each number of the dictionary numbered entries came with: its term's id here (UINT32_MAX: not yet).
  std::vector<std::uint32_t> id_of_number_;
  const std::vector<std::string>* numbered_by_ = nullptr;
  std::vector<std::string> metas_;  // each document's row of meta.js
  std::map<std::string, std::vector<std::uint32_t>> shards_;  // the terms of each shard, once finished
  std::set<std::string> touched_;  // the shards a patch changed
  ShardKeys recorded_shards_, shard_keys_;
  std::vector<std::string> chunk_;
  std::string chunk_heads_;  // the chunk's ANTH_SEARCH_HEADS entries, comma-separated
  std::size_t docs_ = 0, chunks_ = 0;
  double total_length_ = 0;
};

// The whole index of a list of documents at once.
SiteFiles search_files(const std::vector<SearchDoc>& docs);

}  // namespace anth::render::site
