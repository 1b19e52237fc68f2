// A re-run parses only the notes whose content changed; the rest come from the index.
#include <catch2/catch.hpp>

#include <thread>

#include "core/index/index.h"
#include "core/index/index_health.h"
#include "core/index/sqlite_util.h"
#include "ingest/load_corpus.h"
#include "tests/support/test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;
using namespace anth::test;

namespace {

std::string lit(const std::string& id, const std::string& body) {
  return "---\nid: " + id + "\ntitle: Paper " + id + "\nauthors: [Doe]\nyear: 2020\n---\n" + body + "\n";
}

LoadedCorpus load_and_store(const fs::path& root, bool bodies = false) {
  auto index = index::Index::open(root / ".anthology" / "index.db");
  REQUIRE(index);
  LoadOptions options{root};
  options.bodies = bodies;
  auto loaded = load_corpus(options, &*index);
  REQUIRE(loaded);
  REQUIRE(index->store(loaded->corpus, loaded->changed(), loaded->paths, loaded->corpus.diagnostics, anth::test::graph_facts(loaded->corpus)));
  return std::move(*loaded);
}

}  // namespace

TEST_CASE("a second run on an unchanged corpus parses no note", "[ingest][index]") {
  TempDir dir;
  for (int i = 1; i <= 20; ++i) dir.write("lit/LIT-" + std::to_string(i) + ".md", lit("LIT-" + std::to_string(i), "See [[LIT-1]]."));

  LoadedCorpus first = load_and_store(dir.path());
  CHECK(first.parsed == 20);
  CHECK(first.reused == 0);

  LoadedCorpus second = load_and_store(dir.path());
  CHECK(second.parsed == 0);
  CHECK(second.reused == 20);
  CHECK(second.corpus.notes.size() == 20);
  CHECK(second.corpus.find("LIT-7")->relations_of("mentions").at(0)->to == "LIT-1");

  // One changed note is parsed again; touching a file without changing it is not.
  dir.write("lit/LIT-3.md", lit("LIT-3", "Changed body."));
  fs::last_write_time(dir.path() / "lit/LIT-4.md", fs::file_time_type::clock::now() + std::chrono::seconds(5));
  LoadedCorpus third = load_and_store(dir.path());
  CHECK(third.parsed == 1);
  CHECK(third.reused == 19);
  CHECK(third.corpus.find("LIT-3")->relations_of("mentions").empty());  // its new body links nothing

  // A removed note is forgotten.
  fs::remove(dir.path() / "lit/LIT-5.md");
  LoadedCorpus fourth = load_and_store(dir.path());
  CHECK(fourth.corpus.notes.size() == 19);
  CHECK(fourth.parsed == 0);
}

TEST_CASE("a damaged index is rebuilt from the notes without the user doing anything", "[ingest][index]") {
  TempDir dir;
  dir.write("lit/LIT-1.md", lit("LIT-1", "Body."));
  load_and_store(dir.path());
  dir.write(".anthology/index.db", "this is not a database, just garbage bytes......................................");
  // In the tool's own folder, whatever is at the index's name is the tool's to rebuild.
  auto index = index::Index::open(dir.path() / ".anthology" / "index.db", index::Index::Mode::ReadWrite, index::Index::Place::OwnFolder);
  REQUIRE(index);
  CHECK(index->rebuilt());
  auto loaded = load_corpus({dir.path()}, &*index);
  REQUIRE(loaded);
  CHECK(loaded->parsed == 1);
}

TEST_CASE("a missing corpus folder is a one-line failure", "[ingest][bad-input]") {
  auto loaded = load_corpus({"/nonexistent/corpus/folder"}, nullptr);
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error() == "no corpus folder at /nonexistent/corpus/folder");
}

TEST_CASE("every other note is still ingested next to broken ones", "[ingest][bad-input]") {
  TempDir dir;
  dir.write("lit/LIT-1.md", lit("LIT-1", "Fine."));
  dir.write("lit/LIT-2.md", "---\ntitle: [broken\n---\n");
  dir.write("lit/LIT-3.md", std::string("---\ntitle: nul\0\n---\n", 20));
  dir.write("lit/LIT-4.md", "");
  dir.write(".hidden/LIT-5.md", lit("LIT-5", "Hidden folders are skipped."));
  dir.write("lit/readme.txt", "not a note");
  auto loaded = load_corpus({dir.path()}, nullptr);
  REQUIRE(loaded);
  CHECK(loaded->corpus.notes.size() == 4);
  CHECK(loaded->corpus.find("LIT-1"));
  CHECK_FALSE(loaded->corpus.find("LIT-2"));
  CHECK_FALSE(loaded->corpus.find("LIT-5"));
  CHECK(loaded->corpus.find("LIT-4"));  // empty, so missing its fields, but in the graph
}

