#include "core/query/fts_bm25.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace anth::query {

namespace {

// BM25's constants as FTS5 fixes them.
constexpr double k1 = 1.2;
constexpr double b = 0.75;

// Lengths are read a block at a time only after this many rows, and only while at least one row in
// eight of those passed matched: a selective query keeps FTS5's one lookup per row.
constexpr sqlite3_int64 rows_before_blocks = 1024;
constexpr sqlite3_int64 density = 8;
constexpr int block_rows = 4096;

// One query's statistics and its block of row lengths, kept with FTS5's cursor (xSetAuxdata).
struct QueryStats {
  std::vector<double> idf;        // per phrase
  std::vector<double> frequency;  // per phrase: the current row's count, weighted by column
  double mean_length = 0;
  int columns = 0;
  std::vector<double> column_means;  // anth_rank: each column's mean length
  std::vector<int> column_lengths;   // anth_rank: the current row's, per column
  std::vector<int> counts;           // anth_rank: the current row's count per phrase and column
  sqlite3_int64 rows_scored = 0;
  sqlite3_int64 first_rowid = 0, last_rowid = 0;
  bool ascending = true;  // rows come in rowid order (a block is read forwards)
  bool blocks = true;     // false once reading one failed: FTS5's lookups from then on
  std::vector<std::pair<sqlite3_int64, int>> block;  // rowid and length, ascending
  std::vector<int> block_columns;                     // with per_column: each block row's column lengths
  bool per_column = false;                            // anth_rank's statistics
  std::size_t at = 0;                                // where the last row was found in the block
  sqlite3_stmt* read_block = nullptr;
  ~QueryStats() { sqlite3_finalize(read_block); }
};

int count_row(const Fts5ExtensionApi*, Fts5Context*, void* count) {
  ++*static_cast<sqlite3_int64*>(count);
  return SQLITE_OK;
}

// anth_rank's per-column statistics, added to a query's (anth_bm25 and anth_rank may share a cursor).
bool add_column_stats(const Fts5ExtensionApi* api, Fts5Context* fts, QueryStats& s) {
  if (s.per_column) return true;
  sqlite3_int64 rows = 0, tokens = 0;
  if (api->xRowCount(fts, &rows) != SQLITE_OK) return false;
  s.columns = api->xColumnCount(fts);
  for (int c = 0; c < s.columns; ++c) {
    if (api->xColumnTotalSize(fts, c, &tokens) != SQLITE_OK) return false;
    s.column_means.push_back(static_cast<double>(tokens) / static_cast<double>(rows));
  }
  s.column_lengths.assign(s.columns, 0);
  s.counts.assign(s.idf.size() * s.columns, 0);
  s.block.clear();  // read again with the columns' lengths
  s.per_column = true;
  return true;
}

// The statistics of the query the cursor runs, made on its first row as bm25() makes them.
QueryStats* stats_of(const Fts5ExtensionApi* api, Fts5Context* fts, bool per_column) {
  if (auto* kept = static_cast<QueryStats*>(api->xGetAuxdata(fts, 0)))
    return !per_column || add_column_stats(api, fts, *kept) ? kept : nullptr;
  auto stats = std::make_unique<QueryStats>();
  const int phrases = api->xPhraseCount(fts);
  sqlite3_int64 rows = 0, tokens = 0;
  if (api->xRowCount(fts, &rows) != SQLITE_OK || api->xColumnTotalSize(fts, -1, &tokens) != SQLITE_OK) return nullptr;
  stats->mean_length = static_cast<double>(tokens) / static_cast<double>(rows);
  for (int i = 0; i < phrases; ++i) {
    sqlite3_int64 hits = 0;
    if (api->xQueryPhrase(fts, i, &hits, count_row) != SQLITE_OK) return nullptr;
    double idf = std::log((rows - hits + 0.5) / (hits + 0.5));
    stats->idf.push_back(idf <= 0.0 ? 1e-6 : idf);  // a phrase in most rows still counts a little
  }
  stats->frequency.assign(phrases, 0.0);
  if (per_column && !add_column_stats(api, fts, *stats)) return nullptr;
  QueryStats* raw = stats.get();
  if (api->xSetAuxdata(fts, stats.release(), [](void* p) { delete static_cast<QueryStats*>(p); }) != SQLITE_OK)
    return nullptr;  // xSetAuxdata freed it
  return raw;
}

// A row's length: the sum of its columns' token counts, one SQLite varint each in search_docsize
// (seven bits a byte, most significant first, the ninth byte whole), each also into `each` when given.
// False when the blob is cut short.
bool sum_of_varints(const unsigned char* p, int size, int& sum, std::vector<int>* each = nullptr) {
  sum = 0;
  int i = 0;
  while (i < size) {
    std::uint64_t v = 0;
    bool whole = false;
    for (int n = 0; n < 9 && i < size; ++n) {
      const unsigned char c = p[i++];
      v = n == 8 ? (v << 8) | c : (v << 7) | (c & 0x7f);
      if (n == 8 || !(c & 0x80)) {
        whole = true;
        break;
      }
    }
    if (!whole) return false;
    sum += static_cast<int>(v);
    if (each) each->push_back(static_cast<int>(v));
  }
  return true;
}

// Reads the lengths of up to block_rows rows from `from` on.
bool read_block(QueryStats& s, sqlite3* db, sqlite3_int64 from) {
  s.block.clear();
  s.block_columns.clear();
  s.at = 0;
  if (!s.read_block &&
      sqlite3_prepare_v2(db, "SELECT id, sz FROM search_docsize WHERE id >= ?1 ORDER BY id LIMIT ?2", -1, &s.read_block,
                         nullptr) != SQLITE_OK)
    return false;
  sqlite3_bind_int64(s.read_block, 1, from);
  sqlite3_bind_int(s.read_block, 2, block_rows);
  int rc;
  while ((rc = sqlite3_step(s.read_block)) == SQLITE_ROW) {
    int length = 0;
    const auto* blob = static_cast<const unsigned char*>(sqlite3_column_blob(s.read_block, 1));
    const std::size_t had = s.block_columns.size();
    if (!sum_of_varints(blob, sqlite3_column_bytes(s.read_block, 1), length, s.per_column ? &s.block_columns : nullptr))
      break;
    if (s.per_column && s.block_columns.size() - had != static_cast<std::size_t>(s.columns)) break;
    s.block.emplace_back(sqlite3_column_int64(s.read_block, 0), length);
  }
  sqlite3_reset(s.read_block);
  if (rc != SQLITE_DONE) s.block.clear();
  return rc == SQLITE_DONE;
}

// The row's length from the block when it holds the row (reading the next block once matches are
// dense and come in rowid order), else FTS5's own lookup.
int row_length(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, QueryStats& s, int& length) {
  const sqlite3_int64 rowid = api->xRowid(fts);
  if (s.rows_scored++ == 0) s.first_rowid = rowid;
  else if (rowid <= s.last_rowid) s.ascending = false;
  s.last_rowid = rowid;
  auto in_block = [&] {
    while (s.at < s.block.size() && s.block[s.at].first < rowid) ++s.at;
    return s.at < s.block.size() && s.block[s.at].first == rowid;
  };
  auto from_block = [&] {
    length = s.block[s.at].second;
    if (s.per_column)
      std::copy_n(s.block_columns.begin() + static_cast<std::ptrdiff_t>(s.at * s.columns), s.columns, s.column_lengths.begin());
    return SQLITE_OK;
  };
  if (s.ascending && !s.block.empty() && in_block()) return from_block();
  const bool dense = s.rows_scored > rows_before_blocks && rowid - s.first_rowid < density * s.rows_scored;
  if (s.ascending && s.blocks && dense) {
    s.blocks = read_block(s, sqlite3_context_db_handle(ctx), rowid);
    if (s.blocks && in_block()) return from_block();
  }
  if (!s.per_column) return api->xColumnSize(fts, -1, &length);
  length = 0;  // the row's length is its columns' together
  for (int c = 0; c < s.columns; ++c) {
    if (int rc = api->xColumnSize(fts, c, &s.column_lengths[c]); rc != SQLITE_OK) return rc;
    length += s.column_lengths[c];
  }
  return SQLITE_OK;
}

void anth_bm25(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int count, sqlite3_value** weights) {
  QueryStats* s = stats_of(api, fts, /*per_column=*/false);
  if (!s) return sqlite3_result_error(ctx, "anth_bm25: cannot read the query's statistics", -1);
  // Each phrase's instances in the row by its own iterator: in the order bm25() adds them (by column,
  // then offset), without the merged array of every phrase's instances that xInst builds.
  int rc = SQLITE_OK;
  for (std::size_t phrase = 0; rc == SQLITE_OK && phrase < s->frequency.size(); ++phrase) {
    double frequency = 0.0;
    Fts5PhraseIter it;
    int column = 0, offset = 0;
    rc = api->xPhraseFirst(fts, static_cast<int>(phrase), &it, &column, &offset);
    for (; rc == SQLITE_OK && column >= 0; api->xPhraseNext(fts, &it, &column, &offset))
      frequency += count > column ? sqlite3_value_double(weights[column]) : 1.0;
    s->frequency[phrase] = frequency;
  }
  int length = 0;
  if (rc == SQLITE_OK) rc = row_length(api, fts, ctx, *s, length);
  if (rc != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
  double score = 0.0;
  for (std::size_t i = 0; i < s->idf.size(); ++i)
    score += s->idf[i] * ((s->frequency[i] * (k1 + 1.0)) /
                          (s->frequency[i] + k1 * (1 - b + b * static_cast<double>(length) / s->mean_length)));
  sqlite3_result_double(ctx, -1.0 * score);
}

// BM25 within each column, weighted and summed: a phrase's count saturates in its own column, against
// that column's mean length. bm25() weights the counts first and saturates their sum, so a title match
// adds little to a document whose body repeats the phrase: in Obsidian's help vault, "canvas" ranked
// five release notes above the page titled Canvas.
void anth_rank(const Fts5ExtensionApi* api, Fts5Context* fts, sqlite3_context* ctx, int count, sqlite3_value** weights) {
  QueryStats* s = stats_of(api, fts, /*per_column=*/true);
  if (!s) return sqlite3_result_error(ctx, "anth_rank: cannot read the query's statistics", -1);
  std::fill(s->counts.begin(), s->counts.end(), 0);
  int rc = SQLITE_OK;
  const int columns = s->columns;
  for (std::size_t phrase = 0; rc == SQLITE_OK && phrase < s->idf.size(); ++phrase) {
    Fts5PhraseIter it;
    int column = 0, offset = 0;
    rc = api->xPhraseFirst(fts, static_cast<int>(phrase), &it, &column, &offset);
    for (; rc == SQLITE_OK && column >= 0; api->xPhraseNext(fts, &it, &column, &offset))
      if (column < columns) ++s->counts[phrase * columns + column];
  }
  int length = 0;
  if (rc == SQLITE_OK) rc = row_length(api, fts, ctx, *s, length);
  if (rc != SQLITE_OK) return sqlite3_result_error_code(ctx, rc);
  double score = 0.0;
  for (std::size_t phrase = 0; phrase < s->idf.size(); ++phrase) {
    double in_row = 0.0;
    for (int c = 0; c < columns; ++c) {
      const double tf = s->counts[phrase * columns + c];
      if (tf == 0.0 || s->column_means[c] <= 0.0) continue;
      const double weight = count > c ? sqlite3_value_double(weights[c]) : 1.0;
      in_row += weight * (tf * (k1 + 1.0)) / (tf + k1 * (1 - b + b * s->column_lengths[c] / s->column_means[c]));
    }
    score += s->idf[phrase] * in_row;
  }
  sqlite3_result_double(ctx, -1.0 * score);
}

}  // namespace

bool register_fts_bm25(sqlite3* db) {
  fts5_api* fts = nullptr;
  sqlite3_stmt* get = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &get, nullptr) != SQLITE_OK) return false;
  sqlite3_bind_pointer(get, 1, static_cast<void*>(&fts), "fts5_api_ptr", nullptr);
  sqlite3_step(get);
  sqlite3_finalize(get);
  return fts && fts->iVersion >= 2 && fts->xCreateFunction(fts, "anth_bm25", nullptr, anth_bm25, nullptr) == SQLITE_OK &&
         fts->xCreateFunction(fts, "anth_rank", nullptr, anth_rank, nullptr) == SQLITE_OK;
}

}  // namespace anth::query
