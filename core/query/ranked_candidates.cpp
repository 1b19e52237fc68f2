#include "core/query/ranked_candidates.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <thread>
#include <unordered_map>

#include "core/index/sqlite_util.h"
#include "core/query/query_db.h"

namespace anth::query {

using index::detail::Statement;

namespace {

struct RowidRange {
  std::int64_t first, last;  // inclusive
};

struct RangeTop {
  std::vector<std::pair<std::int64_t, double>> rows;  // rowid, score; best first
  bool cut = false;                                   // `fetch` rows came back: some may be left out
};

// The rowids of the first and last document; nullopt for an empty index.
util::Expected<std::optional<RowidRange>> rowid_span(sqlite3* db) {
  Statement q(db, "SELECT (SELECT rowid FROM search ORDER BY rowid LIMIT 1),"
                  " (SELECT rowid FROM search ORDER BY rowid DESC LIMIT 1)");
  if (auto ready = q.ready(); !ready) return std::unexpected(ready.error());
  auto row = q.next();
  if (!row) return std::unexpected(row.error());
  if (!*row || q.column_is_null(0)) return std::optional<RowidRange>();
  return std::optional<RowidRange>(RowidRange{q.column_int(0), q.column_int(1)});
}

// Rowids, not ids: reading each match's stored id before the sort cost a third of the query.
util::Expected<RangeTop> rank_range(sqlite3* db, const std::string& match, RowidRange range, long fetch) {
  Statement top(db, "SELECT rowid, bm25(search, 0.0, 4.0, 1.0, 2.0) AS score FROM search"
                    " WHERE search MATCH ?1 AND rowid BETWEEN ?2 AND ?3 ORDER BY score LIMIT ?4");
  if (auto ready = top.ready(); !ready) return std::unexpected(ready.error());
  top.text(1, match);
  top.integer(2, range.first);
  top.integer(3, range.last);
  top.integer(4, fetch);
  RangeTop out;
  while (true) {
    auto row = top.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    out.rows.emplace_back(top.column_int(0), top.column_real(1));
  }
  out.cut = static_cast<long>(out.rows.size()) >= fetch;
  return out;
}

// The upper range on a connection of its own, while the caller ranks the lower one.
util::Expected<RangeTop> rank_range_apart(const std::string& file, const std::string& match, RowidRange range,
                                          long fetch) {
  auto own = QueryDb::open(file);
  if (!own) return std::unexpected(own.error());
  return rank_range(own->handle(), match, range, fetch);
}

bool can_open_second_connection(sqlite3* db) {
  const char* file = sqlite3_db_filename(db, "main");
  return file && *file && sqlite3_db_readonly(db, "main") == 1 && sqlite3_get_autocommit(db);
}

// Each range's rows with their ids, one id per document (a build that committed between the two
// ranges' reads could show a document in both: its best score is kept).
util::Expected<RankedCandidates> with_ids(sqlite3* db, const std::vector<RangeTop>& ranges) {
  RankedCandidates out;
  Statement id_of(db, "SELECT id FROM search WHERE rowid = ?1");
  if (auto ready = id_of.ready(); !ready) return std::unexpected(ready.error());
  std::unordered_map<std::string, std::size_t> seen;
  for (const RangeTop& range : ranges) {
    if (range.cut) {
      out.left_out_bound = out.every_match ? range.rows.back().second
                                           : std::min(out.left_out_bound, range.rows.back().second);
      out.every_match = false;
    }
    for (const auto& [rowid, score] : range.rows) {
      id_of.reset();
      id_of.integer(1, rowid);
      auto row = id_of.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) continue;  // deleted since it was ranked
      std::string id(id_of.column_text(0));
      auto [it, fresh] = seen.emplace(id, out.best.size());
      if (fresh) out.best.push_back({std::move(id), score});
      else out.best[it->second].score = std::min(out.best[it->second].score, score);
    }
  }
  return out;
}

}  // namespace

util::Expected<RankedCandidates> best_ranked(sqlite3* db, const std::string& match, long fetch) {
  auto span = rowid_span(db);
  if (!span) return std::unexpected(span.error());
  if (!*span) return RankedCandidates{};
  const RowidRange all = **span;
  std::vector<RangeTop> ranges;
  if (all.last - all.first < 2 * fetch || !can_open_second_connection(db)) {
    auto whole = rank_range(db, match, all, fetch);
    if (!whole) return std::unexpected(whole.error());
    ranges.push_back(std::move(*whole));
    return with_ids(db, ranges);
  }
  const std::int64_t middle = all.first + (all.last - all.first) / 2;
  util::Expected<RangeTop> upper = RangeTop{};
  std::thread apart([&, file = std::string(sqlite3_db_filename(db, "main"))] {
    upper = rank_range_apart(file, match, {middle + 1, all.last}, fetch);
  });
  auto lower = rank_range(db, match, {all.first, middle}, fetch);
  apart.join();
  if (!lower) return std::unexpected(lower.error());
  if (!upper) return std::unexpected(upper.error());
  ranges.push_back(std::move(*lower));
  ranges.push_back(std::move(*upper));
  return with_ids(db, ranges);
}

}  // namespace anth::query
