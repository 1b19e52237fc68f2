// Opening the index: creation, rebuilds of damaged, foreign or outdated files, read-only mode, readers
// beside a writer, and the clean-close stamp that spares the integrity check.
#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth;
using namespace anth::index_test;

TEST_CASE("index: the embedded schema carries the schema version", "[index]") {
  auto sql = util::embedded_asset("core/index/schema.sql");
  REQUIRE(sql);
  CHECK(sql->find("PRAGMA user_version = " + std::to_string(index::index_schema_version) + ";") != std::string_view::npos);
}

TEST_CASE("index: open creates the folder and the schema", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  index::Index index = open_rw(path);
  CHECK_FALSE(index.rebuilt());
  CHECK(fs::is_regular_file(path));
  sqlite3* db = index.handle();
  CHECK(one(db, "PRAGMA user_version") == std::to_string(index::index_schema_version));
  CHECK(one(db, "PRAGMA journal_mode") == "wal");
  for (const char* table : {"meta", "files", "nodes", "relations", "fields", "tags", "aliases", "authors",
                            "diagnostics", "kernel_results", "search"})
    CHECK(one(db, std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '") + table + "'") ==
          "1");
  for (const char* view : {"practices", "relations_named", "lit"})
    CHECK(one(db, std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'view' AND name = '") + view + "'") ==
          "1");
  CHECK(one(db, "SELECT value FROM meta WHERE key = 'schema_version'") == std::to_string(index::index_schema_version));

  // Opening again keeps the file as it is.
  { index::Index again = open_rw(path); CHECK_FALSE(again.rebuilt()); }
}

TEST_CASE("index: an index missing part of its schema is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  {
    index::Index index = open_rw(path);
    REQUIRE(sqlite3_exec(index.handle(), "DROP VIEW practices", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  {
    index::Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(one(index.handle(), "SELECT count(*) FROM sqlite_schema WHERE name = 'practices'") == "1");
    // Something of the user's own is no damage.
    REQUIRE(sqlite3_exec(index.handle(), "CREATE VIEW mine AS SELECT id FROM nodes", nullptr, nullptr, nullptr) ==
            SQLITE_OK);
  }
  index::Index index = open_rw(path);
  CHECK_FALSE(index.rebuilt());
}

TEST_CASE("index: a file that is not a database is replaced", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  fs::create_directories(path.parent_path());
  std::mt19937 random(7);
  std::string garbage(20000, '\0');
  for (char& c : garbage) c = static_cast<char>(random());
  write_bytes(path, garbage);
  write_bytes(fs::path(path.string() + "-wal"), garbage.substr(0, 3000));
  index::Index index = open_rw(path);
  CHECK(index.rebuilt());
  CHECK(one(index.handle(), "PRAGMA user_version") == std::to_string(index::index_schema_version));
  CHECK(one(index.handle(), "SELECT count(*) FROM files") == "0");

  // A text file too, in the tool's own folder.
  fs::path text_path = path.parent_path() / "text.db";
  write_bytes(text_path, "hello, I am not a database\n");
  index::Index text = open_rw(text_path);
  CHECK(text.rebuilt());
}

TEST_CASE("index: at a path the user named, only an index of ours is replaced", "[index]") {
  TempDir dir;
  const std::string notes = "hello, I am a user's notes, not a database\n";
  write_bytes(dir.path() / "notes.txt", notes);
  for (auto mode : {index::Index::Mode::ReadWrite, index::Index::Mode::ReadOnly}) {
    auto refused = index::Index::open(dir.path() / "notes.txt", mode, index::Index::Place::Given);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().find("not an anthology index") != std::string::npos);
  }
  CHECK(anth::test::read_file(dir.path() / "notes.txt") == notes);
  CHECK_FALSE(fs::exists(dir.path() / "notes.txt-wal"));
  CHECK_FALSE(fs::exists(dir.path() / "notes.txt-journal"));

  // A damaged index of ours (its header says so) is rebuilt there.
  fs::path ours = dir.path() / "mine.db";
  { index::Index index = open_rw(ours, index::Index::Place::Given); }
  CHECK(one(open_rw(ours, index::Index::Place::Given).handle(), "PRAGMA application_id") == "1095652424");
  {
    std::fstream f(ours, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);  // all but the header
    f << std::string(fs::file_size(ours) - 100, 'x');
  }
  CHECK(open_rw(ours, index::Index::Place::Given).rebuilt());

  // An index of schema 1 written before the application id is recognised by its tables, and marked.
  fs::path legacy = dir.path() / "legacy.db";
  { index::Index index = open_rw(legacy, index::Index::Place::Given); }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(legacy.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "PRAGMA application_id = 0; PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  index::Index reopened = open_rw(legacy, index::Index::Place::Given);
  CHECK_FALSE(reopened.rebuilt());
  CHECK(one(reopened.handle(), "PRAGMA application_id") == "1095652424");
}

TEST_CASE("index: an index of another schema version is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  {
    index::Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
    REQUIRE(sqlite3_exec(index.handle(), "PRAGMA user_version = 999", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  {
    index::Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(index.cached_files().empty());
    CHECK(one(index.handle(), "PRAGMA user_version") == std::to_string(index::index_schema_version));
  }
  // A database of someone else's (version 0, foreign tables) too, in the tool's own folder; at a path
  // the user named it is left alone.
  fs::path foreign = dir.path() / ".anthology" / "foreign.db";
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(foreign.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE people(name TEXT)", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto refused = index::Index::open(foreign, index::Index::Mode::ReadWrite, index::Index::Place::Given);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("not an anthology index") != std::string::npos);
  index::Index index = open_rw(foreign);
  CHECK(index.rebuilt());
  CHECK(one(index.handle(), "SELECT count(*) FROM sqlite_schema WHERE name = 'people'") == "0");
}

TEST_CASE("index: a truncated index is rebuilt", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  {
    index::Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
    // Fold the WAL into the file so the truncation hits real pages.
    REQUIRE(sqlite3_exec(index.handle(), "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  std::string whole = anth::test::read_file(path);
  REQUIRE(whole.size() > 8 * 4096);
  for (std::size_t keep : {whole.size() / 2, std::size_t(4096 * 3), std::size_t(50)}) {
    write_bytes(path, whole.substr(0, keep));
    fs::remove(fs::path(path.string() + "-wal"));
    fs::remove(fs::path(path.string() + "-shm"));
    index::Index index = open_rw(path);
    CHECK(index.rebuilt());
    CHECK(index.cached_files().empty());
    CHECK(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  }
}

TEST_CASE("index: read-only mode refuses writes and creates nothing", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  auto missing = index::Index::open(path, index::Index::Mode::ReadOnly);
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find(path.string()) != std::string::npos);
  CHECK_FALSE(fs::exists(path.parent_path()));

  Built b = build(sample_files());
  { REQUIRE(open_rw(path).store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus))); }
  auto reader = index::Index::open(path, index::Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK_FALSE(reader->rebuilt());
  CHECK(one(reader->handle(), "SELECT count(*) FROM nodes") == "8");
  int rc = sqlite3_exec(reader->handle(), "INSERT INTO tags(node, tag, key) VALUES('x', 'y', 'y')", nullptr, nullptr, nullptr);
  CHECK((rc & 0xff) == SQLITE_READONLY);
  CHECK_FALSE(reader->store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  CHECK_FALSE(reader->store_kernel_result({"SOTA-192", "qk_norm", true, "[]", "g++", "2024-01-01T00:00:00Z", ""}));

  // A damaged file is reported, not replaced.
  write_bytes(dir.path() / "garbage.db", std::string(5000, 'x'));
  auto damaged = index::Index::open(dir.path() / "garbage.db", index::Index::Mode::ReadOnly);
  REQUIRE_FALSE(damaged);
  CHECK(anth::test::read_file(dir.path() / "garbage.db") == std::string(5000, 'x'));
}

TEST_CASE("index: a reader sees the last committed state while a writer writes", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build(sample_files());
  index::Index writer = open_rw(path);
  REQUIRE(writer.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  REQUIRE(sqlite3_exec(writer.handle(), "BEGIN IMMEDIATE; DELETE FROM tags; DELETE FROM files;", nullptr, nullptr,
                       nullptr) == SQLITE_OK);
  auto reader = index::Index::open(path, index::Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK(one(reader->handle(), "SELECT count(*) FROM tags") == "3");
  CHECK(reader->cached_files().size() == b.parses.size());
  // A second writer opens too (it does not need the write lock to check the file).
  auto second = index::Index::open(path);
  REQUIRE(second);
  CHECK_FALSE(second->rebuilt());
  REQUIRE(sqlite3_exec(writer.handle(), "ROLLBACK", nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(second->store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  CHECK(one(reader->handle(), "SELECT count(*) FROM tags") == "3");
}

TEST_CASE("index: an index that cannot be created is a one-line failure", "[index]") {
  TempDir dir;
  dir.write("file.txt", "a regular file\n");
  fs::path path = dir.path() / "file.txt" / "index.db";
  auto index = index::Index::open(path);
  REQUIRE_FALSE(index);
  CHECK(index.error().starts_with("cannot create index at " + path.string() + ": "));
  CHECK(index.error().find('\n') == std::string::npos);

  auto nested = index::Index::open(dir.path() / "file.txt" / ".anthology" / "index.db");
  REQUIRE_FALSE(nested);
  CHECK(nested.error().starts_with("cannot create index at "));

  if (::geteuid() != 0) {  // root ignores permissions
    fs::path locked = dir.path() / "locked";
    fs::create_directories(locked);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    auto denied = index::Index::open(locked / ".anthology" / "index.db");
    REQUIRE_FALSE(denied);
    CHECK(denied.error().starts_with("cannot create index at "));
    CHECK(denied.error().find('\n') == std::string::npos);
  }
}

TEST_CASE("index: a moved-from index fails cleanly", "[index]") {
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  index::Index other = std::move(index);
  CHECK(other.handle() != nullptr);
  CHECK(index.handle() == nullptr);  // NOLINT(bugprone-use-after-move)
  CHECK(index.cached_files().empty());
  CHECK_FALSE(index.load_parse("x"));
  CHECK_FALSE(index.store(Corpus{}, {}, {}, {}, anth::test::graph_facts(Corpus{})));
  CHECK(index.kernel_results().empty());
}

TEST_CASE("index: a clean close skips the integrity check next time, a changed file does not", "[index]") {
  TempDir dir;
  fs::path path = index_path(dir);
  Built b = build({{"lit/LIT-640.md", lit_640}});
  {
    index::Index index = open_rw(path);
    REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  }
  // Closed cleanly: the WAL is folded back and the file's stamp remembered.
  CHECK_FALSE(fs::exists(path.string() + "-wal"));
  REQUIRE(fs::exists(path.string() + ".clean"));
  { CHECK_FALSE(open_rw(path).rebuilt()); }

  // Garbage over a page in the middle, the size unchanged: the stamp no longer matches, the check runs.
  auto size = fs::file_size(path);
  REQUIRE(size > 3 * 4096);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size / 2));
    f << std::string(4096, '\x5a');
  }
  fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(1));
  REQUIRE(fs::file_size(path) == size);
  index::Index index = open_rw(path);
  CHECK(index.rebuilt());
}
