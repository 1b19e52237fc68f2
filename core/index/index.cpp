#include "core/index/index.h"

#include <sqlite3.h>

#include <sys/stat.h>

#include <cerrno>
#include <fstream>
#include <cstring>
#include <set>
#include <tuple>
#include <algorithm>
#include <system_error>

#include "core/index/derived_tables.h"
#include "core/index/index_owner.h"
#include "core/index/sqlite_util.h"
#include "core/util/embedded_assets.h"

namespace anth {

namespace fs = std::filesystem;
using index_detail::exec;
using index_detail::sqlite_error;
using index_detail::Statement;
using index_detail::max_value_bytes;

namespace {

// A writer waits this long for another to finish (a first index of a large corpus takes a while).
constexpr int busy_timeout_ms = 60'000;

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

// The reason an open failed: SQLite's message, with the system's when it has one.
std::string open_error(sqlite3* db, int rc) {
  std::string reason = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  int sys = db ? sqlite3_system_errno(db) : 0;
  if (sys != 0) reason += std::string(" (") + std::strerror(sys) + ")";
  return reason;
}

Expected<void> open_connection(Connection& c, const fs::path& path, int flags) {
  int rc = sqlite3_open_v2(path.c_str(), &c.db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string reason = open_error(c.db, rc);
    c.close();
    return failure(std::move(reason));
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

enum class Health { Empty, Sound, Replace };

struct Check {
  Health health = Health::Sound;
  std::string error;  // set when the check itself could not run (busy, I/O)
};

// Runs a single-value query; the value as an integer or text.
struct Scalar {
  int rc = SQLITE_OK;
  std::int64_t number = 0;
  std::string text;
  bool has_row = false;
};

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
    auto sql = embedded_asset("core/index/schema.sql");
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
Check check_health(sqlite3* db, bool deep, bool integrity = true) {
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
Expected<void> create_schema(sqlite3* db) {
  std::optional<std::string_view> sql = embedded_asset("core/index/schema.sql");
  if (!sql) return failure("the index schema is not embedded in this build");
  ANTH_INDEX_TRY(exec(db, "BEGIN IMMEDIATE"));
  auto body = [&]() -> Expected<void> {
    Scalar version = scalar(db, "PRAGMA user_version");
    if (version.rc != SQLITE_OK) return failure(sqlite_error(db));
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

Expected<void> configure(sqlite3* db) {
  // WAL lets readers go on while a writer writes; with NORMAL sync a crash may lose the last transaction
  // but never corrupts the file.
  Scalar mode = scalar(db, "PRAGMA journal_mode = WAL");
  if (mode.rc != SQLITE_OK) return failure(sqlite_error(db));
  ANTH_INDEX_TRY(exec(db, "PRAGMA synchronous = NORMAL"));
  // A first run writes the whole index through the WAL; do not keep a WAL that large afterwards.
  ANTH_INDEX_TRY(exec(db, "PRAGMA journal_size_limit = 67108864"));
  return exec(db, "PRAGMA temp_store = MEMORY");
}

// An index written before the application id gets it, so that it is recognised from its header.
Expected<void> mark_as_ours(sqlite3* db) {
  Scalar id = scalar(db, "PRAGMA application_id");
  if (id.rc != SQLITE_OK) return failure(sqlite_error(db));
  if (id.number == index_detail::index_application_id) return {};
  return exec(db, ("PRAGMA application_id = " + std::to_string(index_detail::index_application_id)).c_str());
}

std::int64_t to_signed(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t to_unsigned(std::int64_t v) { return static_cast<std::uint64_t>(v); }

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

}  // namespace

struct Index::State {
  sqlite3* db = nullptr;
  fs::path path;
  bool rebuilt = false;
  bool writable = false;
  Statement load_parse;  // prepared on first use: ingest reads the parse of every unchanged note

  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
    load_parse = Statement();
    if (db && sqlite3_close_v2(db) == SQLITE_OK && writable) remember_clean_close(path);
  }
};

Index::Index(std::unique_ptr<State> state) : state_(std::move(state)) {}
Index::Index(Index&&) noexcept = default;
Index& Index::operator=(Index&&) noexcept = default;
Index::~Index() = default;

bool Index::rebuilt() const { return state_ && state_->rebuilt; }
sqlite3* Index::handle() { return state_ ? state_->db : nullptr; }

Expected<Index> Index::open(const fs::path& db_path, Mode mode, Place place) {
  try {
    const std::string where = db_path.string();
    auto state = std::make_unique<State>();
    state->path = db_path;
    Connection c;
    // A link where the index should be may point anywhere: what it points at must be recognisably ours.
    std::error_code link_ec;
    if (fs::is_symlink(db_path, link_ec)) place = Place::Given;
    // Looked at before SQLite opens it, which may create a WAL or a journal beside it.
    if (place == Place::Given && index_detail::classify_index_file(db_path) == index_detail::FileKind::Foreign)
      return failure(where + " is not an anthology index; refusing to replace it (name a new file, or one an "
                     "anthology command created)");

    if (mode == Mode::ReadOnly) {
      std::error_code ec;
      if (!fs::is_regular_file(db_path, ec)) return failure("no index at " + where);
      if (auto r = open_connection(c, db_path, SQLITE_OPEN_READONLY); !r)
        return failure("cannot open index at " + where + ": " + r.error());
      Check check = check_health(c.db, /*deep=*/false);
      if (!check.error.empty()) return failure("cannot read index at " + where + ": " + check.error);
      if (check.health != Health::Sound)
        return failure("index at " + where + " is damaged or of another version; a command that writes it rebuilds it");
      state->db = c.release();
      return Index(std::move(state));
    }

    const std::string cannot = "cannot create index at " + where + ": ";
    std::error_code ec;
    fs::path dir = db_path.parent_path();
    if (!dir.empty() && !fs::is_directory(dir, ec)) {
      fs::create_directories(dir, ec);
      if (ec) return failure(cannot + ec.message());
    }
    if (fs::exists(db_path, ec) && !fs::is_regular_file(db_path, ec)) return failure(cannot + "not a regular file");

    constexpr int rw = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    const bool integrity = !closed_cleanly(db_path);  // before the open creates a WAL
    if (auto r = open_connection(c, db_path, rw); !r) return failure(cannot + r.error());
    if (sqlite3_db_readonly(c.db, "main") == 1) return failure(cannot + "the file is read-only");

    Check check = check_health(c.db, /*deep=*/true, integrity);
    if (!check.error.empty()) return failure(cannot + check.error);
    if (check.health == Health::Replace) {
      c.close();
      remove_database_files(db_path);
      if (auto r = open_connection(c, db_path, rw); !r) return failure(cannot + r.error());
      state->rebuilt = true;
      check.health = Health::Empty;
    }
    if (auto r = configure(c.db); !r) return failure(cannot + r.error());
    if (check.health == Health::Empty)
      if (auto r = create_schema(c.db); !r) return failure(cannot + r.error());
    if (auto r = mark_as_ours(c.db); !r) return failure(cannot + r.error());
    state->db = c.release();
    state->writable = true;
    return Index(std::move(state));
  } catch (const std::exception& e) {
    return failure("cannot open index at " + db_path.string() + ": " + e.what());
  }
}

std::unordered_map<std::string, CachedFile> Index::cached_files() {
  std::unordered_map<std::string, CachedFile> out;
  try {
    Statement q(handle(), "SELECT path, hash, size, mtime_ns, ctime_ns FROM files");
    if (!q.ready()) return out;
    for (;;) {
      auto row = q.next();
      if (!row || !*row) break;
      out.emplace(std::string(q.column_text(0)),
                  CachedFile{to_unsigned(q.column_int(1)), to_unsigned(q.column_int(2)), q.column_int(3), q.column_int(4)});
    }
  } catch (...) {
    out.clear();
  }
  return out;
}

std::int64_t Index::scanned_at_ns() {
  Scalar s = scalar(handle(), "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'scanned_ns'");
  return s.rc == SQLITE_OK && s.has_row ? s.number : 0;
}

std::optional<ParsedNote> Index::load_parse(const std::string& path) {
  std::optional<std::string> text = std::move(load_parse_texts({path}).front());
  if (!text) return std::nullopt;
  try {
    return decode_parse(*text);
  } catch (...) {
    return std::nullopt;
  }
}

std::vector<std::optional<std::string>> Index::load_parse_texts(const std::vector<std::string>& paths) {
  std::vector<std::optional<std::string>> out(paths.size());
  if (!handle()) return out;
  Statement& q = state_->load_parse;
  if (!q.get()) q = Statement(handle(), "SELECT parse FROM files WHERE path = ?1");
  if (!q.ready()) {
    q = Statement();  // try again next time (the schema may have been repaired)
    return out;
  }
  // One read transaction for the batch: a statement reset per file would begin and end one each time.
  const bool own = exec(handle(), "BEGIN").has_value();
  for (std::size_t i = 0; i < paths.size(); ++i) {
    q.text(1, paths[i]);
    auto row = q.next();
    if (row && *row) out[i] = std::string(q.column_text(0));
    q.reset();
  }
  if (own) exec(handle(), "COMMIT");
  return out;
}

namespace {

Expected<void> upsert_parses(sqlite3* db, const std::vector<Index::FileParse>& changed) {
  {
    Statement upsert(db,
                     "INSERT INTO files(path, hash, size, mtime_ns, ctime_ns, parse) VALUES(?1,?2,?3,?4,?5,?6) "
                     "ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, size = excluded.size, "
                     "mtime_ns = excluded.mtime_ns, ctime_ns = excluded.ctime_ns, parse = excluded.parse");
    ANTH_INDEX_TRY(upsert.ready());
    std::string json;
    for (const Index::FileParse& f : changed) {
      if (!f.parse && f.encoded.empty()) continue;
      if (f.parse) json = encode_parse(*f.parse);
      std::string_view path = f.parse ? std::string_view(f.parse->note.path) : f.path;
      std::string_view parse = f.parse ? std::string_view(json) : f.encoded;
      // Every other value a note gives the index is a part of its parse, so this one check names the note.
      if (parse.size() > max_value_bytes(db))
        return failure("note " + std::string(path) + " is too large for the index: its parse is " +
                       std::to_string(parse.size()) + " bytes, SQLite's limit is " +
                       std::to_string(max_value_bytes(db)) + " bytes (lower [ingest] max_note_bytes)");
      upsert.text(1, path);
      upsert.integer(2, to_signed(f.file.hash));
      upsert.integer(3, to_signed(f.file.size));
      upsert.integer(4, f.file.mtime_ns);
      upsert.integer(5, f.file.ctime_ns);
      upsert.text(6, parse);
      ANTH_INDEX_TRY(upsert.run());
    }
  }
  return {};
}

Expected<void> store_files(sqlite3* db, const std::vector<Index::FileParse>& changed,
                           const std::vector<std::string>& present_paths) {
  ANTH_INDEX_TRY(upsert_parses(db, changed));
  // Paths in the index that are not present any more: a merge of two sorted lists.
  std::vector<std::string_view> present(present_paths.begin(), present_paths.end());
  if (!std::is_sorted(present.begin(), present.end())) std::sort(present.begin(), present.end());
  std::vector<std::string> gone;
  {
    Statement q(db, "SELECT path FROM files ORDER BY path");
    ANTH_INDEX_TRY(q.ready());
    std::size_t k = 0;
    for (;;) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      std::string_view path = q.column_text(0);
      while (k < present.size() && present[k] < path) ++k;
      if (k < present.size() && present[k] == path) ++k;
      else gone.emplace_back(path);
    }
  }
  Statement remove(db, "DELETE FROM files WHERE path = ?1");
  ANTH_INDEX_TRY(remove.ready());
  for (const std::string& path : gone) {
    remove.text(1, path);
    ANTH_INDEX_TRY(remove.run());
  }
  return {};
}

Expected<void> store_all(sqlite3* db, const Corpus& corpus, const std::vector<Index::FileParse>& changed,
                         const std::vector<std::string>& present_paths, const std::vector<Diagnostic>& diagnostics) {
  using namespace index_detail;
  ANTH_INDEX_TRY(store_files(db, changed, present_paths));
  std::vector<const Note*> notes = node_notes(corpus);
  auto graph = write_graph(db, notes);
  if (!graph) return std::unexpected(graph.error());
  ANTH_INDEX_TRY(write_diagnostics(db, diagnostics));
  ANTH_INDEX_TRY(write_search(db, notes));
  return write_meta(db, corpus);
}

}  // namespace

namespace {

// Runs `body` in one write transaction: committed whole, or rolled back with the reason.
template <typename Body>
Expected<void> in_write_transaction(sqlite3* db, Body&& body) {
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return r;
  try {
    if (auto r = body(); !r) {
      exec(db, "ROLLBACK");
      return r;
    }
    if (auto r = exec(db, "COMMIT"); !r) {
      exec(db, "ROLLBACK");
      return r;
    }
    return {};
  } catch (const std::exception& e) {
    exec(db, "ROLLBACK");
    return failure(e.what());
  }
}

}  // namespace

Expected<void> Index::store_parses(const std::vector<FileParse>& parses) {
  sqlite3* db = handle();
  if (!db) return failure("the index is not open");
  return in_write_transaction(db, [&] { return upsert_parses(db, parses); });
}

Expected<void> Index::store(const Corpus& corpus, const std::vector<FileParse>& changed,
                            const std::vector<std::string>& present_paths, const std::vector<Diagnostic>& diagnostics) {
  sqlite3* db = handle();
  if (!db) return failure("the index is not open");
  auto stored = in_write_transaction(db, [&] { return store_all(db, corpus, changed, present_paths, diagnostics); });
  // The pages it cached while writing are not read again this run: a build renders next.
  sqlite3_db_release_memory(db);
  if (!stored) return failure("cannot write index at " + state_->path.string() + ": " + stored.error());
  return {};
}

Expected<void> Index::store_kernel_result(const StoredKernelResult& result) {
  sqlite3* db = handle();
  if (!db) return failure("the index is not open");
  try {
    Statement s(db,
                "INSERT INTO kernel_results(node, kernel, pass, claims, compiler, checked_at, error) "
                "VALUES(?1,?2,?3,?4,?5,?6,?7) ON CONFLICT(node) DO UPDATE SET kernel = excluded.kernel, "
                "pass = excluded.pass, claims = excluded.claims, compiler = excluded.compiler, "
                "checked_at = excluded.checked_at, error = excluded.error");
    if (auto r = s.ready(); !r) return failure("cannot write index at " + state_->path.string() + ": " + r.error());
    s.text(1, result.node);
    s.text(2, result.kernel);
    s.integer(3, result.pass ? 1 : 0);
    s.text(4, result.claims_json.empty() ? std::string_view("[]") : std::string_view(result.claims_json));
    s.text_or_null(5, result.compiler);
    s.text_or_null(6, result.checked_at);
    s.text_or_null(7, result.error);
    if (auto r = s.run(); !r) return failure("cannot write index at " + state_->path.string() + ": " + r.error());
    return {};
  } catch (const std::exception& e) {
    return failure("cannot write index at " + state_->path.string() + ": " + e.what());
  }
}

std::vector<StoredKernelResult> Index::kernel_results() {
  std::vector<StoredKernelResult> out;
  try {
    Statement q(handle(),
                "SELECT node, kernel, pass, claims, compiler, checked_at, error FROM kernel_results ORDER BY node");
    if (!q.ready()) return out;
    for (;;) {
      auto row = q.next();
      if (!row || !*row) break;
      StoredKernelResult r;
      r.node = q.column_text(0);
      r.kernel = q.column_text(1);
      r.pass = q.column_int(2) != 0;
      r.claims_json = q.column_text(3);
      r.compiler = q.column_text(4);
      r.checked_at = q.column_text(5);
      r.error = q.column_text(6);
      out.push_back(std::move(r));
    }
  } catch (...) {
    out.clear();
  }
  return out;
}

}  // namespace anth
