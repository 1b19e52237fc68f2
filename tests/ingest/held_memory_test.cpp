// What a run holds of each note once it is parsed (docs/benchmarks.md, "Memory"): the markdown goes
// into the parse the index keeps, which the full-text tables read it back from, and the places of one
// note share one copy of its path. Each test fails when the memory is held again.
#include <catch2/catch.hpp>

#include "core/index/index.h"
#include "ingest/load_corpus.h"
#include "ingest/note_parser.h"
#include "tests/index/index_test_support.h"
#include "tests/support/graph_facts.h"
#include "tests/support/test_support.h"

using namespace anth;
using anth::index_test::rows;
using anth::test::TempDir;

namespace {

std::string lit(int i) {
  std::string id = "LIT-" + std::to_string(i);
  return "---\nid: " + id + "\ntitle: Paper " + id + "\nauthors: [Doe]\nyear: 2020\n---\nThe body of " + id +
         " holds zebra" + std::to_string(i) + " and cites [[LIT-1]].\n";
}

}  // namespace

TEST_CASE("ingest: a run with an index holds no markdown once parsed, and full-text search still finds it", "[ingest][index]") {
  for (bool bodies : {false, true}) {  // lint's run, and build's (which also makes the bodies for the site)
    INFO("bodies " << bodies);
    TempDir dir;
    for (int i = 1; i <= 30; ++i) dir.write("lit/LIT-" + std::to_string(i) + ".md", lit(i));
    auto index = index::Index::open(dir.path() / ".anthology" / "index.db");
    REQUIRE(index);
    ingest::LoadOptions options{dir.path()};
    options.bodies = bodies;
    auto loaded = ingest::load_corpus(options, &*index);
    REQUIRE(loaded);
    REQUIRE(loaded->parsed == 30);
    for (const Note& n : loaded->corpus.notes) {
      CHECK(n.body.empty());
      CHECK_FALSE(n.body_held);
      CHECK(n.word_count > 0);  // counted before the markdown went
    }
    CHECK(loaded->largest_parsed_body == std::string("The body of LIT-10 holds zebra10 and cites [[LIT-1]].\n").size());
    REQUIRE(index->store(loaded->corpus, loaded->changed(), loaded->paths, loaded->corpus.diagnostics,
                         test::graph_facts(loaded->corpus)));
    CHECK(rows(index->handle(), "SELECT id FROM search WHERE search MATCH 'zebra17'") == std::vector<std::string>{"LIT-17"});
    CHECK(rows(index->handle(), "SELECT count(*) FROM search WHERE search MATCH 'cites'") == std::vector<std::string>{"30"});
  }
}

TEST_CASE("ingest: without an index a run keeps the markdown, which nothing else holds", "[ingest]") {
  TempDir dir;
  dir.write("lit/LIT-1.md", lit(1));
  auto loaded = ingest::load_corpus({dir.path()}, nullptr);
  REQUIRE(loaded);
  REQUIRE(loaded->corpus.notes.size() == 1);
  CHECK(loaded->corpus.notes[0].body_held);
  CHECK(loaded->corpus.notes[0].body == "The body of LIT-1 holds zebra1 and cites [[LIT-1]].\n");
}

TEST_CASE("index: the markdown alone is read back from an encoded parse", "[index]") {
  ParsedNote p = ingest::parse_note("lit/LIT-1.md", lit(1));
  std::string encoded = index::encode_parse(p);
  CHECK(index::decode_parse_body(encoded) == p.note.body);
  CHECK_FALSE(index::decode_parse_body(encoded.substr(0, encoded.size() / 2)));  // cut short
  CHECK_FALSE(index::decode_parse_body("{\"format\":1,\"note\":{\"path\":\"a.md\"}}"));  // none
  CHECK_FALSE(index::decode_parse_body("[1,2]"));
}

TEST_CASE("ingest: the places of one note share one copy of its path", "[ingest]") {
  const std::string path = "notes/a long folder name/SOTA-7 with a title.md";
  ParsedNote p = ingest::parse_note(path,
                                    "---\nid: SOTA-7\ntitle: T\nstatus: adopted\nsource: [LIT-1, LIT-2]\n"
                                    "introduced_by: LIT-1\n---\nSee [[LIT-2]] and [[LIT-3|three]].\n");
  const Note& n = p.note;
  REQUIRE(n.fields.size() >= 3);
  REQUIRE(n.wikilinks.size() == 2);
  REQUIRE_FALSE(n.relations.empty());
  const std::string* shared = &n.fields[0].where.file.str();
  CHECK(*shared == path);
  for (const Field& f : n.fields) {
    CHECK(&f.where.file.str() == shared);
    for (const FieldValue& v : f.items) CHECK(&v.where.file.str() == shared);
  }
  for (const Wikilink& l : n.wikilinks) CHECK(&l.where.file.str() == shared);
  for (const Relation& r : n.relations) CHECK(&r.where.file.str() == shared);
}

TEST_CASE("ingest: a shared path compares, orders and prints as the text it holds", "[ingest]") {
  Location a{"notes/a.md", 3, 1}, b{std::string("notes/b.md"), 1, 1}, empty;
  CHECK(a.file == "notes/a.md");
  CHECK(a.file == std::string("notes/a.md"));
  CHECK(a.file == std::string_view("notes/a.md"));
  CHECK(a < b);
  CHECK(Location{"notes/a.md", 3, 1} == a);
  CHECK(Location{"notes/a.md", 4, 1} > a);
  CHECK(empty.file.empty());
  CHECK(empty.file == "");
  CHECK(a.file + ":3" == "notes/a.md:3");
  std::ostringstream out;
  out << b.file;
  CHECK(out.str() == "notes/b.md");
}
