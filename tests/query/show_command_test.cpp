// anthology show: one node with its properties, relations both ways, readings, kernel and findings.
#include <map>

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

// Found on a real vault: every embedded image was listed under Mentions as "photo.png — (no such note)".
// An attachment makes no edge; show lists it apart, and says which lint found missing.
TEST_CASE("query: show lists a note's attachments apart from its mentions", "[query]") {
  TempDir vault;
  vault.write("photo.png", "x");
  vault.write("B.md", "# B\n");
  vault.write("A.md", "# A\n\n![[photo.png]] ![[gone.png]] [[B]] [[Nope]] [paper](photo.png) [doc](gone.pdf)\n");
  RunResult r = run_anthology("show A", vault.path());
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("no such note") == r.out.rfind("no such note"));  // [[Nope]] only
  CHECK(r.out.find("Nope — (no such note)") != std::string::npos);
  CHECK(r.out.find("\nAttachments\n  photo.png\n  gone.png — not in the vault\n  gone.pdf — not in the vault\n") !=
        std::string::npos);
  CHECK(r.out.find("    b — B\n") != std::string::npos);

  RunResult json = run_anthology("show A --format json", vault.path());
  REQUIRE(json.status == 0);
  std::map<std::string, bool> attachment;
  auto shown = nlohmann::json::parse(json.out);
  for (const auto& e : shown["relations"]["outgoing"])
    attachment[e["written"].get<std::string>()] = e["attachment"].get<bool>();
  CHECK(attachment == std::map<std::string, bool>{{"photo.png", true}, {"gone.png", true}, {"B", false},
                                                  {"Nope", false}, {"gone.pdf", true}});
}
