// Values over SQLite's length limit (SQLITE_LIMIT_LENGTH, 1,000,000,000 bytes by default): the index
// names the size problem instead of SQLite's "NOT NULL constraint failed", which is what a value too
// large to bind turned into. The limit is lowered on the connection so that the test stays small.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "core/index/index.h"
#include "ingest/note_parser.h"
#include "tests/support/test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth::ingest;  // the stage under test

namespace {

using namespace anth;
using anth::test::TempDir;

index::Index open_index(const TempDir& dir) {
  auto index = index::Index::open(dir.path() / "index.db");
  REQUIRE(index);
  return std::move(*index);
}

}  // namespace

TEST_CASE("index: a parse over SQLite's length limit names the note and both sizes", "[index][limits]") {
  TempDir dir;
  index::Index index = open_index(dir);
  sqlite3_limit(index.handle(), SQLITE_LIMIT_LENGTH, 4096);
  ParsedNote parse = parse_note("terms/huge.md", "---\ntitle: Huge\nshort: " + std::string(8000, 'x') + "\n---\n",
                                default_max_note_bytes);
  auto stored = index.store_parses({{&parse, index::CachedFile{1, 8000, 1}}});
  REQUIRE_FALSE(stored);
  INFO(stored.error());
  CHECK(stored.error().find("note terms/huge.md is too large for the index") != std::string::npos);
  CHECK(stored.error().find("SQLite's limit is 4096 bytes") != std::string::npos);
  CHECK(stored.error().find("NOT NULL") == std::string::npos);
}

TEST_CASE("index: any value over SQLite's length limit says so, not NOT NULL", "[index][limits]") {
  TempDir dir;
  index::Index index = open_index(dir);
  sqlite3_limit(index.handle(), SQLITE_LIMIT_LENGTH, 4096);
  // A diagnostic's message goes to a NOT NULL column of its own, outside any parse.
  Diagnostic d{"S008", Severity::Error, {"lit/a.md", 1, 1}, std::string(5000, 'm'), {}};
  Corpus corpus;
  auto stored = index.store(corpus, {}, {}, {d}, anth::test::graph_facts(corpus));
  REQUIRE_FALSE(stored);
  INFO(stored.error());
  CHECK(stored.error().find("a value of 5000 bytes is too large for the index: SQLite's limit is 4096 bytes") !=
        std::string::npos);
  CHECK(stored.error().find("NOT NULL") == std::string::npos);
  // Nothing was left half-written: a store within the limit works on the same connection.
  d.message = "short";
  CHECK(index.store(corpus, {}, {}, {d}, anth::test::graph_facts(corpus)));
}
