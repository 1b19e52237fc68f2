#include "render/query/graph_json.h"

#include <algorithm>
#include <numeric>

#include "core/util/natural_order.h"
#include "render/query/node_text.h"

namespace anth::render::query {

void write_graph_json(const graph::Graph& graph, std::ostream& out) {
  std::vector<std::size_t> order(graph.vertex_count());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return util::natural_compare(graph.note(a).id, graph.note(b).id) < 0;
  });
  ordered_json nodes = ordered_json::array(), edges = ordered_json::array();
  for (std::size_t v : order) {
    const Note& n = graph.note(v);
    auto year = graph.year(v);
    ordered_json node;
    node["id"] = n.id;
    node["kind"] = n.kind ? ordered_json(kind_name(*n.kind)) : ordered_json(nullptr);
    node["title"] = n.title;
    node["year"] = year ? ordered_json(*year) : ordered_json(nullptr);
    node["status"] = n.status.empty() ? ordered_json(nullptr) : ordered_json(n.status);
    node["path"] = n.path;
    node["tags"] = n.tags;
    nodes.push_back(std::move(node));
    for (const graph::Edge& e : graph.out_edges(v)) {
      ordered_json edge;
      edge["source"] = n.id;
      edge["target"] = graph.note(e.to).id;
      edge["relation"] = e.relation->kind;
      edge["file"] = e.relation->where.file;
      edge["line"] = e.relation->where.line;
      edge["column"] = e.relation->where.column;
      edges.push_back(std::move(edge));
    }
  }
  ordered_json j;
  j["version"] = 1;
  j["nodes"] = std::move(nodes);
  j["edges"] = std::move(edges);
  out << dump(j);
}

}  // namespace anth::render::query
