// The full-text tables (search, search_words and their bookkeeping search_docs): only the documents
// whose id, title, body or authors changed are rewritten, or the tables whole when most did.
#include <xxhash.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/index/derived_tables.h"
#include "core/index/sqlite_util.h"
#include "core/util/cjk_pairs.h"

namespace anth::index::detail {

namespace {

// The authors as the search table's `authors` column holds them.
std::string authors_text(const Note& n) {
  std::string out;
  for (const std::string& a : n.authors) out += (out.empty() ? "" : ", ") + a;
  return out;
}

// The body counts by the file's content hash, which a note read back without its body still has (its
// body is made from those bytes alone); by the body itself when there is no hash (an unreadable file).
std::int64_t search_fingerprint(const Note& n) {
  XXH64_hash_t h = XXH3_64bits(n.id.data(), n.id.size());
  h = XXH3_64bits_withSeed(n.title.data(), n.title.size(), h);
  if (n.content_hash) h = XXH3_64bits_withSeed(&n.content_hash, sizeof n.content_hash, h);
  else h = XXH3_64bits_withSeed(n.body.data(), n.body.size(), h);
  const std::string authors = authors_text(n);
  h = XXH3_64bits_withSeed(authors.data(), authors.size(), h);
  return static_cast<std::int64_t>(h);
}

// Drops and recreates an FTS5 table (search, search_words) from its own CREATE statement, keeping its
// configuration (<table>_config): faster than deleting most rows of an FTS5 table one by one.
util::Expected<void> recreate_fts(sqlite3* db, const std::string& table) {
  std::string create;
  {
    Statement q(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1");
    ANTH_INDEX_TRY(q.ready());
    q.text(1, table);
    auto row = q.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) return util::failure("the " + table + " table is missing");
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

util::Expected<void> recreate_search(sqlite3* db) {
  ANTH_INDEX_TRY(recreate_fts(db, "search"));
  ANTH_INDEX_TRY(recreate_fts(db, "search_words"));
  return exec(db, "DELETE FROM search_docs");
}

// An in-graph note with the fingerprint of what search would hold for it.
struct Want {
  const Note* note;
  std::int64_t fingerprint;
  std::int64_t docid = 0;  // the stored document of this id, 0 when none
  bool same = false;       // stored with this fingerprint
};

// The wanted documents matched against the stored ones.
struct SearchPlan {
  std::vector<Want> wants;         // by id
  std::vector<std::int64_t> gone;  // docids of ids no longer wanted
  std::size_t stored = 0;
  std::int64_t next_docid = 1;
  std::size_t changes() const {
    std::size_t n = gone.size();
    for (const Want& w : wants) n += w.same ? 0 : 1;
    return n;
  }
};

util::Expected<SearchPlan> plan_search(sqlite3* db, const std::vector<const Note*>& notes) {
  SearchPlan plan;
  std::vector<Want>& wants = plan.wants;
  wants.reserve(notes.size());
  for (const Note* n : notes)
    if (n->in_graph) wants.push_back({n, search_fingerprint(*n)});
  std::sort(wants.begin(), wants.end(), [](const Want& a, const Want& b) { return a.note->id < b.note->id; });
  // Matched against the stored documents, in id order.
  Statement q(db, "SELECT id, docid, fingerprint FROM search_docs ORDER BY id");
  ANTH_INDEX_TRY(q.ready());
  std::size_t k = 0;
  for (;; ++plan.stored) {
    auto row = q.next();
    if (!row) return std::unexpected(row.error());
    if (!*row) break;
    std::string_view id = q.column_text(0);
    std::int64_t docid = q.column_int(1);
    plan.next_docid = std::max(plan.next_docid, docid + 1);
    while (k < wants.size() && std::string_view(wants[k].note->id) < id) ++k;
    if (k < wants.size() && wants[k].note->id == id) {
      wants[k].docid = docid;
      wants[k].same = wants[k].fingerprint == q.column_int(2);
      ++k;
    } else {
      plan.gone.push_back(docid);
    }
  }
  return plan;
}

// The statements that add and remove one search document.
class SearchWriter {
 public:
  explicit SearchWriter(sqlite3* db)
      : db_(db),
        add_doc_(db, "INSERT INTO search_docs(id, docid, fingerprint) VALUES(?1, ?2, ?3)"),
        set_doc_(db, "UPDATE search_docs SET fingerprint = ?2 WHERE id = ?1"),
        drop_doc_(db, "DELETE FROM search_docs WHERE docid = ?1"),
        add_(db, "INSERT INTO search(rowid, id, title, body, authors) VALUES(?1, ?2, ?3, ?4, ?5)"),
        add_words_(db, "INSERT INTO search_words(rowid, title, body, authors) VALUES(?1, ?2, ?3, ?4)"),
        // search_words has no content of its own: its rows are removed with the values they were added with.
        drop_words_(db, "INSERT INTO search_words(search_words, rowid, title, body, authors) "
                        "SELECT 'delete', rowid, title, body, authors FROM search WHERE rowid = ?1"),
        drop_(db, "DELETE FROM search WHERE rowid = ?1"),
        parse_of_(db, "SELECT parse FROM files WHERE path = ?1") {}

  util::Expected<void> ready() {
    for (Statement* s : {&add_doc_, &set_doc_, &drop_doc_, &add_, &add_words_, &drop_words_, &drop_, &parse_of_})
      ANTH_INDEX_TRY(s->ready());
    return {};
  }

  // Removes a document's text; with `forget`, also its bookkeeping row.
  util::Expected<void> drop(std::int64_t docid, bool forget) {
    drop_words_.integer(1, docid);
    ANTH_INDEX_TRY(drop_words_.run());
    drop_.integer(1, docid);
    ANTH_INDEX_TRY(drop_.run());
    if (!forget) return {};
    drop_doc_.integer(1, docid);
    return drop_doc_.run();
  }

  // Writes a changed document: in place of its stored one, or as a new one numbered from next_docid.
  util::Expected<void> put(const Want& w, std::int64_t& next_docid) {
    std::int64_t docid = w.docid;
    if (docid != 0) {
      ANTH_INDEX_TRY(drop(docid, /*forget=*/false));
      set_doc_.text(1, w.note->id);
      set_doc_.integer(2, w.fingerprint);
      ANTH_INDEX_TRY(set_doc_.run());
    } else {
      docid = next_docid++;
      add_doc_.text(1, w.note->id);
      add_doc_.integer(2, docid);
      add_doc_.integer(3, w.fingerprint);
      ANTH_INDEX_TRY(add_doc_.run());
    }
    const std::string authors_held = authors_text(*w.note);
    auto read = w.note->body_held ? std::optional<std::string>() : body_of(w.note->path);
    if (!w.note->body_held && !read) return util::failure("the parse of " + w.note->path + " is missing from the index");
    // CJK runs as their pairs (util/cjk_pairs.h), so that a query finds a word inside a run.
    std::string title_pairs, body_pairs, authors_pairs;
    const std::string_view title = util::cjk_pairs_text(w.note->title, title_pairs);
    const std::string_view body = util::cjk_pairs_text(read ? *read : w.note->body, body_pairs);
    const std::string_view authors = util::cjk_pairs_text(authors_held, authors_pairs);
    add_.integer(1, docid);
    add_.text(2, w.note->id);
    add_.text(3, title);
    add_.text(4, body);
    add_.text(5, authors);
    ANTH_INDEX_TRY(add_.run());
    const bool large = body.size() >= flush_after_bytes;
    if (large) ANTH_INDEX_TRY(flush());
    add_words_.integer(1, docid);
    add_words_.text(2, title);
    add_words_.text(3, body);
    add_words_.text(4, authors);
    ANTH_INDEX_TRY(add_words_.run());
    if (large) ANTH_INDEX_TRY(flush());
    return {};
  }

 private:
  // The markdown body of a note read back without it (Note::body_held), from its stored parse.
  std::optional<std::string> body_of(const std::string& path) {
    parse_of_.reset();
    parse_of_.text(1, path);
    auto row = parse_of_.next();
    if (!row || !*row) return std::nullopt;
    return decode_parse_body(parse_of_.column_text(0));
  }

  // FTS5 holds a transaction's new terms in memory until it commits, and checks its limit (hashsize)
  // only before the next document: a note of 2,000,000 distinct words held ~270 MB a table, both tables
  // at once. After a document this large the terms are written out (a savepoint is where FTS5 writes
  // what it holds), one table at a time.
  static constexpr std::size_t flush_after_bytes = 1 << 20;
  util::Expected<void> flush() {
    ANTH_INDEX_TRY(exec(db_, "SAVEPOINT search_flush"));
    return exec(db_, "RELEASE search_flush");
  }

  sqlite3* db_;
  Statement add_doc_, set_doc_, drop_doc_, add_, add_words_, drop_words_, drop_, parse_of_;
};

}  // namespace

util::Expected<void> write_search(sqlite3* db, const std::vector<const Note*>& notes) {
  auto plan = plan_search(db, notes);
  if (!plan) return std::unexpected(plan.error());
  const std::size_t changes = plan->changes();
  if (changes == 0) return {};
  // When most documents change, starting from an empty table is cheaper than deleting them one by one.
  if (plan->stored > 0 && changes * 2 > plan->stored) {
    ANTH_INDEX_TRY(recreate_search(db));
    for (Want& w : plan->wants) w = {w.note, w.fingerprint};
    plan->gone.clear();
    plan->next_docid = 1;
  }
  SearchWriter writer(db);
  ANTH_INDEX_TRY(writer.ready());
  for (std::int64_t docid : plan->gone) ANTH_INDEX_TRY(writer.drop(docid, /*forget=*/true));
  for (const Want& w : plan->wants)
    if (!w.same) ANTH_INDEX_TRY(writer.put(w, plan->next_docid));
  return {};
}

}  // namespace anth::index::detail
