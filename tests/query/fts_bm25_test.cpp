// anth_bm25 (core/query/fts_bm25.h) must give FTS5's bm25() scores to the bit, row by row: on dense
// matches (its lengths read a block at a time, across deleted rows and several blocks), on sparse ones
// (FTS5's lookup), with column weights, several phrases, long rows and a descending scan.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>

#include "core/query/fts_bm25.h"

namespace {

// A `search` table as the index makes it, in memory: `rows` rows whose lengths and counts vary.
sqlite3* search_table(int rows) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
  std::string sql = "CREATE VIRTUAL TABLE search USING fts5(id UNINDEXED, title, body, authors,"
                    " tokenize = 'porter unicode61'); BEGIN;";
  for (int i = 1; i <= rows; ++i) {
    std::string body;
    for (int w = 0; w < 1 + (i * 7) % 23; ++w) body += w % 3 ? "filler words here " : "spectral ";
    if (i % 10 == 0) body += " rare";
    if (i % 50 == 0)  // over 127 tokens: a length of two varint bytes
      for (int w = 0; w < 150; ++w) body += " filler";
    std::string title = i % 4 == 0 ? "Spectral norm" : "A paper";
    sql += "INSERT INTO search(rowid, id, title, body, authors) VALUES (" + std::to_string(i) + ", 'LIT-" +
           std::to_string(i) + "', '" + title + "', '" + body + "', 'Ng');";
  }
  std::string long_body;
  for (int w = 0; w < 20000; ++w) long_body += "spectral token ";
  // Over 16,383 tokens (three varint bytes), early (FTS5's lookups) and late (the blocks).
  sql += "UPDATE search SET body = '" + long_body + "' WHERE rowid IN (77, 5000, 8000);";
  sql += "DELETE FROM search WHERE rowid % 97 = 0;";  // holes in the rowids
  sql += "COMMIT;";
  REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(anth::query::register_fts_bm25(db));
  return db;
}

// Rows where the two scores differ, and rows compared.
std::pair<long, long> differing(sqlite3* db, const std::string& match, const std::string& weights,
                                const std::string& order = "") {
  const std::string sql = "SELECT bm25(search" + weights + "), anth_bm25(search" + weights +
                          ") FROM search WHERE search MATCH '" + match + "'" + order;
  sqlite3_stmt* q = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &q, nullptr) == SQLITE_OK);
  std::pair<long, long> out{0, 0};
  int rc;
  while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
    ++out.second;
    if (sqlite3_column_double(q, 0) != sqlite3_column_double(q, 1)) ++out.first;
  }
  INFO(sqlite3_errmsg(db));
  CHECK(rc == SQLITE_DONE);
  sqlite3_finalize(q);
  return out;
}

}  // namespace

TEST_CASE("anth_bm25 gives bm25's scores, row by row", "[query]") {
  sqlite3* db = search_table(9000);
  const std::string weights = ", 0.0, 4.0, 1.0, 2.0";
  struct Case {
    const char* match;
    const char* order;
    long at_least;  // rows compared
  } cases[] = {
      {"\"spectral\"", "", 8000},                        // dense: blocks of lengths, the long row among them
      {"\"spectral\" \"norm\"", "", 2000},               // two phrases, the second mostly in titles
      {"\"rare\"", "", 800},                             // sparse: FTS5's own lookup
      {"\"spectral\"", " ORDER BY rowid DESC", 8000},    // rows in descending order
      {"(\"spectral\" OR \"rare\") AND \"filler\"", "", 5000},
  };
  for (const Case& c : cases) {
    for (const std::string& w : {weights, std::string()}) {
      auto [diff, rows] = differing(db, c.match, w, c.order);
      INFO(c.match << c.order << " weights" << w);
      CHECK(rows >= c.at_least);
      CHECK(diff == 0);
    }
  }
  sqlite3_close(db);
}

