#pragma once
// FTS5's best-ranked documents for a MATCH, as `query --text --limit N` needs them (node_search.cpp):
// BM25 over every matching document (at 100,000 notes a common word matches most of them), scored by
// anth_bm25 (fts_bm25.h) and sorted as rowids, so that only the best few hundred ids are read.
#include <string>
#include <vector>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// A `search` row's relevance in SQL: bm25 with the column weights id (unindexed) 0, title 4, body 1,
// authors 2. On a QueryDb's connection, which has anth_bm25.
inline constexpr const char* relevance_sql = "anth_bm25(search, 0.0, 4.0, 1.0, 2.0)";

struct Candidate {
  std::string id;
  double score;  // FTS5's bm25: lower is better
};

struct RankedCandidates {
  std::vector<Candidate> best;  // best first; at most `fetch`
  bool every_match = true;      // no matching document was left out
  double left_out_bound = 0;    // when not: every document left out scores at least this
};

// The `fetch` best documents by relevance_sql. `db` is a QueryDb's.
util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch);

}  // namespace anth::query
