#pragma once
// `anthology query --sql`: one statement over the index's documented schema (docs/index-schema.md),
// on a connection SQLite itself keeps read-only.
#include <string>

#include "core/query/result_table.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// Runs one SQL statement and returns its rows with the statement's column names. Fails with SQLite's
// one-line reason ("attempt to write a readonly database", "no such table: x") on a bad or writing
// statement, and when more than one statement is given. `db` must be a QueryDb's read-only handle.
Expected<ResultTable> run_readonly_sql(sqlite3* db, const std::string& sql);

}  // namespace anth::query
