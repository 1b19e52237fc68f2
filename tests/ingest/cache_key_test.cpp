// What the parse cache trusts: a parse is reused only under the parser and parse-time settings that
// made it, and a file only when its size, mtime and ctime are unchanged (or its content hash is).
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "core/index/index.h"
#include "ingest/load_corpus.h"
#include "tests/support/test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;
using namespace anth::test;

namespace {

std::string lit(const std::string& id, const std::string& year, const std::string& body = "Body.") {
  return "---\nid: " + id + "\ntitle: Paper " + id + "\nauthors: [Doe]\nyear: " + year + "\n---\n" + body + "\n";
}

}  // namespace

TEST_CASE("cache: a changed max_note_bytes is seen by a warm index, both ways", "[ingest][index][cache]") {
  TempDir dir;
  dir.write("corpus/lit/LIT-1.md", lit("LIT-1", "2020", std::string(2000, 'x')));
  dir.write("corpus/lit/LIT-2.md", lit("LIT-2", "2020", "See [[LIT-1]]."));
  auto lint = [&] { return run_anthology("lint --corpus corpus", dir.path()); };
  REQUIRE(lint().status == 0);  // warm from here on
  dir.write("corpus/anthology.toml", "[ingest]\nmax_note_bytes = 1024\n");
  RunResult small = lint();
  CHECK(small.status == 1);
  CHECK(small.out.find("lit/LIT-1.md:1:1: error: file is over the limit of 1024 bytes [S008") != std::string::npos);
  fs::remove(dir.path() / "corpus/anthology.toml");
  RunResult back = lint();
  CHECK(back.status == 0);
  CHECK(back.out.find("S008") == std::string::npos);
}

TEST_CASE("cache: an edit that keeps size and mtime (cp -p, rsync -t, tar x) is seen", "[ingest][index][cache]") {
  TempDir dir;
  const fs::path note = dir.write("corpus/lit/LIT-1.md", lit("LIT-1", "2020"));
  dir.write("corpus/lit/LIT-2.md", lit("LIT-2", "2020", "See [[LIT-1]]."));
  // Every stat the index holds is made to look long settled, so that only the stat itself can tell
  // (not the racy-clean rule, which would compare content anyway this soon after writing).
  auto settle = [&] {
    REQUIRE(run("sqlite3 '" + (dir.path() / "corpus/.anthology/index.db").string() +
                "' \"UPDATE meta SET value = value + 60000000000 WHERE key = 'scanned_ns'\"").status == 0);
  };
  // Replaces the note with other bytes of the same size and gives it back its mtime, as `cp -p` of an
  // edited copy does.
  auto copy_preserving = [&](const std::string& text) {
    const fs::path edited = dir.write("edited.md", text);
    REQUIRE(fs::file_size(edited) == fs::file_size(note));
    REQUIRE(run("touch -r '" + note.string() + "' '" + edited.string() + "' && cp -p '" + edited.string() + "' '" +
                note.string() + "'").status == 0);
    REQUIRE(fs::last_write_time(note) == fs::last_write_time(edited));
  };
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);
  settle();
  copy_preserving(lit("LIT-1", "20x0"));
  RunResult r = run_anthology("lint --corpus corpus", dir.path());
  CHECK(r.status == 1);
  CHECK(r.out.find("lit/LIT-1.md:5:7: error: `year` must be an integer of at least 1000, not '20x0' [S003") != std::string::npos);

  // A query's freshness check compares ctime too.
  settle();
  copy_preserving(lit("LIT-1", "2021"));
  CHECK(run_anthology("query --corpus corpus --sql \"select year from nodes where id = 'LIT-1'\" --format csv", dir.path())
            .out.find("2021") != std::string::npos);
}

