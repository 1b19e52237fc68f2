#pragma once
// The one place that builds a node's properties, for `anthology show` (render/query/show_report) and
// the node page's Properties table (render/site/pages_node): data only, labels and values with link
// targets as ids; each renderer words and formats them (text, JSON, HTML). What the table shows and what
// `show` lists are decided here too (Property::in_table, PropertyValue::in_table).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/graph.h"
#include "core/query/node_ref.h"

namespace anth::query {

struct PropertyValue {
  std::optional<std::string> item;  // a map entry's key (kernel_params)
  std::optional<std::string> text;  // as written; nullopt when written empty; for a relation, its target as written
  NodeRef target;                   // a relation's other end: its id, empty when the target names no note
  bool in_table = true;             // false for a relation of a node to itself (the page leaves it out)
};

struct Property {
  std::string key;    // the field's key, or the relation's kind ("introduced_by")
  std::string label;  // a field's label ("Promote when"); a relation is worded by each renderer from its key
  std::vector<PropertyValue> values;
  bool in_table = true;  // the node page's Properties table shows it
};

struct NodeProperties {
  NodeRef node;  // id, kind, title, status and the year of the node (Graph::year)
  std::string path;
  bool in_graph = true;
  std::vector<std::string> authors, tags, aliases;
  std::optional<int> own_year;  // the `year` field itself (LIT)
  std::string arxiv, doi, venue, url, kernel, short_definition, plain, promote_when;
  std::optional<int> version;  // LIT only

  // The fields as written but id, title and the relations: each key once, in first-written order
  // (`show`'s Properties).
  std::vector<Property> written;
  // The typed rows of the page's table: Status, Version, Tags, Promote when.
  std::vector<Property> typed;
  // Relations by kind in the schema's order; each other end once per kind: outgoing targets in the
  // order written, incoming sources in id order.
  std::vector<Property> outgoing;
  std::vector<Property> incoming;
  std::vector<NodeRef> readings;  // the NOTEs whose paper is this node, by id
};

// `note` is a note of the graph's corpus (kept out of the graph or not). The other ends of relations
// and the readings are ids only (what the page needs); describe_targets adds their kind, title, status
// and year (what `show` prints).
// For the page's table, the relation groups it does not show (mentions, read_as: shown elsewhere on the
// page) are left out rather than listed value by value: a note's mentions can be millions.
enum class PropertiesFor { show, table };
NodeProperties node_properties(const graph::Graph& graph, const Note& note, PropertiesFor use = PropertiesFor::show);
void describe_targets(const graph::Graph& graph, NodeProperties& properties);

// A node as lists name it, with its year (Graph::year); a note kept out of the graph has no relations:
// a LIT's own year, else none.
NodeRef node_ref(const graph::Graph& graph, std::size_t v);
NodeRef note_ref(const graph::Graph& graph, const Note& note);

}  // namespace anth::query
