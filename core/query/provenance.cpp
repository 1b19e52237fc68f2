#include "core/query/provenance.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>

#include "core/query/node_sql.h"
#include "core/query/query_db.h"
#include "core/query/rows.h"

namespace anth::query {

using detail::for_each_row;
using detail::int_at;
using detail::Statement;
using detail::text_at;

namespace {

std::string ref_columns() { return "n.id, n.kind, n.title, n.status, " + std::string(node_year_sql); }

NodeRef ref_at(const Statement& s, int first) {
  return {text_at(s, first), text_at(s, first + 1), text_at(s, first + 2), text_at(s, first + 3),
          int_at(s, first + 4)};
}

bool earlier(const NodeRef& a, const NodeRef& b) {
  if (a.year.has_value() != b.year.has_value()) return a.year.has_value();
  if (a.year && *a.year != *b.year) return *a.year < *b.year;
  return natural_compare(a.id, b.id) < 0;
}

// The rules.md P001 links of a practice, one row per way: (way, via, relation, paper...).
const char* links_sql = R"(
WITH links(lit, way, via, relation) AS (
  SELECT r.dst, 0, '', '' FROM relations r WHERE r.src = ?1 AND r.kind = 'introduced_by'
  UNION ALL
  SELECT r.dst, 1, '', '' FROM relations r WHERE r.src = ?1 AND r.kind = 'source'
  UNION ALL
  SELECT t.dst, 2, r.dst, '' FROM relations r
    JOIN nodes th ON th.id = r.dst AND th.kind = 'THEORY'
    JOIN relations t ON t.src = th.id AND t.kind = 'source'
   WHERE r.src = ?1 AND r.kind = 'source'
  UNION ALL
  SELECT r.src, 3, '', r.kind FROM relations r WHERE r.dst = ?1
  UNION ALL
  SELECT p.dst, 4, r.src, r.kind FROM relations r
    JOIN nodes nt ON nt.id = r.src AND nt.kind = 'NOTE'
    JOIN relations p ON p.src = r.src AND p.kind = 'paper'
   WHERE r.dst = ?1
  UNION ALL
  SELECT r.dst, 5, '', '' FROM relations r WHERE r.src = ?1 AND r.kind = 'mentions'
)
SELECT l.way, l.via, l.relation, )";

Expected<void> load_links(sqlite3* db, Provenance& p) {
  Statement s(db, std::string(links_sql) + ref_columns() +
                      " FROM links l JOIN nodes n ON n.id = l.lit AND n.kind = 'LIT' AND n.in_graph = 1");
  s.text(1, p.practice.id);
  std::map<std::string, std::size_t> by_id;
  auto r = for_each_row(s, [&](const Statement& row) {
    NodeRef paper = ref_at(row, 3);
    Link link{static_cast<Link::Way>(row.column_int(0)), text_at(row, 1), text_at(row, 2)};
    auto [it, fresh] = by_id.emplace(paper.id, p.linked.size());
    if (fresh) p.linked.push_back({paper, {}});
    auto& links = p.linked[it->second].links;
    bool seen = std::any_of(links.begin(), links.end(), [&](const Link& l) {
      return l.way == link.way && l.via == link.via && l.relation == link.relation;
    });
    if (!seen) links.push_back(std::move(link));
  });
  if (!r) return r;
  for (LinkedPaper& lp : p.linked)
    std::stable_sort(lp.links.begin(), lp.links.end(), [](const Link& a, const Link& b) {
      if (a.way != b.way) return a.way < b.way;
      return natural_compare(a.via, b.via) < 0;
    });
  std::sort(p.linked.begin(), p.linked.end(),
            [](const LinkedPaper& a, const LinkedPaper& b) { return earlier(a.paper, b.paper); });
  return {};
}

// The practices a NOTE declines to claim its paper is the origin of.
Expected<std::vector<std::string>> declined_by(sqlite3* db, const std::string& note) {
  Statement s(db, "SELECT dst FROM relations WHERE src = ? AND kind = 'declines_origin_of' AND dst IS NOT NULL"
                  " ORDER BY rowid");
  s.text(1, note);
  std::vector<std::string> out;
  auto r = for_each_row(s, [&](const Statement& row) {
    std::string id = text_at(row, 0);
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  });
  if (!r) return std::unexpected(r.error());
  return out;
}

// The paper a NOTE reads, or an empty reference.
Expected<NodeRef> paper_of(sqlite3* db, const std::string& note) {
  Statement s(db, "SELECT " + ref_columns() +
                      " FROM relations r JOIN nodes n ON n.id = r.dst WHERE r.src = ? AND r.kind = 'paper'"
                      " ORDER BY r.rowid LIMIT 1");
  s.text(1, note);
  NodeRef paper;
  if (auto r = for_each_row(s, [&](const Statement& row) { paper = ref_at(row, 0); }); !r)
    return std::unexpected(r.error());
  return paper;
}

Expected<void> load_hedges(sqlite3* db, Provenance& p) {
  for (const NodeRef& reading : p.readings) {
    auto declined = declined_by(db, reading.id);
    if (!declined) return std::unexpected(declined.error());
    if (!declined->empty()) p.reading_hedges.push_back({reading, *p.origin, std::move(*declined)});
  }
  Statement s(db, "SELECT DISTINCT " + ref_columns() +
                      " FROM relations r JOIN nodes n ON n.id = r.src"
                      " WHERE r.dst = ? AND r.kind = 'declines_origin_of' ORDER BY n.id COLLATE natural_id");
  s.text(1, p.practice.id);
  std::vector<NodeRef> notes;
  if (auto r = for_each_row(s, [&](const Statement& row) { notes.push_back(ref_at(row, 0)); }); !r) return r;
  for (NodeRef& note : notes) {
    auto paper = paper_of(db, note.id);
    if (!paper) return std::unexpected(paper.error());
    p.hedges.push_back({std::move(note), std::move(*paper), {p.practice.id}});
  }
  return {};
}

}  // namespace

