// `anthology export --format turtle`: the triples of linked_data.h in Turtle 1.1, one block per subject.
#include <cstdio>

#include "render/exchange/linked_data.h"
#include "render/exchange/rdf_terms.h"

namespace anth::render::exchange {

namespace {

std::string turtle_iri(const std::string& iri) {
  if (iri == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type") return "a";
  if (auto short_name = compact_iri(iri)) return *short_name;
  return "<" + iri + ">";  // the graph's IRIs are %-encoded where IRIREF forbids a character
}

// A string literal: quotes, backslashes and line breaks escaped, other controls as \uXXXX; UTF-8 as is.
std::string turtle_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04X", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += code;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string turtle_object(const RdfObject& o) {
  switch (o.type) {
    case RdfObject::Type::Iri: return turtle_iri(o.text);
    case RdfObject::Type::List: {
      std::string out = "(";
      for (const std::string& item : o.items) out += " " + turtle_string(item);
      return out + " )";
    }
    case RdfObject::Type::Literal: break;
  }
  return turtle_string(o.text) + (o.datatype.empty() ? "" : "^^" + turtle_iri(o.datatype));
}

}  // namespace

void write_turtle(const graph::Graph& graph, std::ostream& out) {
  for (const RdfPrefix& p : rdf_prefixes()) out << "@prefix " << p.name << ": <" << p.iri << "> .\n";
  const std::string* subject = nullptr;
  for (const Triple& t : graph_triples(graph)) {
    if (!subject || *subject != t.subject) {
      if (subject) out << " .\n";
      out << "\n" << turtle_iri(t.subject) << "\n    ";
    } else {
      out << " ;\n    ";
    }
    subject = &t.subject;
    out << turtle_iri(t.predicate) << " " << turtle_object(t.object);
  }
  if (subject) out << " .\n";
}

}  // namespace anth::render::exchange
