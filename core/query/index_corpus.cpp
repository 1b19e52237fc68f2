#include "core/query/index_corpus.h"

#include <sqlite3.h>

#include <unordered_map>

#include "core/query/rows.h"

namespace anth::query {

using detail::for_each_row;
using detail::int_at;
using detail::Statement;
using detail::text_at;

namespace {

Origin origin_of(std::string_view text) {
  if (text == "inline") return Origin::Inline;
  if (text == "body") return Origin::Body;
  return Origin::Frontmatter;
}

}  // namespace

Expected<Corpus> corpus_from_index(sqlite3* db) {
  Corpus corpus;
  std::unordered_map<std::string, std::size_t> position;
  Statement nodes(db,
                  "SELECT id, kind, title, path, status, NULLIF(year, 0), arxiv FROM nodes WHERE in_graph = 1"
                  " ORDER BY path, id");
  auto r = for_each_row(nodes, [&](const Statement& s) {
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
  });
  if (!r) return std::unexpected(r.error());

  Statement tags(db, "SELECT node, tag FROM tags ORDER BY rowid");
  r = for_each_row(tags, [&](const Statement& s) {
    if (auto it = position.find(text_at(s, 0)); it != position.end()) corpus.notes[it->second].tags.push_back(text_at(s, 1));
  });
  if (!r) return std::unexpected(r.error());

  Statement relations(db, "SELECT src, kind, dst, written, file, line, col, origin FROM relations ORDER BY rowid");
  r = for_each_row(relations, [&](const Statement& s) {
    auto it = position.find(text_at(s, 0));
    if (it == position.end()) return;
    Relation rel;
    rel.from = it->first;
    rel.kind = text_at(s, 1);
    rel.to = text_at(s, 2);
    rel.written = text_at(s, 3);
    rel.where = {text_at(s, 4), int_at(s, 5).value_or(1), int_at(s, 6).value_or(1)};
    rel.origin = origin_of(s.column_text(7));
    corpus.notes[it->second].relations.push_back(std::move(rel));
  });
  if (!r) return std::unexpected(r.error());

  Statement root(db, "SELECT value FROM meta WHERE key = 'root'");
  r = for_each_row(root, [&](const Statement& s) { corpus.root = text_at(s, 0); });
  if (!r) return std::unexpected(r.error());
  corpus.index_ids();
  return corpus;
}

Expected<IndexGraph> graph_from_index(sqlite3* db) {
  auto corpus = corpus_from_index(db);
  if (!corpus) return std::unexpected(corpus.error());
  IndexGraph g;
  g.corpus = std::make_unique<Corpus>(std::move(*corpus));
  g.graph = std::make_unique<Graph>(*g.corpus);
  return g;
}

}  // namespace anth::query
