// anthology query --sql: one read-only statement; SQLite's authorizer refuses anything but reads, with
// one message, and the index stays as it was; a time limit and a row limit stop runaway statements.
#include <algorithm>
#include <chrono>

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
  const std::string refused = "anthology query: --sql: only reading statements are allowed (SELECT, WITH, read-only "
                              "PRAGMAs): the index is read-only\n";
  for (const char* sql : {"INSERT INTO tags VALUES ('SOTA-192', 'x')", "DELETE FROM nodes", "DROP TABLE nodes",
                          "UPDATE nodes SET title = 'x'", "CREATE TABLE t (x)", "PRAGMA user_version = 7",
                          "DELETE FROM search", "VACUUM INTO 'copy.db'", "/* x */ VACUUM INTO 'copy.db'",
                          "CREATE TEMP TABLE t (x)", "CREATE TEMP VIEW v AS SELECT 1", "ATTACH 'copy.db' AS c",
                          "PRAGMA journal_mode = DELETE", "BEGIN"}) {
    RunResult r = corpus.run("query --sql \"" + std::string(sql) + "\"");
    INFO(sql);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == refused);
    CHECK_FALSE(fs::exists(corpus.path() / "copy.db"));
  }
  // Reading pragmas still answer.
  CHECK(corpus.run("query --sql 'PRAGMA table_info(nodes)' --format csv").status == 0);
  CHECK(corpus.run("query --sql \"SELECT name FROM pragma_table_info('nodes')\" --format ids").out.find("title\n") !=
        std::string::npos);
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

TEST_CASE("query: query --sql stops at the time limit and the row limit, streaming the rows", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("query --format ids").status == 0);
  const std::string endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)";

  // A recursive statement that returns nothing until it ends: stopped by the deadline.
  auto started = std::chrono::steady_clock::now();
  RunResult slow = corpus.run("query --sql '" + endless + " SELECT COUNT(*) FROM c' --timeout 0.5");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  CHECK(slow.status == 2);
  CHECK(slow.err == "anthology query: --sql: stopped after 0.5 s, the time limit (--timeout SECONDS raises it)\n");
  CHECK(seconds < 5);
  CHECK(corpus.run("query --sql 'SELECT 1' --timeout 0").status == 2);

  // One that returns rows forever: the rows up to the limit, well-formed, then exit 2.
  RunResult many = corpus.run("query --sql '" + endless + " SELECT x FROM c' --format json --max-rows 1000");
  CHECK(many.status == 2);
  CHECK(many.err == "anthology query: --sql: stopped at 1000 rows, the row limit (add a LIMIT, or --max-rows N raises it)\n");
  CHECK(many.out.rfind("[\n  {\n    \"x\": 1\n  },\n", 0) == 0);
  const std::string last = "\"x\": 1000\n  }\n]\n";
  REQUIRE(many.out.size() > last.size());
  CHECK(many.out.substr(many.out.size() - last.size()) == last);

  // Rows go out as they come: 400,000 rows of 300 bytes (120 MB) printed in memory that does not grow
  // with them.
  // Under ASan the freed rows sit in its quarantine (442 MB measured), so RSS says nothing there; the
  // normal suite checks it.
#if defined(__SANITIZE_ADDRESS__)
  bool have_time = false;
#else
  bool have_time = run("test -x /usr/bin/time").status == 0;
#endif
  RunResult streamed = run("cd '" + corpus.path().string() + "' && " + (have_time ? "/usr/bin/time -f 'rss %M' " : "") +
                           "'" + anthology_binary().string() + "' query --sql '" + endless +
                           " SELECT x, hex(zeroblob(150)) FROM c' --format csv --max-rows 400000 --timeout 120 | tail -1");
  CHECK(streamed.out == "400000," + std::string(300, '0') + "\n");
  CHECK(streamed.err.find("stopped at 400000 rows") != std::string::npos);
  if (have_time) {
    auto rss = streamed.err.find("rss ");
    REQUIRE(rss != std::string::npos);
    long kilobytes = std::stol(streamed.err.substr(rss + 4));
    CHECK(kilobytes < 100 * 1024);  // the rows alone are 120 MB; streamed, about 7 MB here
  }
}

TEST_CASE("query: query --sql ranks with anth_bm25 as with bm25", "[query]") {
  QueryCorpus corpus;
  auto ranked = [&](const char* rank) {
    return corpus.run(std::string("query --format ids --sql \"SELECT id FROM search WHERE search MATCH 'normalization'") +
                      " ORDER BY " + rank + "(search, 0.0, 4.0, 1.0, 2.0), id\"");
  };
  RunResult ours = ranked("anth_bm25"), sqlite = ranked("bm25");
  INFO(ours.err);
  CHECK(ours.status == 0);
  CHECK(ours.out == sqlite.out);
  CHECK(std::count(ours.out.begin(), ours.out.end(), '\n') >= 3);
}
