// The one markdown parse of a body (ingest/body_html.h), the one wikilink grammar
// (core/model/wikilink_text.h) and the one link index (core/graph/link_index.h).
#include <catch2/catch.hpp>

#include <chrono>

#include "core/graph/link_index.h"
#include "core/index/index.h"
#include "core/model/wikilink_text.h"
#include "core/util/utf8.h"
#include "ingest/body_html.h"
#include "ingest/note_parser.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;

namespace {

std::vector<std::string> found(std::string_view text) {
  std::vector<std::string> out;
  WikilinkFinder finder(text);
  for (auto span = finder.next(0); span; span = finder.next(span->close + 2)) out.emplace_back(span->inside(text));
  return out;
}

Note named(std::string path, std::string id, std::string title, std::vector<std::string> aliases = {}) {
  Note n;
  n.path = std::move(path);
  n.id = std::move(id);
  n.title = std::move(title);
  n.aliases = std::move(aliases);
  return n;
}

}  // namespace

TEST_CASE("wikilinks: a link ends at the first closing pair and starts at the last opening pair before it", "[ingest][wikilink]") {
  CHECK(found("[[a]] and [[b|c]]") == std::vector<std::string>{"a", "b|c"});
  CHECK(found("[[a [[b]]") == std::vector<std::string>{"b"});
  CHECK(found("[[[x]]") == std::vector<std::string>{"x"});
  CHECK(found("[[]] [[ok]] ]] [[") == std::vector<std::string>{"ok"});
  CHECK(found("no links ]] here [[") == std::vector<std::string>{});
  // Asked at each "[[" in turn, as the body scan walks a line, it agrees with next().
  std::string_view text = "x [[a [[b]] [[ [[c]] ]] [[d]]";
  WikilinkFinder walk(text);
  std::vector<std::string> at;
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if (text.substr(i, 2) == "[[")
      if (auto span = walk.at(i)) at.emplace_back(span->inside(text));
  CHECK(at == found(text));
}

TEST_CASE("wikilinks: finding them stays linear in runs of brackets", "[ingest][wikilink][hardening]") {
  for (std::string text : {std::string(400000, '[') + "x]]", "[[" + std::string(400000, ']'), std::string(200000, '[') + std::string(200000, ']')}) {
    auto start = std::chrono::steady_clock::now();
    WikilinkFinder walk(text);
    std::size_t links = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] == '[' && text[i + 1] == '[' && walk.at(i)) ++links;
    links += found(text).size();
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    CHECK(links <= 2);
  }
}

TEST_CASE("wikilinks: the body scan and the body made for the site find the same links", "[ingest][wikilink]") {
  for (const char* body : {"See [[LIT-1]], [[ LIT-2 |two]] and [[a [[LIT-3]].\n",
                           "| a | b |\n| --- | --- |\n| [[LIT-4\\|four]] | [[LIT-5#Key takeaways]] |\n",
                           "# Heading [[LIT-6]]\n\n- item [[LIT-7]]\n- `[[not-a-link]]` [[LIT-8]]\n\n```\n[[in-code]]\n```\n",
                           "Footnote[^1].\n\n[^1]: In a footnote, [[LIT-9]].\n"}) {
    INFO(body);
    ParsedNote p = parse_note("notes/NOTE-1.md", std::string("---\ntitle: N\n---\n") + body);
    std::vector<std::string> scanned, rendered;
    for (const Wikilink& w : p.note.wikilinks) scanned.push_back(w.target);
    for (const BodyLink& l : p.note.rendered.links)
      if (!l.file) rendered.push_back(l.target);
    CHECK(scanned == rendered);
    CHECK(p.note.rendered.html.find("[[LIT") == std::string::npos);
  }
}

TEST_CASE("body: parsed once into HTML with markers, text and excerpts", "[ingest][body]") {
  ParsedBody b = parse_body("# Title\n\nSee [[LIT-1|the paper]] and [this](../lit/LIT-2.md#Key%20takeaways).\n", false);
  REQUIRE(b.rendered.links.size() == 2);
  CHECK(b.rendered.links[0].file);
  CHECK(b.rendered.links[0].target == "../lit/LIT-2.md");  // the path, read from the note's folder by the resolver
  CHECK(b.rendered.links[0].heading == "Key takeaways");    // percent-decoded
  CHECK_FALSE(b.rendered.links[1].file);
  CHECK(b.rendered.links[1].target == "LIT-1");
  CHECK(b.rendered.excerpts.of(1) == "See the paper and this.");
  CHECK(b.rendered.plain == "Title\nSee the paper and this.");
  CHECK(b.rendered.html.find("<h2 id=\"title\">Title</h2>") != std::string::npos);
  CHECK(b.rendered.html.find("<\x01" "1>the paper<\x02>") != std::string::npos);
  CHECK(b.rendered.html.find("<\x03" "0><a href=\"../lit/LIT-2.md#Key%20takeaways\">") != std::string::npos);
  CHECK(b.inline_blocks.size() == 2);
}

