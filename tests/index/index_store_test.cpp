// store() and what it leaves in the files table and the derived tables, incremental updates, and
// kernel results.
#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"
#include "tests/support/graph_facts.h"

using namespace anth;
using namespace anth::index_test;

TEST_CASE("index: store keeps parses and hashes", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.cached_files().empty());
  auto changed = b.changed();
  changed[0].file = index::CachedFile{0xffffffffffffffffull, 123456, -5};
  auto stored = index.store(b.corpus, changed, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus));
  REQUIRE(stored);

  auto cached = index.cached_files();
  REQUIRE(cached.size() == b.parses.size());
  for (const ParsedNote& p : b.parses) {
    REQUIRE(cached.contains(p.note.path));
    auto loaded = index.load_parse(p.note.path);
    REQUIRE(loaded);
    check_same(p, *loaded);
  }
  const index::CachedFile& first = cached.at(b.parses[0].note.path);
  CHECK(first.hash == 0xffffffffffffffffull);
  CHECK(first.size == 123456);
  CHECK(first.mtime_ns == -5);
  CHECK(cached.at(b.parses[1].note.path).hash == b.parses[1].note.content_hash);
  CHECK_FALSE(index.load_parse("no/such.md"));

  // A later run: one file gone, nothing reparsed; the gone file is forgotten, the others kept.
  Built later = build({{"sota/SOTA-192.md", sota_192}, {"lit/LIT-640.md", lit_640}});
  REQUIRE(index.store(later.corpus, {}, later.paths, later.diagnostics, anth::test::graph_facts(later.corpus)));
  cached = index.cached_files();
  CHECK(cached.size() == 2);
  CHECK(cached.contains("sota/SOTA-192.md"));
  CHECK(cached.contains("lit/LIT-640.md"));
  CHECK(one(index.handle(), "SELECT count(*) FROM nodes") == "2");

  // The parse is readable from another connection after commit.
  auto reader = index::Index::open(index_path(dir), index::Index::Mode::ReadOnly);
  REQUIRE(reader);
  CHECK(reader->cached_files().size() == 2);
  CHECK(reader->load_parse("lit/LIT-640.md"));
}

