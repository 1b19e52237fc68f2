// The read model of the query commands (core/query/index_corpus.h): the graph loaded around one node
// must answer walks of up to its depth exactly as the whole graph does.
#include "core/graph/linked_papers.h"
#include "core/query/graph_walk.h"
#include "core/query/index_corpus.h"
#include "core/query/provenance.h"
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

std::string ref_text(const query::NodeRef& r) {
  return r.id + "/" + r.kind + "/" + r.title + "/" + r.status + "/" + (r.year ? std::to_string(*r.year) : "-");
}

// Everything a provenance holds, as lines of text (a difference shows which part).
std::vector<std::string> provenance_text(const query::Provenance& p) {
  std::vector<std::string> out{"practice " + ref_text(p.practice) + " " + p.path + " " + p.introduced_by_written,
                               "origin " + (p.origin ? ref_text(*p.origin) : "-") + " " + p.origin_arxiv};
  for (const std::string& a : p.origin_authors) out.push_back("author " + a);
  for (const query::LinkedPaper& lp : p.linked)
    for (const query::Link& l : lp.links)
      out.push_back("linked " + ref_text(lp.paper) + " " + std::to_string(static_cast<int>(l.way)) + " " + l.via + " " + l.relation);
  for (const query::NodeRef& r : p.readings) out.push_back("reading " + ref_text(r));
  for (const auto* hedges : {&p.reading_hedges, &p.hedges})
    for (const query::Hedge& h : *hedges) {
      std::string line = "hedge " + ref_text(h.note) + " " + ref_text(h.paper);
      for (const std::string& x : h.practices) line += " " + x;
      out.push_back(line);
    }
  for (const query::NodeRef& c : p.contested_by) out.push_back("contested " + ref_text(c));
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
  // origin's narrower walk: every practice's provenance as graph_around(id, 2) tells it (the whole
  // graph carries no authors).
  int traced = 0;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    if (g.note(v).kind != Kind::Sota) continue;
    const std::string& id = g.note(v).id;
    auto part = query::graph_for_provenance(db->handle(), id);
    REQUIRE(part);
    auto w = part->graph->vertex(id);
    REQUIRE(w);
    INFO(id);
    auto around = query::graph_around(db->handle(), id, 2);
    REQUIRE(around);
    CHECK(part->graph->vertex_count() <= around->graph->vertex_count());
    std::vector<std::string> whole_text = provenance_text(query::trace_provenance(*around->graph, *around->graph->vertex(id)));
    CHECK(provenance_text(query::trace_provenance(*part->graph, *w)) == whole_text);
    traced += whole_text.size() > 4;
  }
  CHECK(traced >= 3);
  auto none = query::graph_around(db->handle(), "SOTA-40", 2);
  REQUIRE(none);
  CHECK(none->graph->vertex_count() == 0);
}
