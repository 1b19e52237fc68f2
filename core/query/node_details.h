#pragma once
// Everything `anthology show` tells about one node, read from the index with a few indexed lookups
// (no note is read again): its columns, every field as written, its relations both ways with the
// other end's title, its readings, its kernel's last result and the lint findings in its file.
#include <optional>
#include <string>
#include <vector>

#include "core/index/index.h"
#include "core/util/expected.h"

struct sqlite3;

namespace anth::query {

// Another node as a relation or a list names it.
struct NodeRef {
  std::string id;
  std::string kind;    // "" when unknown
  std::string title;
  std::string status;
  std::optional<int> year;  // the "year of" the node (docs/rules/README.md)
};

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

// A field value as written (the `fields` table).
struct FieldEntry {
  std::string key;
  std::optional<std::string> item;   // a map entry's key
  std::optional<std::string> value;  // null for an empty field
  int line = 1;
  int column = 1;
  std::string origin;
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
  NodeRef node;
  std::string path;
  bool in_graph = true;
  std::vector<std::string> authors, tags, aliases;
  std::string arxiv, doi, venue, url, kernel, short_definition, plain, promote_when;
  std::optional<int> version;
  std::optional<int> own_year;  // the `year` field itself (LIT)
  std::vector<FieldEntry> fields;
  std::vector<RelationEnd> outgoing;  // in file order
  std::vector<RelationEnd> incoming;  // by relation, then source id
  std::vector<NodeRef> readings;      // the NOTEs whose paper is this node
  std::optional<StoredKernelResult> kernel_result;
  std::vector<StoredFinding> findings;  // in the node's file, by line, column, rule
};

// The node with this id (in the graph or kept out of it), or nullopt when the index has none.
Expected<std::optional<NodeDetails>> load_node_details(sqlite3* db, const std::string& id);

// Short lookups shared with `origin`: one node's reference, the NOTEs reading a paper, the findings
// in a file.
Expected<std::optional<NodeRef>> load_node_ref(sqlite3* db, const std::string& id);
Expected<std::vector<NodeRef>> load_readings(sqlite3* db, const std::string& paper);
Expected<std::vector<StoredFinding>> load_findings(sqlite3* db, const std::string& file);
Expected<std::vector<std::string>> load_authors(sqlite3* db, const std::string& id);
Expected<std::string> load_node_path(sqlite3* db, const std::string& id);

}  // namespace anth::query
