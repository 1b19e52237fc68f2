// anth::Graph on hand-built corpora: vertices and edges, years, readings, neighborhoods, shortest paths,
// cyclic components (with self-loops, and a dense one) and the layout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "core/graph/graph.h"
#include "tests/graph/graph_test_corpus.h"

using namespace anth;
using test::CorpusBuilder;

namespace {

std::vector<std::string> ids_of(const graph::Graph& g, const std::vector<std::size_t>& vs) {
  std::vector<std::string> out;
  for (std::size_t v : vs) out.push_back(g.note(v).id);
  return out;
}

std::size_t vertex(const graph::Graph& g, const std::string& id) {
  auto v = g.vertex(id);
  REQUIRE(v.has_value());
  return *v;
}

// LIT-1 (2017) <-cites- LIT-2 (2020) <-cites- LIT-3 (2021); SOTA-1 introduced_by LIT-2, source LIT-1 and
// THEORY-1 (source LIT-3 and LIT-1); NOTE-1 and NOTE-2 read LIT-2; NOTE-2 mentions SOTA-1.
Corpus small_corpus() {
  CorpusBuilder b;
  b.note("LIT-1", 2017);
  b.note("LIT-2", 2020);
  b.note("LIT-3", 2021);
  b.note("LIT-4");  // year unknown
  b.note("NOTE-1");
  b.note("NOTE-2");
  b.note("SOTA-1");
  b.note("SOTA-2");
  b.note("THEORY-1");
  b.note("THEORY-2");
  b.note("qk-norm");
  b.relate("LIT-2", "cites", "LIT-1").relate("LIT-3", "cites", "LIT-2");
  b.relate("SOTA-1", "introduced_by", "LIT-2", 3).relate("SOTA-1", "source", "LIT-1", 4).relate("SOTA-1", "source", "THEORY-1", 5);
  b.relate("THEORY-1", "source", "LIT-3").relate("THEORY-1", "source", "LIT-1");
  b.relate("NOTE-1", "paper", "LIT-2").relate("NOTE-2", "paper", "LIT-2").relate("NOTE-2", "mentions", "SOTA-1", 9);
  b.relate("NOTE-2", "mentions", "NOTE-2", 10);  // a link to one's own heading: no edge
  b.relate("SOTA-2", "introduced_by", "LIT-4").relate("THEORY-2", "source", "LIT-4");
  b.relate("SOTA-2", "source", "");  // unresolved: no edge
  return b.build();
}

}  // namespace

TEST_CASE("graph: vertices follow the corpus and edges the resolved relations", "[graph]") {
  Corpus corpus = small_corpus();
  corpus.notes.push_back(Note{.path = "zz.md", .id = "LIT-99", .kind = Kind::Lit, .in_graph = false});
  graph::Graph g(corpus);
  CHECK(g.vertex_count() == 11);
  CHECK(g.edge_count() == 12);
  CHECK_FALSE(g.vertex("LIT-99").has_value());
  CHECK_FALSE(g.vertex("nothing").has_value());
  CHECK(g.note(vertex(g, "SOTA-1")).id == "SOTA-1");

  std::size_t sota = vertex(g, "SOTA-1");
  auto out = g.out_edges(sota);
  REQUIRE(out.size() == 3);
  CHECK(out[0].relation->kind == "introduced_by");
  CHECK(g.out_edges(sota, "source").size() == 2);
  auto in = g.in_edges(vertex(g, "LIT-2"));
  REQUIRE(in.size() == 4);  // cites from LIT-3, introduced_by, two papers
  CHECK(g.note(in[0].from).id == "LIT-3");
  CHECK(g.in_edges(vertex(g, "LIT-2"), "paper").size() == 2);
  CHECK(g.out_edges(vertex(g, "NOTE-2"), "mentions").size() == 1);
  CHECK(g.out_edges(12345).empty());
}

TEST_CASE("graph: the year of each kind of node", "[graph][year]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  CHECK(g.year(vertex(g, "LIT-1")) == 2017);
  CHECK_FALSE(g.year(vertex(g, "LIT-4")).has_value());
  CHECK(g.year(vertex(g, "SOTA-1")) == 2020);   // its introduced_by paper's year
  CHECK_FALSE(g.year(vertex(g, "SOTA-2")).has_value());  // origin of unknown year
  CHECK(g.year(vertex(g, "THEORY-1")) == 2017);  // the earliest LIT source
  CHECK_FALSE(g.year(vertex(g, "THEORY-2")).has_value());
  CHECK_FALSE(g.year(vertex(g, "NOTE-1")).has_value());
  CHECK_FALSE(g.year(vertex(g, "qk-norm")).has_value());
  CHECK_FALSE(g.year(999).has_value());
}

TEST_CASE("graph: readings are the notes whose paper is the LIT", "[graph]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  CHECK(ids_of(g, g.readings(vertex(g, "LIT-2"))) == std::vector<std::string>{"NOTE-1", "NOTE-2"});
  CHECK(g.readings(vertex(g, "LIT-1")).empty());
}

