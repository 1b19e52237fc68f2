// anthology show: one node with its properties, relations both ways, readings, kernel and findings.
#include <nlohmann/json.hpp>

#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("query: show prints every kind of node as text", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "show SOTA-192", "show-SOTA-192.txt");
  check_golden(corpus, "show LIT-640", "show-LIT-640.txt");
  check_golden(corpus, "show NOTE-058", "show-NOTE-058.txt");
  check_golden(corpus, "show SOTA-404", "show-SOTA-404.txt");
  check_golden(corpus, "show THEORY-062", "show-THEORY-062.txt");
  check_golden(corpus, "show qk-norm", "show-qk-norm.txt");
}

TEST_CASE("query: show --format json has the same facts for scripts", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "show SOTA-404 --format json", "show-SOTA-404.json");
  check_golden(corpus, "show LIT-640 --format json", "show-LIT-640.json");
  RunResult r = corpus.run("show SOTA-192 --format json");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["kind"] == "SOTA");
  CHECK(j["year"] == 2020);
  CHECK(j["properties"]["tags"] == nlohmann::json({"model-stability", "attention-techniques"}));
  CHECK(j["kernel"]["name"] == "qk_norm");
  CHECK(j["kernel"]["last_result"].is_null());
  CHECK(j["diagnostics"][0]["rule"] == "R002");
}

TEST_CASE("query: show exits 1 with a suggestion for an unknown id, 2 on bad usage", "[query]") {
  QueryCorpus corpus;
  RunResult r = corpus.run("show SOTA-19");
  CHECK(r.status == 1);
  CHECK(r.out.empty());
  CHECK(r.err == "anthology show: no node SOTA-19; did you mean SOTA-192?\n");
  CHECK(corpus.run("show NOPE-1").err == "anthology show: no node NOPE-1\n");
  CHECK(corpus.run("show").status == 2);
  CHECK(corpus.run("show SOTA-192 LIT-640").status == 2);
  RunResult flag = corpus.run("show SOTA-192 --fromat json");
  CHECK(flag.status == 2);
  CHECK(flag.err == "anthology show: unknown flag --fromat; did you mean --format?\n");
}
