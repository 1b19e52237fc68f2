#pragma once
// `anthology export --format turtle | jsonld`: the whole graph as RDF (docs/linked-data.md). Papers are
// schema.org ScholarlyArticles; practices, theories, readings and terms are nodes of the anthology:
// vocabulary; every relation is its exact anthology: property and its CiTO property. Both writers
// serialise the same triples, so the two formats say the same thing.
#include <ostream>
#include <string>
#include <vector>

#include "core/graph/graph.h"

namespace anth::render::exchange {

struct RdfObject {
  enum class Type { Iri, Literal, List } type = Type::Literal;
  std::string text;                 // the IRI, or the literal's lexical form
  std::string datatype;             // a literal's datatype IRI; empty for a plain string
  std::vector<std::string> items;   // List: plain string literals, in order
};

struct Triple {
  std::string subject;  // full IRIs
  std::string predicate;
  RdfObject object;
};

struct RdfPrefix {
  const char* name;
  const char* iri;
};
// The prefixes both writers declare: anthology, node, schema, cito, rdf, rdfs, xsd.
const std::vector<RdfPrefix>& rdf_prefixes();

// The vocabulary's declarations, then every node's triples in natural id order, each node's relations
// in file order; no triple twice.
std::vector<Triple> graph_triples(const graph::Graph& graph);

void write_turtle(const graph::Graph& graph, std::ostream& out);
void write_jsonld(const graph::Graph& graph, std::ostream& out);

}  // namespace anth::render::exchange
