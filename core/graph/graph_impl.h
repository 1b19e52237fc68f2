#pragma once
// Private to core/graph: the Boost.Graph adjacency list behind anth::Graph, shared by graph.cpp and the
// algorithm files (graph_paths.cpp, graph_cycles.cpp, graph_layout.cpp). Nothing outside core/graph
// includes this header.
#include <boost/graph/adjacency_list.hpp>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/graph/graph.h"

namespace anth::graph {

// The bundled property of a Boost edge: its position in Graph::Impl::edges.
struct EdgeSlot {
  std::size_t index = 0;
};

using BoostGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, boost::no_property, EdgeSlot>;

struct Graph::Impl {
  explicit Impl(const Corpus& c) : corpus(c) {}

  const Corpus& corpus;
  std::vector<std::size_t> note_of;                        // vertex -> index into corpus.notes
  std::unordered_map<std::string, std::size_t> vertex_of;  // id -> vertex
  std::vector<std::size_t> id_rank;                        // vertex -> its rank in the natural order of ids
  std::vector<Edge> edges;                                 // every edge, grouped by source vertex, in file order
  BoostGraph g;

  const Note& note(std::size_t v) const { return corpus.notes[note_of[v]]; }
  std::size_t size() const { return note_of.size(); }

  // Calls f(const Edge&) for each edge leaving / entering v (all kinds when `kinds` is empty).
  template <class F>
  void for_out(std::size_t v, const std::vector<std::string>& kinds, F&& f) const {
    for (auto [it, end] = boost::out_edges(v, g); it != end; ++it) {
      const Edge& e = edges[g[*it].index];
      if (matches(e, kinds)) f(e);
    }
  }
  template <class F>
  void for_in(std::size_t v, const std::vector<std::string>& kinds, F&& f) const {
    for (auto [it, end] = boost::in_edges(v, g); it != end; ++it) {
      const Edge& e = edges[g[*it].index];
      if (matches(e, kinds)) f(e);
    }
  }

  // Asked for "source", a page's or a LIT's own `source: "[[X]]"` is not the schema's relation
  // (edge_of_kind, graph.h).
  static bool matches(const Edge& e, const std::vector<std::string>& kinds) {
    if (kinds.empty()) return true;
    for (const std::string& k : kinds)
      if (edge_of_kind(e, k)) return true;
    return false;
  }
};

}  // namespace anth::graph