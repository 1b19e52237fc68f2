#include "core/query/node_details.h"

#include <sqlite3.h>

#include <algorithm>

#include "core/model/schema.h"
#include "core/query/graph_builder.h"
#include "core/query/index_corpus.h"
#include "core/query/rows.h"
#include "core/util/natural_order.h"

namespace anth::query {

using detail::for_each_row;
using detail::int_at;
using index::detail::origin_text;
using detail::Statement;
using detail::text_at;

namespace {

RelationEnd end_of(const Relation& r, NodeRef other) {
  return {r.kind, r.written, true, std::move(other), r.where.file, r.where.line, r.where.column, origin_text(r.origin)};
}

std::vector<RelationEnd> outgoing_ends(const graph::Graph& g, const Note& n) {
  std::vector<RelationEnd> out;
  for (const Relation& r : n.relations) {
    auto w = r.to.empty() ? std::nullopt : g.vertex(r.to);
    RelationEnd e = end_of(r, w ? node_ref(g, *w) : NodeRef{r.to});
    e.resolved = !r.to.empty();
    out.push_back(std::move(e));
  }
  return out;
}

// By relation in the schema's order, then by source id; a link to one's own heading is no edge of the
// graph, but the index records it and show lists it.
std::vector<RelationEnd> incoming_ends(const graph::Graph& g, const Note& n) {
  std::vector<RelationEnd> in;
  auto v = n.in_graph ? g.vertex(n.id) : std::nullopt;
  if (!v) return in;
  for (const graph::Edge& e : g.in_edges(*v)) {
    RelationEnd end = end_of(*e.relation, node_ref(g, e.from));
    end.written = g.note(e.from).id;
    in.push_back(std::move(end));
  }
  for (const Relation* r : n.relations_of("mentions"))
    if (r->to == n.id) in.push_back(end_of(*r, node_ref(g, *v))), in.back().written = n.id;
  const auto& kinds = relation_kinds();
  auto rank = [&](std::string_view k) { return std::find(kinds.begin(), kinds.end(), k) - kinds.begin(); };
  std::stable_sort(in.begin(), in.end(), [&](const RelationEnd& a, const RelationEnd& b) {
    if (a.relation != b.relation) return rank(a.relation) < rank(b.relation);
    return util::natural_less(a.other.id, b.other.id);
  });
  return in;
}

util::Expected<std::optional<index::StoredKernelResult>> load_kernel_result(sqlite3* db, const std::string& id) {
  Statement s(db, "SELECT node, kernel, pass, claims, compiler, checked_at, error FROM kernel_results WHERE node = ?");
  s.text(1, id);
  std::optional<index::StoredKernelResult> out;
  auto r = for_each_row(s, [&](const Statement& row) {
    out = index::StoredKernelResult{text_at(row, 0), text_at(row, 1), row.column_int(2) != 0, text_at(row, 3),
                             text_at(row, 4), text_at(row, 5), text_at(row, 6)};
  });
  if (!r) return std::unexpected(r.error());
  return out;
}

}  // namespace

util::Expected<std::vector<StoredFinding>> load_findings(sqlite3* db, const std::string& file) {
  Statement s(db,
              "SELECT rule, name, severity, file, line, col, message, related FROM diagnostics"
              " WHERE file = ? ORDER BY line, col, rule, rowid");
  s.text(1, file);
  std::vector<StoredFinding> out;
  auto r = for_each_row(s, [&](const Statement& row) {
    out.push_back({text_at(row, 0), text_at(row, 1), text_at(row, 2), text_at(row, 3), int_at(row, 4).value_or(1),
                   int_at(row, 5).value_or(1), text_at(row, 6), text_at(row, 7)});
  });
  if (!r) return std::unexpected(r.error());
  return out;
}

util::Expected<bool> has_node(sqlite3* db, const std::string& id) {
  Statement s(db, "SELECT 1 FROM nodes WHERE id = ?");
  s.text(1, id);
  bool found = false;
  auto r = for_each_row(s, [&](const Statement&) { found = true; });
  if (!r) return std::unexpected(r.error());
  return found;
}

util::Expected<std::optional<NodeDetails>> load_node_details(sqlite3* db, const std::string& id) {
  auto around = graph_of_node(db, id);
  if (!around) return std::unexpected(around.error());
  const graph::Graph& g = *around->graph;
  auto shown = std::find_if(around->corpus->notes.begin(), around->corpus->notes.end(),
                            [&](const Note& n) { return n.id == id; });
  std::optional<NodeDetails> found;
  if (shown == around->corpus->notes.end()) return found;
  NodeDetails& d = found.emplace();
  d.properties = node_properties(g, *shown);
  describe_targets(g, d.properties);
  d.outgoing = outgoing_ends(g, *shown);
  d.incoming = incoming_ends(g, *shown);
  auto kernel = load_kernel_result(db, id);
  if (!kernel) return std::unexpected(kernel.error());
  d.kernel_result = std::move(*kernel);
  auto findings = load_findings(db, shown->path);
  if (!findings) return std::unexpected(findings.error());
  d.findings = std::move(*findings);
  return found;
}

}  // namespace anth::query
