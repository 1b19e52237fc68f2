#pragma once
// FTS5's best-ranked documents for a MATCH, as `query --text --limit N` needs them (node_search.cpp).
// Ranking is BM25 over every matching document, and at 100,000 notes a common word matches most of
// them: the documents are split into two rowid ranges ranked at once on two connections, one per core.
#include <string>
#include <vector>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

struct Candidate {
  std::string id;
  double score;  // FTS5's bm25: lower is better
};

struct RankedCandidates {
  std::vector<Candidate> best;     // unordered; at most `fetch` from each range
  bool every_match = true;         // no matching document was left out
  double left_out_bound = 0;       // when not: every document left out scores at least this
};

// The `fetch` best documents of each range, with the column weights of find_nodes. The second
// connection is opened only for a read-only index file outside any transaction (it would not see
// uncommitted rows), and only when the rowids span more than two fetches.
util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch);

}  // namespace anth::query
