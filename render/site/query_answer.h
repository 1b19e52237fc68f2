#pragma once
// The answer to one query block (core/query/query_spec.h) from the index the build stored, as the
// table the command would show: query's columns (id, kind, year, status, title), --sql's own,
// neighbors' (depth, id, kind, via, title) and origin's linked papers (year, id, title, linked as).
#include "core/query/query_spec.h"
#include "core/query/result_table.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::render::site {

// What a block's --sql may cost: a page is not a terminal, where the user can wait or stop it.
inline constexpr anth::query::SqlLimits query_block_sql_limits{std::chrono::milliseconds(5000), 1000};

// The table, or why there is none (one line). `db` is a QueryDb's read-only handle.
util::Expected<anth::query::ResultTable> answer_query(sqlite3* db, const anth::query::QuerySpec& spec);

}  // namespace anth::render::site
