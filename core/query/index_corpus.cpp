#include "core/query/index_corpus.h"

#include <sqlite3.h>

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "core/query/graph_builder.h"
#include "core/query/rows.h"

namespace anth::query {

using detail::Builder;
using detail::for_each_row;
using detail::node_columns;
using detail::relation_columns;
using detail::rows_of;
using detail::Statement;
using detail::text_at;

namespace {

// The in-graph ids within `depth` relations of `id`, either way; `id` first.
util::Expected<std::vector<std::string>> ids_around(sqlite3* db, const std::string& id, int depth) {
  std::vector<std::string> ids{id};
  std::unordered_set<std::string> seen{id};
  Statement next(db, "SELECT dst FROM relations WHERE src = ?1 AND dst IS NOT NULL"
                     " UNION ALL SELECT src FROM relations WHERE dst = ?1");
  for (std::size_t begin = 0, end = 1; depth-- > 0 && begin < end; begin = end, end = ids.size())
    for (std::size_t i = begin; i < end; ++i) {
      auto r = rows_of(next, std::string(ids[i]), [&](const Statement& s) {
        if (std::string w = text_at(s, 0); seen.insert(w).second) ids.push_back(std::move(w));
      });
      if (!r) return std::unexpected(r.error());
    }
  return ids;
}

}  // namespace

util::Expected<IndexGraph> graph_from_index(sqlite3* db) {
  detail::ReadTransaction read(db);
  Builder b;
  Statement nodes(db, std::string(node_columns) + " WHERE in_graph = 1");
  auto r = for_each_row(nodes, [&](const Statement& s) { b.add_note(s); });
  Statement tags(db, "SELECT node, tag FROM tags ORDER BY rowid");
  if (r) r = for_each_row(tags, [&](const Statement& s) { b.add_string(s, &Note::tags); });
  Statement relations(db, std::string(relation_columns) + " ORDER BY rowid");
  if (r) r = for_each_row(relations, [&](const Statement& s) { b.add_relation(s); });
  if (!r) return std::unexpected(r.error());
  return b.finish(db);
}

util::Expected<IndexGraph> graph_around(sqlite3* db, const std::string& id, int depth) {
  detail::ReadTransaction read(db);
  auto ids = ids_around(db, id, depth);
  if (!ids) return std::unexpected(ids.error());
  Builder b;
  Statement nodes(db, std::string(node_columns) + " WHERE id = ?1 AND in_graph = 1");
  Statement tags(db, "SELECT node, tag FROM tags WHERE node = ?1 ORDER BY rowid");
  Statement authors(db, "SELECT node, name FROM authors WHERE node = ?1 ORDER BY position");
  Statement relations(db, std::string(relation_columns) + " WHERE src = ?1 ORDER BY rowid");
  for (const std::string& n : *ids) {
    auto r = rows_of(nodes, n, [&](const Statement& s) { b.add_note(s); });
    if (r && b.note(n)) {
      r = rows_of(tags, n, [&](const Statement& s) { b.add_string(s, &Note::tags); });
      if (r) r = rows_of(authors, n, [&](const Statement& s) { b.add_string(s, &Note::authors); });
      if (r) r = rows_of(relations, n, [&](const Statement& s) { b.add_relation(s); });
    }
    if (!r) return std::unexpected(r.error());
  }
  return b.finish(db);
}

}  // namespace anth::query
