#include "core/index/derived_tables.h"

#include <xxhash.h>

#include <algorithm>
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

// ---- the graph tables: one row function per table, templated over where the rows go ----

namespace {

// Collects the rows a note would write, to compare notes across runs by one 64-bit digest.
class RowDigest {
 public:
  void text(int i, std::string_view s) {
    tag('t', i);
    auto n = static_cast<std::uint32_t>(s.size());
    buf_.append(reinterpret_cast<const char*>(&n), sizeof n);
    buf_.append(s);
  }
  void text_or_null(int i, std::string_view s) {
    if (s.empty()) null(i);
    else text(i, s);
  }
  void integer(int i, std::int64_t v) {
    tag('i', i);
    buf_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void null(int i) { tag('n', i); }
  Expected<void> run() {
    buf_.push_back('\n');
    return {};
  }
  void begin_table(std::size_t t) { tag('T', static_cast<int>(t)); }
  void clear() { buf_.clear(); }
  std::int64_t digest() const { return static_cast<std::int64_t>(XXH3_64bits(buf_.data(), buf_.size())); }

 private:
  void tag(char kind, int i) {
    buf_.push_back(kind);
    buf_.push_back(static_cast<char>(i));
  }
  std::string buf_;
};

template <class Out>
void bind_location(Out& s, int first, const Location& where) {
  s.text(first, where.file);
  s.integer(first + 1, where.line);
  s.integer(first + 2, where.column);
}

constexpr const char* insert_node_sql =
    "INSERT INTO nodes(id, kind, title, path, status, year, arxiv, doi, venue, url, version, kernel, short, plain, "
    "promote_when, word_count, in_graph) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17)";

template <class Out>
Expected<void> node_rows(Out& s, const Note& n) {
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

constexpr const char* insert_relation_sql =
    "INSERT INTO relations(src, kind, dst, written, file, line, col, origin) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

// Relations are edges of the graph: only in-graph notes have them.
template <class Out>
Expected<void> relation_rows(Out& s, const Note& n) {
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

constexpr const char* insert_field_sql =
    "INSERT INTO fields(node, key, item, value, file, line, col, origin) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

template <class Out>
Expected<void> field_rows(Out& s, const Note& n) {
  for (const Field& f : n.fields) {
    if (f.items.empty()) {  // `key:` with no value, or an empty list: one row, so the field shows
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

template <class Out>
Expected<void> tag_rows(Out& s, const Note& n) {
  for (const std::string& tag : n.tags) {
    s.text(1, n.id);
    s.text(2, tag);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

template <class Out>
Expected<void> alias_rows(Out& s, const Note& n) {
  for (const std::string& alias : n.aliases) {
    s.text(1, n.id);
    s.text(2, alias);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

template <class Out>
Expected<void> author_rows(Out& s, const Note& n) {
  for (std::size_t i = 0; i < n.authors.size(); ++i) {
    s.text(1, n.id);
    s.integer(2, static_cast<std::int64_t>(i + 1));
    s.text(3, n.authors[i]);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

struct GraphTable {
  const char* name;
  const char* key;  // the column holding the note's id
  const char* insert_sql;
  Expected<void> (*write)(Statement&, const Note&);
  Expected<void> (*digest)(RowDigest&, const Note&);
};

const GraphTable graph_tables[] = {
    {"nodes", "id", insert_node_sql, node_rows<Statement>, node_rows<RowDigest>},
    {"relations", "src", insert_relation_sql, relation_rows<Statement>, relation_rows<RowDigest>},
    {"fields", "node", insert_field_sql, field_rows<Statement>, field_rows<RowDigest>},
    {"tags", "node", "INSERT INTO tags(node, tag) VALUES(?1,?2)", tag_rows<Statement>, tag_rows<RowDigest>},
    {"aliases", "node", "INSERT INTO aliases(node, alias) VALUES(?1,?2)", alias_rows<Statement>,
     alias_rows<RowDigest>},
    {"authors", "node", "INSERT INTO authors(node, position, name) VALUES(?1,?2,?3)", author_rows<Statement>,
     author_rows<RowDigest>},
};

Expected<void> write_graph_whole(sqlite3* db, const std::vector<const Note*>& notes,
                                 const std::vector<std::int64_t>& digests) {
  // (Dropping the secondary indexes and creating them after the refill was measured slower.)
  for (const GraphTable& t : graph_tables) {
    ANTH_INDEX_TRY(exec(db, (std::string("DELETE FROM ") + t.name).c_str()));
    Statement s(db, t.insert_sql);
    ANTH_INDEX_TRY(s.ready());
    for (const Note* n : notes) ANTH_INDEX_TRY(t.write(s, *n));
  }

  ANTH_INDEX_TRY(exec(db, "DELETE FROM node_docs"));
  Statement doc(db, "INSERT INTO node_docs(id, fingerprint) VALUES(?1, ?2)");
  ANTH_INDEX_TRY(doc.ready());
  for (std::size_t i = 0; i < notes.size(); ++i) {
    doc.text(1, notes[i]->id);
    doc.integer(2, digests[i]);
    ANTH_INDEX_TRY(doc.run());
  }
  return {};
}

Expected<void> write_graph_notes(sqlite3* db, const std::vector<const Note*>& notes,
                                 const std::vector<std::int64_t>& digests, const std::vector<std::size_t>& changed,
                                 const std::vector<std::string>& removed) {
  // Delete the old rows of every changed or removed note, then write the changed notes' rows.
  for (const GraphTable& t : graph_tables) {
    Statement drop(db, std::string("DELETE FROM ") + t.name + " WHERE " + t.key + " = ?1");
    ANTH_INDEX_TRY(drop.ready());
    for (const std::string& id : removed) {
      drop.text(1, id);
      ANTH_INDEX_TRY(drop.run());
    }
    for (std::size_t i : changed) {
      drop.text(1, notes[i]->id);
      ANTH_INDEX_TRY(drop.run());
    }
    Statement s(db, t.insert_sql);
    ANTH_INDEX_TRY(s.ready());
    for (std::size_t i : changed) ANTH_INDEX_TRY(t.write(s, *notes[i]));
  }
  Statement forget(db, "DELETE FROM node_docs WHERE id = ?1");
  Statement remember(db,
                     "INSERT INTO node_docs(id, fingerprint) VALUES(?1, ?2) "
                     "ON CONFLICT(id) DO UPDATE SET fingerprint = excluded.fingerprint");
  ANTH_INDEX_TRY(forget.ready());
  ANTH_INDEX_TRY(remember.ready());
  for (const std::string& id : removed) {
    forget.text(1, id);
    ANTH_INDEX_TRY(forget.run());
  }
  for (std::size_t i : changed) {
    remember.text(1, notes[i]->id);
    remember.integer(2, digests[i]);
    ANTH_INDEX_TRY(remember.run());
  }
  return {};
}

}  // namespace

Expected<GraphUpdate> write_graph(sqlite3* db, const std::vector<const Note*>& notes) {
  std::vector<std::int64_t> digests(notes.size());
  {
    RowDigest d;
    for (std::size_t i = 0; i < notes.size(); ++i) {
      d.clear();
      for (std::size_t t = 0; t < std::size(graph_tables); ++t) {
        d.begin_table(t);
        (void)graph_tables[t].digest(d, *notes[i]);
      }
      digests[i] = d.digest();
    }
  }

  // Match the stored digests (in id order) against the notes sorted by id: no hash table of 100,000
  // strings on every run.
  std::vector<std::size_t> by_id(notes.size());
  for (std::size_t i = 0; i < notes.size(); ++i) by_id[i] = i;
  std::sort(by_id.begin(), by_id.end(), [&](std::size_t a, std::size_t b) { return notes[a]->id < notes[b]->id; });
  std::vector<std::size_t> changed;
  std::vector<std::string> removed;
  std::size_t stored_count = 0;
  {
    Statement q(db, "SELECT id, fingerprint FROM node_docs ORDER BY id");
    ANTH_INDEX_TRY(q.ready());
    std::size_t k = 0;
    for (;; ++stored_count) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      std::string_view id = q.column_text(0);
      while (k < by_id.size() && std::string_view(notes[by_id[k]]->id) < id) changed.push_back(by_id[k++]);  // new
      if (k < by_id.size() && notes[by_id[k]]->id == id) {
        if (digests[by_id[k]] != q.column_int(1)) changed.push_back(by_id[k]);
        ++k;
      } else {
        removed.emplace_back(id);
      }
    }
    while (k < by_id.size()) changed.push_back(by_id[k++]);
  }
  std::sort(changed.begin(), changed.end());  // corpus order

  GraphUpdate update;
  std::size_t work = changed.size() + removed.size();
  if (work == 0) return update;
  // Deleting and inserting one note's rows costs about ten times what a refill costs per note (measured
  // at 100,000 notes: the rows of one note are spread over several large indexes); refill when a tenth
  // or more changed.
  if (stored_count == 0 || work * 10 >= std::max(notes.size(), stored_count)) {
    update.whole = true;
    update.rewritten = notes.size();
    ANTH_INDEX_TRY(write_graph_whole(db, notes, digests));
    return update;
  }
  update.rewritten = changed.size();
  update.removed = removed.size();
  ANTH_INDEX_TRY(write_graph_notes(db, notes, digests, changed, removed));
  return update;
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

// The authors as the search table's `authors` column holds them.
std::string authors_text(const Note& n) {
  std::string out;
  for (const std::string& a : n.authors) out += (out.empty() ? "" : ", ") + a;
  return out;
}

std::int64_t search_fingerprint(const Note& n) {
  XXH64_hash_t h = XXH3_64bits(n.id.data(), n.id.size());
  h = XXH3_64bits_withSeed(n.title.data(), n.title.size(), h);
  h = XXH3_64bits_withSeed(n.body.data(), n.body.size(), h);
  const std::string authors = authors_text(n);
  h = XXH3_64bits_withSeed(authors.data(), authors.size(), h);
  return static_cast<std::int64_t>(h);
}

// Drops and recreates an FTS5 table (search, search_words) from its own CREATE statement, keeping its
// configuration (<table>_config): faster than deleting most rows of an FTS5 table one by one.
Expected<void> recreate_fts(sqlite3* db, const std::string& table) {
  std::string create;
  {
    Statement q(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1");
    ANTH_INDEX_TRY(q.ready());
    q.text(1, table);
    auto row = q.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return failure("the " + table + " table is missing");
    create = std::string(q.column_text(0));
  }
  std::vector<std::pair<std::string, std::int64_t>> config;
  {
    Statement q(db, "SELECT k, v FROM " + table + "_config WHERE k <> 'version' AND typeof(v) = 'integer'");
    ANTH_INDEX_TRY(q.ready());
    for (;;) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      config.emplace_back(q.column_text(0), q.column_int(1));
    }
  }
  ANTH_INDEX_TRY(exec(db, ("DROP TABLE " + table).c_str()));
  ANTH_INDEX_TRY(exec(db, create.c_str()));
  Statement set(db, "INSERT INTO " + table + "(" + table + ", rank) VALUES(?1, ?2)");
  ANTH_INDEX_TRY(set.ready());
  for (const auto& [key, value] : config) {
    set.text(1, key);
    set.integer(2, value);
    ANTH_INDEX_TRY(set.run());
  }
  return {};
}

Expected<void> recreate_search(sqlite3* db) {
  ANTH_INDEX_TRY(recreate_fts(db, "search"));
  ANTH_INDEX_TRY(recreate_fts(db, "search_words"));
  return exec(db, "DELETE FROM search_docs");
}

}  // namespace

Expected<void> write_search(sqlite3* db, const std::vector<const Note*>& notes) {
  // The in-graph notes by id, with the fingerprint of what search would hold for them.
  struct Want {
    const Note* note;
    std::int64_t fingerprint;
    std::int64_t docid = 0;  // the stored document of this id, 0 when none
    bool same = false;       // stored with this fingerprint
  };
  std::vector<Want> wants;
  wants.reserve(notes.size());
  for (const Note* n : notes)
    if (n->in_graph) wants.push_back({n, search_fingerprint(*n)});
  std::sort(wants.begin(), wants.end(), [](const Want& a, const Want& b) { return a.note->id < b.note->id; });

  // Matched against the stored documents, in id order.
  std::vector<std::int64_t> gone;  // docids of ids no longer wanted
  std::size_t stored = 0, changes = 0;
  std::int64_t next_docid = 1;
  {
    Statement q(db, "SELECT id, docid, fingerprint FROM search_docs ORDER BY id");
    ANTH_INDEX_TRY(q.ready());
    std::size_t k = 0;
    for (;; ++stored) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      std::string_view id = q.column_text(0);
      std::int64_t docid = q.column_int(1);
      next_docid = std::max(next_docid, docid + 1);
      while (k < wants.size() && std::string_view(wants[k].note->id) < id) ++k;
      if (k < wants.size() && wants[k].note->id == id) {
        wants[k].docid = docid;
        wants[k].same = wants[k].fingerprint == q.column_int(2);
        ++k;
      } else {
        gone.push_back(docid);
      }
    }
  }
  for (const Want& w : wants) changes += w.same ? 0 : 1;
  changes += gone.size();
  if (changes == 0) return {};

  // When most documents change, starting from an empty table is cheaper than deleting them one by one.
  if (stored > 0 && changes * 2 > stored) {
    ANTH_INDEX_TRY(recreate_search(db));
    for (Want& w : wants) w = {w.note, w.fingerprint};
    gone.clear();
    next_docid = 1;
  }

  Statement add_doc(db, "INSERT INTO search_docs(id, docid, fingerprint) VALUES(?1, ?2, ?3)");
  Statement set_doc(db, "UPDATE search_docs SET fingerprint = ?2 WHERE id = ?1");
  Statement drop_doc(db, "DELETE FROM search_docs WHERE docid = ?1");
  Statement add(db, "INSERT INTO search(rowid, id, title, body, authors) VALUES(?1, ?2, ?3, ?4, ?5)");
  Statement add_words(db, "INSERT INTO search_words(rowid, title, body, authors) VALUES(?1, ?2, ?3, ?4)");
  // search_words has no content of its own: its rows are removed with the values they were added with.
  Statement drop_words(db, "INSERT INTO search_words(search_words, rowid, title, body, authors) "
                           "SELECT 'delete', rowid, title, body, authors FROM search WHERE rowid = ?1");
  Statement drop(db, "DELETE FROM search WHERE rowid = ?1");
  for (Statement* s : {&add_doc, &set_doc, &drop_doc, &add, &add_words, &drop_words, &drop}) ANTH_INDEX_TRY(s->ready());

  for (std::int64_t docid : gone) {
    drop_words.integer(1, docid);
    ANTH_INDEX_TRY(drop_words.run());
    drop.integer(1, docid);
    ANTH_INDEX_TRY(drop.run());
    drop_doc.integer(1, docid);
    ANTH_INDEX_TRY(drop_doc.run());
  }
  for (const Want& w : wants) {
    if (w.same) continue;
    std::int64_t docid = w.docid;
    if (docid != 0) {
      drop_words.integer(1, docid);
      ANTH_INDEX_TRY(drop_words.run());
      drop.integer(1, docid);
      ANTH_INDEX_TRY(drop.run());
      set_doc.text(1, w.note->id);
      set_doc.integer(2, w.fingerprint);
      ANTH_INDEX_TRY(set_doc.run());
    } else {
      docid = next_docid++;
      add_doc.text(1, w.note->id);
      add_doc.integer(2, docid);
      add_doc.integer(3, w.fingerprint);
      ANTH_INDEX_TRY(add_doc.run());
    }
    const std::string authors = authors_text(*w.note);
    add.integer(1, docid);
    add.text(2, w.note->id);
    add.text(3, w.note->title);
    add.text(4, w.note->body);
    add.text(5, authors);
    ANTH_INDEX_TRY(add.run());
    add_words.integer(1, docid);
    add_words.text(2, w.note->title);
    add_words.text(3, w.note->body);
    add_words.text(4, authors);
    ANTH_INDEX_TRY(add_words.run());
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
  s.text(1, "folders");
  s.text(2, corpus.folder_stamps);
  ANTH_INDEX_TRY(s.run());
  s.text(1, "scanned_ns");
  s.integer(2, corpus.scanned_at_ns);  // kept as text by the column's affinity
  ANTH_INDEX_TRY(s.run());
  return {};
}

}  // namespace anth::index_detail
