#pragma once
// The query commands answer from the index without reading notes again, as long as the index still
// describes the corpus: every .md file's size and mtime (ingest/scan.h) equal the ones in its `files`
// table. Otherwise a refresh (the caller's incremental ingest, cli's open_session) runs first.
#include <filesystem>
#include <functional>
#include <string>

#include "core/query/query_db.h"
#include "core/util/expected.h"

namespace anth::query {

// Empty when the open index is current for the corpus at root; else why not ("sota/SOTA-192.md changed",
// "lit/LIT-900.md is new", "3 files removed").
std::string staleness(sqlite3* db, const std::filesystem::path& root);

// Opens the index read-only, calling `refresh` first when it is stale. Fails with a one-line reason
// when the corpus folder is missing, the refresh fails, or the index cannot be opened.
Expected<QueryDb> open_fresh_index(const std::filesystem::path& root, const std::filesystem::path& db_path,
                                   const std::function<Expected<void>()>& refresh);

}  // namespace anth::query
