#pragma once
// Everything `anthology show` tells about one node, from the graph around it loaded from the index
// (graph_of_node, core/query/index_corpus.h; no note is read again): its properties as the one builder
// makes them (core/query/node_properties.h), its relations both ways as written, its kernel's last
// result and the lint findings in its file.
#include <optional>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/query/node_properties.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// One end of a relation, seen from the node shown: outgoing (node -> other) or incoming (other -> node).
struct RelationEnd {
  std::string relation;  // "source", "mentions", ...
  std::string written;   // the target as written (outgoing); the source id (incoming)
  bool resolved = true;  // false when the target names no note (outgoing only)
  NodeRef other;         // the other end (id empty when unresolved)
  std::string file;      // where the relation is written
  int line = 1;
  int column = 1;
  std::string origin;    // frontmatter, inline, body
};

// A diagnostic as the index keeps it.
struct StoredFinding {
  std::string rule, name, severity, file;
  int line = 1;
  int column = 1;
  std::string message;
  std::string related_json;  // [{"file","line","col","message"}]
};

struct NodeDetails {
  NodeProperties properties;
  std::vector<RelationEnd> outgoing;  // in the order written
  std::vector<RelationEnd> incoming;  // by relation, then source id
  std::optional<index::StoredKernelResult> kernel_result;
  std::vector<StoredFinding> findings;  // in the node's file, by line, column, rule
};

// The node with this id (in the graph or kept out of it), or nullopt when the index has none.
util::Expected<std::optional<NodeDetails>> load_node_details(sqlite3* db, const std::string& id);

// The findings the index keeps for a file (show, origin).
util::Expected<std::vector<StoredFinding>> load_findings(sqlite3* db, const std::string& file);

// Whether the index has a node of this id, in the graph or kept out of it.
util::Expected<bool> has_node(sqlite3* db, const std::string& id);

}  // namespace anth::query
