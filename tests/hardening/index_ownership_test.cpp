// Item 4 of issue 13: a path given as --index (or a .anthology folder shipped in a corpus) that holds
// something other than our index is never deleted or rewritten: exit 2, "not an anthology index".
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "tests/hardening/hardening_support.h"
#include "tests/support/test_support.h"

namespace {

using anth::test::read_file;
using anth::test::TempDir;
using namespace anth::hardening;

// The table names of a SQLite file, one per line.
std::string tables_of(const fs::path& db_path) {
  sqlite3* db = nullptr;
  std::string names;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    auto collect = [](void* out, int, char** values, char**) {
      *static_cast<std::string*>(out) += std::string(values[0] ? values[0] : "") + "\n";
      return 0;
    };
    sqlite3_exec(db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", collect, &names, nullptr);
  }
  sqlite3_close(db);
  return names;
}

void small_corpus(const TempDir& tmp) { write_generated_corpus(tmp, "corpus", 12); }

}  // namespace

TEST_CASE("index ownership: --index naming a user's file refuses and leaves it as it was", "[hardening][index-owner]") {
  TempDir tmp;
  small_corpus(tmp);
  const std::string notes = "My thesis notes.\nChapter 1: attention.\n";
  fs::path text = tmp.write("thesis-notes.txt", notes);
  fs::path toml = tmp.write("corpus/anthology.toml", "[site]\ntitle = \"Mine\"\n");
  const std::string toml_bytes = read_file(toml);
  fs::path other = tmp.path() / "other.sqlite";
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(other.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "CREATE TABLE accounts(name TEXT, balance INTEGER); INSERT INTO accounts VALUES('ana', 10)",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  const std::string other_bytes = read_file(other);

  for (const std::string& command : {std::string("lint --corpus corpus"), std::string("build --corpus corpus --out site"),
                                     std::string("query --corpus corpus --sql 'SELECT 1'")}) {
    for (const fs::path& victim : {text, other, toml}) {
      INFO(command << " --index " << victim);
      Limited r = run_limited(command + " --index " + quote(victim), tmp.path());
      CHECK(r.status == 2);
      CHECK(r.err.find("not an anthology index") != std::string::npos);
    }
    CHECK(read_file(text) == notes);
    CHECK(read_file(other) == other_bytes);
    CHECK(tables_of(other) == "accounts\n");
    CHECK(read_file(toml) == toml_bytes);
  }
  CHECK_FALSE(fs::exists(tmp.path() / "site"));

  // An index the tool wrote at a path of the user's is used, and rebuilt when damaged.
  fs::path mine = tmp.path() / "mine.db";
  REQUIRE(run_limited("lint --corpus corpus --index " + quote(mine), tmp.path()).status <= 1);
  fs::resize_file(mine, 200);
  Limited again = run_limited("lint --corpus corpus --index " + quote(mine), tmp.path());
  INFO(again.err);
  CHECK(again.status <= 1);
}

TEST_CASE("index ownership: a .anthology link to a folder outside the corpus is refused", "[hardening][index-owner]") {
  TempDir tmp;
  small_corpus(tmp);
  const std::string bytes = "someone else's index.db\n";
  tmp.write("elsewhere/index.db", bytes);
  tmp.write("elsewhere/lock", "");
  fs::create_directory_symlink(tmp.path() / "elsewhere", tmp.path() / "corpus" / ".anthology");
  auto listing = [&] {
    std::string out;
    for (const auto& e : fs::directory_iterator(tmp.path() / "elsewhere")) out += e.path().filename().string() + "\n";
    return out;
  };
  const std::string before = listing();
  for (const char* command : {"lint --corpus corpus", "build --corpus corpus --out site", "query --corpus corpus --sql 'SELECT 1'"}) {
    INFO(command);
    Limited r = run_limited(command, tmp.path());
    CHECK(r.status == 2);
    CHECK(r.err.find("outside the corpus") != std::string::npos);
  }
  CHECK(read_file(tmp.path() / "elsewhere" / "index.db") == bytes);
  CHECK(listing() == before);

  // A link to a folder inside the corpus is the corpus's own.
  fs::remove(tmp.path() / "corpus" / ".anthology");
  fs::create_directory(tmp.path() / "corpus" / ".cache");
  fs::create_directory_symlink(".cache", tmp.path() / "corpus" / ".anthology");
  CHECK(run_limited("lint --corpus corpus", tmp.path()).status <= 1);
  CHECK(fs::exists(tmp.path() / "corpus" / ".cache" / "index.db"));
}

TEST_CASE("index ownership: an index.db link in the tool's folder is followed only to an index of ours", "[hardening][index-owner]") {
  TempDir tmp;
  small_corpus(tmp);
  const std::string bytes = "export PATH=$PATH:~/bin\n";
  fs::path victim = tmp.write("bashrc", bytes);
  fs::create_directories(tmp.path() / "corpus" / ".anthology");
  fs::create_symlink(victim, tmp.path() / "corpus" / ".anthology" / "index.db");
  Limited r = run_limited("lint --corpus corpus", tmp.path());
  CHECK(r.status == 2);
  CHECK(r.err.find("not an anthology index") != std::string::npos);
  CHECK(read_file(victim) == bytes);
}
