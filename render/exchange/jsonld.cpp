// `anthology export --format jsonld`: the triples of linked_data.h as one JSON-LD document with an
// inline @context (prefixes only: nothing is fetched), one object per subject in @graph.
#include <nlohmann/json.hpp>

#include <map>

#include "render/exchange/linked_data.h"
#include "render/exchange/rdf_terms.h"

namespace anth::render::exchange {

namespace {

using ordered_json = nlohmann::ordered_json;

std::string short_iri(const std::string& iri) { return compact_iri(iri).value_or(iri); }

ordered_json jsonld_object(const RdfObject& o) {
  switch (o.type) {
    case RdfObject::Type::Iri: return {{"@id", short_iri(o.text)}};
    case RdfObject::Type::List: return {{"@list", o.items}};
    case RdfObject::Type::Literal: break;
  }
  if (o.datatype.empty()) return o.text;
  return {{"@value", o.text}, {"@type", short_iri(o.datatype)}};
}

}  // namespace

void write_jsonld(const graph::Graph& graph, std::ostream& out) {
  ordered_json context = ordered_json::object();
  for (const RdfPrefix& p : rdf_prefixes()) context[p.name] = p.iri;
  ordered_json nodes = ordered_json::array();
  std::map<std::string, std::size_t> position;  // subject -> its object in nodes
  for (const Triple& t : graph_triples(graph)) {
    auto [at, fresh] = position.emplace(t.subject, nodes.size());
    if (fresh) nodes.push_back({{"@id", short_iri(t.subject)}});
    ordered_json& node = nodes[at->second];
    if (t.predicate == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type") {
      node["@type"].push_back(short_iri(t.object.text));
      continue;
    }
    node[short_iri(t.predicate)].push_back(jsonld_object(t.object));
  }
  ordered_json doc;
  doc["@context"] = context;
  doc["@graph"] = nodes;
  out << doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
}

}  // namespace anth::render::exchange
