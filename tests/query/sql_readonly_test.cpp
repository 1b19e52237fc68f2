// anthology query --sql: one read-only statement; SQLite itself refuses writes, and the index stays as it was.
#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("query: query --sql prints the rows with their column names in each format", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "query --sql 'SELECT kind, COUNT(*) AS n FROM nodes GROUP BY kind ORDER BY kind'", "sql-kinds.table.txt");
  check_golden(corpus, "query --sql 'SELECT id, introduced_by, year, contested FROM practices ORDER BY id' --format json",
               "sql-practices.json");
  check_golden(corpus, "query --sql \"SELECT 1.5 AS r, NULL AS n, 'a,\\\"b' AS t\" --format csv", "sql-types.csv");
  check_golden(corpus, "query --sql 'SELECT dst FROM relations WHERE src = \"SOTA-192\" AND kind = \"source\"' --format ids",
               "sql-sources.ids.txt");
}

TEST_CASE("query: query --sql refuses every write and leaves the index unchanged", "[query]") {
  QueryCorpus corpus;
  const std::string count = "query --sql 'SELECT (SELECT COUNT(*) FROM nodes) || \"/\" || (SELECT COUNT(*) FROM relations)' --format ids";
  RunResult before = corpus.run(count);
  REQUIRE(before.status == 0);
  std::string bytes = read_file(corpus.index());
  for (const char* sql : {"INSERT INTO tags VALUES ('SOTA-192', 'x')", "DELETE FROM nodes", "DROP TABLE nodes",
                          "UPDATE nodes SET title = 'x'", "CREATE TABLE t (x)", "PRAGMA user_version = 7",
                          "DELETE FROM search"}) {
    RunResult r = corpus.run("query --sql \"" + std::string(sql) + "\"");
    INFO(sql);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "anthology query: --sql: attempt to write a readonly database\n");
  }
  RunResult vacuum = corpus.run("query --sql \"VACUUM INTO 'copy.db'\"");
  CHECK(vacuum.status == 2);
  CHECK_FALSE(fs::exists(corpus.path() / "copy.db"));
  RunResult two = corpus.run("query --sql 'SELECT 1; DELETE FROM nodes'");
  CHECK(two.status == 2);
  CHECK(two.err == "anthology query: --sql: one SQL statement at a time\n");
  RunResult bad = corpus.run("query --sql 'SELEC 1'");
  CHECK(bad.status == 2);
  CHECK(bad.err == "anthology query: --sql: near \"SELEC\": syntax error\n");

  CHECK(read_file(corpus.index()) == bytes);
  CHECK(corpus.run(count).out == before.out);
}

TEST_CASE("query: query --sql exits 1 on no rows, like the filters", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("query --sql 'SELECT id FROM nodes WHERE 0' --format csv");
  CHECK(r.status == 1);
  CHECK(r.out == "id\n");
}