TEST_CASE("a cold run hands its parses to the index in batches, and they are all there", "[ingest][index]") {
  TempDir dir;
  const int n = 2100;  // more than one batch of 1024
  for (int i = 1; i <= n; ++i) dir.write("lit/LIT-" + std::to_string(i) + ".md", lit("LIT-" + std::to_string(i), "Text."));
  auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
  REQUIRE(index);
  auto first = load_corpus({dir.path()}, &*index);
  REQUIRE(first);
  CHECK(first->parsed == static_cast<std::size_t>(n));
  CHECK(first->fresh.size() < static_cast<std::size_t>(n));  // the first batch is already stored
  REQUIRE(index->store(first->corpus, first->changed(), first->paths, first->corpus.diagnostics, anth::test::graph_facts(first->corpus)));

  LoadedCorpus second = load_and_store(dir.path());
  CHECK(second.parsed == 0);
  CHECK(second.reused == static_cast<std::size_t>(n));
  REQUIRE(second.corpus.notes.size() == static_cast<std::size_t>(n));
  CHECK(second.corpus.notes.back().title.rfind("Paper LIT-", 0) == 0);

  // A few changed notes are not written ahead: store() writes them in one transaction with the tables
  // derived from them.
  dir.write("lit/LIT-7.md", lit("LIT-7", "Changed."));
  dir.write("lit/LIT-2099.md", lit("LIT-2099", "Changed too."));
  auto third = load_corpus({dir.path()}, &*index);
  REQUIRE(third);
  CHECK(third->parsed == 2);
  CHECK(third->fresh.size() == 2);
}

TEST_CASE("lint makes and keeps no body, so a build parses again the notes whose body is missing", "[ingest][index][body]") {
  TempDir dir;
  for (int i = 1; i <= 20; ++i) dir.write("lit/LIT-" + std::to_string(i) + ".md", lit("LIT-" + std::to_string(i), "See [[LIT-1]]."));
  auto count_bodies = [&] {
    auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
    REQUIRE(index);
    return index::detail::scalar(index->handle(), "SELECT count(*) FROM files WHERE body IS NOT NULL").number;
  };
  auto build = [&] {
    auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
    REQUIRE(index);
    LoadOptions options{dir.path()};
    options.bodies = true;
    auto loaded = load_corpus(options, &*index);
    REQUIRE(loaded);
    CHECK(loaded->fresh.empty());  // stored ahead of store(), for the site to read
    return std::move(*loaded);
  };

  // A cold lint parses for the checks only: no HTML, no reader's text, nothing for the index's body.
  LoadedCorpus cold = load_and_store(dir.path());
  CHECK(cold.parsed == 20);
  CHECK(count_bodies() == 0);
  for (const Note& n : cold.corpus.notes) {
    CHECK(n.rendered.html.empty());
    CHECK(n.rendered.links.empty());  // only the site uses them
    CHECK(n.wikilinks.size() == 1);   // what the checks read is there
  }
  CHECK(load_and_store(dir.path()).parsed == 0);  // and is reused by the next lint

  // A build parses every note again, for its body, and keeps the bodies.
  LoadedCorpus first = build();
  CHECK(first.parsed == 20);
  CHECK(count_bodies() == 20);
  REQUIRE(first.corpus.find("LIT-7")->rendered.links.size() == 1);
  CHECK(first.corpus.find("LIT-7")->rendered.links[0].resolved == "LIT-1");
  CHECK(build().parsed == 0);

  // A note edited and then linted loses its stored body (it was the old text's), so the next build
  // parses that note again and the site shows what it says now.
  dir.write("lit/LIT-3.md", lit("LIT-3", "Now see [[LIT-2]] instead."));
  CHECK(load_and_store(dir.path()).parsed == 1);
  CHECK(count_bodies() == 19);
  LoadedCorpus after = build();
  CHECK(after.parsed == 1);
  CHECK(after.reused == 19);
  CHECK(count_bodies() == 20);
  auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
  REQUIRE(index);
  auto text = index::decode_body(*index->load_body_text("lit/LIT-3.md"));
  REQUIRE(text);
  CHECK(text->html.find("Now see") != std::string::npos);
  CHECK(text->html.find("<\x01" "0>LIT-2<\x02>") != std::string::npos);
}