TEST_CASE("cache: a parse made by another parser version is parsed again", "[ingest][index][cache]") {
  TempDir dir;
  dir.write("lit/LIT-1.md", lit("LIT-1", "2020"));
  dir.write("lit/LIT-2.md", lit("LIT-2", "2020", "See [[LIT-1]]."));
  auto load = [&] {
    auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
    REQUIRE(index);
    auto loaded = load_corpus({dir.path()}, &*index);
    REQUIRE(loaded);
    REQUIRE(index->store(loaded->corpus, loaded->changed(), loaded->paths, loaded->corpus.diagnostics, anth::test::graph_facts(loaded->corpus)));
    return std::move(*loaded);
  };
  CHECK(load().parsed == 2);
  CHECK(load().parsed == 0);
  {
    auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
    REQUIRE(index);
    const std::string older = "UPDATE files SET parse = replace(parse, '\"parser " + std::to_string(parser_version) +
                              ";', '\"parser " + std::to_string(parser_version - 1) + ";') WHERE path = 'lit/LIT-2.md'";
    REQUIRE(sqlite3_exec(index->handle(), older.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  LoadedCorpus again = load();
  CHECK(again.parsed == 1);
  CHECK(again.reused == 1);
  CHECK(again.corpus.find("LIT-2")->relations_of("mentions").at(0)->to == "LIT-1");
}

TEST_CASE("cache: a stat stored racily close to its scan is checked by content", "[ingest][index][cache]") {
  index::CachedFile f{1, 10, 1'000'000'000'000, 1'000'000'000'000};
  CHECK(index::racily_clean(f, 1'000'000'000'000));                          // stat taken in the scan's own tick
  CHECK(index::racily_clean(f, 1'000'000'000'000 + index::racy_window_ns));         // within the window
  CHECK_FALSE(index::racily_clean(f, 1'000'000'000'000 + index::racy_window_ns + 1));  // long before the scan
  CHECK(index::racily_clean(f, 0));  // no scan time known: nothing is trusted by stat
  index::CachedFile late_ctime = f;
  late_ctime.ctime_ns += 5 * index::racy_window_ns;
  CHECK(index::racily_clean(late_ctime, f.mtime_ns + 3 * index::racy_window_ns));
}

TEST_CASE("cache: a body parsed for lint is parsed again for build --unsafe-html, and back", "[ingest][index][cache]") {
  TempDir dir;
  dir.write("corpus/lit/LIT-1.md", lit("LIT-1", "2020", "Raw <b>bold</b> text."));
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);  // the index holds the safe parse
  REQUIRE(run_anthology("build --corpus corpus --out site --unsafe-html", dir.path()).status == 0);
  CHECK(read_file(dir.path() / "site/LIT-1.html").find("Raw <b>bold</b> text.") != std::string::npos);
  REQUIRE(run_anthology("build --corpus corpus --out site", dir.path()).status == 0);
  CHECK(read_file(dir.path() / "site/LIT-1.html").find("Raw &lt;b&gt;bold&lt;/b&gt; text.") != std::string::npos);
}

TEST_CASE("cache: a warm run holds no body it does not read, and the full-text table still gets them", "[ingest][index][cache]") {
  TempDir dir;
  dir.write("corpus/lit/LIT-1.md", lit("LIT-1", "2020", "Quokkas appear only in this body."));
  dir.write("corpus/lit/LIT-2.md", lit("LIT-2", "2021", "See [[LIT-1]]."));
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);
  {
    auto index = index::Index::open(dir.path() / "corpus/.anthology/index.db");
    REQUIRE(index);
    LoadOptions options{dir.path() / "corpus"};
    auto warm = load_corpus(options, &*index);
    REQUIRE(warm);
    REQUIRE(warm->reused == 2);
    for (const Note& n : warm->corpus.notes) {
      CHECK_FALSE(n.body_held);
      CHECK(n.body.empty());
    }
    // Every search document written anew from notes read without their bodies: each body comes from
    // its stored parse, and the words are found as before.
    REQUIRE(sqlite3_exec(index->handle(), "UPDATE search_docs SET fingerprint = 0", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);
  RunResult found = run_anthology("query --corpus corpus --text quokkas", dir.path());
  CHECK(found.out.find("LIT-1") != std::string::npos);
}

TEST_CASE("cache: a file touched without a change keeps its stored body", "[ingest][index][cache]") {
  TempDir dir;
  const fs::path note = dir.write("corpus/lit/LIT-1.md", lit("LIT-1", "2020", "Wombats appear only in this body."));
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);
  // Same bytes, a new stat: the parse goes back to the index with the stat, and with its body.
  REQUIRE(run("touch -d '2030-01-01' '" + note.string() + "'").status == 0);
  RunResult touched = run_anthology("lint --corpus corpus", dir.path());
  CHECK(touched.status == 0);
  {
    auto index = index::Index::open(dir.path() / "corpus/.anthology/index.db", index::Index::Mode::ReadOnly);
    REQUIRE(index);
    auto parse = index->load_parse("lit/LIT-1.md");
    REQUIRE(parse);
    CHECK(parse->note.body.find("Wombats") != std::string::npos);
  }
  // And a rewrite of its search document finds the body there.
  REQUIRE(run("sqlite3 '" + (dir.path() / "corpus/.anthology/index.db").string() + "' 'UPDATE search_docs SET fingerprint = 0'").status == 0);
  REQUIRE(run_anthology("lint --corpus corpus", dir.path()).status == 0);
  CHECK(run_anthology("query --corpus corpus --text wombats", dir.path()).out.find("LIT-1") != std::string::npos);
}
