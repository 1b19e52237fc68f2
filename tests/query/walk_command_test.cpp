// anthology path and anthology neighbors over the graph built from the index.
#include <nlohmann/json.hpp>

#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("query: path finds the shortest chain, following relations either way", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "path NOTE-011 SOTA-404", "path-NOTE-011-SOTA-404.txt");
  check_golden(corpus, "path NOTE-058 LIT-640 --via paper,cites,source,introduced_by --format json", "path-via.json");
  check_golden(corpus, "path qk-norm qk-norm", "path-same.txt");
}

TEST_CASE("query: path exits 1 when there is no path or no such node", "[query]") {
  QueryCorpus corpus;
  RunResult none = corpus.run("path NOTE-011 SOTA-404 --via paper,cites");
  CHECK(none.status == 1);
  CHECK(none.err == "anthology path: no path from NOTE-011 to SOTA-404 via paper,cites\n");
  RunResult unknown = corpus.run("path NOTE-011 LIT-64");
  CHECK(unknown.status == 1);
  CHECK(unknown.err == "anthology path: no node LIT-64; did you mean LIT-640?\n");
  RunResult relation = corpus.run("path NOTE-011 LIT-640 --via papr");
  CHECK(relation.status == 2);
  CHECK(relation.err.find("unknown relation 'papr'; did you mean 'paper'?") != std::string::npos);
  CHECK(corpus.run("path NOTE-011").status == 2);
}

TEST_CASE("query: neighbors lists the nodes around one, nearest first", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "neighbors SOTA-404", "neighbors-SOTA-404.table.txt");
  check_golden(corpus, "neighbors LIT-008 --depth 2 --relation cites,paper,source", "neighbors-LIT-008-depth2.table.txt");
  check_golden(corpus, "neighbors LIT-523 --format json", "neighbors-LIT-523.json");
  check_golden(corpus, "neighbors LIT-523 --format csv", "neighbors-LIT-523.csv");
  check_golden(corpus, "neighbors qk-norm --depth 0 --format ids", "neighbors-depth0.ids.txt");
  RunResult r = corpus.run("neighbors LIT-523 --depth 99 --format ids");
  CHECK(r.status == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 16);  // the fixture graph is connected
  CHECK(corpus.run("neighbors LIT-523 --depth -1").status == 2);
  CHECK(corpus.run("neighbors LIT-52").status == 1);
}
