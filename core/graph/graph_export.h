#pragma once
// The whole graph for other tools, written with Boost.Graph's own writers (core/graph/graph_export.cpp).
#include <ostream>

#include "core/graph/graph.h"

namespace anth::graph {

// GraphML for Gephi, yEd or a graph database's import: node attributes id, kind, title, year, status;
// edge attributes relation, file, line.
void write_graphml(const Graph& graph, std::ostream& out);
// Graphviz DOT: nodes labelled by id and title, coloured by kind; edges labelled by relation.
void write_dot(const Graph& graph, std::ostream& out);

}  // namespace anth::graph