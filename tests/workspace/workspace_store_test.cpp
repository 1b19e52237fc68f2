// Workspace::store: after patches, the index a resident workspace writes is the one a cold run writes
// over the same files (the query blocks of `serve` and `build --watch` are answered from it), and the
// parses it stored are the ones the next cold run reuses.
#include <sqlite3.h>

#include <catch2/catch.hpp>

#include "tests/workspace/workspace_support.h"

using namespace anth;
using namespace anth::test;
using namespace anth::test::workspace_support;

namespace {

// Every row `sql` selects, one line each (columns joined by '|'; NULL as "∅").
std::vector<std::string> rows(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
  std::vector<std::string> out;
  while (sqlite3_step(s) == SQLITE_ROW) {
    std::string line;
    for (int c = 0; c < sqlite3_column_count(s); ++c) {
      const unsigned char* text = sqlite3_column_text(s, c);
      line += (c ? "|" : "") + (text ? std::string(reinterpret_cast<const char*>(text)) : std::string("∅"));
    }
    out.push_back(std::move(line));
  }
  sqlite3_finalize(s);
  return out;
}

// What a query block can read of an index: the derived tables and the parses, row for row.
std::map<std::string, std::vector<std::string>> tables(sqlite3* db) {
  const char* const queries[] = {
      "SELECT * FROM nodes ORDER BY id",
      "SELECT * FROM relations ORDER BY src, file, line, col, kind, written",
      "SELECT * FROM fields ORDER BY node, key, file, line, item, value",
      "SELECT * FROM tags ORDER BY node, tag",
      "SELECT * FROM aliases ORDER BY node, alias",
      "SELECT * FROM authors ORDER BY node, position",
      "SELECT * FROM diagnostics ORDER BY file, line, col, rule, message",
      "SELECT id, title, body, authors FROM search ORDER BY id",
      "SELECT path, hash, size, parse FROM files ORDER BY path",
  };
  std::map<std::string, std::vector<std::string>> out;
  for (const char* q : queries) out[q] = rows(db, q);
  return out;
}

}  // namespace

TEST_CASE("workspace: the index stored after patches is a cold run's and its parses are reused", "[workspace]") {
  TempDir dir;
  const fs::path root = dir.path() / "corpus";
  fs::copy(source_dir() / "tests/fixtures/site/corpus", root, fs::copy_options::recursive);
  auto config = ingest::load_config(root);
  REQUIRE(config);
  auto index = index::Index::open(dir.path() / "resident.db");
  REQUIRE(index);
  auto opened = workspace::Workspace::open(load_options(root, *config), *config, &*index);
  REQUIRE(opened);
  workspace::Workspace& ws = **opened;

  // A body, a title, a note added with a link, a note gone.
  std::string lit = read_file(root / "lit/LIT-001.md");
  lit.replace(lit.find("title: "), 7, "title: Renamed, ");
  dir.write("corpus/lit/LIT-001.md", lit + "\nA sentence added to the body.\n");
  dir.write("corpus/notes/NOTE-009.md", "---\nid: NOTE-009\ntitle: A reading added\nread_as: [LIT-001]\n---\nSee [[LIT-002]].\n");
  fs::remove(root / "notes/NOTE-002.md");
  for (const char* path : {"lit/LIT-001.md", "notes/NOTE-009.md", "notes/NOTE-002.md"}) ws.update_from_disk(path);
  REQUIRE(ws.refresh().changed.size() == 3);
  REQUIRE(ws.store(*index));

  RunResult cold = run_anthology("build --no-kernels --corpus corpus --index cold.db --out site", dir.path());
  REQUIRE(cold.status == 0);
  auto cold_index = index::Index::open(dir.path() / "cold.db", index::Index::Mode::ReadOnly);
  REQUIRE(cold_index);
  auto stored = tables(index->handle()), made = tables(cold_index->handle());
  for (const auto& [query, lines] : made) {
    INFO(query);
    CHECK(stored[query] == lines);
  }

  // The next cold run over the resident index finds every file's parse there.
  auto again = ingest::load_corpus(load_options(root, *config), &*index);
  REQUIRE(again);
  CHECK(again->parsed == 0);
  CHECK(again->reused == again->corpus.notes.size());
}
