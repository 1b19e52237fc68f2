#include "render/query/show_report.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "core/model/schema.h"
#include "core/util/terminal_text.h"
#include "render/query/node_text.h"

namespace anth::render {

using query::FieldEntry;
using query::NodeDetails;
using query::RelationEnd;

namespace {

std::optional<Kind> kind_of(const NodeDetails& d) { return parse_kind(d.node.kind); }

bool is_relation_field(const NodeDetails& d, const std::string& key) {
  auto kind = kind_of(d);
  const FieldSpec* spec = kind ? find_field(*kind, key) : nullptr;
  return spec && is_relation(*spec);
}

// Shown in the heading instead.
bool heading_field(const std::string& key) { return key == "id" || key == "title"; }

// The non-relation fields, each key once in first-written order with its values in order.
std::vector<std::pair<std::string, std::vector<const FieldEntry*>>> properties(const NodeDetails& d) {
  std::vector<std::pair<std::string, std::vector<const FieldEntry*>>> out;
  for (const FieldEntry& f : d.fields) {
    if (heading_field(f.key) || is_relation_field(d, f.key)) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == f.key; });
    if (it == out.end()) {
      out.push_back({f.key, {}});
      it = out.end() - 1;
    }
    it->second.push_back(&f);
  }
  return out;
}