TEST_CASE("index: store writes the derived tables", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  sqlite3* db = index.handle();

  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE in_graph = 1") == "7");
  CHECK(one(db, "SELECT id, kind, path, in_graph FROM nodes WHERE path = 'broken/broken.md'") ==
        "broken|TERM|broken/broken.md|0");
  CHECK(one(db, "SELECT kind, title, year, arxiv, venue, url, version, status FROM nodes WHERE id = 'LIT-640'") ==
        "LIT|Query-key normalization for transformers|2020|2010.04245|Findings of EMNLP|https://example.org/qknorm|1|"
        "active");
  CHECK(one(db, "SELECT kind, status, kernel, promote_when, year, version FROM nodes WHERE id = 'SOTA-192'") ==
        "SOTA|adopted|qk_norm|two independent replications|NULL|NULL");
  CHECK(one(db, "SELECT short, plain FROM nodes WHERE id = 'qk-softmax'") ==
        "the softmax over query-key dot products|how much each token attends to each other token");
  CHECK(one(db, "SELECT word_count > 10 FROM nodes WHERE id = 'SOTA-192'") == "1");

  // Typed relations, inline ones, and mentions (the unresolved one with dst NULL).
  CHECK(rows(db, "SELECT kind, dst, written, origin FROM relations WHERE src = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"source|LIT-088|LIT-088|frontmatter", "source|LIT-640|LIT-640|frontmatter",
                                 "introduced_by|LIT-640|LIT-640|frontmatter",
                                 "contested_by|LIT-088|LIT-088|frontmatter", "source|LIT-449|LIT-449|inline",
                                 "mentions|LIT-640|LIT-640|body", "mentions|LIT-088|LIT-088|body",
                                 "mentions|NULL|nowhere-to-be-found|body"});
  CHECK(one(db, "SELECT file, line FROM relations WHERE src = 'SOTA-192' AND kind = 'introduced_by'") ==
        "sota/SOTA-192.md|8");
  CHECK(one(db, "SELECT count(*) FROM relations WHERE src = 'broken'") == "0");
  CHECK(rows(db, "SELECT src FROM relations WHERE dst = 'LIT-640' AND kind = 'paper' ORDER BY src") ==
        std::vector<std::string>{"NOTE-001", "NOTE-002"});

  // Fields: one row per value, map entries with their keys.
  CHECK(rows(db, "SELECT value FROM fields WHERE node = 'SOTA-192' AND key = 'source' ORDER BY rowid") ==
        std::vector<std::string>{"LIT-088", "[[LIT-640]]", "[[LIT-449]]"});
  CHECK(rows(db, "SELECT origin FROM fields WHERE node = 'SOTA-192' AND key = 'source' ORDER BY rowid") ==
        std::vector<std::string>{"frontmatter", "frontmatter", "inline"});
  CHECK(rows(db, "SELECT item, value FROM fields WHERE node = 'SOTA-192' AND key = 'kernel_params' ORDER BY rowid") ==
        std::vector<std::string>{"eps|0.000001", "scale|2.5"});
  CHECK(one(db, "SELECT file, line FROM fields WHERE node = 'SOTA-192' AND key = 'title'") == "sota/SOTA-192.md|3");

  CHECK(rows(db, "SELECT tag FROM tags WHERE node = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"model-stability", "attention-techniques"});
  CHECK(rows(db, "SELECT node FROM tags WHERE tag = 'attention-techniques' ORDER BY node") ==
        std::vector<std::string>{"LIT-640", "SOTA-192"});
  CHECK(rows(db, "SELECT alias FROM aliases WHERE node = 'SOTA-192' ORDER BY rowid") ==
        std::vector<std::string>{"QK norm", "query-key normalization"});
  CHECK(rows(db, "SELECT position, name FROM authors WHERE node = 'LIT-640' ORDER BY position") ==
        std::vector<std::string>{"1|Henry", "2|Dachapally", "3|Pawar", "4|Chen"});

  // Diagnostics with their rule names and related locations.
  CHECK(one(db, "SELECT count(*) FROM diagnostics") == std::to_string(b.diagnostics.size()));
  CHECK(one(db, "SELECT name, severity, file FROM diagnostics WHERE rule = 'R002'") ==
        "broken-wikilink|warning|sota/SOTA-192.md");
  CHECK(one(db, "SELECT count(*) FROM diagnostics WHERE file = 'broken/broken.md'") != "0");

  // The views.
  CHECK(rows(db, "SELECT * FROM practices") ==
        std::vector<std::string>{
            "SOTA-192|Normalize queries and keys before the dot product|adopted|LIT-640|Query-key normalization for "
            "transformers|2020|1"});
  CHECK(rows(db, "SELECT id, readings FROM lit ORDER BY id") ==
        std::vector<std::string>{"LIT-088|0", "LIT-449|0", "LIT-640|2"});
  CHECK(one(db, "SELECT authors FROM lit WHERE id = 'LIT-640'") == "Henry, Dachapally, Pawar, Chen");
  CHECK(one(db, "SELECT src_title, dst_title, line FROM relations_named WHERE src = 'NOTE-001' AND kind = 'paper'") ==
        "Reading QK norm|Query-key normalization for transformers|4");

  // Full-text search over in-graph notes, with stemming.
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'normalizing' ORDER BY id") ==
        std::vector<std::string>{"LIT-640", "SOTA-192"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'title:replications'").empty());
  CHECK(one(db, "SELECT value FROM meta WHERE key = 'root'") == "corpus");
}

TEST_CASE("index: a second store rewrites what changed", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  // Twice with the same corpus: the same content.
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  sqlite3* db = index.handle();
  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(one(db, "SELECT count(*) FROM search_docs") == "7");

  // One note edited, one removed, one added.
  auto files = sample_files();
  files.erase(std::remove_if(files.begin(), files.end(), [](auto& f) { return f.first == "lit/LIT-449.md"; }),
              files.end());
  for (auto& f : files)
    if (f.first == "lit/LIT-088.md") f.second = std::string(lit_088) + "Now with zebras.\n";
  files.push_back({"lit/LIT-900.md", "---\nid: LIT-900\ntitle: Giraffes\nauthors: [A]\nyear: 2024\n---\nTall.\n"});
  Built c = build(files);
  REQUIRE(index.store(c.corpus, c.changed(), c.paths, c.diagnostics, anth::test::graph_facts(c.corpus)));
  CHECK(one(db, "SELECT count(*) FROM nodes") == "8");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE id = 'LIT-449'") == "0");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'zebra'") == std::vector<std::string>{"LIT-088"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'giraffes'") == std::vector<std::string>{"LIT-900"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'proxies'").empty());
  CHECK(one(db, "SELECT dst FROM relations WHERE src = 'SOTA-192' AND written = 'LIT-449'") == "NULL");
  CHECK(one(db, "SELECT count(*) FROM files") == "8");
  CHECK(one(db, "SELECT count(*) FROM files WHERE path = 'lit/LIT-449.md'") == "0");
}

namespace {

std::vector<std::pair<std::string, std::string>> generated_files(int count, int variant) {
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < count; ++i) {
    if (variant == 1 && i == 3) continue;  // removed
    std::string id = "LIT-" + std::to_string(100 + i);
    std::string text = "---\nid: " + id + "\ntitle: Paper " + std::to_string(i) + "\nauthors: [A" + std::to_string(i) +
                       ", B]\nyear: " + std::to_string(2000 + i % 20) + "\ntags: [t" + std::to_string(i % 3) +
                       "]\ncites: [LIT-" + std::to_string(100 + (i + 1) % count) + "]\n---\nBody of " + id +
                       " about [[LIT-" + std::to_string(100 + (i + 2) % count) + "]].\n";
    if (i == 7) text += "See [[LIT-999]].\n";
    if (variant == 1 && i == 5) text += "An edited line about zebras.\n";
    files.push_back({"lit/" + id + ".md", text});
  }
  if (variant == 1)  // added: resolves the [[LIT-999]] that was dangling
    files.push_back({"lit/LIT-999.md", "---\nid: LIT-999\ntitle: Late paper\nauthors: [Z]\nyear: 2024\n---\nLate.\n"});
  return files;
}


}  // namespace

