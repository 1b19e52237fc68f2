#include "core/query/query_db.h"

#include <sqlite3.h>

#include <utility>

#include "core/index/index.h"
#include "core/index/index_health.h"
#include "core/index/sqlite_util.h"
#include "core/query/fts_bm25.h"
#include "core/util/did_you_mean.h"
#include "core/util/natural_order.h"

namespace anth::query {

using index::detail::Statement;

namespace {

int natural_collation(void*, int na, const void* a, int nb, const void* b) {
  return util::natural_compare({static_cast<const char*>(a), static_cast<std::size_t>(na)},
                         {static_cast<const char*>(b), static_cast<std::size_t>(nb)});
}

}  // namespace

util::Expected<QueryDb> QueryDb::open(const std::filesystem::path& db_path, std::chrono::milliseconds busy) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db_path, ec)) return util::failure("no index at " + db_path.string());
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(db_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  QueryDb db(raw);
  if (rc != SQLITE_OK) return util::failure("cannot open " + db_path.string() + ": " + index::detail::sqlite_error(raw));
  sqlite3_busy_timeout(raw, static_cast<int>(busy.count()));
  sqlite3_create_collation_v2(raw, "natural_id", SQLITE_UTF8, nullptr, natural_collation, nullptr);
  // Here, once: registering takes no lock, and render threads share one connection.
  if (!register_fts_bm25(raw)) return util::failure("cannot open " + db_path.string() + ": this SQLite has no FTS5");
  Statement version(raw, "PRAGMA user_version");
  auto row = version.ready() ? version.next() : util::Expected<bool>(std::unexpected(version.ready().error()));
  if (!row) return util::failure(db_path.string() + ": " + row.error());
  if (!*row || version.column_int(0) != index::index_schema_version)
    return util::failure(db_path.string() + " is an index of another version (expected " +
                   std::to_string(index::index_schema_version) + ")");
  return db;
}

util::Expected<QueryDb> QueryDb::schema_only() {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  QueryDb db(raw);
  if (rc != SQLITE_OK) return util::failure("cannot open an in-memory database: " + index::detail::sqlite_error(raw));
  sqlite3_create_collation_v2(raw, "natural_id", SQLITE_UTF8, nullptr, natural_collation, nullptr);
  if (!register_fts_bm25(raw)) return util::failure("this SQLite has no FTS5");
  if (auto made = index::detail::create_schema(raw); !made) return std::unexpected(made.error());
  return db;
}

QueryDb::QueryDb(QueryDb&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

QueryDb& QueryDb::operator=(QueryDb&& other) noexcept {
  if (this != &other) {
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

QueryDb::~QueryDb() { sqlite3_close_v2(db_); }

std::vector<std::string> all_ids(sqlite3* db) {
  std::vector<std::string> ids;
  Statement s(db, "SELECT id FROM nodes WHERE in_graph = 1");
  if (!s.ready()) return ids;
  while (true) {
    auto row = s.next();
    if (!row || !*row) break;
    ids.emplace_back(s.column_text(0));
  }
  return ids;
}

std::string no_node_message(sqlite3* db, const std::string& id) {
  std::string message = "no node " + id;
  if (auto best = util::closest_match(id, all_ids(db))) message += "; did you mean " + *best + "?";
  return message;
}

}  // namespace anth::query
