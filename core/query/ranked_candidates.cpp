#include "core/query/ranked_candidates.h"

#include <sqlite3.h>

#include <cstdint>
#include <utility>

#include "core/index/sqlite_util.h"

namespace anth::query {

using index::detail::Statement;

util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch) {
  // Rowids, not ids: reading each match's stored id before the sort cost a third of the query.
  Statement top(db, "SELECT rowid, anth_bm25(search, 0.0, 4.0, 1.0, 2.0) AS score FROM search WHERE search MATCH ?1"
                    " ORDER BY score LIMIT ?2");
  if (auto ready = top.ready(); !ready) return std::unexpected(ready.error());
  top.text(1, match);
  top.integer(2, fetch);
  std::vector<std::pair<std::int64_t, double>> rows;
  while (true) {
    auto row = top.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    rows.emplace_back(top.column_int(0), top.column_real(1));
  }
  RankedCandidates out;
  out.every_match = static_cast<long>(rows.size()) < fetch;
  if (!out.every_match) out.left_out_bound = rows.back().second;
  Statement id_of(db, "SELECT id FROM search WHERE rowid = ?1");
  if (auto ready = id_of.ready(); !ready) return std::unexpected(ready.error());
  for (const auto& [rowid, score] : rows) {
    id_of.reset();
    id_of.integer(1, rowid);
    auto row = id_of.next();
    if (!row) return std::unexpected(row.error());
    if (*row) out.best.push_back({std::string(id_of.column_text(0)), score});
  }
  return out;
}

}  // namespace anth::query
