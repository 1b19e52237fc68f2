// Query blocks in the body's one parse (ingest/query_blocks.h): found with their text and place,
// replaced by their markers, kept by the index's parse codec, the same whatever the pieces.
#include <catch2/catch.hpp>

#include "core/index/index.h"
#include "ingest/body_html.h"
#include "ingest/note_parser.h"

using namespace anth;
using anth::ingest::parse_body;

namespace {

const char* const body =
    "Intro [[LIT-1]].\n"                   // 1
    "\n"                                   // 2
    "```anthology\n"                       // 3
    "query --kind sota --status candidate\n"  // 4
    "```\n"                                // 5
    "\n"                                   // 6
    "- a list\n"                           // 7
    "\n"                                   // 8
    "  ~~~anthology title\n"               // 9
    "  neighbors this \\\n"                // 10
    "    --depth 2\n"                      // 11
    "  ~~~\n"                              // 12
    "\n"                                   // 13
    "```python\n"                          // 14
    "query --kind lit\n"                   // 15
    "```\n"                                // 16
    "\n"                                   // 17
    "`anthology` and ```anthology``` inline are code spans.\n"  // 18
    "\n"                                   // 19
    "    anthology indented code\n";       // 20

std::string marker(int n) { return std::string("<\x06") + std::to_string(n) + ">"; }

}  // namespace

TEST_CASE("query blocks: the parse records each fenced `anthology` block and leaves its marker", "[ingest][query-blocks]") {
  ingest::ParsedBody parsed = parse_body(body, false);
  const auto& q = parsed.rendered.queries;
  REQUIRE(q.size() == 2);
  CHECK(q[0].text == "query --kind sota --status candidate");
  CHECK(q[0].line == 4);
  CHECK(q[0].column == 1);
  CHECK(q[1].text == "neighbors this \\\n  --depth 2");
  CHECK(q[1].line == 10);
  CHECK(q[1].column == 3);
  const std::string& html = parsed.rendered.html;
  CHECK(html.find(marker(0)) != std::string::npos);
  CHECK(html.find(marker(1)) != std::string::npos);
  CHECK(html.find(marker(0)) < html.find(marker(1)));
  CHECK(html.find("--status candidate") == std::string::npos);  // the block's text is not shown as code
  CHECK(html.find("query --kind lit") != std::string::npos);     // another language's block is
  CHECK(html.find("anthology indented code") != std::string::npos);
  CHECK(parsed.rendered.plain.find("candidate") == std::string::npos);  // nor searched
  CHECK(parsed.rendered.links.size() == 1);
}

TEST_CASE("query blocks: a body cut in pieces gives the same blocks and markers", "[ingest][query-blocks]") {
  std::string long_body;
  for (int i = 0; i < 40; ++i) long_body += "Paragraph " + std::to_string(i) + ".\n\n```anthology\nquery --limit " + std::to_string(i + 1) + "\n```\n\n";
  ingest::ParsedBody whole = parse_body(long_body, false);
  ingest::ParsedBody cut = parse_body(long_body, false, 64);
  REQUIRE(whole.rendered.queries.size() == 40);
  REQUIRE(cut.rendered.queries.size() == 40);
  for (std::size_t i = 0; i < 40; ++i) {
    CHECK(cut.rendered.queries[i].text == whole.rendered.queries[i].text);
    CHECK(cut.rendered.queries[i].line == whole.rendered.queries[i].line);
  }
  CHECK(whole.rendered.queries[39].line == 39 * 6 + 4);
  CHECK(cut.rendered.html == whole.rendered.html);
}

TEST_CASE("query blocks: the index's parse codec keeps them, and a raw-HTML note cannot forge a marker",
          "[ingest][query-blocks]") {
  ParsedNote p = ingest::parse_note("lit/LIT-1.md", std::string("---\nid: LIT-1\ntitle: T\n---\n") + body);
  REQUIRE(p.note.rendered.queries.size() == 2);
  CHECK(p.note.body_line + p.note.rendered.queries[0].line - 1 == 8);  // the file's line
  auto back = index::decode_parse(index::encode_parse(p));
  REQUIRE(back);
  REQUIRE(back->note.rendered.queries.size() == 2);
  CHECK(back->note.rendered.queries[1].text == p.note.rendered.queries[1].text);
  CHECK(back->note.rendered.queries[1].line == 10);
  CHECK(back->note.rendered.queries[1].column == 3);

  ingest::ParsedBody raw = parse_body("<div>\x06" "0></div>\n", true);
  CHECK(raw.rendered.html.find('\x06') == std::string::npos);
}
