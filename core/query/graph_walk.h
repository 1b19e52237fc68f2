#pragma once
// Walks over the Graph for `path` and `neighbors`: each node reached with the relation that reached
// it, whichever way that relation points.
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/model/location.h"
#include "core/query/node_properties.h"
#include "core/util/expected.h"

namespace anth::query {

// One node of a walk, with the relation between it and the node it was reached from.
struct Hop {
  NodeRef node;
  int depth = 0;           // steps from the start
  std::string parent;      // the node it was reached from; empty for the start
  std::string relation;    // empty for the start
  bool forward = true;     // the relation points from parent to node (else from node to parent)
  Location where;          // where the relation is written
};

// The relation kinds of flag values ("source,cites", repeated flags add); a reason with the closest
// known kind when one is unknown.
util::Expected<std::vector<std::string>> relation_list(const std::vector<std::string>& values);

// The shortest chain from a to b following relations either way (only of `kinds` when given), start
// and end included; empty when there is none.
std::vector<Hop> path_hops(const graph::Graph& graph, std::size_t a, std::size_t b, const std::vector<std::string>& kinds);

// Every node within `depth` steps of v (v itself first), each reached by the first relation found in
// breadth-first order (outgoing before incoming, in file order); sorted by depth, then id.
std::vector<Hop> neighbor_hops(const graph::Graph& graph, std::size_t v, int depth, const std::vector<std::string>& kinds);

}  // namespace anth::query
