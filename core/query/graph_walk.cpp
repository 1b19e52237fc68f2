#include "core/query/graph_walk.h"

#include <algorithm>

#include "core/model/schema.h"
#include "core/query/query_db.h"
#include "core/query/query_words.h"
#include "core/util/natural_order.h"

namespace anth::query {

namespace {

Hop hop_over(const graph::Graph& graph, std::size_t from_vertex, std::size_t to_vertex, const Relation* relation, int depth) {
  Hop h;
  h.node = node_ref(graph, to_vertex);
  h.depth = depth;
  h.parent = graph.note(from_vertex).id;
  h.relation = relation->kind;
  h.forward = relation->from == h.parent;
  h.where = relation->where;
  return h;
}

}  // namespace

util::Expected<std::vector<std::string>> relation_list(const std::vector<std::string>& values) {
  std::vector<std::string> known(relation_kinds().begin(), relation_kinds().end());
  std::vector<std::string> out;
  for (const std::string& kind : comma_list(values)) {
    if (std::find(known.begin(), known.end(), kind) == known.end()) return util::failure(not_one_of("relation", kind, known));
    if (std::find(out.begin(), out.end(), kind) == out.end()) out.push_back(kind);
  }
  return out;
}

std::vector<Hop> path_hops(const graph::Graph& graph, std::size_t a, std::size_t b, const std::vector<std::string>& kinds) {
  std::vector<Hop> hops;
  Hop start;
  start.node = node_ref(graph, a);
  hops.push_back(start);
  if (a == b) return hops;
  std::vector<graph::Graph::Step> steps = graph.shortest_path(a, b, kinds);
  if (steps.empty()) return {};
  std::size_t current = a;
  int depth = 0;
  for (const graph::Graph::Step& step : steps) {
    std::size_t next = step.edge.from == current ? step.edge.to : step.edge.from;
    hops.push_back(hop_over(graph, current, next, step.edge.relation, ++depth));
    current = next;
  }
  return hops;
}

std::vector<Hop> neighbor_hops(const graph::Graph& graph, std::size_t v, int depth, const std::vector<std::string>& kinds) {
  graph::Graph::NeighborhoodOptions o;
  o.depth = depth;
  o.kinds = kinds;
  std::vector<Hop> hops;
  for (const graph::Graph::Reached& r : graph.neighborhood(v, o)) {
    if (!r.via) {
      hops.push_back({node_ref(graph, r.vertex)});
      continue;
    }
    std::size_t parent = r.forward ? r.via->from : r.via->to;
    hops.push_back(hop_over(graph, parent, r.vertex, r.via->relation, r.depth));
  }
  std::stable_sort(hops.begin() + 1, hops.end(), [](const Hop& x, const Hop& y) {
    if (x.depth != y.depth) return x.depth < y.depth;
    return util::natural_compare(x.node.id, y.node.id) < 0;
  });
  return hops;
}

}  // namespace anth::query