TEST_CASE("body: the raw-HTML setting is part of the parse key, and the parse keeps the body", "[ingest][body][cache]") {
  CHECK(parse_key({4096, false}) != parse_key({4096, true}));
  ParsedNote safe = parse_note("n/NOTE-1.md", "---\ntitle: T\n---\n<b>x</b> [[LIT-1]]\n", {4096, false});
  ParsedNote raw = parse_note("n/NOTE-1.md", "---\ntitle: T\n---\n<b>x</b> [[LIT-1]]\n", {4096, true});
  CHECK(safe.note.rendered.html.find("&lt;b&gt;x&lt;/b&gt;") != std::string::npos);
  CHECK(raw.note.rendered.html.find("<b>") != std::string::npos);
  CHECK(raw.note.rendered.html.find("&lt;b&gt;") == std::string::npos);
  // The parse keeps the links; the html and text are the index's column of their own (encode_body).
  std::optional<ParsedNote> back = index::decode_parse(index::encode_parse(safe));
  REQUIRE(back);
  CHECK(back->note.rendered.stored);
  std::optional<BodyText> text = index::decode_body(index::encode_body(safe.note.rendered));
  REQUIRE(text);
  CHECK(text->html == safe.note.rendered.html);
  CHECK(text->plain == safe.note.rendered.plain);
  REQUIRE(back->note.rendered.links.size() == 1);
  CHECK(back->note.rendered.links[0].target == "LIT-1");
  CHECK(back->note.rendered.excerpts.of(0) == safe.note.rendered.excerpts.of(0));
}

TEST_CASE("link index: id or stem, then title or alias, Unicode-folded, the first by path keeping a name", "[ingest][resolve]") {
  Corpus c;
  c.notes.push_back(named("lit/LIT-1.md", "LIT-1", "Über Attention", {"Zhai et al."}));
  c.notes.push_back(named("lit/LIT-2.md", "LIT-2", "Straße", {"LIT-1"}));  // an alias never beats an id
  c.notes.push_back(named("notes/qk.md", "NOTE-3", "Zhai et al."));       // a title taken by an earlier alias
  c.notes.push_back(named("x/LIT-9.md", "LIT-9", "Gone"));
  c.notes.back().in_graph = false;
  graph::LinkIndex index(c);
  CHECK(index.resolve("lit-1") == "LIT-1");
  CHECK(index.resolve(" LIT-1.md ") == "LIT-1");
  CHECK(index.resolve("über attention") == "LIT-1");
  CHECK(index.resolve("STRASSE") == "LIT-2");
  CHECK(index.resolve("qk") == "NOTE-3");
  CHECK(index.resolve("zhai et al.") == "LIT-1");
  CHECK(index.resolve("LIT-9").empty());
  CHECK(index.resolve("nobody").empty());
  CHECK(graph::file_stem("a/b/LIT-1.md") == "LIT-1");
}

TEST_CASE("body: a text that is not UTF-8 still renders as UTF-8 (cmark checks only such a text)", "[ingest][body]") {
  // Notes' files are checked when read; parse_body's other callers may hand it anything.
  ParsedBody b = parse_body("caf\xe9 and [[LIT-1]] \xff\xfe end\n", false);
  CHECK(anth::util::find_invalid_utf8(b.rendered.html) == std::string::npos);
  CHECK(b.rendered.html.find("\xef\xbf\xbd") != std::string::npos);  // U+FFFD in place of the bad bytes
  CHECK(parse_body("caf\xc3\xa9 [[LIT-1]]\n", false).rendered.html.find("caf\xc3\xa9") != std::string::npos);
}

TEST_CASE("body: a markdown link to a file is a mention at its line and column in characters", "[ingest][body]") {
  // The body starts on line 4; the second link is on the body's fourth line, after a two-byte "é".
  ParsedNote p = parse_note("notes/NOTE-1.md",
                            "---\ntitle: T\n---\nFirst line.\n\n\nThé [a](../lit/LIT-2.md) and [b](Other%20note.md).\n",
                            {4096, false});
  std::vector<Location> at;
  for (const Relation& r : p.note.relations)
    if (r.origin == Origin::Link) at.push_back(r.where);
  REQUIRE(at.size() == 2);
  CHECK(at[0] == Location{"notes/NOTE-1.md", 7, 5});
  CHECK(at[1] == Location{"notes/NOTE-1.md", 7, 30});
  // A body of no such link has none (and its lines are never counted).
  ParsedNote plain = parse_note("notes/NOTE-2.md", "---\ntitle: T\n---\nSee [[LIT-1]].\n", {4096, false});
  for (const Relation& r : plain.note.relations) CHECK(r.origin != Origin::Link);
}
