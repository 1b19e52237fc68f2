#pragma once
// `anthology export --format json`: the whole graph as one JSON object for scripts and other tools:
// {"version": 1, "nodes": [{id, kind, title, year, status, path, tags}], "edges": [{source, target,
// relation, file, line, column}]}, nodes in id order, edges by source then file order.
#include <ostream>

#include "core/graph/graph.h"

namespace anth::render::query {

void write_graph_json(const graph::Graph& graph, std::ostream& out);

}  // namespace anth::render::query
