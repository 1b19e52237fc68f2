// The YAML reader under the frontmatter (libyaml's events made a small tree): what it reads as null,
// scalar, list and mapping, where each node is, how aliases are shared, and where errors are placed.
#include <catch2/catch.hpp>

#include <string>

#include "ingest/frontmatter.h"
#include "ingest/yaml_document.h"

using namespace anth::ingest;
using Kind = YamlNode::Kind;

namespace {

// The value of `key` in the root mapping.
const YamlNode& value_of(const YamlDocument& doc, const std::string& key) {
  const YamlNode& root = doc.at(doc.root);
  for (std::size_t i = 0; i + 1 < root.children.size(); i += 2)
    if (doc.at(root.children[i]).text == key) return doc.at(root.children[i + 1]);
  FAIL("no key " << key);
  return root;
}

}  // namespace

TEST_CASE("yaml document: nulls, scalars, lists and mappings, each at its place", "[ingest][yaml]") {
  auto doc = parse_yaml(
      "empty:\n"
      "tilde: ~\n"
      "word: null\n"
      "quoted: \"null\"\n"
      "tagged: !!null x\n"
      "title: \"Caf\\u00e9 \\\"x\\\"\"\n"
      "folded: >\n  one\n  two\n"
      "list: [a, 'b', [[LIT-1]]]\n"
      "map:\n  \xC3\xA9t\xC3\xA9: 1\n  k: {x: y}\n");
  REQUIRE(doc);
  REQUIRE(doc->at(doc->root).kind == Kind::mapping);
  CHECK(value_of(*doc, "empty").kind == Kind::null);
  CHECK(value_of(*doc, "tilde").kind == Kind::null);
  CHECK(value_of(*doc, "word").kind == Kind::null);
  CHECK(value_of(*doc, "quoted").kind == Kind::scalar);
  CHECK(value_of(*doc, "quoted").text == "null");
  CHECK(value_of(*doc, "tagged").kind == Kind::null);
  CHECK(value_of(*doc, "title").text == "Caf\xC3\xA9 \"x\"");
  CHECK(value_of(*doc, "folded").text == "one two\n");
  const YamlNode& list = value_of(*doc, "list");
  REQUIRE(list.kind == Kind::sequence);
  REQUIRE(list.children.size() == 3);
  CHECK(doc->at(list.children[1]).text == "b");
  const YamlNode& nested = doc->at(list.children[2]);
  CHECK(nested.kind == Kind::sequence);
  CHECK(doc->at(doc->at(nested.children[0]).children[0]).text == "LIT-1");
  // Lines and columns from 0, columns in characters: the 'b' is on line 9 at column 10.
  CHECK(doc->at(list.children[1]).line == 9);
  CHECK(doc->at(list.children[1]).column == 10);
  const YamlNode& map = value_of(*doc, "map");
  REQUIRE(map.kind == Kind::mapping);
  REQUIRE(map.children.size() == 4);
  const YamlNode& one = doc->at(map.children[1]);
  CHECK(one.text == "1");
  CHECK(one.line == 11);
  CHECK(one.column == 7);  // "  été: " is seven characters (nine bytes)
  CHECK(doc->at(map.children[3]).kind == Kind::mapping);
}

TEST_CASE("yaml document: an alias is its anchor's node, shared, and a cycle is no error", "[ingest][yaml]") {
  auto doc = parse_yaml("a: &long \"text\"\nb: [*long, *long, *long]\nc: &self [*self]\n");
  REQUIRE(doc);
  const YamlNode& b = value_of(*doc, "b");
  REQUIRE(b.children.size() == 3);
  CHECK(b.children[0] == b.children[2]);
  CHECK(doc->at(b.children[0]).text == "text");
  CHECK(doc->nodes.size() == 7);  // the root, three keys, "text", b's list and c's: aliases add no node
  const YamlNode& c = value_of(*doc, "c");
  REQUIRE(c.children.size() == 1);
  CHECK(&doc->at(c.children[0]) == &c);
}

TEST_CASE("yaml document: errors at their place, with libyaml's words", "[ingest][yaml]") {
  auto unclosed = parse_yaml("id: LIT-1\ntags: [model-stability\n");
  REQUIRE_FALSE(unclosed);
  CHECK(unclosed.error().line == 2);
  CHECK(unclosed.error().column == 0);
  CHECK(unclosed.error().message == "did not find expected ',' or ']' (while parsing a flow sequence)");

  auto undefined = parse_yaml("a: 1\nb: *nowhere\n");
  REQUIRE_FALSE(undefined);
  CHECK(undefined.error().line == 1);
  CHECK(undefined.error().column == 3);
  CHECK(undefined.error().message == "the alias *nowhere names no anchor before it");

  // A control character is a reader error, which libyaml places by byte offset only.
  auto control = parse_yaml("a: 1\nb: x\x01y\n");
  REQUIRE_FALSE(control);
  CHECK(control.error().line == 1);
  CHECK(control.error().column == 4);
  CHECK(control.error().message == "control characters are not allowed");
}

TEST_CASE("yaml document: only the first document is read, and an empty text has no root", "[ingest][yaml]") {
  auto two = parse_yaml("a: 1\n...\n--- [broken\n");
  REQUIRE(two);
  CHECK(value_of(*two, "a").text == "1");
  auto empty = parse_yaml("# only a comment\n");
  REQUIRE(empty);
  CHECK(empty->root == YamlDocument::none);
  auto scalar = parse_yaml("just text\n");
  REQUIRE(scalar);
  CHECK(scalar->at(scalar->root).kind == Kind::scalar);
}

TEST_CASE("frontmatter: a value after non-ASCII text is placed by characters, as every column is", "[ingest][yaml]") {
  // yaml-cpp counted bytes here (column 17); the body's columns and the LSP's count characters.
  Frontmatter fm = parse_frontmatter("---\ncites: [\"\xC3\xA9\xC3\xA9\", LIT-9]\n---\n", "lit/LIT-1.md");
  REQUIRE(fm.fields.size() == 1);
  REQUIRE(fm.fields[0].items.size() == 2);
  CHECK(fm.fields[0].items[1].where.line == 2);
  CHECK(fm.fields[0].items[1].where.column == 15);
}
