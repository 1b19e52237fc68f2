#pragma once
// Small RAII helpers over the SQLite C API for core/index: a prepared statement that is reused across
// rows, and turning SQLite's result codes into Expected failures. Private to core/index.
#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "core/util/expected.h"

namespace anth::index::detail {

// The connection's last error as "message (code)".
inline std::string sqlite_error(sqlite3* db) {
  if (!db) return "out of memory";
  return std::string(sqlite3_errmsg(db));
}

// The most bytes SQLite stores in one value (SQLITE_LIMIT_LENGTH: 1,000,000,000 unless lowered).
inline std::size_t max_value_bytes(sqlite3* db) {
  return static_cast<std::size_t>(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1));
}

inline std::string too_big_message(sqlite3* db, std::size_t bytes) {
  return "a value of " + std::to_string(bytes) + " bytes is too large for the index: SQLite's limit is " +
         std::to_string(max_value_bytes(db)) + " bytes";
}

inline util::Expected<void> exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc == SQLITE_OK) return {};
  std::string reason = message ? message : sqlite3_errstr(rc);
  sqlite3_free(message);
  return util::failure(std::move(reason));
}

// A prepared statement. Text is bound without copying (SQLITE_STATIC): what is bound must stay alive
// until the statement has been stepped.
class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, std::string_view sql) : db_(db) {
    if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr) !=
        SQLITE_OK) {
      error_ = sqlite_error(db);
      sqlite3_finalize(stmt_);
      stmt_ = nullptr;
    }
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept
      : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)), error_(std::move(other.error_)) {}
  Statement& operator=(Statement&& other) noexcept {
    if (this != &other) {
      sqlite3_finalize(stmt_);
      db_ = other.db_;
      stmt_ = std::exchange(other.stmt_, nullptr);
      error_ = std::move(other.error_);
    }
    return *this;
  }
  ~Statement() { sqlite3_finalize(stmt_); }

  // Empty when the statement was prepared; else why not.
  util::Expected<void> ready() const {
    if (stmt_) return {};
    return util::failure(error_.empty() ? std::string("statement not prepared") : error_);
  }
  sqlite3_stmt* get() const { return stmt_; }

  void text(int i, std::string_view s) {
    // A null pointer would bind NULL; an empty view must stay an empty string.
    int rc = sqlite3_bind_text64(stmt_, i, s.data() ? s.data() : "", s.size(), SQLITE_STATIC, SQLITE_UTF8);
    // A value over SQLite's length limit is left NULL, which a NOT NULL column then reports as if it
    // were missing: remember its size, and run() names the size problem instead.
    if (rc == SQLITE_TOOBIG) too_big_ = std::max(too_big_, s.size());
  }
  // NULL for an empty string.
  void text_or_null(int i, std::string_view s) {
    if (s.empty()) null(i);
    else text(i, s);
  }
  void blob_or_null(int i, std::string_view s) {
    if (s.empty()) null(i);
    else sqlite3_bind_blob64(stmt_, i, s.data(), s.size(), SQLITE_STATIC);
  }
  void integer(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void real(int i, double v) { sqlite3_bind_double(stmt_, i, v); }
  void null(int i) { sqlite3_bind_null(stmt_, i); }

  // Steps a statement that returns no rows, then resets it for the next row.
  util::Expected<void> run() {
    if (too_big_) {
      std::string reason = too_big_message(db_, std::exchange(too_big_, 0));
      sqlite3_clear_bindings(stmt_);
      return util::failure(std::move(reason));
    }
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) {
      sqlite3_reset(stmt_);
      return {};
    }
    std::string reason = sqlite_error(db_);
    sqlite3_reset(stmt_);
    return util::failure(std::move(reason));
  }
  // Steps a query: true for a row, false when done; a failure otherwise.
  util::Expected<bool> next() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return util::failure(sqlite_error(db_));
  }
  void reset() { sqlite3_reset(stmt_); }

  std::int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }
  double column_real(int i) const { return sqlite3_column_double(stmt_, i); }
  bool column_is_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::string_view column_text(int i) const {
    const unsigned char* p = sqlite3_column_text(stmt_, i);
    if (!p) return {};
    return {reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i))};
  }
  // A BLOB's bytes as they are (a TEXT value's too).
  std::string_view column_blob(int i) const {
    const void* p = sqlite3_column_blob(stmt_, i);
    if (!p) return {};
    return {static_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i))};
  }

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::string error_;
  std::size_t too_big_ = 0;  // the largest value bound over SQLite's limit since the last run()
};

}  // namespace anth::index::detail

// Returns the failure of an Expected<void> expression from the enclosing function.
#define ANTH_INDEX_TRY(expr)                                                   \
  do {                                                                         \
    if (auto anth_index_try_result_ = (expr); !anth_index_try_result_)         \
      return std::unexpected(std::move(anth_index_try_result_).error());       \
  } while (0)
