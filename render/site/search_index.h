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
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/site/search_headings.h"
#include "render/site/site_files.h"

namespace anth::site {

struct SearchDoc {
  std::string id;
  std::string title;
  std::string aliases;  // the aliases and authors: searched with the title's weight, not shown
  std::string kind;   // "LIT", ...
  std::string href;
  std::string text;   // the body as plain text
  std::vector<SearchHeading> headings;  // in `text`, in order
};

// Lowercase terms of at least two bytes; ASCII letters and digits, and any non-ASCII byte, make
// words; everything else separates them.
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

class SearchIndexBuilder {
 public:
  explicit SearchIndexBuilder(FileSink sink) : sink_(std::move(sink)) {}
  bool add(const SearchDoc& doc) { return add(doc, count_terms(doc)); }
  // `counted` is count_terms(doc), made beforehand.
  bool add(const SearchDoc& doc, const DocTerms& counted);
  bool finish();

 private:
  bool flush_chunk();
  std::uint32_t term_id(std::string_view term, std::uint64_t hash);
  FileSink sink_;
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
  std::string meta_docs_;  // JSON array items, comma-separated
  std::vector<std::string> chunk_;
  std::string chunk_heads_;  // the chunk's ANTH_SEARCH_HEADS entries, comma-separated
  std::size_t docs_ = 0, chunks_ = 0;
  double total_length_ = 0;
};

// The whole index of a list of documents at once.
SiteFiles search_files(const std::vector<SearchDoc>& docs);

}  // namespace anth::site
