// Graph::layout's positions, to the last bit, on many random graphs: the site's drawings (and so every
// page's bytes) depend on them, and the layout's loops are written for speed. The digest was recorded
// from Boost's fruchterman_reingold_force_directed_layout called as it was before the hand-written
// all-pairs loop; any change to the order or the form of the arithmetic changes it.
#include <catch2/catch.hpp>

#include <bit>
#include <random>

#include "core/graph/graph.h"
#include "core/util/hasher.h"
#include "tests/graph/graph_test_corpus.h"

using namespace anth;
using test::CorpusBuilder;

namespace {

// n notes with about n * density random links (none when density is 0: isolated vertices are pushed
// into the square's corners, where they meet and Boost's jitter moves them).
Corpus random_corpus(std::mt19937& rng, int n, double density) {
  CorpusBuilder b;
  for (int i = 0; i < n; ++i) b.note("LIT-" + std::to_string(i), 2000);
  int links = static_cast<int>(n * density);
  for (int l = 0; l < links; ++l) {
    int from = static_cast<int>(rng() % n), to = static_cast<int>(rng() % n);
    b.relate("LIT-" + std::to_string(from), "cites", "LIT-" + std::to_string(to));
  }
  return b.build();
}

std::uint64_t digest_of_layouts(int graphs, int min_size, int max_size) {
  std::mt19937 rng(1234);
  util::Hasher h;
  for (int i = 0; i < graphs; ++i) {
    int n = min_size + i % (max_size - min_size + 1);
    double density = (i % 5) * 0.6;
    Corpus corpus = random_corpus(rng, n, density);
    graph::Graph g(corpus);
    // Every vertex, in a shuffled order with one repeated (a layout takes each once, in first-seen order).
    std::vector<std::size_t> vertices;
    for (std::size_t v = 0; v < g.vertex_count(); ++v) vertices.push_back(v);
    std::shuffle(vertices.begin(), vertices.end(), rng);
    vertices.push_back(vertices.front());
    for (const graph::Point& p : g.layout(vertices)) h.number(std::bit_cast<std::uint64_t>(p.x)).number(std::bit_cast<std::uint64_t>(p.y));
  }
  return h.digest();
}

}  // namespace

TEST_CASE("graph layout: the positions of small graphs are the same to the bit", "[graph][layout]") {
  CHECK(digest_of_layouts(600, 2, 64) == 0xb391d669366e7a10ull);
}

TEST_CASE("graph layout: the positions of graphs above the all-pairs limit are the same to the bit", "[graph][layout]") {
  CHECK(digest_of_layouts(12, 65, 140) == 0x5ff71c18aee37fa3ull);
}
