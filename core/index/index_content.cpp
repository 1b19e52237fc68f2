// The Index's content: the cached parses, the derived tables written with them, and kernel results.
#include <sqlite3.h>

#include <algorithm>

#include "core/index/derived_tables.h"
#include "core/index/index.h"
#include "core/index/index_health.h"
#include "core/index/index_state.h"
#include "core/index/sqlite_util.h"
#include "core/util/phase_timer.h"

namespace anth::index {

using detail::exec;
using detail::max_value_bytes;
using detail::Scalar;
using detail::scalar;
using detail::sqlite_error;
using detail::Statement;

namespace {

std::int64_t to_signed(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t to_unsigned(std::int64_t v) { return static_cast<std::uint64_t>(v); }

}  // namespace

std::unordered_map<std::string, CachedFile> Index::cached_files() {
  std::unordered_map<std::string, CachedFile> out;
  try {
    Statement q(handle(), "SELECT path, hash, size, mtime_ns, ctime_ns FROM files");
    if (!q.ready()) return out;
    for (;;) {
      auto row = q.next();
      if (!row || !*row) break;
      out.emplace(std::string(q.column_text(0)),
                  CachedFile{to_unsigned(q.column_int(1)), to_unsigned(q.column_int(2)), q.column_int(3), q.column_int(4)});
    }
  } catch (...) {
    out.clear();
  }
  return out;
}

std::int64_t Index::scanned_at_ns() {
  Scalar s = scalar(handle(), "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'scanned_ns'");
  return s.rc == SQLITE_OK && s.has_row ? s.number : 0;
}

std::optional<ParsedNote> Index::load_parse(const std::string& path) {
  std::optional<std::string> text = std::move(load_parse_texts({path}).front());
  if (!text) return std::nullopt;
  try {
    return decode_parse(*text);
  } catch (...) {
    return std::nullopt;
  }
}

std::vector<std::optional<std::string>> Index::load_parse_texts(const std::vector<std::string>& paths, bool need_body) {
  std::vector<std::optional<std::string>> out(paths.size());
  if (!handle()) return out;
  // `body IS NOT NULL` reads the record's header only, not the body's pages.
  Statement& q = need_body ? state_->load_parse_bodied : state_->load_parse;
  if (!q.get())
    q = Statement(handle(), need_body ? "SELECT parse FROM files WHERE path = ?1 AND body IS NOT NULL"
                                      : "SELECT parse FROM files WHERE path = ?1");
  if (!q.ready()) {
    q = Statement();  // try again next time (the schema may have been repaired)
    return out;
  }
  // One read transaction for the batch: a statement reset per file would begin and end one each time.
  const bool own = exec(handle(), "BEGIN").has_value();
  for (std::size_t i = 0; i < paths.size(); ++i) {
    q.text(1, paths[i]);
    auto row = q.next();
    if (row && *row) out[i] = std::string(q.column_text(0));
    q.reset();
  }
  if (own) exec(handle(), "COMMIT");
  return out;
}

std::optional<std::string> Index::load_body_text(const std::string& path) {
  if (!handle()) return std::nullopt;
  Statement& q = state_->load_body;
  if (!q.get()) q = Statement(handle(), "SELECT body FROM files WHERE path = ?1 AND body IS NOT NULL");
  if (!q.ready()) {
    q = Statement();
    return std::nullopt;
  }
  q.text(1, path);
  std::optional<std::string> out;
  if (auto row = q.next(); row && *row) out = std::string(q.column_blob(0));
  q.reset();
  return out;
}

namespace {

util::Expected<void> upsert_parses(sqlite3* db, const std::vector<Index::FileParse>& changed) {
  {
    // A row without a body keeps the one stored (only its stat changed), unless the parse made none
    // (?8: a parse for the checks only, Index::FileParse::no_body).
    Statement upsert(db,
                     "INSERT INTO files(path, hash, size, mtime_ns, ctime_ns, parse, body) VALUES(?1,?2,?3,?4,?5,?6,?7) "
                     "ON CONFLICT(path) DO UPDATE SET hash = excluded.hash, size = excluded.size, "
                     "mtime_ns = excluded.mtime_ns, ctime_ns = excluded.ctime_ns, parse = excluded.parse, "
                     "body = CASE WHEN ?8 THEN NULL ELSE COALESCE(excluded.body, files.body) END");
    ANTH_INDEX_TRY(upsert.ready());
    std::string json, body_text;
    for (const Index::FileParse& f : changed) {
      if (!f.parse && f.encoded.empty()) continue;
      if (f.parse) json = encode_parse(*f.parse);
      const bool no_body = f.parse ? !f.parse->note.rendered.text_made : f.no_body;
      if (f.parse) body_text = f.parse->note.rendered.stored || no_body ? std::string() : encode_body(f.parse->note.rendered);
      std::string_view path = f.parse ? std::string_view(f.parse->note.path) : f.path;
      std::string_view parse = f.parse ? std::string_view(json) : f.encoded;
      std::string_view body = f.parse ? std::string_view(body_text) : f.body;
      // Every other value a note gives the index is a part of its parse or body, so this check names the note.
      if (std::max(parse.size(), body.size()) > max_value_bytes(db))
        return util::failure("note " + std::string(path) + " is too large for the index: its parse is " +
                       std::to_string(std::max(parse.size(), body.size())) + " bytes, SQLite's limit is " +
                       std::to_string(max_value_bytes(db)) + " bytes (lower [ingest] max_note_bytes)");
      upsert.text(1, path);
      upsert.integer(2, to_signed(f.file.hash));
      upsert.integer(3, to_signed(f.file.size));
      upsert.integer(4, f.file.mtime_ns);
      upsert.integer(5, f.file.ctime_ns);
      upsert.text(6, parse);
      upsert.blob_or_null(7, body);
      upsert.integer(8, no_body ? 1 : 0);
      ANTH_INDEX_TRY(upsert.run());
    }
  }
  return {};
}

util::Expected<void> store_files(sqlite3* db, const std::vector<Index::FileParse>& changed,
                           const std::vector<std::string>& present_paths) {
  ANTH_INDEX_TRY(upsert_parses(db, changed));
  // Paths in the index that are not present any more: a merge of two sorted lists.
  std::vector<std::string_view> present(present_paths.begin(), present_paths.end());
  if (!std::is_sorted(present.begin(), present.end())) std::sort(present.begin(), present.end());
  std::vector<std::string> gone;
  {
    Statement q(db, "SELECT path FROM files ORDER BY path");
    ANTH_INDEX_TRY(q.ready());
    std::size_t k = 0;
    for (;;) {
      auto row = q.next();
      if (!row) return std::unexpected(row.error());
      if (!*row) break;
      std::string_view path = q.column_text(0);
      while (k < present.size() && present[k] < path) ++k;
      if (k < present.size() && present[k] == path) ++k;
      else gone.emplace_back(path);
    }
  }
  Statement remove(db, "DELETE FROM files WHERE path = ?1");
  ANTH_INDEX_TRY(remove.ready());
  for (const std::string& path : gone) {
    remove.text(1, path);
    ANTH_INDEX_TRY(remove.run());
  }
  return {};
}

util::Expected<void> store_all(sqlite3* db, const Corpus& corpus, const std::vector<Index::FileParse>& changed,
                         const std::vector<std::string>& present_paths, const std::vector<Diagnostic>& diagnostics,
                         const std::vector<NodeFacts>& corpus_facts) {
  using namespace detail;
  if (corpus_facts.size() != corpus.notes.size())
    return util::failure("store() needs the graph's facts of every note (" + std::to_string(corpus_facts.size()) + " for " +
                   std::to_string(corpus.notes.size()) + " notes)");
  util::PhaseTimer timer;  // ANTHOLOGY_TIMINGS=1
  ANTH_INDEX_TRY(store_files(db, changed, present_paths));
  timer.mark("store: files");
  std::vector<const Note*> notes = node_notes(corpus);
  std::vector<NodeFacts> facts;
  facts.reserve(notes.size());
  for (const Note* n : notes) facts.push_back(corpus_facts[static_cast<std::size_t>(n - corpus.notes.data())]);
  auto graph = write_graph(db, notes, facts);
  if (!graph) return std::unexpected(graph.error());
  timer.mark("store: graph tables");
  ANTH_INDEX_TRY(write_diagnostics(db, diagnostics));
  timer.mark("store: diagnostics");
  ANTH_INDEX_TRY(write_search(db, notes));
  timer.mark("store: search");
  return write_meta(db, corpus);
}

}  // namespace

namespace {

// Runs `body` in one write transaction: committed whole, or rolled back with the reason.
template <typename Body>
util::Expected<void> in_write_transaction(sqlite3* db, Body&& body) {
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return r;
  try {
    if (auto r = body(); !r) {
      exec(db, "ROLLBACK");
      return r;
    }
    if (auto r = exec(db, "COMMIT"); !r) {
      exec(db, "ROLLBACK");
      return r;
    }
    return {};
  } catch (const std::exception& e) {
    exec(db, "ROLLBACK");
    return util::failure(e.what());
  }
}

}  // namespace

util::Expected<void> Index::store_parses(const std::vector<FileParse>& parses) {
  sqlite3* db = handle();
  if (!db) return util::failure("the index is not open");
  return in_write_transaction(db, [&] { return upsert_parses(db, parses); });
}

util::Expected<void> Index::store(const Corpus& corpus, const std::vector<FileParse>& changed,
                            const std::vector<std::string>& present_paths, const std::vector<Diagnostic>& diagnostics,
                            const std::vector<NodeFacts>& facts) {
  sqlite3* db = handle();
  if (!db) return util::failure("the index is not open");
  auto stored = in_write_transaction(db, [&] { return store_all(db, corpus, changed, present_paths, diagnostics, facts); });
  // The pages it cached while writing are not read again this run: a build renders next.
  sqlite3_db_release_memory(db);
  if (!stored) return util::failure("cannot write index at " + state_->path.string() + ": " + stored.error());
  return {};
}

namespace {

util::Expected<void> upsert_kernel_result(sqlite3* db, const StoredKernelResult& result) {
  Statement s(db,
              "INSERT INTO kernel_results(node, kernel, pass, claims, compiler, checked_at, error, program) "
              "VALUES(?1,?2,?3,?4,?5,?6,?7,?8) ON CONFLICT(node) DO UPDATE SET kernel = excluded.kernel, "
              "pass = excluded.pass, claims = excluded.claims, compiler = excluded.compiler, "
              "checked_at = excluded.checked_at, error = excluded.error, program = excluded.program");
  if (auto r = s.ready(); !r) return r;
  s.text(1, result.node);
  s.text(2, result.kernel);
  s.integer(3, result.pass ? 1 : 0);
  s.text(4, result.claims_json.empty() ? std::string_view("[]") : std::string_view(result.claims_json));
  s.text_or_null(5, result.compiler);
  s.text_or_null(6, result.checked_at);
  s.text_or_null(7, result.error);
  s.text(8, result.program);
  return s.run();
}

}  // namespace

util::Expected<void> Index::store_kernel_result(const StoredKernelResult& result) { return store_kernel_results({result}); }

util::Expected<void> Index::store_kernel_results(const std::vector<StoredKernelResult>& results) {
  sqlite3* db = handle();
  if (!db) return util::failure("the index is not open");
  try {
    auto stored = in_write_transaction(db, [&]() -> util::Expected<void> {
      for (const StoredKernelResult& r : results)
        if (auto ok = upsert_kernel_result(db, r); !ok) return ok;
      return {};
    });
    if (!stored) return util::failure("cannot write index at " + state_->path.string() + ": " + stored.error());
    return {};
  } catch (const std::exception& e) {
    return util::failure("cannot write index at " + state_->path.string() + ": " + e.what());
  }
}

std::vector<StoredKernelResult> Index::kernel_results() {
  std::vector<StoredKernelResult> out;
  try {
    Statement q(handle(),
                "SELECT node, kernel, pass, claims, compiler, checked_at, error, program FROM kernel_results ORDER BY node");
    if (!q.ready()) return out;
    for (;;) {
      auto row = q.next();
      if (!row || !*row) break;
      StoredKernelResult r;
      r.node = q.column_text(0);
      r.kernel = q.column_text(1);
      r.pass = q.column_int(2) != 0;
      r.claims_json = q.column_text(3);
      r.compiler = q.column_text(4);
      r.checked_at = q.column_text(5);
      r.error = q.column_text(6);
      r.program = q.column_text(7);
      out.push_back(std::move(r));
    }
  } catch (...) {
    out.clear();
  }
  return out;
}

}  // namespace anth::index