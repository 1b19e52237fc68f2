// The best-ranked documents of a text query (core/query/ranked_candidates.h): what they leave out must
// bound what the caller may call exact.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <string>

#include "core/index/index.h"
#include "core/query/query_db.h"
#include "core/query/ranked_candidates.h"
#include "tests/support/test_support.h"

namespace anth::test {

namespace {

// A `search` table of the index's schema: rowids 1..count, the first half saying "spectral" five
// times (the better scores), the second half once; every body is the same number of words.
fs::path write_search_table(const TempDir& dir, int count) {
  const fs::path file = dir.path() / "index.db";
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  std::string sql = "PRAGMA user_version = " + std::to_string(index::index_schema_version) +
                    "; CREATE VIRTUAL TABLE search USING fts5(id UNINDEXED, title, body, authors,"
                    " tokenize = 'porter unicode61'); BEGIN;";
  for (int i = 1; i <= count; ++i) {
    const bool better = i <= count / 2;
    std::string body = better ? "spectral spectral spectral spectral spectral" : "spectral norm of the weights";
    sql += "INSERT INTO search(rowid, id, title, body, authors) VALUES (" + std::to_string(i) + ", 'LIT-" +
           std::to_string(i) + "', 'Paper', '" + body + "', 'Ng');";
  }
  sql += "COMMIT;";
  REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  return file;
}

double score_of(sqlite3* db, int rowid) {
  sqlite3_stmt* q = nullptr;
  std::string sql = "SELECT bm25(search, 0.0, 4.0, 1.0, 2.0) FROM search WHERE search MATCH 'spectral' AND rowid = " +
                    std::to_string(rowid);
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &q, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(q) == SQLITE_ROW);
  double score = sqlite3_column_double(q, 0);
  sqlite3_finalize(q);
  return score;
}

}  // namespace

TEST_CASE("ranked candidates: the best, and a bound on what was left out", "[query]") {
  TempDir dir;
  auto db = query::QueryDb::open(write_search_table(dir, 400));
  REQUIRE(db);
  auto cut = query::best_ranked(db->handle(), "\"spectral\"", 300);
  REQUIRE(cut);
  CHECK_FALSE(cut->every_match);
  CHECK(cut->best.size() == 300);
  CHECK(cut->left_out_bound == score_of(db->handle(), 400));  // the 300th best is of the second half
  CHECK(cut->best.front().score == score_of(db->handle(), 1));  // best first
  CHECK(cut->best.back().score == cut->left_out_bound);

  auto all = query::best_ranked(db->handle(), "\"spectral\"", 500);
  REQUIRE(all);
  CHECK(all->every_match);
  CHECK(all->best.size() == 400);

  auto none = query::best_ranked(db->handle(), "\"absent\"", 50);
  REQUIRE(none);
  CHECK(none->every_match);
  CHECK(none->best.empty());
}

}  // namespace anth::test
