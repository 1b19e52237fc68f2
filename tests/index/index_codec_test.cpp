// The parse codec of the files table: encode and decode round trips, malformed and damaged text.
#include <catch2/catch.hpp>

#include "tests/index/index_test_support.h"

using namespace anth;
using namespace anth::index_test;

namespace {

// `text` with the first `from` replaced by `to`.
std::string replaced_in(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("index: a parse survives encode and decode", "[index]") {
  ParsedNote p = rich_parse();
  std::string json = index::encode_parse(p);
  std::optional<ParsedNote> back = index::decode_parse(json);
  REQUIRE(back);
  check_same(p, *back);
  CHECK(index::encode_parse(*back) == json);

  // A plain parsed note too, and a note kept out of the graph.
  for (const auto& [path, text] : sample_files()) {
    ParsedNote q = ingest::parse_note(path, text);
    auto again = index::decode_parse(index::encode_parse(q));
    REQUIRE(again);
    check_same(q, *again);
  }
  ParsedNote unreadable = ingest::unreadable_note("x/y.md", "cannot read: Permission denied");
  auto again = index::decode_parse(index::encode_parse(unreadable));
  REQUIRE(again);
  check_same(unreadable, *again);
}

TEST_CASE("index: decode refuses malformed text", "[index]") {
  std::string good = index::encode_parse(rich_parse());
  for (std::string bad : {std::string(), std::string("{"), std::string("[]"), std::string("null"), std::string("42"),
                          std::string("{\"format\":1}"), std::string("{\"format\":2,\"note\":{},\"diagnostics\":[]}"),
                          good.substr(0, good.size() / 2), std::string("\xff\xfe garbage")})
    CHECK_FALSE(index::decode_parse(bad));
  // Right syntax, wrong types.
  auto replaced = [&](const std::string& from, const std::string& to) { return replaced_in(good, from, to); };
  CHECK_FALSE(index::decode_parse(replaced("\"year\":2020", "\"year\":\"2020\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"in_graph\":false", "\"in_graph\":0")));
  CHECK_FALSE(index::decode_parse(replaced("\"kind\":\"SOTA\"", "\"kind\":\"BOGUS\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"origin\":\"frontmatter\"", "\"origin\":\"elsewhere\"")));
  CHECK_FALSE(index::decode_parse(replaced("\"year\":2020", "\"year\":99999999999")));
  CHECK_FALSE(index::decode_parse(replaced("\"hash\":\"fedcba9876543210\"", "\"hash\":\"xyz\"")));
  CHECK(index::decode_parse(replaced("\"year\":2020", "\"year\":2021")));
}

TEST_CASE("index: the parse text is JSON any parser reads, and reads JSON any writer writes", "[index]") {
  ParsedNote p = rich_parse();
  std::string text = index::encode_parse(p);
  nlohmann::json doc = nlohmann::json::parse(text);  // throws when it is not JSON
  CHECK(doc["format"] == 1);
  CHECK(doc["note"]["id"] == "SOTA-192");
  CHECK(doc["note"]["hash"] == "fedcba9876543210");
  CHECK(doc["note"]["kind"] == "SOTA");
  CHECK(doc["note"]["in_graph"] == false);
  CHECK(doc["note"]["body"] == p.note.body);
  CHECK(doc["note"]["kernel_params"][2][1] == "nan");
  CHECK(doc["note"]["relations"][0]["at"] == nlohmann::json::array({7, 9, "elsewhere/other.md"}));
  CHECK(doc["diagnostics"][0]["related"][0][0] == nlohmann::json::array({1, 1, "lit/LIT-088.md"}));
  CHECK(doc["diagnostics"][0]["related"][1][0] == nlohmann::json::array({8, 2}));

  // The same document as another writer lays it out: indented, every non-ASCII character escaped,
  // members reordered (nlohmann sorts them), an unknown member added.
  doc["note"]["from_the_future"] = {{"nested", {1, 2, {{"x", nullptr}}}}, {"s", "\u00e9"}};
  doc["extra"] = 3.5;
  for (const std::string& other : {doc.dump(2, ' ', true), doc.dump()}) {
    auto back = index::decode_parse(other);
    if (other.find("\"diagnostics\"") < other.find("\"note\"")) {
      // nlohmann orders members by name: diagnostics before note, which this reader refuses (the
      // diagnostics' locations are relative to the note's path).
      CHECK_FALSE(back);
      continue;
    }
    REQUIRE(back);
    check_same(p, *back);
  }
  // Member order as written by this codec, reformatted with escapes.
  nlohmann::ordered_json ordered = nlohmann::ordered_json::parse(text);
  ordered["note"]["from_the_future"] = {1, 2, 3};
  auto back = index::decode_parse(ordered.dump(1, '\t', true));
  REQUIRE(back);
  check_same(p, *back);
}

TEST_CASE("index: decode survives damaged text", "[index]") {
  std::string good = index::encode_parse(rich_parse());
  std::mt19937 random(11);
  int decoded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string bad = good;
    int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      std::size_t at = random() % bad.size();
      switch (random() % 4) {
        case 0: bad[at] = static_cast<char>(random()); break;
        case 1: bad.erase(at, 1 + random() % 16); break;
        case 2: bad.insert(at, 1, "{}[]\",:\\0-e"[random() % 12]); break;
        case 3: bad.resize(at); break;
      }
      if (bad.empty()) bad = "{";
    }
    if (index::decode_parse(bad)) ++decoded;  // a change inside a string decodes to another parse: fine
  }
  CHECK(decoded < 3000);
  // Deep nesting in an unknown member is refused, not recursed into without end.
  std::string deep = good;
  deep.insert(deep.find("\"note\""), "\"deep\":" + std::string(100000, '[') + std::string(100000, ']') + ",");
  CHECK_FALSE(index::decode_parse(deep));
}

