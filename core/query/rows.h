#pragma once
// Stepping a prepared statement of the index row by row. Private to core/query.
#include <sqlite3.h>

#include <optional>
#include <string>

#include "core/index/sqlite_util.h"
#include "core/util/expected.h"

namespace anth::query::detail {

using index::detail::Statement;

// Calls `each(stmt)` for every row; fails with SQLite's reason.
template <class Each>
util::Expected<void> for_each_row(Statement& stmt, Each&& each) {
  if (auto ready = stmt.ready(); !ready) return ready;
  while (true) {
    auto row = stmt.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return {};
    each(stmt);
  }
}

// One read transaction over the lookups of a load: SQLite then takes its shared lock once, not once per
// statement (a load of a few thousand lookups spent more time locking than reading).
class ReadTransaction {
 public:
  explicit ReadTransaction(sqlite3* db) : db_(db), open_(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK) {}
  ~ReadTransaction() {
    if (open_) sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
  }
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  sqlite3* db_;
  bool open_;
};

inline std::string text_at(const Statement& s, int i) { return std::string(s.column_text(i)); }

inline std::optional<int> int_at(const Statement& s, int i) {
  if (s.column_is_null(i)) return std::nullopt;
  return static_cast<int>(s.column_int(i));
}

inline std::optional<std::string> opt_text_at(const Statement& s, int i) {
  if (s.column_is_null(i)) return std::nullopt;
  return text_at(s, i);
}

}  // namespace anth::query::detail
