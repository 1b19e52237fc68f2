// Every graph rule terminates and does not throw on shapes ingest never lets through: typed self-loops,
// relations to notes of the wrong kind, cycles of every relation, missing years, duplicate edges.
#include <catch2/catch.hpp>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "tests/graph/graph_test_corpus.h"

using namespace anth;

TEST_CASE("graph rules terminate and never throw on a hostile graph", "[rules][robustness]") {
  test::CorpusBuilder b;
  b.note("LIT-1", 2020).status = "retracted";
  b.note("LIT-2");  // no year
  b.note("LIT-3", 2019).status = "superseded";
  b.note("NOTE-1");
  b.note("SOTA-1").status = "adopted";
  b.note("SOTA-2").status = "candidate";
  b.note("THEORY-1").status = "refuted";
  b.note("qk-norm");
  const char* kinds[] = {"introduced_by", "source", "paper", "supersedes", "cites", "compared_against",
                         "contested_by", "read_as", "declines_origin_of", "related", "origin", "mentions"};
  const char* ids[] = {"LIT-1", "LIT-2", "LIT-3", "NOTE-1", "SOTA-1", "SOTA-2", "THEORY-1", "qk-norm"};
  int line = 2;
  for (const char* from : ids)
    for (const char* kind : kinds)
      for (const char* to : ids) b.relate(from, kind, to, line++);
  b.relate("SOTA-1", "source", "LIT-1").relate("SOTA-1", "source", "LIT-1");  // duplicates
  Corpus corpus = b.build();
  corpus.notes[0].kernel = "no_such_kernel";
  corpus.notes[0].kernel_params = {{"x", 1e308}};
  graph::Graph graph(corpus);

  std::vector<Diagnostic> found;
  REQUIRE_NOTHROW(found = rules::check_graph(corpus, graph));
  CHECK_FALSE(found.empty());
  CHECK(std::is_sorted(found.begin(), found.end(), diagnostic_less));
  for (const Diagnostic& d : found) {
    CHECK_FALSE(d.message.empty());
    CHECK(d.where.line >= 1);
  }
}

TEST_CASE("graph rules on an empty corpus find nothing", "[rules][robustness]") {
  Corpus corpus;
  graph::Graph graph(corpus);
  CHECK(rules::check_graph(corpus, graph).empty());
  CHECK(graph.cyclic_components({"cites"}).empty());
  CHECK(graph.layout({}).empty());
}
