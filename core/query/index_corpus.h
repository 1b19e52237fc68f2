#pragma once
// The read model of the query commands: the in-graph notes and their relations as the index holds them
// (core/graph/graph.h), loaded without reading or re-parsing a note: ids, kinds, titles, statuses, years,
// tags, paths and every relation with its location (and, around one node, the authors). Every command
// that answers about nodes (show, origin, path, neighbors, export, query's filters) asks this Graph,
// whole or the part of it around one node. Bodies and fields as written stay in the index.
#include <memory>
#include <string>

#include "core/graph/graph.h"
#include "core/model/corpus.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// A Graph and the corpus it was built on; the corpus lives as long as the graph.
struct IndexGraph {
  std::unique_ptr<Corpus> corpus;
  std::unique_ptr<graph::Graph> graph;  // declared last: destroyed first
};

// The whole graph (path, neighbors, export, query).
util::Expected<IndexGraph> graph_from_index(sqlite3* db);

// The notes within `depth` relations of `id`, either way, with every relation they hold and their
// authors: a walk of up to `depth` steps from `id` sees on it what it would see on the whole graph,
// for a few indexed lookups instead of the whole index (show, origin). No vertex when `id` is no
// in-graph node.
util::Expected<IndexGraph> graph_around(sqlite3* db, const std::string& id, int depth);

// What `origin` needs around a practice (core/query/provenance.h): its neighbours either way, their
// targets, and the readings of its origin paper, with the relations of the practice, its neighbours and
// those readings. Narrower than graph_around(id, 2), which also loads every note citing a neighbour
// (a paper cited by a hundred notes brings them all and their relations).
util::Expected<IndexGraph> graph_for_provenance(sqlite3* db, const std::string& id);

// What `show` tells about one node (core/query/node_properties.h), for a few indexed lookups: the node
// with all the index holds of it (its columns, fields as written, tags, aliases, authors; kept out of
// the graph or not), the notes one relation away either way, and what their years need (a SOTA's
// introduced_by and a THEORY's sources). No note when the index has no node of that id.
util::Expected<IndexGraph> graph_of_node(sqlite3* db, const std::string& id);

}  // namespace anth::query
