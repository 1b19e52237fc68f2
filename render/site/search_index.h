#pragma once
// Full-text search for a site opened from file://, where a page may load scripts but not fetch data:
// the build writes the inverted index as JavaScript files that assign into globals, sharded by the
// first two bytes of each term so that a query loads only the shards of its own terms.
//
//   search/meta.js        ANTH_SEARCH_META = {n, avgdl, chunk, docs: [[id, title, kind, href, length]]}
//   search/t-<key>.js     ANTH_SEARCH_SHARDS[key] = {term: [[doc, title tf, body tf], ...]}
//   search/d-<n>.js       ANTH_SEARCH_DOCS[n] = [text of docs n*chunk ...]   (for snippets)
//
// render/assets/site/static/search.js ranks with BM25 and a title boost.
#include <string>
#include <string_view>
#include <vector>

#include "render/site/site_files.h"

namespace anth::site {

struct SearchDoc {
  std::string id;
  std::string title;
  std::string aliases;  // searched with the title's weight, not shown
  std::string kind;   // "LIT", ...
  std::string href;
  std::string text;   // the body as plain text
};

// Lowercase terms of at least two bytes; ASCII letters and digits, and any non-ASCII byte, make
// words; everything else separates them.
std::vector<std::string> search_terms(std::string_view text);

// The shard a term lives in: its first two bytes, letters and digits as they are and anything else
// as hex ("en", "x3c3").
std::string shard_key(std::string_view term);

SiteFiles search_files(const std::vector<SearchDoc>& docs);

}  // namespace anth::site
