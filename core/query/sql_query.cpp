#include "core/query/sql_query.h"

#include <sqlite3.h>

#include <cctype>
#include <memory>

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

// VACUUM INTO writes a new file even on a read-only connection; it is the one writing statement
// that SQLite's read-only mode lets through.
bool is_vacuum(sqlite3_stmt* stmt) {
  std::string_view sql = sqlite3_sql(stmt);
  std::size_t i = 0;
  while (i < sql.size() && !std::isalpha(static_cast<unsigned char>(sql[i]))) ++i;
  std::string word;
  while (i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i])))
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i++])));
  return word == "VACUUM";
}

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

Expected<ResultTable> run_readonly_sql(sqlite3* db, const std::string& sql) {
  const char* tail = nullptr;
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &raw, &tail) != SQLITE_OK)
    return failure(one_line(sqlite3_errmsg(db)));
  StatementPtr stmt(raw);
  if (!stmt) return failure("no SQL statement given");
  // Only comments and semicolons may follow the statement.
  sqlite3_stmt* next = nullptr;
  if (tail && *tail) {
    int rc = sqlite3_prepare_v2(db, tail, -1, &next, nullptr);
    StatementPtr rest(next);
    if (rc != SQLITE_OK || rest) return failure("one SQL statement at a time");
  }
  if (!sqlite3_stmt_readonly(stmt.get()) && is_vacuum(stmt.get()))
    return failure("VACUUM would write a file; the index is opened read-only");

  ResultTable table;
  int columns = sqlite3_column_count(stmt.get());
  for (int i = 0; i < columns; ++i) {
    const char* name = sqlite3_column_name(stmt.get(), i);
    table.columns.emplace_back(name ? name : "");
  }
  while (true) {
    int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) return failure(one_line(sqlite3_errmsg(db)));
    std::vector<Cell> row;
    row.reserve(columns);
    for (int i = 0; i < columns; ++i) row.push_back(cell_of(stmt.get(), i));
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace anth::query
