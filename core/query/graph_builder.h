#pragma once
// Private to core/query: a Corpus filled from rows of the index's tables, then the Graph on it.
#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>

#include "core/index/derived_tables.h"
#include "core/query/index_corpus.h"
#include "core/query/rows.h"

namespace anth::query::detail {

inline constexpr const char* node_columns = "SELECT id, kind, title, path, status, NULLIF(year, 0), arxiv FROM nodes";
inline constexpr const char* relation_columns = "SELECT src, kind, dst, written, file, line, col, origin FROM relations";

// An origin as the relations and fields tables write it (core/index/derived_tables.h).
inline Origin origin_of(std::string_view text) { return index::detail::origin_named(text).value_or(Origin::Frontmatter); }

// One row of the fields table appended to the note (core/index/graph_tables.cpp writes a field as its
// items' rows in order, a map's items with their keys; a field written empty as one row without a
// value): a row of the same key and origin as the note's last field is one more item of it.
inline void add_field_row(Note& n, std::string key, std::optional<std::string> item, std::optional<std::string> value,
                          Location where, Origin origin) {
  if (n.fields.empty() || n.fields.back().key != key || n.fields.back().origin != origin) {
    Field f;
    f.key = std::move(key);
    f.where = where;
    f.origin = origin;
    f.shape = !value ? Field::Shape::Null : item ? Field::Shape::Map : Field::Shape::Scalar;
    n.fields.push_back(std::move(f));
  } else if (n.fields.back().shape == Field::Shape::Scalar) {
    n.fields.back().shape = Field::Shape::List;
  }
  Field& f = n.fields.back();
  if (!value) return;
  f.items.push_back({std::move(*value), where});
  if (item) f.keys.push_back(std::move(*item));
}

// Notes by id while the corpus is filled, then sorted by path like ingest's.
struct Builder {
  Corpus corpus;
  std::unordered_map<std::string, std::size_t> position;

  // A note from a row of node_columns (its relations, tags and authors come separately).
  static Note note_of_row(const Statement& s) {
    Note n;
    n.id = text_at(s, 0);
    n.kind = parse_kind(s.column_text(1));
    n.title = text_at(s, 2);
    n.path = text_at(s, 3);
    n.status = text_at(s, 4);
    n.year = int_at(s, 5).value_or(0);
    n.arxiv = text_at(s, 6);
    return n;
  }
  Note& add(Note n) {
    position.emplace(n.id, corpus.notes.size());
    corpus.notes.push_back(std::move(n));
    return corpus.notes.back();
  }
  void add_note(const Statement& s) { add(note_of_row(s)); }
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
  util::Expected<IndexGraph> finish(sqlite3* db) {
    Statement root(db, "SELECT value FROM meta WHERE key = 'root'");
    auto r = for_each_row(root, [&](const Statement& s) { corpus.root = text_at(s, 0); });
    if (!r) return std::unexpected(r.error());
    // Sorted through their positions: a Note is large, and moving each once beats swapping them.
    std::vector<std::size_t> order(corpus.notes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto& notes = corpus.notes;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::tie(notes[a].path, notes[a].id) < std::tie(notes[b].path, notes[b].id);
    });
    std::vector<Note> sorted;
    sorted.reserve(order.size());
    for (std::size_t i : order) sorted.push_back(std::move(corpus.notes[i]));
    corpus.notes = std::move(sorted);
    corpus.index_ids();
    IndexGraph g;
    g.corpus = std::make_unique<Corpus>(std::move(corpus));
    g.graph = std::make_unique<graph::Graph>(*g.corpus);
    return g;
  }
};

// Runs `sql` with `id` bound to ?1 and hands each row to `each`.
template <class Each>
util::Expected<void> rows_of(Statement& s, const std::string& id, Each&& each) {
  s.reset();
  s.text(1, id);
  return for_each_row(s, each);
}

}  // namespace anth::query::detail
