#include "core/query/node_name.h"

#include <algorithm>

#include "core/graph/link_index.h"
#include "core/model/corpus.h"
#include "core/query/rows.h"
#include "core/util/case_fold.h"
#include "core/util/text.h"
#include "core/util/natural_order.h"

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

// The in-graph notes, other than `taken`, whose path without ".md" ends with `name` as a whole file
// name or path end, in the natural order of their ids.
std::vector<std::string> sharing(const Corpus& corpus, std::string_view name, std::string_view taken) {
  std::string key = util::fold_case(name);
  if (key.ends_with(".md")) key.resize(key.size() - 3);
  std::vector<std::string> out;
  for (const Note& n : corpus.notes) {
    if (!n.in_graph || n.id == taken) continue;
    std::string path = util::fold_case(n.path);
    if (path.ends_with(".md")) path.resize(path.size() - 3);
    if (path == key || (path.ends_with(key) && path[path.size() - key.size() - 1] == '/')) out.push_back(n.id);
  }
  std::sort(out.begin(), out.end(), util::natural_less);
  return out;
}

}  // namespace

util::Expected<NamedNode> node_named(sqlite3* db, std::string_view name) {
  Statement exact(db, "SELECT id FROM nodes WHERE id = ?");
  exact.text(1, name);
  NamedNode found;
  auto r = for_each_row(exact, [&](const Statement& s) { found.id = s.column_text(0); });
  if (!r) return std::unexpected(r.error());
  if (!found.id.empty()) return found;

  // Only a name that is no id pays for loading every note's names.
  auto corpus = link_names(db);
  if (!corpus) return std::unexpected(corpus.error());
  const graph::LinkIndex links(*corpus);
  bool shared = false;
  found.id = std::string(links.resolve(name, graph::LinkFrom{}));
  if (found.id.empty()) return found;
  found.by_link = true;
  links.place(name, graph::LinkFrom{}, &shared);
  if (shared) found.others = sharing(*corpus, util::trim(name), found.id);
  return found;
}

}  // namespace anth::query
