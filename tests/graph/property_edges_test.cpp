// Frontmatter properties' links (Origin::Property, docs/format.md "Frontmatter links") are edges of the
// graph that no provenance reads: a query for a schema relation's name leaves them out, one for the
// property's own key finds them, and the papers linked to a practice never count them.
#include <catch2/catch.hpp>

#include "core/graph/graph.h"
#include "core/graph/linked_papers.h"
#include "tests/graph/graph_test_corpus.h"

namespace {

void property(anth::Corpus& c, const std::string& from, const std::string& key, const std::string& to) {
  for (anth::Note& n : c.notes)
    if (n.id == from) n.relations.push_back({key, from, to, to, {n.path, 2, 1}, anth::Origin::Property});
}

}  // namespace

TEST_CASE("property edges: in the graph, but no schema relation and no provenance", "[graph][links]") {
  anth::test::CorpusBuilder b;
  b.note("LIT-1", 2020);
  b.note("LIT-2", 2021);
  b.note("SOTA-1");
  b.note("hub").kind = anth::Kind::Page;
  b.relate("SOTA-1", "introduced_by", "LIT-1");
  anth::Corpus c = b.build();
  property(c, "hub", "source", "LIT-2");        // a page's own key that reads like a relation
  property(c, "hub", "categories", "SOTA-1");
  property(c, "LIT-2", "practice", "SOTA-1");   // a typed note's key outside its schema
  property(c, "LIT-1", "cites", "LIT-2");
  property(c, "LIT-2", "cites", "LIT-1");
  anth::graph::Graph g(c);
  const std::size_t hub = *g.vertex("hub"), sota = *g.vertex("SOTA-1"), lit2 = *g.vertex("LIT-2");
  CHECK(g.out_edges(hub).size() == 2);
  CHECK(g.out_edges(hub, "source").empty());
  REQUIRE(g.out_edges(hub, "categories").size() == 1);
  CHECK(anth::graph::is_property_edge(g.out_edges(hub, "categories")[0]));
  CHECK(g.in_edges(lit2).size() == 2);  // the page's and LIT-1's
  CHECK(g.in_edges(lit2, "cites").empty());
  CHECK(g.cyclic_components({"cites"}).empty());  // LIT-1 and LIT-2 "cite" each other only as properties
  // SOTA-1's papers: its origin, not LIT-2, whose own `practice:` links it.
  std::vector<anth::graph::PaperLink> papers = anth::graph::linked_papers(g, sota);
  REQUIRE(papers.size() == 1);
  CHECK(g.note(papers[0].paper).id == "LIT-1");
}
