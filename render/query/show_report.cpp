#include "render/query/show_report.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "core/graph/link_path.h"
#include "core/model/schema.h"
#include "core/util/terminal_text.h"
#include "render/query/node_text.h"

namespace anth::render::query {

using anth::query::NodeDetails;
using anth::query::NodeProperties;
using anth::query::Property;
using anth::query::PropertyValue;
using anth::query::RelationEnd;
using anth::query::StoredFinding;

namespace {

std::string property_text(const Property& p) {
  std::string out;
  for (const PropertyValue& v : p.values) {
    if (!out.empty()) out += ", ";
    if (v.item) out += *v.item + "=";
    out += v.text ? *v.text : "(empty)";  // escaped by show_text with the rest of the line
  }
  return out;
}

ordered_json scalar_json(const std::optional<std::string>& value, bool numeric) {
  if (!value) return nullptr;
  if (numeric) {
    double d = 0;
    auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), d);
    if (ec == std::errc() && end == value->data() + value->size()) {
      long long i = static_cast<long long>(d);
      if (static_cast<double>(i) == d) return i;
      return d;
    }
  }
  return *value;
}

ordered_json property_json(const NodeProperties& d, const Property& p) {
  auto kind = parse_kind(d.node.kind);
  const FieldSpec* spec = kind ? find_field(*kind, p.key) : nullptr;
  FieldType type = spec ? spec->type : FieldType::String;
  const auto& values = p.values;
  bool map = type == FieldType::NumberMap || std::any_of(values.begin(), values.end(), [](const auto& v) { return v.item.has_value(); });
  if (map) {
    ordered_json j = ordered_json::object();
    for (const PropertyValue& v : values)
      if (v.item) j[*v.item] = scalar_json(v.text, true);
    return j;
  }
  bool list = type == FieldType::StringList || type == FieldType::SlugList || type == FieldType::RuleList ||
              values.size() > 1;
  bool numeric = type == FieldType::Integer;
  if (!list) return scalar_json(values.front().text, numeric);
  ordered_json j = ordered_json::array();
  for (const PropertyValue& v : values)
    if (v.text) j.push_back(scalar_json(v.text, numeric));
  return j;
}

// One relation's other end: "LIT-640 — Title", or the target as written when it names no note.
std::string end_text(const PropertyValue& v) {
  if (v.target.id.empty()) return util::escape_for_terminal(v.text.value_or("")) + " — (no such note)";
  return ref_text(v.target);
}

std::string relation_lines(const std::vector<Property>& groups, std::string (*heading)(std::string_view)) {
  std::string out;
  for (const Property& p : groups) {
    out += "  " + heading(p.key) + "\n";
    for (const PropertyValue& v : p.values) out += "    " + end_text(v) + "\n";
  }
  return out;
}

// A body link to a file that is no note but an attachment by its extension (photo.png, paper.pdf)
// makes no edge (docs/format.md, "Attachments"); show lists it apart, not as a mention of no note.
bool is_attachment(const RelationEnd& e) { return !e.resolved && graph::names_attachment(e.written); }

// The relations with the attachments taken out of the mentions.
std::vector<Property> note_relations(const std::vector<Property>& groups) {
  std::vector<Property> out;
  for (const Property& p : groups) {
    Property kept = p;
    std::erase_if(kept.values, [&](const PropertyValue& v) {
      return p.key == "mentions" && v.target.id.empty() && graph::names_attachment(v.text.value_or(""));
    });
    if (!kept.values.empty()) out.push_back(std::move(kept));
  }
  return out;
}

// Each attachment once, as written, "not in the vault" where lint found it missing (an R002 where one
// of its links is written).
std::string attachment_lines(const NodeDetails& d) {
  std::vector<std::string> listed;
  std::set<std::string> missing;
  for (const RelationEnd& e : d.outgoing) {
    if (!is_attachment(e)) continue;
    if (std::find(listed.begin(), listed.end(), e.written) == listed.end()) listed.push_back(e.written);
    for (const StoredFinding& f : d.findings)
      if (f.rule == "R002" && f.file == e.file && f.line == e.line && f.column == e.column) missing.insert(e.written);
  }
  std::string out;
  for (const std::string& written : listed)
    out += "  " + util::escape_for_terminal(written) + (missing.count(written) ? " — not in the vault" : "") + "\n";
  return out;
}

std::string kernel_text(const NodeDetails& d) {
  const NodeProperties& p = d.properties;
  std::string out;
  std::string name = !p.kernel.empty() ? p.kernel : d.kernel_result->kernel;
  if (!d.kernel_result) return "  " + name + " — not checked yet (anthology kernels check " + p.node.id + ")\n";
  const index::StoredKernelResult& k = *d.kernel_result;
  out += "  " + name + " — " + (k.pass ? "passed" : "failed");
  if (!k.checked_at.empty()) out += ", checked " + k.checked_at;
  if (!k.compiler.empty()) out += " with " + k.compiler;
  out += "\n";
  if (!k.error.empty()) out += "    " + util::escape_for_terminal(k.error) + "\n";
  auto claims = ordered_json::parse(k.claims_json, nullptr, false);
  if (claims.is_array())
    for (const auto& c : claims) {
      if (!c.is_object()) continue;
      out += std::string("    ") + (c.value("pass", false) ? "pass  " : "FAIL  ") + c.value("claim", std::string());
      if (c.contains("measured")) out += " (measured " + c["measured"].dump();
      if (c.contains("bound")) out += std::string(c.contains("measured") ? ", " : " (") + "bound " + c["bound"].dump();
      if (c.contains("measured") || c.contains("bound")) out += ")";
      out += "\n";
    }
  return out;
}