TEST_CASE("index: plain wikilinks and body links are written as short arrays, every other shape in full", "[index]") {
  // A note dense with links wrote ~35 bytes a link more, twice (docs/hardening.md, "A note dense with links").
  ParsedNote p;
  Note& n = p.note;
  n.path = "lit/LIT-2.md";
  n.id = "LIT-2";
  auto wikilink = [&](std::string target, std::string heading, std::string display, Location where, std::string resolved) {
    n.wikilinks.push_back({std::move(target), std::move(heading), std::move(display), std::move(where), std::move(resolved)});
  };
  wikilink("plain", "", "", {n.path, 8, 1234567}, "");
  wikilink("headed", "Results", "", {n.path, 9, 2}, "");
  wikilink("shown", "", "as this", {n.path, 10, 3}, "");
  wikilink("found", "", "", {n.path, 11, 4}, "LIT-1");
  wikilink("elsewhere", "", "", {"other/file.md", 12, 5}, "");
  wikilink("", "#only a heading", "", {n.path, 13, 6}, "");
  auto link = [&](std::string target, std::string heading, bool file, bool embed, int width, int height) {
    BodyLink l{std::move(target), std::move(heading), "", file};
    l.embed = embed;
    l.width = width;
    l.height = height;
    n.rendered.links.push_back(std::move(l));
  };
  link("plain", "", false, false, 0, 0);
  link("headed", "Results", false, false, 0, 0);
  link("a.md", "", true, false, 0, 0);
  link("a.png", "", false, true, 0, 0);
  link("b.png", "", false, true, 300, 0);
  link("c.png", "", false, true, 0, 200);

  std::string json = index::encode_parse(p);
  CHECK(json.find("[\"plain\",8,1234567]") != std::string::npos);
  CHECK(json.find("[\"plain\"]") != std::string::npos);
  CHECK(json.find("[\"headed\",\"Results\",\"\",[9,2],\"\"]") != std::string::npos);
  CHECK(json.find("[\"elsewhere\",\"\",\"\",[12,5,\"other/file.md\"],\"\"]") != std::string::npos);
  CHECK(json.find("[\"headed\",\"Results\",false,false,0,0]") != std::string::npos);

  std::optional<ParsedNote> back = index::decode_parse(json);
  REQUIRE(back);
  check_same(p, *back);
  const std::vector<BodyLink>& a = p.note.rendered.links;
  const std::vector<BodyLink>& b = back->note.rendered.links;
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].target == b[i].target);
    CHECK(a[i].heading == b[i].heading);
    CHECK(a[i].file == b[i].file);
    CHECK(a[i].embed == b[i].embed);
    CHECK(a[i].width == b[i].width);
    CHECK(a[i].height == b[i].height);
  }
  CHECK(index::encode_parse(*back) == json);

  // Arrays of neither shape are malformed.
  const std::string plain_wikilink = "[\"plain\",8,1234567]", body_link = "[\"plain\"]";
  using Edit = std::pair<std::string, std::string>;
  const std::vector<Edit> edits = {{plain_wikilink, "[\"plain\",8]"},       {plain_wikilink, "[\"plain\",8,1,2]"},
                                   {plain_wikilink, "[\"plain\",\"h\",\"\"]"}, {body_link, "[\"plain\",\"\"]"},
                                   {body_link, "[]"}};
  for (const auto& [from, to] : edits) {
    INFO(from << " -> " << to);
    CHECK_FALSE(index::decode_parse(replaced_in(json, from, to)));
  }
}
