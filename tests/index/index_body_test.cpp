// The body made for the site is kept apart from the parse (files.body): reading parses, as lint and the
// queries do, never reads it; the site reads it one note at a time (BodyReader).
#include <catch2/catch.hpp>

#include "core/index/body_reader.h"
#include "core/index/sqlite_util.h"
#include "tests/index/index_test_support.h"

using namespace anth;
using namespace anth::index_test;

namespace {

const char* note_text = "---\ntitle: Bodies\n---\n# Heading\n\nSee [[LIT-1]] and *distinctive emphasis*.\n";

}  // namespace

TEST_CASE("index: the body is a column of its own that reading parses never touches", "[index][body]") {
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  ParsedNote parse = ingest::parse_note("notes/NOTE-1.md", note_text);
  REQUIRE(parse.note.rendered.html.find("<em>") != std::string::npos);
  REQUIRE(index.store_parses({{&parse, index::CachedFile{parse.note.content_hash, 10, 1, 1}}}));

  // The parse lint and the queries decode holds the links, not the HTML or the text.
  auto texts = index.load_parse_texts({"notes/NOTE-1.md"});
  REQUIRE(texts.at(0));
  CHECK(texts[0]->find("<em>") == std::string::npos);
  CHECK(texts[0]->find("*distinctive emphasis*") != std::string::npos);  // the markdown body
  auto loaded = index.load_parse("notes/NOTE-1.md");
  REQUIRE(loaded);
  CHECK(loaded->note.rendered.stored);
  CHECK(loaded->note.rendered.html.empty());
  CHECK(loaded->note.rendered.plain.empty());
  REQUIRE(loaded->note.rendered.links.size() == 1);
  CHECK(loaded->note.rendered.links[0].target == "LIT-1");
  auto for_lint = index::decode_parse(*texts[0], /*body_links=*/false);
  REQUIRE(for_lint);
  CHECK(for_lint->note.rendered.stored);
  CHECK(for_lint->note.rendered.links.empty());
  CHECK(for_lint->note.wikilinks.size() == 1);

  // The body, from the column and from a reader of its own.
  auto body = index.load_body_text("notes/NOTE-1.md");
  REQUIRE(body);
  auto text = index::decode_body(*body);
  REQUIRE(text);
  CHECK(text->html == parse.note.rendered.html);
  CHECK(text->plain == parse.note.rendered.plain);
  auto reader = index::BodyReader::open(index_path(dir));
  REQUIRE(reader);
  auto read = reader->read("notes/NOTE-1.md");
  REQUIRE(read);
  CHECK(read->html == parse.note.rendered.html);
  CHECK_FALSE(reader->read("notes/NOTE-2.md"));

  // A new stat for the same content (a parse read back, its body stored) keeps the stored body.
  REQUIRE(index.store_parses({{&*loaded, index::CachedFile{parse.note.content_hash, 10, 2, 2}}}));
  CHECK(index.cached_files().at("notes/NOTE-1.md").mtime_ns == 2);
  CHECK(index.load_body_text("notes/NOTE-1.md") == body);

  // A parse whose body is missing counts as absent only for whoever needs the body.
  REQUIRE(index::detail::exec(index.handle(), "UPDATE files SET body = NULL"));
  CHECK(index.load_parse_texts({"notes/NOTE-1.md"}).at(0));
  CHECK_FALSE(index.load_parse_texts({"notes/NOTE-1.md"}, /*need_body=*/true).at(0));
  CHECK_FALSE(index.load_body_text("notes/NOTE-1.md"));
}

TEST_CASE("index: a body's encoding round-trips and refuses what it did not write", "[index][body]") {
  RenderedBody r;
  r.html = "<p>caf\xC3\xA9 <\x01" "0>x<\x02></p>\n";
  r.plain = "caf\xC3\xA9 x";
  auto back = index::decode_body(index::encode_body(r));
  REQUIRE(back);
  CHECK(back->html == r.html);
  CHECK(back->plain == r.plain);
  auto empty = index::decode_body(index::encode_body(RenderedBody{}));
  REQUIRE(empty);
  CHECK(empty->html.empty());
  CHECK(empty->plain.empty());
  for (const char* bad : {"", ":", "x:abc", "12:abc", "-1:abc", "99999999999999999999999:a"}) {
    INFO(bad);
    CHECK_FALSE(index::decode_body(bad));
  }
}

TEST_CASE("index: a body is stored compressed, and a body stored uncompressed still reads", "[index][body]") {
  RenderedBody r;
  for (int i = 0; i < 200; ++i) r.html += "<p>The attention logits grow with the norm of the queries.</p>\n";
  r.plain = "The attention logits grow with the norm of the queries.";
  std::string stored = index::encode_body(r);
  CHECK(stored.size() * 4 < r.html.size());
  CHECK(stored.rfind("\x28\xb5\x2f\xfd", 0) == 0);  // a zstd frame
  // What indexes written before kept: the length of the html, ':', the html, the plain text.
  auto old = index::decode_body("9:<p>x</p>\nx");
  REQUIRE(old);
  CHECK(old->html == "<p>x</p>\n");
  CHECK(old->plain == "x");
  // A damaged frame is refused, not read as text.
  std::string cut = stored.substr(0, stored.size() / 2);
  CHECK_FALSE(index::decode_body(cut));
  std::string flipped = stored;
  flipped[flipped.size() - 3] ^= 0x55;
  auto damaged = index::decode_body(flipped);
  CHECK((!damaged || damaged->html != r.html));
  // The column holds a BLOB that reads back whole through the index.
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  ParsedNote parse = ingest::parse_note("notes/NOTE-1.md", note_text);
  REQUIRE(index.store_parses({{&parse, index::CachedFile{parse.note.content_hash, 10, 1, 1}}}));
  index::detail::Statement type(index.handle(), "SELECT typeof(body) FROM files");
  REQUIRE(type.next().value_or(false));
  CHECK(type.column_text(0) == "blob");
}

TEST_CASE("index: a body reader with one snapshot reads what the index held when it opened", "[index][body]") {
  TempDir dir;
  index::Index index = open_rw(index_path(dir));
  ParsedNote first = ingest::parse_note("notes/NOTE-1.md", note_text);
  REQUIRE(index.store_parses({{&first, index::CachedFile{first.note.content_hash, 10, 1, 1}}}));
  auto one = index::BodyReader::open(index_path(dir), index::BodyReader::Snapshot::one);
  auto per_read = index::BodyReader::open(index_path(dir));
  REQUIRE(one);
  REQUIRE(per_read);
  REQUIRE(one->read("notes/NOTE-1.md"));
  // The writer goes on (the session stores while the site renders) and changes the body.
  ParsedNote second = ingest::parse_note("notes/NOTE-1.md", "---\ntitle: Bodies\n---\nA new body.\n");
  REQUIRE(index.store_parses({{&second, index::CachedFile{second.note.content_hash, 11, 2, 2}}}));
  CHECK(one->read("notes/NOTE-1.md")->html == first.note.rendered.html);
  CHECK(per_read->read("notes/NOTE-1.md")->html == second.note.rendered.html);
}
