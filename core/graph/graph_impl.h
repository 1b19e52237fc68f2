#pragma once
// Private to core/graph: the Boost.Graph adjacency list behind anth::Graph, shared by graph.cpp and the
// algorithm files (graph_paths.cpp, graph_cycles.cpp, graph_layout.cpp). Nothing outside core/graph
// includes this header.
#include <boost/graph/adjacency_list.hpp>
#include <cstdint>
#include <functional>
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
  // Each edge's kind as a number and whether it is a property's (parallel to edges): a query by kind
  // compares numbers rather than reading every edge's relation (a cache miss each, at 10,000 notes the
  // most of what the rules cost).
  struct KindHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::uint32_t, KindHash, std::equal_to<>> kind_codes;
  std::vector<std::uint32_t> edge_kind;
  std::vector<char> edge_property;

  // What an edge must be to answer a query for `kind` (edge_of_kind, graph.h).
  struct KindQuery {
    std::uint32_t code = static_cast<std::uint32_t>(-1);  // none: no edge has the kind
    bool property_too = false;
  };
  KindQuery query(std::string_view kind) const;
  bool answers(std::size_t slot, const KindQuery& q) const {
    return edge_kind[slot] == q.code && (!edge_property[slot] || q.property_too);
  }
  // Records the kind of the edge at `slot` (edges[slot].relation set).
  void classify(std::size_t slot);

  const Note& note(std::size_t v) const { return corpus.notes[note_of[v]]; }
  std::size_t size() const { return note_of.size(); }

  // Calls f(const Edge&) for each edge leaving / entering v (all kinds when `kinds` is empty).
  template <class F>
  void for_out(std::size_t v, const std::vector<std::string>& kinds, F&& f) const {
    std::vector<KindQuery> qs = queries(kinds);
    for (auto [it, end] = boost::out_edges(v, g); it != end; ++it)
      if (std::size_t slot = g[*it].index; answers_any(slot, kinds, qs)) f(edges[slot]);
  }
  template <class F>
  void for_in(std::size_t v, const std::vector<std::string>& kinds, F&& f) const {
    std::vector<KindQuery> qs = queries(kinds);
    for (auto [it, end] = boost::in_edges(v, g); it != end; ++it)
      if (std::size_t slot = g[*it].index; answers_any(slot, kinds, qs)) f(edges[slot]);
  }
  std::vector<KindQuery> queries(const std::vector<std::string>& kinds) const {
    std::vector<KindQuery> qs;
    for (const std::string& k : kinds) qs.push_back(query(k));
    return qs;
  }
  bool answers_any(std::size_t slot, const std::vector<std::string>& kinds, const std::vector<KindQuery>& qs) const {
    if (kinds.empty()) return true;
    for (const KindQuery& q : qs)
      if (answers(slot, q)) return true;
    return false;
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