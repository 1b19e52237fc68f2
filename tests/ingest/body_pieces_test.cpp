// A long body is parsed in pieces (ingest/body_pieces.h): the pieces must give exactly what one parse of
// the whole body gives. Each body here is parsed whole and cut as small as the cutting rules allow, and
// the two results compared field by field.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "ingest/body_html.h"
#include "ingest/body_pieces.h"
#include "ingest/frontmatter.h"
#include "tests/support/test_support.h"

using namespace anth;
using namespace anth::ingest;

namespace {

constexpr std::size_t whole = SIZE_MAX;

void check_same_as_whole(const std::string& body, bool raw_html = false) {
  std::vector<BodyPiece> pieces = body_pieces(body, 1);
  REQUIRE(pieces.size() > 1);  // else the comparison shows nothing
  for (const BodyPiece& p : pieces) UNSCOPED_INFO("piece at line " << p.first_line << ": " << p.text.substr(0, p.text.find('\n')));
  ParsedBody one = parse_body(body, raw_html, whole), cut = parse_body(body, raw_html, 1);
  CHECK(cut.rendered.html == one.rendered.html);
  CHECK(cut.rendered.plain == one.rendered.plain);
  REQUIRE(cut.rendered.links.size() == one.rendered.links.size());
  for (std::size_t i = 0; i < one.rendered.links.size(); ++i) {
    INFO("link " << i << ": " << one.rendered.links[i].target);
    CHECK(cut.rendered.links[i].target == one.rendered.links[i].target);
    CHECK(cut.rendered.links[i].heading == one.rendered.links[i].heading);
    CHECK(cut.rendered.excerpts.of(i) == one.rendered.excerpts.of(i));
    CHECK(cut.rendered.links[i].file == one.rendered.links[i].file);
  }
  REQUIRE(cut.inline_blocks.size() == one.inline_blocks.size());
  for (std::size_t i = 0; i < one.inline_blocks.size(); ++i) {
    CHECK(cut.inline_blocks[i].first == one.inline_blocks[i].first);
    CHECK(cut.inline_blocks[i].last == one.inline_blocks[i].last);
  }
}

}  // namespace

TEST_CASE("body pieces: a body is cut only before a column-0 line after a blank line, outside code and HTML blocks", "[ingest][body]") {
  std::string body =
      "Para one\n\n"       // line 1
      "```\ncode\n\n# not a heading\n```\n\n"  // a fence holding a blank line and a heading
      "<pre>\nx\n\nIn pre\n</pre>\n\n"          // an HTML block that runs past a blank line
      "- item\n\n  continued\n\n"               // a list: its lines start with a marker or an indent
      "# Heading\n\nLast\n";
  std::vector<BodyPiece> pieces = body_pieces(body, 1);
  std::vector<std::string> starts;
  for (const BodyPiece& p : pieces) starts.emplace_back(p.text.substr(0, p.text.find('\n')));
  CHECK(starts == std::vector<std::string>{"Para one", "# Heading", "Last"});
  std::string joined;
  for (const BodyPiece& p : pieces) joined += p.text;
  CHECK(joined == body);
  CHECK(pieces[1].first_line == 19);
  CHECK(body_pieces(body, body.size()).size() == 1);  // not longer than a piece: whole
}

TEST_CASE("body pieces: what reaches across the body, or a fence the scan cannot follow, keeps it whole", "[ingest][body]") {
  for (std::string body : {"A\n\nB [x]\n\n[x]: https://example.org\n\nC\n",         // a link reference definition
                           "A[^1]\n\nB\n\n[^1]: A footnote.\n\nC\n",                  // a footnote
                           "- a\n\n  ```\n  code\n\nB\n\n```\nC\n\nD\n```\n",         // a fence inside a list item
                           "> ```\n> code\n\nB\n\nC\n"}) {                           // a fence in a quote
    INFO(body);
    CHECK(body_pieces(body, 1).size() == 1);
  }
}

TEST_CASE("body pieces: a body in pieces renders as the whole body does", "[ingest][body]") {
  SECTION("headings: ids unique over every piece, and an h1 in the last piece moves all headings down") {
    check_same_as_whole("## Same\n\ntext [[A]]\n\n## Same\n\nmore [[B]] and [[A]]\n\n# Same\n\nend [[B|b]]\n");
  }
  SECTION("a cut the scan misjudged (a fence line inside an HTML block) is found, and the rest parsed at once") {
    // "</div>" opens an HTML block that takes the next line, so "```" there opens nothing, and the
    // second "```" opens a fence that runs to the end; the scan takes them for a fence and its close.
    check_same_as_whole("<div>\n\n</div>\n```\nfenced\n\nText [[A]]\n```\n\nAfter [[B]]\n\nMore [[C]]\n");
  }
  SECTION("fences, HTML blocks, lists, quotes, tables, setext headings, raw HTML kept") {
    std::string body =
        "Intro [[LIT-1#Key]] and [a file](../lit/LIT-2.md#x).\n\n"
        "```python\nx = 1\n\n# comment [[not a link]]\n```\n\n"
        "<pre>\n[[in pre]]\n\nstill pre\n</pre>\n\n"
        "Setext\n======\n\n"
        "| a | b |\n| --- | :-: |\n| [[T]] | c |\n\n"
        "- one\n- two\n\n  two more\n\n"
        "> quoted [[Q]]\n\n"
        "1. first\n\nAfter the list, ~~struck~~ and https://example.org.\n\n"
        "<div>raw</div>\n\n"
        "Words\\\nwith a break.\n";
    check_same_as_whole(body, false);
    check_same_as_whole(body, true);
  }
  SECTION("every body of the bundled anthology, one after another") {
    std::string body;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(anth::test::source_dir() / "data")) {
      if (entry.path().extension() != ".md") continue;
      std::string text = anth::test::read_file(entry.path());
      Frontmatter fm = parse_frontmatter(text, entry.path().string());
      body.append(fm.body).append("\n\n");
    }
    // data/ has no reference definition, footnote or indented fence, which would keep the body whole
    // (and fail check_same_as_whole's first REQUIRE, saying so).
    check_same_as_whole(body);
  }
}

TEST_CASE("body pieces: random bodies of markdown's blocks render the same in pieces", "[ingest][body]") {
  const std::vector<std::string> blocks = {
      "Plain [[A]] text.\n", "# Head\n", "## Head\n", "Under\n---\n", "```\nfenced\n\nstill [[B]]\n```\n",
      "~~~~\ntilde\n\n~~~\nstill\n~~~~\n", "    indented\n\n    code\n", "- a\n\n  b [[C]]\n", "1. x\n2. y\n",
      "> q\n>\n> r\n", "<pre>\n\nx\n</pre>\n", "<!--\n\ncomment\n-->\n", "<div>\n\n</div>\n", "| h |\n| - |\n| [[D]] |\n",
      "Text with `code` and **bold** [[A|again]].\n", "* [ ] task\n* [x] done\n"};
  std::mt19937 rng(7);
  int compared = 0;
  for (int round = 0; round < 100; ++round) {
    std::string body;
    for (int i = 0; i < 30; ++i) body += blocks[rng() % blocks.size()] + (rng() % 4 ? "\n" : "");
    INFO(body);
    if (body_pieces(body, 1).size() == 1) continue;  // no place to cut
    check_same_as_whole(body);
    ++compared;
  }
  CHECK(compared >= 90);  // the comparison ran, not only the generator
}
