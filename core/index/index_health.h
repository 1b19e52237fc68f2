#pragma once
// The index file's lifecycle below the Index API (index_health.cpp): opening a connection, deciding
// whether a file is sound, of another version or damaged, creating the schema, and the clean-close
// stamp. Private to core/index.
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>

#include "core/index/sqlite_util.h"
#include "core/util/expected.h"

namespace anth::index::detail {

// An open SQLite connection, closed unless released.
struct Connection {
  sqlite3* db = nullptr;
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection() { close(); }
  void close() {
    if (db) sqlite3_close_v2(db);
    db = nullptr;
  }
  sqlite3* release() { return std::exchange(db, nullptr); }
};

util::Expected<void> open_connection(Connection& c, const std::filesystem::path& path, int flags);

// A single-value query's outcome; the value as an integer or text.
struct Scalar {
  int rc = SQLITE_OK;
  std::int64_t number = 0;
  std::string text;
  bool has_row = false;
};
Scalar scalar(sqlite3* db, const char* sql);

enum class Health { Empty, Sound, Replace };

struct Check {
  Health health = Health::Sound;
  std::string error;  // set when the check itself could not run (busy, I/O)
};

// What an existing file is: empty (fresh), a sound index of this version, or something to replace.
// The deep check also compares the schema with a fresh one's and, with `integrity`, runs PRAGMA
// quick_check.
Check check_health(sqlite3* db, bool deep, bool integrity = true);

void remove_database_files(const std::filesystem::path& path);
// Creates the schema in a fresh database, unless another process just did.
util::Expected<void> create_schema(sqlite3* db);
// WAL, sync and cache settings of a writer.
util::Expected<void> configure(sqlite3* db);
// An index written before the application id gets it, so that it is recognised from its header.
util::Expected<void> mark_as_ours(sqlite3* db);

// Whether the file still has the stamp its last writer left on a clean close (then the integrity
// check is skipped), and leaving that stamp.
bool closed_cleanly(const std::filesystem::path& db_path);
void remember_clean_close(const std::filesystem::path& db_path);

}  // namespace anth::index::detail
