#include "core/query/ranked_candidates.h"

#include <sqlite3.h>

#include "core/index/sqlite_util.h"

namespace anth::query {

using index::detail::Statement;

util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch) {
  // The best rows are chosen as rowids and their ids read after: reading the id of every match before
  // the sort cost a third of the query. One statement, so one snapshot.
  Statement top(db, std::string("SELECT s.id, t.score FROM (SELECT rowid AS r, ") + relevance_sql +
                        " AS score FROM search WHERE search MATCH ?1 ORDER BY score LIMIT ?2) t"
                        " JOIN search s ON s.rowid = t.r ORDER BY t.score");
  if (auto ready = top.ready(); !ready) return std::unexpected(ready.error());
  top.text(1, match);
  top.integer(2, fetch);
  RankedCandidates out;
  while (true) {
    auto row = top.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    out.best.push_back({std::string(top.column_text(0)), top.column_real(1)});
  }
  out.every_match = static_cast<long>(out.best.size()) < fetch;
  if (!out.every_match) out.left_out_bound = out.best.back().score;
  return out;
}

}  // namespace anth::query
