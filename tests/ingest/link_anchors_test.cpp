// The part of a link after '#' (docs/format.md, "Links"): headings and block ids recorded when a body
// is rendered, found the way Obsidian finds them ([[Note#Heading#Sub]], [[Note#^id]]), and the links of
// frontmatter properties (`categories: "[[Books]]"`), typed edges named after their keys.
#include <catch2/catch.hpp>

#include <algorithm>

#include "ingest/body_html.h"
#include "ingest/link_anchors.h"
#include "ingest/note_parser.h"

namespace {

anth::RenderedBody render(const std::string& body) { return anth::ingest::parse_body(body, false).rendered; }

anth::ParsedNote parse(const std::string& path, const std::string& text) {
  return anth::ingest::parse_note(path, text, anth::ingest::ParseSettings(1 << 20, false, {}));
}

}  // namespace

TEST_CASE("anchors: a body's headings and block ids, with the ids its page gives them", "[ingest][links]") {
  anth::RenderedBody b = render("# Early life\n\nText.\n\n## Schooling\n\nShe wrote it. ^quote-1\n\n## Schooling\n\nAgain\n^second\n");
  // Headings in body order, and block ids in body order (find_anchor reads them apart).
  std::vector<std::pair<std::string, int>> headings, blocks;
  for (const anth::BodyAnchor& a : b.anchors) (a.level ? headings : blocks).emplace_back(a.id, a.level);
  CHECK(headings == std::vector<std::pair<std::string, int>>{{"early-life", 1}, {"schooling", 2}, {"schooling-1", 2}});
  CHECK(blocks == std::vector<std::pair<std::string, int>>{{"^quote-1", 0}, {"^second", 0}});  // the last: on a line of its own
  CHECK(std::any_of(b.anchors.begin(), b.anchors.end(), [](const anth::BodyAnchor& a) { return a.text == "Early life"; }));
  // The id is no text a reader sees; the paragraph carries it.
  CHECK(b.html.find("<p id=\"^quote-1\">") != std::string::npos);
  CHECK(b.html.find("<p id=\"^second\">") != std::string::npos);
  CHECK(b.html.find("quote-1") == b.html.rfind("quote-1"));
  CHECK(b.html.find("second") == b.html.rfind("second"));
  CHECK(b.plain.find("quote-1") == std::string::npos);
  // After an embed's "]]" too, as Obsidian's help writes it.
  CHECK(render("![[image.png]]^img\n").anchors.at(0).id == "^img");
  // Not a block id: a caret inside a word, in code, or with other characters.
  anth::RenderedBody none = render("x^y\n\n`a ^code`\n\nend ^no_underscore\n");
  CHECK(none.anchors.empty());
  CHECK(none.html.find("id=") == std::string::npos);
}

TEST_CASE("anchors: [[Note#Heading]], nested [[Note#Heading#Sub]] and [[Note#^id]] find their ids", "[ingest][links]") {
  anth::RenderedBody b = render("# Early life\n\n## Schooling\n\n# Later\n\n## Schooling\n\n### Deep: part 1\n\nWords. ^q1\n");
  using anth::ingest::find_anchor;
  CHECK(find_anchor(b.anchors, "Early life") == "early-life");
  CHECK(find_anchor(b.anchors, "early LIFE") == "early-life");          // case folds
  CHECK(find_anchor(b.anchors, "Schooling") == "schooling");             // the first of its name
  CHECK(find_anchor(b.anchors, "Later#Schooling") == "schooling-1");     // the one under "Later"
  CHECK(find_anchor(b.anchors, "Later#Schooling#Deep part 1") == "deep-part-1");  // ':' as a link writes it
  CHECK(find_anchor(b.anchors, "^q1") == "^q1");
  CHECK(find_anchor(b.anchors, "^Q1") == "^q1");
  CHECK(find_anchor(b.anchors, "Early life#Later").empty());  // not within the section
  CHECK(find_anchor(b.anchors, "Nowhere").empty());
  CHECK(find_anchor(b.anchors, "^nope").empty());
}

TEST_CASE("anchors: [[#heading]] stays a link of the note to itself, no mention", "[ingest][links]") {
  auto p = parse("Home.md", "# Top\n\nSee [[#Top]] and [[Other]].\n");
  REQUIRE(p.note.wikilinks.size() == 2);
  CHECK(p.note.wikilinks[0].target.empty());
  CHECK(p.note.wikilinks[0].heading == "Top");
  REQUIRE(p.note.relations.size() == 1);
  CHECK(p.note.relations[0].written == "Other");
}

TEST_CASE("property links: a frontmatter key outside the schema whose values are wikilinks is an edge of its name", "[ingest][links]") {
  auto page = parse("People/Ada.md",
                    "---\ncategories: \"[[People]]\"\nrelated: [\"[[A]]\", \"[[B|b]]\", \"[[a]]\"]\nborn: 1815\n"
                    "cover: \"[[photo.jpg]]\"\nnote: see [[C]] too\naliases: [\"[[D]]\"]\n---\n");
  std::vector<std::pair<std::string, std::string>> edges;
  for (const anth::Relation& r : page.note.relations) {
    CHECK(r.origin == anth::Origin::Property);
    edges.emplace_back(r.kind, r.written);
  }
  // One per key and target; not an attachment, a link inside text, or a key the schema reads (aliases).
  CHECK(edges == std::vector<std::pair<std::string, std::string>>{{"categories", "People"}, {"related", "A"}, {"related", "B"}});
  CHECK(page.note.relations[0].where.line == 2);

  // A typed note's own keys too; its schema's relations stay what they were.
  auto sota = parse("SOTA-1.md", "---\ntitle: T\nstatus: adopted\nsource: [\"[[LIT-1]]\"]\nintroduced_by: LIT-1\n"
                                  "owner: \"[[Ada]]\"\n---\n");
  REQUIRE(sota.note.relations.size() == 3);
  CHECK(sota.note.relations[0].origin == anth::Origin::Frontmatter);
  CHECK(sota.note.relations[2].kind == "owner");
  CHECK(sota.note.relations[2].origin == anth::Origin::Property);
}

TEST_CASE("anchors: each heading and block id knows its line in the body, setext headings and long bodies too", "[ingest][links]") {
  // Line 1 ATX, 3-4 a setext heading (its text line counts), 6-8 a fence whose '#' is code, 10-11 a
  // paragraph of two lines ending with a block id, 13 one in a list item, 16 a heading in a callout.
  std::string body =
      "# First\n\nSecond\n======\n\n```\n# not a heading\n```\n\nA paragraph\nthat ends here ^para\n\n- an item ^item\n\n"
      "> [!note] Callout\n> ## Inside\n";
  auto lines_of = [](const anth::RenderedBody& b) {
    std::vector<std::pair<std::string, int>> out;
    for (const anth::BodyAnchor& a : b.anchors) out.emplace_back(a.id, a.line);
    std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    return out;
  };
  const std::vector<std::pair<std::string, int>> want{{"first", 1}, {"second", 3}, {"^para", 11}, {"^item", 13}, {"inside", 16}};
  CHECK(lines_of(render(body)) == want);
  // Cut into pieces (as a body over a megabyte is), the lines are still the body's.
  CHECK(lines_of(anth::ingest::parse_body(body, false, 8).rendered) == want);
  // For the checks only, the same.
  CHECK(lines_of(anth::ingest::parse_body(body, false, anth::ingest::body_piece_bytes, anth::ingest::BodyFor::checks).rendered) == want);
}