namespace {

// Each row's anth_rank score by rowid, for a MATCH, scanning ascending (lengths by blocks) or not.
std::map<sqlite3_int64, double> ranks(sqlite3* db, const std::string& match, const std::string& order) {
  const std::string sql = "SELECT rowid, anth_rank(search, 0.0, 4.0, 1.0, 2.0) FROM search WHERE search MATCH '" + match + "'" + order;
  sqlite3_stmt* q = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &q, nullptr) == SQLITE_OK);
  std::map<sqlite3_int64, double> out;
  while (sqlite3_step(q) == SQLITE_ROW) out[sqlite3_column_int64(q, 0)] = sqlite3_column_double(q, 1);
  sqlite3_finalize(q);
  return out;
}

double column_bm25(double tf, double length, double mean, double weight) {
  return weight * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / mean));
}

}  // namespace

TEST_CASE("anth_rank: BM25 within each column, the same from blocks of lengths as from lookups", "[query]") {
  // The formula, on three rows computed by hand: columns id (unindexed), title, body, authors.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db,
                       "CREATE VIRTUAL TABLE search USING fts5(id UNINDEXED, title, body, authors, tokenize = 'porter unicode61');"
                       "INSERT INTO search(rowid, id, title, body, authors) VALUES"
                       " (1, 'A', 'Canvas', 'a canvas holds cards', 'Ng'),"
                       " (2, 'B', 'Release notes', 'canvas canvas canvas canvas canvas canvas canvas canvas canvas canvas"
                       " canvas canvas fixes and speed', 'Li'),"
                       " (3, 'C', 'Other things', 'nothing here at all', 'Ng Li');",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(anth::query::register_fts_bm25(db));
  const double idf = std::log((3 - 2 + 0.5) / (2 + 0.5)) <= 0 ? 1e-6 : std::log((3 - 2 + 0.5) / (2 + 0.5));
  const double title_mean = (1 + 2 + 2) / 3.0, body_mean = (4 + 15 + 4) / 3.0;
  auto got = ranks(db, "canvas", "");
  REQUIRE(got.size() == 2);
  CHECK(got[1] == Approx(-idf * (column_bm25(1, 1, title_mean, 4) + column_bm25(1, 4, body_mean, 1))).epsilon(1e-12));
  CHECK(got[2] == Approx(-idf * column_bm25(12, 15, body_mean, 1)).epsilon(1e-12));
  // The page titled with the word first; FTS5's bm25 puts the body that repeats it first.
  CHECK(got[1] < got[2]);
  sqlite3_stmt* q = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT rowid FROM search WHERE search MATCH 'canvas' ORDER BY bm25(search, 0.0, 4.0, 1.0, 2.0) LIMIT 1",
                             -1, &q, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(q) == SQLITE_ROW);
  CHECK(sqlite3_column_int64(q, 0) == 2);
  sqlite3_finalize(q);
  sqlite3_close(db);

  // On many rows: lengths read a block at a time (ascending) give the scores of FTS5's lookups
  // (descending), also beside anth_bm25 on the same cursor.
  db = search_table(9000);
  for (const char* match : {"\"spectral\"", "\"spectral\" \"norm\"", "\"rare\""}) {
    INFO(match);
    auto blocks = ranks(db, match, ""), lookups = ranks(db, match, " ORDER BY rowid DESC");
    CHECK(blocks.size() > 500);
    CHECK(blocks == lookups);
  }
  sqlite3_stmt* both = nullptr;
  REQUIRE(sqlite3_prepare_v2(db,
                             "SELECT rowid, anth_bm25(search, 0.0, 4.0, 1.0, 2.0), bm25(search, 0.0, 4.0, 1.0, 2.0),"
                             " anth_rank(search, 0.0, 4.0, 1.0, 2.0) FROM search WHERE search MATCH 'spectral'",
                             -1, &both, nullptr) == SQLITE_OK);
  auto alone = ranks(db, "\"spectral\"", "");
  long rows = 0, differ = 0;
  while (sqlite3_step(both) == SQLITE_ROW) {
    ++rows;
    differ += sqlite3_column_double(both, 1) != sqlite3_column_double(both, 2);
    differ += alone[sqlite3_column_int64(both, 0)] != sqlite3_column_double(both, 3);
  }
  sqlite3_finalize(both);
  CHECK(rows > 8000);
  CHECK(differ == 0);
  sqlite3_close(db);
}
