#include "core/query/node_details.h"

#include <sqlite3.h>

#include <algorithm>

#include "core/model/schema.h"
#include "core/query/node_sql.h"
#include "core/query/query_db.h"
#include "core/query/rows.h"
#include "core/util/natural_order.h"

namespace anth::query {

using detail::for_each_row;
using detail::int_at;
using detail::opt_text_at;
using detail::Statement;
using detail::text_at;

namespace {

// The columns of a NodeRef for a row `n` of nodes, at the end of a SELECT.
std::string ref_columns() { return "n.id, n.kind, n.title, n.status, " + std::string(node_year_sql); }

NodeRef ref_at(const Statement& s, int first) {
  return {text_at(s, first), text_at(s, first + 1), text_at(s, first + 2), text_at(s, first + 3),
          int_at(s, first + 4)};
}

std::size_t relation_rank(std::string_view kind) {
  const auto& kinds = relation_kinds();
  return static_cast<std::size_t>(std::find(kinds.begin(), kinds.end(), kind) - kinds.begin());
}

Expected<std::vector<std::string>> strings(sqlite3* db, const char* sql, const std::string& id) {
  std::vector<std::string> out;
  Statement s(db, sql);
  s.text(1, id);
  if (auto r = for_each_row(s, [&](const Statement& row) { out.push_back(text_at(row, 0)); }); !r)
    return std::unexpected(r.error());
  return out;
}

}  // namespace

Expected<std::optional<NodeRef>> load_node_ref(sqlite3* db, const std::string& id) {
  Statement s(db, "SELECT " + ref_columns() + " FROM nodes n WHERE n.id = ?");
  s.text(1, id);
  std::optional<NodeRef> ref;
  if (auto r = for_each_row(s, [&](const Statement& row) { ref = ref_at(row, 0); }); !r)
    return std::unexpected(r.error());
  return ref;
}

Expected<std::vector<NodeRef>> load_readings(sqlite3* db, const std::string& paper) {
  Statement s(db, "SELECT DISTINCT " + ref_columns() +
                      " FROM relations r JOIN nodes n ON n.id = r.src"
                      " WHERE r.dst = ? AND r.kind = 'paper' AND n.kind = 'NOTE' ORDER BY n.id COLLATE natural_id");
  s.text(1, paper);
  std::vector<NodeRef> out;
  if (auto r = for_each_row(s, [&](const Statement& row) { out.push_back(ref_at(row, 0)); }); !r)
    return std::unexpected(r.error());
  return out;
}

Expected<std::vector<StoredFinding>> load_findings(sqlite3* db, const std::string& file) {
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

Expected<std::vector<std::string>> load_authors(sqlite3* db, const std::string& id) {
  return strings(db, "SELECT name FROM authors WHERE node = ? ORDER BY position", id);
}

Expected<std::string> load_node_path(sqlite3* db, const std::string& id) {
  auto paths = strings(db, "SELECT path FROM nodes WHERE id = ?", id);
  if (!paths) return std::unexpected(paths.error());
  return paths->empty() ? std::string() : paths->front();
}

Expected<std::optional<NodeDetails>> load_node_details(sqlite3* db, const std::string& id) {
  Statement node(db, "SELECT " + ref_columns() +
                         ", n.path, n.in_graph, n.arxiv, n.doi, n.venue, n.url, n.version, n.kernel, n.short,"
                         " n.plain, n.promote_when, NULLIF(n.year, 0) FROM nodes n WHERE n.id = ?");
  node.text(1, id);
  std::optional<NodeDetails> found;
  auto r = for_each_row(node, [&](const Statement& s) {
    NodeDetails d;
    d.node = ref_at(s, 0);
    d.path = text_at(s, 5);
    d.in_graph = s.column_int(6) != 0;
    d.arxiv = text_at(s, 7);
    d.doi = text_at(s, 8);
    d.venue = text_at(s, 9);
    d.url = text_at(s, 10);
    d.version = int_at(s, 11);
    d.kernel = text_at(s, 12);
    d.short_definition = text_at(s, 13);
    d.plain = text_at(s, 14);
    d.promote_when = text_at(s, 15);
    d.own_year = int_at(s, 16);
    found = std::move(d);
  });
  if (!r) return std::unexpected(r.error());
  if (!found) return found;
  NodeDetails& d = *found;

  auto authors = load_authors(db, id);
  auto tags = strings(db, "SELECT tag FROM tags WHERE node = ? ORDER BY rowid", id);
  auto aliases = strings(db, "SELECT alias FROM aliases WHERE node = ? ORDER BY rowid", id);
  if (!authors) return std::unexpected(authors.error());
  if (!tags) return std::unexpected(tags.error());
  if (!aliases) return std::unexpected(aliases.error());
  d.authors = std::move(*authors);
  d.tags = std::move(*tags);
  d.aliases = std::move(*aliases);

  Statement fields(db, "SELECT key, item, value, line, col, origin FROM fields WHERE node = ? ORDER BY rowid");
  fields.text(1, id);
  r = for_each_row(fields, [&](const Statement& s) {
    d.fields.push_back({text_at(s, 0), opt_text_at(s, 1), opt_text_at(s, 2), int_at(s, 3).value_or(1),
                        int_at(s, 4).value_or(1), text_at(s, 5)});
  });
  if (!r) return std::unexpected(r.error());

  Statement out(db, "SELECT r.kind, r.written, r.dst, r.file, r.line, r.col, r.origin, " + ref_columns() +
                        " FROM relations r LEFT JOIN nodes n ON n.id = r.dst WHERE r.src = ? ORDER BY r.rowid");
  out.text(1, id);
  r = for_each_row(out, [&](const Statement& s) {
    RelationEnd e{text_at(s, 0), text_at(s, 1), !s.column_is_null(2), ref_at(s, 7), text_at(s, 3),
                  int_at(s, 4).value_or(1), int_at(s, 5).value_or(1), text_at(s, 6)};
    if (e.resolved && e.other.id.empty()) e.other.id = text_at(s, 2);
    d.outgoing.push_back(std::move(e));
  });
  if (!r) return std::unexpected(r.error());

  Statement in(db, "SELECT r.kind, r.src, r.file, r.line, r.col, r.origin, " + ref_columns() +
                       " FROM relations r JOIN nodes n ON n.id = r.src WHERE r.dst = ? ORDER BY r.rowid");
  in.text(1, id);
  r = for_each_row(in, [&](const Statement& s) {
    d.incoming.push_back({text_at(s, 0), text_at(s, 1), true, ref_at(s, 6), text_at(s, 2), int_at(s, 3).value_or(1),
                          int_at(s, 4).value_or(1), text_at(s, 5)});
  });
  if (!r) return std::unexpected(r.error());
  std::stable_sort(d.incoming.begin(), d.incoming.end(), [](const RelationEnd& a, const RelationEnd& b) {
    if (a.relation != b.relation) {
      std::size_t ra = relation_rank(a.relation), rb = relation_rank(b.relation);
      return ra != rb ? ra < rb : a.relation < b.relation;
    }
    return natural_compare(a.other.id, b.other.id) < 0;
  });

  auto readings = load_readings(db, id);
  if (!readings) return std::unexpected(readings.error());
  d.readings = std::move(*readings);

  Statement kernel(db,
                   "SELECT node, kernel, pass, claims, compiler, checked_at, error FROM kernel_results WHERE node = ?");
  kernel.text(1, id);
  r = for_each_row(kernel, [&](const Statement& s) {
    d.kernel_result = StoredKernelResult{text_at(s, 0), text_at(s, 1), s.column_int(2) != 0, text_at(s, 3),
                                         text_at(s, 4), text_at(s, 5), text_at(s, 6)};
  });
  if (!r) return std::unexpected(r.error());

  auto findings = load_findings(db, d.path);
  if (!findings) return std::unexpected(findings.error());
  d.findings = std::move(*findings);
  return found;
}

}  // namespace anth::query
