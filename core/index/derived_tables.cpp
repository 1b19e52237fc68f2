#include "core/index/derived_tables.h"

#include <xxhash.h>

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "core/index/index.h"
#include "core/index/sqlite_util.h"
#include "core/rules/rule_catalog.h"

#ifndef ANTHOLOGY_VERSION
#define ANTHOLOGY_VERSION "unknown"
#endif

namespace anth::index_detail {

namespace {

void bind_location(Statement& s, int first, const Location& where) {
  s.text(first, where.file);
  s.integer(first + 1, where.line);
  s.integer(first + 2, where.column);
}

}  // namespace

const char* origin_text(Origin origin) {
  switch (origin) {
    case Origin::Frontmatter: return "frontmatter";
    case Origin::Inline: return "inline";
    case Origin::Body: return "body";
  }
  return "frontmatter";
}

std::vector<const Note*> node_notes(const Corpus& corpus) {
  std::vector<const Note*> out;
  out.reserve(corpus.notes.size());
  std::unordered_set<std::string_view> seen;
  seen.reserve(corpus.notes.size() * 2);
  for (const Note& n : corpus.notes)
    if (n.in_graph && seen.insert(n.id).second) out.push_back(&n);
  for (const Note& n : corpus.notes)
    if (!n.in_graph && seen.insert(n.id).second) out.push_back(&n);
  return out;
}

// ---- nodes ----

namespace {

constexpr const char* insert_node_sql =
    "INSERT INTO nodes(id, kind, title, path, status, year, arxiv, doi, venue, url, version, kernel, short, plain, "
    "promote_when, word_count, in_graph) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17)";

Expected<void> node_rows(Statement& s, const Note& n) {
  s.text(1, n.id);
  if (n.kind) s.text(2, kind_name(*n.kind));
  else s.null(2);
  s.text_or_null(3, n.title);
  s.text(4, n.path);
  s.text_or_null(5, n.status);
  if (n.year != 0) s.integer(6, n.year);
  else s.null(6);
  s.text_or_null(7, n.arxiv);
  s.text_or_null(8, n.doi);
  s.text_or_null(9, n.venue);
  s.text_or_null(10, n.url);
  if (n.kind == Kind::Lit) s.integer(11, n.version);
  else s.null(11);
  s.text_or_null(12, n.kernel);
  s.text_or_null(13, n.short_definition);
  s.text_or_null(14, n.plain);
  s.text_or_null(15, n.promote_when);
  s.integer(16, n.word_count);
  s.integer(17, n.in_graph ? 1 : 0);
  return s.run();
}

// ---- relations ----

constexpr const char* insert_relation_sql =
    "INSERT INTO relations(src, kind, dst, written, file, line, col, origin) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

Expected<void> relation_rows(Statement& s, const Note& n) {
  if (!n.in_graph) return {};
  for (const Relation& r : n.relations) {
    s.text(1, n.id);
    s.text(2, r.kind);
    s.text_or_null(3, r.to);
    s.text(4, r.written);
    bind_location(s, 5, r.where);
    s.text(8, origin_text(r.origin));
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

// ---- fields ----

constexpr const char* insert_field_sql =
    "INSERT INTO fields(node, key, item, value, file, line, col, origin) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

Expected<void> field_rows(Statement& s, const Note& n) {
  for (const Field& f : n.fields) {
    if (f.items.empty()) {
      s.text(1, n.id);
      s.text(2, f.key);
      s.null(3);
      s.null(4);
      bind_location(s, 5, f.where);
      s.text(8, origin_text(f.origin));
      ANTH_INDEX_TRY(s.run());
      continue;
    }
    for (std::size_t i = 0; i < f.items.size(); ++i) {
      s.text(1, n.id);
      s.text(2, f.key);
      if (f.shape == Field::Shape::Map && i < f.keys.size()) s.text(3, f.keys[i]);
      else s.null(3);
      s.text(4, f.items[i].text);
      bind_location(s, 5, f.items[i].where);
      s.text(8, origin_text(f.origin));
      ANTH_INDEX_TRY(s.run());
    }
  }
  return {};
}

// ---- tags, aliases, authors ----

Expected<void> tag_rows(Statement& s, const Note& n) {
  for (const std::string& tag : n.tags) {
    s.text(1, n.id);
    s.text(2, tag);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

Expected<void> alias_rows(Statement& s, const Note& n) {
  for (const std::string& alias : n.aliases) {
    s.text(1, n.id);
    s.text(2, alias);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

Expected<void> author_rows(Statement& s, const Note& n) {
  for (std::size_t i = 0; i < n.authors.size(); ++i) {
    s.text(1, n.id);
    s.integer(2, static_cast<std::int64_t>(i + 1));
    s.text(3, n.authors[i]);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

// Empties `table` and inserts the rows `rows` gives for each note.
template <class Rows>
Expected<void> rewrite(sqlite3* db, const char* table, const char* insert_sql, const std::vector<const Note*>& notes,
                       Rows rows) {
  ANTH_INDEX_TRY(exec(db, (std::string("DELETE FROM ") + table).c_str()));
  Statement s(db, insert_sql);
  ANTH_INDEX_TRY(s.ready());
  for (const Note* n : notes) ANTH_INDEX_TRY(rows(s, *n));
  return {};
}

}  // namespace

Expected<void> write_nodes(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "nodes", insert_node_sql, notes, node_rows);
}

Expected<void> write_relations(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "relations", insert_relation_sql, notes, relation_rows);
}

Expected<void> write_fields(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "fields", insert_field_sql, notes, field_rows);
}

Expected<void> write_tags(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "tags", "INSERT INTO tags(node, tag) VALUES(?1,?2)", notes, tag_rows);
}

Expected<void> write_aliases(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "aliases", "INSERT INTO aliases(node, alias) VALUES(?1,?2)", notes, alias_rows);
}

Expected<void> write_authors(sqlite3* db, const std::vector<const Note*>& notes) {
  return rewrite(db, "authors", "INSERT INTO authors(node, position, name) VALUES(?1,?2,?3)", notes, author_rows);
}

// ---- diagnostics ----

Expected<void> write_diagnostics(sqlite3* db, const std::vector<Diagnostic>& diagnostics) {
  ANTH_INDEX_TRY(exec(db, "DELETE FROM diagnostics"));
  Statement s(db,
              "INSERT INTO diagnostics(rule, name, severity, file, line, col, message, related) "
              "VALUES(?1,?2,?3,?4,?5,?6,?7,?8)");
  ANTH_INDEX_TRY(s.ready());
  std::string related;
  for (const Diagnostic& d : diagnostics) {
    nlohmann::json list = nlohmann::json::array();
    for (const RelatedLocation& r : d.related)
      list.push_back({{"file", r.where.file}, {"line", r.where.line}, {"col", r.where.column}, {"message", r.message}});
    related = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    s.text(1, d.rule);
    if (const RuleInfo* info = find_rule(d.rule)) s.text(2, info->name);
    else s.null(2);
    s.text(3, severity_name(d.severity));
    bind_location(s, 4, d.where);
    s.text(7, d.message);
    s.text(8, related);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

// ---- search ----

namespace {

std::int64_t search_fingerprint(const Note& n) {
  XXH64_hash_t h = XXH3_64bits(n.id.data(), n.id.size());
  h = XXH3_64bits_withSeed(n.title.data(), n.title.size(), h);
  h = XXH3_64bits_withSeed(n.body.data(), n.body.size(), h);
  return static_cast<std::int64_t>(h);
}

// Drops and recreates the search table from its own CREATE statement: faster than deleting most rows
// of an FTS5 table one by one.
Expected<void> recreate_search(sqlite3* db) {
  std::string create;
  {
    Statement q(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'search'");
    ANTH_INDEX_TRY(q.ready());
    auto row = q.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return failure("the search table is missing");
    create = std::string(q.column_text(0));
  }
  ANTH_INDEX_TRY(exec(db, "DROP TABLE search"));
  ANTH_INDEX_TRY(exec(db, create.c_str()));
  return exec(db, "DELETE FROM search_docs");
}

}  // namespace

Expected<void> write_search(sqlite3* db, const std::vector<const Note*>& notes) {
  struct Doc {
    std::int64_t docid;
    std::int64_t fingerprint;
    bool wanted = false;
  };
  std::unordered_map<std::string, Doc> docs;
  {
    Statement q(db, "SELECT docid, id, fingerprint FROM search_docs");
    ANTH_INDEX_TRY(q.ready());
    for (;;) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      docs.emplace(std::string(q.column_text(1)), Doc{q.column_int(0), q.column_int(2)});
    }
  }

  struct Want {
    const Note* note;
    std::int64_t fingerprint;
    Doc* doc;  // the stored document of this id, or null
  };
  std::vector<Want> wants;
  wants.reserve(notes.size());
  std::size_t changes = 0;
  for (const Note* n : notes) {
    if (!n->in_graph) continue;
    std::int64_t fp = search_fingerprint(*n);
    auto it = docs.find(n->id);
    Doc* doc = it == docs.end() ? nullptr : &it->second;
    if (doc) doc->wanted = true;
    if (!doc || doc->fingerprint != fp) ++changes;
    wants.push_back({n, fp, doc});
  }
  std::size_t removed = 0;
  for (const auto& [id, doc] : docs)
    if (!doc.wanted) ++removed;
  changes += removed;
  if (changes == 0) return {};

  // When most documents change, starting from an empty table is cheaper than deleting them one by one.
  if (!docs.empty() && changes * 2 > docs.size()) {
    ANTH_INDEX_TRY(recreate_search(db));
    docs.clear();
    for (Want& w : wants) w.doc = nullptr;
    removed = 0;
  }

  Statement add_doc(db, "INSERT INTO search_docs(id, fingerprint) VALUES(?1, ?2)");
  Statement set_doc(db, "UPDATE search_docs SET fingerprint = ?2 WHERE docid = ?1");
  Statement drop_doc(db, "DELETE FROM search_docs WHERE docid = ?1");
  Statement add(db, "INSERT INTO search(rowid, id, title, body) VALUES(?1, ?2, ?3, ?4)");
  Statement drop(db, "DELETE FROM search WHERE rowid = ?1");
  for (Statement* s : {&add_doc, &set_doc, &drop_doc, &add, &drop}) ANTH_INDEX_TRY(s->ready());

  if (removed > 0)
    for (const auto& [id, doc] : docs) {
      if (doc.wanted) continue;
      drop.integer(1, doc.docid);
      ANTH_INDEX_TRY(drop.run());
      drop_doc.integer(1, doc.docid);
      ANTH_INDEX_TRY(drop_doc.run());
    }

  for (const Want& w : wants) {
    std::int64_t docid;
    if (w.doc) {
      if (w.doc->fingerprint == w.fingerprint) continue;
      docid = w.doc->docid;
      drop.integer(1, docid);
      ANTH_INDEX_TRY(drop.run());
      set_doc.integer(1, docid);
      set_doc.integer(2, w.fingerprint);
      ANTH_INDEX_TRY(set_doc.run());
    } else {
      add_doc.text(1, w.note->id);
      add_doc.integer(2, w.fingerprint);
      ANTH_INDEX_TRY(add_doc.run());
      docid = sqlite3_last_insert_rowid(db);
    }
    add.integer(1, docid);
    add.text(2, w.note->id);
    add.text(3, w.note->title);
    add.text(4, w.note->body);
    ANTH_INDEX_TRY(add.run());
  }
  return {};
}

// ---- meta ----

Expected<void> write_meta(sqlite3* db, const Corpus& corpus) {
  Statement s(db, "INSERT INTO meta(key, value) VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  ANTH_INDEX_TRY(s.ready());
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  const std::string version = std::to_string(index_schema_version);
  const std::pair<const char*, std::string_view> rows[] = {
      {"schema_version", version}, {"anthology_version", ANTHOLOGY_VERSION}, {"root", corpus.root}, {"updated_at", stamp}};
  for (const auto& [key, value] : rows) {
    s.text(1, key);
    s.text(2, value);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

}  // namespace anth::index_detail
