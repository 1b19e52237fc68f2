#include "core/query/sql_query.h"

#include <sqlite3.h>

#include <cstdio>
#include <memory>
#include <string_view>

namespace anth::query {

namespace {

struct Finalize {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using StatementPtr = std::unique_ptr<sqlite3_stmt, Finalize>;

std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string seconds_text(std::chrono::milliseconds ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(ms.count()) / 1000.0);
  return text;
}

// Pragmas that only read; those of them that name a table may name one, the others take no value.
bool harmless_pragma(std::string_view name, const char* value) {
  static constexpr std::string_view of_table[] = {"table_info", "table_xinfo", "index_list", "index_info",
                                                  "index_xinfo", "foreign_key_list"};
  static constexpr std::string_view plain[] = {"table_list", "database_list", "collation_list", "function_list",
                                               "pragma_list", "compile_options", "user_version", "schema_version",
                                               "data_version", "application_id", "page_count", "page_size",
                                               "encoding"};
  for (std::string_view p : of_table)
    if (name == p) return true;
  for (std::string_view p : plain)
    if (name == p) return value == nullptr;
  return false;
}

// SQLite's authorizer, called while a statement is prepared: reads pass, anything else (writes,
// ATTACH and VACUUM INTO, which make files, temporary tables, writing pragmas) is refused.
int authorize(void* refused, int action, const char* a1, const char* a2, const char* db, const char*) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_PRAGMA:
      if (a1 && harmless_pragma(a1, a2)) return SQLITE_OK;
      break;
    case SQLITE_UPDATE:
      // SQLite's own bookkeeping of the schema when a table-valued pragma is first used.
      if (a1 && db && std::string_view(a1) == "sqlite_master" && std::string_view(db) == "main") return SQLITE_OK;
      break;
    default:
      break;
  }
  *static_cast<bool*>(refused) = true;
  return SQLITE_DENY;
}

// Called by SQLite every few thousand virtual-machine steps; non-zero interrupts the statement.
int past_deadline(void* deadline) {
  return std::chrono::steady_clock::now() > *static_cast<std::chrono::steady_clock::time_point*>(deadline);
}

// The authorizer and the deadline for one statement, removed again when it is done.
class Guard {
 public:
  Guard(sqlite3* db, std::chrono::milliseconds timeout) : db_(db), deadline_(std::chrono::steady_clock::now() + timeout) {
    sqlite3_set_authorizer(db_, authorize, &refused_);
    sqlite3_progress_handler(db_, 1000, past_deadline, &deadline_);
  }
  ~Guard() {
    sqlite3_set_authorizer(db_, nullptr, nullptr);
    sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  }
  bool refused() const { return refused_; }
  bool timed_out() const { return std::chrono::steady_clock::now() > deadline_; }

 private:
  sqlite3* db_;
  std::chrono::steady_clock::time_point deadline_;
  bool refused_ = false;
};

Cell cell_of(sqlite3_stmt* stmt, int i) {
  switch (sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER: return Cell::of(static_cast<std::int64_t>(sqlite3_column_int64(stmt, i)));
    case SQLITE_FLOAT: return Cell::of_real(sqlite3_column_double(stmt, i));
    case SQLITE_NULL: return Cell::null();
    case SQLITE_BLOB: {
      static const char hex[] = "0123456789abcdef";
      const auto* p = static_cast<const unsigned char*>(sqlite3_column_blob(stmt, i));
      int n = sqlite3_column_bytes(stmt, i);
      std::string text = "x'";
      for (int k = 0; k < n; ++k) {
        text += hex[p[k] >> 4];
        text += hex[p[k] & 15];
      }
      return Cell::of(text + "'");
    }
    default: {
      const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
      return Cell::of(std::string(p ? p : "", static_cast<std::size_t>(sqlite3_column_bytes(stmt, i))));
    }
  }
}

}  // namespace

util::Expected<std::size_t> run_readonly_sql(sqlite3* db, const std::string& sql, const SqlLimits& limits, const RowSink& sink) {
  Guard guard(db, limits.timeout);
  const char* tail = nullptr;
  sqlite3_stmt* raw = nullptr;
  int prepared = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &raw, &tail);
  StatementPtr stmt(raw);
  if (guard.refused()) return util::failure(sql_read_only_message);
  if (prepared != SQLITE_OK) return util::failure(one_line(sqlite3_errmsg(db)));
  if (!stmt) return util::failure("no SQL statement given");
  // Only comments and semicolons may follow the statement.
  if (tail && *tail) {
    sqlite3_stmt* next = nullptr;
    int rc = sqlite3_prepare_v2(db, tail, -1, &next, nullptr);
    StatementPtr rest(next);
    if (rc != SQLITE_OK || rest) return util::failure("one SQL statement at a time");
  }
  // What the authorizer let through is a read; anything SQLite itself calls a write is refused too.
  if (!sqlite3_stmt_readonly(stmt.get())) return util::failure(sql_read_only_message);

  int columns = sqlite3_column_count(stmt.get());
  std::vector<std::string> names;
  for (int i = 0; i < columns; ++i) {
    const char* name = sqlite3_column_name(stmt.get(), i);
    names.emplace_back(name ? name : "");
  }
  sink.columns(names);
  std::size_t count = 0;
  std::vector<Cell> row;
  while (true) {
    int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) return count;
    if (rc == SQLITE_INTERRUPT || (rc != SQLITE_ROW && guard.timed_out()))
      return util::failure("stopped after " + seconds_text(limits.timeout) + " s, the time limit (--timeout SECONDS raises it)");
    if (rc != SQLITE_ROW) return util::failure(one_line(sqlite3_errmsg(db)));
    if (count == limits.max_rows)
      return util::failure("stopped at " + std::to_string(count) + " rows, the row limit (add a LIMIT, or --max-rows N raises it)");
    row.clear();
    for (int i = 0; i < columns; ++i) row.push_back(cell_of(stmt.get(), i));
    sink.row(row);
    ++count;
  }
}

}  // namespace anth::query