// The ids of a neighborhood, by depth then id (the walk's own order within a level is tested below).
static std::vector<std::string> near_ids(const graph::Graph& g, std::size_t v, int depth, std::vector<std::string> kinds = {}) {
  graph::Graph::NeighborhoodOptions o;
  o.depth = depth;
  o.kinds = std::move(kinds);
  auto reached = g.neighborhood(v, o);
  std::stable_sort(reached.begin(), reached.end(), [&](const graph::Graph::Reached& a, const graph::Graph::Reached& b) {
    return a.depth != b.depth ? a.depth < b.depth : g.note(a.vertex).id < g.note(b.vertex).id;
  });
  std::vector<std::string> ids;
  for (const graph::Graph::Reached& r : reached) ids.push_back(g.note(r.vertex).id);
  return ids;
}

TEST_CASE("graph: neighborhood by depth and relation kind", "[graph][neighborhood]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  std::size_t lit2 = vertex(g, "LIT-2");
  CHECK(near_ids(g, lit2, 0) == std::vector<std::string>{"LIT-2"});
  CHECK(near_ids(g, lit2, 1) == std::vector<std::string>{"LIT-2", "LIT-1", "LIT-3", "NOTE-1", "NOTE-2", "SOTA-1"});
  CHECK(near_ids(g, lit2, 1, {"cites"}) == std::vector<std::string>{"LIT-2", "LIT-1", "LIT-3"});
  CHECK(near_ids(g, lit2, 2, {"cites", "paper"}) == std::vector<std::string>{"LIT-2", "LIT-1", "LIT-3", "NOTE-1", "NOTE-2"});
  CHECK(near_ids(g, lit2, 100).size() == 7);  // LIT-2's component: LIT-1..3, NOTE-1..2, SOTA-1, THEORY-1
}

TEST_CASE("graph: a capped neighborhood goes through the least connected first", "[graph][neighborhood]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  graph::Graph::NeighborhoodOptions o;
  o.depth = 2;
  o.expand = graph::Graph::NeighborhoodOptions::Expand::SparseFirst;
  auto ids = [&](std::size_t v) {
    std::vector<std::string> out;
    for (const graph::Graph::Reached& r : g.neighborhood(v, o)) out.push_back(g.note(r.vertex).id);
    return out;
  };
  std::size_t lit2 = vertex(g, "LIT-2");
  std::vector<std::string> all = ids(lit2);
  // The first level by id, then the second: under the same cap, what is drawn is a prefix of this.
  REQUIRE(all.size() == 7);
  CHECK(std::vector<std::string>(all.begin(), all.begin() + 6) ==
        std::vector<std::string>{"LIT-2", "LIT-1", "LIT-3", "NOTE-1", "NOTE-2", "SOTA-1"});
  o.cap = 4;
  CHECK(ids(lit2) == std::vector<std::string>{"LIT-2", "LIT-1", "LIT-3", "NOTE-1"});
  o.cap = 0;
  CHECK(ids(lit2) == std::vector<std::string>{"LIT-2"});
}

TEST_CASE("graph: shortest path walks edges both ways", "[graph][path]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  auto path = g.shortest_path(vertex(g, "NOTE-1"), vertex(g, "LIT-1"));
  REQUIRE(path.size() == 2);
  CHECK(path[0].forward);
  CHECK(path[0].edge.relation->kind == "paper");
  CHECK(path[1].edge.relation->kind == "cites");  // LIT-2 cites LIT-1, walked forward
  CHECK(path[1].forward);

  auto back = g.shortest_path(vertex(g, "LIT-1"), vertex(g, "NOTE-1"));
  REQUIRE(back.size() == 2);
  CHECK_FALSE(back[0].forward);
  CHECK(g.note(back[0].edge.from).id == "LIT-2");

  auto via = g.shortest_path(vertex(g, "LIT-3"), vertex(g, "LIT-1"), {"cites"});
  CHECK(via.size() == 2);
  CHECK(g.shortest_path(vertex(g, "LIT-3"), vertex(g, "LIT-1")).size() == 2);
  CHECK(g.shortest_path(vertex(g, "LIT-1"), vertex(g, "NOTE-1"), {"cites"}).empty());
  CHECK(g.shortest_path(vertex(g, "LIT-1"), vertex(g, "qk-norm")).empty());
  CHECK(g.shortest_path(vertex(g, "LIT-1"), vertex(g, "LIT-1")).empty());
}

