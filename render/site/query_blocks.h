#pragma once
// The query blocks of every body (docs/site.md "Query blocks"), answered once per build: each distinct
// query (equal specs, `this` replaced, are one) is evaluated once against the index the build stored
// (render/site/query_answer.h), and each block becomes the HTML that replaces its marker in the body
// (core/model/rendered_body.h): a table whose ids link to their pages, or a box saying why the block
// has no answer (lint reports the same block as Q001). A page's key hashes its blocks' HTML, so a page
// is rendered again when an answer changed, though its note did not (page_keys.h).
#include <cstdint>
#include <string>
#include <vector>

#include "core/graph/graph.h"

struct sqlite3;

namespace anth::render::site {

class QueryBlocks {
 public:
  // `db`: a read-only handle on the index as stored for this build; nullptr when there is none
  // (every block then says so).
  QueryBlocks(const graph::Graph& graph, sqlite3* db);

  // The HTML of block b of v's body ("" when v has no such block).
  const std::string& html(std::size_t v, std::size_t b) const;
  // A hash of the HTML of every block of v's body; 0 when it has none.
  std::uint64_t key(std::size_t v) const;
  // How many distinct queries were evaluated.
  std::size_t evaluated() const { return answers_.size(); }

 private:
  std::vector<std::string> answers_;               // the HTML of each distinct query (or bad block)
  std::vector<std::vector<std::uint32_t>> of_;     // per vertex, the answer of each block
};

}  // namespace anth::render::site
