// The graph and its rules at scale, on notes written to disk and loaded by ingest: one node with 5000
// relations, and a citation cycle 5000 papers long (iterative walks, no recursion).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>

#include "core/graph/graph.h"
#include "core/rules/rule.h"
#include "ingest/load_corpus.h"
#include "tests/support/test_support.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;
using namespace anth::test;

namespace {

std::string lit_note(int i, int n) {
  // LIT-i cites LIT-(i+1), the last cites LIT-0: one cycle through every paper.
  return "---\nid: LIT-" + std::to_string(i) + "\ntitle: Paper " + std::to_string(i) +
         "\nauthors: [Author]\nyear: 2020\ncites: [LIT-" + std::to_string((i + 1) % n) + "]\n---\n";
}

}  // namespace

TEST_CASE("graph: a node with 5000 relations and a 5000-paper citation cycle", "[graph][scale]") {
  const int n = 5000;
  TempDir dir;
  std::string sources;
  for (int i = 0; i < n; ++i) {
    dir.write("lit/LIT-" + std::to_string(i) + ".md", lit_note(i, n));
    sources += (i ? ", LIT-" : "LIT-") + std::to_string(i * 2749 % n);  // every paper, not in id order
  }
  dir.write("sota/SOTA-1.md", "---\nid: SOTA-1\ntitle: Do everything\nstatus: adopted\nintroduced_by: LIT-0\nsource: [" +
                                  sources + "]\n---\n");
  auto loaded = ingest::load_corpus(ingest::LoadOptions{dir.path()}, nullptr);
  REQUIRE(loaded.has_value());
  const Corpus& corpus = loaded->corpus;
  REQUIRE(corpus.diagnostics.empty());

  auto start = std::chrono::steady_clock::now();
  graph::Graph g(corpus);
  CHECK(g.vertex_count() == n + 1);
  CHECK(g.edge_count() == 2 * n + 1);
  std::size_t sota = *g.vertex("SOTA-1");
  CHECK(g.out_edges(sota, "source").size() == n);
  CHECK(g.neighborhood(sota, {.depth = 1}).size() == n + 1);
  CHECK(g.neighborhood(*g.vertex("LIT-0"), {.depth = static_cast<int>(n)}).size() == n + 1);
  // Under a cap, sparse first (the site's drawings), the walk is the uncapped one cut short: the hub's
  // 5000 neighbours are only partly put in id order, never in another order.
  using Expand = graph::Graph::NeighborhoodOptions::Expand;
  for (std::size_t start : {sota, *g.vertex("LIT-7")}) {
    auto whole = g.neighborhood(start, {.depth = 2, .expand = Expand::SparseFirst});
    for (std::size_t cap : {1, 2, 3, 24, 100, 4999}) {
      auto capped = g.neighborhood(start, {.depth = 2, .cap = cap, .expand = Expand::SparseFirst});
      REQUIRE(capped.size() == std::min(cap, whole.size()));
      for (std::size_t i = 0; i < capped.size(); ++i) CHECK(capped[i].vertex == whole[i].vertex);
    }
  }

  // Along the cycle, LIT-1 to LIT-4999 is one step backwards, or one hop through SOTA-1 either way.
  CHECK(g.shortest_path(*g.vertex("LIT-1"), *g.vertex("LIT-4999")).size() == 2);
  CHECK(g.shortest_path(*g.vertex("LIT-1"), *g.vertex("LIT-4999"), {"cites"}).size() == 2);
  CHECK(g.shortest_path(*g.vertex("LIT-1"), *g.vertex("LIT-2500"), {"cites"}).size() == 2499);

  auto cycles = g.cyclic_components({"cites"});
  REQUIRE(cycles.size() == 1);
  CHECK(cycles[0].cycle.size() == n);
  CHECK(g.note(cycles[0].cycle[0]).id == "LIT-0");

  std::vector<Diagnostic> found = rules::check_graph(corpus, g);
  CHECK(std::count_if(found.begin(), found.end(), [](const Diagnostic& d) { return d.rule == "P006"; }) == 1);
  auto points = g.layout({sota, *g.vertex("LIT-0"), *g.vertex("LIT-1")});
  CHECK(points.size() == 3);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(60));
}
