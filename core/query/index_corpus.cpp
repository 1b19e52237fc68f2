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

// The ids as a JSON array of strings, for json_each.
std::string json_array(const std::vector<std::string>& ids) {
  std::string out = "[";
  for (const std::string& id : ids) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char c : id) {
      if (c == '"' || c == '\\') out += '\\', out += c;
      else if (static_cast<unsigned char>(c) < 0x20) {
        static constexpr char hex[] = "0123456789abcdef";
        out += "\\u00";
        out += hex[(c >> 4) & 0xf];
        out += hex[c & 0xf];
      } else out += c;
    }
    out += '"';
  }
  return out + "]";
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

namespace {

// The notes `ids` (those in the graph), with their tags and authors, and the relations held by the
// notes of `holders` (a subset of ids): one statement a table for every id (a JSON array through
// json_each), not four per id: a walk of two relations reaches hundreds of notes, and a statement run
// costs more than its rows.
util::Expected<IndexGraph> graph_of_ids(sqlite3* db, const std::vector<std::string>& ids, const std::vector<std::string>& holders) {
  const std::string in = " IN (SELECT value FROM json_each(?1))", list = json_array(ids);
  Builder b;
  Statement nodes(db, std::string(node_columns) + " WHERE in_graph = 1 AND id" + in);
  Statement tags(db, "SELECT node, tag FROM tags WHERE node" + in + " ORDER BY rowid");
  Statement authors(db, "SELECT node, name FROM authors WHERE node" + in + " ORDER BY node, position");
  Statement relations(db, std::string(relation_columns) + " WHERE src" + in + " ORDER BY rowid");
  auto r = rows_of(nodes, list, [&](const Statement& s) { b.add_note(s); });
  if (r) r = rows_of(tags, list, [&](const Statement& s) { b.add_string(s, &Note::tags); });
  if (r) r = rows_of(authors, list, [&](const Statement& s) { b.add_string(s, &Note::authors); });
  if (r) r = rows_of(relations, json_array(holders), [&](const Statement& s) { b.add_relation(s); });
  if (!r) return std::unexpected(r.error());
  return b.finish(db);
}

}  // namespace

util::Expected<IndexGraph> graph_around(sqlite3* db, const std::string& id, int depth) {
  detail::ReadTransaction read(db);
  auto ids = ids_around(db, id, depth);
  if (!ids) return std::unexpected(ids.error());
  return graph_of_ids(db, *ids, *ids);
}

util::Expected<IndexGraph> graph_for_provenance(sqlite3* db, const std::string& id) {
  detail::ReadTransaction read(db);
  std::vector<std::string> ids{id};
  std::unordered_set<std::string> seen{id};
  Statement out(db, "SELECT dst FROM relations WHERE src = ?1 AND dst IS NOT NULL");
  Statement in(db, "SELECT src FROM relations WHERE dst = ?1");
  Statement origin(db, "SELECT dst FROM relations WHERE src = ?1 AND kind = 'introduced_by' AND dst IS NOT NULL");
  // Adds the ids `s` finds from each of `from` to ids (and, when asked, every one found to `found`).
  auto step = [&](Statement& s, const std::vector<std::string>& from, std::vector<std::string>* found = nullptr) -> util::Expected<void> {
    for (const std::string& f : from) {
      auto r = rows_of(s, f, [&](const Statement& row) {
        std::string w = text_at(row, 0);
        if (found) found->push_back(w);
        if (seen.insert(w).second) ids.push_back(std::move(w));
      });
      if (!r) return r;
    }
    return {};
  };
  const std::vector<std::string> practice{id};
  // The practice's neighbours either way, then their targets (a theory's sources, a reading's paper,
  // what their years need), then the readings of its origin: linked_papers, readings and hedges need
  // no more. The relations are those of the practice, its neighbours and the origin's readings.
  auto r = step(out, practice);
  if (r) r = step(in, practice);
  std::vector<std::string> near(ids.begin() + 1, ids.end());
  if (r) r = step(out, near);
  std::vector<std::string> origins;
  if (r) r = rows_of(origin, id, [&](const Statement& row) { origins.push_back(text_at(row, 0)); });
  std::vector<std::string> holders{id};
  holders.insert(holders.end(), near.begin(), near.end());
  if (r) r = step(in, origins, &holders);  // a reading may be among the targets already
  if (!r) return std::unexpected(r.error());
  return graph_of_ids(db, ids, holders);
}

}  // namespace anth::query
