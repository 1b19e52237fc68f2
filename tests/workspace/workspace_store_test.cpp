// Workspace::store: after patches, the index a resident workspace writes is the one a cold run writes
// over the same files (the query blocks of `serve` and `build --watch` are answered from it), and the
// parses it stored are the ones the next cold run reuses.
#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"
#include "tests/workspace/workspace_support.h"

using namespace anth;
using namespace anth::test;
using namespace anth::test::workspace_support;


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
  CHECK(index_test::derived_content(index->handle()) == index_test::derived_content(cold_index->handle()));
  const char* parses = "SELECT path, hash, size, parse FROM files ORDER BY path";
  CHECK(index_test::rows(index->handle(), parses) == index_test::rows(cold_index->handle(), parses));

  // The next cold run over the resident index finds every file's parse there.
  auto again = ingest::load_corpus(load_options(root, *config), &*index);
  REQUIRE(again);
  CHECK(again->parsed == 0);
  CHECK(again->reused == again->corpus.notes.size());
}
