#include "core/query/note_fields.h"

#include <sqlite3.h>

#include <unordered_map>

#include "core/query/graph_builder.h"

namespace anth::query {

using detail::add_field_row;
using detail::for_each_row;
using detail::int_at;
using detail::opt_text_at;
using detail::origin_of;
using detail::Statement;
using detail::text_at;

util::Expected<void> add_note_fields(sqlite3* db, IndexGraph& g) {
  std::unordered_map<std::string, Note*> by_id;
  for (Note& n : g.corpus->notes) by_id.emplace(n.id, &n);
  auto note = [&](const Statement& s) -> Note* {
    auto it = by_id.find(text_at(s, 0));
    return it == by_id.end() ? nullptr : it->second;
  };
  Statement nodes(db, "SELECT id, doi, venue, url, version FROM nodes WHERE in_graph = 1");
  auto r = for_each_row(nodes, [&](const Statement& s) {
    if (Note* n = note(s)) {
      n->doi = text_at(s, 1);
      n->venue = text_at(s, 2);
      n->url = text_at(s, 3);
      n->version = int_at(s, 4).value_or(1);
    }
  });
  Statement authors(db, "SELECT node, name FROM authors ORDER BY node, position");
  if (r) r = for_each_row(authors, [&](const Statement& s) {
    if (Note* n = note(s)) n->authors.push_back(text_at(s, 1));
  });
  Statement fields(db, "SELECT node, key, item, value, file, line, col, origin FROM fields ORDER BY rowid");
  if (r) r = for_each_row(fields, [&](const Statement& s) {
    if (Note* n = note(s))
      add_field_row(*n, text_at(s, 1), opt_text_at(s, 2), opt_text_at(s, 3),
                    {text_at(s, 4), int_at(s, 5).value_or(1), int_at(s, 6).value_or(1)}, origin_of(s.column_text(7)));
  });
  return r;
}

}  // namespace anth::query
