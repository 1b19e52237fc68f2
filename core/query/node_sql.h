#pragma once
// SQL fragments over the index schema (core/index/schema.sql) shared by the query commands.

namespace anth::query {

// The "year of" a node of docs/rules/README.md ("Terms the rules share") for a row `n` of nodes: a LIT's year; a SOTA's introduced_by paper's
// year; a THEORY's earliest LIT source year; NULL for the others or when unknown.
inline constexpr const char* node_year_sql = R"((CASE n.kind
  WHEN 'LIT' THEN NULLIF(n.year, 0)
  WHEN 'SOTA' THEN (SELECT NULLIF(o.year, 0) FROM relations r JOIN nodes o ON o.id = r.dst
                     WHERE r.src = n.id AND r.kind = 'introduced_by' ORDER BY r.rowid LIMIT 1)
  WHEN 'THEORY' THEN (SELECT MIN(NULLIF(o.year, 0)) FROM relations r JOIN nodes o ON o.id = r.dst
                       WHERE r.src = n.id AND r.kind = 'source' AND o.kind = 'LIT')
END))";

}  // namespace anth::query