TEST_CASE("index: updating a few notes gives what writing them all gives", "[index]") {
  TempDir dir;
  Built before = build(generated_files(100, 0));
  Built after = build(generated_files(100, 1));

  index::Index incremental = open_rw(dir.path() / "incremental.db");
  REQUIRE(incremental.store(before.corpus, before.changed(), before.paths, before.diagnostics, anth::test::graph_facts(before.corpus)));
  sqlite3* db = incremental.handle();
  std::string max_rowid = one(db, "SELECT max(rowid) FROM nodes");
  std::string untouched = one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-120'");
  // Only the parses of the changed and new files are handed over, as ingest does.
  std::vector<index::Index::FileParse> changed;
  for (const ParsedNote& p : after.parses)
    if (p.note.id == "LIT-105" || p.note.id == "LIT-999") changed.push_back({&p, {p.note.content_hash, 1000, 42}});
  REQUIRE(changed.size() == 2);
  REQUIRE(incremental.store(after.corpus, changed, after.paths, after.diagnostics, anth::test::graph_facts(after.corpus)));
  // The notes untouched kept their rows; the edited one was written anew.
  CHECK(one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-120'") == untouched);
  CHECK(std::stoll(one(db, "SELECT rowid FROM nodes WHERE id = 'LIT-105'")) > std::stoll(max_rowid));
  CHECK(one(db, "SELECT count(*) FROM relations WHERE written = 'LIT-999' AND dst IS NULL") == "0");
  CHECK(one(db, "SELECT count(*) FROM nodes WHERE id = 'LIT-103'") == "0");

  index::Index whole = open_rw(dir.path() / "whole.db");
  REQUIRE(whole.store(after.corpus, after.changed(), after.paths, after.diagnostics, anth::test::graph_facts(after.corpus)));
  CHECK(derived_content(incremental.handle()) == derived_content(whole.handle()));
  CHECK(one(db, "SELECT count(*) FROM files") == std::to_string(after.parses.size()));

  // Back to the first corpus, then to a corpus where most notes changed (refilled whole).
  REQUIRE(incremental.store(before.corpus, before.changed(), before.paths, before.diagnostics, anth::test::graph_facts(before.corpus)));
  index::Index again = open_rw(dir.path() / "again.db");
  REQUIRE(again.store(before.corpus, before.changed(), before.paths, before.diagnostics, anth::test::graph_facts(before.corpus)));
  CHECK(derived_content(incremental.handle()) == derived_content(again.handle()));
  for (Note& n : before.corpus.notes) n.tags.push_back("everywhere");
  REQUIRE(incremental.store(before.corpus, {}, before.paths, before.diagnostics, anth::test::graph_facts(before.corpus)));
  index::Index third = open_rw(dir.path() / "third.db");
  REQUIRE(third.store(before.corpus, before.changed(), before.paths, before.diagnostics, anth::test::graph_facts(before.corpus)));
  CHECK(derived_content(incremental.handle()) == derived_content(third.handle()));
  CHECK(one(db, "SELECT count(*) FROM tags WHERE tag = 'everywhere'") == "100");
}

TEST_CASE("index: rewriting most of the search table keeps its configuration", "[index]") {
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  sqlite3* db = index.handle();
  CHECK(one(db, "SELECT v FROM search_config WHERE k = 'hashsize'") == "16777216");
  Built b = build(sample_files());
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  for (Note& n : b.corpus.notes) {  // as an edit of each file would: new bytes, a new body
    n.body += "\nEvery note now mentions zeppelins.\n";
    n.content_hash ^= 1;
  }
  REQUIRE(index.store(b.corpus, {}, b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  CHECK(one(db, "SELECT v FROM search_config WHERE k = 'hashsize'") == "16777216");
  CHECK(one(db, "SELECT count(*) FROM search WHERE search MATCH 'zeppelin'") == "7");
  CHECK(one(db, "SELECT count(*) FROM search") == "7");
}

TEST_CASE("index: a note kept out of the graph loses its id to the in-graph one", "[index]") {
  TempDir dir;
  // Two files declare LIT-640: the first by path keeps it; the broken file with the same stem stays out.
  Built b = build({{"a/LIT-640.md", lit_640},
                   {"b/LIT-640.md", std::string(lit_640) + "\nduplicate\n"},
                   {"0/LIT-640.md", "---\ntitle: [unclosed\n---\n"}});
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  CHECK(rows(index.handle(), "SELECT id, path, in_graph FROM nodes") ==
        std::vector<std::string>{"LIT-640|a/LIT-640.md|1"});
  CHECK(one(index.handle(), "SELECT count(*) FROM files") == "3");
}

TEST_CASE("index: a failed store leaves the previous content", "[index]") {
  TempDir dir;
  Built b = build(sample_files());
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  sqlite3* db = index.handle();
  std::string nodes = one(db, "SELECT group_concat(id) FROM nodes");
  // A table store() writes late is gone: the whole store must roll back.
  REQUIRE(sqlite3_exec(db, "DROP TABLE authors", nullptr, nullptr, nullptr) == SQLITE_OK);

  Built later = build({{"lit/LIT-900.md", "---\nid: LIT-900\ntitle: Giraffes\nauthors: [A]\nyear: 2024\n---\n"}});
  auto stored = index.store(later.corpus, later.changed(), later.paths, later.diagnostics, anth::test::graph_facts(later.corpus));
  REQUIRE_FALSE(stored);
  CHECK(stored.error().find("authors") != std::string::npos);
  CHECK(stored.error().find('\n') == std::string::npos);
  CHECK(one(db, "SELECT group_concat(id) FROM nodes") == nodes);
  CHECK(index.cached_files().size() == b.parses.size());
  CHECK_FALSE(index.cached_files().contains("lit/LIT-900.md"));
  CHECK(sqlite3_get_autocommit(db) == 1);  // no transaction left open

  // The connection is still usable.
  CHECK(index.store_kernel_result({"SOTA-192", "qk_norm", true, "[]", "", "", ""}));
}

TEST_CASE("index: kernel results are upserted and listed by node", "[index]") {
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.kernel_results().empty());
  REQUIRE(index.store_kernel_result({"THEORY-2", "softmax_bound", false, R"([{"claim":"x","pass":false}])", "g++ 12",
                                     "2024-05-01T10:00:00Z", "bound exceeded"}));
  REQUIRE(index.store_kernel_result({"SOTA-192", "qk_norm", false, "", "g++ 12", "2024-05-01T10:00:00Z", ""}));
  REQUIRE(index.store_kernel_result({"SOTA-192", "qk_norm", true, R"([{"claim":"y","pass":true}])", "clang++ 16",
                                     "2024-05-02T10:00:00Z", ""}));
  auto results = index.kernel_results();
  REQUIRE(results.size() == 2);
  CHECK(results[0].node == "SOTA-192");
  CHECK(results[0].pass);
  CHECK(results[0].claims_json == R"([{"claim":"y","pass":true}])");
  CHECK(results[0].compiler == "clang++ 16");
  CHECK(results[0].checked_at == "2024-05-02T10:00:00Z");
  CHECK(results[0].error.empty());
  CHECK(results[1].node == "THEORY-2");
  CHECK_FALSE(results[1].pass);
  CHECK(results[1].error == "bound exceeded");

  // A store() of the notes leaves them alone.
  Built b = build(sample_files());
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  CHECK(index.kernel_results().size() == 2);
}

TEST_CASE("index: a note of more than 1 MiB is found in both full-text tables, and a failed store keeps none of it", "[index]") {
  // FTS5 held a large note's terms in memory until the commit, in both tables at once; the store has
  // them written out after such a note (core/index/search_table.cpp), inside its transaction.
  auto large = [](char prefix) {
    std::string body;
    for (int i = 0; i < 150000; ++i) body += prefix + std::to_string(i) + " ";
    return "---\nid: LIT-901\ntitle: Many words\nauthors: [A]\nyear: 2024\n---\n" + body + "\n";
  };
  TempDir dir;
  auto files = sample_files();
  files.push_back({"lit/LIT-901.md", large('w')});
  Built b = build(files);
  for (const Note& n : b.corpus.notes)
    if (n.id == "LIT-901") REQUIRE(n.body.size() > (1u << 20));
  index::Index index = open_rw(index_path(dir));
  REQUIRE(index.store(b.corpus, b.changed(), b.paths, b.diagnostics, anth::test::graph_facts(b.corpus)));
  sqlite3* db = index.handle();
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'w149999'") == std::vector<std::string>{"LIT-901"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'normalizing' ORDER BY id") ==
        rows(db, "SELECT id FROM search WHERE search MATCH 'normalizing' AND id <> 'LIT-901' ORDER BY id"));
  CHECK_FALSE(rows(db, "SELECT id FROM search WHERE search MATCH 'normalizing'").empty());
  CHECK(one(db, "SELECT doc FROM search_vocab WHERE term = 'w149999'") == "1");
  CHECK(one(db, "SELECT count(*) FROM search_vocab WHERE term GLOB 'w[0-9]*'") == "150000");

  // The same note rewritten, then a failure after the search tables are written (meta is last).
  for (auto& f : files)
    if (f.first == "lit/LIT-901.md") f.second = large('v');
  Built c = build(files);
  REQUIRE(sqlite3_exec(db, "DROP TABLE meta", nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE_FALSE(index.store(c.corpus, c.changed(), c.paths, c.diagnostics, anth::test::graph_facts(c.corpus)));
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'w5'") == std::vector<std::string>{"LIT-901"});
  CHECK(rows(db, "SELECT id FROM search WHERE search MATCH 'v5'").empty());
  CHECK(one(db, "SELECT count(*) FROM search_vocab WHERE term GLOB 'v[0-9]*'") == "0");
  CHECK(sqlite3_exec(db, "INSERT INTO search(search) VALUES('integrity-check')", nullptr, nullptr, nullptr) == SQLITE_OK);
  CHECK(sqlite3_exec(db, "INSERT INTO search_words(search_words) VALUES('integrity-check')", nullptr, nullptr, nullptr) ==
        SQLITE_OK);
  CHECK(sqlite3_get_autocommit(db) == 1);
}