TEST_CASE("graph: cyclic components on a cycle and a self-loop graph", "[graph][cycles]") {
  CorpusBuilder b;
  for (const char* id : {"LIT-1", "LIT-2", "LIT-3", "LIT-4", "LIT-5"}) b.note(id, 2020);
  b.relate("LIT-2", "cites", "LIT-3").relate("LIT-3", "supersedes", "LIT-1").relate("LIT-1", "cites", "LIT-2");
  b.relate("LIT-2", "cites", "LIT-1");                                          // a second, shorter cycle
  b.relate("LIT-4", "cites", "LIT-4");                                          // a self-loop
  b.relate("LIT-1", "compared_against", "LIT-5").relate("LIT-5", "compared_against", "LIT-1");  // other kind
  Corpus corpus = b.build();
  graph::Graph g(corpus);
  std::vector<std::vector<std::string>> members, cycles;
  for (const auto& c : g.cyclic_components({"cites", "supersedes"})) {
    members.push_back(ids_of(g, c.members));
    cycles.push_back(ids_of(g, c.cycle));
  }
  CHECK(members == std::vector<std::vector<std::string>>{{"LIT-1", "LIT-2", "LIT-3"}, {"LIT-4"}});
  CHECK(cycles == std::vector<std::vector<std::string>>{{"LIT-1", "LIT-2"}, {"LIT-4"}});
  CHECK(g.cyclic_components({"supersedes"}).empty());
  REQUIRE(g.cyclic_components({"compared_against"}).size() == 1);
  CHECK(g.cyclic_components({"paper"}).empty());
  CHECK(g.cyclic_components({}).size() == 2);  // every kind: LIT-1..5 are one component, LIT-4 another
}

TEST_CASE("graph: a dense component is one component with a shortest cycle, quickly", "[graph][cycles]") {
  CorpusBuilder b;
  const int n = 300;  // a complete digraph on 300 vertices has more elementary cycles than atoms
  for (int i = 0; i < n; ++i) b.note("LIT-" + std::to_string(i), 2020);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) b.relate("LIT-" + std::to_string(i), "cites", "LIT-" + std::to_string(j));
  b.note("LIT-900", 2020);
  b.note("LIT-901", 2020);
  b.relate("LIT-900", "cites", "LIT-901").relate("LIT-901", "cites", "LIT-900");
  Corpus corpus = b.build();
  graph::Graph g(corpus);
  auto start = std::chrono::steady_clock::now();
  auto components = g.cyclic_components({"cites"});
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  REQUIRE(components.size() == 2);  // the unrelated two-cycle is never hidden behind the dense one
  CHECK(components[0].members.size() == n);
  CHECK(ids_of(g, components[0].cycle) == std::vector<std::string>{"LIT-0", "LIT-1"});
  CHECK(ids_of(g, components[1].cycle) == std::vector<std::string>{"LIT-900", "LIT-901"});
  CHECK(components[0].members == g.cyclic_components({"cites"})[0].members);  // deterministic
}

TEST_CASE("graph: layout is deterministic and inside the unit square", "[graph][layout]") {
  Corpus corpus = small_corpus();
  graph::Graph g(corpus);
  std::vector<std::size_t> all;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) all.push_back(v);
  auto first = g.layout(all);
  auto second = g.layout(all);
  REQUIRE(first.size() == all.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    CHECK(first[i].x == second[i].x);
    CHECK(first[i].y == second[i].y);
    CHECK((first[i].x >= 0 && first[i].x <= 1 && first[i].y >= 0 && first[i].y <= 1));
  }
  // The points are spread out, not stacked.
  CHECK(std::any_of(first.begin(), first.end(), [&](const graph::Point& p) { return p.x != first[0].x || p.y != first[0].y; }));

  auto one = g.layout({vertex(g, "LIT-1")});
  REQUIRE(one.size() == 1);
  CHECK((one[0].x == 0.5 && one[0].y == 0.5));
  auto repeated = g.layout({vertex(g, "LIT-1"), vertex(g, "LIT-2"), vertex(g, "LIT-1")});
  REQUIRE(repeated.size() == 3);
  CHECK((repeated[0].x == repeated[2].x && repeated[0].y == repeated[2].y));
}

TEST_CASE("graph: ids are ordered naturally, LIT-9 before LIT-10", "[graph][natural]") {
  // Bytewise, "LIT-10" < "LIT-9" and the cycle would start at LIT-10; the one natural order starts it
  // at LIT-9, and a capped neighborhood takes LIT-9's side first.
  CorpusBuilder b;
  for (const char* id : {"LIT-9", "LIT-10", "LIT-100", "NOTE-1"}) b.note(id, 2020);
  b.relate("LIT-10", "cites", "LIT-9").relate("LIT-9", "cites", "LIT-100").relate("LIT-100", "cites", "LIT-10");
  b.relate("NOTE-1", "paper", "LIT-100").relate("NOTE-1", "mentions", "LIT-10", 3).relate("NOTE-1", "mentions", "LIT-9", 4);
  Corpus corpus = b.build();
  graph::Graph g(corpus);
  auto cycles = g.cyclic_components({"cites"});
  REQUIRE(cycles.size() == 1);
  CHECK(ids_of(g, cycles[0].members) == std::vector<std::string>{"LIT-9", "LIT-10", "LIT-100"});
  CHECK(ids_of(g, cycles[0].cycle) == std::vector<std::string>{"LIT-9", "LIT-100", "LIT-10"});
  graph::Graph::NeighborhoodOptions o;
  o.expand = graph::Graph::NeighborhoodOptions::Expand::SparseFirst;
  std::vector<std::string> near;
  for (const graph::Graph::Reached& r : g.neighborhood(vertex(g, "NOTE-1"), o)) near.push_back(g.note(r.vertex).id);
  CHECK(near == std::vector<std::string>{"NOTE-1", "LIT-9", "LIT-10", "LIT-100"});
}
