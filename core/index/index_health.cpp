// The lifecycle of the index file below the Index API: connections, the health check that decides
// whether a file is replaced, the schema, and the clean-close stamp that spares the integrity check.
#include "core/index/index_health.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <tuple>

#include "core/index/index.h"
#include "core/index/index_owner.h"
#include "core/util/embedded_assets.h"

namespace anth::index::detail {

namespace fs = std::filesystem;

namespace {

// A writer waits this long for another to finish (a first index of a large corpus takes a while).
constexpr int busy_timeout_ms = 60'000;

}  // namespace

// The reason an open failed: SQLite's message, with the system's when it has one.
std::string open_error(sqlite3* db, int rc) {
  std::string reason = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  int sys = db ? sqlite3_system_errno(db) : 0;
  if (sys != 0) reason += std::string(" (") + std::strerror(sys) + ")";
  return reason;
}

util::Expected<void> open_connection(Connection& c, const fs::path& path, int flags) {
  int rc = sqlite3_open_v2(path.c_str(), &c.db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string reason = open_error(c.db, rc);
    c.close();
    return util::failure(std::move(reason));
  }
  sqlite3_extended_result_codes(c.db, 1);
  sqlite3_busy_timeout(c.db, busy_timeout_ms);
  // Reading the cached parses of every note is most of a warm run's I/O. Mapping the whole file was
  // barely faster (a warm lint of 10,000 notes: 0.74 s against 0.77 s), and every page it maps counts
  // in the process's resident size (1.6 GB of index at 100,000 notes): a small page cache keeps memory
  // flat. Neither setting touches the file.
  exec(c.db, "PRAGMA mmap_size = 0");
  exec(c.db, "PRAGMA cache_size = -16384");  // 16 MiB
  return {};
}

// Whether an error code says the file is not a sound database (as opposed to busy, I/O, permission...).
bool is_damage(int rc) {
  int primary = rc & 0xff;
  return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT;
}



Scalar scalar(sqlite3* db, const char* sql) {
  Scalar out;
  sqlite3_stmt* stmt = nullptr;
  out.rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
  if (out.rc == SQLITE_OK) {
    int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) {
      out.has_row = true;
      out.number = sqlite3_column_int64(stmt, 0);
      if (const unsigned char* t = sqlite3_column_text(stmt, 0)) out.text = reinterpret_cast<const char*>(t);
      out.rc = SQLITE_OK;
    } else if (rc != SQLITE_DONE) {
      out.rc = sqlite3_extended_errcode(db);
    }
  } else {
    out.rc = sqlite3_extended_errcode(db);
  }
  sqlite3_finalize(stmt);
  return out;
}

// The schema objects of a database: (type, name, sql).
using SchemaListing = std::set<std::tuple<std::string, std::string, std::string>>;

std::optional<SchemaListing> schema_listing(sqlite3* db, int* rc_out = nullptr) {
  SchemaListing out;
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db, "SELECT type, name, COALESCE(sql, '') FROM sqlite_schema", -1, &stmt, nullptr);
  while (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    rc = SQLITE_OK;
    auto text = [&](int i) {
      const unsigned char* t = sqlite3_column_text(stmt, i);
      return std::string(t ? reinterpret_cast<const char*>(t) : "");
    };
    out.emplace(text(0), text(1), text(2));
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_DONE && rc != SQLITE_OK) {
    if (rc_out) *rc_out = sqlite3_extended_errcode(db);
    return std::nullopt;
  }
  return out;
}

// What a fresh index holds: the embedded schema run in an in-memory database, once.
const std::optional<SchemaListing>& expected_listing() {
  static const std::optional<SchemaListing> listing = []() -> std::optional<SchemaListing> {
    auto sql = util::embedded_asset("core/index/schema.sql");
    sqlite3* db = nullptr;
    if (!sql || sqlite3_open(":memory:", &db) != SQLITE_OK) {
      sqlite3_close(db);
      return std::nullopt;
    }
    std::optional<SchemaListing> out;
    if (exec(db, std::string(*sql).c_str())) out = schema_listing(db);
    sqlite3_close(db);
    return out;
  }();
  return listing;
}

