#include "render/site/adjacency.h"

namespace anth::render::site {

Adjacency::Adjacency(const graph::Graph& graph) {
  std::size_t count = graph.vertex_count();
  start_.reserve(count + 1);
  edges_.reserve(graph.edge_count());
  for (std::size_t v = 0; v < count; ++v) {
    start_.push_back(static_cast<std::uint32_t>(edges_.size()));
    for (const graph::Edge& e : graph.out_edges(v))
      edges_.push_back({static_cast<std::uint32_t>(e.to), e.relation->kind == "mentions", edge_kind(e.relation->kind)});
  }
  start_.push_back(static_cast<std::uint32_t>(edges_.size()));
}

}  // namespace anth::render::site
