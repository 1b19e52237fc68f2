#pragma once
// FTS5's best-ranked documents for a MATCH, as `query --text --limit N` needs them (node_search.cpp):
// BM25 over every matching document (at 100,000 notes a common word matches most of them), scored by
// anth_rank (fts_bm25.h) and sorted as rowids, so that only the best few hundred ids are read.
#include <string>
#include <vector>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// A `search` row's relevance in SQL: BM25 within each column (anth_rank, fts_bm25.h), weighted id
// (unindexed) 0, title 6, body 1, authors 2. A title saturates on its own now, so its weight is what a
// title match can add: at 4, "attention entropy" ranked a paper whose longer title and body hold both
// words above the glossary term titled so (tests/query/query_command_test.cpp).
inline constexpr const char* relevance_sql = "anth_rank(search, 0.0, 6.0, 1.0, 2.0)";

struct Candidate {
  std::string id;
  double score;  // anth_rank's, as FTS5's bm25: lower is better
};

struct RankedCandidates {
  std::vector<Candidate> best;  // best first; at most `fetch`
  bool every_match = true;      // no matching document was left out
  double left_out_bound = 0;    // when not: every document left out scores at least this
};

// The `fetch` best documents by relevance_sql. `db` is a QueryDb's.
util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch);

}  // namespace anth::query
