#pragma once
// A read-only connection to the index for the query commands (query, show, path, neighbors, origin,
// export). Opened with SQLITE_OPEN_READONLY, so SQLite itself refuses any write; the schema version is
// checked, ids sort naturally (LIT-9 before LIT-10) with the `natural_id` collation, and `anth_bm25` and
// `anth_rank` rank the full-text table (fts_bm25.h).
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

class QueryDb {
 public:
  // Fails with a one-line reason when the file is missing, not a database, or of another schema version.
  // `busy` is how long to wait for a writer that holds the database locked.
  static util::Expected<QueryDb> open(const std::filesystem::path& db_path,
                                std::chrono::milliseconds busy = std::chrono::milliseconds(10000));

  // An empty database of the index's schema, in memory: where a query block's --sql is checked
  // without the index (lint runs before the index is written). Writable, but run_readonly_sql's
  // authorizer lets nothing write.
  static util::Expected<QueryDb> schema_only();

  QueryDb(QueryDb&&) noexcept;
  QueryDb& operator=(QueryDb&&) noexcept;
  ~QueryDb();

  sqlite3* handle() const { return db_; }

 private:
  explicit QueryDb(sqlite3* db) : db_(db) {}
  sqlite3* db_ = nullptr;
};

// Every in-graph id, for "did you mean".
std::vector<std::string> all_ids(sqlite3* db);

// "no node X" with a "did you mean Y?" from the ids of the index when one is close.
std::string no_node_message(sqlite3* db, const std::string& id);

}  // namespace anth::query
