#pragma once
// The in-graph notes and their relations as the index holds them, enough to build a Graph
// (core/graph/graph.h) for path, neighbors and export without reading a note: ids, kinds, titles,
// statuses, years, tags, paths and every relation with its location. Bodies and fields stay in the index.
#include <memory>

#include "core/graph/graph.h"
#include "core/model/corpus.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

Expected<Corpus> corpus_from_index(sqlite3* db);

// The Graph of that corpus; the corpus lives as long as the graph.
struct IndexGraph {
  std::unique_ptr<Corpus> corpus;
  std::unique_ptr<Graph> graph;  // declared last: destroyed first
};
Expected<IndexGraph> graph_from_index(sqlite3* db);

}  // namespace anth::query
