#pragma once
// `anthology path` and `anthology neighbors`: walks over the graph as text, JSON or a result table.
#include <string>
#include <vector>

#include "core/query/graph_walk.h"
#include "core/query/result_table.h"

namespace anth::render::query {

// "SOTA-192 -source->" when the relation points from the parent to the node, "SOTA-192 <-paper-" when
// it points from the node to the parent; empty for the start.
std::string via_text(const anth::query::Hop& hop);

// The start, then one line per step: "  -[source]-> LIT-088 — Title" or "  <-[paper]- NOTE-058 — Title".
std::string path_text(const std::vector<anth::query::Hop>& hops);
std::string path_json(const std::vector<anth::query::Hop>& hops, const std::vector<std::string>& via);

// Columns depth, id, kind, via, title: for the table, CSV and ids formats.
anth::query::ResultTable neighbors_table(const std::vector<anth::query::Hop>& hops);
std::string neighbors_json(const std::vector<anth::query::Hop>& hops, int depth, const std::vector<std::string>& relations);

}  // namespace anth::render::query
