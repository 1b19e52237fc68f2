#include "core/query/node_name.h"

#include "core/graph/link_index.h"
#include "core/model/corpus.h"
#include "core/query/node_details.h"
#include "core/query/rows.h"

namespace anth::query {

using detail::for_each_row;
using detail::Statement;

namespace {

// The notes of the index with what a link resolves by: id, path, title, aliases, and whether each is
// in the graph (a note left out is named by no link).
util::Expected<Corpus> link_names(sqlite3* db) {
  Corpus corpus;
  detail::ReadTransaction read(db);
  Statement nodes(db, "SELECT id, path, title, in_graph FROM nodes ORDER BY path");
  auto r = for_each_row(nodes, [&](const Statement& s) {
    Note& n = corpus.notes.emplace_back();
    n.id = s.column_text(0);
    n.path = s.column_text(1);
    n.title = s.column_text(2);
    n.in_graph = s.column_int(3) != 0;
  });
  if (!r) return std::unexpected(r.error());
  corpus.index_ids();
  Statement aliases(db, "SELECT node, alias FROM aliases ORDER BY rowid");
  r = for_each_row(aliases, [&](const Statement& s) {
    auto it = corpus.by_id.find(std::string(s.column_text(0)));
    if (it != corpus.by_id.end()) corpus.notes[it->second].aliases.emplace_back(s.column_text(1));
  });
  if (!r) return std::unexpected(r.error());
  return corpus;
}

}  // namespace

util::Expected<NamedNode> node_named(sqlite3* db, std::string_view name) {
  NamedNode found;
  auto exact = has_node(db, std::string(name));
  if (!exact) return std::unexpected(exact.error());
  if (*exact) {
    found.id = name;
    return found;
  }
  // Only a name that is no id pays for loading every note's names.
  auto corpus = link_names(db);
  if (!corpus) return std::unexpected(corpus.error());
  const graph::LinkIndex links(*corpus);
  bool shared = false;
  found.id = links.id_of(links.place(name, graph::LinkFrom{}, &shared));
  if (shared)
    for (std::string_view id : links.fitting_ids(name))
      if (id != found.id) found.others.emplace_back(id);
  return found;
}

}  // namespace anth::query
