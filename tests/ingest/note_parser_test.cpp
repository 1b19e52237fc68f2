// parse_note: frontmatter fields with locations, wikilinks, inline fields, code, and bad input.
#include <catch2/catch.hpp>

#include <algorithm>

#include "ingest/note_parser.h"

using namespace anth::ingest;  // the stage under test

using namespace anth;

namespace {

const Field* find(const Note& n, const std::string& key, Origin origin) {
  for (const Field& f : n.fields)
    if (f.key == key && f.origin == origin) return &f;
  return nullptr;
}

std::vector<std::string> rules_of(const ParsedNote& p) {
  std::vector<std::string> out;
  for (const Diagnostic& d : p.diagnostics) out.push_back(d.rule);
  return out;
}

}  // namespace

TEST_CASE("frontmatter fields keep the line and column of keys and values", "[ingest]") {
  ParsedNote p = parse_note("sota/SOTA-192.md",
                            "---\nid: SOTA-192\ntitle: Normalize queries and keys\nstatus: adopted\n"
                            "source: [LIT-088, \"[[LIT-640]]\"]\nintroduced_by: LIT-640\n---\nBody.\n");
  REQUIRE(p.diagnostics.empty());
  const Note& n = p.note;
  CHECK(n.id == "SOTA-192");
  CHECK(n.kind == Kind::Sota);
  CHECK(n.body_line == 8);
  const Field* source = find(n, "source", Origin::Frontmatter);
  REQUIRE(source);
  CHECK(source->where == Location{"sota/SOTA-192.md", 5, 1});
  REQUIRE(source->items.size() == 2);
  CHECK(source->items[1].text == "[[LIT-640]]");
  CHECK(source->items[1].where == Location{"sota/SOTA-192.md", 5, 19});
  auto origin = n.relations_of("introduced_by");
  REQUIRE(origin.size() == 1);
  CHECK(origin[0]->written == "LIT-640");
  CHECK(origin[0]->where == Location{"sota/SOTA-192.md", 6, 16});
  CHECK(n.relations_of("source").size() == 2);
}

TEST_CASE("unquoted [[id]] in YAML reads as the wikilink it means", "[ingest]") {
  ParsedNote p = parse_note("n/NOTE-1.md", "---\ntitle: A reading\npaper: [[LIT-1]]\n---\n");
  REQUIRE(p.diagnostics.empty());
  auto paper = p.note.relations_of("paper");
  REQUIRE(paper.size() == 1);
  CHECK(paper[0]->written == "LIT-1");
}

TEST_CASE("wikilinks in all three forms, never inside code", "[ingest]") {
  ParsedNote p = parse_note("x/SOTA-1.md",
                            "---\ntitle: T\nstatus: adopted\nsource: [LIT-1]\nintroduced_by: LIT-1\n---\n"
                            "See [[LIT-1]], [[LIT-2|Zhai et al.]] and [[LIT-3#Key takeaways]].\n"
                            "Inline `[[LIT-4]]` and ``a ` [[LIT-5]]`` are code.\n\n"
                            "```\n[[LIT-6]]\n```\n\n    [[LIT-7]] indented code\n\n"
                            "| a | b |\n|---|---|\n| [[LIT-8]] | x |\n\n> quoted [[LIT-9]]\n\n- item [[LIT-10]]\n");
  const auto& links = p.note.wikilinks;
  std::vector<std::string> targets;
  for (const auto& w : links) targets.push_back(w.target);
  CHECK(targets == std::vector<std::string>{"LIT-1", "LIT-2", "LIT-3", "LIT-8", "LIT-9", "LIT-10"});
  REQUIRE(links.size() == 6);
  CHECK(links[1].display == "Zhai et al.");
  CHECK(links[2].heading == "Key takeaways");
  CHECK(links[0].where == Location{"x/SOTA-1.md", 7, 5});
  CHECK(links[3].where == Location{"x/SOTA-1.md", 18, 3});
  CHECK(p.note.relations_of("mentions").size() == 6);
}

TEST_CASE("Dataview inline fields, at line start and in brackets, never inside code", "[ingest]") {
  ParsedNote p = parse_note("x/SOTA-1.md",
                            "---\ntitle: T\nstatus: adopted\nsource: [LIT-1]\nintroduced_by: LIT-1\n---\n"
                            "source:: [[LIT-2]], [[LIT-3]]\n"
                            "A sentence with [source:: [[LIT-4]]] inside and (source:: LIT-5) too.\n\n"
                            "`source:: [[LIT-6]]`\n\n```\nsource:: [[LIT-7]]\n```\n");
  REQUIRE(p.diagnostics.empty());
  std::vector<std::string> sources;
  for (const Relation* r : p.note.relations_of("source")) sources.push_back(r->written);
  CHECK(sources == std::vector<std::string>{"LIT-1", "LIT-2", "LIT-3", "LIT-4", "LIT-5"});
  const Field* inline_source = find(p.note, "source", Origin::Inline);
  REQUIRE(inline_source);
  CHECK(inline_source->where == Location{"x/SOTA-1.md", 7, 1});
  CHECK(p.note.relations_of("source")[3]->where == Location{"x/SOTA-1.md", 8, 27});
  CHECK(p.note.wikilinks.empty());  // wikilinks inside field values are the field's, not mentions
}

TEST_CASE("a BOM and CRLF line endings change no location", "[ingest][bad-input]") {
  ParsedNote p = parse_note("l/LIT-1.md", "\xEF\xBB\xBF---\r\ntitle: T\r\nauthors: [A]\r\nyear: 2020\r\n---\r\n[[LIT-2]]\r\n");
  REQUIRE(p.diagnostics.empty());
  CHECK(p.note.title == "T");
  REQUIRE(p.note.wikilinks.size() == 1);
  CHECK(p.note.wikilinks[0].where == Location{"l/LIT-1.md", 6, 1});
}

