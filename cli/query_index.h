#pragma once
// How the query commands (query, show, path, neighbors, origin, export) open the index: read-only, after
// an incremental ingest when the notes changed, as far as --freshness looks (ingest/freshness.h).
#include "cli/args.h"
#include "core/query/query_db.h"
#include "core/util/expected.h"

namespace anth::cli {

// The --freshness flag, for each query command's flag list.
FlagSpec freshness_flag();

util::Expected<query::QueryDb> open_query_index(const Args& args);

}  // namespace anth::cli