Expected<std::optional<Provenance>> load_provenance(sqlite3* db, const std::string& id) {
  std::optional<Provenance> found;
  Statement node(db, "SELECT " + ref_columns() + ", n.path FROM nodes n WHERE n.id = ?");
  node.text(1, id);
  auto r = for_each_row(node, [&](const Statement& s) {
    Provenance p;
    p.practice = ref_at(s, 0);
    p.path = text_at(s, 5);
    found = std::move(p);
  });
  if (!r) return std::unexpected(r.error());
  if (!found) return found;
  Provenance& p = *found;

  Statement origin(db, "SELECT r.written, r.dst, " + ref_columns() +
                           ", n.arxiv FROM relations r LEFT JOIN nodes n ON n.id = r.dst"
                           " WHERE r.src = ? AND r.kind = 'introduced_by' ORDER BY r.rowid LIMIT 1");
  origin.text(1, id);
  r = for_each_row(origin, [&](const Statement& s) {
    p.introduced_by_written = text_at(s, 0);
    if (!s.column_is_null(1) && !s.column_is_null(2)) {
      p.origin = ref_at(s, 2);
      p.origin_arxiv = text_at(s, 7);
    }
  });
  if (!r) return std::unexpected(r.error());

  if (auto links = load_links(db, p); !links) return std::unexpected(links.error());
  if (p.origin) {
    auto authors = load_authors(db, p.origin->id);
    if (!authors) return std::unexpected(authors.error());
    p.origin_authors = std::move(*authors);
    auto readings = load_readings(db, p.origin->id);
    if (!readings) return std::unexpected(readings.error());
    p.readings = std::move(*readings);
  }
  if (auto hedges = load_hedges(db, p); !hedges) return std::unexpected(hedges.error());

  Statement contested(db, "SELECT r.written, " + ref_columns() +
                              " FROM relations r LEFT JOIN nodes n ON n.id = r.dst"
                              " WHERE r.src = ? AND r.kind = 'contested_by' ORDER BY r.rowid");
  contested.text(1, id);
  r = for_each_row(contested, [&](const Statement& s) {
    NodeRef ref = ref_at(s, 1);
    if (ref.id.empty()) ref.id = text_at(s, 0);  // names no note
    bool seen = std::any_of(p.contested_by.begin(), p.contested_by.end(), [&](const NodeRef& c) { return c.id == ref.id; });
    if (!seen) p.contested_by.push_back(std::move(ref));
  });
  if (!r) return std::unexpected(r.error());

  auto findings = load_findings(db, p.path);
  if (!findings) return std::unexpected(findings.error());
  p.findings = std::move(*findings);
  return found;
}

}  // namespace anth::query