std::string property_text(const std::vector<const FieldEntry*>& values) {
  std::string out;
  for (const FieldEntry* f : values) {
    if (!out.empty()) out += ", ";
    if (f->item) out += *f->item + "=";
    out += f->value ? *f->value : "(empty)";  // escaped by show_text with the rest of the line
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

ordered_json property_json(const NodeDetails& d, const std::string& key, const std::vector<const FieldEntry*>& values) {
  auto kind = kind_of(d);
  const FieldSpec* spec = kind ? find_field(*kind, key) : nullptr;
  FieldType type = spec ? spec->type : FieldType::String;
  bool map = type == FieldType::NumberMap || std::any_of(values.begin(), values.end(), [](auto* f) { return f->item.has_value(); });
  if (map) {
    ordered_json j = ordered_json::object();
    for (const FieldEntry* f : values)
      if (f->item) j[*f->item] = scalar_json(f->value, true);
    return j;
  }
  bool list = type == FieldType::StringList || type == FieldType::SlugList || type == FieldType::RuleList ||
              values.size() > 1;
  bool numeric = type == FieldType::Integer;
  if (!list) return scalar_json(values.front()->value, numeric);
  ordered_json j = ordered_json::array();
  for (const FieldEntry* f : values)
    if (f->value) j.push_back(scalar_json(f->value, numeric));
  return j;
}

// Relations grouped by kind in the schema's order (unknown kinds after, mentions last), each other end
// once per group.
std::vector<std::pair<std::string, std::vector<const RelationEnd*>>> grouped(const std::vector<RelationEnd>& ends) {
  std::vector<std::pair<std::string, std::vector<const RelationEnd*>>> groups;
  std::set<std::pair<std::string, std::string>> seen;
  for (std::string_view kind : relation_kinds())
    for (const RelationEnd& e : ends) {
      if (e.relation != kind) continue;
      std::string other = e.resolved ? e.other.id : "?" + e.written;
      if (!seen.insert({e.relation, other}).second) continue;
      if (groups.empty() || groups.back().first != e.relation) groups.push_back({e.relation, {}});
      groups.back().second.push_back(&e);
    }
  return groups;
}

std::string end_text(const RelationEnd& e) {
  if (!e.resolved) return escape_for_terminal(e.written) + " — (no such note)";
  return ref_text(e.other);
}

std::string kernel_text(const NodeDetails& d) {
  std::string out;
  std::string name = !d.kernel.empty() ? d.kernel : d.kernel_result->kernel;
  if (!d.kernel_result) return "  " + name + " — not checked yet (anthology kernels check " + d.node.id + ")\n";
  const StoredKernelResult& k = *d.kernel_result;
  out += "  " + name + " — " + (k.pass ? "passed" : "failed");
  if (!k.checked_at.empty()) out += ", checked " + k.checked_at;
  if (!k.compiler.empty()) out += " with " + k.compiler;
  out += "\n";
  if (!k.error.empty()) out += "    " + escape_for_terminal(k.error) + "\n";
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

}  // namespace

// Every piece of text from the note is escaped (escape_for_terminal) before it reaches a line.
std::string show_text(const NodeDetails& d) {
  std::string out = escape_for_terminal(d.node.id) + ": " + escape_for_terminal(d.node.title) + "\n";
  std::string facts = d.node.kind.empty() ? "?" : d.node.kind;
  if (!d.node.status.empty()) facts += " · " + d.node.status;
  if (d.node.year) facts += " · " + std::to_string(*d.node.year);
  facts += " · " + d.path;
  out += "  " + escape_for_terminal(facts) + "\n";
  if (d.node.kind == "LIT") {
    std::string cite = citation(d.authors, d.own_year, d.arxiv);
    if (!cite.empty()) out += "  " + escape_for_terminal(cite) + "\n";
  }
  if (!d.in_graph) out += "  not in the graph: the note has errors (see Lint below)\n";

  auto props = properties(d);
  if (!props.empty()) {
    std::size_t width = 0;
    for (const auto& [key, values] : props) width = std::max(width, key.size());
    out += "\nProperties\n";
    for (const auto& [key, values] : props)
      out += "  " + escape_for_terminal(key) + std::string(width - key.size() + 2, ' ') +
             escape_for_terminal(property_text(values)) + "\n";
  }
  auto outgoing = grouped(d.outgoing);
  if (!outgoing.empty()) {
    out += "\nRelations\n";
    for (const auto& [relation, ends] : outgoing) {
      out += "  " + outgoing_heading(relation) + "\n";
      for (const RelationEnd* e : ends) out += "    " + end_text(*e) + "\n";
    }
  }
  auto incoming = grouped(d.incoming);
  if (!incoming.empty()) {
    out += "\nCited by\n";
    for (const auto& [relation, ends] : incoming) {
      out += "  " + incoming_heading(relation) + "\n";
      for (const RelationEnd* e : ends) out += "    " + end_text(*e) + "\n";
    }
  }
  if (!d.readings.empty()) {
    out += "\nReadings\n";
    for (const auto& r : d.readings)
      out += "  " + ref_text(r) + (r.status.empty() ? "" : " (" + escape_for_terminal(r.status) + ")") + "\n";
  }
  if (!d.kernel.empty() || d.kernel_result) out += "\nKernel\n" + kernel_text(d);
  out += "\nLint\n";
  out += d.findings.empty() ? "  no findings\n" : finding_lines(d.findings, "  ");
  return out;
}

std::string show_json(const NodeDetails& d) {
  ordered_json j;
  j["id"] = d.node.id;
  j["kind"] = d.node.kind.empty() ? ordered_json(nullptr) : ordered_json(d.node.kind);
  j["title"] = d.node.title;
  j["status"] = d.node.status.empty() ? ordered_json(nullptr) : ordered_json(d.node.status);
  j["year"] = d.node.year ? ordered_json(*d.node.year) : ordered_json(nullptr);
  j["path"] = d.path;
  j["in_graph"] = d.in_graph;
  std::string cite = d.node.kind == "LIT" ? citation(d.authors, d.own_year, d.arxiv) : "";
  j["citation"] = cite.empty() ? ordered_json(nullptr) : ordered_json(cite);
  j["authors"] = d.authors;
  j["tags"] = d.tags;
  j["aliases"] = d.aliases;
  ordered_json props = ordered_json::object();
  for (const auto& [key, values] : properties(d)) props[key] = property_json(d, key, values);
  j["properties"] = std::move(props);

  auto end_json = [](const RelationEnd& e, bool outgoing) {
    ordered_json r;
    r["relation"] = e.relation;
    r["id"] = e.resolved ? ordered_json(e.other.id) : ordered_json(nullptr);
    if (outgoing) r["written"] = e.written;
    r["kind"] = e.other.kind.empty() ? ordered_json(nullptr) : ordered_json(e.other.kind);
    r["title"] = e.other.title.empty() ? ordered_json(nullptr) : ordered_json(e.other.title);
    r["file"] = e.file;
    r["line"] = e.line;
    r["column"] = e.column;
    r["origin"] = e.origin;
    return r;
  };
  ordered_json out = ordered_json::array(), in = ordered_json::array();
  for (const RelationEnd& e : d.outgoing) out.push_back(end_json(e, true));
  for (const RelationEnd& e : d.incoming) in.push_back(end_json(e, false));
  j["relations"] = {{"outgoing", std::move(out)}, {"incoming", std::move(in)}};

  ordered_json readings = ordered_json::array();
  for (const auto& r : d.readings) readings.push_back(ref_json(r));
  j["readings"] = std::move(readings);

  if (d.kernel.empty() && !d.kernel_result) {
    j["kernel"] = nullptr;
  } else {
    ordered_json k;
    k["name"] = !d.kernel.empty() ? d.kernel : d.kernel_result->kernel;
    if (d.kernel_result) {
      const StoredKernelResult& r = *d.kernel_result;
      auto claims = ordered_json::parse(r.claims_json, nullptr, false);
      k["last_result"] = {{"kernel", r.kernel},
                          {"pass", r.pass},
                          {"checked_at", r.checked_at},
                          {"compiler", r.compiler},
                          {"error", r.error.empty() ? ordered_json(nullptr) : ordered_json(r.error)},
                          {"claims", claims.is_discarded() ? ordered_json::array() : claims}};
    } else {
      k["last_result"] = nullptr;
    }
    j["kernel"] = std::move(k);
  }
  j["diagnostics"] = findings_json(d.findings);
  return dump(j);
}

}  // namespace anth::render
