#pragma once
// What an open Index holds, shared by its lifecycle (index.cpp) and its content (index_content.cpp).
// Private to core/index.
#include <filesystem>

#include "core/index/index.h"
#include "core/index/index_health.h"
#include "core/index/sqlite_util.h"

namespace anth::index {

struct Index::State {
  sqlite3* db = nullptr;
  std::filesystem::path path;
  bool rebuilt = false;
  bool writable = false;
  // Prepared on first use: ingest reads the parse of every unchanged note, the site every body.
  detail::Statement load_parse, load_parse_bodied, load_body;

  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
    load_parse = detail::Statement();
    load_parse_bodied = detail::Statement();
    load_body = detail::Statement();
    // The log folded into the file now, not by the last connection's close: a reader kept open beside
    // (serve's) would otherwise leave it holding frames, and the next open would check the whole file.
    // Without waiting: a reader in the middle of a read leaves it as it was.
    if (db && writable) {
      sqlite3_busy_timeout(db, 0);
      sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    }
    if (db && sqlite3_close_v2(db) == SQLITE_OK && writable) detail::remember_clean_close(path);
  }
};

}  // namespace anth::index