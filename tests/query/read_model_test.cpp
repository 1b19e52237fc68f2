// The read model of the query commands (core/query/index_corpus.h): the graph loaded around one node
// must answer walks of up to its depth exactly as the whole graph does.
#include "core/graph/linked_papers.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/query/query_db.h"
#include "tests/query/query_fixture.h"

using namespace anth;
using namespace anth::test;

namespace {

// The links of a practice as text: "way paper via relation", in the walk's order.
std::vector<std::string> links_of(const graph::Graph& g, std::size_t sota) {
  std::vector<std::string> out;
  for (const graph::PaperLink& l : graph::linked_papers(g, sota))
    out.push_back(std::to_string(static_cast<int>(l.way)) + " " + g.note(l.paper).id + " " + g.note(l.via).id + " " +
                  l.edge.relation->kind + " " + std::to_string(l.edge.relation->where.line));
  return out;
}

std::vector<std::string> hops_of(const graph::Graph& g, std::size_t v, int depth) {
  std::vector<std::string> out;
  for (const query::Hop& h : query::neighbor_hops(g, v, depth, {}))
    out.push_back(h.node.id + " " + std::to_string(h.depth) + " " + h.parent + " " + h.relation + " " +
                  (h.node.year ? std::to_string(*h.node.year) : "-"));
  return out;
}

}  // namespace

TEST_CASE("query: the graph around a node answers like the whole graph", "[query]") {
  QueryCorpus corpus;
  REQUIRE(corpus.run("lint").status != 2);  // builds the index
  auto db = query::QueryDb::open(corpus.index());
  REQUIRE(db);
  auto whole = query::graph_from_index(db->handle());
  REQUIRE(whole);
  const graph::Graph& g = *whole->graph;
  int practices = 0;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    const std::string& id = g.note(v).id;
    auto around = query::graph_around(db->handle(), id, 2);
    REQUIRE(around);
    auto w = around->graph->vertex(id);
    REQUIRE(w);
    INFO(id);
    CHECK(around->graph->vertex_count() <= g.vertex_count());
    CHECK(hops_of(*around->graph, *w, 1) == hops_of(g, v, 1));  // years of the first step need the second
    if (g.note(v).kind != Kind::Sota) continue;
    ++practices;
    CHECK(links_of(*around->graph, *w) == links_of(g, v));
  }
  CHECK(practices >= 3);
  auto none = query::graph_around(db->handle(), "SOTA-40", 2);
  REQUIRE(none);
  CHECK(none->graph->vertex_count() == 0);
}