// What an existing file is: empty (fresh), a sound index of this version, or something to replace.
// The deep check also compares the schema with a fresh one's (a table dropped by hand would otherwise
// make every store() fail) and, with `integrity`, runs PRAGMA quick_check.
Check check_health(sqlite3* db, bool deep, bool integrity) {
  Check c;
  auto classify = [&](const Scalar& s) -> bool {  // true when the check must stop here
    if (s.rc == SQLITE_OK) return false;
    if (is_damage(s.rc)) c.health = Health::Replace;
    else c.error = sqlite_error(db);
    return true;
  };
  Scalar version = scalar(db, "PRAGMA user_version");
  if (classify(version)) return c;
  if (version.number == 0) {
    Scalar objects = scalar(db, "SELECT count(*) FROM sqlite_schema");
    if (classify(objects)) return c;
    c.health = objects.number == 0 ? Health::Empty : Health::Replace;
    return c;
  }
  if (version.number != index_schema_version) {
    c.health = Health::Replace;
    return c;
  }
  if (deep) {
    int rc = SQLITE_OK;
    auto listing = schema_listing(db, &rc);
    if (!listing) {
      if (is_damage(rc)) c.health = Health::Replace;
      else c.error = sqlite_error(db);
      return c;
    }
    if (const auto& expected = expected_listing())
      for (const auto& object : *expected)
        if (!listing->contains(object)) {
          c.health = Health::Replace;
          return c;
        }
    if (!integrity) return c;
    Scalar quick = scalar(db, "PRAGMA quick_check");
    if (classify(quick)) return c;
    if (quick.text != "ok") c.health = Health::Replace;
  }
  return c;
}

void remove_database_files(const fs::path& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(fs::path(path.string() + suffix), ec);
}

// Creates the schema in a fresh database, unless another process just did.
util::Expected<void> create_schema(sqlite3* db) {
  std::optional<std::string_view> sql = util::embedded_asset("core/index/schema.sql");
  if (!sql) return util::failure("the index schema is not embedded in this build");
  ANTH_INDEX_TRY(exec(db, "BEGIN IMMEDIATE"));
  auto body = [&]() -> util::Expected<void> {
    Scalar version = scalar(db, "PRAGMA user_version");
    if (version.rc != SQLITE_OK) return util::failure(sqlite_error(db));
    if (version.number == index_schema_version) return {};  // created meanwhile by another process
    ANTH_INDEX_TRY(exec(db, std::string(*sql).c_str()));
    ANTH_INDEX_TRY(exec(db, ("PRAGMA user_version = " + std::to_string(index_schema_version)).c_str()));
    return exec(db, ("INSERT INTO meta(key, value) VALUES('schema_version', '" + std::to_string(index_schema_version) +
                     "') ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                        .c_str());
  };
  if (auto r = body(); !r) {
    exec(db, "ROLLBACK");
    return r;
  }
  auto committed = exec(db, "COMMIT");
  if (!committed) exec(db, "ROLLBACK");
  return committed;
}

util::Expected<void> configure(sqlite3* db) {
  // WAL lets readers go on while a writer writes; with NORMAL sync a crash may lose the last transaction
  // but never corrupts the file.
  Scalar mode = scalar(db, "PRAGMA journal_mode = WAL");
  if (mode.rc != SQLITE_OK) return util::failure(sqlite_error(db));
  ANTH_INDEX_TRY(exec(db, "PRAGMA synchronous = NORMAL"));
  // A first run writes the whole index through the WAL; do not keep a WAL that large afterwards.
  ANTH_INDEX_TRY(exec(db, "PRAGMA journal_size_limit = 67108864"));
  return exec(db, "PRAGMA temp_store = MEMORY");
}

// An index written before the application id gets it, so that it is recognised from its header.
util::Expected<void> mark_as_ours(sqlite3* db) {
  Scalar id = scalar(db, "PRAGMA application_id");
  if (id.rc != SQLITE_OK) return util::failure(sqlite_error(db));
  if (id.number == index_application_id) return {};
  return exec(db, ("PRAGMA application_id = " + std::to_string(index_application_id)).c_str());
}


// PRAGMA quick_check reads the whole file (1.8 s for the 1.6 GB index of 100,000 notes), so it runs
// only when the file may have been damaged: after a writer closes the index cleanly (its WAL folded
// back), the file's size and mtime are written to INDEX.clean; a read-write open whose file still has
// them, and no WAL with frames in it, skips the deep check. A crash, a truncation, garbage written over
// it or another program's write all change the stamp or leave frames, and the next open checks deeply.
fs::path clean_stamp_path(const fs::path& db_path) { return db_path.string() + ".clean"; }

std::string file_stamp(const fs::path& db_path) {
  struct stat st {};
  if (::stat(db_path.c_str(), &st) != 0) return {};
  return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
}

// A WAL with frames in it is a writer's unfinished business; an empty one is what a read-only
// connection (a query) leaves behind, as it may not delete the file.
bool wal_has_frames(const fs::path& db_path) {
  std::error_code ec;
  auto size = fs::file_size(db_path.string() + "-wal", ec);
  return !ec && size > 0;
}

bool closed_cleanly(const fs::path& db_path) {
  if (wal_has_frames(db_path)) return false;
  std::ifstream in(clean_stamp_path(db_path));
  std::string stamp;
  std::getline(in, stamp);
  return !stamp.empty() && stamp == file_stamp(db_path);
}

void remember_clean_close(const fs::path& db_path) {
  if (wal_has_frames(db_path)) return;  // another connection still has it open
  std::string stamp = file_stamp(db_path);
  if (!stamp.empty()) std::ofstream(clean_stamp_path(db_path), std::ios::trunc) << stamp << "\n";
}

}  // namespace anth::index::detail
