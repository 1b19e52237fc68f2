#pragma once
// What the graph of a corpus says of each note (Graph::node_facts), for the tests that call Index::store.
#include <vector>

#include "core/graph/graph.h"

namespace anth::test {

inline std::vector<NodeFacts> graph_facts(const Corpus& corpus) { return graph::Graph(corpus).node_facts(); }

}  // namespace anth::test
