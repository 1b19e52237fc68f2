#include "core/query/fresh_index.h"

#include <sqlite3.h>

#include <string_view>
#include <unordered_map>

#include "core/index/sqlite_util.h"
#include "ingest/scan.h"

namespace anth::query {

namespace {

struct Stamp {
  std::uint64_t size;
  std::int64_t mtime_ns;
};

}  // namespace

std::string staleness(sqlite3* db, const std::filesystem::path& root) {
  std::unordered_map<std::string, Stamp> indexed;
  index_detail::Statement files(db, "SELECT path, size, mtime_ns FROM files");
  if (auto ready = files.ready(); !ready) return ready.error();
  while (true) {
    auto row = files.next();
    if (!row) return row.error();
    if (!*row) break;
    indexed.emplace(std::string(files.column_text(0)),
                    Stamp{static_cast<std::uint64_t>(files.column_int(1)), files.column_int(2)});
  }
  std::size_t seen = 0;
  for (const SourceFile& f : scan_corpus(root)) {
    auto it = indexed.find(f.path);
    if (it == indexed.end()) return f.path + " is new";
    if (it->second.size != f.size || it->second.mtime_ns != f.mtime_ns) return f.path + " changed";
    ++seen;
  }
  if (seen != indexed.size()) return std::to_string(indexed.size() - seen) + " files removed";
  return {};
}

Expected<QueryDb> open_fresh_index(const std::filesystem::path& root, const std::filesystem::path& db_path,
                                   const std::function<Expected<void>()>& refresh) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return failure("no corpus folder at " + root.string());
  if (auto db = QueryDb::open(db_path); db && staleness(db->handle(), root).empty()) return db;
  if (auto refreshed = refresh(); !refreshed) return std::unexpected(refreshed.error());
  return QueryDb::open(db_path);
}

}  // namespace anth::query
