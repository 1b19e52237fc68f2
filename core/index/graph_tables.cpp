// The graph tables (nodes, relations, fields, tags, aliases, authors): one row function per table,
// templated over where the rows go (a statement, or the digest that tells an unchanged note).
#include <xxhash.h>

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "core/index/derived_tables.h"
#include "core/index/sqlite_util.h"
#include "core/model/tag_names.h"

namespace anth::index::detail {

namespace {

// Collects the rows a note would write, to compare notes across runs by one 64-bit digest. The rows
// go through a small buffer into a streaming hash (the same digest as hashing them at once): a note of
// 2,000,000 links made a buffer of 180 MB here, grown by doubling.
class RowDigest {
 public:
  RowDigest() : state_(XXH3_createState()) { clear(); }
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
  util::Expected<void> run() {
    buf_.push_back('\n');
    if (buf_.size() >= spill_bytes) spill();
    return {};
  }
  void begin_table(std::size_t t) { tag('T', static_cast<int>(t)); }
  void clear() {
    buf_.clear();
    XXH3_64bits_reset(state_.get());
  }
  std::int64_t digest() {
    spill();
    return static_cast<std::int64_t>(XXH3_64bits_digest(state_.get()));
  }

 private:
  static constexpr std::size_t spill_bytes = 64 * 1024;
  struct Free {
    void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
  };
  void spill() {
    XXH3_64bits_update(state_.get(), buf_.data(), buf_.size());
    buf_.clear();
  }
  void tag(char kind, int i) {
    buf_.push_back(kind);
    buf_.push_back(static_cast<char>(i));
  }
  std::unique_ptr<XXH3_state_t, Free> state_;
  std::string buf_;
};

constexpr const char* insert_node_sql =
    "INSERT INTO nodes(id, kind, title, path, status, year, arxiv, doi, venue, url, version, kernel, short, plain, "
    "promote_when, word_count, in_graph, node_year) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18)";

template <class Out>
util::Expected<void> node_rows(Out& s, const Note& n, const NodeFacts& facts) {
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
  if (facts.year) s.integer(18, *facts.year);
  else s.null(18);
  return s.run();
}

constexpr const char* insert_relation_sql =
    "INSERT INTO relations(src, kind, dst, written, file, line, col, origin) VALUES(?1,?2,?3,?4,?5,?6,?7,?8)";

// Relations are edges of the graph: only in-graph notes have them.
template <class Out>
util::Expected<void> relation_rows(Out& s, const Note& n, [[maybe_unused]] const NodeFacts& facts) {
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
util::Expected<void> field_rows(Out& s, const Note& n, [[maybe_unused]] const NodeFacts& facts) {
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
util::Expected<void> tag_rows(Out& s, const Note& n, [[maybe_unused]] const NodeFacts& facts) {
  for (const std::string& tag : n.tags) {
    const std::string key = tag_key(tag);  // bound, not copied: it must outlive the run
    s.text(1, n.id);
    s.text(2, tag);
    s.text(3, key);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

template <class Out>
util::Expected<void> alias_rows(Out& s, const Note& n, [[maybe_unused]] const NodeFacts& facts) {
  for (const std::string& alias : n.aliases) {
    s.text(1, n.id);
    s.text(2, alias);
    ANTH_INDEX_TRY(s.run());
  }
  return {};
}

template <class Out>
util::Expected<void> author_rows(Out& s, const Note& n, [[maybe_unused]] const NodeFacts& facts) {
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
  util::Expected<void> (*write)(Statement&, const Note&, const NodeFacts&);
  util::Expected<void> (*digest)(RowDigest&, const Note&, const NodeFacts&);
};

const GraphTable graph_tables[] = {
    {"nodes", "id", insert_node_sql, node_rows<Statement>, node_rows<RowDigest>},
    {"relations", "src", insert_relation_sql, relation_rows<Statement>, relation_rows<RowDigest>},
    {"fields", "node", insert_field_sql, field_rows<Statement>, field_rows<RowDigest>},
    {"tags", "node", "INSERT INTO tags(node, tag, key) VALUES(?1,?2,?3)", tag_rows<Statement>, tag_rows<RowDigest>},
    {"aliases", "node", "INSERT INTO aliases(node, alias) VALUES(?1,?2)", alias_rows<Statement>,
     alias_rows<RowDigest>},
    {"authors", "node", "INSERT INTO authors(node, position, name) VALUES(?1,?2,?3)", author_rows<Statement>,
     author_rows<RowDigest>},
};

util::Expected<void> write_graph_whole(sqlite3* db, const std::vector<const Note*>& notes, const std::vector<NodeFacts>& facts,
                                 const std::vector<std::int64_t>& digests) {
  // (Dropping the secondary indexes and creating them after the refill was measured slower.)
  for (const GraphTable& t : graph_tables) {
    ANTH_INDEX_TRY(exec(db, (std::string("DELETE FROM ") + t.name).c_str()));
    Statement s(db, t.insert_sql);
    ANTH_INDEX_TRY(s.ready());
    for (std::size_t i = 0; i < notes.size(); ++i) ANTH_INDEX_TRY(t.write(s, *notes[i], facts[i]));
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

util::Expected<void> write_graph_notes(sqlite3* db, const std::vector<const Note*>& notes, const std::vector<NodeFacts>& facts,
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
    for (std::size_t i : changed) ANTH_INDEX_TRY(t.write(s, *notes[i], facts[i]));
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

util::Expected<GraphUpdate> write_graph(sqlite3* db, const std::vector<const Note*>& notes,
                                  const std::vector<NodeFacts>& facts) {
  std::vector<std::int64_t> digests(notes.size());
  {
    RowDigest d;
    for (std::size_t i = 0; i < notes.size(); ++i) {
      d.clear();
      for (std::size_t t = 0; t < std::size(graph_tables); ++t) {
        d.begin_table(t);
        (void)graph_tables[t].digest(d, *notes[i], facts[i]);
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
    ANTH_INDEX_TRY(write_graph_whole(db, notes, facts, digests));
    return update;
  }
  update.rewritten = changed.size();
  update.removed = removed.size();
  ANTH_INDEX_TRY(write_graph_notes(db, notes, facts, digests, changed, removed));
  return update;
}

}  // namespace anth::index::detail
