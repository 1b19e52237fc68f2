#include "core/index/index_owner.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <array>
#include <cstring>
#include <fstream>
#include <string>

#include "core/index/index.h"

namespace anth::index::detail {

namespace {

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]);
}

// What SQLite says of a database: its header fields as the last commit left them (in the WAL until a
// checkpoint, so the file's own header may still be blank) and, for an index written before the
// application id, its tables. Opened read-only.
FileKind ask_sqlite(const std::filesystem::path& path) {
  sqlite3* db = nullptr;
  FileKind kind = FileKind::Foreign;
  auto number = [&](const char* sql) -> std::int64_t {
    sqlite3_stmt* stmt = nullptr;
    std::int64_t value = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
      value = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    return value;
  };
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(db, 10'000);
    std::int64_t id = number("PRAGMA application_id");
    if (id == index_application_id) {
      kind = FileKind::Ours;
    } else if (std::int64_t version = number("PRAGMA user_version"); id == 0 && version >= 1 && version <= index_schema_version) {
      // Written before the id (schema 1 on): rebuilt, if of an older version, like any index of ours.
      int tables = 0;
      for (const char* table : {"meta", "files", "nodes", "relations", "diagnostics", "kernel_results"})
        tables += number((std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '") + table + "'").c_str()) == 1;
      if (tables == 6) kind = FileKind::Ours;
    }
  }
  sqlite3_close(db);
  return kind;
}

}  // namespace

FileKind classify_index_file(const std::filesystem::path& path) {
  struct stat st {};
  // Nothing that can be stat'ed is nothing that could be lost (opening it fails with the reason).
  if (::stat(path.c_str(), &st) != 0) return FileKind::Absent;
  if (!S_ISREG(st.st_mode)) return FileKind::Foreign;
  if (st.st_size == 0) return FileKind::Absent;
  std::array<unsigned char, 100> header{};
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(header.data()), header.size())) return FileKind::Foreign;
  if (std::memcmp(header.data(), "SQLite format 3", 16) != 0) return FileKind::Foreign;
  // The header says so (a damaged index of ours included), or SQLite does after reading the WAL.
  if (big_endian(header.data() + 68) == index_application_id) return FileKind::Ours;
  return ask_sqlite(path);
}

}  // namespace anth::index::detail
