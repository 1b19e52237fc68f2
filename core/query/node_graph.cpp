// graph_of_node (core/query/index_corpus.h): the graph `show` answers from.
#include <set>

#include "core/query/graph_builder.h"
#include "core/query/index_corpus.h"

namespace anth::query {

using detail::add_field_row;
using detail::Builder;
using detail::int_at;
using detail::node_columns;
using detail::opt_text_at;
using detail::origin_of;
using detail::relation_columns;
using detail::rows_of;
using detail::Statement;
using detail::text_at;

namespace {

// The columns of the shown node beyond node_columns.
constexpr const char* detail_columns =
    "SELECT doi, venue, url, version, kernel, short, plain, promote_when, in_graph FROM nodes WHERE id = ?1";

void add_details(const Statement& s, Note& n) {
  n.doi = text_at(s, 0);
  n.venue = text_at(s, 1);
  n.url = text_at(s, 2);
  n.version = int_at(s, 3).value_or(1);
  n.kernel = text_at(s, 4);
  n.short_definition = text_at(s, 5);
  n.plain = text_at(s, 6);
  n.promote_when = text_at(s, 7);
  n.in_graph = s.column_int(8) != 0;
}

// The shown node itself; false when the index has no such node.
util::Expected<bool> load_shown(sqlite3* db, const std::string& id, Builder& b) {
  Statement node(db, std::string(node_columns) + " WHERE id = ?1");
  auto r = rows_of(node, id, [&](const Statement& s) { b.add_note(s); });
  Note* n = r ? b.note(id) : nullptr;
  if (!n) return r ? util::Expected<bool>(false) : std::unexpected(r.error());
  Statement details(db, detail_columns), tags(db, "SELECT node, tag FROM tags WHERE node = ?1 ORDER BY rowid"),
      aliases(db, "SELECT node, alias FROM aliases WHERE node = ?1 ORDER BY rowid"),
      authors(db, "SELECT node, name FROM authors WHERE node = ?1 ORDER BY position"),
      fields(db, "SELECT key, item, value, line, col, origin FROM fields WHERE node = ?1 ORDER BY rowid");
  r = rows_of(details, id, [&](const Statement& s) { add_details(s, *n); });
  if (r) r = rows_of(tags, id, [&](const Statement& s) { b.add_string(s, &Note::tags); });
  if (r) r = rows_of(aliases, id, [&](const Statement& s) { b.add_string(s, &Note::aliases); });
  if (r) r = rows_of(authors, id, [&](const Statement& s) { b.add_string(s, &Note::authors); });
  if (r) r = rows_of(fields, id, [&](const Statement& s) {
    add_field_row(*b.note(id), text_at(s, 0), opt_text_at(s, 1), opt_text_at(s, 2),
                  {n->path, int_at(s, 3).value_or(1), int_at(s, 4).value_or(1)}, origin_of(s.column_text(5)));
  });
  if (!r) return std::unexpected(r.error());
  return true;
}

// Adds the in-graph notes of `ids` not loaded yet.
util::Expected<void> load_notes(sqlite3* db, const std::set<std::string>& ids, Builder& b) {
  Statement node(db, std::string(node_columns) + " WHERE id = ?1 AND in_graph = 1");
  for (const std::string& id : ids)
    if (!b.note(id))
      if (auto r = rows_of(node, id, [&](const Statement& s) { b.add_note(s); }); !r) return r;
  return {};
}

}  // namespace

util::Expected<IndexGraph> graph_of_node(sqlite3* db, const std::string& id) {
  detail::ReadTransaction read(db);
  Builder b;
  auto found = load_shown(db, id, b);
  if (!found) return std::unexpected(found.error());
  if (!*found) return b.finish(db);
  std::set<std::string> near;
  Statement out(db, std::string(relation_columns) + " WHERE src = ?1 ORDER BY rowid");
  auto r = rows_of(out, id, [&](const Statement& s) {
    b.add_relation(s);
    if (!s.column_is_null(2)) near.insert(text_at(s, 2));
  });
  // Relations into the node belong to their sources, loaded first so the rows find their notes.
  Statement in(db, std::string(relation_columns) + " WHERE dst = ?1 AND src <> ?1 ORDER BY rowid");
  std::set<std::string> sources;
  if (r) r = rows_of(in, id, [&](const Statement& s) { sources.insert(text_at(s, 0)); });
  near.insert(sources.begin(), sources.end());
  if (r) r = load_notes(db, near, b);
  if (r) r = rows_of(in, id, [&](const Statement& s) { b.add_relation(s); });
  // What the years of the notes around need.
  Statement year_of(db, std::string(relation_columns) +
                            " WHERE src = ?1 AND kind IN ('introduced_by', 'source') AND dst <> ?2 ORDER BY rowid");
  year_of.text(2, id);
  std::set<std::string> papers;
  for (const std::string& w : near) {
    Note* n = b.note(w);
    if (!r || !n || w == id || (n->kind != Kind::Sota && n->kind != Kind::Theory)) continue;
    year_of.reset();
    year_of.text(1, w);
    r = detail::for_each_row(year_of, [&](const Statement& s) {
      b.add_relation(s);
      if (!s.column_is_null(2)) papers.insert(text_at(s, 2));
    });
  }
  if (r) r = load_notes(db, papers, b);
  if (!r) return std::unexpected(r.error());
  return b.finish(db);
}

}  // namespace anth::query