ordered_json kernel_json(const NodeDetails& d) {
  const NodeProperties& p = d.properties;
  if (p.kernel.empty() && !d.kernel_result) return nullptr;
  ordered_json k;
  k["name"] = !p.kernel.empty() ? p.kernel : d.kernel_result->kernel;
  if (!d.kernel_result) {
    k["last_result"] = nullptr;
    return k;
  }
  const index::StoredKernelResult& r = *d.kernel_result;
  auto claims = ordered_json::parse(r.claims_json, nullptr, false);
  k["last_result"] = {{"kernel", r.kernel},
                      {"pass", r.pass},
                      {"checked_at", r.checked_at},
                      {"compiler", r.compiler},
                      {"error", r.error.empty() ? ordered_json(nullptr) : ordered_json(r.error)},
                      {"claims", claims.is_discarded() ? ordered_json::array() : claims}};
  return k;
}

ordered_json end_json(const RelationEnd& e, bool outgoing) {
  ordered_json r;
  r["relation"] = e.relation;
  r["id"] = e.resolved ? ordered_json(e.other.id) : ordered_json(nullptr);
  if (outgoing) r["written"] = e.written;
  if (outgoing) r["attachment"] = is_attachment(e);
  r["kind"] = e.other.kind.empty() ? ordered_json(nullptr) : ordered_json(e.other.kind);
  r["title"] = e.other.title.empty() ? ordered_json(nullptr) : ordered_json(e.other.title);
  r["file"] = e.file;
  r["line"] = e.line;
  r["column"] = e.column;
  r["origin"] = e.origin;
  return r;
}

std::string written_lines(const std::vector<Property>& written) {
  std::size_t width = 0;
  for (const Property& p : written) width = std::max(width, p.key.size());
  std::string out;
  for (const Property& p : written)
    out += "  " + util::escape_for_terminal(p.key) + std::string(width - p.key.size() + 2, ' ') +
           util::escape_for_terminal(property_text(p)) + "\n";
  return out;
}

}  // namespace

// Every piece of text from the note is escaped (escape_for_terminal) before it reaches a line.
std::string show_text(const NodeDetails& d) {
  const NodeProperties& p = d.properties;
  std::string out = util::escape_for_terminal(p.node.id) + ": " + util::escape_for_terminal(p.node.title) + "\n";
  std::string facts = p.node.kind.empty() ? "?" : p.node.kind;
  if (!p.node.status.empty()) facts += " · " + p.node.status;
  if (p.node.year) facts += " · " + std::to_string(*p.node.year);
  facts += " · " + p.path;
  out += "  " + util::escape_for_terminal(facts) + "\n";
  if (p.node.kind == "LIT") {
    std::string cite = citation(p.authors, p.own_year, p.arxiv);
    if (!cite.empty()) out += "  " + util::escape_for_terminal(cite) + "\n";
  }
  if (!p.in_graph) out += "  not in the graph: the note has errors (see Lint below)\n";
  if (!p.written.empty()) out += "\nProperties\n" + written_lines(p.written);
  std::vector<Property> relations = note_relations(p.outgoing);
  if (!relations.empty()) out += "\nRelations\n" + relation_lines(relations, outgoing_heading);
  if (std::string attachments = attachment_lines(d); !attachments.empty()) out += "\nAttachments\n" + attachments;
  if (!p.incoming.empty()) out += "\nCited by\n" + relation_lines(p.incoming, incoming_heading);
  if (!p.readings.empty()) {
    out += "\nReadings\n";
    for (const auto& r : p.readings)
      out += "  " + ref_text(r) + (r.status.empty() ? "" : " (" + util::escape_for_terminal(r.status) + ")") + "\n";
  }
  if (!p.kernel.empty() || d.kernel_result) out += "\nKernel\n" + kernel_text(d);
  out += "\nLint\n";
  out += d.findings.empty() ? "  no findings\n" : finding_lines(d.findings, "  ");
  return out;
}

std::string show_json(const NodeDetails& d) {
  const NodeProperties& p = d.properties;
  ordered_json j;
  j["id"] = p.node.id;
  j["kind"] = p.node.kind.empty() ? ordered_json(nullptr) : ordered_json(p.node.kind);
  j["title"] = p.node.title;
  j["status"] = p.node.status.empty() ? ordered_json(nullptr) : ordered_json(p.node.status);
  j["year"] = p.node.year ? ordered_json(*p.node.year) : ordered_json(nullptr);
  j["path"] = p.path;
  j["in_graph"] = p.in_graph;
  std::string cite = p.node.kind == "LIT" ? citation(p.authors, p.own_year, p.arxiv) : "";
  j["citation"] = cite.empty() ? ordered_json(nullptr) : ordered_json(cite);
  j["authors"] = p.authors;
  j["tags"] = p.tags;
  j["aliases"] = p.aliases;
  ordered_json props = ordered_json::object();
  for (const Property& w : p.written) props[w.key] = property_json(p, w);
  j["properties"] = std::move(props);
  ordered_json out = ordered_json::array(), in = ordered_json::array();
  for (const RelationEnd& e : d.outgoing) out.push_back(end_json(e, true));
  for (const RelationEnd& e : d.incoming) in.push_back(end_json(e, false));
  j["relations"] = {{"outgoing", std::move(out)}, {"incoming", std::move(in)}};
  ordered_json readings = ordered_json::array();
  for (const auto& r : p.readings) readings.push_back(ref_json(r));
  j["readings"] = std::move(readings);
  j["kernel"] = kernel_json(d);
  j["diagnostics"] = findings_json(d.findings);
  return dump(j);
}

}  // namespace anth::render::query
