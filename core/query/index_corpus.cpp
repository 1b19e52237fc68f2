#include "core/query/index_corpus.h"

#include <sqlite3.h>

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "core/query/rows.h"

namespace anth::query {

using detail::for_each_row;
using detail::int_at;
using detail::Statement;
using detail::text_at;

namespace {

constexpr const char* node_columns = "SELECT id, kind, title, path, status, NULLIF(year, 0), arxiv FROM nodes";
constexpr const char* relation_columns = "SELECT src, kind, dst, written, file, line, col, origin FROM relations";

Origin origin_of(std::string_view text) {
  if (text == "inline") return Origin::Inline;
  if (text == "body") return Origin::Body;
  return Origin::Frontmatter;
}

// Notes by id while the corpus is filled, then sorted by path like ingest's.
struct Builder {
  Corpus corpus;
  std::unordered_map<std::string, std::size_t> position;

  void add_note(const Statement& s) {
    Note n;
    n.id = text_at(s, 0);
    n.kind = parse_kind(s.column_text(1));
    n.title = text_at(s, 2);
    n.path = text_at(s, 3);
    n.status = text_at(s, 4);
    n.year = int_at(s, 5).value_or(0);
    n.arxiv = text_at(s, 6);
    position.emplace(n.id, corpus.notes.size());
    corpus.notes.push_back(std::move(n));
  }
  Note* note(const std::string& id) {
    auto it = position.find(id);
    return it == position.end() ? nullptr : &corpus.notes[it->second];
  }
  void add_relation(const Statement& s) {
    Note* n = note(text_at(s, 0));
    if (!n) return;
    Relation rel;
    rel.from = n->id;
    rel.kind = text_at(s, 1);
    rel.to = text_at(s, 2);
    rel.written = text_at(s, 3);
    rel.where = {text_at(s, 4), int_at(s, 5).value_or(1), int_at(s, 6).value_or(1)};
    rel.origin = origin_of(s.column_text(7));
    n->relations.push_back(std::move(rel));
  }
  void add_string(const Statement& s, std::vector<std::string> Note::*list) {
    if (Note* n = note(text_at(s, 0))) (n->*list).push_back(text_at(s, 1));
  }
  Expected<IndexGraph> finish(sqlite3* db) {
    Statement root(db, "SELECT value FROM meta WHERE key = 'root'");
    auto r = for_each_row(root, [&](const Statement& s) { corpus.root = text_at(s, 0); });
    if (!r) return std::unexpected(r.error());
    std::sort(corpus.notes.begin(), corpus.notes.end(),
              [](const Note& a, const Note& b) { return std::tie(a.path, a.id) < std::tie(b.path, b.id); });
    corpus.index_ids();
    IndexGraph g;
    g.corpus = std::make_unique<Corpus>(std::move(corpus));
    g.graph = std::make_unique<Graph>(*g.corpus);
    return g;
  }
};

// Runs `sql` with `id` bound to ?1 and hands each row to `each`.
template <class Each>
Expected<void> rows_of(Statement& s, const std::string& id, Each&& each) {
  s.reset();
  s.text(1, id);
  return for_each_row(s, each);
}

// The in-graph ids within `depth` relations of `id`, either way; `id` first.
Expected<std::vector<std::string>> ids_around(sqlite3* db, const std::string& id, int depth) {
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

Expected<IndexGraph> graph_from_index(sqlite3* db) {
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

Expected<IndexGraph> graph_around(sqlite3* db, const std::string& id, int depth) {
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
