#pragma once
// `anthology query --sql`: one statement over the index's documented schema (docs/index-schema.md).
// SQLite's authorizer lets through reads only (no ATTACH, VACUUM INTO, temporary tables or writing
// pragmas), a deadline stops a statement that runs too long, and rows are handed over one at a time
// up to a limit, so neither time nor memory grows with what the statement asks for.
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/query/result_table.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// The one reason given for every statement the authorizer refuses.
inline constexpr const char* sql_read_only_message =
    "only reading statements are allowed (SELECT, WITH, read-only PRAGMAs): the index is read-only";

struct SqlLimits {
  std::chrono::milliseconds timeout{10000};
  std::size_t max_rows = 100000;
};

// Where the result goes as it is read: the column names once, then each row.
struct RowSink {
  std::function<void(const std::vector<std::string>&)> columns;
  std::function<void(const std::vector<Cell>&)> row;
};

// Runs one SQL statement and returns how many rows it gave. Fails with a one-line reason on a bad
// statement ("no such table: x"), a refused one (sql_read_only_message), more than one statement, the
// time limit or the row limit (the rows up to the limit were handed over). `db` must be a QueryDb's
// read-only handle.
util::Expected<std::size_t> run_readonly_sql(sqlite3* db, const std::string& sql, const SqlLimits& limits, const RowSink& sink);

}  // namespace anth::query