TEST_CASE("bad input is a diagnostic with a location, never a crash", "[ingest][bad-input]") {
  SECTION("NUL byte") {
    ParsedNote p = parse_note("l/LIT-1.md", std::string("---\ntitle: a\0b\n---\n", 18));
    CHECK(rules_of(p) == std::vector<std::string>{"S008"});
    CHECK(p.diagnostics[0].where == Location{"l/LIT-1.md", 2, 9});
    CHECK_FALSE(p.note.in_graph);
  }
  SECTION("invalid UTF-8, including an overlong form and a lone surrogate") {
    for (std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\xFF", "\xE2\x82"}) {
      ParsedNote p = parse_note("l/LIT-1.md", "---\ntitle: " + bad + "\n---\n");
      CHECK(rules_of(p) == std::vector<std::string>{"S008"});
    }
  }
  SECTION("over the size limit") {
    ParsedNote p = parse_note("l/LIT-1.md", std::string(100, 'x'), 50);
    CHECK(rules_of(p) == std::vector<std::string>{"S008"});
  }
  SECTION("unterminated frontmatter") {
    ParsedNote p = parse_note("l/LIT-1.md", "---\ntitle: T\nyear: 2020\n");
    CHECK(rules_of(p) == std::vector<std::string>{"S001"});
    CHECK(p.diagnostics[0].where == Location{"l/LIT-1.md", 1, 1});
  }
  SECTION("a YAML alias bomb parses without expanding") {
    std::string bomb = "---\ntitle: T\nauthors: [A]\nyear: 2020\na: &a [x, x, x, x, x, x, x, x, x]\n";
    for (char c = 'b'; c <= 'k'; ++c)
      bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" +
              char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
    bomb += "---\n";
    ParsedNote p = parse_note("l/LIT-1.md", bomb);
    CHECK(p.note.title == "T");
    std::vector<std::string> rules = rules_of(p);
    CHECK(std::count(rules.begin(), rules.end(), "S004") == 11);
  }
  SECTION("nesting deep enough to exhaust a recursive parser") {
    std::string deep = "---\ntitle: " + std::string(100000, '[') + "\n---\n";
    ParsedNote p = parse_note("l/LIT-1.md", deep);
    CHECK(rules_of(p) == std::vector<std::string>{"S001"});
  }
  SECTION("an empty file") {
    ParsedNote p = parse_note("l/LIT-1.md", "");
    CHECK(rules_of(p) == std::vector<std::string>{"S002", "S002", "S002"});
    CHECK(p.diagnostics[0].where == Location{"l/LIT-1.md", 1, 1});
  }
}

TEST_CASE("a wikilink's bar escaped for a table ([[LIT-2\\|text]]) is the bar", "[ingest]") {
  ParsedNote p = parse_note("x/SOTA-1.md",
                            "---\ntitle: T\nstatus: adopted\nsource: [LIT-1]\nintroduced_by: LIT-1\n---\n"
                            "| paper | why |\n| --- | --- |\n| [[LIT-2\\|Zhai et al.]] | [[LIT-3#Results\\|the results]] |\n");
  REQUIRE(p.note.wikilinks.size() == 2);
  CHECK(p.note.wikilinks[0].target == "LIT-2");
  CHECK(p.note.wikilinks[0].display == "Zhai et al.");
  CHECK(p.note.wikilinks[1].target == "LIT-3");
  CHECK(p.note.wikilinks[1].heading == "Results");
  CHECK(p.note.wikilinks[1].display == "the results");
}

TEST_CASE("wikilinks in inline fields that are no relation of the kind are mentions", "[ingest]") {
  ParsedNote p = parse_note("x/LIT-1.md",
                            "---\ntitle: T\nauthors: [A]\nyear: 2020\n---\n"
                            "see_also:: [[LIT-2]], [[SOTA-3|a practice]]\n"
                            "Body [[LIT-4]] and [source:: [[LIT-5]]] on a LIT, which has no source.\n"
                            "cites:: [[LIT-6]]\n");
  REQUIRE(p.diagnostics.empty());
  std::vector<std::string> mentions;
  for (const Relation* r : p.note.relations_of("mentions")) mentions.push_back(r->written);
  CHECK(mentions == std::vector<std::string>{"LIT-2", "SOTA-3", "LIT-4", "LIT-5"});  // file order
  CHECK(p.note.relations_of("mentions")[0]->where == Location{"x/LIT-1.md", 6, 12});
  REQUIRE(p.note.relations_of("cites").size() == 1);  // a typed relation stays typed, not a mention too
  CHECK(p.note.wikilinks.size() == 4);
}

// Two authors may share a name (the BitNet paper has two "H Wang"s): both are kept, in order; a tag or
// an alias written twice is still one.
TEST_CASE("authors who share a name are each kept, in order", "[ingest]") {
  ParsedNote p = parse_note("lit/LIT-1.md",
                            "---\ntitle: T\nauthors: [H Wang, S Ma, H Wang]\nyear: 2023\ntags: [a, a]\naliases: [X, X]\n---\n");
  CHECK(p.note.authors == std::vector<std::string>{"H Wang", "S Ma", "H Wang"});
  CHECK(p.note.tags == std::vector<std::string>{"a"});
  CHECK(p.note.aliases == std::vector<std::string>{"X"});
}
