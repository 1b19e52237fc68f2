// The quality of Graph::layout's drawings, measured rather than looked at: in a page-sized
// neighborhood and in a whole graph above the all-pairs limit, no two vertices sit on top of each other
// and linked vertices are drawn closer than unlinked ones. With Boost's default cooling (a temperature of
// 10 in a square of side 2, 100 steps) the whole graph failed: 50 stacked pairs among 400 vertices.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "core/graph/graph.h"
#include "tests/graph/graph_test_corpus.h"

using namespace anth;
using test::CorpusBuilder;

namespace {

// n LIT notes: LIT-0 cites hubs (the first `hub` others), every other note cites one earlier note and,
// every second time, one more at random.
Corpus shaped_corpus(int n, int hub) {
  CorpusBuilder b;
  for (int i = 0; i < n; ++i) b.note("LIT-" + std::to_string(i), 2000);
  std::mt19937 rng(7);
  for (int i = 1; i < n; ++i) {
    int to = i <= hub ? 0 : static_cast<int>(rng() % i);
    b.relate("LIT-" + std::to_string(i), "cites", "LIT-" + std::to_string(to));
    if (rng() % 2) {
      int other = static_cast<int>(rng() % n);
      if (other != i) b.relate("LIT-" + std::to_string(i), "cites", "LIT-" + std::to_string(other));
    }
  }
  return b.build();
}

struct Quality {
  std::size_t stacked = 0;  // pairs closer than a fifth of the ideal distance 1/sqrt(n)
  double linked = 0, unlinked = 0;  // mean distance of linked and of unlinked pairs
};

Quality measure(const graph::Graph& g, const std::vector<graph::Point>& p) {
  std::size_t n = p.size();
  double ideal = 1.0 / std::sqrt(static_cast<double>(n));
  Quality q;
  std::size_t links = 0, others = 0;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      double d = std::hypot(p[a].x - p[b].x, p[a].y - p[b].y);
      if (d < ideal / 5) ++q.stacked;
      bool linked = false;
      for (const Relation& r : g.note(a).relations) linked = linked || r.to == g.note(b).id;
      for (const Relation& r : g.note(b).relations) linked = linked || r.to == g.note(a).id;
      (linked ? q.linked : q.unlinked) += d;
      ++(linked ? links : others);
    }
  q.linked /= static_cast<double>(links);
  q.unlinked /= static_cast<double>(others);
  return q;
}

Quality measure_whole(int n, int hub) {
  Corpus corpus = shaped_corpus(n, hub);
  graph::Graph g(corpus);
  std::vector<std::size_t> all;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) all.push_back(v);
  return measure(g, g.layout(all));
}

}  // namespace

TEST_CASE("graph layout: a page-sized neighborhood is spread out, linked notes close", "[graph][layout]") {
  Quality q = measure_whole(24, 8);
  CHECK(q.stacked == 0);
  CHECK(q.linked < 0.75 * q.unlinked);
}

TEST_CASE("graph layout: a whole graph above the all-pairs limit is spread out too", "[graph][layout]") {
  Quality q = measure_whole(400, 0);
  CHECK(q.stacked <= 8);  // a few pairs at most
  CHECK(q.linked < 0.75 * q.unlinked);
}
