#pragma once
// The relations leaving each vertex, read from the Graph once for the drawings: every page draws its
// neighborhood and keys its layout by the edges among two dozen nodes, and Graph::out_edges copies
// a vertex's edges on each call.
#include <cstdint>
#include <span>
#include <vector>

#include "core/graph/graph.h"
#include "render/site/edge_kinds.h"

namespace anth::render::site {

struct OutEdge {
  std::uint32_t to;  // vertex
  bool mention;      // a body wikilink rather than a typed relation
  EdgeKind kind;     // the relation's kind (edge_kinds.h), which the drawings style
};

class Adjacency {
 public:
  explicit Adjacency(const graph::Graph& graph);
  // The edges leaving v, in Graph::out_edges order.
  std::span<const OutEdge> out(std::size_t v) const {
    return {edges_.data() + start_[v], edges_.data() + start_[v + 1]};
  }

 private:
  std::vector<std::uint32_t> start_;  // v's edges are edges_[start_[v], start_[v + 1])
  std::vector<OutEdge> edges_;
};

}  // namespace anth::render::site
