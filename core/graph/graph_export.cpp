// GraphML and DOT through Boost.Graph's own writers: the Graph's public view (notes and edges) is copied
// into an adjacency_list with bundled properties, and boost::dynamic_properties names the attributes.
#include "core/graph/graph_export.h"

#include <sstream>

// GCC 12 reports a false -Wmaybe-uninitialized inside Boost's edge iterator (an optional it fills lazily).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>
#pragma GCC diagnostic pop

namespace anth::graph {

namespace {

struct VertexData {
  std::string id, kind, title, status;
  int year = 0;  // 0 when the node has no year (docs/rules/README.md, "Terms the rules share"); GraphML then leaves the attribute out
  // DOT only.
  std::string label, fillcolor;
};

struct EdgeData {
  std::string relation, file;
  int line = 0;
};

using ExportGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, VertexData, EdgeData>;

// Text as a DOT string body: escape_dot_string adds the quotes and escapes '"' only, so backslashes are
// doubled here and control characters become spaces.
std::string dot_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
    else out += c;
  }
  return out;
}

// XML 1.0 forbids most control characters even as entities: they become spaces.
std::string xml_text(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') c = ' ';
  return out;
}

const char* kind_color(const std::string& kind) {
  if (kind == "LIT") return "#cfe2f3";
  if (kind == "NOTE") return "#d9ead3";
  if (kind == "SOTA") return "#fce5cd";
  if (kind == "THEORY") return "#ead1dc";
  if (kind == "TERM") return "#fff2cc";
  return "#eeeeee";
}

// Boost writes every attribute of every node; a node without a year (a NOTE, a TERM) must have no
// `year` rather than 0 (as JSON has null). Values are entity-encoded, so the line is unambiguous.
std::string without_unknown_years(const std::string& xml) {
  const std::string name = "attr.name=\"year\"";
  std::size_t at = xml.find(name);
  if (at == std::string::npos) return xml;
  std::size_t id_start = xml.rfind("<key id=\"", at) + 9;
  std::string key = xml.substr(id_start, xml.find('"', id_start) - id_start);
  const std::string unknown = "      <data key=\"" + key + "\">0</data>\n";
  std::string out;
  out.reserve(xml.size());
  for (std::size_t start = 0; start < xml.size();) {
    std::size_t hit = xml.find(unknown, start);
    if (hit == std::string::npos) hit = xml.size();
    out.append(xml, start, hit - start);
    start = hit + (hit < xml.size() ? unknown.size() : 0);
  }
  return out;
}

ExportGraph copy_graph(const Graph& graph) {
  ExportGraph g(graph.vertex_count());
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    const Note& n = graph.note(v);
    VertexData& d = g[v];
    d.id = n.id;
    d.kind = n.kind ? kind_name(*n.kind) : "";
    d.title = xml_text(n.title);
    d.status = n.status;
    d.year = graph.year(v).value_or(0);
    d.label = dot_text(n.id) + "\\n" + dot_text(n.title);
    d.fillcolor = kind_color(d.kind);
  }
  for (std::size_t v = 0; v < graph.vertex_count(); ++v)
    for (const Edge& e : graph.out_edges(v)) {
      EdgeData d{e.relation->kind, xml_text(e.relation->where.file), e.relation->where.line};
      boost::add_edge(e.from, e.to, d, g);
    }
  return g;
}

}  // namespace

void write_graphml(const Graph& graph, std::ostream& out) {
  ExportGraph g = copy_graph(graph);
  boost::dynamic_properties dp;
  dp.property("id", boost::get(&VertexData::id, g));
  dp.property("kind", boost::get(&VertexData::kind, g));
  dp.property("title", boost::get(&VertexData::title, g));
  dp.property("year", boost::get(&VertexData::year, g));
  dp.property("status", boost::get(&VertexData::status, g));
  dp.property("relation", boost::get(&EdgeData::relation, g));
  dp.property("file", boost::get(&EdgeData::file, g));
  dp.property("line", boost::get(&EdgeData::line, g));
  std::ostringstream xml;
  boost::write_graphml(xml, g, boost::get(boost::vertex_index, g), dp, true);
  out << without_unknown_years(xml.str());
}

void write_dot(const Graph& graph, std::ostream& out) {
  ExportGraph g = copy_graph(graph);
  boost::dynamic_properties dp;
  dp.property("node_id", boost::get(&VertexData::id, g));
  dp.property("label", boost::get(&VertexData::label, g));
  dp.property("fillcolor", boost::get(&VertexData::fillcolor, g));
  dp.property("style", boost::make_constant_property<ExportGraph::vertex_descriptor>(std::string("filled")));
  dp.property("label", boost::get(&EdgeData::relation, g));
  dp.property("rankdir", boost::make_constant_property<ExportGraph*>(std::string("LR")));
  boost::write_graphviz_dp(out, g, dp, "node_id");
}

}  // namespace anth::graph