// anthology origin: a practice's origin, the papers linked to it earliest first, readings, hedges, contests.
#include <nlohmann/json.hpp>

#include "tests/query/query_fixture.h"

using namespace anth::test;

TEST_CASE("query: origin traces a practice whose origin has an earlier linked paper", "[query]") {
  QueryCorpus corpus;
  check_golden(corpus, "origin SOTA-404", "origin-SOTA-404.txt");
  check_golden(corpus, "origin SOTA-404 --format json", "origin-SOTA-404.json");
  check_golden(corpus, "origin SOTA-192", "origin-SOTA-192.txt");
  check_golden(corpus, "origin SOTA-319", "origin-SOTA-319.txt");
  check_golden(corpus, "origin SOTA-050", "origin-SOTA-050.txt");
}

TEST_CASE("query: origin's earliest paper agrees with lint's P001", "[query]") {
  QueryCorpus corpus;
  auto j = nlohmann::json::parse(corpus.run("origin SOTA-404 --format json").out);
  REQUIRE(j["linked_papers"].size() == 2);
  CHECK(j["linked_papers"][0]["id"] == "LIT-640");
  CHECK(j["linked_papers"][0]["earlier_than_origin"] == true);
  CHECK(j["hedges"][0]["contradicts_origin"] == true);
  RunResult lint = corpus.run("lint sota/SOTA-404.md");
  CHECK(lint.out.find("LIT-640 (2020)") != std::string::npos);
}

TEST_CASE("query: origin takes a practice id", "[query]") {
  QueryCorpus corpus;
  RunResult lit = corpus.run("origin LIT-640");
  CHECK(lit.status == 2);
  CHECK(lit.err == "anthology origin: LIT-640 is a LIT, not a practice (SOTA); try 'anthology show LIT-640'\n");
  RunResult none = corpus.run("origin SOTA-40");
  CHECK(none.status == 1);
  CHECK(none.err == "anthology origin: no node SOTA-40; did you mean SOTA-404?\n");
}
