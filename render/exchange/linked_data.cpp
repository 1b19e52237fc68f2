// The graph as triples (linked_data.h); the mapping is documented in docs/linked-data.md.
#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>

#include "core/util/natural_order.h"
#include "render/exchange/linked_data.h"

namespace anth::render::exchange {

namespace {

constexpr const char* vocab = "https://anthology.invalid/vocab#";
constexpr const char* node_base = "https://anthology.invalid/node/";
constexpr const char* schema = "https://schema.org/";
constexpr const char* cito = "http://purl.org/spar/cito/";
constexpr const char* rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
constexpr const char* rdfs = "http://www.w3.org/2000/01/rdf-schema#";
constexpr const char* xsd = "http://www.w3.org/2001/XMLSchema#";

// One relation of the notes: its exact anthology: property, the CiTO property it is written as in the
// same direction, and the CiTO property written from the target back (empty when none).
struct RelationMapping {
  const char* relation;
  const char* property;
  const char* cito_forward;
  const char* cito_inverse;
};
constexpr RelationMapping relation_mappings[] = {
    {"source", "source", "citesAsSourceDocument", ""},
    {"introduced_by", "introducedBy", "credits", ""},
    {"contested_by", "contestedBy", "isDisputedBy", "disputes"},
    {"compared_against", "comparedAgainst", "citesForInformation", ""},
    {"cites", "cites", "cites", ""},
    {"supersedes", "supersedes", "updates", ""},
    {"paper", "paper", "reviews", ""},
    {"read_as", "readAs", "isReviewedBy", ""},
    {"related", "related", "citesAsRelated", ""},
    {"origin", "origin", "credits", ""},
    {"declines_origin_of", "declinesOriginOf", "", ""},
    {"mentions", "mentions", "linksTo", ""},
};

struct ClassMapping {
  Kind kind;
  const char* iri_local;  // in the anthology: vocabulary, except for papers
  const char* label;
};
constexpr ClassMapping class_mappings[] = {
    {Kind::Sota, "Practice", "a practice: something to do when building or training models"},
    {Kind::Theory, "Theory", "a statement, proved or claimed"},
    {Kind::Note, "Reading", "one careful reading of one paper"},
    {Kind::Term, "Term", "an entry of the glossary"},
};

std::string v(const char* local) { return std::string(vocab) + local; }
std::string iri_safe(std::string_view text);
std::string node_iri(const std::string& id) { return node_base + iri_safe(id); }
RdfObject iri(std::string text) { return {RdfObject::Type::Iri, std::move(text), {}, {}}; }
RdfObject literal(std::string text, std::string datatype = {}) {
  return {RdfObject::Type::Literal, std::move(text), std::move(datatype), {}};
}

struct Triples {
  std::vector<Triple> list;
  std::set<std::tuple<std::string, std::string, std::string, std::string>> seen;
  void add(const std::string& s, const std::string& p, RdfObject o) {
    if (o.type != RdfObject::Type::List && o.text.empty()) return;
    if (!seen.emplace(s, p, o.text, o.datatype).second && o.type != RdfObject::Type::List) return;
    list.push_back({s, p, std::move(o)});
  }
};

void add_vocabulary(Triples& t) {
  const std::string type = std::string(rdf) + "type", label = std::string(rdfs) + "label";
  for (const ClassMapping& c : class_mappings) {
    t.add(v(c.iri_local), type, iri(std::string(rdfs) + "Class"));
    t.add(v(c.iri_local), label, literal(c.label));
  }
  for (const RelationMapping& m : relation_mappings) {
    t.add(v(m.property), type, iri(std::string(rdf) + "Property"));
    t.add(v(m.property), label, literal(m.relation));
    if (*m.cito_forward) t.add(v(m.property), std::string(rdfs) + "subPropertyOf", iri(std::string(cito) + m.cito_forward));
  }
  for (const char* p : {"status", "venue"}) {
    t.add(v(p), type, iri(std::string(rdf) + "Property"));
    t.add(v(p), label, literal(p));
  }
}

// The characters an IRI may not hold as written (RFC 3987's excluded ones, and controls), %-encoded.
std::string iri_safe(std::string_view text) {
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || std::string_view("<>\"{}|^`\\").find(c) != std::string_view::npos) {
      static constexpr char hex[] = "0123456789ABCDEF";
      out += '%';
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

void add_paper(Triples& t, const std::string& s, const Note& n) {
  t.add(s, std::string(rdf) + "type", iri(std::string(schema) + "ScholarlyArticle"));
  if (!n.authors.empty()) t.add(s, std::string(schema) + "author", {RdfObject::Type::List, {}, {}, n.authors});
  if (n.year > 0) t.add(s, std::string(schema) + "datePublished", literal(std::to_string(n.year), std::string(xsd) + "gYear"));
  if (!n.doi.empty()) {
    t.add(s, std::string(schema) + "identifier", literal("doi:" + n.doi));
    t.add(s, std::string(schema) + "sameAs", iri("https://doi.org/" + iri_safe(n.doi)));
  }
  if (!n.arxiv.empty()) {
    t.add(s, std::string(schema) + "identifier", literal("arXiv:" + n.arxiv));
    t.add(s, std::string(schema) + "sameAs", iri("https://arxiv.org/abs/" + iri_safe(n.arxiv)));
  }
  if (n.url.starts_with("https://") || n.url.starts_with("http://")) t.add(s, std::string(schema) + "url", iri(iri_safe(n.url)));
  t.add(s, v("venue"), literal(n.venue));
}

void add_node(Triples& t, const graph::Graph& graph, std::size_t vertex) {
  const Note& n = graph.note(vertex);
  const std::string s = node_iri(n.id);
  if (n.kind == Kind::Lit) add_paper(t, s, n);
  for (const ClassMapping& c : class_mappings)
    if (n.kind == c.kind) t.add(s, std::string(rdf) + "type", iri(v(c.iri_local)));
  t.add(s, std::string(schema) + "name", literal(n.title));
  t.add(s, std::string(schema) + "identifier", literal(n.id));
  t.add(s, v("status"), literal(n.status));
  for (const std::string& tag : n.tags) t.add(s, std::string(schema) + "keywords", literal(tag));
  for (const graph::Edge& e : graph.out_edges(vertex)) {
    if (graph::is_property_edge(e)) continue;  // a property's own key ("related" on a page) is not the schema's relation
    const std::string o = node_iri(graph.note(e.to).id);
    for (const RelationMapping& m : relation_mappings) {
      if (e.relation->kind != m.relation) continue;
      t.add(s, v(m.property), iri(o));
      if (*m.cito_forward) t.add(s, std::string(cito) + m.cito_forward, iri(o));
      if (*m.cito_inverse) t.add(o, std::string(cito) + m.cito_inverse, iri(s));
    }
  }
}

}  // namespace

const std::vector<RdfPrefix>& rdf_prefixes() {
  static const std::vector<RdfPrefix> prefixes{{"anthology", vocab}, {"node", node_base}, {"schema", schema},
                                               {"cito", cito},       {"rdf", rdf},        {"rdfs", rdfs},
                                               {"xsd", xsd}};
  return prefixes;
}

std::vector<Triple> graph_triples(const graph::Graph& graph) {
  Triples t;
  add_vocabulary(t);
  std::vector<std::size_t> order(graph.vertex_count());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return util::natural_less(graph.note(a).id, graph.note(b).id); });
  for (std::size_t vertex : order) add_node(t, graph, vertex);
  return std::move(t.list);
}

}  // namespace anth::render::exchange
